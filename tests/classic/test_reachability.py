"""Issue 14 for classic: every reachable state reads back, nothing unreachable is accepted.

The invariants are numbered as on ``docs/rules/classic.md`` ("Reachable
states"); `test_a_document_breaking_an_invariant_is_refused` has at least one
case per number, each a real ``to_json`` document edited in one place.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classic.helpers import all_but, position
from kniffel_rules import CHANCE, DiceRoll, InvalidStateError, KniffelError, classic, extreme
from kniffel_rules._fields import is_int
from kniffel_rules.classic import Box, Phase, Roll, Rules, Score, Sheet, State
from kniffel_rules.classic import engine as classic_engine
from kniffel_rules.classic._reach import bonus_hosts, final_totals
from kniffel_rules.classic.combinations import possible_values
from kniffel_rules.classic.engine import ranking_points
from kniffel_rules.classic.legality import allowed_boxes, check_entry, entry_options
from kniffel_rules.classic.pieces import UPPER, layout, sheet_boxes
from kniffel_rules.limits import MAX_PLAYERS

RULE_SETS = [
    Rules(),
    Rules(joker="forced", extra_kniffel_bonus=100, games=2, ranking="placement"),
    Rules(joker="free", kniffel_counts_as_full_house=True),
    Rules(joker="none", extra_bonus_requires_fifty=False),
    Rules(extra_bonus_requires_fifty=False, games=2),
    Rules(full_cup=True, upper_bonus_threshold=0),
    Rules(croatian=True, games=2, ranking="placement"),
    Rules(extra_kniffel_bonus=0, kniffel_score=1, full_house_score=0),
]


def _kniffel_hungry_step(state: State, rng: random.Random) -> Any:
    """A move that makes (extra) Kniffels often, so the bonus rules are exercised."""
    if classic.current_player(state) == CHANCE:
        kept = state.dice
        thrown = 5 - len(kept) if state.phase is Phase.THROW else 1
        if state.phase is Phase.THROW and rng.random() < 0.6 and len(set(kept)) <= 1:
            face = kept[0] if kept else rng.randint(1, 6)
            return DiceRoll((face,) * thrown)
        return classic.sample_chance(state, rng)
    actions = classic.legal_actions(state)
    if state.rolls and rng.random() < 0.7:
        face = max(set(state.dice), key=state.dice.count)
        same = Roll(tuple(d for d in state.dice if d == face))
        if same in actions:
            return same
    return actions[rng.randrange(len(actions))]


def _play(rules: Rules, players: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = classic.new_game(players, rules=rules, first_player=None)
    seen = [state]
    while not classic.is_terminal(state):
        state = classic.apply(state, _kniffel_hungry_step(state, rng))
        seen.append(state)
    return seen


@settings(max_examples=12)
@given(st.sampled_from(RULE_SETS), st.integers(1, 3), st.integers(0, 2**32))
def test_every_state_of_a_played_game_reads_back(rules: Rules, players: int, seed: int) -> None:
    for state in _play(rules, players, seed):
        assert classic.from_json(classic.to_json(state)) == state


@pytest.mark.slow
@settings(max_examples=200)
@given(st.sampled_from(RULE_SETS), st.integers(1, 4), st.integers(0, 2**32))
def test_every_state_of_many_played_games_reads_back(rules: Rules, players: int, seed: int) -> None:
    for state in _play(rules, players, seed):
        assert classic.from_json(classic.to_json(state)) == state


def test_the_games_above_reach_the_extra_bonus() -> None:
    """The round trips exercise invariants 4 to 6 and 12 (bonuses earned, games finished)."""
    for rules in (Rules(), Rules(joker="forced"), Rules(joker="none")):
        final = _play(rules, 1, 3)[-1]
        assert final.sheets[0].extra_bonus > 0, rules
        assert final.results[-1][0] in final_totals(rules)


# --- one document per invariant ------------------------------------------------------


def _doc(state: State) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(classic.to_json(state))
    return result


def _sheet_doc(entries: dict[Box, int], bonus: int = 0, rules: Rules | None = None) -> Any:
    return _doc(position(entries, rules=rules))["players"][0], bonus


def _set(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _player(
    entries: dict[Box, int], bonus: int, rules: Rules | None = None, **fields: Any
) -> dict[str, Any]:
    """A solitaire document at the start of a turn with this sheet (valid apart from it)."""
    d = _doc(position(rules=rules))
    d["players"][0]["sheet"] = {b.key: v for b, v in entries.items()}
    d["players"][0]["extra_kniffel_bonus"] = bonus
    d.update(fields)
    return d


def _over(rules: Rules | None = None) -> dict[str, Any]:
    final = _play(rules or Rules(), 2, 7)[-1]
    return _doc(final)


def _with_result(total: int, rules: Rules | None = None) -> dict[str, Any]:
    rules = rules or Rules(games=2)
    d = _doc(classic.new_game(2, rules=rules, first_player=0))
    d["game"] = 1
    d["results"] = [[total, final_totals(rules).lowest]]  # seat 1: a total some sheet has
    d["player"] = 1  # game 1 starts at seat 1
    return d


_FULL_SCHMIDT = {**all_but(Box.KNIFFEL, Box.SIXES), Box.KNIFFEL: 50}
_ROLLOFF = _doc(classic.new_game(3, first_player=None))


_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("1-no-players", _set(_doc(position()), ["players"], []), "at least 1 player"),
    (
        "1-too-many-players",
        _set(_doc(position()), ["players"], _doc(position())["players"] * (MAX_PLAYERS + 1)),
        "at most 1000 items",
    ),
    (
        "1-lone-surrogate",
        _set(_doc(position()), ["players", 0, "name"], "\ud800"),
        r"players\[0\]\.name: .*valid Unicode",
    ),
    ("1-long-name", _set(_doc(position()), ["players", 0, "name"], "x" * 101), "at most 100"),
    ("1-empty-name", _set(_doc(position()), ["players", 0, "name"], ""), "non-empty"),
    ("2-value", _player({Box.TWOS: 7}, 0), r"sheet\.twos: 7 is not a value"),
    ("2-croatian-box", _player({Box.CHANCE: 20}, 0, Rules(croatian=True)), "unknown field"),
    (
        "3-not-a-multiple",
        _player({Box.KNIFFEL: 50, Box.FOURS: 20}, 25),
        r"25 is not a multiple of 50, the bonus of one extra Kniffel \(CL-44\)",
    ),
    (
        "3-croatian-bonus",
        _player({Box.FOURS: 20}, 50, Rules(croatian=True)),
        r"Croatian sheet pays no extra-Kniffel bonus \(CL-31\)",
    ),
    (
        "3-bonus-off",
        _player({Box.KNIFFEL: 50, Box.FOURS: 20}, 50, Rules(extra_kniffel_bonus=0)),
        r"pay no extra-Kniffel bonus: extra_kniffel_bonus is 0 \(CL-44\)",
    ),
    (
        "4-no-kniffel",
        _player({Box.FOURS: 20}, 50),
        r"needs the Kniffel box filled first \(CL-17\)",
    ),
    (
        "5-struck-kniffel",
        _player({Box.KNIFFEL: 0, Box.FOURS: 20}, 50),
        r"extra_kniffel_bonus: no extra-Kniffel bonus while the Kniffel box holds 0.*\(CL-22\)",
    ),
    (
        "6-schmidt-no-upper-box",
        _player({Box.KNIFFEL: 50, Box.CHANCE: 20, Box.FULL_HOUSE: 25}, 50),
        r"50 is 1 extra Kniffel, .*\(CL-18\): such a value stands in only 0 filled boxes$",
    ),
    (
        "6-schmidt-upper-box-not-five-of-a-face",
        _player({Box.KNIFFEL: 50, Box.FOURS: 16}, 50),
        "only 0 filled box",
    ),
    (
        "6-schmidt-more-bonuses-than-upper-boxes",
        _player({Box.KNIFFEL: 50, Box.FOURS: 20, Box.CHANCE: 20}, 100),
        r"100 is 2 extra Kniffels, .*only 1 filled box$",
    ),
    (
        "6-none-full-house-holds-no-joker",
        _player({Box.KNIFFEL: 50, Box.FULL_HOUSE: 25}, 50, Rules(joker="none")),
        "only 0 filled box",
    ),
    (
        "7-roll-off-without-contenders",
        _set(json.loads(json.dumps(_ROLLOFF)), ["roll_off"], {"contenders": [0], "faces": []}),
        "roll_off",
    ),
    (
        "7-roll-off-after-a-turn",
        _set(json.loads(json.dumps(_ROLLOFF)), ["players", 0, "sheet"], {"ones": 1}),
        "a roll-off happens before anything else",
    ),
    (
        "7-roll-off-with-first-player",
        _set(json.loads(json.dumps(_ROLLOFF)), ["first_player"], 0),
        "no first_player",
    ),
    ("7-no-first-player", _set(_doc(position()), ["first_player"], None), "first_player"),
    ("8-three-dice", _player({}, 0, dice=[1, 2, 3], rolls=1), "five dice"),
    ("8-unsorted", _player({}, 0, dice=[5, 4, 3, 2, 1], rolls=1), "sorted"),
    ("8-dice-before-a-throw", _player({}, 0, dice=[1, 2, 3, 4, 5], rolls=0), "five dice"),
    (
        "8-kept-under-full-cup",
        _player({}, 0, Rules(full_cup=True), phase="throw", dice=[6], rolls=1),
        "full_cup",
    ),
    ("8-four-rolls", _player({}, 0, rolls=4), "rolls: 4 is above"),
    (
        "9-seat-ahead",
        _set(_doc(classic.new_game(2, first_player=0)), ["players", 1, "sheet"], {"ones": 3}),
        r"players\[1\]\.sheet: the turn order allows 0 filled boxes here, not 1",
    ),
    (
        "9-no-open-box",
        _player(all_but(), 0),  # everything struck but Chance, which the dice always fill
        "the player to move has no open box",
    ),
    (
        "10-over-too-early",
        _over(Rules(games=2)) | {"game": 1, "results": _over(Rules(games=2))["results"][:1]},
        "a finished series has game = 2",
    ),
    ("10-over-with-dice", _set(_over(), ["dice"], [1, 2, 3, 4, 5]), "no dice"),
    # 5: a total a full sheet can have (all struck, Chance 5), but not this sheet's.
    ("10-last-result", _set(_over(), ["results", 0, 0], 5), "last result"),
    ("11-results-length", _set(_doc(position()), ["results"], [[100]]), "results"),
    ("11-results-width", _with_result(100) | {"results": [[100]]}, "expected 2 items"),
    ("12-negative", _with_result(-1_000_000), r"results\[0\]\[0\]: -1000000 is below the min"),
    ("12-above-maximum", _with_result(676), "676 is above the maximum 675"),
    (
        "12-a-total-no-sheet-has",
        _with_result(926, Rules(joker="forced", games=2)),
        "926 is not a total a full sheet can have",
    ),
    (
        "12-croatian",
        _with_result(-119, Rules(croatian=True, games=2)),  # lowest -120, then a gap
        "-119 is not a total",
    ),
    (
        "12-placement-ranking-stores-totals",
        _with_result(1_000_000, Rules(games=2, ranking="placement")),
        "above the maximum",
    ),
]


@pytest.mark.parametrize(("doc", "message"), [c[1:] for c in _CASES], ids=[c[0] for c in _CASES])
def test_a_document_breaking_an_invariant_is_refused(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        classic.from_json(json.dumps(doc))


def test_every_invariant_on_the_rules_page_has_a_case() -> None:
    numbers = {int(name.split("-")[0]) for name, _, _ in _CASES}
    assert numbers == set(range(1, 13))


def test_the_edited_documents_are_valid_apart_from_their_edit() -> None:
    """The bases of the cases read back, so each case is refused for its edit only."""
    for d in (_player({}, 0), _with_result(100), _over(), _ROLLOFF):
        classic.from_json(json.dumps(d))
    ok = _player({Box.KNIFFEL: 50, Box.FOURS: 20, Box.SIXES: 30}, 100)
    assert classic.from_json(json.dumps(ok)).sheets[0].extra_bonus == 100
    forced = _player({Box.KNIFFEL: 50, Box.FULL_HOUSE: 25}, 50, Rules(joker="forced"))
    classic.from_json(json.dumps(forced))
    unfifty = _player({Box.KNIFFEL: 0, Box.FOURS: 20}, 50, Rules(extra_bonus_requires_fifty=False))
    classic.from_json(json.dumps(unfifty))
    classic.from_json(json.dumps(_with_result(675)))


def test_bonus_hosts_follow_the_joker_rules() -> None:
    """Derived from the engine's entry rule: Schmidt's bonus only in the matching upper box."""
    schmidt = bonus_hosts(Rules())
    assert {Box(i): set(v) for i, v in enumerate(schmidt) if v} == {
        b: {5 * (b.value + 1)} for b in UPPER
    }
    forced = bonus_hosts(Rules(joker="forced"))
    assert set(forced[Box.ONES.value]) == {0, 5}  # in Ones, or struck there (CL-20)
    assert set(forced[Box.LARGE_STRAIGHT.value]) == {40}
    assert not forced[Box.KNIFFEL.value]
    assert not any(bonus_hosts(Rules(croatian=True)))


def test_final_totals_bounds() -> None:
    # Chance always holds the dice (at least 5): no finished sheet totals below 5.
    assert (final_totals(Rules()).lowest, final_totals(Rules()).highest) == (5, 675)
    assert 5 in final_totals(Rules()) and 4 not in final_totals(Rules())
    forced = final_totals(Rules(joker="forced"))
    assert forced.highest == 105 + 35 + 235 + 12 * 50
    # Threshold 0: the bonus 35 always comes, on top of the lowest sheet (Chance 5).
    assert 35 + 5 in final_totals(Rules(upper_bonus_threshold=0))
    assert 35 + 4 not in final_totals(Rules(upper_bonus_threshold=0))
    assert final_totals(Rules(upper_bonus_threshold=0)).lowest == 35 + 5
    cro = final_totals(Rules(croatian=True))
    # Maximum and Minimum hold 5 to 30, so Maximum - Minimum is -25 to 25, times Ones 5.
    assert (cro.lowest, cro.highest) == (5 + 5 * (5 - 30), 105 + 35 + 5 * (30 - 5))
    assert -119 not in cro and 264 not in cro
    assert "1" not in cro and 1.0 not in forced


# --- actions: junk never makes a legal action ------------------------------------------


_JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.fractions(),
    st.integers(),
    st.integers(min_value=2**63),
    st.text(min_size=1, max_size=5),  # "" is an empty iterable: see the xfail below
    st.none(),
    st.sampled_from(list(extreme.Box)),
    st.sampled_from([1.0, Fraction(3), True, "chance", b"x", "kniffel", 11]),
    st.lists(
        st.one_of(st.booleans(), st.floats(), st.fractions(), st.text(max_size=2)), min_size=1
    ),
)

_LEGAL = {
    a
    for rules in (Rules(), Rules(croatian=True))
    for a in (
        *classic.legal_actions(position(dice=(1, 1, 2, 3, 3), rules=rules)),
        *classic.legal_actions(classic.apply(position(rules=rules), Roll())),
        *(Roll(k) for k in ((), (3,), (3, 3), (1, 2, 3, 4))),
        *(Score(b) for b in Box),
    )
}


@settings(max_examples=150)
@given(_JUNK)
def test_junk_fields_never_build_a_legal_action(value: Any) -> None:
    for cls in (Score, Roll, DiceRoll):
        try:
            built = cls(value)
        except InvalidStateError:
            continue
        assert cls is not Score
        # Roll and DiceRoll take any iterable of ints: junk lists never are one.
        assert built not in _LEGAL, (cls, value)


def test_strings_and_bytes_are_no_kept_dice() -> None:
    for junk in ("", b"", b"\x03\x03", {3: 1}, {3, 1}, "33"):
        with pytest.raises(InvalidStateError, match="expected a sequence of dice faces"):
            Roll(junk)  # type: ignore[arg-type]


@settings(max_examples=60)
@given(st.lists(_JUNK, max_size=4))
def test_junk_never_crashes_a_state_function(values: list[Any]) -> None:
    state = position(dice=(1, 1, 2, 3, 3))
    before = classic.to_json(state)
    for value in values:
        for fn in (
            classic.scores,
            classic_engine.totals,
            classic.to_json,
            classic.winners,
            classic.legal_actions,
            classic.is_terminal,
            classic.current_player,
        ):
            with pytest.raises(KniffelError):
                fn(value)
        with pytest.raises(KniffelError):
            classic.apply(state, value)
        assert classic.why_illegal(state, value) is not None
        junk: Any = value  # ``is_int`` would narrow it to int for the type checker
        if not is_int(value):
            with pytest.raises(KniffelError):
                ranking_points([junk])
        with pytest.raises(KniffelError):
            ranking_points(junk)
    assert classic.to_json(state) == before


# --- scores of large series (their cost is measured by benchmarks/sizes.py) ----------


def _series(players: int, games: int) -> State:
    rng = random.Random(players * games)
    rules = Rules(games=games + 1, ranking="placement")
    totals = final_totals(rules)
    results = tuple(
        tuple(rng.randrange(totals.highest // 2) for _ in range(players)) for _ in range(games)
    )
    names = tuple(f"P{i}" for i in range(players))
    return State(rules, names, (Sheet(),) * players, Phase.DECIDE, game=games, results=results)


@pytest.mark.parametrize(("players", "games"), [(250, 40), (1000, 80)])
def test_scores_of_a_large_placement_series(players: int, games: int) -> None:
    points = classic.scores(_series(players, games))
    assert len(points) == players
    assert sum(points) >= games * players  # everyone gets at least 1 point a game
    assert max(points) <= games * players  # and at most N


def test_the_other_public_functions_refuse_junk_cleanly() -> None:
    from kniffel_rules.classic import Sheet

    good = (Sheet(), (1, 1, 1, 1, 1), Rules())
    calls: list[tuple[Any, tuple[Any, ...]]] = [
        (layout, ("x",)),
        (sheet_boxes, (None,)),
        (possible_values, ([],)),
        (possible_values, (Box.ONES, {})),
        (classic.score, (Box.ONES, (1, 1, 1, 1, 1), 3)),
        (check_entry, (*good[:2], "x", good[2])),
    ]
    for fn in (allowed_boxes, entry_options):
        calls += [(fn, (None, *good[1:])), (fn, (good[0], [1] * 5, good[2])), (fn, (*good[:2], 1))]
    for fn, args in calls:
        with pytest.raises(InvalidStateError):
            fn(*args)
