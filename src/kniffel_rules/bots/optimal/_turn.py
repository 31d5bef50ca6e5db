"""One turn of optimal play, evaluated in pure Python from a value table.

`Turn` holds, for one position at the start of a turn, the value of every
final roll and of every keep with one and with two throws left: the same
recursion as the numpy solver (``_solver``), on lists.

With numpy (`Kernel`) the same recursion runs on arrays, operation by
operation in the same order, so every value is the same float as on lists
(additions left to right, the maxima exact); only the time differs.
"""

from __future__ import annotations

import sys
from array import array
from collections import OrderedDict
from typing import Any, Final

from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import Option
from kniffel_rules.bots.optimal._table import ValueTable

__all__ = ["Turn", "TurnCache"]

_SIXTH: Final = 1.0 / 6.0
_KNIFFEL_ROWS: Final = tuple(ms.ROLL_INDEX[(f,) * 5] for f in range(1, 7))


def _dot(probs: tuple[float, ...], values: list[float]) -> float:
    return plain_sum(p * v for p, v in zip(probs, values, strict=True))


def _chain(final: list[float]) -> list[list[float]]:
    levels: list[list[float]] = [[]] * 6
    levels[5] = final
    for k in range(4, -1, -1):
        get = levels[k + 1].__getitem__
        c = [list(map(get, ms.CHILDREN[k][f])) for f in range(6)]
        levels[k] = [(a + b + d + e + g + h) * _SIXTH for a, b, d, e, g, h in zip(*c, strict=True)]
    return levels


def _closure(levels: list[list[float]], final: list[float]) -> list[float]:
    best = levels[0]
    for k in range(1, 6):
        get = best.__getitem__
        parents = ms.PARENTS[k]
        base = levels[k] if k < 5 else final
        best = list(map(max, base, *(map(get, parents[s]) for s in range(min(k, 5)))))
    return best


def _extra_rows(
    table: ValueTable, mask: int, upper: int, fifty: int, extra: ExtraCache
) -> list[tuple[int, float]]:
    """The final values of the five-of-a-kind rolls when they are extra Kniffels."""
    model = table.model
    is_upper = model.is_upper
    v = table.values
    t1 = model.threshold + 1
    flags = model.flags
    rows = []
    for face, options in enumerate(extra.get(mask, fifty)):
        best = -float("inf")
        for b, value, bonus in options:
            nu = min(model.threshold, upper + value) if is_upper[b] else upper
            best = max(best, value + bonus + v[((mask | 1 << b) * t1 + nu) * flags + fifty])
        rows.append((_KNIFFEL_ROWS[face], best))
    return rows


def _full_cup(final: list[float]) -> tuple[list[float], list[float]]:
    """``keep1`` and ``keep2`` when every throw takes the whole cup (the one keep: nothing)."""
    e1 = _dot(ms.ROLL_PROBS, final)
    second = [max(x, e1) for x in final]
    return [e1], [_dot(ms.ROLL_PROBS, second)]


