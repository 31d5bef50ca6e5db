"""The mean and the second moment of the points still to come, position by position.

For every solitaire position at the start of a turn (``(mask, upper,
fifty)``, see ``bots.optimal._model``) this computes, for the optimal
(mean-maximising) player, the expected points still to come ``V`` and
their second moment ``Q = E[R**2]``, so the variance is ``Q - V**2``.

It is the backward pass of ``bots.optimal._solver`` with every choice
made by the mean and the second moment carried along that choice: if the
points ``g`` are entered and the game continues at a position with
``(V', Q')``, then ``E[(g + R')**2] = g**2 + 2 g V' + Q'``. Expectations
over the dice are linear in both. A tie in the mean is broken towards the
first candidate (box order, then the keep; either choice is optimal for the
mean, only the variance may differ).

numpy is needed (the ``solver`` extra).
"""

from __future__ import annotations

import sys
import time
from functools import cache
from typing import Any

from kniffel_rules.bots.optimal._model import KNIFFEL_BIT, NUM_BOXES, Model
from kniffel_rules.bots.optimal._solver import CHUNK, Solver, _layers, numpy_or_error
from kniffel_rules.classic import Rules

__all__ = ["Moments", "chain_pair", "closure_pair", "moments"]

Floats = Any
"""A numpy float64 array."""


def _pick(np: Any, acc: Floats, accq: Floats, cand: Floats, candq: Floats) -> None:
    """Where ``cand > acc``: take ``cand`` and its companion ``candq`` (in place)."""
    better = cand > acc
    np.copyto(acc, cand, where=better)
    np.copyto(accq, candq, where=better)


def chain_pair(tab: Any, w: Floats, q: Floats) -> list[tuple[Floats, Floats]]:
    """The keep values by size (0..4, then ``(w, q)`` at size 5) of two quantities.

    Both are averaged over the die thrown (``_solver.Solver.chain``).
    """
    levels: list[Any] = [None] * 6
    levels[5] = (w, q)
    for k in range(4, -1, -1):
        src, srcq = levels[k + 1]
        child = tab.children[k]
        acc = src[child[:, 0]]
        accq = srcq[child[:, 0]]
        for f in range(1, 6):
            acc += src[child[:, f]]
            accq += srcq[child[:, f]]
        acc *= 1.0 / 6.0
        accq *= 1.0 / 6.0
        levels[k] = (acc, accq)
    return levels


def closure_pair(
    np: Any, tab: Any, levels: list[tuple[Floats, Floats]], final: tuple[Floats, Floats]
) -> tuple[Floats, Floats]:
    """Each roll with a throw left: stop or the best keep, chosen by the first quantity."""
    best, bestq = levels[0]
    for k in range(1, 6):
        parents = tab.parents[k]
        base, baseq = levels[k] if k < 5 else final
        acc = base.copy()
        accq = baseq.copy()
        for slot in range(min(k, 5)):
            _pick(np, acc, accq, best[parents[:, slot]], bestq[parents[:, slot]])
        best, bestq = acc, accq
    return best, bestq


