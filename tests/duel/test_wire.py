"""The Duell on the wire: JSON objects, canonical text, what players type, and observations."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import (
    CHANCE,
    ActionParseError,
    AmbiguousActionError,
    InvalidStateError,
    KniffelError,
    duel,
)
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel import Area, Joker, Miss, Move, Roll, Spot, State, notation, wire
from kniffel_rules.duel.notation import AREA_NAMES
from kniffel_rules.duel.pieces import AREAS
from kniffel_rules.notation import words

from .helpers import position, rolled, throw

# --- JSON objects ----------------------------------------------------------------

EXAMPLES: list[tuple[Any, dict[str, Any], str]] = [
    (Roll(), {"type": "roll", "keep": []}, "roll"),
    (Roll((3, 3)), {"type": "roll", "keep": [3, 3]}, "roll keep 3 3"),
    (Joker(6, 5), {"type": "joker", "die": 6, "face": 5}, "joker 6 5"),
    (Move(Area.KNIFFEL), {"type": "move", "area": "kniffel"}, "move kniffel"),
    (
        Move(Area.SMALL_STRAIGHT),
        {"type": "move", "area": "small_straight"},
        "move small_straight",
    ),
    (Miss(), {"type": "miss"}, "miss"),
    (DiceRoll((1, 2, 3, 3, 6)), {"type": "dice", "values": [1, 2, 3, 3, 6]}, "dice 1 2 3 3 6"),
    (DiceRoll((5,)), {"type": "dice", "values": [5]}, "dice 5"),
]


@pytest.mark.parametrize(("action", "data", "text"), EXAMPLES)
def test_the_json_object_and_the_canonical_text(
    action: Any, data: dict[str, Any], text: str
) -> None:
    assert duel.action_to_dict(action) == data
    assert next(iter(duel.action_to_dict(action))) == "type"
    assert duel.action_from_dict(data) == action
    assert duel.action_from_dict(json.loads(json.dumps(data))) == action
    assert duel.action_to_text(action) == text


def test_every_area_has_a_json_object_and_a_text() -> None:
    for area in AREAS:
        data = duel.action_to_dict(Move(area))
        assert data == {"type": "move", "area": area.key}
        assert duel.action_from_dict(data) == Move(area)
        assert duel.action_to_text(Move(area)) == f"move {area.key}"


def test_the_codec_and_its_schema_cover_every_action_and_outcome() -> None:
    schema = wire.CODEC.schema()
    tags = [v["properties"]["type"]["const"] for v in schema["oneOf"]]
    assert tags == ["roll", "joker", "move", "miss", "dice"]
    assert "duel-action" in schema["$id"]


BAD_OBJECTS: list[tuple[object, str]] = [
    ("miss", "action"),
    (None, "action"),
    ([{"type": "miss"}], "action"),
    ({}, "action"),
    ({"type": "score", "box": "kniffel"}, "action.type"),
    ({"type": "Miss"}, "action.type"),
    ({"type": 3}, "action.type"),
    ({"type": None}, "action.type"),
    ({"type": "miss", "extra": 1}, "action"),
    ({"type": "joker", "die": 6}, "action"),
    ({"type": "joker", "die": 6, "face": 5, "why": "x"}, "action"),
    ({"type": "joker", "die": True, "face": 5}, "action.die"),
    ({"type": "joker", "die": 6, "face": 5.0}, "action.face"),
    ({"type": "joker", "die": "6", "face": 5}, "action.die"),
    ({"type": "joker", "die": 7, "face": 5}, "action.die"),
    ({"type": "joker", "die": 0, "face": 5}, "action.die"),
    ({"type": "joker", "die": 10**5000, "face": 5}, "action.die"),
    ({"type": "joker", "die": 6, "face": [5]}, "action.face"),
    ({"type": "move", "area": "KNIFFEL"}, "action.area"),
    ({"type": "move", "area": "three_of_a_kind"}, "action.area"),
    ({"type": "move", "area": 10}, "action.area"),
    ({"type": "move", "area": {"key": "kniffel"}}, "action.area"),
    ({"type": "move"}, "action"),
    ({"type": "roll", "keep": [7]}, "action.keep"),
    ({"type": "roll", "keep": [1, 1, 1, 1, 1, 1]}, "action.keep"),
    ({"type": "roll", "keep": [True]}, "action.keep"),
    ({"type": "roll", "keep": "33"}, "action.keep"),
    ({"type": "dice", "values": [1, 2, 3, 4, 5, 6, 6]}, "action.values"),
    ({"type": "dice", "values": [[1]]}, "action.values"),
    ({"type": "dice", "values": [10**5000]}, "action.values"),
]


@pytest.mark.parametrize(("data", "path"), BAD_OBJECTS)
def test_hostile_objects_are_refused_naming_the_field(data: object, path: str) -> None:
    before = copy.deepcopy(data)
    with pytest.raises(InvalidStateError) as info:
        duel.action_from_dict(data)
    assert info.value.path.startswith(path)
    assert data == before  # nothing mutated


def test_deeply_nested_junk_is_refused() -> None:
    junk: Any = []
    for _ in range(10_000):
        junk = [junk]
    with pytest.raises(InvalidStateError):
        duel.action_from_dict({"type": "move", "area": junk})


def test_non_actions_are_refused_by_the_writers() -> None:
    from kniffel_rules import classic

    for junk in (classic.Score(classic.Box.CHANCE), "miss", None, 3, object()):
        with pytest.raises(InvalidStateError) as info:
            duel.action_to_dict(junk)  # type: ignore[arg-type]
        assert info.value.path == "action"
        with pytest.raises(InvalidStateError) as info:
            duel.action_to_text(junk)  # type: ignore[arg-type]
        assert info.value.path == "action"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@given(_JSON)
@settings(max_examples=300, deadline=None)
def test_any_json_is_an_action_or_a_kniffel_error(data: object) -> None:
    joker = {"type": "joker", "die": data, "face": 1}
    for candidate in (data, joker, {"type": "move", "area": data}, {"type": data}):
        try:
            action = duel.action_from_dict(candidate)
        except KniffelError:
            continue
        assert duel.action_from_dict(duel.action_to_dict(action)) == action


# --- parse_action: what players type ----------------------------------------------

STRAIGHT_BY_JOKER = position(
    {Area.SMALL_STRAIGHT: Spot.RED_SPACE}, (2, 3, 4, 6, 6), player=0, jokers=(2, 1), rolls=3
)
"""The rulebook's second example: after the third roll a joker turns a 6 into a 5."""


