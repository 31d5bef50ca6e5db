"""`WinProbabilityPlayer`: the classic player that maximises its chance of winning."""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
from collections import OrderedDict
from collections.abc import Iterable, Sized
from typing import Any, NamedTuple

from kniffel_rules._i18n import N_, Text
from kniffel_rules._json import check_int
from kniffel_rules.bots._seen import seen_state
from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.bots.optimal import OptimalSolitaire
from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import Model, check_play_rules, solver_rules
from kniffel_rules.bots.optimal._solver import _Tables
from kniffel_rules.bots.winning import _exact, _moments
from kniffel_rules.bots.winning._moments import Moments, chain_pair, closure_pair
from kniffel_rules.classic import (
    GAME,
    Action,
    Box,
    Observation,
    Phase,
    Roll,
    Rules,
    Score,
    Sheet,
    State,
    legal_actions,
)
from kniffel_rules.classic.combinations import possible_values
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import IllegalActionError, KniffelError
from kniffel_rules.limits import MAX_PLAYERS

__all__ = ["MAX_OPPONENTS", "WinAdvice", "WinProbabilityPlayer"]

MAX_OPPONENTS = MAX_PLAYERS - 1
"""The most finished opponents `WinProbabilityPlayer.advise` takes: a game has
at most `limits.MAX_PLAYERS` players, the mover included."""

_SLOTS = tuple(box.value for box in BOXES)
_BOX_INDEX = {box: i for i, box in enumerate(BOXES)}
_TAIL = 8.0
"""Standard deviations beyond which a normal's mass is ignored (about 1e-15)."""
_MIN_SD = 1e-9
"""A smaller standard deviation is a point mass (a finished sheet has 0)."""
_EXACT_OPEN = 2
"""Positions with at most this many boxes open get exact distributions (`_exact`)."""
_MARGIN = 0.01
"""The gain in estimated P(win) below which the policy keeps the average-maximising
move where the normal model is used (not where the estimate is exact)."""
_TIEBREAK = 1e-9
"""Weight of the expected final score when two actions win equally often."""


class WinAdvice(NamedTuple):
    """One legal action, its estimated probability of winning and its expected score.

    Attributes:
        action: A ``Roll`` or ``Score`` action.
        win: The estimated probability that the player finishes first (a
            tie for first among ``k`` players counts ``1/k``) if they take
            ``action`` and then play this player's way.
        score: The expected final score after ``action`` with optimal
            solitaire play (`OptimalSolitaire.advise`).
    """

    action: Action
    win: float
    score: float


def _erf(np: Any, x: Any) -> Any:
    """The error function on arrays (Abramowitz-Stegun 7.1.26, error below 1.5e-7).

    Exactly 0 and 1 for Phi far in the tails, so point masses stay exact.
    """
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    return sign * (1.0 - poly * np.exp(-a * a))


def _phi(np: Any, z: Any) -> Any:
    return 0.5 * (1.0 + _erf(np, z * (1.0 / math.sqrt(2.0))))


_YMAX = 2048
"""Final scores above this are not reached under the rulebook's rules (1575 is
classic's maximum); rules with higher box values widen the tables (`_top`)."""


def _top(rules: Rules) -> int:
    """A final score no game under ``rules`` exceeds.

    Every box at its best, the upper bonus, and an extra-Kniffel bonus for
    every box but the Kniffel box.
    """
    best = sum(max(possible_values(box, rules)) for box in BOXES)
    return best + rules.upper_bonus + rules.extra_kniffel_bonus * (len(BOXES) - 1)


