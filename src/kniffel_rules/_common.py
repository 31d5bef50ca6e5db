"""Small helpers every game shares: attrs validators for ``Rules`` and player names."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, TypeVar

import attrs

from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS

__all__ = [
    "check_bool",
    "check_choice",
    "check_int",
    "check_name",
    "check_turn_order",
    "player_names",
    "rules_from_dict",
    "top_seats",
]

R = TypeVar("R")


@attrs.frozen
class _OneOf:
    """The validator `check_choice` builds (a class, so the check runs as a method)."""

    options: tuple[str, ...]

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if value not in self.options:
            allowed = ", ".join(repr(o) for o in self.options)
            raise InvalidStateError(f"rules.{attr.name}", f"{brief(value)} is not one of {allowed}")


@attrs.frozen
class _IntRange:
    """The validator `check_int` builds (a class, so the check runs as a method)."""

    lo: int
    hi: int

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidStateError(
                f"rules.{attr.name}", f"expected an integer, got {brief(value)}"
            )
        if not self.lo <= value <= self.hi:
            raise InvalidStateError(
                f"rules.{attr.name}", f"{brief(value)} is not within {self.lo}..{self.hi}"
            )


# The two factories run only when the Rules classes are defined, at import:
# a mutant of them could never be switched on, so mutmut leaves them alone.
def check_choice(options: Collection[str]) -> Any:  # pragma: no mutate block
    """An attrs validator: the value is one of ``options`` (error path ``rules.<field>``)."""
    return _OneOf(tuple(options))


def check_int(lo: int, hi: int) -> Any:  # pragma: no mutate block
    """An attrs validator: an int (not a bool) within ``lo..hi``."""
    return _IntRange(lo, hi)


def check_bool(inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
    """An attrs validator: ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise InvalidStateError(f"rules.{attr.name}", f"expected True or False, got {brief(value)}")


def rules_from_dict(cls: type[R], doc: Any, path: str) -> R:
    """Build an attrs ``Rules`` class from a dict; missing options take their defaults.

    Args:
        cls: The frozen attrs rules class.
        doc: A mapping of option names to values.
        path: The field path used in error messages.

    Returns:
        The rules.

    Raises:
        InvalidStateError: Not a mapping, an unknown option or a bad value.
    """
    if not isinstance(doc, dict):
        raise InvalidStateError(path, "expected an object of rule options")
    known = {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]
    for key in doc:
        if key not in known:
            raise InvalidStateError(path, f"unknown rule option {brief(key)}")
    try:
        return cls(**doc)
    except InvalidStateError as exc:  # the validators name "rules.<field>"
        raise InvalidStateError(path + exc.path.removeprefix("rules"), exc.detail) from None


def check_name(value: Any, path: str) -> str:
    """A player's name: a non-empty string of at most `limits.MAX_NAME_LENGTH` characters.

    It must be writable as UTF-8 (no lone surrogates), so that every state
    and document holding it can leave the process.

    Raises:
        InvalidStateError: Anything else (error path ``path``).
    """
    if not isinstance(value, str) or not value:
        raise InvalidStateError(path, "a player's name is a non-empty string")
    if len(value) > MAX_NAME_LENGTH:
        raise InvalidStateError(path, f"a player's name has at most {MAX_NAME_LENGTH} characters")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidStateError(path, "a player's name must be valid Unicode text") from None
    return value


def player_names(
    players: int | Sequence[str], min_players: int = 1, max_players: int = MAX_PLAYERS
) -> tuple[str, ...]:
    """Normalise ``new_game``'s ``players``: a count or a list of names.

    Args:
        players: The number of players, or their names in seat order.
        min_players: The fewest players the game allows.
        max_players: The most players the game allows (`limits.MAX_PLAYERS`
            unless the game has a smaller limit; ``from_json`` uses the same).

    Returns:
        The names (``"Player 1"``, ... for a count).

    Raises:
        InvalidStateError: Not a count or a list of names (see `check_name`),
            or a number of players the game does not allow.
    """
    if isinstance(players, bool):
        raise InvalidStateError("players", "expected a number of players or a list of names")
    if isinstance(players, int):
        count = players
    elif isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidStateError("players", "expected a number of players or a list of names")
    else:
        count = len(players)
    if not min_players <= count <= max_players:
        raise InvalidStateError(
            "players", f"this game needs {min_players} to {max_players} players, got {count}"
        )
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    return tuple(check_name(name, f"players[{i}]") for i, name in enumerate(players))


def top_seats(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest score (ties share), in seat order."""
    best = max(scores)
    return tuple(i for i, v in enumerate(scores) if v == best)


def check_turn_order(filled: Sequence[int], start: int, player: int, turns: int) -> None:
    """Check that the players' filled boxes fit round-robin play.

    In a round starting at seat ``start``, the seats before ``player`` have
    had one more turn than ``player`` and the seats from it on.

    Args:
        filled: The number of filled boxes per seat.
        start: The seat that started the game.
        player: The seat to move.
        turns: The number of boxes on a sheet.

    Raises:
        InvalidStateError: The counts do not fit (path ``players[i].sheet``).
    """
    n = len(filled)
    done = filled[player]
    if done >= turns:
        raise InvalidStateError("player", "the player to move has no open box")
    for i in range(n):
        ahead = (i - start) % n < (player - start) % n
        if filled[i] != done + ahead:
            raise InvalidStateError(
                f"players[{i}].sheet",
                f"{filled[i]} filled boxes do not fit the turn order (expected {done + ahead})",
            )
