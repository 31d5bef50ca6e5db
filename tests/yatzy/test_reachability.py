"""Yatzy: every reachable state reads back, nothing unreachable is accepted.

The invariants are numbered as on ``docs/rules/yatzy.md`` ("Reachable
states"); `test_a_document_breaking_an_invariant_is_refused` has at least one
case per number, each a real ``to_dict`` document edited in one place.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance_cases import random_states
from kniffel_rules import DiceRoll, InvalidStateError, verify_sheet, yatzy
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.yatzy import GAME, Box, Roll, Rules, Score, State

RULE_SETS = [
    Rules(),
    Rules(yatzy_counts_as_full_house=True, four_of_a_kind_counts_as_two_pairs=True),
    Rules(forced_order=True),
]


def _play(rules: Rules, players: int, seed: int) -> list[State]:
    """Every state of one random game (the roll-off included for two players or more)."""
    return list(random_states(yatzy, yatzy.new_game(players, rules=rules), random.Random(seed)))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(1, 3), st.integers(0, 2**32))
def test_every_state_of_a_played_game_reads_back(rules: Rules, players: int, seed: int) -> None:
    for state in _play(rules, players, seed):
        assert yatzy.from_dict(yatzy.to_dict(state)) == state
        assert yatzy.from_json(yatzy.to_json(state)) == state


@pytest.mark.rule("YA-06", "YA-16")
def test_the_values_a_state_holds_are_the_entries_a_score_makes() -> None:
    """Invariant 2 comes from the engine: every value some throw enters, and no other."""
    for rules in RULE_SETS:
        for box in Box:
            entered = {
                yatzy.score(box, throw.values, rules)
                for throw, _ in yatzy.chance_outcomes(yatzy.apply(_start(rules), Roll()))
            }
            assert GAME.entry_values(rules, box.value) == entered, box
    assert 0 not in GAME.entry_values(Rules(), Box.CHANCE.value)
    assert 0 in GAME.possible(Rules(), Box.CHANCE.value)  # a paper sheet may strike it


# --- one document per invariant ------------------------------------------------------


def _start(rules: Rules | None = None, players: int = 1) -> State:
    return yatzy.new_game(players, rules=rules, first_player=0)


def _doc(state: State) -> dict[str, Any]:
    return yatzy.to_dict(state)


def _set(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _without(doc: dict[str, Any], path: list[Any]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return doc


def _sheet(entries: dict[str, int], rules: Rules | None = None, **fields: Any) -> dict[str, Any]:
    """A solitaire document at the start of a turn with this sheet (valid apart from it)."""
    d = _doc(_start(rules))
    d["players"][0]["sheet"] = entries
    d.update(fields)
    return d


def _over() -> dict[str, Any]:
    return _doc(_play(Rules(), 2, 7)[-1])


def _rolled(rules: Rules | None = None) -> dict[str, Any]:
    state = yatzy.apply(_start(rules), Roll())
    return _doc(yatzy.apply(state, DiceRoll((1, 2, 3, 5, 6))))


_ROLLOFF = _doc(yatzy.new_game(3))
_ALL_BUT_CHANCE = {b.key: 0 for b in Box if b is not Box.CHANCE}
_FORCED = Rules(forced_order=True)

_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("1-no-players", _set(_doc(_start()), ["players"], []), "at least 1 player"),
    (
        "1-too-many-players",
        _set(_doc(_start()), ["players"], _doc(_start())["players"] * (MAX_PLAYERS + 1)),
        "at most 1000 items",
    ),
    ("1-long-name", _set(_doc(_start()), ["players", 0, "name"], "x" * 101), "at most 100"),
    ("1-empty-name", _set(_doc(_start()), ["players", 0, "name"], ""), "non-empty"),
    ("2-unknown-box", _sheet({"kniffel": 50}), "unknown field"),
    ("2-value", _sheet({"one_pair": 7}), r"sheet\.one_pair: 7 is not a value"),
    ("2-chance-zero", _sheet({"chance": 0}), r"sheet\.chance: 0 is not a value Chance can hold"),
    ("2-yatzy-value", _sheet({"yatzy": 30}), r"sheet\.yatzy: 30 is not a value"),
    (
        "2-full-house-of-five-needs-the-option",
        _sheet({"full_house": 25}),
        r"sheet\.full_house: 25 is not a value",
    ),
    (
        "3-forced-gap",
        _sheet({"ones": 3, "threes": 6}, _FORCED),
        "forced order: the boxes are filled top to bottom",
    ),
    (
        "3-forced-not-from-the-top",
        _sheet({"twos": 4}, _FORCED),
        "forced order: the boxes are filled top to bottom",
    ),
    (
        "4-roll-off-of-one",
        _set(_ROLLOFF, ["roll_off"], {"contenders": [0], "faces": []}),
        "two or more distinct seats",
    ),
    (
        "4-roll-off-unsorted",
        _set(_ROLLOFF, ["roll_off"], {"contenders": [2, 0], "faces": []}),
        "two or more distinct seats",
    ),
    (
        "4-roll-off-with-every-face",
        _set(_ROLLOFF, ["roll_off"], {"contenders": [0, 1], "faces": [3, 4]}),
        r"roll_off\.faces",
    ),
    (
        "4-roll-off-after-a-turn",
        _set(_ROLLOFF, ["players", 0, "sheet"], {"ones": 1}),
        "a roll-off happens before anything else",
    ),
    (
        "4-roll-off-of-a-solitaire",
        _set(_ROLLOFF, ["players"], _ROLLOFF["players"][:1])
        | {"roll_off": {"contenders": [0], "faces": []}},
        "roll_off",
    ),
    ("4-roll-off-with-first-player", _set(_ROLLOFF, ["first_player"], 0), "roll_off"),
    ("4-no-first-player", _set(_doc(_start()), ["first_player"], None), "first_player"),
    (
        "4-roll-off-after-it-is-decided",
        _set(_doc(_start(None, 2)), ["roll_off"], {"contenders": [0, 1], "faces": []}),
        "must be null",
    ),
    ("5-three-dice", _set(_rolled(), ["dice"], [1, 2, 3]), "five dice"),
    ("5-unsorted", _set(_rolled(), ["dice"], [6, 5, 3, 2, 1]), "sorted"),
    ("5-a-seven", _set(_rolled(), ["dice"], [1, 2, 3, 5, 7]), "above the maximum 6"),
    ("5-dice-before-a-throw", _set(_rolled(), ["rolls"], 0), "five dice"),
    ("5-four-rolls", _set(_rolled(), ["rolls"], 4), "rolls: 4 is above"),
    (
        "5-third-throw-pending-after-three",
        _sheet({}, phase="throw", dice=[6], rolls=3),
        "kept dice must leave something to throw",
    ),
    (
        "5-five-dice-kept",
        _sheet({}, phase="throw", dice=[1, 2, 3, 4, 5], rolls=1),
        "kept dice must leave something to throw",
    ),
    (
        "5-kept-before-the-first-throw",
        _sheet({}, phase="throw", dice=[6], rolls=0),
        "kept dice must leave something to throw",
    ),
    (
        "6-seat-ahead",
        _set(_doc(_start(None, 2)), ["players", 1, "sheet"], {"ones": 3}),
        r"players\[1\]\.sheet: the turn order allows 0 filled boxes here, not 1",
    ),
    (
        "6-seat-behind",
        _set(_doc(_start(None, 2)), ["players", 0, "sheet"], {"ones": 3}),
        r"players\[1\]\.sheet: the turn order allows 1 filled box here, not 0",
    ),
    (
        "6-no-open-box",
        _sheet(_ALL_BUT_CHANCE | {"chance": 5}),
        "the player to move has no open box",
    ),
    ("7-over-too-early", _without(_over(), ["players", 0, "sheet", "chance"]), "every box"),
    ("7-over-with-dice", _set(_over(), ["dice"], [1, 2, 3, 4, 5]), "no dice"),
    ("7-over-with-rolls", _set(_over(), ["rolls"], 1), "no dice, rolls or player"),
    ("7-over-at-seat-1", _set(_over(), ["player"], 1), "no dice, rolls or player"),
]


@pytest.mark.parametrize(("doc", "message"), [c[1:] for c in _CASES], ids=[c[0] for c in _CASES])
def test_a_document_breaking_an_invariant_is_refused(doc: dict[str, Any], message: str) -> None:
    before = copy.deepcopy(doc)
    with pytest.raises(InvalidStateError, match=message):
        yatzy.from_dict(doc)
    with pytest.raises(InvalidStateError, match=message):
        yatzy.from_json(json.dumps(doc))
    assert doc == before


def test_every_invariant_on_the_rules_page_has_a_case() -> None:
    numbers = {int(name.split("-")[0]) for name, _, _ in _CASES}
    assert numbers == set(range(1, 8))


def test_the_edited_documents_are_valid_apart_from_their_edit() -> None:
    """The bases of the cases read back, and the values next to each refused one are taken."""
    for d in (_doc(_start()), _doc(_start(None, 2)), _rolled(), _over(), _ROLLOFF):
        yatzy.from_dict(d)
    yatzy.from_dict(_sheet({"one_pair": 8, "chance": 5, "yatzy": 50}))
    yatzy.from_dict(_sheet({"ones": 3, "twos": 0}, _FORCED))
    yatzy.from_dict(_sheet({}, phase="throw", dice=[6], rolls=2))
    yatzy.from_dict(_sheet(_ALL_BUT_CHANCE))
    both = Rules(yatzy_counts_as_full_house=True)
    yatzy.from_dict(_sheet({"full_house": 25}, both))


@pytest.mark.rule("YA-06")
def test_a_paper_sheet_may_strike_chance_a_state_may_not() -> None:
    """The state holds what play enters; the paper sheet also takes a struck 0."""
    sheet = {
        "variant": "yatzy",
        "players": [{"name": "Ann", "games": [{"chance": 0, "ones": 2}]}],
    }
    assert verify_sheet(sheet).ok
    with pytest.raises(InvalidStateError, match="chance") as refused:
        yatzy.from_dict(_sheet({"chance": 0, "ones": 2}))
    assert refused.value.localized("de").endswith("0 ist kein Wert, den Chance aufnehmen kann")


def test_a_forced_order_game_fills_its_sheet_from_the_top() -> None:
    for state in _play(_FORCED, 2, 11):
        for entries in state.sheets:
            filled = [e is not None for e in entries]
            assert filled == sorted(filled, reverse=True)
        if state.phase.value == "decide" and state.rolls:
            boxes = {a.box for a in yatzy.legal_actions(state) if isinstance(a, Score)}
            assert len(boxes) == 1