class _Table:
    """The win chance given one's own final score, against the other seats.

    ``others``: per other seat, a normal ``(0, mean final, sd)`` or an exact
    distribution ``(1, points so far, position index)`` (`_exact`); besides,
    at most one entry ``(2, total, count)``: ``count`` finished opponents
    whose best total is ``total`` (the lower totals cannot matter: who beats
    the best beats them all). The cost is linear in the number of entries
    beside the normals and exact ones, and does not depend on ``count``.
    """

    def __init__(self, np: Any, others: list[Any], exact: Any = None, ymax: int = _YMAX) -> None:
        self.np = np
        self.full = np.ones(ymax)
        if not others:
            self.lo = self.hi = 0
            self.w: Any = np.ones(1)
            return
        lo, hi = ymax, 0
        pmfs: list[Any] = []
        finished = None
        for kind, a, b in others:
            if kind == 0:
                lo = min(lo, math.floor(a - _TAIL * b) - 1)
                hi = max(hi, math.ceil(a + _TAIL * b) + 1)
                pmfs.append(None)
            elif kind == 1:
                pmf = exact.pmf(b)
                top = int(np.nonzero(pmf)[0][-1])
                lo = min(lo, a - 1)
                hi = max(hi, a + top + 1)
                pmfs.append(pmf)
            else:
                finished = (a, b)
                lo = min(lo, a - 1)
                hi = max(hi, a + 1)
                pmfs.append(None)
        y = np.arange(lo, hi + 1, dtype=np.float64)
        # poly[k](y): P(exactly k others score y and the rest less than y).
        poly = [np.ones_like(y)]
        for (kind, a, b), pmf in zip(others, pmfs, strict=True):
            if kind == 2:
                continue
            if kind == 0:
                s = max(b, _MIN_SD)
                below = _phi(np, (y - 0.5 - a) / s)
                equal = _phi(np, (y + 0.5 - a) / s) - below
            else:
                equal = np.zeros_like(y)
                start = a - lo
                n = min(len(pmf), len(y) - start)
                equal[start : start + n] = pmf[:n]
                below = np.cumsum(equal) - equal
            nxt = [p * below for p in poly] + [np.zeros_like(y)]
            for k, p in enumerate(poly):
                nxt[k + 1] += p * equal
            poly = nxt
        if finished is None:
            self.w = plain_sum(p / (k + 1) for k, p in enumerate(poly))
        else:
            # ``count`` opponents on ``total``: below it nobody wins, on it
            # they all tie, above it they all lose.
            total, count = finished
            above = (y > total).astype(np.float64)
            equal = (y == total).astype(np.float64)
            share = plain_sum(p / (k + 1) for k, p in enumerate(poly))
            tied = plain_sum(p / (k + 1 + count) for k, p in enumerate(poly))
            self.w = above * share + equal * tied
        self.lo, self.hi = lo, hi
        self.y = y
        ys = np.arange(ymax)
        inside = self.w[np.clip(ys - lo, 0, len(self.w) - 1)]
        self.full = np.where(ys < lo, 0.0, np.where(ys > hi, 1.0, inside))

    def win(self, mean: Any, sd: Any) -> Any:
        """P(win) of final scores ``N(mean, sd)`` rounded to integers (arrays)."""
        np = self.np
        if self.hi == self.lo:
            return np.ones_like(mean)
        s = np.maximum(sd, _MIN_SD)[:, None]
        m = mean[:, None]
        cdf = _phi(np, (self.y[None, :] + 0.5 - m) / s)
        lower = _phi(np, (self.lo - 0.5 - mean) / s[:, 0])
        pmf = np.diff(cdf, axis=1, prepend=lower[:, None])
        return pmf @ self.w + (1.0 - cdf[:, -1])

    def win_exact(self, base: Any, pmfs: Any) -> Any:
        """P(win) of final scores ``base + X``, ``X`` of the distributions ``pmfs`` (rows)."""
        np = self.np
        at = np.minimum(base[:, None] + np.arange(pmfs.shape[1])[None, :], len(self.full) - 1)
        return (pmfs * self.full[at]).sum(axis=1)


class _Position(NamedTuple):
    base: int
    mask: int
    upper: int
    fifty: int


