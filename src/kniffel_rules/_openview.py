"""The observations and the typed actions of a game that hides nothing, written once.

Classic Kniffel, Extreme, Master and the Duell lie open on the table: what a
seat sees of a state is all of it. Their ``observation``,
``observation_to_dict`` and ``observation_from_dict`` are the methods of one
`OpenView` per game, built in the game's ``view`` module from its `Game`
and its state document (``view.observation = VIEW.observation``: the method
itself, no wrapper between). Their ``parse_action`` is the method of one
`OpenParser`, built in the game's ``notation`` module from the game's
reader of the words. The card game, which hides hands, has its own.

Examples:
    >>> from kniffel_rules import classic
    >>> from kniffel_rules.classic.view import VIEW
    >>> classic.observation == VIEW.observation, VIEW.game is classic.GAME
    (True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Generic, TypeVar

from kniffel_rules._dicewire import (
    OpenObservation,
    Reader,
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
    parse_open,
    read_dice,
)
from kniffel_rules._types import CHANCE
from kniffel_rules.game import Game
from kniffel_rules.notation import Menu

__all__ = ["OpenParser", "OpenView"]

S = TypeVar("S")
"""The game's ``State`` class."""
V = TypeVar("V", bound=OpenObservation)
"""The game's ``Observation`` class."""
A = TypeVar("A")
"""What the game's ``parse_action`` returns: its actions and outcomes."""


def _open_class(game: Game[Any, Any, Any, Any]) -> type[Any]:
    """The game's ``Observation``, an `OpenObservation` (else the game is no open one)."""
    cls = game.observation_class
    if cls is None or not issubclass(cls, OpenObservation):
        raise TypeError(f"{game.info.name} has no open observations")
    return cls


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
        self.game = game
        self.observation_class: type[V] = _open_class(game)
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


def thrown_dice(position: Any, tokens: list[str], raw: str) -> list[Any]:
    """The five-dice games' reading of a throw: the dice typed (``"2 3 3 5 6"``, ``"23356"``)."""
    return list(read_dice(tokens))


class OpenParser(Generic[S, V, A]):
    """``parse_action`` of an open-information dice game: the words typed at a state or a view.

    Attributes:
        game: The game (its `kniffel_rules.game.Game` instance).
        observation_class: The game's ``Observation``.
        decisions: ``decisions(state, tokens, raw)``: every decision the
            words may name at a player's node (the game's own reader).
        to_text: The game's ``action_to_text`` (always understood).
        chance: ``chance(state, tokens, raw)``: every outcome the words may
            name at a chance node (by default the dice, `thrown_dice`).
        menu: The game's menu lines (`kniffel_rules.notation.Menu` of its
            ``render_action``, given as ``render``): every phrase a menu
            shows is read back as its action, in every language.
    """

    __slots__ = ("chance", "decisions", "game", "menu", "observation_class", "to_text")

    def __init__(
        self,
        game: Game[S, V, Any, Any],
        decisions: Callable[[S, list[str], str], Sequence[A]],
        to_text: Callable[[Any], str],
        chance: Callable[[S, list[str], str], Sequence[A]] = thrown_dice,
        *,
        render: Callable[..., str],
    ) -> None:
        self.game = game
        self.observation_class: type[V] = _open_class(game)
        self.decisions = decisions
        self.to_text = to_text
        self.chance = chance
        self.menu = Menu(render)

    def _reader(self, position: S, who: int) -> Reader:
        return partial(self.chance if who == CHANCE else self.decisions, position)

    def parse_action(self, state: S | V, text: str) -> A:
        """The legal action of ``state`` that ``text`` names (the game's notation lists the forms).

        Args:
            state: The position, or the `Observation` of the seat that types
                (whose own actions are then read; a seat not to move has
                none, ``PR-08``).
            text: What the player typed; the canonical line of the game's
                ``action_to_text`` is always understood.

        Returns:
            The action (at a throw or in the roll-off: the outcome), legal
            in ``state``.

        Raises:
            ActionParseError: Not understood, or understood but illegal (the
                message quotes the rule, ``.rule`` its clause id), or
                ambiguous (`AmbiguousActionError`, with the ``.candidates``);
                a ``ValueError`` too.
            InvalidStateError: ``state`` is neither a `State` nor an
                `Observation` of the game.
        """
        action: A = parse_open(
            self.game, self.observation_class, state, text, self._reader, self.to_text, self.menu
        )
        return action
