"""The Duell bots: legal, deterministic, exact where they compute, and strong."""

from __future__ import annotations

import ast
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duel.helpers import B, R, board, position
from kniffel_rules import Policy, duel, play, record
from kniffel_rules.bots import DuelExpectimax, DuelGreedy, DuelHeuristic, RandomBot
from kniffel_rules.bots import _lattice as lattice
from kniffel_rules.bots._duel_plan import NEIGHBOURS, area_chances
from kniffel_rules.bots.duel_bots import _moved
from kniffel_rules.duel import Action as DuelAction
from kniffel_rules.duel import Area, Joker, Miss, Move, Roll, Rules, Spot, State
from kniffel_rules.duel.legality import movable_areas
from kniffel_rules.duel.pieces import AREAS, NUMBER_AREAS
from kniffel_rules.errors import InvalidStateError

BOTS = (DuelGreedy(), DuelExpectimax())
RULES = (Rules(), Rules(adjacency="within_parts"), Rules(match_wins=2))
S = Spot


def legal(state: State) -> tuple[DuelAction, ...]:
    """The legal actions at a decision point (no chance outcomes there)."""
    return tuple(a for a in duel.legal_actions(state) if isinstance(a, (Roll, Joker, Move, Miss)))


def random_position(seed: int, rules: Rules) -> State:
    """A decision point (after a throw) of a game played at random."""
    rng = random.Random(seed)
    game = record("duel", [RandomBot(), RandomBot()], seed=seed, rules=rules)
    state, decisions = game.initial, []
    for action in game.actions:
        state = duel.apply(state, action)
        if duel.current_player(state) >= 0 and state.rolls > 0:
            decisions.append(state)
    return decisions[rng.randrange(len(decisions))]


# --- legality, determinism ------------------------------------------------------------


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1), st.sampled_from(RULES))
def test_every_action_returned_is_legal(seed: int, rules: Rules) -> None:
    state = random_position(seed, rules)
    actions = legal(state)
    for bot in BOTS:
        assert bot(state, actions, random.Random(seed)) in actions


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1))
def test_the_board_a_bot_predicts_is_the_board_apply_gives(seed: int) -> None:
    state = random_position(seed, Rules())
    for action in legal(state):
        if isinstance(action, Move):
            after = duel.apply(state, action)
            if not duel.is_terminal(after):
                assert _moved(state.board, action.area, state.player) == after.board


@pytest.mark.parametrize("rules", RULES, ids=["linear", "within-parts", "match"])
def test_whole_games_are_legal_and_end(rules: Rules) -> None:
    for seed in range(3):
        final = play("duel", [DuelExpectimax(), DuelGreedy()], seed=seed, rules=rules)
        assert duel.is_terminal(final)


def test_the_same_seed_replays_the_same_game() -> None:
    games = [record("duel", [DuelExpectimax(), DuelGreedy()], seed=21).actions for _ in range(2)]
    assert games[0] == games[1]
    shared = DuelExpectimax()  # a bot's caches never change its choices
    record("duel", [shared, shared], seed=22)
    assert record("duel", [shared, DuelGreedy()], seed=21).actions == games[0]


def test_the_bots_never_draw_from_the_generator() -> None:
    state = position({}, (1, 2, 2, 5, 6), jokers=(2, 1), rolls=3)
    actions = legal(state)
    for bot in BOTS:
        rng = random.Random(9)
        before = rng.getstate()
        bot(state, actions, rng)
        assert rng.getstate() == before


# --- the greedy player ------------------------------------------------------------------


def test_greedy_prefers_a_winning_move() -> None:
    spots = {Area.ONES: B, Area.TWOS: B, Area.THREES: S.BLUE_SPACE, Area.FOURS: S.RED_SPACE}
    state = position(spots, (3, 3, 3, 4, 4), rolls=1)
    actions = legal(state)
    assert DuelGreedy()(state, actions, random.Random(0)) == Move(Area.THREES)


def test_greedy_spends_a_joker_only_when_it_lets_a_disc_move() -> None:
    greedy = DuelGreedy()
    helps = position({}, (1, 2, 4, 6, 6), jokers=(1, 1), rolls=3)  # 6 -> 3 or 5: a straight
    choice = greedy(helps, legal(helps), random.Random(0))
    assert isinstance(choice, Joker)
    after = duel.apply(helps, choice)
    assert movable_areas(after)
    lost = {Area.ONES: R, Area.TWOS: R, Area.FULL_HOUSE: R}  # nothing one joker reaches can move
    hopeless = position(lost, (1, 1, 2, 2, 5), jokers=(1, 0), rolls=3)
    assert greedy(hopeless, legal(hopeless), random.Random(0)) == Miss()


def test_greedy_keeps_its_most_common_face() -> None:
    state = position({}, (1, 2, 5, 5, 6), rolls=1)
    assert DuelGreedy()(state, legal(state), random.Random(0)) == Roll((5, 5))


# --- the expectimax player ----------------------------------------------------------------


def test_area_chances_are_plausible() -> None:
    chances = dict(zip(AREAS, area_chances(), strict=True))
    assert chances[Area.KNIFFEL] == pytest.approx(0.0460, abs=1e-4)  # the classic Yahtzee odds
    assert len({round(chances[a], 12) for a in NUMBER_AREAS}) == 1
    assert chances[Area.SMALL_STRAIGHT] > chances[Area.LARGE_STRAIGHT] > chances[Area.KNIFFEL]