class Kernel:
    """The turn recursion on numpy arrays: the same floats as on lists, faster.

    Every keep lives in one flat array by its global index (``_multisets.INDEX``);
    the five-dice level is the roll's value itself.

    Args:
        np: The numpy module.
        table: The value table the turns are read from.
    """

    def __init__(self, np: Any, table: ValueTable) -> None:
        self.np = np
        model = table.model
        off = ms.OFFSET
        self.children = [np.array(ms.CHILDREN[k], dtype=np.intp) + off[k + 1] for k in range(5)]
        self.parents = [
            None,
            *(np.array(ms.PARENTS[k][: min(k, 5)], dtype=np.intp) for k in range(1, 6)),
        ]
        self.natural_int = np.array(model.natural, dtype=np.intp)
        self.natural = self.natural_int.astype(np.float64)
        kb = model.kniffel_bit
        self.fifty_rolls = (
            (self.natural_int[kb] == model.full_value).astype(np.intp) if kb is not None else None
        )
        self.bits = 1 << np.arange(model.num_boxes, dtype=np.intp)
        self.is_upper = np.array(model.is_upper, dtype=bool)
        self.values = np.frombuffer(table.values, dtype=np.float64)

    def turn(
        self, table: ValueTable, mask: int, upper: int, fifty: int, extra: ExtraCache
    ) -> tuple[array[float], array[float], array[float]]:
        """``(final, keep1, keep2)`` of one position (see `Turn`)."""
        np = self.np
        model = table.model
        flags = model.flags
        kb = model.kniffel_bit
        open_boxes = model.open_boxes(mask)
        boxes = np.array(open_boxes, dtype=np.intp)
        # Entering roll r in box i leads to (mask | bit i, upper', fifty'):
        # the upper sum grows by the points in the upper boxes only, and
        # entering the full Kniffel value sets the Kniffel flag.
        after = self.natural_int[boxes]
        up = self.is_upper[boxes]
        after[up] = np.minimum(after[up] + upper, model.threshold)
        after[~up] = upper
        after += (mask | self.bits[boxes])[:, None] * (model.threshold + 1)
        after *= flags
        if fifty:
            after += fifty
        elif flags == 2 and kb in open_boxes:
            after[open_boxes.index(kb)] += self.fifty_rolls
        gains = self.natural[boxes]
        gains += self.values[after]
        keep1 = np.empty(ms.OFFSET[6])
        final = keep1[ms.OFFSET[5] :]
        np.max(gains, axis=0, out=final)
        if kb is not None and mask >> kb & 1:
            for row, best in _extra_rows(table, mask, upper, fifty, extra):
                final[row] = best
        if model.full_cup:
            as_list = final.tolist()
            cup1, cup2 = _full_cup(as_list)
            return array("d", as_list), array("d", cup1), array("d", cup2)
        self.chain(keep1)
        keep2 = np.empty(ms.OFFSET[6])
        keep2[ms.OFFSET[5] :] = self.closure(keep1)
        self.chain(keep2)
        return array("d", final.tobytes()), array("d", keep1.tobytes()), array("d", keep2.tobytes())

    def chain(self, flat: Any) -> None:
        """`_chain` in place: each keep is the sum of its six children left to right, / 6."""
        add = self.np.add.reduce
        off = ms.OFFSET
        for k in range(4, -1, -1):
            level = flat[off[k] : off[k + 1]]
            add(flat[self.children[k]], axis=0, out=level)
            level *= _SIXTH

    def closure(self, flat: Any) -> Any:
        """`_closure`: the best of stopping and every keep, for each roll."""
        np = self.np
        off = ms.OFFSET
        best = flat[0:1]
        for k in range(1, 6):
            best = np.maximum(flat[off[k] : off[k + 1]], best[self.parents[k]].max(axis=0))
        return best


