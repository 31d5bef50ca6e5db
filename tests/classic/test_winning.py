"""`WinProbabilityPlayer` and the score moments behind it (numpy, the ``solver`` extra).

The moments of the last turns are checked against the value table (the
mean) and against the exact distribution of the remaining points,
enumerated through classic's engine under `OptimalSolitaire` (the
variance). The exact last-turn decision against a finished opponent is
checked against a brute-force expectimax over the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from kniffel_rules import KniffelError, classic
from kniffel_rules.bots import BOTS, OptimalSolitaire, WinProbabilityPlayer
from kniffel_rules.bots.optimal._model import FULL_MASK, Model
from kniffel_rules.bots.winning import _moments
from kniffel_rules.bots.winning._moments import Moments, compute_moments
from kniffel_rules.classic import Phase, Rules, State
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import IllegalActionError

DEFAULT = Rules()
LATE = 10
"""The moments are computed for positions with at least this many boxes filled."""


@cache
def late_moments(rules: Rules) -> Moments:
    return compute_moments(rules, min_filled=LATE)


@pytest.fixture
def late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players built in the test use the moments of the last turns only (fast)."""
    monkeypatch.setattr(_moments, "moments", late_moments)


def _position(sheet: classic.Sheet, model: Model) -> tuple[int, int, int]:
    mask = sum(1 << i for i, box in enumerate(BOXES) if sheet.is_filled(box))
    upper = min(model.threshold, sheet.upper_sum)
    fifty = int(model.flags == 2 and sheet[classic.Box.KNIFFEL] == DEFAULT.kniffel_score)
    return mask, upper, fifty


def _late_states(seed: int, filled: int) -> Iterator[State]:
    """Solitaire states at the start of a turn with ``filled`` boxes, from seeded play."""
    rng = random.Random(seed)
    bot = OptimalSolitaire(progress=False)
    while True:
        state = classic.new_game()
        while not classic.is_terminal(state):
            if (
                state.phase is Phase.DECIDE
                and state.rolls == 0
                and state.sheets[0].filled() == filled
            ):
                yield state
                break
            if classic.current_player(state) < 0:
                state = classic.apply(state, classic.sample_chance(state, rng))
            else:
                actions = classic.legal_actions(state)
                state = classic.apply(state, bot(state, actions, rng))


def _distribution(state: State, bot: OptimalSolitaire) -> dict[int, Fraction]:
    """The exact distribution of the points still to come in a solitaire game."""
    rules = state.rules
    # The points still to come include the upper bonus, reached or not.
    start = state.sheets[0].total(rules) - state.sheets[0].upper_bonus(rules)
    memo: dict[State, dict[int, Fraction]] = {}

    def walk(s: State) -> dict[int, Fraction]:
        found = memo.get(s)
        if found is not None:
            return found
        if classic.is_terminal(s):
            out = {s.sheets[0].total(rules) - start: Fraction(1)}
        elif classic.current_player(s) < 0:
            out = {}
            for outcome, p in classic.chance_outcomes(s):
                for k, q in walk(classic.apply(s, outcome)).items():
                    out[k] = out.get(k, Fraction(0)) + p * q
        else:
            actions = classic.legal_actions(s)
            out = walk(classic.apply(s, bot(s, actions, random.Random(0))))
        memo[s] = out
        return out

    return walk(state)


def test_the_means_are_the_value_table() -> None:
    mo = late_moments(DEFAULT)
    table = OptimalSolitaire(progress=False).table
    compared = 0
    for mask in range(FULL_MASK + 1):
        if bin(mask).count("1") < LATE:
            continue
        for upper, fifty in mo.model.states(mask):
            i = mo.model.index(mask, upper, fifty)
            assert mo.mean[i] == pytest.approx(table.values[i], abs=1e-7)
            assert mo.variance[i] >= 0
            compared += 1
    assert compared > 20_000
    # A finished sheet: only the upper bonus, known for sure.
    assert mo.at(FULL_MASK, mo.model.threshold, 0) == (35.0, 0.0)
    assert mo.at(FULL_MASK, 0, 0) == (0.0, 0.0)


@pytest.mark.parametrize(("seed", "filled"), [(1, 12), (2, 12), (3, 12), (4, 11)])
def test_the_variance_is_that_of_the_exact_distribution(seed: int, filled: int) -> None:
    bot = OptimalSolitaire(progress=False)
    state = next(_late_states(seed, filled))
    dist = _distribution(state, bot)
    assert sum(dist.values()) == 1
    mean = float(sum(k * p for k, p in dist.items()))
    var = float(sum(k * k * p for k, p in dist.items())) - mean * mean
    mo = late_moments(DEFAULT)
    m, v = mo.at(*_position(state.sheets[0], mo.model))
    assert m == pytest.approx(mean, abs=1e-6)
    assert v == pytest.approx(var, abs=1e-5)
    assert v > 0