def test_neighbours_are_the_rolls_one_joker_makes() -> None:
    for i, roll in enumerate(lattice.ROLLS):
        for j in NEIGHBOURS[i]:
            other = lattice.ROLLS[j]
            common = sum(min(roll.count(f), other.count(f)) for f in range(1, 7))
            assert common == 4


def test_the_heuristic_counts_a_won_game_as_certain_and_prefers_progress() -> None:
    h = DuelHeuristic()
    rules = Rules()
    won = board({Area.ONES: B, Area.TWOS: B, Area.THREES: B})
    assert h.value(won, 0, (0, 0), rules) == 1.0
    start = board({})
    ahead = board({Area.FIVES: S.BLUE_SPACE})
    secured = board({Area.FIVES: B})
    values = [h.value(b, 0, (0, 0), rules) for b in (start, ahead, secured)]
    assert values == sorted(values)
    assert h.value(start, 0, (1, 0), rules) > h.value(start, 0, (0, 0), rules)


@pytest.mark.parametrize(
    ("field", "value"),
    [("slope", 0.0), ("softness", -1.0), ("joker_turns", math.inf), ("tempo", None)],
)
def test_a_bad_heuristic_parameter_is_refused_naming_it(field: str, value: object) -> None:
    with pytest.raises(InvalidStateError, match=field):
        DuelHeuristic(**{field: value})  # type: ignore[arg-type]


def _best_end(state: State, h: DuelHeuristic) -> float:
    """Exhaustive search over jokers, moves and the miss, scored by the heuristic."""
    p = state.player
    best = -1.0
    for action in legal(state):
        if isinstance(action, Roll):
            continue
        after = duel.apply(state, action)
        if isinstance(action, Joker):
            value = _best_end(after, h)
        else:
            value = h.value(after.board, p, after.jokers, state.rules)
        best = max(best, value)
    return best


@pytest.mark.parametrize(
    ("spots", "dice", "jokers"),
    [
        ({}, (1, 2, 4, 6, 6), (1, 1)),
        ({Area.ONES: B, Area.TWOS: B, Area.SIXES: R}, (1, 3, 3, 5, 6), (2, 1)),
        ({Area.FULL_HOUSE: S.RED_SPACE, Area.FOURS: B}, (2, 2, 4, 4, 5), (0, 3)),
    ],
)
def test_the_final_values_are_an_exhaustive_search_over_jokers(
    spots: dict[Area, Spot], dice: tuple[int, ...], jokers: tuple[int, int]
) -> None:
    state = position(spots, dice, jokers=jokers, rolls=3)
    bot = DuelExpectimax()
    plan = bot.plan(state)
    got = plan.final[jokers[0]][lattice.INDEX[dice]]
    assert got == pytest.approx(_best_end(state, bot.heuristic), abs=1e-12)


def test_a_roll_is_valued_by_the_exact_expectation_over_chance_outcomes() -> None:
    state = position({Area.SIXES: S.BLUE_SPACE}, (1, 3, 6, 6, 6), jokers=(1, 1), rolls=2)
    bot = DuelExpectimax()
    keep = (6, 6, 6)
    rolled = duel.apply(state, Roll(keep))
    exact = sum(
        float(p) * _best_end(duel.apply(rolled, outcome), bot.heuristic)
        for outcome, p in duel.chance_outcomes(rolled)
    )
    assert bot.plan(state).layer(2)[lattice.INDEX[keep]] == pytest.approx(exact, abs=1e-12)


def test_the_expectimax_player_blocks_a_threat() -> None:
    # Red needs only Threes (on red's space) to win by three adjacent discs;
    # Blue can take that disc back, or take Full House from the centre.
    spots = {Area.ONES: R, Area.TWOS: R, Area.THREES: S.RED_SPACE}
    state = position(spots, (3, 3, 3, 5, 5), rolls=3)
    choice = DuelExpectimax()(state, legal(state), random.Random(0))
    assert choice == Move(Area.THREES)


def test_the_bots_use_only_the_public_game_modules() -> None:
    src = Path(duel.__file__).resolve().parent.parent / "bots"
    for name in ("duel_bots.py", "_duel_plan.py"):
        tree = ast.parse((src / name).read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m for m in modules if m and m.startswith("kniffel_rules.duel._")}


def test_the_reprs_name_the_bots() -> None:
    assert repr(DuelGreedy()) == "DuelGreedy()"
    assert repr(DuelExpectimax()).startswith("DuelExpectimax(DuelHeuristic(")


# --- strength ------------------------------------------------------------------------------


def _win_share(games: int, seed: int) -> float:
    strong, greedy = DuelExpectimax(), DuelGreedy()
    wins = 0
    for i in range(games):
        seats: list[Policy] = [strong, greedy] if i % 2 == 0 else [greedy, strong]
        wins += duel.winners(play("duel", seats, seed=seed + i)) == ((0,) if i % 2 == 0 else (1,))
    return wins / games


def test_the_expectimax_player_beats_the_greedy_one() -> None:
    assert _win_share(60, 100) >= 0.75  # measured: about 0.93 over 2,000 games


@pytest.mark.slow
def test_the_expectimax_player_beats_the_greedy_one_clearly() -> None:
    n = 1000
    share = _win_share(n, 10_000)
    assert share - 1.96 * math.sqrt(share * (1 - share) / n) > 0.85