class WinProbabilityPlayer:
    """The classic player for two or more players that plays to win, and a coach.

    At every decision it picks the action with the highest estimated
    probability of finishing first, from its own position, its total and
    the other seats' totals and positions. Each player's points still to
    come are modelled from optimal solitaire play from their position: with
    at most two boxes open by their exact distribution (`_exact`), otherwise
    by a normal distribution, rounded to whole points, with the mean and
    variance of that play (`_moments`); the players are independent. Inside
    a turn the player searches every keep and entry exactly (the expectimax
    of `OptimalSolitaire`) with the probability of winning after each entry
    as the value. Where the estimate is exact (the player's entries leave it
    at most two boxes open and every opponent has at most two open or has
    finished) it plays the best action; where a normal distribution enters
    the estimate, it leaves the average-maximising action of
    `OptimalSolitaire` only for a gain of more than 0.01 in estimated
    probability (the normal model's errors otherwise cost average score).
    `advise` reports the estimates themselves.

    A tie for first among ``k`` players counts ``1/k`` of a win (classic's
    `winners` lets tied players share the win). Equal chances are broken by
    the expected final score. In a series (``rules.games > 1``) it plays
    each game to win that game.

    The object is a policy: ``bot(state, actions, rng)`` (``rng`` unused).
    In a one-player game it plays as `OptimalSolitaire`. It needs numpy
    (the ``solver`` extra): the variances are computed on first use (about
    20 s of CPU time, 16 MB, kept in memory for the process), the exact
    distributions when first needed (about 9 ms each, 4 KB each, at most
    about 11,000 of them: 44 MB).

    Args:
        rules: The rules (``None``: the rulebook); the Croatian variant is
            not covered.

    Raises:
        KniffelError: numpy is missing, or the rules are not covered.

    Examples:
        >>> from kniffel_rules.bots import WinProbabilityPlayer
        >>> WinProbabilityPlayer()
        WinProbabilityPlayer(rules=Rules(...))
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self._rules = solver_rules(Rules() if rules is None else rules)
        if importlib.util.find_spec("numpy") is None:
            raise KniffelError(
                Text.of(
                    N_(
                        "WinProbabilityPlayer needs numpy: pip install 'kniffel-rules[solver]'"
                        " (from a clone: pip install -e '.[solver]')"
                    )
                )
            )
        self._solo = OptimalSolitaire(self._rules, progress=False, numpy=True)
        self._moments: Moments | None = None
        self._np: Any = None
        self._tab: Any = None
        self._seen_rules: Rules | None = None
        self._turns: OrderedDict[tuple[Any, ...], tuple[Any, ...]] = OrderedDict()
        self._exact: _exact.Exact | None = None
        self._margin = _MARGIN
        self._top = _top(self._rules)
        self._ymax = max(_YMAX, self._top + 3)

    @property
    def rules(self) -> Rules:
        """The rules played (with ``games=1`` and ``ranking="total"``)."""
        return self._rules

    @property
    def moments(self) -> Moments:
        """The mean and variance of every position, computed on first use."""
        if self._moments is None:
            import numpy as np

            self._np = np
            self._tab = _Tables(np)
            self._moments = _moments.moments(self._rules)
            self._exact = _exact.Exact(self._moments, self._tab, _EXACT_OPEN)
        return self._moments

    def _position(self, sheet: Sheet) -> _Position:
        model = self.moments.model
        mask = 0
        for i, slot in enumerate(_SLOTS):
            if sheet.entries[slot] is not None:
                mask |= 1 << i
        upper = min(model.threshold, sheet.upper_sum)
        fifty = 0
        if model.flags == 2 and sheet[Box.KNIFFEL] == self._rules.kniffel_score:
            fifty = 1
        base = sheet.total(self._rules) - sheet.upper_bonus(self._rules)
        return _Position(base, mask, upper, fifty)

    def _final(self, pos: _Position) -> tuple[int, float, float]:
        """A seat's final score: a normal ``(0, mean, sd)`` or exact ``(1, base, index)``."""
        mo = self.moments
        i = mo.model.index(pos.mask, pos.upper, pos.fifty)
        assert self._exact is not None
        if self._exact.covers(pos.mask):
            return 1, pos.base, i
        return 0, pos.base + float(mo.mean[i]), float(mo.sd[i])

    def _check(self, view: State | Observation) -> State:
        """The classic state ``view`` is or shows, under this player's rules."""
        state = seen_state(view, GAME)
        if state.rules is not self._seen_rules:  # checked once per rules object
            check_play_rules(self._rules, state.rules)
            self._seen_rules = state.rules
        return state

    def win_probability(self, state: State | Observation) -> tuple[float, ...]:
        """Each seat's estimated probability of winning the current game.

        Every seat's final score is modelled from its position at the start
        of its turn (the mover's dice are not looked at: `advise` does).
        Over, the game's result: 1 for a sole winner, ``1/k`` for each of
        ``k`` tied winners.

        Args:
            state: A classic state under the rules of this player.

        Returns:
            One probability per seat, in seat order; they sum to 1.

        Raises:
            KniffelError: ``state`` is not a classic state (or observation)
                of these rules.
        """
        state = self._check(state)
        finals = [self._final(self._position(s)) for s in state.sheets]
        if state.phase is Phase.OVER:
            last = state.results[-1]
            top = max(last)
            k = last.count(top)
            return tuple(1.0 / k if t == top else 0.0 for t in last)
        np = self._np
        out = []
        for seat, (kind, a, b) in enumerate(finals):
            others = [f for j, f in enumerate(finals) if j != seat]
            table = _Table(np, others, self._exact, self._ymax)
            if kind == 0:
                p = table.win(np.array([a]), np.array([b]))
            else:
                assert self._exact is not None
                p = table.win_exact(np.array([a]), self._exact.pmf(int(b))[None, :])
            out.append(float(p[0]))
        return tuple(out)

    def _turn(self, state: State, finished: tuple[int, int] | None = None) -> tuple[Any, ...]:
        """The expectimax of the mover's turn with P(win) at the leaves (cached).

        ``finished``: ``(best total, count)`` of finished opponents, instead
        of the state's other seats.
        """
        me = state.player
        pos = self._position(state.sheets[me])
        others: list[Any]
        if finished is None:
            others = [self._final(self._position(s)) for j, s in enumerate(state.sheets) if j != me]
        else:
            others = [(2, *finished)]
        key = (pos, tuple(others))
        found = self._turns.get(key)
        if found is not None:
            self._turns.move_to_end(key)
            return found
        np = self._np
        mo = self.moments
        model: Model = mo.model
        table = _Table(np, others, self._exact, self._ymax)
        open_boxes, gain, nxt, valid = _exact.entries(
            np, model, self._rules, pos.mask, pos.upper, pos.fifty
        )
        nb = len(open_boxes)
        pairs = gain * model.size + nxt
        uniq, inverse = np.unique(pairs[valid], return_inverse=True)
        g_u = uniq // model.size
        n_u = uniq % model.size
        mean_u = pos.base + g_u + mo.mean[n_u]
        exact = self._exact
        assert exact is not None
        approx = any(kind == 0 and b > 0 for kind, _, b in others)
        if exact.covers(pos.mask | (1 << open_boxes[0])):
            pmfs = np.array([exact.pmf(int(n)) for n in n_u.tolist()])
            win_u = table.win_exact(pos.base + g_u, pmfs)
        else:
            approx = True
            win_u = table.win(mean_u, mo.sd[n_u])
        win = np.full((nb, 252), -np.inf)
        score = np.zeros((nb, 252))
        win[valid] = win_u[inverse.ravel()]
        score[valid] = mean_u[inverse.ravel()]
        util = win + _TIEBREAK * score
        util[~valid] = -np.inf
        best = util.argmax(axis=0)
        cols = np.arange(252)
        w3 = util[best, cols]
        p3 = win[best, cols]
        tab = self._tab
        probs = tab.probs
        if self._rules.full_cup:
            keep1 = (np.array([probs @ w3]), np.array([probs @ p3]))
            w2 = np.where(w3 >= keep1[0][0], w3, keep1[0][0])
            p2 = np.where(w3 >= keep1[0][0], p3, keep1[1][0])
            keep2 = (np.array([probs @ w2]), np.array([probs @ p2]))
            w1 = np.where(w3 >= keep2[0][0], w3, keep2[0][0])
            p1 = np.where(w3 >= keep2[0][0], p3, keep2[1][0])
        else:
            lv1 = chain_pair(tab, w3[:, None].copy(), p3[:, None].copy())
            w2, p2 = closure_pair(np, tab, lv1, (w3[:, None], p3[:, None]))
            lv2 = chain_pair(tab, w2, p2)
            w1, p1 = closure_pair(np, tab, lv2, (w3[:, None], p3[:, None]))
            keep1 = tuple(np.concatenate([lv[j][:, 0] for lv in lv1]) for j in (0, 1))
            keep2 = tuple(np.concatenate([lv[j][:, 0] for lv in lv2]) for j in (0, 1))
            w1, p1 = w1[:, 0], p1[:, 0]
        start = (float(probs @ w1), float(probs @ p1))
        found = (pos, open_boxes, util, win, keep1, keep2, start, approx)
        self._turns[key] = found
        if len(self._turns) > 64:
            self._turns.popitem(last=False)
        return found

    def _values(
        self, state: State, actions: tuple[Action, ...], finished: tuple[int, int] | None = None
    ) -> list[tuple[float, float]]:
        """``(utility, P(win))`` of each legal action of the mover."""
        _, open_boxes, util, win, keep1, keep2, start, _ = self._turn(state, finished)
        if state.rolls == 0:
            return [start for _ in actions]
        dice = state.dice
        roll = ms.ROLL_INDEX[dice]
        keeps = keep2 if state.rolls_left >= 2 else keep1
        col = {i: c for c, i in enumerate(open_boxes)}
        out = []
        for action in actions:
            if isinstance(action, Roll):
                k = ms.INDEX[action.keep]
                out.append((float(keeps[0][k]), float(keeps[1][k])))
            else:
                assert isinstance(action, Score)
                c = col[_BOX_INDEX[action.box]]
                out.append((float(util[c, roll]), float(win[c, roll])))
        return out

    def _decision(self, view: State | Observation) -> State:
        state = self._check(view)
        if state.phase is not Phase.DECIDE:
            raise IllegalActionError(
                Text.of(
                    N_("there is no decision to advise on: the state's phase is {phase}"),
                    phase=state.phase.value,
                )
            )
        return state

    def _finished(self, opponents: Iterable[int]) -> tuple[int, int]:
        """``(best total, count)`` of the finished opponents' totals, checked.

        A total above the most any game under the rules scores (`_top`) is
        unbeatable whatever its size: it counts as that most plus one, so
        the table stays the size of the game's scores.
        """
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Iterable):
            raise KniffelError(
                Text.of(
                    N_("opponents: expected a list of final scores, got {type}"),
                    type=type(opponents).__name__,
                )
            )
        if isinstance(opponents, Sized) and len(opponents) > MAX_OPPONENTS:
            raise KniffelError(
                Text.of(
                    N_(
                        "opponents: at most {most} opponents (a game has at most {players} "
                        "players), got {count}"
                    ),
                    most=MAX_OPPONENTS,
                    players=MAX_PLAYERS,
                    count=len(opponents),
                )
            )
        best, count = -1, 0
        for i, total in enumerate(itertools.islice(opponents, MAX_OPPONENTS + 1)):
            if i == MAX_OPPONENTS:
                raise KniffelError(
                    Text.of(
                        N_(
                            "opponents: at most {most} opponents (a game has at most {players} "
                            "players)"
                        ),
                        most=MAX_OPPONENTS,
                        players=MAX_PLAYERS,
                    )
                )
            check_int(total, f"opponents[{i}]", 0)
            if total > best:
                best, count = total, 1
            elif total == best:
                count += 1
        if count == 0:
            raise KniffelError(
                Text.of(N_("opponents: expected one or more final scores, got none"))
            )
        return min(best, self._top + 1), count

    def advise(
        self, state: State | Observation, *, opponents: Iterable[int] | None = None
    ) -> tuple[WinAdvice, ...]:
        """Every legal action of the mover with its estimated P(win), best first.

        The actions are exactly ``classic.legal_actions(state)``, ranked by
        the probability of winning (then by the expected score); ties keep
        that order.

        Args:
            state: A classic state of two or more players at a decision
                (phase ``DECIDE``) under the rules of this player, or a
                player's observation of one.
            opponents: The final scores of opponents who have finished,
                played against instead of the state's other seats (then
                ``state`` may be a one-player position, as the coach's
                ``kniffel advise --opponents`` describes one). With the
                mover's last turn this is exact. Each is an ``int`` (not a
                ``bool``) of at least 0; at most `MAX_OPPONENTS` of them
                (999: a game has at most `limits.MAX_PLAYERS` players). Only
                the best total and how many share it matter, so the cost
                does not grow with their number; a total above the most the
                rules can score cannot be beaten (every action then has
                P(win) 0, ranked by the expected score).

        Returns:
            `WinAdvice` tuples ``(action, win, score)``, the best first.

        Raises:
            IllegalActionError: ``state`` is not a decision.
            KniffelError: ``state`` is played under other rules, or by one
                player (there is nobody to beat: ask `OptimalSolitaire`), or
                ``opponents`` is not a list of one to `MAX_OPPONENTS` whole
                numbers of at least 0 (`InvalidStateError` naming
                ``opponents[i]`` for a bad total).
        """
        state = self._decision(state)
        finished = None
        if opponents is not None:
            finished = self._finished(opponents)
        elif state.num_players < 2:
            raise KniffelError(
                Text.of(N_("a one-player game has nobody to beat: ask OptimalSolitaire for advice"))
            )
        actions: tuple[Action, ...] = legal_actions(state)  # type: ignore[assignment]
        values = self._values(state, actions, finished)
        scores = dict(self._solo.advise(state))
        ranked = sorted(range(len(actions)), key=lambda i: -values[i][0])
        return tuple(
            WinAdvice(actions[i], min(1.0, max(0.0, values[i][1])), scores[actions[i]])
            for i in ranked
        )

    def __call__(
        self, state: State | Observation, actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The policy: an action of ``actions`` most likely to win (first on a tie).

        ``state`` is the state or the player's observation of it.

        Where the estimate is not exact, the average-maximising action unless
        another one is estimated to win more than 0.01 more often.
        """
        state = self._decision(state)
        if len(actions) == 1:
            return actions[0]
        if state.num_players < 2:
            return self._solo(state, actions, rng)
        values = self._values(state, actions)
        best = max(range(len(actions)), key=lambda i: values[i][0])
        if self._margin > 0 and self._turn(state)[-1]:
            # The normal model decides: leave the average-maximising move
            # only for a clear gain.
            usual = self._solo(state, actions, rng)
            at = actions.index(usual)
            if values[best][1] - values[at][1] <= self._margin:
                return usual
        return actions[best]

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` and `copy.deepcopy` keep: everything but the numpy module.

        A warmed player (moments, exact distributions and turns computed)
        ships to a worker process with what it has computed.
        """
        state = self.__dict__.copy()
        state["_np"] = None
        state["_tab"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled player (numpy is imported again if it was in use)."""
        self.__dict__.update(state)
        if self._moments is not None:
            import numpy as np

            self._np = np
            self._tab = _Tables(np)

    def __repr__(self) -> str:
        return f"WinProbabilityPlayer(rules={self._rules!r})"
