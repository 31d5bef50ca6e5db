"""What one seat sees of a Kniffel Extreme game: `observation` and its JSON form.

Kniffel Extreme hides nothing (the dice, every sheet and every seat's chips
are on the table), so an `Observation` holds the whole state; it exists so
that an app treats every game the same way (the card game's observation
hides the other hands). ``legal_actions(observation)`` gives the seat's
legal actions when it is to move, else ``()``.

Example:
    >>> from kniffel_rules import extreme
    >>> obs = extreme.observation(extreme.new_game(["Ann", "Ben"], first_player=0), 1)
    >>> extreme.legal_actions(obs), extreme.observation_to_dict(obs)["to_move"]
    ((), 0)
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicewire import open_observation, open_observation_to_dict
from kniffel_rules.extreme.engine import SHELL
from kniffel_rules.extreme.serial import to_json
from kniffel_rules.extreme.state import Observation, State

__all__ = ["Observation", "observation", "observation_to_dict"]


def _num_players(state: State) -> int:
    return state.num_players


def observation(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``: all of it.

    Example:
        >>> from kniffel_rules import extreme
        >>> obs = extreme.observation(extreme.new_game(), 0)
        >>> obs.to_move, extreme.legal_actions(obs)
        (0, (Roll(keep_d6=(), keep_d10=False),))

    Raises:
        InvalidStateError: ``state`` is not an Extreme `State` (path
            ``state``; an observation is not a state either), or ``player``
            is not a seat of it (path ``player``).
    """
    SHELL.check_state(state)
    obs: Observation = open_observation(
        Observation, state, player, SHELL.current_player, _num_players
    )
    return obs


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation as a JSON-ready object: ``variant``, ``player``, ``to_move``, ``state``.

    ``state`` is the document of ``extreme.to_json`` (parsed), so
    ``extreme.from_json(json.dumps(d["state"]))`` reads the state back.

    Raises:
        InvalidStateError: ``observation`` is not an Extreme `Observation`,
            or its state not an Extreme `State`.
    """
    return open_observation_to_dict(observation, Observation, "extreme", to_json)
