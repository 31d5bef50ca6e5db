"""Many optimal solitaire games at once, with numpy (the ``solver`` extra).

`simulate` plays whole games in batches: every game of a batch is at the
same turn, so each turn is one array evaluation of all the batch's
positions (the solver's), then the dice are thrown for all games together.
It makes the same choices as `OptimalSolitaire` (the first best action in
``legal_actions`` order; up to floating-point ties).

The dice come from ``numpy.random.default_rng(seed)``: each throw draws
five faces per game with ``rng.integers(1, 7, size=(games, 5))`` and uses
the first ones needed. The same seed and batch size give the same games.
"""

from __future__ import annotations

from typing import Any

import attrs

from kniffel_rules._fields import type_name
from kniffel_rules._json import check_int
from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._solver import Solver, numpy_or_error
from kniffel_rules.bots.optimal._table import ValueTable
from kniffel_rules.bots.optimal.player import OptimalSolitaire
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_BATCH

__all__ = ["Simulation", "simulate"]


@attrs.frozen(slots=True)
class Simulation:
    """The result of `simulate`.

    Attributes:
        scores: The final score of each game (a numpy int64 array).
        expected: The exact optimal expected score of the rules.
        records: With ``record=True``: each game's actions and dice (the
            game's own objects, read from their wire form with
            ``action_from_dict``), in the order ``kniffel_rules.replay``
            takes them from ``new_game()``.
    """

    scores: Any
    expected: float
    records: tuple[tuple[Any, ...], ...] = ()

    @property
    def mean(self) -> float:
        """The mean final score (NaN for no games)."""
        return float(self.scores.mean()) if len(self.scores) else float("nan")

    @property
    def standard_error(self) -> float:
        """The standard error of the mean."""
        n = len(self.scores)
        return float(self.scores.std(ddof=1)) / n**0.5 if n > 1 else float("nan")


class _Batch:
    """The arrays shared by every batch of one simulation."""

    def __init__(self, table: ValueTable, np: Any) -> None:
        self.np = np
        self.model = table.model
        game = table.model.game
        keys = table.model.layout.keys
        self.scores = tuple(
            game.action_from_dict({"type": "score", "box": keys[b]}) for b in table.model.boxes
        )
        self.first = game.action_from_dict({"type": "roll", "keep": []})
        self.action_from_dict = game.action_from_dict
        values = np.frombuffer(table.values, dtype=np.float64)
        self.solver = Solver(table.model, values)
        pad = max(len(k) for k in ms.KEEPS)
        keeps = np.full((252, pad), -1, dtype=np.int64)
        for r, ks in enumerate(ms.KEEPS):
            keeps[r, : len(ks)] = ks
        self.keeps = keeps
        self.keep_size = np.array([len(m) for m in ms.MULTISETS], dtype=np.int64)
        counts = np.zeros((len(ms.MULTISETS), 6), dtype=np.int64)
        for i, m in enumerate(ms.MULTISETS):
            for f in m:
                counts[i, f - 1] += 1
        self.counts = counts
        code = np.full(6**6, -1, dtype=np.int64)
        for r in range(len(ms.ROLLS)):
            code[self._code(counts[ms.OFFSET[5] + r])] = r
        self.roll_of_code = code
        self.powers = 6 ** np.arange(6, dtype=np.int64)
        # The face (0-based) of each roll of five equal dice, -1 for the others.
        self.face = np.array([r[0] - 1 if r[0] == r[4] else -1 for r in ms.ROLLS])

    @staticmethod
    def _code(counts: Any) -> int:
        return int(sum(int(c) * 6**f for f, c in enumerate(counts)))

    def throw(self, rng: Any, keep: Any) -> Any:
        """The roll after keeping the multisets ``keep`` (global indices)."""
        np = self.np
        faces = rng.integers(1, 7, size=(len(keep), 5))
        thrown = 5 - self.keep_size[keep]
        counts = self.counts[keep].copy()
        for pos in range(5):
            use = pos < thrown
            np.add.at(counts, (np.nonzero(use)[0], faces[use, pos] - 1), 1)
        return self.roll_of_code[counts @ self.powers]

    def box_values(self, mask: Any, upper: Any, fifty: Any, roll: Any) -> tuple[Any, Any, Any]:
        """Each box's worth for the final ``roll`` of every game (games x boxes).

        Returns:
            ``(value, entered, gained)``: the points gained plus the value of
            the next position (-inf where the box is not allowed), the points
            entered in the box, and the points gained (bonus included).
        """
        np = self.np
        model = self.model
        s = self.solver
        n = len(mask)
        kb = model.kniffel_bit
        value = np.full((n, model.num_boxes), -np.inf)
        entered = s.natural[:, roll].T.astype(np.int64)
        gained = entered.copy()
        for i in range(model.num_boxes):
            nat = entered[:, i]
            nu = np.minimum(model.threshold, upper + nat) if model.is_upper[i] else upper
            nf = fifty
            if i == kb and model.flags == 2:
                nf = (nat == model.full_value).astype(np.int64)
            bit = 1 << i
            allowed = (mask & bit) == 0
            if model.forced:
                allowed &= (mask & (bit - 1)) == bit - 1
            after = s.values[s.index(mask | bit, nu, nf)]
            value[:, i] = np.where(allowed, nat + after, -np.inf)
        if kb is None:
            return value, entered, gained
        extra = np.nonzero((mask >> kb & 1 == 1) & (self.face[roll] >= 0))[0]
        if len(extra):
            face = self.face[roll[extra]]
            pick = np.arange(len(extra))
            cand = s.extra_candidates(mask[extra], upper[extra], fifty[extra])[pick, face]
            key = mask[extra] * model.flags + fifty[extra]
            boxes = s.extra_box[key, face]
            ok = boxes >= 0
            rows = np.broadcast_to(extra[:, None], boxes.shape)[ok]
            cols = boxes[ok]
            value[extra] = -np.inf
            value[rows, cols] = cand[ok]
            entered[rows, cols] = s.extra_upper[key, face][ok]
            gained[rows, cols] = s.extra_points[key, face][ok].astype(np.int64)
        return value, entered, gained


