"""The optimal solitaire player with the shipped tables (no numpy needed)."""

from __future__ import annotations

import importlib.util
import itertools
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import kniffel_rules
from classic.helpers import all_but, position
from kniffel_rules import (
    CHANCE,
    IllegalActionError,
    InvalidStateError,
    KniffelError,
    classic,
    yatzy,
)
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import SHIPPED, Advice, ValueTable
from kniffel_rules.bots.optimal import player as player_module
from kniffel_rules.classic import Box, Roll, Rules, Score, State

DEFAULT = Rules()
VERHOEFF = Rules(joker="free", extra_kniffel_bonus=100)
GLENN = Rules(joker="none", extra_kniffel_bonus=0)
SHIPPED_RULES = [DEFAULT, VERHOEFF, GLENN]
TOLERANCE = 1e-6  # the shipped values are rounded to 2 ** -24


@pytest.fixture(scope="module", params=SHIPPED_RULES, ids=["kniffel", "verhoeff", "glenn"])
def bot(request: pytest.FixtureRequest) -> OptimalSolitaire:
    return OptimalSolitaire(request.param)


def reference(state: State) -> float:
    """The optimal expected final score by plain expectimax over classic's engine."""
    memo: dict[State, float] = {}

    def value(s: State) -> float:
        found = memo.get(s)
        if found is not None:
            return found
        if classic.is_terminal(s):
            v = float(classic.scores(s)[0])
        elif classic.current_player(s) == CHANCE:
            v = sum(float(p) * value(classic.apply(s, o)) for o, p in classic.chance_outcomes(s))
        else:
            v = max(value(classic.apply(s, a)) for a in classic.legal_actions(s))
        memo[s] = v
        return v

    return value(state)


UPPER_45 = {Box.ONES: 3, Box.TWOS: 6, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15}

REFERENCE_POSITIONS = [
    ("chance open", DEFAULT, all_but(Box.CHANCE)),
    ("sixes for the bonus", DEFAULT, {**all_but(Box.SIXES), **UPPER_45}),
    ("kniffel open, no joker", GLENN, all_but(Box.KNIFFEL)),
    ("struck kniffel, fours open", DEFAULT, all_but(Box.FOURS)),
    ("verhoeff joker", VERHOEFF, {**all_but(Box.FULL_HOUSE), Box.KNIFFEL: 50}),
    ("schmidt joker", DEFAULT, {**all_but(Box.LARGE_STRAIGHT), Box.KNIFFEL: 50}),
    ("schmidt bonus in sixes", DEFAULT, {**all_but(Box.SIXES), Box.KNIFFEL: 50}),
]


@pytest.mark.parametrize(
    ("rules", "entries"),
    [p[1:] for p in REFERENCE_POSITIONS],
    ids=[p[0] for p in REFERENCE_POSITIONS],
)
def test_values_equal_plain_expectimax_over_the_engine(
    rules: Rules, entries: dict[Box, int]
) -> None:
    state = position(entries, rules=rules)
    expected = reference(state)
    ((action, value),) = OptimalSolitaire(rules).advise(state)
    assert action == Roll()
    assert value == pytest.approx(expected, abs=TOLERANCE)


@pytest.mark.parametrize(
    ("rules", "published"), [(VERHOEFF, "254.5896"), (GLENN, "245.8708"), (DEFAULT, "248.3210")]
)
def test_shipped_tables_hold_the_published_optima(rules: Rules, published: str) -> None:
    # The slow tests recompute these from the rules; here the shipped data.
    bot = OptimalSolitaire(rules)
    assert f"{bot.expected_score():.4f}" == published  # from the file's header
    assert f"{bot.table.expected_score:.4f}" == published  # from its values
    assert bot.expected_score() == pytest.approx(bot.table.expected_score, abs=TOLERANCE)
    start = classic.new_game(rules=rules)
    assert bot.advise(start) == (Advice(Roll(), bot.table.expected_score),)


def decisions(rules: Rules, seed: int, games: int = 1) -> Iterator[State]:
    """Every decision of games played by a random player."""
    rng = random.Random(seed)
    for _ in range(games):
        state = classic.new_game(rules=rules)
        while not classic.is_terminal(state):
            if classic.current_player(state) == CHANCE:
                state = classic.apply(state, classic.sample_chance(state, rng))
                continue
            yield state
            actions = classic.legal_actions(state)
            state = classic.apply(state, actions[rng.randrange(len(actions))])


def test_advice_lists_exactly_the_legal_actions_best_first(bot: OptimalSolitaire) -> None:
    for state in decisions(bot.rules, seed=5, games=3):
        advice = bot.advise(state)
        assert Counter(a.action for a in advice) == Counter(classic.legal_actions(state))
        values = [a.value for a in advice]
        assert values == sorted(values, reverse=True)
        assert all(isinstance(a, Advice) and isinstance(a.value, float) for a in advice)


