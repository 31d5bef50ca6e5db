"""The exact distribution of the points still to come, for positions with few boxes open.

A normal distribution describes the end of a game badly: an open Kniffel
box is worth 0 or 50, the upper bonus 0 or 35. For a solitaire position at
the start of a turn with at most ``max_open`` boxes open, `Exact.pmf` gives
the exact distribution of the points still to come (the bonus included)
when the optimal (mean-maximising) player plays on: every choice of the turn
is the one the mean makes (the means of `_moments`), and the distribution
is carried along it, one array of probabilities per roll and keep, exactly
as `_moments` carries the second moment.

The distributions are computed when first asked for and kept (a few
milliseconds each; with ``max_open = 2`` at most about 12,000 positions of
4 KB, in practice a few thousand). ``OptimalSolitaire`` breaks a tie of
the mean its own way, so its distribution may differ where two choices are
equally good on average.

Examples:
    >>> from kniffel_rules.bots.winning._exact import POINTS
    >>> POINTS
    512
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import FULL_MASK, KNIFFEL_BIT, NUM_BOXES, Model
from kniffel_rules.bots.winning._moments import Moments, chain_pair, closure_pair
from kniffel_rules.classic import Rules

__all__ = ["POINTS", "Entries", "Exact", "entries"]

POINTS = 512
"""Length of a distribution: points 0 .. 511 still to come (more cannot be
scored with three boxes open, jokers and bonuses included)."""
_KNIFFEL_ROWS = tuple(ms.ROLL_INDEX[(f,) * 5] for f in range(1, 7))


class Entries(NamedTuple):
    """Every entry of the final roll of a turn from one position.

    Attributes:
        open_boxes: The open boxes' indices, in box order (the rows below).
        gain: Points entered (bonuses of the entry included), ``(boxes, 252)``.
        nxt: Index of the position the entry leads to, ``(boxes, 252)``.
        valid: Whether the entry is allowed (the joker rules), ``(boxes, 252)``.
    """

    open_boxes: list[int]
    gain: Any
    nxt: Any
    valid: Any


def entries(np: Any, model: Model, rules: Rules, mask: int, upper: int, fifty: int) -> Entries:
    """The entries of every final roll from the position ``(mask, upper, fifty)``."""
    open_boxes = [i for i in range(NUM_BOXES) if not mask >> i & 1]
    nb = len(open_boxes)
    gain = np.zeros((nb, 252), dtype=np.int64)
    nxt = np.zeros((nb, 252), dtype=np.int64)
    valid = np.ones((nb, 252), dtype=bool)
    natural = np.array(model.natural, dtype=np.int64)
    t1 = model.threshold + 1
    for c, i in enumerate(open_boxes):
        pts = natural[i]
        gain[c] = pts
        nm = mask | 1 << i
        nu = np.minimum(model.threshold, upper + pts) if i < 6 else upper
        nf: Any = fifty
        if i == KNIFFEL_BIT and model.flags == 2:
            nf = (pts == rules.kniffel_score).astype(np.int64)
        nxt[c] = (nm * t1 + nu) * model.flags + nf
    if mask >> KNIFFEL_BIT & 1:
        col = {i: c for c, i in enumerate(open_boxes)}
        for face, options in enumerate(model.extra_options(mask, fifty)):
            row = _KNIFFEL_ROWS[face]
            valid[:, row] = False
            for b, value, bonus in options:
                nu2 = min(model.threshold, upper + value) if b < 6 else upper
                valid[col[b], row] = True
                gain[col[b], row] = value + bonus
                nxt[col[b], row] = model.index(mask | 1 << b, nu2, fifty)
    return Entries(open_boxes, gain, nxt, valid)


class Exact:
    """Exact distributions of the points to come, computed on demand and kept.

    Args:
        moments: The means of the rule set (they make the choices).
        tab: The multiset tables (``_solver._Tables``).
        max_open: The most open boxes a position may have to be covered.
    """

    def __init__(self, moments: Moments, tab: Any, max_open: int) -> None:
        import numpy as np

        self.np = np
        self.moments = moments
        self.model: Model = moments.model
        self.rules = self.model.rules
        self.tab = tab
        self.max_open = max_open
        self._pmfs: dict[int, Any] = {}
        t1 = self.model.threshold + 1
        self._t1 = t1

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` keeps: everything but the numpy module and its tables."""
        state = self.__dict__.copy()
        state["np"] = None
        state["tab"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled instance, importing numpy again."""
        import numpy as np

        from kniffel_rules.bots.optimal._solver import _Tables

        self.__dict__.update(state)
        self.np = np
        self.tab = _Tables(np)

    def covers(self, mask: int) -> bool:
        """Whether a position with the filled boxes ``mask`` is covered."""
        return NUM_BOXES - mask.bit_count() <= self.max_open

    def _decode(self, index: int) -> tuple[int, int, int]:
        flags = self.model.flags
        rest, fifty = divmod(index, flags)
        mask, upper = divmod(rest, self._t1)
        return mask, upper, fifty

    def pmf(self, index: int) -> Any:
        """The distribution (``POINTS`` probabilities) from the position ``index``.

        The position must be covered (`covers`).
        """
        found = self._pmfs.get(index)
        if found is None:
            found = self._compute(index)
            self._pmfs[index] = found
        return found

    def _compute(self, index: int) -> Any:
        np = self.np
        mask, upper, fifty = self._decode(index)
        out = np.zeros(POINTS)
        if mask == FULL_MASK:
            out[self.model.final_value(upper)] = 1.0
            return out
        mean = self.moments.mean
        e = entries(np, self.model, self.rules, mask, upper, fifty)
        value = np.where(e.valid, e.gain + mean[e.nxt], -np.inf)
        best = value.argmax(axis=0)
        cols = np.arange(252)
        g = e.gain[best, cols]
        n = e.nxt[best, cols]
        w3 = value[best, cols]
        pairs = g * self.model.size + n
        uniq, inverse = np.unique(pairs, return_inverse=True)
        d_u = np.zeros((len(uniq), POINTS))
        for k, pair in enumerate(uniq.tolist()):
            shift, nxt = divmod(pair, self.model.size)
            child = self.pmf(nxt)
            d_u[k, shift:] = child[: POINTS - shift]
        d3 = d_u[inverse.ravel()]
        tab = self.tab
        w3c = w3[:, None]
        if self.rules.full_cup:
            d = d3
            w = w3
            for _ in range(2):
                e_w = tab.probs @ w
                e_d = tab.probs @ d
                stop = w3 >= e_w
                w = np.where(stop, w3, e_w)
                d = np.where(stop[:, None], d3, e_d[None, :])
            return tab.probs @ d
        levels = chain_pair(tab, w3c.copy(), d3.copy())
        w2, d2 = closure_pair(np, tab, levels, (w3c, d3))
        levels = chain_pair(tab, w2, d2)
        _, d1 = closure_pair(np, tab, levels, (w3c, d3))
        return tab.probs @ d1
