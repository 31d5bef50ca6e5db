"""The actions of Kniffel Extreme and its own chance outcome.

A player rolls (`Roll`: keep some of the six dice, throw the others; the
fourth roll of a turn hands in a chip) or enters the dice in a box
(`Score`). A throw comes out as an `ExtremeRoll` (the six-sided dice thrown
and the d10's face); the start player's roll-off uses the shared
`kniffel_rules.DiceRoll`.

Every constructor accepts only what it documents and raises
`InvalidStateError` naming the field otherwise: die faces are integers and
not bools (an ``int`` subclass is stored as a plain ``int``), ``keep_d10``
is ``True`` or ``False``, a box is an Extreme `Box`, the d10 is a face 0..9
or ``None``. So nothing that merely compares equal to an action (``1.0``,
``True``) can pass for one.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from kniffel_rules._fields import enum_field
from kniffel_rules._text import brief
from kniffel_rules.dice import sorted_faces
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.pieces import D10, Box

__all__ = ["Action", "ExtremeRoll", "Roll", "Score"]


def _faces(values: Iterable[int], path: str) -> tuple[int, ...]:
    # sorted_faces refuses what is not a sequence of ints (text, bools, floats,
    # mappings and sets included); int() turns an int subclass (an IntEnum
    # member) into the plain int it stands for.
    return tuple(int(v) for v in sorted_faces(values, path))


def _keep(values: Iterable[int]) -> tuple[int, ...]:
    return _faces(values, "keep_d6")


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError("keep_d10", f"expected True or False, got {brief(value)}")
    return value


@attrs.frozen(slots=True, repr=False)
class Roll:
    """Keep some dice and throw the others; the first roll of a turn is ``Roll()``.

    A fourth ``Roll`` in a turn hands in one of the player's chips.

    Attributes:
        keep_d6: The six-sided dice kept (a sorted sub-multiset of those
            showing; integers, sorted by the constructor).
        keep_d10: Whether the ten-sided die is kept (``True`` or ``False`` only).
    """

    keep_d6: tuple[int, ...] = attrs.field(default=(), converter=_keep)
    keep_d10: bool = attrs.field(default=False, converter=_flag)

    def __repr__(self) -> str:
        return f"Roll(keep_d6={self.keep_d6!r}, keep_d10={self.keep_d10!r})"


@attrs.frozen(slots=True, repr=False)
class Score:
    """Enter the six dice in ``box``; this ends the turn.

    Attributes:
        box: The box to fill (an Extreme `Box`; anything else raises
            `InvalidStateError` at construction).
    """

    box: Box = attrs.field(validator=enum_field(Box))

    def __repr__(self) -> str:
        return f"Score({self.box!r})"


def _d6(values: Iterable[int]) -> tuple[int, ...]:
    return _faces(values, "d6")


def _d10(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in D10:
        raise InvalidStateError("d10", f"expected a face 0..9 or None, got {brief(value)}")
    return int(value)


@attrs.frozen(slots=True, repr=False)
class ExtremeRoll:
    """A chance outcome: the six-sided dice thrown (sorted) and the d10's face.

    Attributes:
        d6: The faces of the six-sided dice that were thrown, ascending
            (integers; whether they fit the throw is checked by ``apply``).
        d10: The ten-sided die's face 0..9, or ``None`` when it was kept.
    """

    d6: tuple[int, ...] = attrs.field(converter=_d6)
    d10: int | None = attrs.field(default=None, converter=_d10)

    def __repr__(self) -> str:
        return f"ExtremeRoll({self.d6!r}, {self.d10!r})"


Action = Roll | Score
"""A player's action in Kniffel Extreme."""
