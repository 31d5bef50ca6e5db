"""Numbers from outside that size a loop, a table or an array (issue 26, item 2).

A count or a total given by a caller must cost no more than the game it
describes: junk (a bool, a float, a negative number, too many) is a
`KniffelError` naming the argument, a huge total is answered at once, and the
work done does not grow with the number of finished opponents. Also: a used
`WinProbabilityPlayer` ships to another process (pickle, deepcopy), and the
solver's progress report draws a bar only on a terminal.
"""

from __future__ import annotations

import copy
import io
import pickle
import sys
from array import array
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")

from kniffel_rules import InvalidStateError, KniffelError, classic
from kniffel_rules.bots import OptimalSolitaire, WinProbabilityPlayer
from kniffel_rules.bots.cards_ismcts import CardsISMCTS
from kniffel_rules.bots.duel_bots import DuelHeuristic
from kniffel_rules.bots.extreme_bots import ExtremeHeuristic
from kniffel_rules.bots.optimal import ValueTable, simulate
from kniffel_rules.bots.optimal._solver import solve_values
from kniffel_rules.bots.winning import _moments
from kniffel_rules.bots.winning import player as winning
from kniffel_rules.bots.winning._moments import Moments, compute_moments
from kniffel_rules.cli.advise import position
from kniffel_rules.limits import MAX_BATCH, MAX_ITERATIONS, MAX_PLAYERS

RULES = classic.Rules()
JUNK_FLOAT: Any = 1.5  # typed loosely on purpose
JUNK_TEXT: Any = "2"
JUNK_NONE: Any = None
JUNK_LIST: Any = [0.5]
FILLED = [
    "ones=3,twos=6,threes=9,fours=12,fives=15,sixes=18,"
    "chance=20,full_house=25,kniffel=50,small_straight=30"
]


@cache
def late_moments(rules: classic.Rules) -> Moments:
    return compute_moments(rules, min_filled=10)


@pytest.fixture
def bot(monkeypatch: pytest.MonkeyPatch) -> WinProbabilityPlayer:
    """A player using the moments of the last turns only (fast), for the position `STATE`."""
    monkeypatch.setattr(_moments, "moments", late_moments)
    return WinProbabilityPlayer()


def state(dice: str = "1,3,3,5,6", rolls_left: int = 2) -> classic.State:
    """A one-player position with three boxes open (ten filled, 188 points)."""
    found: classic.State = position(dice, rolls_left, FILLED, 0, RULES)  # any advised game's
    return found


STATE = state()


@pytest.mark.parametrize(
    ("opponents", "error", "message"),
    [
        ([True], InvalidStateError, "opponents[0]: expected an integer, got bool"),
        ([200, False], InvalidStateError, "opponents[1]: expected an integer, got bool"),
        ([-1], InvalidStateError, "opponents[0]: -1 is below the minimum 0"),
        ([1.5], InvalidStateError, "opponents[0]: expected an integer, got float"),
        ([200.0], InvalidStateError, "opponents[0]: expected an integer, got float"),
        (["231"], InvalidStateError, "opponents[0]: expected an integer, got str"),
        ([None], InvalidStateError, "opponents[0]: expected an integer, got null"),
        ([], KniffelError, "opponents: expected one or more final scores, got none"),
        ("231", KniffelError, "opponents: expected a list of final scores, got str"),
        (231, KniffelError, "opponents: expected a list of final scores, got int"),
        (
            [200] * MAX_PLAYERS,
            KniffelError,
            "opponents: at most 999 opponents (a game has at most 1000 players), got 1000",
        ),
        (
            iter(range(10**12)),
            KniffelError,
            "opponents: at most 999 opponents (a game has at most 1000 players)",
        ),
    ],
)
def test_junk_opponents_are_refused_naming_the_argument(
    bot: WinProbabilityPlayer, opponents: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        bot.advise(STATE, opponents=opponents)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "total",
    [10**30, 10**5000, 2**63, winning._top(RULES) + 1],
    ids=["1e30", "1e5000", "2**63", "top+1"],
)
def test_a_total_above_the_maximum_cannot_be_beaten(bot: WinProbabilityPlayer, total: int) -> None:
    advice = bot.advise(STATE, opponents=[150, total])
    assert all(a.win == 0.0 for a in advice)
    solo = dict(OptimalSolitaire(progress=False).advise(STATE))
    assert {a.action: a.score for a in advice} == solo
    assert advice == bot.advise(STATE, opponents=[winning._top(RULES) + 1])


