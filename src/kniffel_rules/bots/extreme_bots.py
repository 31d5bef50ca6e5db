"""Players for Kniffel Extreme: a greedy rule of thumb and a one-turn expectimax.

Both are policies (``policy(state, legal_actions, rng) -> action``) that
never draw from ``rng``: their choice depends on the state alone. They see
only the sheet of the player to move, so they play the same in a solitaire
game and at a table.

Examples:
    >>> from kniffel_rules import extreme, play
    >>> from kniffel_rules.bots import ExtremeExpectimax, ExtremeGreedy
    >>> final = play("extreme", [ExtremeExpectimax(), ExtremeGreedy()], seed=3)
    >>> extreme.is_terminal(final)
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs

from kniffel_rules import extreme
from kniffel_rules.bots._extreme_plan import TurnPlan, bonus_chance
from kniffel_rules.bots._lattice import INDEX
from kniffel_rules.bots._params import check_floats, check_number, check_positive
from kniffel_rules.bots._seen import seen_state
from kniffel_rules.dice import longest_run
from kniffel_rules.extreme import Action, Box, Observation, Roll, Score, State
from kniffel_rules.extreme import pieces as extreme_pieces
from kniffel_rules.extreme.pieces import BOXES, UPPER

__all__ = ["ExtremeExpectimax", "ExtremeGreedy", "ExtremeHeuristic"]

_B = Box
_FIXED = frozenset(
    {
        _B.THREE_PAIRS,
        _B.TWO_TRIPLES,
        _B.FULL_HOUSE,
        _B.BIG_FULL_HOUSE,
        _B.SMALL_STRAIGHT,
        _B.LARGE_STRAIGHT,
        _B.HIGHWAY,
        _B.KNIFFEL,
        _B.KNIFFEL_EXTREME,
        _B.TEN_OR_LESS,
        _B.THIRTY_THREE_OR_MORE,
    }
)
_STRAIGHTS = (_B.SMALL_STRAIGHT, _B.LARGE_STRAIGHT, _B.HIGHWAY)
_STRIKE_ORDER = (
    _B.ONES,
    _B.KNIFFEL_EXTREME,
    _B.TWOS,
    _B.HIGHWAY,
    _B.THREES,
    _B.TEN_OR_LESS,
    _B.TWO_TRIPLES,
    _B.FOUR_OF_A_KIND,
    _B.BIG_FULL_HOUSE,
    _B.KNIFFEL,
    _B.FOURS,
    _B.THREE_PAIRS,
    _B.LARGE_STRAIGHT,
    _B.THIRTY_THREE_OR_MORE,
    _B.FULL_HOUSE,
    _B.FIVES,
    _B.SMALL_STRAIGHT,
    _B.THREE_OF_A_KIND,
    _B.TWO_PAIRS,
    _B.SIXES,
    _B.CHANCE,
    _B.SUPER_CHANCE,
)
_STRIKE_RANK = {box: i for i, box in enumerate(_STRIKE_ORDER)}


def _gain(state: State, box: Box) -> int:
    """The points entering the dice in ``box`` adds to the mover's total now."""
    sheet = state.sheets[state.player]
    rules = state.rules
    points = extreme.score(box, state.dice)
    if box.face is None:
        return points
    before = sheet.upper_bonus(rules)
    layout = extreme_pieces.layout(rules)
    reached = sheet.upper_sum + points >= layout.threshold
    return points + (layout.bonus if reached else 0) - before


