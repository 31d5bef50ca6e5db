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

from kniffel_rules._dicewire import (
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
)
from kniffel_rules.extreme.engine import GAME
from kniffel_rules.extreme.serial import from_dict, to_dict
from kniffel_rules.extreme.state import Observation, State

__all__ = ["Observation", "observation", "observation_from_dict", "observation_to_dict"]


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
    GAME.check_state(state)
    obs: Observation = open_observation(
        Observation, state, player, GAME.current_player, _num_players
    )
    return obs


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation as a JSON-ready object: ``variant``, ``player``, ``to_move``, ``state``.

    ``state`` is the document of ``extreme.to_dict``, so
    ``extreme.from_dict(d["state"])`` reads the state back.

    Raises:
        InvalidStateError: ``observation`` is not an Extreme `Observation`,
            or its state not an Extreme `State`.
    """
    return open_observation_to_dict(observation, Observation, "extreme", to_dict)


def observation_from_dict(data: Any) -> Observation:
    """Read an observation written by `observation_to_dict`, checking every field.

    ``state`` is read by ``extreme.from_dict`` (every invariant checked); then
    ``player`` must be a seat and ``to_move`` who moves in that state.

    Raises:
        InvalidStateError: A malformed or impossible observation; the message
            names the field path (``state.players[0].sheet.twos``, ``to_move``).
    """
    obs: Observation = open_observation_from_dict(
        data, Observation, "extreme", from_dict, GAME.current_player, _num_players
    )
    return obs
