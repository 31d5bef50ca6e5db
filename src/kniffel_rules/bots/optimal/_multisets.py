"""Index tables over the dice multisets of one classic turn (pure Python).

Every sorted multiset of 0 to 5 dice gets a global index: by size, then
lexicographically (the order of `kniffel_rules.dice.all_multisets`), so the
252 rolls of five dice come last, in the order of classic's chance outcomes.
The solver, the advisor and the simulator share these tables.
"""

from __future__ import annotations

from typing import Final

from kniffel_rules.dice import all_multisets, roll_outcomes, sub_multisets

__all__ = [
    "CHILDREN",
    "COUNTS",
    "KEEPS",
    "MULTISETS",
    "OFFSET",
    "PARENTS",
    "ROLLS",
    "ROLL_INDEX",
    "ROLL_PROBS",
    "SIZE_COUNT",
]

Dice = tuple[int, ...]

SIZE_COUNT: Final[tuple[int, ...]] = tuple(len(all_multisets(k)) for k in range(6))
"""How many multisets of 0..5 dice there are: 1, 6, 21, 56, 126, 252."""

OFFSET: Final[tuple[int, ...]] = tuple(sum(SIZE_COUNT[:k]) for k in range(7))
"""The global index of the first multiset of each size (and 462 at the end)."""

MULTISETS: Final[tuple[Dice, ...]] = tuple(m for k in range(6) for m in all_multisets(k))
"""Every multiset of 0..5 dice, by size and then lexicographically (462)."""

INDEX: Final[dict[Dice, int]] = {m: i for i, m in enumerate(MULTISETS)}
"""The global index of a multiset."""

ROLLS: Final[tuple[Dice, ...]] = all_multisets(5)
"""The 252 rolls of five dice, in classic's chance-outcome order."""

ROLL_INDEX: Final[dict[Dice, int]] = {r: i for i, r in enumerate(ROLLS)}
"""The position of a roll in `ROLLS`."""

ROLL_PROBS: Final[tuple[float, ...]] = tuple(float(p) for _, p in roll_outcomes(5))
"""The probability of each roll of five dice (as floats)."""

COUNTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r.count(face) for r in ROLLS) for face in range(1, 7)
)
"""``COUNTS[face - 1][r]``: how many dice of roll ``r`` show ``face``."""


def _local(m: Dice) -> int:
    return INDEX[m] - OFFSET[len(m)]


CHILDREN: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(_local(tuple(sorted((*m, face)))) for m in all_multisets(k)) for face in range(1, 7)
    )
    for k in range(5)
)
"""``CHILDREN[k][face - 1][i]``: the size-``k + 1`` index of multiset ``i`` of
size ``k`` with one die showing ``face`` added."""


def _parents(m: Dice) -> tuple[int, ...]:
    distinct = sorted(set(m))
    found = [_local(tuple(sorted(m[:i] + m[i + 1 :]))) for i in (m.index(f) for f in distinct)]
    return tuple(found + [found[0]] * (5 - len(found)))


PARENTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = (
    (),
    *(tuple(zip(*(_parents(m) for m in all_multisets(k)), strict=True)) for k in range(1, 6)),
)
"""``PARENTS[k][slot][i]``: the size-``k - 1`` indices of multiset ``i`` of size
``k`` with one die removed, one slot per distinct face, padded to 5 slots by
repeating the first."""

KEEPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(INDEX[s] for s in sub_multisets(r) if len(s) < 5) for r in ROLLS
)
"""``KEEPS[r]``: the global indices of the legal keeps of roll ``r`` (every
sub-multiset that throws at least one die), in classic's ``Roll`` order."""
