"""Index tables over the multisets of 0 to 5 six-sided dice, for the bots' turn planners.

A planner values every roll of five dice, then needs, for every keep (a
multiset of up to five dice), the expected value of throwing the others, and
for every roll the best keep inside it. Both are computed here over all 462
multisets at once, in pure Python:

* `expect`: the value of a keep is the mean over the six faces of the keep
  with one more die (throwing the dice one at a time gives the same
  distribution as throwing them together), so each keep costs six additions;
* `best_below`: the best value over the sub-multisets of a multiset is the
  maximum of its own value and the best values of the multisets one die
  smaller.

Indices: the 252 rolls of five dice come first, in the order of
`kniffel_rules.dice.all_multisets` (the games' chance-outcome order), then
the multisets of four, three, two, one and no dice, each lexicographically.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kniffel_rules.dice import D6, all_multisets

__all__ = ["CHILDREN", "INDEX", "MULTISETS", "PARENTS", "ROLLS", "best_below", "expect"]

Dice = tuple[int, ...]

ROLLS: Final[tuple[Dice, ...]] = all_multisets(5)
"""The 252 rolls of five dice, lexicographically (indices 0..251)."""

MULTISETS: Final[tuple[Dice, ...]] = tuple(m for k in (5, 4, 3, 2, 1, 0) for m in all_multisets(k))
"""Every multiset of 0..5 dice: the rolls of five first, then by decreasing size (462)."""

INDEX: Final[dict[Dice, int]] = {m: i for i, m in enumerate(MULTISETS)}
"""The index of a sorted multiset in `MULTISETS`."""

_N5 = len(ROLLS)

CHILDREN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(INDEX[tuple(sorted((*m, f)))] for f in D6) for m in MULTISETS[_N5:]
)
"""For each multiset of fewer than five dice (index ``_N5 + i``): its six one-die extensions."""

PARENTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({INDEX[m[:j] + m[j + 1 :]] for j in range(len(m))})) for m in MULTISETS
)
"""For each multiset: the distinct multisets one die smaller (``()`` for the empty one)."""

_SIXTH = 1.0 / 6.0


def expect(rolls: Sequence[float]) -> list[float]:
    """The expected value of every keep when the other dice are thrown.

    Args:
        rolls: A value for each of the 252 rolls of five dice, in `ROLLS` order.

    Returns:
        A list indexed like `MULTISETS`: a roll's own value, and for a
        smaller multiset the mean value of the rolls that throwing the
        missing dice gives.
    """
    values = [*rolls, *([0.0] * (len(MULTISETS) - _N5))]
    i = _N5
    for a, b, c, d, e, f in CHILDREN:
        values[i] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) * _SIXTH
        i += 1
    return values


def best_below(values: Sequence[float]) -> list[float]:
    """For every multiset, the best of ``values`` over its sub-multisets (itself included).

    Args:
        values: A value per multiset, indexed like `MULTISETS`.

    Returns:
        The best values, indexed like `MULTISETS`.
    """
    best = list(values)
    for i in range(len(MULTISETS) - 1, -1, -1):
        v = best[i]
        for p in PARENTS[i]:
            if best[p] > v:
                v = best[p]
        best[i] = v
    return best
