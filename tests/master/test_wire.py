"""Kniffel Master on the wire: JSON objects, canonical text, what players type, observations.

Every action and outcome has a JSON object (``action_to_dict`` /
``action_from_dict``) and a canonical line (``action_to_text``) that
``parse_action`` reads back; ``parse_action`` also reads the English and
German forms of ``docs/rules/master.md`` ("Notation"), fills in what the
dice fix (``row 4``), and leaves legality to ``why_illegal``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import (
    CHANCE,
    ActionParseError,
    AmbiguousActionError,
    InvalidStateError,
    KniffelError,
    master,
)
from kniffel_rules.master import (
    Coins,
    Combo,
    DiceRoll,
    Fulfil,
    NumberRows,
    Observation,
    Pass,
    Roll,
    RowAndCoins,
    Rules,
    State,
    Task,
    action_from_dict,
    action_to_dict,
    action_to_text,
    legal_actions,
    observation,
    observation_to_dict,
    parse_action,
    why_illegal,
)
from kniffel_rules.master.notation import COMBO_NAMES, TASK_NAMES
from kniffel_rules.master.wire import CODEC
from master.helpers import board, position

rule = pytest.mark.rule
C, T = Combo, Task
SCHEMA = jsonschema.Draft202012Validator(CODEC.schema())

# --- the JSON objects and the canonical text ------------------------------------

FORMS: list[tuple[Any, dict[str, Any], str]] = [
    (Roll(), {"type": "roll", "keep": []}, "roll"),
    (Roll((3, 3)), {"type": "roll", "keep": [3, 3]}, "roll keep 3 3"),
    (Fulfil(T.KNIFFEL), {"type": "fulfil", "task": "kniffel"}, "fulfil kniffel"),
    (Fulfil(T.CHANCE_LOW), {"type": "fulfil", "task": "chance_low"}, "fulfil chance_low"),
    (NumberRows([(4, 2)]), {"type": "number_rows", "moves": [[4, 2]]}, "rows 4x2"),
    (
        NumberRows([(6, 2), (4, 2)]),
        {"type": "number_rows", "moves": [[4, 2], [6, 2]]},
        "rows 4x2 6x2",
    ),
    (Coins(C.TWO_PAIRS), {"type": "coins", "combo": "two_pairs", "task": None}, "coins two_pairs"),
    (
        Coins(C.TASK_DONE, T.CHANCE_HIGH),
        {"type": "coins", "combo": "task_done", "task": "chance_high"},
        "coins task_done chance_high",
    ),
    (
        RowAndCoins(5, 2, C.PAIR),
        {"type": "row_and_coins", "face": 5, "dice": 2, "combo": "pair"},
        "row 5x2 coins pair",
    ),
    (Pass(), {"type": "pass"}, "pass"),
    (DiceRoll((1, 2, 3, 3, 6)), {"type": "dice", "values": [1, 2, 3, 3, 6]}, "dice 1 2 3 3 6"),
    (DiceRoll((4,)), {"type": "dice", "values": [4]}, "dice 4"),
]


@pytest.mark.parametrize(("action", "data", "text"), FORMS, ids=[f[2] for f in FORMS])
def test_every_form_has_its_object_and_its_line(
    action: Any, data: dict[str, Any], text: str
) -> None:
    assert action_to_dict(action) == data
    assert next(iter(action_to_dict(action))) == "type"
    assert action_from_dict(json.loads(json.dumps(data))) == action
    assert action_to_text(action) == text
    SCHEMA.validate(data)


def test_the_codec_covers_every_action_and_outcome_class() -> None:
    classes = {f.cls for f in CODEC.forms}
    assert classes == {Roll, Fulfil, NumberRows, Coins, RowAndCoins, Pass, DiceRoll}
    schema = CODEC.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    tags = [v["properties"]["type"]["const"] for v in schema["oneOf"]]
    assert tags == ["roll", "fulfil", "number_rows", "coins", "row_and_coins", "pass", "dice"]


def test_the_canonical_text_of_actions_no_rule_allows_is_still_one_line() -> None:
    # built with the constructors' types, refused by the rules (MA-52, MA-10)
    assert action_to_text(Coins(C.PAIR, T.KNIFFEL)) == "coins pair kniffel"
    assert action_to_text(Coins(C.TASK_DONE)) == "coins task_done"
    assert action_to_text(NumberRows([])) == "rows"
    assert action_to_text(NumberRows([(1, 2), (2, 2), (3, 2)])) == "rows 1x2 2x2 3x2"
    # and their repr says what they hold, without a dangling space
    assert repr(NumberRows([])) == "rows: none"
    assert repr(NumberRows([(4, 2)])) == "row 4 (+2)"
    assert repr(NumberRows([(6, 3), (1, 2)])) == "rows 1 (+2) and 6 (+3)"


@pytest.mark.parametrize("junk", [None, "pass", 3, Roll, object(), master.Rules()])
def test_writing_what_is_no_master_action_is_refused(junk: object) -> None:
    for write in (action_to_dict, action_to_text):
        with pytest.raises(InvalidStateError) as info:
            write(junk)  # type: ignore[arg-type]
        assert info.value.path == "action"


# --- hostile JSON ---------------------------------------------------------------

BAD_OBJECTS: list[tuple[object, str]] = [
    (None, "action"),
    ([], "action"),
    ("pass", "action"),
    ({}, "action"),
    ({"type": "score", "box": "kniffel"}, "action.type"),
    ({"type": "Pass"}, "action.type"),
    ({"type": 1}, "action.type"),
    ({"type": None}, "action.type"),
    ({"type": "pass", "extra": 1}, "action"),
    ({"type": "fulfil"}, "action"),
    ({"type": "fulfil", "task": "Kniffel"}, "action.task"),
    ({"type": "fulfil", "task": 0}, "action.task"),
    ({"type": "fulfil", "task": ["kniffel"]}, "action.task"),
    ({"type": "coins", "combo": "pair"}, "action"),
    ({"type": "coins", "combo": "pairs", "task": None}, "action.combo"),
    ({"type": "coins", "combo": "task_done", "task": "yahtzee"}, "action.task"),
    ({"type": "coins", "combo": "task_done", "task": {"a": 1}}, "action.task"),
    ({"type": "number_rows", "moves": [[4, True]]}, "action.moves[0][1]"),
    ({"type": "number_rows", "moves": [[4.0, 2]]}, "action.moves[0][0]"),
    ({"type": "number_rows", "moves": [[7, 2]]}, "action.moves[0][0]"),
    ({"type": "number_rows", "moves": [[4, 6]]}, "action.moves[0][1]"),
    ({"type": "number_rows", "moves": [[4, 2, 1]]}, "action.moves[0]"),
    ({"type": "number_rows", "moves": [4, 2]}, "action.moves[0]"),
    ({"type": "number_rows", "moves": [[1, 2], [2, 2], [3, 2]]}, "action.moves"),
    ({"type": "number_rows", "moves": "4x2"}, "action.moves"),
    ({"type": "number_rows", "moves": [[10**400, 2]]}, "action.moves[0][0]"),
    ({"type": "row_and_coins", "face": 5, "dice": 2}, "action"),
    ({"type": "row_and_coins", "face": 5, "dice": True, "combo": "pair"}, "action.dice"),
    ({"type": "row_and_coins", "face": -5, "dice": 2, "combo": "pair"}, "action.face"),
    ({"type": "row_and_coins", "face": 2**63, "dice": 2, "combo": "pair"}, "action.face"),
    ({"type": "row_and_coins", "face": "5", "dice": 2, "combo": "pair"}, "action.face"),
    ({"type": "roll", "keep": [3, 3, 3, 3, 3, 3]}, "action.keep"),
    ({"type": "roll", "keep": [0]}, "action.keep[0]"),
    ({"type": "dice", "values": [1, 2, 3, 3, 7]}, "action.values[4]"),
    ({"type": "dice", "values": [[[[[]]]]]}, "action.values[0]"),
]


@pytest.mark.parametrize(("data", "path"), BAD_OBJECTS, ids=[repr(d)[:40] for d, _ in BAD_OBJECTS])
def test_a_bad_object_is_refused_naming_the_field(data: object, path: str) -> None:
    before = copy.deepcopy(data)
    with pytest.raises(InvalidStateError) as info:
        action_from_dict(data)
    assert info.value.path == path
    assert path in str(info.value)
    assert repr(data) == repr(before)  # nothing mutated (repr: NaN is not equal to itself)


def test_deep_junk_is_refused_without_another_exception() -> None:
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    for data in ({"type": "pass", "x": deep}, {"type": "number_rows", "moves": deep}, deep):
        with pytest.raises(InvalidStateError):
            action_from_dict(data)
    with pytest.raises(InvalidStateError):
        action_from_dict({"type": "coins", "combo": "pair", "task": None, object(): 1})


@settings(max_examples=300)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )
)
def test_any_json_value_is_read_or_refused_cleanly(data: object) -> None:
    try:
        action = action_from_dict(data)
    except InvalidStateError:
        return
    assert action_from_dict(action_to_dict(action)) == action


_FACE = st.integers(1, 6)
_COUNT = st.integers(1, 5)
_SORTED = st.lists(_FACE, max_size=5).map(lambda v: tuple(sorted(v)))
ACTIONS = st.one_of(
    st.builds(Roll, _SORTED),
    st.builds(Fulfil, st.sampled_from(Task)),
    st.builds(NumberRows, st.lists(st.tuples(_FACE, _COUNT), max_size=2)),
    st.builds(Coins, st.sampled_from(Combo), st.none() | st.sampled_from(Task)),
    st.builds(RowAndCoins, _FACE, _COUNT, st.sampled_from(Combo)),
    st.just(Pass()),
    st.builds(DiceRoll, _SORTED.filter(bool)),
)


@settings(max_examples=300)
@given(ACTIONS)
def test_every_action_the_schema_allows_round_trips(action: Any) -> None:
    data = action_to_dict(action)
    SCHEMA.validate(data)
    assert action_from_dict(json.loads(json.dumps(data))) == action
    text = action_to_text(action)
    assert text == text.strip().lower() and "\n" not in text and "  " not in text


# --- what players type ------------------------------------------------------------

S22556 = position(board(), (2, 2, 5, 5, 6))
S44444 = position(board(), (4, 4, 4, 4, 4))
S44466 = position(board(), (4, 4, 4, 6, 6))
S12345 = position(board(), (1, 2, 3, 4, 5))
S_LS_DONE = position(board([T.LARGE_STRAIGHT, T.SMALL_STRAIGHT]), (2, 3, 4, 5, 6))
S_CH_DONE = position(board([T.CHANCE_HIGH], {5: 8, 6: 8}), (4, 5, 5, 6, 6))
S11223 = position(board(), (1, 1, 2, 2, 3))
S_NONE = position(
    board(rows={1: 8, 2: 8, 3: 8, 4: 8, 5: 8, 6: 8}), (1, 2, 3, 5, 6), rolls=3
)  # every row completed, no pair: nothing to use

TYPED: list[tuple[State, str, Any]] = [
    # the rows: the dice fix the count
    (S22556, "row 2", NumberRows([(2, 2)])),
    (S22556, "Reihe 5", NumberRows([(5, 2)])),
    (S22556, "zahlenreihe 5", NumberRows([(5, 2)])),
    (S22556, "number row 2", NumberRows([(2, 2)])),
    (S22556, "rows 2 5", NumberRows([(2, 2), (5, 2)])),
    (S22556, "reihen 5 2", NumberRows([(2, 2), (5, 2)])),
    (S22556, "row 2 and 5", NumberRows([(2, 2), (5, 2)])),
    (S22556, "Reihen 2 und 5", NumberRows([(2, 2), (5, 2)])),
    (S22556, "rows 2x2 5x2", NumberRows([(2, 2), (5, 2)])),
    (S22556, "rows 2 x 2, 5 x 2", NumberRows([(2, 2), (5, 2)])),
    (S22556, "2x2 5x2", NumberRows([(2, 2), (5, 2)])),
    (S22556, "5x2", NumberRows([(5, 2)])),
    (S44466, "row 4", NumberRows([(4, 3)])),
    (S44466, "ROWS 4 & 6", NumberRows([(4, 3), (6, 2)])),
    # the coin row
    (S22556, "coins pair", Coins(C.PAIR)),
    (S22556, "Münzen Paar", Coins(C.PAIR)),
    (S22556, "muenzen paar", Coins(C.PAIR)),
    (S22556, "münze zwei paare", Coins(C.TWO_PAIRS)),
    (S22556, "coins 2 pairs", Coins(C.TWO_PAIRS)),
    (S22556, "Münze 2 Paare", Coins(C.TWO_PAIRS)),
    (S22556, "coin row two pairs", Coins(C.TWO_PAIRS)),
    (S22556, "two pairs", Coins(C.TWO_PAIRS)),
    (S22556, "Paar", Coins(C.PAIR)),
    (S44466, "coins Drilling", Coins(C.THREE_OF_A_KIND)),
    (S44466, "3 of a kind", Coins(C.THREE_OF_A_KIND)),
    (S44444, "münzen vierling", Coins(C.FOUR_OF_A_KIND)),
    (S44444, "coins 4k", Coins(C.FOUR_OF_A_KIND)),
    (S_CH_DONE, "coins task_done chance_high", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "coins chance 25-30", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "coins task done", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "task done", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "münzen aufgabe bereits erfüllt", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "Münzen Aufgabe bereits erfüllt Chance (25-30)", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "aufgabe erfüllt chance hoch", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "Chance 25-30", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_CH_DONE, "chance", Coins(C.TASK_DONE, T.CHANCE_HIGH)),
    (S_LS_DONE, "große Straße", Coins(C.TASK_DONE, T.LARGE_STRAIGHT)),
    (S_LS_DONE, "coins ls", Coins(C.TASK_DONE, T.LARGE_STRAIGHT)),
    # the tasks
    (S44444, "fulfil kniffel", Fulfil(T.KNIFFEL)),
    (S44444, "fulfill Yahtzee", Fulfil(T.KNIFFEL)),
    (S44444, "erfüllen Kniffel", Fulfil(T.KNIFFEL)),
    (S44444, "Aufgabe Kniffel", Fulfil(T.KNIFFEL)),
    (S44444, "KNIFFEL!", Fulfil(T.KNIFFEL)),
    (S44444, "fulfil", Fulfil(T.KNIFFEL)),
    (S44466, "full house", Fulfil(T.FULL_HOUSE)),
    (S44466, "aufgabe Full-House", Fulfil(T.FULL_HOUSE)),
    (S44466, "fh", Fulfil(T.FULL_HOUSE)),
    (S12345, "große straße", Fulfil(T.LARGE_STRAIGHT)),
    (S12345, "gr. Strasse", Fulfil(T.LARGE_STRAIGHT)),
    (S12345, "erfülle kl. Straße", Fulfil(T.SMALL_STRAIGHT)),
    (S12345, "fulfil small_straight", Fulfil(T.SMALL_STRAIGHT)),
    (S11223, "chance", Fulfil(T.CHANCE_LOW)),
    (S11223, "chance (5-10)", Fulfil(T.CHANCE_LOW)),
    (S11223, "kleine Chance", Fulfil(T.CHANCE_LOW)),
    # a number row and the coin row
    (S22556, "row 5 coins pair", RowAndCoins(5, 2, C.PAIR)),
    (S22556, "row 5x2 coins pair", RowAndCoins(5, 2, C.PAIR)),
    (S22556, "row 2 and coins pair", RowAndCoins(2, 2, C.PAIR)),
    (S22556, "reihe 5 münzen paar", RowAndCoins(5, 2, C.PAIR)),
    (S22556, "Reihe 2 und Münze Paar", RowAndCoins(2, 2, C.PAIR)),
    (S22556, "row 5 pair", RowAndCoins(5, 2, C.PAIR)),
    (S22556, "row 5 coins", RowAndCoins(5, 2, C.PAIR)),
    (S44466, "row 6 coins drilling", RowAndCoins(6, 2, C.THREE_OF_A_KIND)),
    (S11223, "row 1 coins pair", RowAndCoins(1, 2, C.PAIR)),
    # rolls
    (S22556, "roll", Roll()),
    (S22556, "wurf", Roll()),
    (S22556, "alle neu", Roll()),
    (S22556, "Würfeln", Roll()),
    (S22556, "keep 5 5", Roll((5, 5))),
    (S22556, "behalte 2 2 5", Roll((2, 2, 5))),
    (S22556, "5 5", Roll((5, 5))),
    (S22556, "55", Roll((5, 5))),
    (S22556, "roll keep 2 2", Roll((2, 2))),
    (S22556, "reroll 6", Roll((2, 2, 5, 5))),
    # passing
    (S_NONE, "pass", Pass()),
    (S_NONE, "Passen", Pass()),
    (S_NONE, "ich passe", Pass()),
    (S_NONE, "passe", Pass()),
    (S_NONE, "skip", Pass()),
]


@pytest.mark.parametrize(("state", "text", "expected"), TYPED, ids=[t for _, t, _ in TYPED])
def test_what_players_type_is_read(state: State, text: str, expected: Any) -> None:
    assert why_illegal(state, expected) is None
    assert parse_action(state, text) == expected


def test_the_canonical_line_of_every_legal_action_of_these_positions_is_read_back() -> None:
    for state in (S22556, S44444, S44466, S12345, S_LS_DONE, S_CH_DONE, S11223, S_NONE):
        for action in legal_actions(state):
            assert parse_action(state, action_to_text(action)) == action


def test_at_a_throw_the_dice_are_read() -> None:
    s = master.apply(master.new_game(), Roll())
    assert master.current_player(s) == CHANCE
    for text in ("dice 1 2 3 3 6", "1 2 3 3 6", "12336", "Würfel 6 3 3 2 1", "wurf 1 2 3 3 6"):
        assert parse_action(s, text) == DiceRoll((1, 2, 3, 3, 6))
    kept = master.apply(master.apply(s, DiceRoll((2, 2, 5, 5, 6))), Roll((5, 5)))
    assert parse_action(kept, "dice 1 2 3") == DiceRoll((1, 2, 3))
    with pytest.raises(ActionParseError) as info:
        parse_action(kept, "dice 1 2 3 3 6")
    assert info.value.rule.startswith("PR-")


def test_the_roll_off_reads_one_die() -> None:
    s = master.new_game(players=2)
    assert parse_action(s, "dice 4") == DiceRoll((4,))
    assert parse_action(s, "4") == DiceRoll((4,))


def test_the_name_tables_cover_every_task_and_combination() -> None:
    assert set(TASK_NAMES) == set(Task)
    assert set(COMBO_NAMES) == set(Combo)
    assert all("kniffel" in names for t, names in TASK_NAMES.items() if t is T.KNIFFEL)


# --- refusals: not understood, illegal, ambiguous --------------------------------


def test_text_that_is_not_understood_says_what_is_legal() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "banana split")
    err = info.value
    assert str(err).startswith("'banana split': not understood; legal here: rows 2x2, rows 5x2, ")
    assert err.understood is None and err.rule == ""
    assert err.legal == tuple(action_to_text(a) for a in legal_actions(S22556))
    assert isinstance(err, ValueError) and isinstance(err, KniffelError)


@rule("MA-10")
def test_a_row_without_two_dice_is_refused_with_the_rule() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "row 6")
    assert str(info.value) == (
        "'row 6': row 6 needs at least two dice showing 6; the dice show 1"
    )
    assert info.value.rule == "MA-10"
    assert info.value.understood == NumberRows([(6, 1)])
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "row 9")
    assert str(info.value) == "'row 9': the number rows are 1 to 6, there is no row 9"
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "rows 2 2")
    assert info.value.rule == "MA-10"


@rule("MA-45")
def test_a_count_other_than_the_dice_s_is_refused_with_the_rule() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S44466, "row 4x2")
    assert str(info.value) == "'row 4x2': row 4 moves by every die showing 4: 3, not 2"
    assert info.value.rule == "MA-45"


@rule("MA-15", "MA-52")
def test_task_done_names_a_fulfilled_task_the_dice_show() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S44444, "coins kniffel")
    assert info.value.rule == "MA-15"
    assert "not fulfilled yet" in str(info.value)
    with pytest.raises(ActionParseError) as info:
        parse_action(S44444, "coins task done")  # the dice show Kniffel, not yet fulfilled
    assert info.value.rule == "MA-15"
    assert info.value.understood == Coins(C.TASK_DONE, T.KNIFFEL)
    with pytest.raises(ActionParseError) as info:
        parse_action(S_CH_DONE, "coins pair chance_high")
    assert info.value.rule == "MA-52"


@rule("MA-09")
def test_a_fulfilled_task_is_not_fulfilled_again() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S_LS_DONE, "fulfil large straight")
    assert info.value.rule == "MA-09"
    assert "already fulfilled" in str(info.value)


@rule("MA-47")
def test_the_coin_part_of_use_4_is_a_combination_of_the_other_dice() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "row 2 coins two pairs")
    assert info.value.rule == "MA-47"
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "row 2 coins task done")
    assert info.value.rule == "MA-47"


@rule("MA-42")
def test_passing_is_refused_while_a_use_is_possible() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "passen")
    assert str(info.value) == (
        "'passen': you may pass only when the dice allow no use; they allow 'rows 2x2'"
    )
    assert info.value.rule == "MA-42"


@rule("MA-56")
def test_before_the_first_roll_only_a_roll_is_understood_as_legal() -> None:
    s = master.new_game()
    with pytest.raises(ActionParseError) as info:
        parse_action(s, "row 4")
    assert str(info.value) == "'row 4': roll the dice before using them"
    assert info.value.rule == "MA-56"
    assert parse_action(s, "roll") == Roll()


@rule("MA-04")
def test_keeping_dice_that_are_not_showing_is_refused() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, "keep 3 3")
    assert str(info.value) == "'keep 3 3': cannot keep 3 3: there is no 3 among 2 2 5 5 6"
    assert info.value.rule == "MA-04"


@pytest.mark.parametrize(
    ("state", "text", "candidates"),
    [
        (S22556, "coins", [Coins(C.PAIR), Coins(C.TWO_PAIRS)]),
        (S22556, "row", [NumberRows([(2, 2)]), NumberRows([(5, 2)])]),
        (S12345, "fulfil", [Fulfil(T.SMALL_STRAIGHT), Fulfil(T.LARGE_STRAIGHT)]),
        (
            S_LS_DONE,
            "coins task done",
            [Coins(C.TASK_DONE, T.SMALL_STRAIGHT), Coins(C.TASK_DONE, T.LARGE_STRAIGHT)],
        ),
        (S44466, "row 6 coins", [RowAndCoins(6, 2, C.PAIR), RowAndCoins(6, 2, C.THREE_OF_A_KIND)]),
    ],
)
def test_words_that_fit_several_legal_actions_ask_which(
    state: State, text: str, candidates: list[Any]
) -> None:
    with pytest.raises(AmbiguousActionError) as info:
        parse_action(state, text)
    assert list(info.value.candidates) == candidates
    listed = "; ".join(action_to_text(a) for a in candidates)
    assert str(info.value) == f"{text!r} can mean {len(candidates)} actions: {listed}; say which"
    assert isinstance(info.value, ValueError)


def test_after_the_game_nothing_is_legal() -> None:
    s = master.new_game(rules=Rules(target_stars=1), first_player=0)
    rng = random.Random(3)
    while not master.is_terminal(s):
        s = master.apply(s, rng.choice(legal_actions(s)))
    with pytest.raises(ActionParseError) as info:
        parse_action(s, "roll")
    assert "no action is legal here" not in str(info.value)  # the rule speaks
    assert info.value.rule.startswith("PR-")
    with pytest.raises(ActionParseError) as info:
        parse_action(s, "banana")
    assert "no action is legal here" in str(info.value)


# --- hostile text -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        None, 4, b"roll", ["roll"], Roll(),
        "", "   ", "\x00\x01\x1b[2J", "row 4\nrow 6", "🎲🎲", "row 🎲", "x" * 10_000,
        "row " + "4 " * 240, "rows 999x999", "row 4x", "x2", "4x2x2", "coins pair pair",
        "row 5 coins pair kniffel", "rows 2 5 coins pair", "fulfil banana", "pass now",
        "\u0660\u0661", "row \u0664", "\uff52\uff4f\uff57 \uff14", "coins task", "-4x2", "row -4",
    ],
)
def test_hostile_text_is_refused_cleanly(text: object) -> None:
    before = master.to_json(S22556)
    with pytest.raises(ActionParseError) as info:
        parse_action(S22556, text)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert master.to_json(S22556) == before


@pytest.mark.parametrize("state", [None, "state", master.Rules(), board(), object()])
def test_a_state_of_another_kind_is_refused(state: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        parse_action(state, "roll")  # type: ignore[arg-type]
    assert info.value.path == "state"


@settings(max_examples=300)
@given(st.text(max_size=60) | st.sampled_from([t for _, t, _ in TYPED]).map(lambda t: t + " 5"))
def test_any_text_is_a_legal_action_or_a_parse_error(text: str) -> None:
    try:
        action = parse_action(S22556, text)
    except ActionParseError:
        return
    assert why_illegal(S22556, action) is None


# --- observations ----------------------------------------------------------------


@rule("PR-08")
def test_an_observation_shows_everything_and_lists_only_the_seat_s_own_actions() -> None:
    s = master.apply(master.new_game(["Ann", "Ben"], first_player=0), Roll())
    s = master.apply(s, DiceRoll((2, 2, 5, 5, 6)))
    mine, theirs = observation(s, 0), observation(s, 1)
    assert isinstance(mine, Observation) and mine.state is s
    assert (mine.player, mine.to_move, theirs.to_move) == (0, 0, 0)
    assert legal_actions(mine) == legal_actions(s)
    assert legal_actions(theirs) == ()
    assert master.current_player(theirs) == 0 and not master.is_terminal(theirs)
    refusal = why_illegal(theirs, Roll())
    assert refusal is not None and refusal.rule == "PR-08"
    assert str(refusal) == "it is not your turn: Ann is to move"
    assert master.is_legal(mine, NumberRows([(2, 2)]))
    assert parse_action(mine, "row 2") == NumberRows([(2, 2)])
    with pytest.raises(ActionParseError) as info:
        parse_action(theirs, "row 2")
    assert info.value.rule == "PR-08"
    assert str(info.value) == "'row 2': it is not your turn: Ann is to move"


def test_observation_to_dict_is_json_ready_and_holds_the_state_document() -> None:
    s = master.new_game(["Ann", "Ben"])
    doc = observation_to_dict(observation(s, 1))
    assert json.loads(json.dumps(doc)) == doc
    assert doc == {
        "variant": "master",
        "player": 1,
        "to_move": CHANCE,
        "state": json.loads(master.to_json(s)),
    }
    assert master.from_json(json.dumps(doc["state"])) == s


@pytest.mark.parametrize("player", [-1, 2, True, 1.0, "0", None])
def test_an_observation_of_no_seat_is_refused(player: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        observation(master.new_game(2), player)  # type: ignore[arg-type]
    assert info.value.path == "player"


def test_bad_observation_arguments_are_refused() -> None:
    with pytest.raises(InvalidStateError) as info:
        observation("state", 0)  # type: ignore[arg-type]
    assert info.value.path == "state"
    with pytest.raises(InvalidStateError) as info:
        observation_to_dict(master.new_game())  # type: ignore[arg-type]
    assert info.value.path == "observation"


# --- round trips over random games -------------------------------------------------


def _round_trip(state: State, action: Any) -> None:
    data = action_to_dict(action)
    assert action_from_dict(json.loads(json.dumps(data))) == action, data
    assert parse_action(state, action_to_text(action)) == action, action_to_text(action)


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [
        (1, Rules(target_stars=8), 1),
        (2, Rules(target_stars=3), 2),
        (4, Rules(target_stars=2, race=False), 3),
    ],
)
def test_every_legal_action_of_random_games_round_trips(
    players: int, rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    s = master.new_game(players, rules)
    steps = 0
    while not master.is_terminal(s):
        legal = legal_actions(s)
        who = master.current_player(s)
        if who == CHANCE:
            outcome = master.sample_chance(s, rng)
            for action in (outcome, *rng.sample(legal, min(3, len(legal)))):
                _round_trip(s, action)
            for action in legal:
                assert action_from_dict(action_to_dict(action)) == action
            s = master.apply(s, outcome)
        else:
            for action in legal:
                _round_trip(s, action)
            for p in range(players):
                assert legal_actions(observation(s, p)) == (legal if p == who else ())
            s = master.apply(s, rng.choice(legal))
        steps += 1
        assert steps < 20_000
    assert legal_actions(observation(s, 0)) == ()


def test_an_observation_of_junk_is_refused() -> None:
    with pytest.raises(InvalidStateError) as info:  # refused when built, before any use
        Observation(0, 0, "state")  # type: ignore[arg-type]
    assert info.value.path == "observation.state"
