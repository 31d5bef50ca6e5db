"""What a Kniffel Extreme throw shows and is worth: pure functions of the six faces.

The detector of the 22 boxes (`score`), the check of a throw
that five d6 and a d10 can show (`check_faces`) and the values a box can hold
(`possible_values`). No state: the boxes themselves are in
`kniffel_rules.extreme.pieces`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from kniffel_rules import dice as _dice
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.pieces import D10, Box

__all__ = ["check_faces", "entry_values", "possible_values", "score"]


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


def _throw_values(d6: tuple[int, ...], d10: int) -> tuple[int, ...]:
    """Valid dice's value in every box, by ``Box.value`` (unchecked; `score` checks)."""
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
        raise InvalidStateError("box", f"expected an Extreme Box, got {brief(box)}")
    return _table()[check_faces(values)][box.value]


def possible_values(box: Box) -> frozenset[int]:
    """Every value ``box`` can hold on a sheet, 0 (struck) included.

    Raises:
        InvalidStateError: ``box`` is not an Extreme `Box`.
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected an Extreme Box, got {brief(box)}")
    return _cached_values(box)


@cache
def _cached_values(box: Box) -> frozenset[int]:
    return _possible_values(box)


def _possible_values(box: Box) -> frozenset[int]:
    return frozenset({0, *_cached_entries(box)})


def entry_values(box: Box) -> frozenset[int]:
    """Every value ``Score(box)`` can enter: what some throw scores in ``box``.

    0 where some throw does not fit, so never 0 in Chance and Super-Chance
    (the dice always count there); `possible_values` adds the struck 0 of a
    paper sheet. ``from_json`` reads a state's boxes against this set.

    Raises:
        InvalidStateError: ``box`` is not an Extreme `Box`.
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected an Extreme Box, got {brief(box)}")
    return _cached_entries(box)


@cache
def _cached_entries(box: Box) -> frozenset[int]:
    return _entry_values(box)


def _entry_values(box: Box) -> frozenset[int]:
    return frozenset(row[box.value] for row in _table().values())
