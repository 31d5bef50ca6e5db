"""The start-player roll-off shared by the dice games.

Every contender throws one die, in seat order, one chance node each; the
highest face starts. Players tied for the highest face throw again, only
among themselves, again in seat order, until one is left.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from kniffel_rules.dice import DiceRoll

__all__ = ["ROLLOFF_OUTCOMES", "RollOff"]

ROLLOFF_OUTCOMES: Final[tuple[tuple[DiceRoll, Fraction], ...]] = tuple(
    (DiceRoll((face,)), Fraction(1, 6)) for face in range(1, 7)
)
"""The chance outcomes of one roll-off throw: each face with probability 1/6."""


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