def test_ties_keep_the_legal_actions_order() -> None:
    bot = OptimalSolitaire()
    ties = 0
    for state in decisions(DEFAULT, seed=8, games=2):
        advice = bot.advise(state)
        order = classic.legal_actions(state)
        for a, b in itertools.pairwise(advice):
            if a.value == b.value:
                ties += 1
                assert order.index(a.action) < order.index(b.action)
    assert ties > 0


def expectation(bot: OptimalSolitaire, state: State) -> float:
    """The mean over the throw of the best advice at the next decision."""
    return sum(
        float(p) * bot.advise(classic.apply(state, o))[0].value
        for o, p in classic.chance_outcomes(state)
    )


def test_values_satisfy_the_bellman_equations_of_the_engine(bot: OptimalSolitaire) -> None:
    rng = random.Random(11)
    states = [s for s in decisions(bot.rules, seed=17, games=2) if s.rolls < 3]
    for state in rng.sample(states, 6):
        advice = {a.action: a.value for a in bot.advise(state)}
        rolls = [a for a in advice if isinstance(a, Roll)]
        for action in rng.sample(rolls, min(3, len(rolls))):
            after = classic.apply(state, action)
            assert advice[action] == pytest.approx(expectation(bot, after), abs=TOLERANCE)
        for score in [a for a in advice if isinstance(a, Score)]:
            after = classic.apply(state, score)
            if classic.is_terminal(after):
                assert advice[score] == pytest.approx(classic.scores(after)[0], abs=TOLERANCE)
            else:
                assert advice[score] == pytest.approx(bot.advise(after)[0].value, abs=TOLERANCE)


def test_extra_kniffel_advice_follows_the_joker_rules() -> None:
    # Five sixes, Kniffel holds 50, Sixes open: the rulebook forces Sixes and
    # credits the 50 bonus; Verhoeff's convention allows any box.
    entries = {Box.KNIFFEL: 50, Box.ONES: 3}
    schmidt = OptimalSolitaire().advise(position(entries, dice=(6,) * 5))
    assert {a.action for a in schmidt if isinstance(a.action, Score)} == {Score(Box.SIXES)}
    free = OptimalSolitaire(VERHOEFF).advise(position(entries, dice=(6,) * 5, rules=VERHOEFF))
    scores = {a.action for a in free if isinstance(a.action, Score)}
    assert Score(Box.FULL_HOUSE) in scores and Score(Box.TWOS) in scores


def test_the_policy_plays_whole_games_legally_and_never_draws() -> None:
    bot = OptimalSolitaire()
    for seed in range(3):
        rec = kniffel_rules.record(classic, [bot], seed=seed)
        assert classic.is_terminal(rec.final)
        assert kniffel_rules.replay(classic, rec.initial, rec.actions) == rec.final
    state = position(UPPER_45, dice=(2, 3, 4, 5, 5))
    rng = random.Random(3)
    before = rng.getstate()
    actions = classic.legal_actions(state)
    choice = bot(state, actions, rng)
    assert rng.getstate() == before
    assert choice == bot.advise(state)[0].action


def test_the_policy_picks_only_among_the_actions_given() -> None:
    bot = OptimalSolitaire()
    state = position({}, dice=(1, 1, 1, 1, 1))
    assert bot(state, (Score(Box.CHANCE), Score(Box.ONES)), random.Random(0)) == Score(Box.ONES)
    assert bot(state, (Score(Box.CHANCE),), random.Random(0)) == Score(Box.CHANCE)


def test_optimal_beats_greedy_on_average() -> None:
    from kniffel_rules.bots import ClassicGreedy

    bot, greedy = OptimalSolitaire(), ClassicGreedy()
    games = range(20)
    optimal = sum(classic.scores(kniffel_rules.play(classic, [bot], seed=s))[0] for s in games)
    other = sum(classic.scores(kniffel_rules.play(classic, [greedy], seed=s))[0] for s in games)
    assert optimal > other


def test_several_players_are_advised_as_if_alone() -> None:
    rng = random.Random(2)
    state = classic.new_game(players=["Ann", "Ben"], first_player=0)
    while not (state.player == 1 and state.rolls == 1 and state.sheets[1].filled() == 2):
        if classic.current_player(state) == CHANCE:
            state = classic.apply(state, classic.sample_chance(state, rng))
        else:
            actions = classic.legal_actions(state)
            state = classic.apply(state, actions[rng.randrange(len(actions))])
    alone = State(
        state.rules, ("Ben",), (state.sheets[1],), state.phase, 0, state.dice, state.rolls
    )
    bot = OptimalSolitaire()
    assert bot.advise(state) == bot.advise(alone)


