"""The start-player roll-off shared by the dice games.

Every contender throws one die, in seat order, one chance node each; the
highest face starts. Players tied for the highest face throw again, only
among themselves, again in seat order, until one is left.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import attrs

from kniffel_rules import _json
from kniffel_rules._fields import check_int, check_seat
from kniffel_rules._i18n import N_
from kniffel_rules._quickinit import quick_init
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_PLAYERS

__all__ = ["ROLLOFF_OUTCOMES", "RollOff", "opening"]

ROLLOFF_OUTCOMES: Final[tuple[tuple[DiceRoll, Fraction], ...]] = tuple(
    (DiceRoll((face,)), Fraction(1, 6)) for face in range(1, 7)
)
"""The chance outcomes of one roll-off throw: each face with probability 1/6."""


@quick_init
@attrs.frozen(slots=True)
class RollOff:
    """A roll-off in progress.

    Attributes:
        contenders: The seats still in the roll-off, in seat order.
        faces: The faces thrown so far in this round, one per contender
            from the first.
    """

    contenders: tuple[int, ...]
    faces: tuple[int, ...] = ()

    @property
    def thrower(self) -> int:
        """The seat whose die is thrown next."""
        return self.contenders[len(self.faces)]

    def to_doc(self) -> dict[str, list[int]]:
        """The roll-off as a JSON-ready dict (``contenders``, ``faces``)."""
        return {"contenders": list(self.contenders), "faces": list(self.faces)}

    @classmethod
    def from_doc(cls, value: Any, path: str, players: int) -> RollOff:
        """Read and validate a roll-off written by `to_doc`.

        Args:
            value: The parsed JSON value.
            path: Its field path, for messages.
            players: The number of seats.

        Raises:
            InvalidStateError: Malformed, or not a roll-off in progress.
        """
        r = _json.get_object(value, path, required=("contenders", "faces"))
        seat = lambda v, p: _json.check_int(v, p, 0, players - 1)  # noqa: E731
        contenders = _json.get_list(r, "contenders", path, seat)
        if len(contenders) < 2 or list(contenders) != sorted(set(contenders)):
            raise InvalidStateError(
                f"{path}.contenders", N_("two or more distinct seats, ascending")
            )
        faces = _json.get_list(
            r,
            "faces",
            path,
            lambda v, p: _json.check_int(v, p, 1, 6),
            max_length=len(contenders) - 1,
        )
        return cls(contenders, faces)

    def throw(self, face: int) -> RollOff | int:
        """Record the next contender's face.

        Args:
            face: The face thrown, 1..6.

        Returns:
            The roll-off after the throw, or the winning seat once decided.
        """
        faces = (*self.faces, face)
        if len(faces) < len(self.contenders):
            return RollOff(self.contenders, faces)
        best = max(faces)
        tied = tuple(s for s, f in zip(self.contenders, faces, strict=True) if f == best)
        return tied[0] if len(tied) == 1 else RollOff(tied)


def opening(players: int, first_player: int | None) -> RollOff | int:
    """How a dice game starts: a roll-off, or the given (or only) seat.

    Args:
        players: The number of players.
        first_player: The seat named to start, or ``None`` for the roll-off
            (with one player: seat 0, no roll-off).

    Returns:
        A `RollOff` among all seats, or the starting seat.

    Raises:
        InvalidStateError: ``players`` is not an integer 1..`limits.MAX_PLAYERS`,
            or ``first_player`` not ``None`` or a seat.
    """
    check_int(players, "players", 1, MAX_PLAYERS)
    if first_player is None:
        return RollOff(tuple(range(players))) if players > 1 else 0
    return check_seat(first_player, players, "first_player")