class ExtremeGreedy:
    """Greedy Extreme player: takes the box that adds the most points now.

    After a throw it stops when the best box is a fixed-value box that the
    dice fill (a straight, a Full House, a Kniffel, "10 or less" ...);
    otherwise it keeps a run of four or more when a straight box is open and
    no face shows three times, else the dice of its most common face (the
    higher face on a tie, the d10 included when it shows that face), and
    throws the rest. It hands in a chip for a fourth roll only when it would
    otherwise have to strike a box. Struck boxes are chosen to cost as little
    as possible (Ones first, Super-Chance last). Deterministic: it never draws
    from ``rng``.
    """

    def __call__(
        self, view: State | Observation, actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, extreme.GAME)
        scores = [a for a in actions if isinstance(a, Score)]
        if not scores:
            return actions[0]
        gains = {a: _gain(state, a.box) for a in scores}
        best = max(scores, key=lambda a: (gains[a], -_STRIKE_RANK[a.box]))
        if gains[best] == 0:
            best = min(scores, key=lambda a: _STRIKE_RANK[a.box])
        if best.box in _FIXED and gains[best] > 0:
            return best
        if state.rolls >= 3 and gains[best] > 0:
            return best  # a chip only to avoid a strike
        keep = _greedy_keep(state)
        return keep if keep in actions else best

    def __repr__(self) -> str:
        return "ExtremeGreedy()"


def _greedy_keep(state: State) -> Roll:
    d6, d10 = state.d6, state.d10
    faces = state.dice
    sheet = state.sheets[state.player]
    counts = Counter(faces)
    straight_open = any(not sheet.is_filled(b) for b in _STRAIGHTS)
    if straight_open and longest_run(faces) >= 4 and max(counts.values()) < 3:
        run = _longest_run_values(faces)
        keep_d6 = tuple(v for v in sorted(set(d6)) if v in run)
        keep_d10 = d10 in run and d10 not in keep_d6
        return Roll(keep_d6, keep_d10)
    face, _ = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    return Roll(tuple(v for v in d6 if v == face), d10 == face)


def _longest_run_values(faces: Sequence[int]) -> frozenset[int]:
    best: list[int] = []
    run: list[int] = []
    for v in sorted(set(faces)):
        run = [*run, v] if run and v == run[-1] + 1 else [v]
        if len(run) >= len(best):
            best = run
    return frozenset(best)


# Tuned by self-play (see docs/bots.md): the points a lower box left open is
# expected to bring, in the order of ``extreme.pieces.LOWER``.
_OPEN_VALUE = (
    24.0,  # THREE_OF_A_KIND
    19.0,  # FOUR_OF_A_KIND
    25.0,  # TWO_PAIRS
    26.0,  # THREE_PAIRS
    24.0,  # TWO_TRIPLES
    23.0,  # FULL_HOUSE
    23.0,  # BIG_FULL_HOUSE
    28.0,  # SMALL_STRAIGHT
    29.0,  # LARGE_STRAIGHT
    18.0,  # HIGHWAY
    21.0,  # KNIFFEL
    12.0,  # KNIFFEL_EXTREME
    25.0,  # TEN_OR_LESS
    25.0,  # THIRTY_THREE_OR_MORE
    26.0,  # CHANCE
    52.0,  # SUPER_CHANCE
)


@attrs.frozen(slots=True, kw_only=True)
class ExtremeHeuristic:
    """The value `ExtremeExpectimax` puts on a sheet, beyond the points already on it.

    Each open lower box is worth ``open_value`` points; each open upper box
    ``face x count_mean[face - 1]``; the bonus is worth its points times the
    chance of reaching it, estimated with a normal approximation from the
    upper sum and the open upper boxes; a chip is worth ``chip_value`` while
    the player has fewer chips than turns left.

    Raises:
        InvalidStateError: ``open_value`` does not hold 16 numbers,
            ``count_mean`` 6 (as tuples), or ``count_spread`` is not
            positive (every value must be a finite number).

    Attributes:
        open_value: The expected points of each lower box left open, in the
            order of ``extreme.pieces.LOWER``.
        count_mean: The expected number of dice each open upper box (Ones
            to Sixes) will count.
        count_spread: The standard deviation of that number.
        chip_value: What handing in a chip costs, in points.
    """

    open_value: tuple[float, ...] = attrs.field(default=_OPEN_VALUE, validator=check_floats(16))
    count_mean: tuple[float, ...] = attrs.field(default=(3.0,) * 6, validator=check_floats(6))
    count_spread: float = attrs.field(default=1.2, validator=check_positive)
    chip_value: float = attrs.field(default=8.0, validator=check_number)


