"""Recomputing a value table with numpy: expectimax over the whole game.

The positions are processed from the full sheet back to the empty one, one
layer of filled-box counts at a time, each layer in chunks of a few hundred
positions. A chunk is evaluated with array operations only (`turn_values`):

1. ``W3[r]``: the best entry of the final roll ``r`` (points + bonus + the
   value of the position it leads to), for the 252 rolls;
2. ``E[k]``: the expected value of keeping the multiset ``k`` and throwing
   the rest, computed from size 5 down to size 0 by adding one die at a time
   (``E[k] = mean over faces f of E[k + f]``);
3. ``W2[r]``: the better of stopping and the best keep inside ``r``, the
   maximum over sub-multisets taken by removing one die at a time;
4. the same once more for the first roll, and the position's value is the
   expectation over the first roll.

numpy is imported only here, when a table is recomputed or games are
simulated in batches (the ``solver`` extra).
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from kniffel_rules._i18n import N_, translate
from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import Model
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang

Floats = Any
"""A numpy float64 array (numpy is optional, so not named in annotations)."""
Ints = Any
"""A numpy int64 array."""

__all__ = ["Solver", "numpy_or_error", "solve_values"]

CHUNK = 256
"""Positions per array operation: small enough for the CPU caches."""


def numpy_or_error() -> Any:
    """Import numpy, or explain how to get it.

    Raises:
        KniffelError: numpy is not installed.
    """
    try:
        import numpy
    except ImportError:
        raise KniffelError(
            "recomputing an optimal-play table needs numpy: pip install 'kniffel-rules[solver]'"
            " (from a clone: pip install -e '.[solver]')"
        ) from None
    return numpy


class _Tables:
    """The multiset tables as numpy arrays."""

    def __init__(self, np: Any) -> None:
        self.children = [np.array(ms.CHILDREN[k], dtype=np.intp).T.copy() for k in range(5)]
        self.parents = [
            None,
            *(np.array(ms.PARENTS[k], dtype=np.intp).T.copy() for k in range(1, 6)),
        ]
        self.probs = np.array(ms.ROLL_PROBS)
        self.counts = [np.array(c, dtype=np.intp) for c in ms.COUNTS]


class Solver:
    """Evaluates turns for many positions at once for one rule set.

    Args:
        model: The rule set's model.
        values: The dense value array, filled for every layer already solved.
    """

    def __init__(self, model: Model, values: Floats) -> None:
        np = numpy_or_error()
        self.np = np
        self.model = model
        self.values = values
        self.tab = _Tables(np)
        self.natural = np.array(model.natural, dtype=np.float64)
        kb = model.kniffel_bit
        self.fifty_rolls = (
            self.natural[kb] == model.full_value
            if kb is not None
            else np.zeros(len(ms.ROLLS), dtype=bool)
        )
        self.kniffel_rows = np.array([ms.ROLL_INDEX[(f,) * 5] for f in range(1, 7)])
        # Each upper box's distinct points, and each roll's place among them.
        self.upper_points = {
            i: (values, np.array(place, dtype=np.intp))
            for i, (values, place) in model.upper_points.items()
        }
        self._extra_arrays()

    def _extra_arrays(self) -> None:
        np = self.np
        model = self.model
        flags = model.flags if model.kniffel_bit is not None else 0
        shape = ((model.full_mask + 1) * flags, 6, model.num_boxes)
        box = np.full(shape, -1, dtype=np.int64)
        points = np.zeros(shape, dtype=np.float64)
        upper = np.zeros(shape, dtype=np.int64)
        for (mask, fifty), per_face in self.model.extra_table.items():
            if fifty >= flags:
                continue
            key = mask * flags + fifty
            for f, options in enumerate(per_face):
                for slot, (b, value, bonus) in enumerate(options):
                    box[key, f, slot] = b
                    points[key, f, slot] = value + bonus
                    # The upper sum grows by the entry only, not by the bonus.
                    upper[key, f, slot] = value if model.is_upper[b] else 0
        self.extra_box = box
        self.extra_points = points
        self.extra_upper = upper

    def index(self, mask: Ints, upper: Ints, fifty: Ints | int) -> Ints:
        """The positions of states in the dense value array (`Model.index`, on arrays)."""
        m = self.model
        return (mask * (m.threshold + 1) + upper) * m.flags + fifty

    def final_rolls(self, mask: Ints, upper: Ints, fifty: Ints) -> Floats:
        """``W3``: the value of each final roll (252 x positions)."""
        np = self.np
        v = self.values
        model = self.model
        threshold = model.threshold
        kb = model.kniffel_bit
        n = len(mask)
        w = np.full((252, n), -np.inf)
        for i in range(model.num_boxes):
            bit = 1 << i
            closed = (mask & bit) != 0
            if model.forced:
                # Only the first open box of the sheet may be filled.
                closed |= (mask & (bit - 1)) != bit - 1
            if closed.all():
                continue
            nm = mask | bit
            if model.is_upper[i]:
                points, place = self.upper_points[i]
                g = np.empty((len(points), n))
                for c, p in enumerate(points):
                    nu = np.minimum(threshold, upper + p)
                    g[c] = p + v[self.index(nm, nu, fifty)]
                g[:, closed] = -np.inf
                np.maximum(w, g[place], out=w)
            elif i == kb and model.flags == 2:
                c0 = v[self.index(nm, upper, 0)]
                c1 = v[self.index(nm, upper, 1)]
                c0[closed] = -np.inf
                c1[closed] = -np.inf
                cand = np.where(self.fifty_rolls[:, None], c1[None, :], c0[None, :])
                cand += self.natural[i][:, None]
                np.maximum(w, cand, out=w)
            else:
                c = v[self.index(nm, upper, fifty)]
                c[closed] = -np.inf
                np.maximum(w, self.natural[i][:, None] + c[None, :], out=w)
        if kb is None:
            return w
        extra = np.nonzero(mask >> kb & 1)[0]
        if len(extra):
            w[np.ix_(self.kniffel_rows, extra)] = self._extra_values(
                mask[extra], upper[extra], fifty[extra]
            ).T
        return w

    def extra_candidates(self, mask: Ints, upper: Ints, fifty: Ints) -> Floats:
        """The value of every option of an extra Kniffel (positions x 6 faces x slots)."""
        np = self.np
        key = mask * self.model.flags + fifty
        box = self.extra_box[key]
        nm = mask[:, None, None] | (1 << np.maximum(box, 0))
        nu = np.minimum(self.model.threshold, upper[:, None, None] + self.extra_upper[key])
        total = self.extra_points[key] + self.values[self.index(nm, nu, fifty[:, None, None])]
        return np.where(box >= 0, total, -np.inf)

    def _extra_values(self, mask: Ints, upper: Ints, fifty: Ints) -> Floats:
        return self.extra_candidates(mask, upper, fifty).max(axis=2)

    def chain(self, w: Floats) -> list[Floats]:
        """``E[k]`` for every keep size ``k`` (0..4) and ``w`` itself at size 5."""
        levels: list[Any] = [None] * 6
        levels[5] = w
        for k in range(4, -1, -1):
            src = levels[k + 1]
            child = self.tab.children[k]
            acc = src[child[:, 0]]
            for f in range(1, 6):
                acc += src[child[:, f]]
            acc *= 1.0 / 6.0
            levels[k] = acc
        return levels

    def closure(self, levels: list[Floats], final: Floats) -> Floats:
        """The value of each roll with a throw left: stop (``final``) or the best keep."""
        np = self.np
        best = levels[0]
        for k in range(1, 6):
            parents = self.tab.parents[k]
            acc = (levels[k] if k < 5 else final).copy()
            for slot in range(min(k, 5)):
                np.maximum(acc, best[parents[:, slot]], out=acc)
            best = acc
        return best

    def turn_values(self, w3: Floats) -> tuple[list[Floats], list[Floats], Floats]:
        """Evaluate one turn from its final-roll values.

        Returns:
            ``(E1, E2, V)``: the keep values with one and with two throws
            left (by keep size), and the value at the start of the turn.
        """
        np = self.np
        if self.model.full_cup:
            e1 = [self.tab.probs @ w3]
            w2 = np.maximum(w3, e1[0][None, :])
            e2 = [self.tab.probs @ w2]
            w1 = np.maximum(w3, e2[0][None, :])
            return e1, e2, self.tab.probs @ w1
        e1 = self.chain(w3)
        w2 = self.closure(e1, w3)
        e2 = self.chain(w2)
        w1 = self.closure(e2, w3)
        return e1, e2, self.tab.probs @ w1

    def solve_layer(self, mask: Ints, upper: Ints, fifty: Ints) -> None:
        """Compute and store the values of the given positions (one layer)."""
        for start in range(0, len(mask), CHUNK):
            sl = slice(start, start + CHUNK)
            w3 = self.final_rolls(mask[sl], upper[sl], fifty[sl])
            _, _, value = self.turn_values(w3)
            self.values[self.index(mask[sl], upper[sl], fifty[sl])] = value


def _layers(model: Model, np: Any) -> list[tuple[Ints, Ints, Ints]]:
    """The reachable positions, grouped by the number of filled boxes, by mask."""
    reach: dict[tuple[int, ...], Any] = {}
    kb = model.kniffel_bit
    by_count: list[list[Any]] = [[] for _ in range(model.num_boxes + 1)]
    for mask in model.masks():
        sums = model.reach(mask)
        us = reach.get(sums)
        if us is None:
            us = reach[sums] = np.array(sums, dtype=np.int64)
        fifties = model.flags if kb is not None and mask >> kb & 1 else 1
        block = np.empty((3, len(us) * fifties), dtype=np.int64)
        block[0] = mask
        block[1] = np.tile(us, fifties)
        block[2] = np.repeat(np.arange(fifties), len(us))
        by_count[bin(mask).count("1")].append(block)
    layers = []
    for blocks in by_count:
        arr = np.concatenate(blocks, axis=1)
        layers.append((arr[0].copy(), arr[1].copy(), arr[2].copy()))
    return layers


def _is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class _Progress:
    """A progress bar on a terminal; elsewhere (a log, a pipe) a plain line each quarter.

    A carriage return redraws the bar in place on a terminal only: written
    to a file it would leave one long line of bars.
    """

    def __init__(self, total: int, label: str, stream: TextIO | None) -> None:
        self.total = total
        self.done = 0
        self.label = label
        self.stream = stream
        self.tty = stream is not None and _is_terminal(stream)
        self.quarter = -1
        self.start = time.perf_counter()

    def step(self, n: int) -> None:
        self.done += n
        if self.stream is None:
            return
        frac = min(1.0, self.done / self.total)
        elapsed = time.perf_counter() - self.start
        if not self.tty:
            quarter = int(4 * frac)
            if quarter > self.quarter:
                self.quarter = quarter
                self.stream.write(f"{self.label}: {25 * quarter}% ({elapsed:.1f} s)\n")
                self.stream.flush()
            return
        bar = "#" * int(30 * frac)
        self.stream.write(f"\r{self.label} [{bar:<30}] {100 * frac:5.1f}% {elapsed:6.1f} s")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def solve_values(
    rules: object, *, progress: bool = True, min_filled: int = 0, lang: Lang = "en"
) -> tuple[Model, Any]:
    """Compute the value of every reachable position under ``rules``.

    Args:
        rules: The rules.
        progress: Report the progress on stderr: a bar when it is a
            terminal, else a plain line at 0, 25, 50, 75 and 100 %.
        min_filled: Stop after the positions with this many filled boxes
            (0: the whole game; more leaves the earlier positions NaN).
        lang: The language of the progress line ("solving Yatzy",
            "Yatzy wird berechnet").

    Returns:
        The model and the dense numpy value array (NaN where unreachable).

    Raises:
        KniffelError: numpy is missing, or the rules are not covered.
    """
    np = numpy_or_error()
    model = Model(rules)
    stream = sys.stderr if progress else None
    label = translate(N_("solving {game}"), lang).format(game=model.game.INFO.title(lang))
    bar = _Progress(1, label, stream)
    bar.step(0)
    layers = _layers(model, np)
    states = sum(len(m) for m, _, _ in layers)
    # Reading the joker rules takes about a fifth of the time.
    bar.total = states + states // 4 if model.kniffel_bit is not None else states + 1
    values = np.full(model.size, np.nan)
    solver = Solver(model, values)
    bar.step(bar.total - states)
    mask, upper, fifty = layers[model.num_boxes]
    values[solver.index(mask, upper, fifty)] = [model.final_value(int(u)) for u in upper]
    bar.step(len(mask))
    for count in range(model.num_boxes - 1, min_filled - 1, -1):
        mask, upper, fifty = layers[count]
        solver.solve_layer(mask, upper, fifty)
        bar.step(len(mask))
    if min_filled > 0:
        bar.step(bar.total - bar.done)
    return model, values