def test_series_rules_share_the_table_of_one_game() -> None:
    series = Rules(games=3, ranking="placement")
    bot = OptimalSolitaire(series)
    assert bot.rules == DEFAULT
    state = classic.new_game(players=2, rules=series, first_player=1)
    assert bot.advise(state)[0].value == pytest.approx(bot.expected_score(), abs=TOLERANCE)


def test_what_is_not_a_decision_is_refused() -> None:
    bot = OptimalSolitaire()
    rolling = classic.apply(classic.new_game(), Roll())
    with pytest.raises(IllegalActionError, match="no decision"):
        bot.advise(rolling)
    with pytest.raises(IllegalActionError, match="no decision"):
        bot.advise(classic.new_game(players=2))  # the roll-off
    over = kniffel_rules.play(classic, [bot], seed=1)
    with pytest.raises(IllegalActionError):
        bot.advise(over)
    with pytest.raises(KniffelError, match="classic State"):
        bot.advise("state")


def test_other_rules_and_croatian_are_refused_clearly() -> None:
    with pytest.raises(KniffelError, match="Croatian"):
        OptimalSolitaire(Rules(croatian=True))
    with pytest.raises(KniffelError, match=r"classic\.Rules"):
        OptimalSolitaire("classic")
    differ = "made for other rules: the state's differ in joker, extra_kniffel_bonus"
    with pytest.raises(KniffelError, match=differ):
        OptimalSolitaire().advise(classic.new_game(rules=VERHOEFF))


def test_other_rules_without_numpy_raise_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def no_numpy(name: str, package: str | None = None) -> object:
        return None if name == "numpy" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", no_numpy)
    with pytest.raises(KniffelError, match=r"numpy.*kniffel-rules\[solver\]"):
        OptimalSolitaire(Rules(joker="forced"))
    OptimalSolitaire(VERHOEFF)  # a shipped table needs no numpy


def test_playing_with_a_shipped_table_never_imports_numpy() -> None:
    code = (
        "import sys, kniffel_rules\n"
        "from kniffel_rules import classic\n"
        "from kniffel_rules.bots import OptimalSolitaire\n"
        "bot = OptimalSolitaire()\n"
        "final = kniffel_rules.play(classic, [bot], seed=4)\n"
        "assert classic.is_terminal(final)\n"
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_tables_round_trip_through_files(glenn_file: Path) -> None:
    table = OptimalSolitaire(GLENN).table
    path = glenn_file
    again = ValueTable.load(path)
    assert again.rules == GLENN and again.model.flags == table.model.flags
    assert again.values.tobytes() == table.values.tobytes()
    bot = OptimalSolitaire(GLENN, table=path)
    assert bot.expected_score() == table.expected_score
    with pytest.raises(KniffelError, match="table is for"):
        OptimalSolitaire(DEFAULT, table=again)


@pytest.fixture(scope="module")
def glenn_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables") / "glenn.kvt"
    OptimalSolitaire(GLENN).table.save(path)
    return path


@pytest.fixture(scope="module")
def glenn_bytes(glenn_file: Path) -> bytes:
    return glenn_file.read_bytes()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda b: b"not a table", "not a kniffel-rules value table"),
        (lambda b: b'{"format": "other"}\n' + b.partition(b"\n")[2], "not a kniffel-rules"),
        (lambda b: b.replace(b'"version": 1', b'"version": 2'), "version"),
        (lambda b: b.replace(b'"flags": 1', b'"flags": 3'), "flags"),
        (lambda b: b.replace(b'"states": ', b'"states": 1'), "values for these rules"),
        (lambda b: b[:-100], "table"),
        (lambda b: b.replace(b'"croatian": false', b'"croatian": true'), "Croatian"),
        (lambda b: b.replace(b'"joker": "none"', b'"joker": 7'), "rules.joker"),
        (lambda b: b.replace(b'"game": "classic"', b'"game": "nope"'), "unknown game"),
        (lambda b: b.replace(b'"game": "classic"', b'"game": "cards"'), "table.rules"),
    ],
)
def test_damaged_table_files_are_invalid(glenn_bytes: bytes, damage: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        ValueTable.from_bytes(damage(glenn_bytes))  # type: ignore[operator]


def test_shipped_tables_are_the_documented_rule_sets() -> None:
    assert set(SHIPPED.values()) == {*SHIPPED_RULES, yatzy.Rules()}  # docs/bots.md, "Tables"
    files = Path(player_module.__file__).parent / "data"
    assert sorted(p.name for p in files.glob("*.kvt")) == sorted(f"{n}.kvt" for n in SHIPPED)
    assert sum(p.stat().st_size for p in files.glob("*.kvt")) < 6_000_000  # 5.4 MB