class ExtremeExpectimax:
    """Strong Extreme player: one-turn expectimax over the exact throws.

    At each decision it compares every legal action by its expected value:
    the points of the box the turn ends in plus the `ExtremeHeuristic` value
    of the sheet left behind, averaged exactly over every throw the
    remaining rolls can bring (the fourth roll costing a chip), with the best
    decision taken at every later point of the turn. The tables of a turn are
    computed once, at its first decision (about 10 ms of pure Python; 2 ms a
    decision on average) and reused for the turn's later decisions.
    Deterministic: it never draws from ``rng``.

    Args:
        heuristic: The sheet evaluation (``None``: the tuned default).
    """

    def __init__(self, heuristic: ExtremeHeuristic | None = None) -> None:
        self.heuristic = ExtremeHeuristic() if heuristic is None else heuristic
        self._plans: dict[tuple[object, ...], TurnPlan] = {}

    def __call__(
        self, view: State | Observation, actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, extreme.GAME)
        if state.rolls == 0 or len(actions) == 1:
            return actions[0]
        plan = self.plan(state)
        d10 = state.d10
        assert d10 is not None
        throw = INDEX[state.d6] * 10 + d10
        box_values = plan.box_values(throw)
        rolls_legal = any(isinstance(a, Roll) for a in actions)
        layer = plan.layer(state.rolls) if rolls_legal else None
        best, best_value = actions[0], -1e300
        for action in actions:
            if isinstance(action, Score):
                value = box_values[action.box.value]
                assert value is not None
            else:
                assert layer is not None
                by_d10, thrown = layer
                keep = INDEX[action.keep_d6]
                value = by_d10[d10][keep] if action.keep_d10 else thrown[keep]
            if value > best_value:
                best, best_value = action, value
        return best

    def plan(self, state: State) -> TurnPlan:
        """The turn plan for the sheet of the player to move (cached per sheet)."""
        sheet = state.sheets[state.player]
        rules = state.rules
        turns_left = len(BOXES) - sheet.filled()
        chips = sheet.chips
        chip_cost: float | None = None
        if chips > 0:
            chip_cost = 0.0 if chips >= turns_left else self.heuristic.chip_value
        key = (sheet.entries, chip_cost, rules)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= 8:
                self._plans.clear()
            plan = self._plans[key] = TurnPlan(self._box_tables(state), chip_cost)
        return plan

    def _box_tables(self, state: State) -> list[list[float] | None]:
        h = self.heuristic
        sheet = state.sheets[state.player]
        rules = state.rules
        s = sheet.upper_sum
        open_faces = [b.value + 1 for b in UPPER if not sheet.is_filled(b)]
        means = h.count_mean
        layout = extreme_pieces.layout(rules)
        threshold, bonus = layout.threshold, layout.bonus

        def chance(upper: int, faces: Sequence[int]) -> float:
            return bonus * bonus_chance(upper, faces, threshold, means, h.count_spread)

        keep_bonus = chance(s, open_faces)
        top = 2 * 39 + 1
        tables: list[list[float] | None] = []
        for box in BOXES:
            if sheet.is_filled(box):
                tables.append(None)
            elif box.face is None:
                w = h.open_value[box.value - 6] - keep_bonus
                tables.append([x - w for x in range(top)])
            else:
                f = box.face
                rest = [g for g in open_faces if g != f]
                par = f * h.count_mean[f - 1]
                by_count = [c * f - par + chance(s + c * f, rest) for c in range(7)]
                tables.append([by_count[min(x // f, 6)] for x in range(top)])
        return tables

    def __repr__(self) -> str:
        return f"ExtremeExpectimax({self.heuristic!r})"