def test_the_maximum_is_a_real_bound() -> None:
    # 1575 is the highest possible score with a bonus of 100 an extra Kniffel
    # (Yahtzee's scoring): 13 boxes at their best, the upper bonus, 12 bonuses.
    assert winning._top(classic.Rules(extra_kniffel_bonus=100)) >= 1575
    assert winning._top(RULES) >= 1575 - 12 * 50
    assert winning._top(classic.Rules(kniffel_score=5000)) > winning._YMAX


def test_the_table_does_not_grow_with_the_totals_or_their_number(
    bot: WinProbabilityPlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    spans: list[int] = []
    table = winning._Table

    class Recording(table):  # type: ignore[misc,valid-type]
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            spans.append(self.hi - self.lo)

    monkeypatch.setattr(winning, "_Table", Recording)
    bot.advise(STATE, opponents=[0, 10**6, 3])
    bot.advise(STATE, opponents=list(range(500)))
    bot.advise(STATE, opponents=[10**30] * 999)
    assert spans == [2, 2, 2]


@settings(max_examples=30, deadline=None)
@given(
    totals=st.lists(st.integers(0, 400), min_size=1, max_size=12),
    lower=st.lists(st.integers(0, 400), max_size=12),
)
def test_only_the_best_total_and_its_ties_matter(totals: list[int], lower: list[int]) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_moments, "moments", late_moments)
        bot = WinProbabilityPlayer()
        best = max(totals)
        ties = [best] * totals.count(best)
        extra = [t for t in lower if t < best]
        assert bot.advise(STATE, opponents=totals) == bot.advise(STATE, opponents=ties)
        assert bot.advise(STATE, opponents=extra + totals[::-1]) == bot.advise(
            STATE, opponents=ties
        )


def test_ties_share_the_win(bot: WinProbabilityPlayer) -> None:
    # The last entry of the game: its final score is certain.
    filled = [*FILLED, "large_straight=40,three_of_a_kind=20"]
    rolled = position("2,3,4,6,6", 0, filled, 0, RULES)
    (action,) = classic.legal_actions(rolled)
    over = classic.apply(rolled, action)
    assert over.phase is classic.Phase.OVER
    final = over.sheets[0].total(RULES)
    for k in (1, 2, 998):
        (advice,) = bot.advise(rolled, opponents=[final] * k)
        assert advice.win == pytest.approx(1 / (k + 1), abs=1e-12)
        (advice,) = bot.advise(rolled, opponents=[final - 1] * k)
        assert advice.win == pytest.approx(1.0, abs=1e-12)
        (advice,) = bot.advise(rolled, opponents=[final + 1, *[final] * k])
        assert advice.win == pytest.approx(0.0, abs=1e-12)


def test_a_used_player_pickles_and_deep_copies_with_the_same_advice(
    bot: WinProbabilityPlayer,
) -> None:
    before = bot.advise(STATE, opponents=[231, 198])
    rolled = state("2,2,3,5,6", 1)
    for clone in (pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)):
        assert clone.advise(STATE, opponents=[231, 198]) == before
        assert clone.advise(rolled, opponents=[250]) == bot.advise(rolled, opponents=[250])
    fresh = WinProbabilityPlayer()
    assert pickle.loads(pickle.dumps(fresh)).advise(STATE, opponents=[231, 198]) == before