def _last_turn(seed: int) -> State:
    """A seeded two-player game where seat 1 starts the last turn; seat 0 has finished."""
    rng = random.Random(seed)
    bot = OptimalSolitaire(progress=False)
    state = classic.new_game(players=["Ann", "Ben"], first_player=0)
    while not (state.player == 1 and state.sheets[1].filled() == 12 and state.rolls == 0):
        if classic.current_player(state) < 0:
            state = classic.apply(state, classic.sample_chance(state, rng))
        else:
            actions = classic.legal_actions(state)
            state = classic.apply(state, bot(state, actions, rng))
    return state


def _exact_win(state: State) -> Callable[[State], float]:
    """Brute force: the best probability of seat 1 winning from a state of its last turn."""
    memo: dict[tuple[object, ...], float] = {}

    def walk(s: State) -> float:
        key = (s.phase, s.dice, s.rolls)
        if classic.is_terminal(s):
            won = classic.winners(s)
            return 1.0 / len(won) if 1 in won else 0.0
        found = memo.get(key)
        if found is not None:
            return found
        if classic.current_player(s) < 0:
            out = sum(float(p) * walk(classic.apply(s, o)) for o, p in classic.chance_outcomes(s))
        else:
            out = max(walk(classic.apply(s, a)) for a in classic.legal_actions(s))
        memo[key] = out
        return out

    return walk


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_the_last_turn_against_a_finished_opponent_is_exact(late: None, seed: int) -> None:
    state = _last_turn(seed)
    # Make the game close: the finished opponent's total sits near seat 1's mean.
    bot = WinProbabilityPlayer()
    exact = _exact_win(state)
    rng = random.Random(seed)
    checked = 0
    s = classic.apply(state, classic.Roll())
    while not classic.is_terminal(s):
        if classic.current_player(s) < 0:
            s = classic.apply(s, classic.sample_chance(s, rng))
            continue
        advice = bot.advise(s)
        for a in advice:
            assert a.win == pytest.approx(exact(classic.apply(s, a.action)), abs=1e-12)
        assert advice[0].win == pytest.approx(exact(s), abs=1e-12)
        checked += 1
        s = classic.apply(s, bot(s, classic.legal_actions(s), rng))  # type: ignore[arg-type]
    assert checked >= 1
    assert bot.win_probability(s) in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))


def test_it_is_the_classic_bot_named_win_and_refuses_what_it_does_not_cover() -> None:
    assert BOTS["classic"]["win"] is WinProbabilityPlayer
    assert repr(WinProbabilityPlayer()).startswith("WinProbabilityPlayer(rules=Rules(")
    with pytest.raises(KniffelError, match="Croatian"):
        WinProbabilityPlayer(Rules(croatian=True))
    with pytest.raises(KniffelError, match=r"classic\.Rules"):
        WinProbabilityPlayer("kniffel")  # type: ignore[arg-type]


def test_bad_states_are_refused_clearly(late: None) -> None:
    bot = WinProbabilityPlayer()
    solo = _last_turn(11)
    with pytest.raises(KniffelError, match="classic State"):
        bot.advise("state")  # type: ignore[arg-type]
    with pytest.raises(KniffelError, match="rules"):
        bot.advise(classic.new_game(2, rules=Rules(joker="free"), first_player=0))
    thrown = classic.apply(solo, classic.Roll())
    assert thrown.phase is Phase.THROW
    with pytest.raises(IllegalActionError, match="no decision"):
        bot.advise(thrown)
    one = next(_late_states(5, 12))
    with pytest.raises(KniffelError, match="nobody to beat"):
        bot.advise(one)
    # Alone, it plays as the optimal solitaire player.
    rolled = classic.apply(classic.apply(one, classic.Roll()), classic.DiceRoll((2, 2, 3, 5, 6)))
    actions = classic.legal_actions(rolled)
    solo_bot = OptimalSolitaire(progress=False)
    rng = random.Random(0)
    assert bot(rolled, actions, rng) == solo_bot(rolled, actions, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [21, 22])
def test_the_advice_covers_every_legal_action_best_first(late: None, seed: int) -> None:
    state = classic.apply(_last_turn(seed), classic.Roll())
    state = classic.apply(state, classic.sample_chance(state, random.Random(seed)))
    bot = WinProbabilityPlayer()
    advice = bot.advise(state)
    actions = classic.legal_actions(state)
    assert sorted(map(repr, (a.action for a in advice))) == sorted(map(repr, actions))
    wins = [a.win for a in advice]
    assert wins == sorted(wins, reverse=True)
    assert all(0.0 <= w <= 1.0 for w in wins)
    scores = dict(OptimalSolitaire(progress=False).advise(state))
    assert all(a.score == scores[a.action] for a in advice)
    assert bot(state, actions, random.Random(0)) == advice[0].action  # type: ignore[arg-type]


def test_the_win_probabilities_of_all_seats_sum_to_one() -> None:
    bot = WinProbabilityPlayer()
    start = bot.win_probability(classic.new_game(2, first_player=0))
    assert start == pytest.approx((0.5, 0.5), abs=1e-9)
    three = bot.win_probability(classic.new_game(3, first_player=0))
    assert three == pytest.approx((1 / 3,) * 3, abs=1e-9)
    state = _last_turn(12)
    probs = bot.win_probability(state)
    assert sum(probs) == pytest.approx(1.0, abs=1e-9)
    ben = state.sheets[1]
    base = ben.total(DEFAULT) - ben.upper_bonus(DEFAULT)
    mean = base + bot.moments.at(*_position(ben, bot.moments.model))[0]
    assert (probs[0] > 0.5) == (state.sheets[0].total(DEFAULT) > mean)


