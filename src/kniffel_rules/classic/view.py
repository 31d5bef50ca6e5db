"""What one seat sees of a classic game: `observation` and its JSON form.

Classic Kniffel hides nothing, so an `Observation` holds the whole state;
it exists so that an app treats every game the same way (the card game's
observation hides the other hands). ``legal_actions(observation)`` gives
the seat's legal actions when it is to move, else ``()``.

Example:
    >>> from kniffel_rules import classic
    >>> obs = classic.observation(classic.new_game(["Ann", "Ben"], first_player=0), 1)
    >>> classic.legal_actions(obs), classic.observation_to_dict(obs)["to_move"]
    ((), 0)
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicewire import (
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
)
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.serial import from_dict, to_dict
from kniffel_rules.classic.state import Observation, State

__all__ = ["Observation", "observation", "observation_from_dict", "observation_to_dict"]


def observation(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``: all of it.

    Raises:
        InvalidStateError: ``state`` is not a classic `State`, or ``player``
            not a seat of it.
    """
    GAME.check_state(state)  # an observation is not a state to observe
    obs: Observation = open_observation(
        Observation, state, player, GAME.current_player, lambda s: len(s.sheets)
    )
    return obs


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation as a JSON-ready object: ``variant``, ``player``, ``to_move``, ``state``.

    ``state`` is the document of ``classic.to_dict``.

    Raises:
        InvalidStateError: ``observation`` is not a classic `Observation`.
    """
    return open_observation_to_dict(observation, Observation, "classic", to_dict)


def observation_from_dict(data: Any) -> Observation:
    """Read an observation written by `observation_to_dict`, checking every field.

    ``state`` is read by ``classic.from_dict`` (every invariant checked); then
    ``player`` must be a seat and ``to_move`` who moves in that state.

    Raises:
        InvalidStateError: A malformed or impossible observation; the message
            names the field path (``state.players[0].sheet.twos``, ``to_move``).
    """
    obs: Observation = open_observation_from_dict(
        data, Observation, "classic", from_dict, GAME.current_player, lambda s: len(s.sheets)
    )
    return obs