def _after_first_roll(*faces: int, jokers: tuple[int, int] = (0, 0)) -> State:
    return position(dice=faces, jokers=jokers, rolls=1)


@pytest.mark.parametrize(
    "text",
    [
        "joker 6 5", "Joker 6 5", "JOKER 6 5", "joker 6 to 5", "joker 6 into 5", "joker 6 -> 5",
        "joker 6->5", "6 -> 5", "6 → 5", "6 => 5", "6>5", "6 to 5", "joker 65", "j 6 5",
        "use joker 6 5", "use a joker: 6 -> 5", "spend joker 6 5", "turn the 6 into a 5",
        "change 6 to 5", "turn a 6 to a 5",
        # German
        "joker 6 zu 5", "joker 6 auf 5", "Joker 6 nach 5", "6 zu 5", "6 auf 5",
        "mache die 6 zu einer 5", "mach 6 zu 5", "drehe die 6 auf 5", "setze joker 6 5",
        "nutze Joker 6 -> 5", "benutze joker: 6 zu 5", "Joker von der 6 auf eine 5",
    ],
)
@pytest.mark.rule("DU-13")
def test_a_joker_as_typed(text: str) -> None:
    assert duel.parse_action(STRAIGHT_BY_JOKER, text) == Joker(6, 5)


@pytest.mark.rule("DU-13")
def test_a_joker_naming_only_the_new_face_takes_the_die_from_the_dice() -> None:
    state = position(dice=(1, 1, 1, 1, 5), jokers=(1, 1), rolls=3)
    assert duel.parse_action(state, "joker to 1") == Joker(5, 1)
    assert duel.parse_action(state, "Joker zu 1") == Joker(5, 1)
    with pytest.raises(AmbiguousActionError) as info:
        duel.parse_action(STRAIGHT_BY_JOKER, "joker zu 5")
    assert info.value.candidates == (Joker(2, 5), Joker(3, 5), Joker(4, 5), Joker(6, 5))
    assert "joker 2 5; joker 3 5; joker 4 5; joker 6 5" in str(info.value)
    assert isinstance(info.value, ValueError)


