"""One turn of optimal play, evaluated in pure Python from a value table.

`Turn` holds, for one position at the start of a turn, the value of every
final roll and of every keep with one and with two throws left: the same
recursion as the numpy solver (``_solver``), on lists.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import KNIFFEL_BIT, NUM_BOXES, Option
from kniffel_rules.bots.optimal._table import ValueTable

__all__ = ["Turn", "TurnCache"]

_SIXTH: Final = 1.0 / 6.0
_KNIFFEL_ROWS: Final = tuple(ms.ROLL_INDEX[(f,) * 5] for f in range(1, 7))


def _dot(probs: tuple[float, ...], values: list[float]) -> float:
    return sum(p * v for p, v in zip(probs, values, strict=True))


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


class Turn:
    """The values of one turn from the position ``(mask, upper, fifty)``.

    Attributes:
        final: ``final[r]``: the best entry of roll ``r`` with no throw left
            (points now + the value of the next position).
        keep1: ``keep1[k][i]``: keeping multiset ``i`` of size ``k`` with one
            throw left (the throw included).
        keep2: The same with two throws left.
    """

    __slots__ = ("final", "keep1", "keep2")

    def __init__(self, table: ValueTable, mask: int, upper: int, fifty: int, extra: ExtraCache):
        model = table.model
        v = table.values
        t1 = model.threshold + 1
        flags = model.flags
        natural = model.natural
        cols: list[list[float]] = []
        for i in range(NUM_BOXES):
            if mask >> i & 1:
                continue
            nm = mask | 1 << i
            if i < 6:
                face = i + 1
                g = [
                    face * c + v[(nm * t1 + min(model.threshold, upper + face * c)) * flags + fifty]
                    for c in range(6)
                ]
                cols.append(list(map(g.__getitem__, ms.COUNTS[i])))
            elif i == KNIFFEL_BIT and flags == 2:
                # Entering the full Kniffel value sets the Kniffel flag.
                c0 = v[(nm * t1 + upper) * flags]
                c1 = v[(nm * t1 + upper) * flags + 1]
                fs = model.rules.kniffel_score
                cols.append([n + (c1 if n == fs else c0) for n in natural[i]])
            else:
                c = v[(nm * t1 + upper) * flags + fifty]
                cols.append(list(map(c.__add__, natural[i])))
        final = list(map(max, *cols)) if len(cols) > 1 else list(cols[0])
        if mask >> KNIFFEL_BIT & 1:
            for face, options in enumerate(extra.get(mask, fifty)):
                best = -float("inf")
                for b, value, bonus in options:
                    nu = min(model.threshold, upper + value) if b < 6 else upper
                    best = max(best, value + bonus + v[((mask | 1 << b) * t1 + nu) * flags + fifty])
                final[_KNIFFEL_ROWS[face]] = best
        self.final = final
        if model.rules.full_cup:
            e1 = _dot(ms.ROLL_PROBS, final)
            self.keep1 = [[e1]]
            second = [max(x, e1) for x in final]
            self.keep2 = [[_dot(ms.ROLL_PROBS, second)]]
        else:
            self.keep1 = _chain(final)
            self.keep2 = _chain(_closure(self.keep1, final))

    def keep_value(self, keep: tuple[int, ...], rolls_left: int) -> float:
        """The value of keeping ``keep`` and throwing the rest."""
        levels = self.keep2 if rolls_left >= 2 else self.keep1
        k = len(keep)
        return levels[k][ms.INDEX[keep] - ms.OFFSET[k]]


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
    """

    def __init__(self, table: ValueTable, size: int = 512) -> None:
        self.table = table
        self.size = size
        self.extra = ExtraCache(table)
        self._turns: OrderedDict[tuple[int, int, int], Turn] = OrderedDict()

    def get(self, mask: int, upper: int, fifty: int) -> Turn:
        """The turn from this position."""
        key = (mask, upper, fifty)
        turn = self._turns.get(key)
        if turn is None:
            turn = Turn(self.table, mask, upper, fifty, self.extra)
            self._turns[key] = turn
            if len(self._turns) > self.size:
                self._turns.popitem(last=False)
        else:
            self._turns.move_to_end(key)
        return turn
