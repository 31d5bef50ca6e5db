"""The observations of a game that hides nothing, written once: `OpenView`.

Classic Kniffel, Extreme, Master and the Duell lie open on the table: what a
seat sees of a state is all of it. Their ``observation``,
``observation_to_dict`` and ``observation_from_dict`` are the methods of one
`OpenView` per game, built in the game's ``view`` module from its `Game`
and its state document (``view.observation = VIEW.observation``: the method
itself, no wrapper between). The card game, which hides hands, has its own.

Examples:
    >>> from kniffel_rules import classic
    >>> from kniffel_rules.classic.view import VIEW
    >>> classic.observation == VIEW.observation, VIEW.game is classic.GAME
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from kniffel_rules._dicewire import (
    OpenObservation,
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
)
from kniffel_rules.game import Game

__all__ = ["OpenView"]

S = TypeVar("S")
"""The game's ``State`` class."""
V = TypeVar("V", bound=OpenObservation)
"""The game's ``Observation`` class."""


def _seats(state: Any) -> int:
    """The number of seats of a state (its players' names)."""
    return len(state.names)


class OpenView(Generic[S, V]):
    """What each seat sees of an open-information game: all of the state.

    Attributes:
        game: The game (its `kniffel_rules.game.Game` instance; its
            ``info.name`` names the observation documents).
        observation_class: The game's ``Observation``.
        to_dict: The game's state document writer (``to_dict``).
        from_dict: The game's state document reader (``from_dict``).
    """

    __slots__ = ("from_dict", "game", "observation_class", "to_dict")

    def __init__(
        self,
        game: Game[S, V, Any, Any],
        to_dict: Callable[[S], dict[str, Any]],
        from_dict: Callable[[Any], S],
    ) -> None:
        cls = game.observation_class
        if cls is None or not issubclass(cls, OpenObservation):
            raise TypeError(f"{game.info.name} has no open observations")
        self.game = game
        self.observation_class: type[V] = cls  # type: ignore[assignment]  # V is its class
        self.to_dict = to_dict
        self.from_dict = from_dict

    def observation(self, state: S, player: int) -> V:
        """What ``player`` sees of ``state``: all of it.

        Raises:
            InvalidStateError: ``state`` is not the game's `State` (path
                ``state``; an observation is not a state either), or
                ``player`` is not a seat of it (path ``player``).
        """
        game = self.game
        game.check_state(state)  # an observation is not a state to observe
        obs: V = open_observation(
            self.observation_class,
            state,
            player,
            game.current_player,
            _seats,
        )
        return obs

    def observation_to_dict(self, observation: V) -> dict[str, Any]:
        """The observation as a JSON-ready object: ``variant``, ``player``, ``to_move``, ``state``.

        ``state`` is the document of the game's ``to_dict``, so the game's
        ``from_dict(d["state"])`` reads the state back.

        Raises:
            InvalidStateError: ``observation`` is not the game's `Observation`.
        """
        return open_observation_to_dict(
            observation, self.observation_class, self.game.info.name, self.to_dict
        )

    def observation_from_dict(self, data: Any) -> V:
        """Read an observation written by `observation_to_dict`, checking every field.

        ``state`` is read by the game's ``from_dict`` (every invariant
        checked); then ``player`` must be a seat and ``to_move`` who moves in
        that state.

        Raises:
            InvalidStateError: A malformed or impossible observation; the
                message names the field path (``state.players[0].sheet.twos``,
                ``to_move``).
        """
        game = self.game
        obs: V = open_observation_from_dict(
            data,
            self.observation_class,
            game.info.name,
            self.from_dict,
            game.current_player,
            _seats,
        )
        return obs
