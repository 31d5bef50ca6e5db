"""The 22 boxes of the Kniffel Extreme sheet and what six dice are worth in them."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache

from kniffel_rules import dice as _dice
from kniffel_rules.errors import InvalidStateError

__all__ = ["BOXES", "LOWER", "UPPER", "Box", "check_faces", "possible_values", "score"]

D10 = tuple(range(10))
"""The faces of the ten-sided die: 0..9."""


class Box(enum.Enum):
    """A box of the Kniffel Extreme sheet; ``box.key`` is its JSON key."""

    _value_: int

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    THREE_OF_A_KIND = 6
    FOUR_OF_A_KIND = 7
    TWO_PAIRS = 8
    THREE_PAIRS = 9
    TWO_TRIPLES = 10
    FULL_HOUSE = 11
    BIG_FULL_HOUSE = 12
    SMALL_STRAIGHT = 13
    LARGE_STRAIGHT = 14
    HIGHWAY = 15
    KNIFFEL = 16
    KNIFFEL_EXTREME = 17
    TEN_OR_LESS = 18
    THIRTY_THREE_OR_MORE = 19
    CHANCE = 20
    SUPER_CHANCE = 21

    @property
    def key(self) -> str:
        """The JSON key of the box: its name in lower case."""
        return self.name.lower()

    @property
    def face(self) -> int | None:
        """The face an upper box counts (1..6), or None for other boxes."""
        return self.value + 1 if self.value < 6 else None

    @property
    def label(self) -> str:
        """The name printed on the German sheet ("Zwei Paare", "10 oder weniger")."""
        return _LABELS[self.value]

    def __repr__(self) -> str:
        return f"Box.{self.name}"


_LABELS = (
    "Einser",
    "Zweier",
    "Dreier",
    "Vierer",
    "Fünfer",
    "Sechser",
    "Dreierpasch",
    "Viererpasch",
    "Zwei Paare",
    "Drei Paare",
    "Zwei Dreier",
    "Full House",
    "Großes Full House",
    "Kleine Straße",
    "Große Straße",
    "Highway",
    "Kniffel",
    "Kniffel Extreme",
    "10 oder weniger",
    "33 oder mehr",
    "Chance",
    "Super-Chance",
)

BOXES: tuple[Box, ...] = tuple(Box)
"""All 22 boxes in sheet order."""
UPPER: tuple[Box, ...] = BOXES[:6]
"""Ones to Sixes."""
LOWER: tuple[Box, ...] = BOXES[6:]
"""The 16 boxes of the lower section."""


def _values(v: tuple[int, ...]) -> tuple[int, ...]:
    """The value of six faces in every box, indexed by ``Box.value``."""
    s = sum(v)
    kind = _dice.max_of_a_kind(v)
    pairs = _dice.groups(v, 2)
    run = _dice.longest_run(v)
    return (
        *(_dice.face_sum(v, f) for f in range(1, 7)),
        s if kind >= 3 else 0,
        s if kind >= 4 else 0,
        s if pairs >= 2 else 0,
        35 if pairs >= 3 else 0,
        45 if _dice.groups(v, 3) >= 2 else 0,
        25 if _dice.is_full_house(v) else 0,
        45 if _dice.is_big_full_house(v) else 0,
        30 if run >= 4 else 0,
        40 if run >= 5 else 0,
        50 if run >= 6 else 0,
        50 if kind >= 5 else 0,
        75 if kind >= 6 else 0,
        40 if s <= 10 else 0,
        40 if s >= 33 else 0,
        s,
        2 * s,
    )


@cache
def _table() -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every box's value for all 2,520 throws (252 d6 multisets x 10 d10 faces)."""
    return _build_table()


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _build_table() -> dict[tuple[int, ...], tuple[int, ...]]:
    table = {}
    for d6 in _dice.all_multisets(5):
        for d10 in D10:
            faces = tuple(sorted((*d6, d10)))
            table[faces] = _values(faces)
    return table


def box_values(d6: tuple[int, ...], d10: int) -> tuple[int, ...]:
    """The value of valid dice in every box, indexed by ``Box.value`` (the fast path)."""
    return _table()[tuple(sorted((*d6, d10)))]


def check_faces(values: Sequence[int], path: str = "dice") -> tuple[int, ...]:
    """Validate six faces that a real Extreme throw can show; return them sorted.

    At most one face may lie outside 1..6 (that one is the d10's), and every
    face is within 0..9.

    Raises:
        InvalidStateError: Not six integers that five d6 and a d10 can show.
    """
    v = _dice.sorted_faces(values, path)
    if len(v) != 6:
        raise InvalidStateError(path, f"a Kniffel Extreme throw has 6 dice, got {len(v)}")
    if v[0] < 0 or v[-1] > 9:
        raise InvalidStateError(path, f"faces are 0..9 (d10) and 1..6 (d6), got {v}")
    if sum(1 for x in v if not 1 <= x <= 6) > 1:
        raise InvalidStateError(path, f"only the d10 can show 0 or 7..9, got {v}")
    return v


def score(box: Box, values: Sequence[int]) -> int:
    """What six dice (five d6 and the d10, in any order) are worth in ``box``.

    Args:
        box: The box.
        values: The six faces.

    Returns:
        The points (0 when the dice don't fit).

    Raises:
        InvalidStateError: ``box`` is not an Extreme `Box`, or the faces are
            not a throw five d6 and one d10 can show.

    Examples:
        >>> from kniffel_rules.extreme import Box, score
        >>> score(Box.FIVES, (5, 5, 5, 5, 5, 5))
        30
        >>> score(Box.SMALL_STRAIGHT, (0, 1, 2, 3, 6, 6))
        30
        >>> score(Box.SUPER_CHANCE, (1, 2, 3, 4, 5, 9))
        48
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected an Extreme Box, got {box!r}")
    return _table()[check_faces(values)][box.value]


@cache
def possible_values(box: Box) -> frozenset[int]:
    """Every value ``box`` can hold on a sheet, 0 (struck) included."""
    return _possible_values(box)


def _possible_values(box: Box) -> frozenset[int]:
    return frozenset({0, *(row[box.value] for row in _table().values())})