AREA_FORMS: list[tuple[str, Area]] = [
    ("move ones", Area.ONES), ("Einser", Area.ONES), ("1er", Area.ONES), ("aces", Area.ONES),
    ("einer", Area.ONES), ("move 1", Area.ONES), ("ziehe 1", Area.ONES),
    ("twos", Area.TWOS), ("Zweier", Area.TWOS), ("threes", Area.THREES), ("3s", Area.THREES),
    ("Dreier", Area.THREES), ("fours", Area.FOURS), ("Vierer", Area.FOURS), ("4er", Area.FOURS),
    ("fives", Area.FIVES), ("Fünfer", Area.FIVES), ("Fuenfer", Area.FIVES),
    ("sixes", Area.SIXES), ("Sechser", Area.SIXES), ("setze 6", Area.SIXES),
    ("four of a kind", Area.FOUR_OF_A_KIND), ("4k", Area.FOUR_OF_A_KIND),
    ("Vier Gleiche", Area.FOUR_OF_A_KIND), ("Viererpasch", Area.FOUR_OF_A_KIND),
    ("4er Pasch", Area.FOUR_OF_A_KIND), ("move four_of_a_kind", Area.FOUR_OF_A_KIND),
    ("full house", Area.FULL_HOUSE), ("Full House", Area.FULL_HOUSE), ("fh", Area.FULL_HOUSE),
    ("small straight", Area.SMALL_STRAIGHT), ("ss", Area.SMALL_STRAIGHT),
    ("kleine Straße", Area.SMALL_STRAIGHT), ("kl. Straße", Area.SMALL_STRAIGHT),
    ("Kleine Strasse", Area.SMALL_STRAIGHT), ("ks", Area.SMALL_STRAIGHT),
    ("large straight", Area.LARGE_STRAIGHT), ("ls", Area.LARGE_STRAIGHT),
    ("große Straße", Area.LARGE_STRAIGHT), ("gr. Straße", Area.LARGE_STRAIGHT),
    ("Grosse Strasse", Area.LARGE_STRAIGHT), ("gs", Area.LARGE_STRAIGHT),
    ("kniffel", Area.KNIFFEL), ("Kniffel!", Area.KNIFFEL), ("yahtzee", Area.KNIFFEL),
    ("fünf Gleiche", Area.KNIFFEL), ("five of a kind", Area.KNIFFEL),
    ("move kniffel", Area.KNIFFEL), ("setze Kniffel", Area.KNIFFEL),
    ("ziehe kniffel", Area.KNIFFEL), ("setze auf Kniffel", Area.KNIFFEL),
    ("secure kniffel", Area.KNIFFEL), ("nimm Kniffel", Area.KNIFFEL),
]


def test_every_area_has_english_and_german_names() -> None:
    assert set(AREA_NAMES) == set(AREAS)
    for area, names in AREA_NAMES.items():
        assert len(names) >= 3
        for name in (*names, area.key, area.label):
            assert notation._read_move(words(name)) == [Move(area)], name
            assert notation._read_move(words(f"move {name}")) == [Move(area)], name


@pytest.mark.parametrize(("text", "area"), AREA_FORMS)
def test_a_move_as_typed_names_the_area(text: str, area: Area) -> None:
    # The reader understands the area whether or not the dice show it: a state
    # whose dice show it accepts it, the others refuse it with the rule.
    reading = notation._read_move(words(text))
    assert reading == [Move(area)]


