"""What five dice show on the Duell board: the combination detectors, and the runs of areas.

Pure functions of the dice (and of the rules' adjacency): which areas a
throw shows (DU-15..DU-20, DU-42) and which runs of three areas are
adjacent (DU-46). No state.

Examples:
    >>> from kniffel_rules.duel import Area, combinations
    >>> combinations((2, 3, 4, 5, 5))
    (Area.SMALL_STRAIGHT,)
    >>> combinations((6, 6, 6, 6, 6))
    (Area.SIXES, Area.FOUR_OF_A_KIND, Area.KNIFFEL)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from kniffel_rules import dice as _dice
from kniffel_rules._text import brief
from kniffel_rules.duel.pieces import AREAS, NUMBER_AREAS, Area
from kniffel_rules.duel.rules import Rules
from kniffel_rules.errors import InvalidStateError

__all__ = ["adjacent_triples", "combinations", "shown_areas"]


def _shows(area: Area, dice: tuple[int, ...]) -> bool:
    face = area.face
    if face is not None:
        return _dice.count_of(dice, face) >= 3
    return _dice.COMBINATIONS[area.key](dice)  # the special rolls are the family's


def shown_areas(dice: tuple[int, ...]) -> tuple[Area, ...]:
    """The areas whose combination five valid sorted dice show, in board order (cached).

    Raises:
        InvalidStateError: ``dice`` is not a tuple of ints (a tuple of other
            than five sorted faces 1..6 shows what its values show).
    """
    if type(dice) is not tuple or not all(type(v) is int for v in dice):
        raise InvalidStateError("dice", "expected a sorted tuple of five faces")
    return _shown(dice)


@lru_cache(maxsize=512)
def _shown(dice: tuple[int, ...]) -> tuple[Area, ...]:
    """`shown_areas` without the check of its argument, for the engine's own dice (cached)."""
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
        raise InvalidStateError("dice", f"expected five faces 1..6, got {brief(values)}")
    return _shown(values)


def adjacent_triples(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """Every run of three adjacent areas (as ``Area`` values) under ``rules.adjacency``.

    ``"linear"``: nine runs along the whole board order; ``"within_parts"``:
    the runs that stay within Ones..Sixes or within the special rolls (seven).

    Raises:
        InvalidStateError: ``rules`` is not a Duell `Rules`.
    """
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected duel Rules, got {type(rules).__name__}")
    return _triples(rules)


@lru_cache(maxsize=4)
def _triples(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """`adjacent_triples` without the check of its argument (cached)."""
    return _adjacent_triples(rules)


def _adjacent_triples(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    runs = tuple((i, i + 1, i + 2) for i in range(len(AREAS) - 2))
    if rules.adjacency == "linear":
        return runs
    split = len(NUMBER_AREAS)
    return tuple(r for r in runs if r[0] >= split or r[2] < split)