class _MomentSolver(Solver):
    """`Solver` carrying the second moment along the mean's choices."""

    def __init__(self, model: Model, values: Floats, second: Floats) -> None:
        super().__init__(model, values)
        self.second = second

    def final_pair(self, mask: Any, upper: Any, fifty: Any) -> tuple[Floats, Floats]:
        """``(W3, Q3)``: mean and second moment of each final roll (252 x positions)."""
        np = self.np
        v = self.values
        s = self.second
        threshold = self.model.threshold
        n = len(mask)
        w = np.full((252, n), -np.inf)
        q = np.zeros((252, n))
        for i in range(NUM_BOXES):
            bit = 1 << i
            closed = (mask & bit) != 0
            if closed.all():
                continue
            nm = mask | bit
            pts = self.natural[i][:, None]
            if i < 6:
                face = i + 1
                g = np.empty((6, n))
                gq = np.empty((6, n))
                for c in range(6):
                    nu = np.minimum(threshold, upper + face * c)
                    j = self.index(nm, nu, fifty)
                    p = face * c
                    g[c] = p + v[j]
                    gq[c] = p * p + 2 * p * v[j] + s[j]
                g[:, closed] = -np.inf
                cand, candq = g[self.tab.counts[i]], gq[self.tab.counts[i]]
            else:
                if i == KNIFFEL_BIT and self.model.flags == 2:
                    j0 = self.index(nm, upper, 0)
                    j1 = self.index(nm, upper, 1)
                    j = np.where(self.fifty_rolls[:, None], j1[None, :], j0[None, :])
                else:
                    j = np.broadcast_to(self.index(nm, upper, fifty)[None, :], (252, n))
                nv = v[j]
                cand = pts + nv
                candq = pts * pts + 2 * pts * nv + s[j]
                cand[:, closed] = -np.inf
            _pick(np, w, q, cand, candq)
        extra = np.nonzero(mask >> KNIFFEL_BIT & 1)[0]
        if len(extra):
            ev, eq = self._extra_pair(mask[extra], upper[extra], fifty[extra])
            rows = np.ix_(self.kniffel_rows, extra)
            w[rows] = ev.T
            q[rows] = eq.T
        return w, q

    def _extra_pair(self, mask: Any, upper: Any, fifty: Any) -> tuple[Floats, Floats]:
        np = self.np
        key = mask * self.model.flags + fifty
        box = self.extra_box[key]
        nm = mask[:, None, None] | (1 << np.maximum(box, 0))
        nu = np.minimum(self.model.threshold, upper[:, None, None] + self.extra_upper[key])
        j = self.index(nm, nu, fifty[:, None, None])
        pts = self.extra_points[key]
        total = np.where(box >= 0, pts + self.values[j], -np.inf)
        second = pts * pts + 2 * pts * self.values[j] + self.second[j]
        best = total.argmax(axis=2)[..., None]
        return (
            np.take_along_axis(total, best, axis=2)[..., 0],
            np.take_along_axis(second, best, axis=2)[..., 0],
        )

    def turn_pair(self, w3: Floats, q3: Floats) -> tuple[Floats, Floats]:
        """The mean and second moment at the start of the turn."""
        np = self.np
        tab = self.tab
        if self.model.rules.full_cup:
            e1, e1q = tab.probs @ w3, tab.probs @ q3
            w2, q2 = w3.copy(), q3.copy()
            _pick(np, w2, q2, np.broadcast_to(e1, w3.shape), np.broadcast_to(e1q, w3.shape))
            e2, e2q = tab.probs @ w2, tab.probs @ q2
            w1, q1 = w3.copy(), q3.copy()
            _pick(np, w1, q1, np.broadcast_to(e2, w3.shape), np.broadcast_to(e2q, w3.shape))
            return tab.probs @ w1, tab.probs @ q1
        levels = chain_pair(tab, w3, q3)
        w2, q2 = closure_pair(np, tab, levels, (w3, q3))
        levels = chain_pair(tab, w2, q2)
        w1, q1 = closure_pair(np, tab, levels, (w3, q3))
        return tab.probs @ w1, tab.probs @ q1


class Moments:
    """The mean and variance of the points to come from every position of one rule set.

    Attributes:
        model: The state space (``Model.index`` gives a position's place).
        mean: The expected points still to come (numpy array; NaN where a
            position cannot be reached); the same as the value table.
        second: Their second moment ``E[R**2]``.
        seconds: The time the backward pass took.
    """

    def __init__(self, model: Model, mean: Floats, second: Floats, seconds: float) -> None:
        np = numpy_or_error()
        self.model = model
        self.mean = mean
        self.second = second
        self.variance = np.maximum(second - mean * mean, 0.0)
        self.sd = np.sqrt(self.variance)
        self.seconds = seconds

    def at(self, mask: int, upper: int, fifty: int) -> tuple[float, float]:
        """``(mean, variance)`` of the points to come from one position."""
        i = self.model.index(mask, upper, fifty)
        return float(self.mean[i]), float(self.variance[i])


def compute_moments(rules: Rules, *, progress: bool = False, min_filled: int = 0) -> Moments:
    """Run the backward pass for ``rules`` (numpy; about twice a value table's time).

    Args:
        rules: The rules (not Croatian).
        progress: Write the time taken to stderr.
        min_filled: Stop after the positions with this many filled boxes
            (the earlier ones stay NaN).

    Raises:
        KniffelError: numpy is missing, or the rules are not covered.
    """
    np = numpy_or_error()
    start = time.perf_counter()
    model = Model(rules)
    layers = _layers(model, np)
    mean = np.full(model.size, np.nan)
    second = np.full(model.size, np.nan)
    solver = _MomentSolver(model, mean, second)
    mask, upper, fifty = layers[NUM_BOXES]
    last = solver.index(mask, upper, fifty)
    mean[last] = [model.final_value(int(u)) for u in upper]
    second[last] = mean[last] ** 2
    for count in range(NUM_BOXES - 1, min_filled - 1, -1):
        mask, upper, fifty = layers[count]
        for lo in range(0, len(mask), CHUNK):
            sl = slice(lo, lo + CHUNK)
            w3, q3 = solver.final_pair(mask[sl], upper[sl], fifty[sl])
            v, q = solver.turn_pair(w3, q3)
            at = solver.index(mask[sl], upper[sl], fifty[sl])
            mean[at] = v
            second[at] = q
    seconds = time.perf_counter() - start
    if progress:
        sys.stderr.write(f"score moments of classic Kniffel: {seconds:.1f} s\n")
    return Moments(model, mean, second, seconds)


@cache
def moments(rules: Rules) -> Moments:
    """The moments of ``rules`` (games and ranking aside), computed once per process."""
    return compute_moments(rules)