def simulate(
    games: int,
    *,
    rules: object = None,
    table: ValueTable | None = None,
    seed: int | None = None,
    batch: int = 512,
    record: bool = False,
) -> Simulation:
    """Play ``games`` optimal solitaire games and return their final scores.

    Args:
        games: How many games (an ``int`` >= 0; the time and the scores'
            memory grow with it, nothing else does).
        rules: A game's rules (``None``: classic Kniffel's rulebook), if no
            ``table`` is given.
        table: The value table to play by (default: `OptimalSolitaire`'s).
        seed: The seed of ``numpy.random.default_rng`` (an ``int`` >= 0, or
            ``None``: fresh entropy).
        batch: Games evaluated together (memory grows with it), 1 to
            `limits.MAX_BATCH`.
        record: Keep every game's actions, to replay them with the game.

    Returns:
        The scores (and records).

    Raises:
        KniffelError: numpy is missing, or the rules are not covered.
        InvalidStateError: ``games`` or ``batch`` is not such a count,
            ``seed`` not such a seed, ``table`` not a `ValueTable`.
    """
    check_int(games, "games", 0)
    check_int(batch, "batch", 1, MAX_BATCH)
    if seed is not None:
        check_int(seed, "seed", 0)
    if table is not None and not isinstance(table, ValueTable):
        raise InvalidStateError("table", f"expected a ValueTable or None, got {type_name(table)}")
    np = numpy_or_error()
    if table is None:
        table = OptimalSolitaire(rules, progress=False).table
    data = _Batch(table, np)
    rng = np.random.default_rng(seed)
    scores = []
    records: list[tuple[Any, ...]] = []
    for start in range(0, games, batch):
        n = min(batch, games - start)
        got, recs = _play_batch(data, rng, n, record)
        scores.append(got)
        records.extend(recs)
    played = np.concatenate(scores) if scores else np.zeros(0, dtype=np.int64)  # games=0
    return Simulation(played, table.expected_score, tuple(records))


def _play_batch(data: _Batch, rng: Any, n: int, record: bool) -> tuple[Any, list[tuple[Any, ...]]]:
    np = data.np
    model = data.model
    s = data.solver
    mask = np.zeros(n, dtype=np.int64)
    upper = np.zeros(n, dtype=np.int64)
    fifty = np.zeros(n, dtype=np.int64)
    score = np.zeros(n, dtype=np.int64)
    logs: list[list[Any]] = [[] for _ in range(n)] if record else []
    dice = data.action_from_dict
    games = np.arange(n)
    empty = np.zeros(n, dtype=np.int64)
    for _turn in range(model.num_boxes):
        w3 = s.final_rolls(mask, upper, fifty)
        e1, e2, _ = s.turn_values(w3)
        keep1 = np.concatenate(e1, axis=0) if len(e1) > 1 else e1[0][None, :]
        keep2 = np.concatenate(e2, axis=0) if len(e2) > 1 else e2[0][None, :]
        roll = data.throw(rng, empty)
        if record:
            for g in range(n):
                logs[g] += [data.first, dice({"type": "dice", "values": list(ms.ROLLS[roll[g]])})]
        done = np.zeros(n, dtype=bool)
        for keeps in (keep2, keep1):
            if model.full_cup:
                best_keep = np.zeros(n, dtype=np.int64)
                keep_value = keeps[0]
            else:
                cand = data.keeps[roll]
                kv = np.where(cand >= 0, keeps[np.maximum(cand, 0), games[:, None]], -np.inf)
                pick = kv.argmax(axis=1)
                best_keep = cand[games, pick]
                keep_value = kv[games, pick]
            again = ~done & (keep_value > w3[roll, games])
            done |= ~again
            idx = np.nonzero(again)[0]
            if len(idx):
                new = data.throw(rng, best_keep[idx])
                if record:
                    for g, k, r in zip(idx, best_keep[idx], new, strict=True):
                        kept = ms.MULTISETS[k]
                        thrown = list(ms.ROLLS[r])
                        for f in kept:
                            thrown.remove(f)
                        logs[g] += [
                            dice({"type": "roll", "keep": list(kept)}),
                            dice({"type": "dice", "values": thrown}),
                        ]
                roll[idx] = new
        value, entered, gained = data.box_values(mask, upper, fifty, roll)
        box = value.argmax(axis=1)
        points = entered[games, box]
        if record:
            for g in range(n):
                logs[g].append(data.scores[box[g]])
        score += gained[games, box]
        is_upper = np.array(model.is_upper)[box]
        upper = np.where(is_upper, np.minimum(model.threshold, upper + points), upper)
        if model.flags == 2:
            fifty = np.where(
                box == model.kniffel_bit, (points == model.full_value).astype(np.int64), fifty
            )
        mask = mask | (1 << box)
    score += np.where(upper >= model.threshold, model.upper_bonus, 0)
    return score, [tuple(log) for log in logs]