class Turn:
    """The values of one turn from the position ``(mask, upper, fifty)``.

    Attributes:
        final: ``final[r]``: the best entry of roll ``r`` with no throw left
            (points now + the value of the next position).
        keep1: ``keep1[i]``: keeping the multiset of global index ``i``
            (``_multisets.INDEX``) with one throw left (the throw included).
        keep2: The same with two throws left.
    """

    __slots__ = ("final", "keep1", "keep2")

    def __init__(
        self,
        table: ValueTable,
        mask: int,
        upper: int,
        fifty: int,
        extra: ExtraCache,
        kernel: Kernel | None = None,
    ) -> None:
        if kernel is not None:
            self.final, self.keep1, self.keep2 = kernel.turn(table, mask, upper, fifty, extra)
            return
        model = table.model
        v = table.values
        t1 = model.threshold + 1
        flags = model.flags
        natural = model.natural
        kb = model.kniffel_bit
        cols: list[list[float]] = []
        for i in model.open_boxes(mask):
            nm = mask | 1 << i
            if model.is_upper[i]:
                points, place = model.upper_points[i]
                g = [
                    p + v[(nm * t1 + min(model.threshold, upper + p)) * flags + fifty]
                    for p in points
                ]
                cols.append(list(map(g.__getitem__, place)))
            elif i == kb and flags == 2:
                # Entering the full Kniffel value sets the Kniffel flag.
                c0 = v[(nm * t1 + upper) * flags]
                c1 = v[(nm * t1 + upper) * flags + 1]
                fs = model.full_value
                rows = [r for r in _KNIFFEL_ROWS if natural[i][r] == fs]
                if natural[i].count(fs) == len(rows):
                    col = list(map(c0.__add__, natural[i]))
                    for r in rows:
                        col[r] = fs + c1
                else:
                    col = [n + (c1 if n == fs else c0) for n in natural[i]]
                cols.append(col)
            else:
                c = v[(nm * t1 + upper) * flags + fifty]
                cols.append(list(map(c.__add__, natural[i])))
        final = list(map(max, *cols)) if len(cols) > 1 else list(cols[0])
        if kb is not None and mask >> kb & 1:
            for row, best in _extra_rows(table, mask, upper, fifty, extra):
                final[row] = best
        self.final = array("d", final)
        if model.full_cup:
            cup1, cup2 = _full_cup(final)
            self.keep1, self.keep2 = array("d", cup1), array("d", cup2)
        else:
            levels = _chain(final)
            self.keep1 = array("d", [x for level in levels for x in level])
            self.keep2 = array("d", [x for level in _chain(_closure(levels, final)) for x in level])

    def keep_value(self, keep: tuple[int, ...], rolls_left: int) -> float:
        """The value of keeping ``keep`` and throwing the rest."""
        return (self.keep2 if rolls_left >= 2 else self.keep1)[ms.INDEX[keep]]


class ExtraCache:
    """The entries of extra Kniffels by mask (`Model.extra_options`), computed on demand."""

    def __init__(self, table: ValueTable) -> None:
        self.model = table.model
        self._cache: dict[tuple[int, int], tuple[tuple[Option, ...], ...]] = {}

    def get(self, mask: int, fifty: int) -> tuple[tuple[Option, ...], ...]:
        """The options of five equal dice for each face, under this mask."""
        key = (mask, fifty)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.model.extra_options(mask, fifty)
        return found


class TurnCache:
    """Recently evaluated turns of one table (least recently used dropped first).

    Args:
        table: The value table.
        size: How many turns to keep.
        numpy: Evaluate turns with numpy (`Kernel`): ``True`` always (numpy
            must be installed), ``False`` never, ``None`` when the program
            has imported numpy already (it is never imported for this).
    """

    def __init__(self, table: ValueTable, size: int = 2048, numpy: bool | None = None) -> None:
        self.table = table
        self.size = size
        self.extra = ExtraCache(table)
        self.numpy = numpy
        self._kernel: Kernel | None = None
        self._turns: OrderedDict[tuple[int, int, int], Turn] = OrderedDict()

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` and `copy.deepcopy` keep: all but the numpy kernel (rebuilt on use)."""
        state = self.__dict__.copy()
        state["_kernel"] = None
        return state

    def kernel(self) -> Kernel | None:
        """The numpy kernel, if turns are evaluated with numpy now."""
        if self._kernel is None and self.numpy is not False:
            np = sys.modules.get("numpy")
            if np is None and self.numpy:
                import numpy as np
            if np is not None:
                self._kernel = Kernel(np, self.table)
        return self._kernel

    def get(self, mask: int, upper: int, fifty: int) -> Turn:
        """The turn from this position."""
        key = (mask, upper, fifty)
        turn = self._turns.get(key)
        if turn is None:
            turn = Turn(self.table, mask, upper, fifty, self.extra, self.kernel())
            self._turns[key] = turn
            if len(self._turns) > self.size:
                self._turns.popitem(last=False)
        else:
            self._turns.move_to_end(key)
        return turn