@pytest.mark.parametrize(
    ("faces", "text", "area"),
    [
        ((3, 3, 3, 5, 6), "Dreier", Area.THREES),
        ((3, 3, 3, 3, 6), "Viererpasch", Area.FOUR_OF_A_KIND),
        ((2, 2, 5, 5, 5), "fh", Area.FULL_HOUSE),
        ((1, 2, 3, 4, 6), "kl. Straße", Area.SMALL_STRAIGHT),
        ((2, 3, 4, 5, 6), "ls", Area.LARGE_STRAIGHT),
        ((2, 3, 4, 5, 6), "ss", Area.SMALL_STRAIGHT),
        ((4, 4, 4, 4, 4), "Kniffel", Area.KNIFFEL),
        ((4, 4, 4, 4, 4), "move fours", Area.FOURS),
        ((4, 4, 4, 4, 4), "vier gleiche", Area.FOUR_OF_A_KIND),
    ],
)
@pytest.mark.rule("DU-42")
def test_a_move_in_a_position(faces: tuple[int, ...], text: str, area: Area) -> None:
    assert duel.parse_action(_after_first_roll(*faces), text) == Move(area)


@pytest.mark.parametrize(
    "text", ["miss", "MISS", "pass", "take joker", "take a joker", "no move", "Fehlwurf",
             "passe", "nimm Joker", "kein Zug"]
)
@pytest.mark.rule("DU-45")
def test_a_miss_as_typed(text: str) -> None:
    assert duel.parse_action(_after_first_roll(2, 2, 5, 6, 6), text) == Miss()


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        ("roll", ()), ("throw", ()), ("r", ()), ("roll all", ()), ("keep none", ()),
        ("würfeln", ()), ("wurf", ()), ("alle neu", ()),
        ("roll keep 6 6", (6, 6)), ("keep 6 6", (6, 6)), ("6 6", (6, 6)), ("66", (6, 6)),
        ("hold 6 6", (6, 6)), ("behalte 6 6", (6, 6)), ("halte 6 6", (6, 6)),
        ("reroll 2 5", (6, 6, 6)), ("neu 2 5", (6, 6, 6)), ("6 5", (5, 6)),
    ],
)
@pytest.mark.rule("DU-05")
def test_a_roll_as_typed(text: str, keep: tuple[int, ...]) -> None:
    assert duel.parse_action(_after_first_roll(2, 5, 6, 6, 6), text) == Roll(keep)


def test_plain_numbers_keep_an_arrow_makes_a_joker() -> None:
    state = position(dice=(2, 3, 4, 6, 6), jokers=(1, 1), rolls=1)
    assert duel.parse_action(state, "6 4") == Roll((4, 6))
    assert duel.parse_action(state, "6 -> 4") == Joker(6, 4)


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("dice 1 2 3 3 6", (1, 2, 3, 3, 6)), ("1 2 3 3 6", (1, 2, 3, 3, 6)),
        ("12336", (1, 2, 3, 3, 6)), ("6 3 3 2 1", (1, 2, 3, 3, 6)),
        ("throw 1 2 3 3 6", (1, 2, 3, 3, 6)), ("Würfel 1 2 3 3 6", (1, 2, 3, 3, 6)),
        ("Wurf 12336", (1, 2, 3, 3, 6)), ("Augen: 1, 2, 3, 3, 6", (1, 2, 3, 3, 6)),
    ],
)
def test_a_throw_as_typed(text: str, outcome: tuple[int, ...]) -> None:
    state = duel.apply(duel.new_game(first_player=0), Roll())
    assert duel.parse_action(state, text) == DiceRoll(outcome)


@pytest.mark.rule("DU-41")
def test_the_roll_off_as_typed() -> None:
    state = duel.new_game()
    for text in ("dice 5", "5", "die 5", "Würfel 5", "Augen 5"):
        assert duel.parse_action(state, text) == DiceRoll((5,))
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(state, "dice 7")
    assert "not understood" in str(info.value)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(state, "dice 5 5")
    assert info.value.understood == DiceRoll((5, 5))
    assert info.value.rule == "PR-04"


def test_a_kept_throw_names_only_the_dice_thrown() -> None:
    state = duel.apply(_after_first_roll(2, 5, 6, 6, 6), Roll((6, 6, 6)))
    assert duel.parse_action(state, "2 5") == DiceRoll((2, 5))
    assert duel.parse_action(state, "dice 1 1") == DiceRoll((1, 1))


