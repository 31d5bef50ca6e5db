"""Players for Kniffel: Das Duell: a greedy rule of thumb and a one-turn expectimax.

Both are policies (``policy(state, legal_actions, rng) -> action``) that
never draw from ``rng``: their choice depends on the state alone. The game
has no hidden information; in a match (``match_wins`` > 1) they play each
game to win it.

Examples:
    >>> from kniffel_rules import duel, play
    >>> from kniffel_rules.bots import DuelExpectimax, DuelGreedy
    >>> final = play("duel", [DuelExpectimax(), DuelGreedy()], seed=3)
    >>> duel.is_terminal(final)
    True
"""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs

from kniffel_rules import duel
from kniffel_rules.bots._duel_plan import TurnPlan, area_chances
from kniffel_rules.bots._lattice import INDEX
from kniffel_rules.bots._params import check_number, check_positive
from kniffel_rules.bots._seen import seen_state
from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.dice import multiset_difference
from kniffel_rules.duel import Action, Area, Joker, Miss, Move, Observation, Roll, Spot, State
from kniffel_rules.duel.combinations import adjacent_triples
from kniffel_rules.duel.legality import has_won, movable_areas
from kniffel_rules.duel.pieces import AREAS, HOLES, JOKERS_PER_COLOUR, SPACES

__all__ = ["DuelExpectimax", "DuelGreedy", "DuelHeuristic"]

Board = tuple[Spot, ...]


def _moved(board: Board, area: Area, player: int) -> Board:
    """The board after ``player`` moves the (unsecured) disc of ``area`` (DU-08..DU-11)."""
    spot = board[area.value]
    target = HOLES[player] if not area.has_spaces or spot is SPACES[player] else SPACES[player]
    return (*board[: area.value], target, *board[area.value + 1 :])


# --- the greedy player ---------------------------------------------------------


def _priority(state: State, area: Area) -> int:
    """3 wins the game, 2 secures a disc, 1 takes it from the opponent, 0 from the centre."""
    board = _moved(state.board, area, state.player)
    if board[area.value] is HOLES[state.player]:
        return 3 if has_won(board, state.player, state.rules) else 2
    return 1 if state.board[area.value] is SPACES[1 - state.player] else 0


class DuelGreedy:
    """Greedy Duell player: moves a disc as soon as the dice allow one.

    Among the discs it can move it prefers a winning move, then securing a
    disc, then taking one from the opponent's space, then one from the centre
    (the first in board order on a tie). When no disc can move it throws
    again, keeping the dice of its most common face (the higher face on a
    tie; a run when no face shows twice). After the last throw it spends a
    joker only when that one joker lets a disc move (the best such move), and
    otherwise takes the miss. Deterministic: it never draws from ``rng``.
    """

    def __call__(
        self, view: State | Observation, actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, duel.GAME)
        if state.rolls == 0:
            return actions[0]
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            return max(moves, key=lambda m: _priority(state, m.area))
        rolls = [a for a in actions if isinstance(a, Roll)]
        if rolls:
            keep = _greedy_keep(state.dice)
            return keep if keep in rolls else rolls[0]
        best: tuple[int, Action] = (-1, actions[0])  # the miss comes first
        for joker in (a for a in actions if isinstance(a, Joker)):
            dice = tuple(sorted((*multiset_difference(state.dice, (joker.die,)), joker.face)))
            after = attrs.evolve(state, dice=dice)
            for area in movable_areas(after):
                value = _priority(after, area)
                if value > best[0]:
                    best = (value, joker)
        return best[1]

    def __repr__(self) -> str:
        return "DuelGreedy()"


def _greedy_keep(dice: tuple[int, ...]) -> Roll:
    counts = Counter(dice)
    face, n = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    if n >= 2:
        return Roll(tuple(d for d in dice if d == face))
    run: list[int] = []
    best: list[int] = []
    for v in sorted(counts):
        run = [*run, v] if run and v == run[-1] + 1 else [v]
        if len(run) >= len(best):
            best = run
    return Roll(tuple(best))


# --- the expectimax player -----------------------------------------------------


