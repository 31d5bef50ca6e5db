"""The Kniffel Extreme bots: legal, deterministic, exact where they compute, and strong."""

from __future__ import annotations

import ast
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extreme.helpers import position
from kniffel_rules import Policy, extreme, play, record
from kniffel_rules.bots import ExtremeExpectimax, ExtremeGreedy, ExtremeHeuristic, RandomBot
from kniffel_rules.bots import _lattice as lattice
from kniffel_rules.bots._extreme_plan import bonus_chance
from kniffel_rules.dice import all_multisets, roll_outcomes, sub_multisets
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme import Action as ExtremeAction
from kniffel_rules.extreme import Box, Roll, Rules, Score, State

BOTS = (ExtremeGreedy(), ExtremeExpectimax())
RULES = (Rules(), Rules(chips=0), Rules(chips=5, upper_bonus=30, upper_bonus_threshold=60))


def legal(state: State) -> tuple[ExtremeAction, ...]:
    """The legal actions at a decision point (no chance outcomes there)."""
    return tuple(a for a in extreme.legal_actions(state) if isinstance(a, (Roll, Score)))


def random_position(seed: int, players: int, rules: Rules) -> State:
    """A decision point (after the first roll of a turn) of a game played at random."""
    rng = random.Random(seed)
    game = record("extreme", [RandomBot()] * players, seed=seed, rules=rules)
    state, decisions = game.initial, []
    for action in game.actions:
        state = extreme.apply(state, action)
        if extreme.current_player(state) >= 0 and state.rolls > 0:
            decisions.append(state)
    return decisions[rng.randrange(len(decisions))]


# --- the dice lattice the planners share -------------------------------------------


def test_lattice_expect_is_the_exact_expectation_over_the_throw() -> None:
    rng = random.Random(1)
    values = [rng.random() for _ in lattice.ROLLS]
    by_roll = dict(zip(lattice.ROLLS, values, strict=True))
    expected = lattice.expect(values)
    for k in range(6):
        for keep in all_multisets(k):
            exact = sum(
                float(p) * by_roll[tuple(sorted(keep + thrown))]
                for thrown, p in roll_outcomes(5 - k)
            )
            assert expected[lattice.INDEX[keep]] == pytest.approx(exact, abs=1e-12)


def test_lattice_best_below_is_the_maximum_over_sub_multisets() -> None:
    rng = random.Random(2)
    values = [rng.random() for _ in lattice.MULTISETS]
    best = lattice.best_below(values)
    for m in lattice.MULTISETS:
        assert best[lattice.INDEX[m]] == max(values[lattice.INDEX[s]] for s in sub_multisets(m))


# --- legality, determinism ------------------------------------------------------------


@settings(max_examples=40)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from((1, 2, 3)),
    st.sampled_from(RULES),
)
def test_every_action_returned_is_legal(seed: int, players: int, rules: Rules) -> None:
    state = random_position(seed, players, rules)
    actions = legal(state)
    for bot in BOTS:
        assert bot(state, actions, random.Random(seed)) in actions


@pytest.mark.parametrize("rules", RULES, ids=["rulebook", "no-chips", "house"])
def test_whole_games_are_legal_and_end(rules: Rules) -> None:
    final = play(
        "extreme", [ExtremeExpectimax(), ExtremeGreedy(), RandomBot()], seed=5, rules=rules
    )
    assert extreme.is_terminal(final)
    assert all(s.filled() == len(Box) for s in final.sheets)


def test_the_same_seed_replays_the_same_game() -> None:
    games = [
        record("extreme", [ExtremeExpectimax(), ExtremeGreedy()], seed=11).actions for _ in range(2)
    ]
    assert games[0] == games[1]
    shared = ExtremeExpectimax()  # a bot's caches never change its choices
    record("extreme", [shared, shared], seed=12)
    assert record("extreme", [shared, ExtremeGreedy()], seed=11).actions == games[0]


def test_the_bots_never_draw_from_the_generator() -> None:
    state = random_position(3, 2, Rules())
    actions = legal(state)
    for bot in BOTS:
        rng = random.Random(9)
        before = rng.getstate()
        bot(state, actions, rng)
        assert rng.getstate() == before


# --- the greedy player ------------------------------------------------------------------


def test_greedy_stops_on_a_fixed_box_it_fills() -> None:
    state = position(d6=(1, 2, 3, 4, 5), d10=0)
    assert ExtremeGreedy()(state, legal(state), random.Random(0)) == Score(Box.HIGHWAY)


def test_greedy_keeps_its_most_common_face_d10_included() -> None:
    state = position(d6=(1, 2, 5, 5, 6), d10=5)
    choice = ExtremeGreedy()(state, legal(state), random.Random(0))
    assert choice == Roll((5, 5), True)


_LOWEST = {Box.CHANCE: 5, Box.SUPER_CHANCE: 10}  # every throw counts there: never 0


def _open_only(*boxes: Box) -> dict[Box, int]:
    return {b: _LOWEST.get(b, 0) for b in Box if b not in boxes}


def test_greedy_hands_in_a_chip_only_to_avoid_a_strike() -> None:
    greedy = ExtremeGreedy()
    strike = position(_open_only(Box.KNIFFEL_EXTREME, Box.HIGHWAY), (1, 1, 2, 4, 6), 9, rolls=3)
    assert greedy(strike, legal(strike), random.Random(0)) == Roll((1, 1))
    points = position(_open_only(Box.KNIFFEL_EXTREME, Box.CHANCE), (1, 1, 2, 4, 6), 9, rolls=3)
    assert greedy(points, legal(points), random.Random(0)) == Score(Box.CHANCE)