# --- parse_action: refusals ----------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "text", "understood", "rule", "message"),
    [
        (STRAIGHT_BY_JOKER, "joker 6 6", Joker(6, 6), "DU-48", "the die already shows 6"),
        (STRAIGHT_BY_JOKER, "joker 5 6", Joker(5, 6), "DU-13", "no die shows 5"),
        (STRAIGHT_BY_JOKER, "joker 7 5", Joker(7, 5), "DU-13", "a face 1..6, got 7"),
        (STRAIGHT_BY_JOKER, "roll", Roll(), "DU-05", "at most three rolls"),
        (STRAIGHT_BY_JOKER, "kniffel", Move(Area.KNIFFEL), "DU-07", "do not show Kniffel"),
        (
            position(dice=(2, 3, 4, 6, 6), rolls=1),
            "joker 6 5",
            Joker(6, 5),
            "DU-13",
            "no joker tile in hand",
        ),
        (
            position(dice=(1, 2, 3, 4, 6), rolls=1),
            "Fehlwurf",
            Miss(),
            "DU-44",
            "a disc can move (Small straight)",
        ),
        (
            position(
                {Area.ONES: Spot.RED_SPACE}, (1, 2, 3, 4, 6), jokers=(1, 0), jokers_used=1
            ),
            "keep 1 2 3 4",
            Roll((1, 2, 3, 4)),
            "DU-43",
            "no roll may follow a joker",
        ),
        (
            position(dice=(6, 6, 6, 6, 6), rolls=1),
            "keep 6 6 6 6 6",
            Roll((6, 6, 6, 6, 6)),
            "DU-53",
            "",
        ),
        (duel.new_game(first_player=0), "miss", Miss(), "DU-53", "roll the dice first"),
        (duel.new_game(first_player=0), "kniffel", Move(Area.KNIFFEL), "DU-53", "roll"),
        (
            position({Area.KNIFFEL: Spot.RED_HOLE}, dice=(5, 5, 5, 5, 5), rolls=1),
            "kniffel",
            Move(Area.KNIFFEL),
            "DU-11",
            "secured in red's hole",
        ),
    ],
)
def test_an_illegal_action_is_refused_with_its_rule(
    state: State, text: str, understood: Any, rule: str, message: str
) -> None:
    before = duel.to_json(state)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(state, text)
    refusal = info.value
    assert isinstance(refusal, ValueError) and isinstance(refusal, KniffelError)
    assert refusal.understood == understood
    assert refusal.rule == rule
    assert message in str(refusal)
    assert str(refusal).startswith(repr(text))
    assert refusal.text == text
    assert refusal.legal == tuple(duel.action_to_text(a) for a in duel.legal_actions(state))
    assert duel.to_json(state) == before


@pytest.mark.rule("DU-13")
def test_the_refusal_quotes_the_rule_message() -> None:
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(position(dice=(2, 3, 4, 6, 6), rolls=1), "joker 6 5")
    assert str(info.value) == (
        "'joker 6 5': no joker tile in hand "
        "(a joker taken at a miss can be used from the next turn on)"
    )


def test_not_understood_lists_what_is_legal() -> None:
    state = _after_first_roll(2, 2, 5, 6, 6)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(state, "dreierpasch")
    message = str(info.value)
    assert message.startswith("'dreierpasch': not understood; legal here: miss, roll")
    assert info.value.understood is None and info.value.rule == ""


def test_the_game_over_refuses_everything() -> None:
    won = position(
        {
            Area.ONES: Spot.BLUE_HOLE,
            Area.TWOS: Spot.BLUE_HOLE,
            Area.THREES: Spot.BLUE_SPACE,
            Area.FULL_HOUSE: Spot.RED_SPACE,
        },
        (3, 3, 3, 1, 2),
    )
    over = duel.apply(won, Move(Area.THREES))
    assert duel.is_terminal(over)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(over, "roll")
    assert info.value.legal == ()
    assert info.value.understood == Roll()
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(over, "blah")
    assert str(info.value) == "'blah': not understood; no action is legal here"


HOSTILE_TEXTS: list[object] = [
    None, 5, b"miss", ["miss"], Miss(), "", "   ", "x" * 10_000, "miss" + " " * 10_000,
    "\x00\x01\x1b[31m", "miss\nroll", "🎲🎲", "joker 🎲 5", "joker 6 5 5", "joker 99999 5",
    "joker " + "9" * 5000 + " 5", "move", "ziehe 7", "ziehe 0", "joker", "->", "6 ->",
    "dice 1 2 3 4 5", "\u202e", "\uff2d\uff29\uff33\uff33",  # full-width MISS
]