def test_a_used_optimal_player_pickles(bot: WinProbabilityPlayer) -> None:
    solo = OptimalSolitaire(progress=False)
    before = solo.advise(STATE)
    assert pickle.loads(pickle.dumps(solo)).advise(STATE) == before
    assert copy.deepcopy(solo).advise(STATE) == before


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_solver_draws_a_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    solve_values(RULES, min_filled=12)
    text = log.getvalue()
    assert "\r" not in text
    shown = [int(line.split(": ")[1].split("%")[0]) for line in text.splitlines()]
    assert shown == sorted(set(shown))
    assert shown[0] == 0
    assert shown[-1] == 100
    assert set(shown) <= {0, 25, 50, 75, 100}
    assert text.endswith("\n")
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    solve_values(RULES, min_filled=12)
    assert screen.getvalue().count("\r") >= 2
    assert screen.getvalue().endswith("100.0%" + screen.getvalue().split("100.0%")[-1])
    quiet = io.StringIO()
    monkeypatch.setattr(sys, "stderr", quiet)
    solve_values(RULES, min_filled=12, progress=False)
    assert quiet.getvalue() == ""


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: CardsISMCTS(iterations=MAX_ITERATIONS + 1),
            "iterations: 1000001 is above the maximum 1000000",
        ),
        (lambda: CardsISMCTS(iterations=10**5000), "iterations: <int of 16610 bits> is above"),
        (lambda: CardsISMCTS(exploration=10**400), "exploration: expected a number >= 0, got 1000"),
        (lambda: CardsISMCTS(horizon=JUNK_FLOAT), "horizon: expected an integer, got float"),
        (lambda: DuelHeuristic(slope=10**400), "slope: expected a finite number, got 1000"),
        (lambda: DuelHeuristic(tempo=10**5000), "tempo: expected a finite number, got <int of"),
        (lambda: ExtremeHeuristic(count_spread=-(10**400)), "count_spread: expected a finite"),
        (
            lambda: ExtremeHeuristic(count_mean=(10**400,) * 6),
            "count_mean[0]: expected a finite number, got 1000",
        ),
        (lambda: simulate(True, rules=RULES), "games: expected an integer, got bool"),
        (lambda: simulate(JUNK_FLOAT, rules=RULES), "games: expected an integer, got float"),
        (lambda: simulate(-1, rules=RULES), "games: -1 is below the minimum 0"),
        (lambda: simulate(10, rules=RULES, batch=0), "batch: 0 is below the minimum 1"),
        (
            lambda: simulate(10, rules=RULES, batch=MAX_BATCH + 1),
            "batch: 65537 is above the maximum 65536",
        ),
        # numpy's own ValueError and TypeError before
        (lambda: simulate(1, rules=RULES, seed=-1), "seed: -1 is below the minimum 0"),
        (lambda: simulate(1, rules=RULES, seed=JUNK_FLOAT), "seed: expected an integer, got float"),
        (lambda: simulate(1, table=JUNK_FLOAT), "table: expected a ValueTable or None, got float"),
        # a table built by hand: `len(None)`'s TypeError, a string's size, an empty table before
        (lambda: ValueTable(RULES, 0, array("d")), "flags: 0 is below the minimum 1"),
        (lambda: ValueTable(RULES, JUNK_TEXT, array("d")), "flags: expected an integer, got str"),
        (lambda: ValueTable(RULES, 1, JUNK_NONE), 'values: expected an array("d"), got None'),
        (lambda: ValueTable(RULES, 1, JUNK_LIST), 'values: expected an array("d"), got [0.5]'),
        (lambda: ValueTable(RULES, 1, array("d")), "values: expected 524288 values, got 0"),
    ],
)
def test_bot_settings_that_size_work_are_checked(make: Any, message: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        make()
    assert str(info.value).startswith(message)


TABLE_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from([10**5000, -(10**5000)]),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.lists(st.floats(allow_nan=False), max_size=4),
    st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2), max_leaves=20),
    st.sampled_from(["x" * 100_000, array("f", [0.5]), array("q", [1]), array("d", [0.5])]),
)


@settings(max_examples=200, deadline=None)
@given(TABLE_JUNK, TABLE_JUNK)
def test_a_hand_built_table_refuses_junk_flags_and_values(flags: Any, values: Any) -> None:
    # Nothing here is a valid pair (the table of these rules holds 524288 values),
    # so every call is refused naming one of the two, with a short message.
    with pytest.raises(InvalidStateError) as info:
        ValueTable(RULES, flags, values)
    assert info.value.path in ("flags", "values")
    assert len(str(info.value)) < 200


def test_simulating_no_games_gives_no_scores() -> None:
    # numpy's "need at least one array to concatenate" (a ValueError) before
    sim = simulate(0, rules=RULES, seed=1)
    assert sim.scores.shape == (0,) and sim.scores.dtype.kind == "i" and sim.records == ()
    assert sim.mean != sim.mean and sim.standard_error != sim.standard_error  # NaN
    one = simulate(1, rules=RULES, seed=1)
    assert one.mean == float(one.scores[0]) and one.scores.shape == (1,)
