"""What one seat sees of a Duell game: `observation` and its JSON form.

The Duell hides nothing (the board, the dice and both players' joker tiles
lie open on the table), so an `Observation` holds the whole state; it exists
so that an app treats every game the same way (the card game's observation
hides the other hands). ``legal_actions(observation)`` gives the seat's
legal actions when it is to move, else ``()``.

Example:
    >>> from kniffel_rules import duel
    >>> obs = duel.observation(duel.new_game(first_player=0), 1)
    >>> duel.legal_actions(obs), duel.observation_to_dict(obs)["to_move"]
    ((), 0)
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicewire import (
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
)
from kniffel_rules.duel.engine import GAME
from kniffel_rules.duel.serial import from_dict, to_dict
from kniffel_rules.duel.state import Observation, State

__all__ = ["Observation", "observation", "observation_from_dict", "observation_to_dict"]


def observation(state: State, player: int) -> Observation:
    """What ``player`` (0 blue, 1 red) sees of ``state``: all of it.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`, or ``player``
            not a seat 0 or 1 (path ``player``).
    """
    obs: Observation = open_observation(
        Observation, state, player, GAME.current_player, lambda s: len(s.names)
    )
    return obs


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation as a JSON-ready object: ``variant``, ``player``, ``to_move``, ``state``.

    ``state`` is the document of ``duel.to_dict``
    (``"format": "kniffel-rules/duel-state"``).

    Raises:
        InvalidStateError: ``observation`` is not a Duell `Observation`.
    """
    return open_observation_to_dict(observation, Observation, "duel", to_dict)


def observation_from_dict(data: Any) -> Observation:
    """Read an observation written by `observation_to_dict`, checking every field.

    ``state`` is read by ``duel.from_dict`` (every invariant checked); then
    ``player`` must be a seat and ``to_move`` who moves in that state.

    Raises:
        InvalidStateError: A malformed or impossible observation; the message
            names the field path (``state.players[0].sheet.twos``, ``to_move``).
    """
    obs: Observation = open_observation_from_dict(
        data, Observation, "duel", from_dict, GAME.current_player, lambda s: len(s.names)
    )
    return obs