@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=lambda t: repr(t)[:30])
def test_hostile_text_is_a_parse_error(text: object) -> None:
    state = STRAIGHT_BY_JOKER
    before = duel.to_json(state)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(state, text)  # type: ignore[arg-type]
    assert len(str(info.value)) < 1_000
    assert duel.to_json(state) == before


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_legal_action_or_a_parse_error(text: str) -> None:
    for state in (STRAIGHT_BY_JOKER, duel.new_game()):
        try:
            action = duel.parse_action(state, text)
        except ActionParseError:
            continue
        assert duel.is_legal(state, action)


def test_parse_action_refuses_what_is_not_a_duel_state() -> None:
    from kniffel_rules import classic

    for junk in (None, "state", classic.new_game(), duel.observation):
        with pytest.raises(InvalidStateError) as info:
            duel.parse_action(junk, "miss")  # type: ignore[arg-type]
        assert info.value.path == "state"
    with pytest.raises(InvalidStateError) as info:  # refused when built, before any use
        duel.Observation(0, 0, "not a state")  # type: ignore[arg-type]
    assert info.value.path == "observation.state"


# --- observations ------------------------------------------------------------------------


def test_the_observation_is_the_whole_state() -> None:
    state = STRAIGHT_BY_JOKER
    for seat in (0, 1):
        obs = duel.observation(state, seat)
        assert isinstance(obs, duel.Observation)
        assert (obs.player, obs.to_move, obs.state) == (seat, 0, state)
        data = duel.observation_to_dict(obs)
        assert data == {
            "variant": "duel",
            "player": seat,
            "to_move": 0,
            "state": json.loads(duel.to_json(state)),
        }
        assert json.loads(json.dumps(data)) == data
        assert duel.current_player(obs) == 0
        assert not duel.is_terminal(obs)


@pytest.mark.rule("DU-04")
def test_legal_actions_of_an_observation_are_those_of_the_seat_to_move() -> None:
    state = STRAIGHT_BY_JOKER
    mine, theirs = duel.observation(state, 0), duel.observation(state, 1)
    assert duel.legal_actions(mine) == duel.legal_actions(state)
    assert duel.legal_actions(theirs) == ()
    assert duel.why_illegal(mine, Joker(6, 5)) is None
    assert duel.is_legal(mine, Joker(6, 5))
    refusal = duel.why_illegal(theirs, Joker(6, 5))
    assert refusal is not None and refusal.rule == "PR-08"
    assert str(refusal) == "it is not your turn: Blue is to move"
    assert refusal.localized("de") == "Du bist nicht am Zug: Blau ist dran"  # the seat's colour
    assert not duel.is_legal(theirs, Joker(6, 5))


def test_parse_action_reads_an_observation() -> None:
    state = STRAIGHT_BY_JOKER
    assert duel.parse_action(duel.observation(state, 0), "joker 6 zu 5") == Joker(6, 5)
    with pytest.raises(ActionParseError) as info:
        duel.parse_action(duel.observation(state, 1), "joker 6 5")
    assert info.value.rule == "PR-08"


def test_observations_at_chance_nodes_and_at_the_end() -> None:
    start = duel.new_game()
    for seat in (0, 1):
        obs = duel.observation(start, seat)
        assert duel.current_player(obs) == CHANCE
        assert duel.legal_actions(obs) == ()
        refusal = duel.why_illegal(obs, DiceRoll((3,)))
        assert refusal is not None and refusal.rule == "PR-08"
        assert "chance decides next" in str(refusal)