@attrs.frozen(slots=True, kw_only=True)
class DuelHeuristic:
    """How `DuelExpectimax` values a position: an estimated chance of winning.

    Each player's distance to a win is counted in turns: a disc needs one
    success of its combination from the player's own space (and for the
    Kniffel disc from anywhere), two from the centre or the opponent's space;
    a success of an area takes ``1 / p`` turns on average, ``p`` the chance
    of showing the combination in one turn played for it. The distance to a
    winning set (five discs, or three adjacent ones) is the sum over its
    discs; the player's distance is a soft minimum (temperature
    ``softness``) over all winning sets, less ``joker_turns`` per joker in
    hand. The value is the logistic of ``slope x`` (the opponent's distance
    minus the player's, less ``tempo`` for the opponent moving next).

    Attributes:
        slope: The steepness of the logistic, per turn of distance.
        joker_turns: The turns of distance one joker in hand is worth.
        softness: The soft-minimum temperature, in turns.
        tempo: The head start of the player who moves next, in turns.

    Raises:
        InvalidStateError: A parameter is not a finite number, or
            ``slope`` or ``softness`` is not positive.
    """

    slope: float = attrs.field(default=0.6, validator=check_positive)
    joker_turns: float = attrs.field(default=0.8, validator=check_number)
    softness: float = attrs.field(default=3.0, validator=check_positive)
    tempo: float = attrs.field(default=0.5, validator=check_number)

    def distance(self, board: Board, player: int, jokers: int, rules: duel.Rules) -> float:
        """The estimated turns ``player`` needs to win from ``board``."""
        turns = _turns()
        hole, space, lost = HOLES[player], SPACES[player], HOLES[1 - player]
        costs = []
        for area, spot in zip(AREAS, board, strict=True):
            if spot is hole:
                costs.append(0.0)
            elif spot is lost:
                costs.append(math.inf)
            elif spot is space or not area.has_spaces:
                costs.append(turns[area.value])
            else:
                costs.append(2.0 * turns[area.value])
        sets = [plain_sum(sorted(costs)[:5])]
        sets.extend(costs[i] + costs[j] + costs[k] for i, j, k in adjacent_triples(rules))
        best = min(sets)
        if best == math.inf:
            return 1e6
        t = self.softness
        weights = (math.exp((best - d) / t) for d in sets if d < math.inf)
        soft = best - t * math.log(plain_sum(weights))
        return soft - self.joker_turns * jokers

    def value(self, board: Board, player: int, jokers: tuple[int, ...], rules: duel.Rules) -> float:
        """The chance that ``player`` wins, the opponent to move next (1.0 once won)."""
        if has_won(board, player, rules):
            return 1.0
        mine = self.distance(board, player, jokers[player], rules)
        theirs = self.distance(board, 1 - player, jokers[1 - player], rules)
        x = self.slope * (theirs - mine - self.tempo)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _turns() -> tuple[float, ...]:
    return tuple(1.0 / p for p in area_chances())


class DuelExpectimax:
    """Strong Duell player: one-turn expectimax with a tuned value of the position.

    At each decision it compares every legal action (keeps, jokers, moves,
    the miss) by its expected `DuelHeuristic` value at the end of the turn,
    averaged exactly over every throw the remaining rolls can bring, with the
    best decision taken at every later point of the turn, jokers included.
    The tables of a turn are computed once per position (a few milliseconds
    of pure Python) and reused. Deterministic: it never draws from ``rng``.

    Args:
        heuristic: The position evaluation (``None``: the tuned default).
    """

    def __init__(self, heuristic: DuelHeuristic | None = None) -> None:
        self.heuristic = DuelHeuristic() if heuristic is None else heuristic
        self._plans: dict[tuple[object, ...], TurnPlan] = {}

    def __call__(
        self, view: State | Observation, actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, duel.GAME)
        if state.rolls == 0 or len(actions) == 1:
            return actions[0]
        plan = self.plan(state)
        jokers = state.jokers[state.player]
        layer = plan.layer(state.rolls) if state.rolls < 3 and not state.jokers_used else None
        best, best_value = actions[0], -1.0
        for action in actions:
            if isinstance(action, Move):
                value = plan.moves[jokers][action.area.value]
                assert value is not None
            elif isinstance(action, Miss):
                value = plan.miss[jokers]
            elif isinstance(action, Joker):
                rest = multiset_difference(state.dice, (action.die,))
                value = plan.final[jokers - 1][INDEX[tuple(sorted((*rest, action.face)))]]
            else:
                assert layer is not None
                value = layer[INDEX[action.keep]]
            if value > best_value:
                best, best_value = action, value
        return best

    def plan(self, state: State) -> TurnPlan:
        """The turn plan for the position of the player to move (cached per position)."""
        p = state.player
        key = (state.board, state.jokers, p, state.rules)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= 8:
                self._plans.clear()
            plan = self._plans[key] = self._make_plan(state)
        return plan

    def _make_plan(self, state: State) -> TurnPlan:
        h, board, p, rules = self.heuristic, state.board, state.player, state.rules
        held = state.jokers

        def hand(mine: int) -> tuple[int, ...]:
            return (mine, held[1]) if p == 0 else (held[0], mine)

        def move_value(area: int, jokers: int) -> float | None:
            if board[area].secured:
                return None
            return h.value(_moved(board, AREAS[area], p), p, hand(jokers), rules)

        def miss_value(jokers: int) -> float:
            return h.value(board, p, hand(min(jokers + 1, JOKERS_PER_COLOUR)), rules)

        return TurnPlan(move_value, miss_value, held[p])

    def __repr__(self) -> str:
        return f"DuelExpectimax({self.heuristic!r})"