# --- the expectimax player ----------------------------------------------------------------


def test_the_bonus_chance_is_certain_when_reached_and_nil_when_out_of_reach() -> None:
    means = (3.0,) * 6
    assert bonus_chance(73, [1, 2], 73, means, 1.2) == 1.0
    assert bonus_chance(40, [], 73, means, 1.2) == 0.0
    chances = [bonus_chance(s, [4, 5, 6], 73, means, 1.2) for s in range(0, 73, 6)]
    assert chances == sorted(chances)
    assert 0.0 < chances[0] < chances[-1] < 1.0


def _final_value(bot: ExtremeExpectimax, state: State) -> float:
    """The best box for the dice showing, by the bot's own box values."""
    plan = bot.plan(state)
    assert state.d10 is not None
    values = plan.box_values(lattice.INDEX[state.d6] * 10 + state.d10)
    return max(v for v in values if v is not None)


@pytest.mark.parametrize(
    ("d6", "d10", "keep_d6", "keep_d10", "rolls", "chips"),
    [
        ((1, 3, 3, 3, 6), 3, (3, 3, 3), True, 3, 2),  # the chip's roll
        ((2, 6, 6, 6, 6), 0, (6, 6, 6, 6), False, 3, 2),
        ((1, 2, 4, 5, 5), 9, (4, 5), False, 2, 0),  # the third roll, no chip after it
        ((1, 1, 2, 3, 5), 0, (), True, 2, 0),
    ],
)
def test_a_last_roll_is_valued_by_the_exact_expectation_over_chance_outcomes(
    d6: tuple[int, ...],
    d10: int,
    keep_d6: tuple[int, ...],
    keep_d10: bool,
    rolls: int,
    chips: int,
) -> None:
    entries = _open_only(Box.THREES, Box.SIXES, Box.KNIFFEL, Box.TEN_OR_LESS, Box.CHANCE)
    state = position(entries, d6=d6, d10=d10, rolls=rolls, chips=chips)
    bot = ExtremeExpectimax()
    plan = bot.plan(state)
    rolled = extreme.apply(state, Roll(keep_d6, keep_d10))
    exact = Fraction(0)
    total = 0.0
    for outcome, p in extreme.chance_outcomes(rolled):
        exact += p
        total += float(p) * _final_value(bot, extreme.apply(rolled, outcome))
    assert exact == 1
    by_d10, thrown = plan.layer(rolls)
    got = by_d10[d10][lattice.INDEX[keep_d6]] if keep_d10 else thrown[lattice.INDEX[keep_d6]]
    chip_cost = ExtremeHeuristic().chip_value if rolls == 3 else 0.0
    assert got == pytest.approx(total - chip_cost, abs=1e-9)


def test_the_expectimax_player_takes_a_sure_kniffel_extreme() -> None:
    state = position(d6=(4, 4, 4, 4, 4), d10=4)
    choice = ExtremeExpectimax()(state, legal(state), random.Random(0))
    assert choice == Score(Box.KNIFFEL_EXTREME)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("open_value", (20.0,) * 15),
        ("open_value", [20.0] * 16),
        ("count_mean", (3.0, 3.0, 3.0, 3.0, 3.0, math.nan)),
        ("count_spread", 0.0),
        ("chip_value", "8"),
        ("chip_value", True),
    ],
)
def test_a_bad_heuristic_parameter_is_refused_naming_it(field: str, value: object) -> None:
    with pytest.raises(InvalidStateError, match=field):
        ExtremeHeuristic(**{field: value})  # type: ignore[arg-type]


def test_the_heuristic_is_part_of_the_repr_and_configurable() -> None:
    bot = ExtremeExpectimax(ExtremeHeuristic(chip_value=0.0))
    assert "chip_value=0.0" in repr(bot)
    assert repr(ExtremeGreedy()) == "ExtremeGreedy()"


def test_the_bots_use_only_the_public_game_modules() -> None:
    src = Path(extreme.__file__).resolve().parent.parent / "bots"
    for name in ("extreme_bots.py", "_extreme_plan.py", "_lattice.py"):
        tree = ast.parse((src / name).read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {m for m in modules if m and m.startswith("kniffel_rules.extreme._")}


# --- strength ------------------------------------------------------------------------------


def _win_share(games: int, seed: int) -> float:
    strong, greedy = ExtremeExpectimax(), ExtremeGreedy()
    points = 0.0
    for i in range(games):
        seats: list[Policy] = [strong, greedy] if i % 2 == 0 else [greedy, strong]
        won = extreme.winners(play("extreme", seats, seed=seed + i))
        me = 0 if i % 2 == 0 else 1
        points += (1.0 if len(won) == 1 else 0.5) if me in won else 0.0
    return points / games


def test_the_expectimax_player_beats_the_greedy_one() -> None:
    assert _win_share(16, 100) >= 0.75  # measured: about 0.93 over 2,000 games


@pytest.mark.slow
def test_the_expectimax_player_beats_the_greedy_one_clearly() -> None:
    n = 300
    share = _win_share(n, 10_000)
    low = share - 1.96 * math.sqrt(share * (1 - share) / n)
    assert low > 0.8
