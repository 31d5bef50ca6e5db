"""The eleven areas of the Duell board and the dice combinations they need.

Example:
    >>> from kniffel_rules.duel import Area, combinations
    >>> combinations((2, 3, 4, 5, 5))
    (Area.SMALL_STRAIGHT,)
    >>> combinations((6, 6, 6, 6, 6))
    (Area.SIXES, Area.FOUR_OF_A_KIND, Area.KNIFFEL)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from functools import lru_cache

from kniffel_rules import dice as _dice
from kniffel_rules.duel.rules import Rules
from kniffel_rules.errors import InvalidStateError

__all__ = ["AREAS", "NUMBER_AREAS", "SPECIAL_AREAS", "Area", "adjacent_triples", "combinations"]


class Area(enum.Enum):
    """An area of the board, in board order (DU-15..DU-20, DU-42).

    ``area.key`` is the lower-case name used in JSON documents
    (``"small_straight"``); ``area.label`` the name a player reads.
    """

    _value_: int

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    FOUR_OF_A_KIND = 6
    FULL_HOUSE = 7
    SMALL_STRAIGHT = 8
    LARGE_STRAIGHT = 9
    KNIFFEL = 10

    @property
    def key(self) -> str:
        """The JSON key of the area: its name in lower case."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The area's name as printed for players (``"Four of a kind"``)."""
        return _LABELS.get(self.name, self.name.replace("_", " ").capitalize())

    @property
    def face(self) -> int | None:
        """The face a number area needs three of (1..6), or None for the special rolls."""
        return self.value + 1 if self.value < 6 else None

    @property
    def has_spaces(self) -> bool:
        """Whether the area has a space per colour (every area but Kniffel, DU-20)."""
        return self is not Area.KNIFFEL

    def __repr__(self) -> str:
        return f"Area.{self.name}"


_LABELS = {"FULL_HOUSE": "Full House"}

AREAS: tuple[Area, ...] = tuple(Area)
"""Every area, in board order."""
NUMBER_AREAS: tuple[Area, ...] = AREAS[:6]
"""The first part of the board: Ones to Sixes."""
SPECIAL_AREAS: tuple[Area, ...] = AREAS[6:]
"""The second part: Four of a kind, Full House, the straights, Kniffel."""


def _shows(area: Area, dice: tuple[int, ...]) -> bool:
    face = area.face
    if face is not None:
        return _dice.count_of(dice, face) >= 3
    if area is Area.FOUR_OF_A_KIND:
        return _dice.has_of_a_kind(dice, 4)
    if area is Area.FULL_HOUSE:
        return _dice.is_full_house(dice)
    if area is Area.SMALL_STRAIGHT:
        return _dice.has_straight(dice, 4)
    if area is Area.LARGE_STRAIGHT:
        return _dice.has_straight(dice, 5)
    return _dice.has_of_a_kind(dice, 5)


@lru_cache(maxsize=512)
def shown_areas(dice: tuple[int, ...]) -> tuple[Area, ...]:
    """The areas whose combination five valid sorted dice show, in board order (cached)."""
    return _shown_areas(dice)


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _shown_areas(dice: tuple[int, ...]) -> tuple[Area, ...]:
    return tuple(a for a in AREAS if _shows(a, dice))


def combinations(dice: Iterable[int]) -> tuple[Area, ...]:
    """The areas whose combination the five dice show, in board order.

    The combinations are read "at least" (DU-42): five equal dice show their
    number, Four of a kind and Kniffel; a large straight shows the small one
    too; five equal dice are no Full House.

    Args:
        dice: Five faces 1..6, in any order.

    Returns:
        The areas, in board order (``()`` for a roll that shows none).

    Raises:
        InvalidStateError: Not five faces within 1..6.
    """
    values = _dice.sorted_faces(dice, "dice")
    if len(values) != 5 or values[0] < 1 or values[-1] > 6:
        raise InvalidStateError("dice", f"expected five faces 1..6, got {values}")
    return shown_areas(values)


@lru_cache(maxsize=4)
def adjacent_triples(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """Every run of three adjacent areas (as ``Area`` values) under ``rules.adjacency``.

    ``"linear"``: nine runs along the whole board order; ``"within_parts"``:
    the runs that stay within Ones..Sixes or within the special rolls (seven).
    """
    return _adjacent_triples(rules)


def _adjacent_triples(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    runs = tuple((i, i + 1, i + 2) for i in range(len(AREAS) - 2))
    if rules.adjacency == "linear":
        return runs
    split = len(NUMBER_AREAS)
    return tuple(r for r in runs if r[0] >= split or r[2] < split)