def _doc_state(
    ann: dict[str, int], ben: dict[str, int], *, player: int, dice: list[int], rolls: int
) -> State:
    """A two-player position of the rulebook's rules, read by ``classic.from_json``."""
    doc = {
        "format": "kniffel-rules/classic-state",
        "version": 1,
        "rules": DEFAULT.to_dict(),
        "players": [
            {"name": name, "sheet": sheet, "extra_kniffel_bonus": 0}
            for name, sheet in (("Ann", ann), ("Ben", ben))
        ],
        "phase": "decide",
        "player": player,
        "dice": dice,
        "rolls": rolls,
        "game": 0,
        "first_player": 0,
        "roll_off": None,
        "results": [],
    }
    return classic.from_json(json.dumps(doc))


LEADING = _doc_state(
    {
        "ones": 1,
        "twos": 6,
        "threes": 12,
        "fours": 12,
        "fives": 15,
        "sixes": 18,
        "four_of_a_kind": 19,
        "full_house": 25,
        "small_straight": 30,
        "kniffel": 50,
    },
    {
        "ones": 2,
        "twos": 8,
        "threes": 9,
        "fours": 12,
        "fives": 15,
        "sixes": 24,
        "three_of_a_kind": 25,
        "full_house": 25,
        "kniffel": 0,
        "chance": 18,
    },
    player=0,
    dice=[2, 2, 4, 5, 6],
    rolls=3,
)
"""docs/winning.md, first worked position: Ann leads by 50 at her last throw."""
TRAILING = _doc_state(
    {
        "ones": 1,
        "twos": 6,
        "threes": 9,
        "fives": 15,
        "sixes": 24,
        "three_of_a_kind": 23,
        "four_of_a_kind": 22,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 20,
    },
    {
        "ones": 1,
        "twos": 6,
        "threes": 6,
        "fives": 15,
        "sixes": 24,
        "four_of_a_kind": 16,
        "full_house": 25,
        "small_straight": 30,
        "kniffel": 0,
        "chance": 23,
    },
    player=1,
    dice=[2, 3, 5, 5, 6],
    rolls=1,
)
"""docs/winning.md, second worked position: Ben trails by 69 after his first throw."""
PAGE = Path(__file__).parents[2] / "docs" / "winning.md"


@pytest.mark.parametrize(
    ("state", "win_move", "mean_move"),
    [
        (LEADING, classic.Score(classic.Box.LARGE_STRAIGHT), classic.Score(classic.Box.CHANCE)),
        (TRAILING, classic.Roll(keep=(5, 5, 6)), classic.Roll(keep=(5, 5))),
    ],
    ids=["leading", "trailing"],
)
def test_the_worked_positions_of_the_docs(
    state: State, win_move: classic.Action, mean_move: classic.Action
) -> None:
    bot = WinProbabilityPlayer()
    advice = bot.advise(state)
    by_action = {a.action: a for a in advice}
    assert advice[0].action == win_move
    assert OptimalSolitaire(progress=False).advise(state)[0].action == mean_move
    page = PAGE.read_text(encoding="utf-8")
    for action in (win_move, mean_move):
        a = by_action[action]
        row = f"| {classic.render_action(action)} | {100 * a.win:.2f} % | {a.score:.2f} |"
        assert row in page, row
    seats = " : ".join(f"{100 * p:.2f} %" for p in bot.win_probability(state))
    assert f"Ann : Ben = {seats}." in page
    # The policy: the best estimate where it is exact (trailing), the
    # average-maximising move for a gain within the margin where it is not.
    played = bot(state, classic.legal_actions(state), random.Random(0))  # type: ignore[arg-type]
    assert played == (win_move if state is TRAILING else mean_move)


@pytest.mark.parametrize("seed", [11, 13])
def test_advice_against_given_totals_is_advice_against_finished_seats(
    late: None, seed: int
) -> None:
    two = classic.apply(_last_turn(seed), classic.Roll())
    two = classic.apply(two, classic.sample_chance(two, random.Random(seed)))
    alone = State(DEFAULT, ("you",), (two.sheets[1],), Phase.DECIDE, dice=two.dice, rolls=two.rolls)
    bot = WinProbabilityPlayer()
    total = two.sheets[0].total(DEFAULT)
    assert bot.advise(alone, opponents=[total]) == bot.advise(two)
    # Against a lower total and a higher one, the chances move the right way.
    low, high = bot.advise(alone, opponents=[total - 40]), bot.advise(alone, opponents=[total + 40])
    assert low[0].win >= bot.advise(two)[0].win >= high[0].win
    for bad in ([], [-1], [1.5]):
        with pytest.raises(KniffelError, match="opponents"):
            bot.advise(alone, opponents=bad)  # type: ignore[arg-type]
