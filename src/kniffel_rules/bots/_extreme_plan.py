"""The turn planner behind `ExtremeExpectimax`: one-turn expectimax over exact throws.

A plan belongs to one sheet (open boxes, upper sum, chips) at the start of a
turn. It values each of the 2,520 final throws (252 rolls of the five d6 x
the d10's ten faces) by the best box for it under the heuristic, then works
back through the rolls that may follow: the fourth roll (which costs a
chip), the third and the second. A layer holds, for every keep of the d6
(`kniffel_rules.bots._lattice` indices), the expected value of throwing the
rest when the d10 is kept showing each face, and when it is thrown too.

Throws are indexed ``roll * 10 + d10`` with ``roll`` the index of the five
d6 in `kniffel_rules.bots._lattice.ROLLS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from kniffel_rules import extreme
from kniffel_rules.bots._lattice import ROLLS, best_below, expect
from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.extreme.pieces import BOXES

__all__ = ["Layer", "TurnPlan", "bonus_chance", "box_columns"]

Layer = tuple[list[list[float]], list[float]]
"""One roll of a turn: ``(by_d10[face][keep], d10_thrown[keep])`` expected values."""


@cache
def box_columns() -> tuple[tuple[int, ...], ...]:
    """What every throw is worth in each box: ``columns[box.value][roll * 10 + d10]``."""
    throws = [(*r, e) for r in ROLLS for e in range(10)]
    return tuple(tuple(extreme.score(box, t) for t in throws) for box in BOXES)


def bonus_chance(
    upper_sum: int,
    open_faces: Sequence[int],
    threshold: int,
    count_mean: Sequence[float],
    count_spread: float,
) -> float:
    """The estimated chance of reaching the upper bonus (a normal approximation).

    Args:
        upper_sum: The upper sum so far.
        open_faces: The faces whose upper box is still open.
        threshold: The upper sum that earns the bonus.
        count_mean: The expected number of dice each face's box will count
            (indexed by face - 1).
        count_spread: The standard deviation of that number.

    Returns:
        A probability in ``[0, 1]``.
    """
    if upper_sum >= threshold:
        return 1.0
    if not open_faces:
        return 0.0
    mean = upper_sum + plain_sum(f * count_mean[f - 1] for f in open_faces)
    spread = count_spread * math.sqrt(sum(f * f for f in open_faces))
    z = (mean - threshold + 0.5) / spread
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class TurnPlan:
    """The values of every decision of one turn from one sheet (see the module docstring).

    Args:
        box_value: For each box, its heuristic value as a function of its
            entry, as a list indexed by the entry; ``None`` for a filled box.
        chip_cost: What handing in a chip costs, or ``None`` when no fourth
            roll is possible.
    """

    __slots__ = ("_chip_cost", "_layers", "_w", "box_value", "final")

    def __init__(self, box_value: Sequence[Sequence[float] | None], chip_cost: float | None):
        self.box_value = tuple(box_value)
        columns = box_columns()
        adjusted = [
            [table[x] for x in columns[b]] for b, table in enumerate(box_value) if table is not None
        ]
        self.final: list[float] = list(map(max, *adjusted)) if len(adjusted) > 1 else adjusted[0]
        """The value of each throw when it is entered in its best box now."""
        self._chip_cost = chip_cost
        self._layers: dict[int, Layer] = {}
        self._w: dict[int, list[float]] = {4: self.final}

    def box_values(self, throw: int) -> list[float | None]:
        """Each box's heuristic value for a throw (``None`` for filled boxes)."""
        columns = box_columns()
        return [
            None if table is None else table[columns[b][throw]]
            for b, table in enumerate(self.box_value)
        ]

    def layer(self, rolls: int) -> Layer:
        """The expected values of the roll that follows the ``rolls``-th (1..3)."""
        found = self._layers.get(rolls)
        if found is None:
            found = self._layers[rolls] = _layer(self._after(rolls + 1))
            if rolls == 3:
                assert self._chip_cost is not None
                cost = self._chip_cost
                by_d10, thrown = found
                found = ([[v - cost for v in col] for col in by_d10], [v - cost for v in thrown])
                self._layers[rolls] = found
        return found

    def _after(self, rolls: int) -> list[float]:
        """The value of each throw as the ``rolls``-th of the turn, before deciding."""
        found = self._w.get(rolls)
        if found is not None:
            return found
        if rolls == 3 and self._chip_cost is None:
            found = self.final
        else:
            by_d10, thrown = self.layer(rolls)
            best_thrown = best_below(thrown)
            best_kept = [best_below(col) for col in by_d10]
            final = self.final
            found = [
                max(final[r * 10 + e], best_kept[e][r], best_thrown[r])
                for r in range(len(ROLLS))
                for e in range(10)
            ]
        self._w[rolls] = found
        return found


def _layer(after: list[float]) -> Layer:
    by_d10 = [expect(after[e::10]) for e in range(10)]
    thrown = [plain_sum(values) * 0.1 for values in zip(*by_d10, strict=True)]
    return by_d10, thrown