@pytest.mark.parametrize(
    "player", [-1, 2, True, 0.0, "0", None, 10**5000], ids=["-1", "2", "T", "0.0", "s", "N", "huge"]
)
def test_observation_refuses_a_seat_that_is_not_one(player: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        duel.observation(duel.new_game(), player)  # type: ignore[arg-type]
    assert info.value.path == "player"


def test_observation_refuses_what_is_not_a_duel_state() -> None:
    from kniffel_rules import classic

    with pytest.raises(InvalidStateError) as info:
        duel.observation(classic.new_game(), 0)  # type: ignore[arg-type]
    assert info.value.path == "state"
    with pytest.raises(InvalidStateError) as info:
        duel.observation_to_dict(classic.observation(classic.new_game(), 0))  # type: ignore[arg-type]
    assert info.value.path == "observation"


# --- the properties at every node of random games -------------------------------------

_SAMPLE = 10  # actions checked per node with many (a chance node has up to 252)


def _check_node(state: State, rng: random.Random) -> None:
    actions = duel.legal_actions(state)
    texts = [duel.action_to_text(a) for a in actions]
    assert len(set(texts)) == len(texts), "two legal actions share a canonical text"
    chosen = actions if len(actions) <= 3 * _SAMPLE else rng.sample(actions, _SAMPLE)
    for action in chosen:
        data = duel.action_to_dict(action)
        assert duel.action_from_dict(json.loads(json.dumps(data))) == action
        text = duel.action_to_text(action)
        assert text == " ".join(text.split()) and text == text.lower()
        assert duel.parse_action(state, text) == action, text
    to_move = duel.current_player(state)
    for seat in (0, 1):
        obs = duel.observation(state, seat)
        assert duel.legal_actions(obs) == (actions if seat == to_move else ())
        data = duel.observation_to_dict(obs)
        assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize(
    ("seed", "rules", "first"),
    [(0, duel.Rules(), None), (1, duel.Rules(), 1), (2, duel.Rules(match_wins=2), 0)],
)
def test_every_legal_action_round_trips_at_every_node(
    seed: int, rules: duel.Rules, first: int | None
) -> None:
    rng = random.Random(seed)
    state = duel.new_game(rules=rules, first_player=first)
    nodes = 0
    while not duel.is_terminal(state):
        _check_node(state, rng)
        nodes += 1
        actions = duel.legal_actions(state)
        state = duel.apply(state, actions[rng.randrange(len(actions))])
    _check_node(state, rng)
    assert nodes > 50


@given(st.integers(0, 2**32))
@settings(max_examples=5, deadline=None)
def test_the_round_trip_holds_on_hypothesis_chosen_games(seed: int) -> None:
    rng = random.Random(seed)
    state = duel.new_game()
    for _ in range(300):
        if duel.is_terminal(state):
            break
        if rng.random() < 0.2:
            _check_node(state, rng)
        if duel.current_player(state) == CHANCE:
            state = duel.apply(state, duel.sample_chance(state, rng))
        else:
            actions = duel.legal_actions(state)
            state = duel.apply(state, actions[rng.randrange(len(actions))])


def test_a_whole_turn_typed_in_german() -> None:
    state = duel.new_game(first_player=0)
    state = duel.apply(state, duel.parse_action(state, "würfeln"))
    state = duel.apply(state, duel.parse_action(state, "2 3 4 6 6"))
    state = duel.apply(state, duel.parse_action(state, "behalte 2 3 4"))
    state = duel.apply(state, duel.parse_action(state, "1 1"))
    assert state.dice == (1, 1, 2, 3, 4)
    state = duel.apply(state, duel.parse_action(state, "kleine Straße"))
    assert state.spot(Area.SMALL_STRAIGHT) is Spot.BLUE_SPACE
    state = rolled(state, 2, 2, 5, 6, 6)  # red: nothing shows
    state = duel.apply(state, duel.parse_action(state, "Fehlwurf"))
    state = rolled(state, 1, 1, 5, 6, 6)  # blue: nothing either
    state = duel.apply(state, duel.parse_action(state, "passe"))
    assert state.jokers == (1, 1)
    state = rolled(state, 2, 3, 4, 6, 6)  # red
    state = throw(duel.apply(state, duel.parse_action(state, "halte 2 3 4")), 6, 6)
    state = throw(duel.apply(state, duel.parse_action(state, "2 3 4")), 6, 6)
    state = duel.apply(state, duel.parse_action(state, "Joker 6 zu 5"))
    state = duel.apply(state, duel.parse_action(state, "ziehe kl. Straße"))
    assert state.spot(Area.SMALL_STRAIGHT) is Spot.RED_SPACE
    assert state.jokers == (1, 0)
