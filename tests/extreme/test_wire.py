"""Extreme on the wire: JSON objects, canonical text, what players type, and observations.

``action_to_dict``/``action_from_dict`` (strict, every failure an
`InvalidStateError` naming the field), ``action_to_text`` (one canonical
line), ``parse_action`` (the canonical line and the English and German forms
of the rules page's "Notation" section), ``observation`` and its JSON form.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extreme.helpers import position
from kniffel_rules import (
    CHANCE,
    ActionParseError,
    AmbiguousActionError,
    DiceRoll,
    InvalidStateError,
    KniffelError,
    classic,
    extreme,
)
from kniffel_rules.dice import all_multisets
from kniffel_rules.extreme import Box, ExtremeRoll, Observation, Roll, Rules, Score, State
from kniffel_rules.extreme.notation import BOX_NAMES
from kniffel_rules.extreme.wire import CODEC

# Every action and outcome a game of Extreme can ever offer.
REAL: tuple[Any, ...] = (
    *(Roll(m, d10) for k in range(6) for m in all_multisets(k) for d10 in (False, True)),
    *(Score(b) for b in Box),
    *(ExtremeRoll(m, f) for k in range(6) for m in all_multisets(k) for f in (None, *range(10))),
    *(DiceRoll((f,)) for f in range(1, 7)),
)
REAL_SET = frozenset(REAL)

# 3 3 5 5 6 and the d10 on 5, after the first roll, three chips.
FIVES = position(d6=(3, 3, 5, 5, 6), d10=5)
# 2 3 3 5 6 and the d10 on 7.
SEVEN = position(d6=(2, 3, 3, 5, 6), d10=7)


def _thrown(keep: Roll | None = None, state: State | None = None) -> State:
    """The chance node after ``keep`` (default: the first roll of a new solitaire game)."""
    return extreme.apply(state or extreme.new_game(), keep or Roll())


# --- JSON objects ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Roll(), {"type": "roll", "keep_d6": [], "keep_d10": False}),
        (Roll((5, 3, 3)), {"type": "roll", "keep_d6": [3, 3, 5], "keep_d10": False}),
        (Roll((3, 3, 5), True), {"type": "roll", "keep_d6": [3, 3, 5], "keep_d10": True}),
        (Roll((), True), {"type": "roll", "keep_d6": [], "keep_d10": True}),
        (Score(Box.TWO_PAIRS), {"type": "score", "box": "two_pairs"}),
        (
            Score(Box.THIRTY_THREE_OR_MORE),
            {"type": "score", "box": "thirty_three_or_more"},
        ),
        (
            ExtremeRoll((1, 2, 3, 4, 5), 7),
            {"type": "throw", "d6": [1, 2, 3, 4, 5], "d10": 7},
        ),
        (ExtremeRoll((2, 3), None), {"type": "throw", "d6": [2, 3], "d10": None}),
        (ExtremeRoll((), 0), {"type": "throw", "d6": [], "d10": 0}),
        (DiceRoll((4,)), {"type": "dice", "values": [4]}),
    ],
)
def test_the_json_form_of_each_action(action: Any, data: dict[str, Any]) -> None:
    written = extreme.action_to_dict(action)
    assert written == data
    assert list(written) == list(data)  # "type" first, then the fields in order
    assert extreme.action_from_dict(json.loads(json.dumps(data))) == action


def test_every_action_and_outcome_round_trips_and_fits_the_schema() -> None:
    schema = CODEC.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for action in REAL:
        data = extreme.action_to_dict(action)
        validator.validate(data)
        assert extreme.action_from_dict(json.loads(json.dumps(data))) == action


def test_the_schema_names_the_four_forms() -> None:
    schema = CODEC.schema()
    tags = [v["properties"]["type"]["const"] for v in schema["oneOf"]]
    assert tags == ["roll", "score", "throw", "dice"]
    assert schema["$id"].endswith("/extreme-action.schema.json")


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        ({"type": "yahtzee"}, "action.type", "is not an action of extreme"),
        ({"type": 3}, "action.type", "is not an action of extreme"),
        ({"keep_d6": []}, "action", "missing field 'type'"),
        ({"type": "roll", "keep_d6": []}, "action", "keep_d10"),
        ({"type": "roll", "keep_d6": [], "keep_d10": False, "chip": True}, "action", "chip"),
        ({"type": "roll", "keep": [3], "keep_d10": False}, "action", "keep"),
        ({"type": "roll", "keep_d6": [3, 1], "keep_d10": False}, "action.keep_d6", "sorted"),
        ({"type": "roll", "keep_d6": [7], "keep_d10": False}, "action.keep_d6[0]", "maximum"),
        ({"type": "roll", "keep_d6": [0], "keep_d10": False}, "action.keep_d6[0]", "minimum"),
        ({"type": "roll", "keep_d6": [1] * 6, "keep_d10": False}, "action.keep_d6", "at most"),
        ({"type": "roll", "keep_d6": [True], "keep_d10": False}, "action.keep_d6[0]", "integer"),
        ({"type": "roll", "keep_d6": [3.0], "keep_d10": False}, "action.keep_d6[0]", "integer"),
        ({"type": "roll", "keep_d6": "33", "keep_d10": False}, "action.keep_d6", "array"),
        ({"type": "roll", "keep_d6": [], "keep_d10": 1}, "action.keep_d10", "true or false"),
        ({"type": "roll", "keep_d6": [], "keep_d10": None}, "action.keep_d10", "true or false"),
        ({"type": "score", "box": "maximum"}, "action.box", "is not one of"),
        ({"type": "score", "box": "TWO_PAIRS"}, "action.box", "is not one of"),
        ({"type": "score", "box": 8}, "action.box", "is not one of"),
        ({"type": "score", "box": ["two_pairs"]}, "action.box", "is not one of"),
        ({"type": "throw", "d6": [1, 2], "d10": 10}, "action.d10", "maximum"),
        ({"type": "throw", "d6": [1, 2], "d10": -1}, "action.d10", "minimum"),
        ({"type": "throw", "d6": [1, 2], "d10": True}, "action.d10", "integer"),
        ({"type": "throw", "d6": [1, 2], "d10": "7"}, "action.d10", "integer"),
        ({"type": "throw", "d6": [1, 2], "d10": 2**200}, "action.d10", "maximum"),
        ({"type": "throw", "d6": [10**5000], "d10": 1}, "action.d6[0]", "maximum"),
        ({"type": "throw", "d6": [1, 2]}, "action", "d10"),
        ({"type": "dice", "values": [7]}, "action.values[0]", "maximum"),
        ({"type": "dice", "values": {"a": 1}}, "action.values", "array"),
        ({"type": "dice", "values": [[[[1]]]]}, "action.values[0]", "integer"),
    ],
)
def test_action_from_dict_names_the_bad_field(data: Any, path: str, words: str) -> None:
    before = copy.deepcopy(data)
    with pytest.raises(InvalidStateError) as info:
        extreme.action_from_dict(data)
    assert info.value.path == path
    assert words in str(info.value)
    assert data == before  # nothing mutated


@pytest.mark.parametrize("junk", [None, 3, "roll", [], ["roll"], b"{}", 1.5, True, object()])
def test_action_from_dict_refuses_what_is_no_object(junk: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        extreme.action_from_dict(junk)
    assert info.value.path == "action"


def test_action_from_dict_refuses_deep_nesting() -> None:
    deep: Any = 1
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(InvalidStateError):
        extreme.action_from_dict({"type": "roll", "keep_d6": deep, "keep_d10": False})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300)
@given(
    data=st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"type": st.sampled_from(["roll", "score", "throw", "dice"])},
            optional={
                "keep_d6": JSON,
                "keep_d10": JSON,
                "box": JSON,
                "d6": JSON,
                "d10": JSON,
                "values": JSON,
                "extra": JSON,
            },
        ),
    )
)
def test_action_from_dict_gives_an_action_or_invalid_state_error(data: Any) -> None:
    before = copy.deepcopy(data)
    try:
        action = extreme.action_from_dict(data)
    except InvalidStateError as exc:
        error: InvalidStateError = exc
        assert error.path.startswith("action")
    else:
        # the shared dice form reads up to six faces; only one-die roll-offs are ever legal here
        assert action in REAL_SET or (isinstance(action, DiceRoll) and len(action.values) != 1)
        assert extreme.action_to_dict(action) == data
    assert repr(data) == repr(before)  # nothing mutated (repr: NaN is not equal to itself)


@pytest.mark.parametrize(
    ("junk", "path"),
    [
        (object(), "action"),
        (classic.Roll((3, 3)), "action"),
        (classic.Score(classic.Box.CHANCE), "action"),
        ("roll", "action"),
        (Roll((7,)), "action.keep_d6"),
        (Roll((0, 3)), "action.keep_d6"),
        (Roll((1,) * 6), "action.keep_d6"),
        (Roll((10**5000,)), "action.keep_d6"),
        (ExtremeRoll((9, 1), 3), "action.d6"),
        (ExtremeRoll((-(10**5000),), None), "action.d6"),
        (DiceRoll((7,)), "action.values"),
        (DiceRoll((1,) * 7), "action.values"),
        (DiceRoll((10**5000,)), "action.values"),
    ],
)
def test_the_wire_writes_only_actions_of_extreme_with_real_dice(junk: Any, path: str) -> None:
    with pytest.raises(InvalidStateError) as to_dict:
        extreme.action_to_dict(junk)
    assert to_dict.value.path == path
    with pytest.raises(InvalidStateError) as to_text:
        extreme.action_to_text(junk)
    assert to_text.value.path == path


# --- canonical text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Roll(), "roll"),
        (Roll((3, 5, 3)), "roll keep 3 3 5"),
        (Roll((3, 3, 5), True), "roll keep 3 3 5 d10"),
        (Roll((), True), "roll keep d10"),
        (Score(Box.TWO_PAIRS), "score two_pairs"),
        (Score(Box.KNIFFEL_EXTREME), "score kniffel_extreme"),
        (ExtremeRoll((5, 4, 3, 2, 1), 7), "throw 1 2 3 4 5 d10 7"),
        (ExtremeRoll((2, 3), None), "throw 2 3"),
        (ExtremeRoll((), 0), "throw d10 0"),
        (DiceRoll((4,)), "dice 4"),
    ],
)
def test_the_canonical_text(action: Any, text: str) -> None:
    assert extreme.action_to_text(action) == text


def test_canonical_texts_are_distinct_single_lines() -> None:
    texts = [extreme.action_to_text(a) for a in REAL]
    assert len(set(texts)) == len(texts)
    for action, text in zip(REAL, texts, strict=True):
        assert text == text.strip() == " ".join(text.split()) == text.lower()
        assert text.split()[0] == extreme.action_to_dict(action)["type"]  # the type word first


# --- parse_action: what players type -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("roll", Roll()),
        ("Wurf", Roll()),
        ("würfeln", Roll()),
        ("roll all", Roll()),
        ("keep none", Roll()),
        ("alle neu", Roll()),
        ("roll keep 3 3 5", Roll((3, 3, 5))),
        ("keep 3 3 5", Roll((3, 3, 5))),
        ("Behalte 3 3 5", Roll((3, 3, 5))),
        ("hold 5 3 3", Roll((3, 3, 5))),
        ("3 3 5", Roll((3, 3, 5))),
        ("335", Roll((3, 3, 5))),
        ("roll keep 3 3 5 d10", Roll((3, 3, 5), True)),
        ("keep 3 3 d10", Roll((3, 3), True)),
        ("behalte 3 3 w10", Roll((3, 3), True)),
        ("keep d10 3 3", Roll((3, 3), True)),
        ("KEEP 3 3 D10", Roll((3, 3), True)),
        ("keep 3 3 d-10", Roll((3, 3), True)),
        ("halte 33 Zehner", Roll((3, 3), True)),
        ("roll keep d10", Roll((), True)),
        ("keep d10", Roll((), True)),
        ("w10", Roll((), True)),
        ("keep 5 5", Roll((5, 5))),  # the six-sided Fives: the d10 only when named
        ("keep 5 5 5", Roll((5, 5), True)),  # two Fives show, so the third is the d10
        ("keep 3 3 5 5 5", Roll((3, 3, 5, 5), True)),
        ("reroll 6", Roll((3, 3, 5, 5), True)),
        ("re 6", Roll((3, 3, 5, 5), True)),
        ("neu würfeln 3 3 6", Roll((5, 5), True)),
        ("reroll 6 d10", Roll((3, 3, 5, 5))),
        ("reroll d10", Roll((3, 3, 5, 5, 6))),
        ("reroll 5 5 5", Roll((3, 3, 6))),  # two Fives and the d10
        ("chip keep 3 3", Roll((3, 3))),
        ("use a chip: keep 3 3 d10", Roll((3, 3), True)),
        ("Chip einsetzen, behalte 5 5", Roll((5, 5))),
        ("chip roll", Roll()),
        ("score two_pairs", Score(Box.TWO_PAIRS)),
        ("Zwei Paare", Score(Box.TWO_PAIRS)),
        ("2 pairs", Score(Box.TWO_PAIRS)),
        ("drei paare", Score(Box.THREE_PAIRS)),
        ("zwei drillinge", Score(Box.TWO_TRIPLES)),
        ("Zwei Dreier", Score(Box.TWO_TRIPLES)),
        ("großes full house", Score(Box.BIG_FULL_HOUSE)),
        ("Grosses Full House", Score(Box.BIG_FULL_HOUSE)),
        ("full house", Score(Box.FULL_HOUSE)),
        ("highway", Score(Box.HIGHWAY)),
        ("kniffel", Score(Box.KNIFFEL)),
        ("Kniffel Extreme", Score(Box.KNIFFEL_EXTREME)),
        ("10 oder weniger", Score(Box.TEN_OR_LESS)),
        ("ten or less", Score(Box.TEN_OR_LESS)),
        ("33 oder mehr", Score(Box.THIRTY_THREE_OR_MORE)),
        ("33 or more", Score(Box.THIRTY_THREE_OR_MORE)),
        ("super chance", Score(Box.SUPER_CHANCE)),
        ("Super-Chance", Score(Box.SUPER_CHANCE)),
        ("chance", Score(Box.CHANCE)),
        ("kl. Straße", Score(Box.SMALL_STRAIGHT)),
        ("Große Straße", Score(Box.LARGE_STRAIGHT)),
        ("Dreierpasch", Score(Box.THREE_OF_A_KIND)),
        ("4er pasch", Score(Box.FOUR_OF_A_KIND)),
        ("Fünfer", Score(Box.FIVES)),
        ("fuenfer", Score(Box.FIVES)),
        ("einser", Score(Box.ONES)),
        ("streiche kniffel", Score(Box.KNIFFEL)),
        ("in die Chance", Score(Box.CHANCE)),
        ("eintragen: zwei paare", Score(Box.TWO_PAIRS)),
        ("score 2p", Score(Box.TWO_PAIRS)),
        ("s gfh", Score(Box.BIG_FULL_HOUSE)),
    ],
)
def test_parse_action_reads_english_and_german(text: str, action: Any) -> None:
    before = extreme.to_json(FIVES)
    assert extreme.parse_action(FIVES, text) == action
    assert extreme.to_json(FIVES) == before


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("keep 3 3 5 7", Roll((3, 3, 5), True)),  # no six-sided die shows 7: the d10
        ("behalte 2 3 3 7", Roll((2, 3, 3), True)),
        ("reroll 2 6 d10", Roll((3, 3, 5))),
        ("reroll 2 6", Roll((3, 3, 5), True)),
        ("reroll 7", Roll((2, 3, 3, 5, 6))),
        ("reroll 2 7", Roll((3, 3, 5, 6))),
        ("335 zehner", Roll((3, 3, 5), True)),
    ],
)
def test_a_face_only_the_d10_shows_names_the_d10(text: str, action: Any) -> None:
    assert extreme.parse_action(SEVEN, text) == action


def test_the_box_names_and_labels_all_read() -> None:
    for box, names in BOX_NAMES.items():
        for name in (*names, box.key, box.label, box.label.upper(), f"score {box.key}"):
            assert extreme.parse_action(FIVES, name) == Score(box), name


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("throw 1 2 3 4 5 d10 7", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("1 2 3 4 5 w10 7", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("Wurf 5 4 3 2 1 Zehner 0", ExtremeRoll((1, 2, 3, 4, 5), 0)),
        ("dice 1 2 3 4 5 d10 7", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("d10 7 1 2 3 4 5", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("1 2 3 4 5 7", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("123457", ExtremeRoll((1, 2, 3, 4, 5), 7)),
        ("7 1 2 3 4 5", ExtremeRoll((1, 2, 3, 4, 5), 7)),  # 7 is no six-sided face
        ("1 1 1 1 0 1", ExtremeRoll((1, 1, 1, 1, 1), 0)),
        ("1 2 3 4 5 6", ExtremeRoll((1, 2, 3, 4, 5), 6)),  # the last is the d10
        ("6 6 6 6 6 6", ExtremeRoll((6, 6, 6, 6, 6), 6)),
    ],
)
def test_parse_action_reads_a_throw(text: str, outcome: ExtremeRoll) -> None:
    assert extreme.parse_action(_thrown(), text) == outcome


def test_parse_action_reads_a_throw_with_dice_kept() -> None:
    kept_d10 = _thrown(Roll((3, 3, 5), True), FIVES)
    assert extreme.parse_action(kept_d10, "throw 2 3") == ExtremeRoll((2, 3), None)
    assert extreme.parse_action(kept_d10, "2 3") == ExtremeRoll((2, 3), None)
    assert extreme.parse_action(kept_d10, "wurf 32") == ExtremeRoll((2, 3), None)
    thrown_d10 = _thrown(Roll((3, 3, 5, 5, 6)), FIVES)
    assert extreme.parse_action(thrown_d10, "throw d10 9") == ExtremeRoll((), 9)
    assert extreme.parse_action(thrown_d10, "9") == ExtremeRoll((), 9)
    assert extreme.parse_action(thrown_d10, "w10 0") == ExtremeRoll((), 0)


def test_parse_action_reads_the_roll_off() -> None:
    state = extreme.new_game(["Ann", "Ben"])
    assert extreme.parse_action(state, "dice 4") == DiceRoll((4,))
    assert extreme.parse_action(state, "4") == DiceRoll((4,))
    assert extreme.parse_action(state, "Würfel 6") == DiceRoll((6,))
    refusal = "this throw is of 1 die; the outcome has 2 dice"
    with pytest.raises(ActionParseError, match=refusal) as info:
        extreme.parse_action(state, "dice 4 4")
    assert info.value.rule == "PR-04"


# --- parse_action: refusals --------------------------------------------------------------------


def test_not_understood_lists_what_is_legal() -> None:
    with pytest.raises(ActionParseError) as info:
        extreme.parse_action(FIVES, "make me a sandwich")
    message = str(info.value)
    assert message.startswith("'make me a sandwich': not understood; legal here: score ones")
    assert "and " in message and " more" in message
    assert info.value.understood is None and info.value.rule == ""
    legal = tuple(extreme.action_to_text(a) for a in extreme.legal_actions(FIVES))
    assert info.value.legal == legal
    assert isinstance(info.value, ValueError) and isinstance(info.value, KniffelError)


@pytest.mark.rule("EX-02")
def test_keeping_dice_that_do_not_show_quotes_the_rule() -> None:
    with pytest.raises(ActionParseError) as info:
        extreme.parse_action(FIVES, "keep 6 6")
    assert str(info.value) == (
        "'keep 6 6': cannot keep 6 6: there is only one 6 among the six-sided dice 3 3 5 5 6"
    )
    assert info.value.rule == "EX-02"
    assert info.value.understood == Roll((6, 6))
    with pytest.raises(ActionParseError, match="there is no 7 among the six-sided") as seven:
        extreme.parse_action(FIVES, "keep 3 3 7")  # the d10 shows 5, not 7
    assert seven.value.rule == "EX-02"


@pytest.mark.rule("EX-02")
def test_the_first_roll_throws_everything() -> None:
    with pytest.raises(ActionParseError, match="the first roll of a turn throws all six") as info:
        extreme.parse_action(extreme.new_game(), "keep d10")
    assert info.value.rule == "EX-02"


@pytest.mark.rule("EX-04")
def test_a_chip_roll_is_the_fourth_roll_and_needs_a_chip() -> None:
    third = position(d6=(3, 3, 5, 5, 6), d10=5, rolls=3, chips=1, rules=Rules(chips=1))
    assert extreme.parse_action(third, "chip keep 5 5 d10") == Roll((5, 5), True)
    after = extreme.apply(third, extreme.parse_action(third, "chip keep 5 5 d10"))
    assert after.sheets[0].chips == 0
    no_chip = position(d6=(3, 3, 5, 5, 6), d10=5, rolls=3, chips=0, rules=Rules(chips=0))
    with pytest.raises(ActionParseError, match="all the chips are used up") as info:
        extreme.parse_action(no_chip, "chip keep 3 3")
    assert info.value.rule == "EX-04"
    fourth = position(d6=(3, 3, 5, 5, 6), d10=5, rolls=4, chips=2)
    with pytest.raises(ActionParseError, match="no fifth roll") as fifth:
        extreme.parse_action(fourth, "roll")
    assert fifth.value.rule == "EX-04"


@pytest.mark.rule("EX-03")
def test_a_filled_box_is_refused_by_its_rule() -> None:
    state = position({Box.TWO_PAIRS: 21}, d6=(3, 3, 5, 5, 6), d10=5)
    with pytest.raises(ActionParseError) as info:
        extreme.parse_action(state, "Zwei Paare")
    assert str(info.value) == "'Zwei Paare': box Zwei Paare is already filled (21)"
    assert info.value.rule == "EX-03"
    assert info.value.understood == Score(Box.TWO_PAIRS)


@pytest.mark.rule("EX-36")
def test_keeping_all_six_and_scoring_before_rolling_are_refused() -> None:
    with pytest.raises(ActionParseError, match="keeping all six dice throws nothing") as info:
        extreme.parse_action(FIVES, "keep 3 3 5 5 6 d10")
    assert info.value.rule == "EX-36"
    with pytest.raises(ActionParseError, match="roll the dice before entering") as early:
        extreme.parse_action(extreme.new_game(), "chance")
    assert early.value.rule == "EX-36"


def test_a_throw_that_cannot_come_out_quotes_the_protocol() -> None:
    state = _thrown()
    with pytest.raises(ActionParseError, match="the d10 is thrown here") as info:
        extreme.parse_action(state, "1 2 3 4 5")
    assert info.value.rule == "PR-04"
    with pytest.raises(ActionParseError, match=r"six-sided dice show 1\.\.6"):
        extreme.parse_action(state, "1 2 3 4 8 7")
    kept = _thrown(Roll((3, 3, 5), True), FIVES)
    with pytest.raises(ActionParseError, match="the d10 was kept"):
        extreme.parse_action(kept, "2 3 d10 4")
    with pytest.raises(ActionParseError, match="not understood"):
        extreme.parse_action(state, "1 2 3 4 5 d10 12")


def test_extreme_readings_are_never_ambiguous() -> None:
    # "keep 5 5" could mean two six-sided Fives or one and the d10: the
    # six-sided dice are meant unless the d10 is named, so no text of a
    # legal action is read two ways (AmbiguousActionError is never raised).
    for action in extreme.legal_actions(FIVES):
        text = extreme.action_to_text(action)
        for form in (text, text.removeprefix("roll ")):
            try:
                assert extreme.parse_action(FIVES, form) == action
            except AmbiguousActionError:  # pragma: no cover - the failure itself
                pytest.fail(f"{form!r} is ambiguous")


@pytest.mark.parametrize(
    "junk",
    [
        None,
        3,
        b"roll",
        ["roll"],
        Roll(),
        object(),
    ],
)
def test_parse_action_refuses_what_is_not_text(junk: Any) -> None:
    with pytest.raises(ActionParseError, match="expected the text of an action"):
        extreme.parse_action(FIVES, junk)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "x" * 10_000, "roll\x00", "\x1b[31mroll", "🎲🎲", "keep 🎲 3", "3" * 501, "\ud800"],
)
def test_parse_action_refuses_hostile_text(text: str) -> None:
    before = extreme.to_json(FIVES)
    try:
        action = extreme.parse_action(FIVES, text)
    except ActionParseError as exc:
        error: Exception = exc
        assert str(error)
    else:
        assert extreme.is_legal(FIVES, action)  # "roll\x00" is "roll"
    assert extreme.to_json(FIVES) == before


def test_parse_action_refuses_what_is_not_a_state() -> None:
    for junk in (None, classic.new_game(), classic.observation(classic.new_game(), 0)):
        with pytest.raises(InvalidStateError) as info:
            extreme.parse_action(junk, "roll")  # type: ignore[arg-type]
        assert info.value.path == "state"


def test_parse_action_reads_against_the_mover_s_observation() -> None:
    assert extreme.parse_action(extreme.observation(FIVES, 0), "keep 5 5 d10") == Roll(
        (5, 5), keep_d10=True
    )


@settings(max_examples=200)
@given(
    text=st.text(max_size=30)
    | st.lists(
        st.sampled_from(
            ["keep", "roll", "d10", "w10", "3", "5", "7", "0", "chip", "score", "zwei", "paare",
             "reroll", "33", "oder", "mehr", "throw", "dice", "super", "chance", "10"]
        ),
        max_size=7,
    ).map(" ".join),
    where=st.sampled_from(["decide", "throw", "kept", "roll_off", "over"]),
)
def test_parse_action_gives_a_legal_action_or_action_parse_error(text: str, where: str) -> None:
    state = _states()[where]
    before = extreme.to_json(state)
    try:
        action = extreme.parse_action(state, text)
    except ActionParseError as exc:
        error: Exception = exc
        assert str(error) and isinstance(error, ValueError)
    else:
        assert extreme.is_legal(state, action)
    assert extreme.to_json(state) == before


@cache
def _states() -> dict[str, State]:
    return {
        "decide": FIVES,
        "throw": _thrown(),
        "kept": _thrown(Roll((3, 5), True), FIVES),
        "roll_off": extreme.new_game(3),
        "over": _over(),
    }


@cache
def _over() -> State:
    state, rng = extreme.new_game(), random.Random(3)
    while not extreme.is_terminal(state):
        if extreme.current_player(state) == CHANCE:
            state = extreme.apply(state, extreme.sample_chance(state, rng))
        else:
            state = extreme.apply(state, extreme.legal_actions(state)[0])
    return state


def test_nothing_is_legal_once_the_game_is_over() -> None:
    with pytest.raises(ActionParseError, match="game is over") as info:
        extreme.parse_action(_over(), "roll")
    assert info.value.rule == "PR-05"


# --- observations ------------------------------------------------------------------------------


def test_an_observation_is_the_whole_state_for_every_seat() -> None:
    state = extreme.apply(extreme.new_game(["Ann", "Ben"], first_player=1), Roll())
    state = extreme.apply(state, ExtremeRoll((1, 2, 3, 4, 5), 7))
    for seat in (0, 1):
        obs = extreme.observation(state, seat)
        assert isinstance(obs, Observation)
        assert (obs.player, obs.to_move, obs.state) == (seat, 1, state)
        assert extreme.current_player(obs) == 1
        assert not extreme.is_terminal(obs)
        data = extreme.observation_to_dict(obs)
        assert json.loads(json.dumps(data)) == data
        assert data["variant"] == "extreme"
        assert (data["player"], data["to_move"]) == (seat, 1)
        assert extreme.from_json(json.dumps(data["state"])) == state
    assert extreme.legal_actions(extreme.observation(state, 1)) == extreme.legal_actions(state)
    assert extreme.legal_actions(extreme.observation(state, 0)) == ()
    refusal = extreme.why_illegal(extreme.observation(state, 0), Score(Box.HIGHWAY))
    assert refusal is not None and refusal.rule == "PR-08"
    assert extreme.why_illegal(extreme.observation(state, 1), Score(Box.HIGHWAY)) is None


def test_at_a_chance_node_no_seat_acts() -> None:
    state = _thrown()
    obs = extreme.observation(state, 0)
    assert extreme.current_player(obs) == CHANCE
    assert extreme.legal_actions(obs) == ()
    refusal = extreme.why_illegal(obs, ExtremeRoll((1, 2, 3, 4, 5), 7))
    assert refusal is not None and refusal.rule == "PR-08"


@pytest.mark.parametrize(
    "player", [-1, 2, True, 1.0, "0", None, pytest.param(10**5000, id="huge")]
)
def test_observation_refuses_a_seat_that_is_not_there(player: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        extreme.observation(extreme.new_game(2), player)
    assert info.value.path == "player"


def test_observation_refuses_what_is_not_a_state() -> None:
    obs = extreme.observation(FIVES, 0)
    for junk in (None, object(), classic.new_game(), obs):
        with pytest.raises(InvalidStateError) as info:
            extreme.observation(junk, 0)  # type: ignore[arg-type]
        assert info.value.path == "state"
    for bad in (None, FIVES, classic.observation(classic.new_game(), 0)):
        with pytest.raises(InvalidStateError) as bad_obs:
            extreme.observation_to_dict(bad)  # type: ignore[arg-type]
        assert bad_obs.value.path == "observation"


# --- every legal action at every node of random games ------------------------------------------


def _playout(state: State, seed: int) -> list[State]:
    rng, states = random.Random(seed), [state]
    while not extreme.is_terminal(state):
        if extreme.current_player(state) == CHANCE:
            state = extreme.apply(state, extreme.sample_chance(state, rng))
        else:
            actions = extreme.legal_actions(state)
            state = extreme.apply(state, actions[rng.randrange(len(actions))])
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("start", "seed"),
    [
        (lambda: extreme.new_game(), 1),
        (lambda: extreme.new_game(["Ann", "Ben", "Cy"]), 2),
        (lambda: extreme.new_game(2, rules=Rules(chips=1), first_player=1), 3),
    ],
    ids=["solitaire", "three-players", "one-chip"],
)
def test_every_legal_action_round_trips_at_every_node(start: Any, seed: int) -> None:
    rng = random.Random(seed)
    for state in _playout(start(), seed):
        actions = extreme.legal_actions(state)
        texts = [extreme.action_to_text(a) for a in actions]
        assert len(set(texts)) == len(texts)
        # every decision; at a throw (up to 2,520 outcomes) a sample
        checked = actions if len(actions) <= 100 else rng.sample(actions, 40)
        for action in checked:
            data = extreme.action_to_dict(action)
            assert extreme.action_from_dict(json.loads(json.dumps(data))) == action
            assert extreme.parse_action(state, extreme.action_to_text(action)) == action
        who = extreme.current_player(state)
        for seat in range(state.num_players):
            obs = extreme.observation(state, seat)
            assert extreme.legal_actions(obs) == (actions if seat == who else ())
            assert json.loads(json.dumps(extreme.observation_to_dict(obs)))["to_move"] == who
