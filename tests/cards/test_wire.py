"""The card game on the wire: JSON objects, canonical text, and what a player types.

Every form of ``docs/rules/cards.md`` "Notation" (dict, text, English and
German, by values and by colours), the error messages (not understood,
illegal with the rule's text and id, ambiguous with its candidates), hostile
input to `action_from_dict` and `parse_action`, and the round trip of every
legal action and outcome at every node of random games of every
conformance case.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import conformance_cases
from cards.helpers import card, hand, play_until, position, tokens
from kniffel_rules import (
    CHANCE,
    ActionParseError,
    AmbiguousActionError,
    InvalidStateError,
    KniffelError,
)
from kniffel_rules import cards as C
from kniffel_rules.cards import (
    Begin,
    Card,
    Combination,
    Discard,
    Draw,
    Exchange,
    Phase,
    Pick,
    Place,
    PlaceToken,
    Play,
    Row,
    Rules,
    StartPlayer,
    State,
    Stop,
    Take,
)
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import steps
from kniffel_rules.cards.pieces import CARDS, Colour
from kniffel_rules.cards.wire import CODEC

rule = pytest.mark.rule
CASES = [c for c in conformance_cases.CASES if c.variant == "cards"]
FH, COL, TOAK, ST, TP = Row


def straight_hand() -> State:
    """Seat 0 to move with a straight 2..6 in two ways (blue 6 or red 6) and five 7s."""
    mine = hand(
        "red 2", "blue 3", "red 4", "green 5", "red 6", "blue 6",
        "blue 7", "red 7", "green 7", "yellow 7", "purple 7",
    )
    return position([mine, hand("blue 13")], check=False)


def placing(active: int = 3) -> State:
    """Seat 0 placing the tokens of a Kniffel (a choice of rows and of the reserve)."""
    mine = hand("blue 7", "red 7", "green 7", "yellow 7", "purple 7")
    s = position([mine, hand("blue 13")], [tokens(active=active), tokens()], check=False)
    for step in steps(Play(Combination.KNIFFEL, mine)):
        s = C.apply(s, step)
    assert s.phase is Phase.PLACE
    return s


def refused_whole(state: State, text: str, play: Play) -> None:
    """``text`` reads as the whole ``play``, which is refused: made step by step (KA-62)."""
    assert play in whole_plays(state)
    err = parse_error(state, text)
    assert err.rule == "KA-62", str(err)
    assert str(err).startswith(f"{text!r}: {C.why_illegal(state, play)}"), str(err)
    assert "'begin " in str(err) and "'pick " in str(err)


def parse_error(state: Any, text: str) -> ActionParseError:
    with pytest.raises(ActionParseError) as info:
        C.parse_action(state, text)
    return info.value


# --- the JSON forms ------------------------------------------------------------------

EXAMPLES: list[tuple[Any, dict[str, Any], str]] = [
    (StartPlayer(1), {"type": "start_player", "seat": 1}, "start 1"),
    (Card(7, "red"), {"type": "card", "card": "red 7"}, "card red 7"),
    (PlaceToken(COL), {"type": "place_token", "row": "colour"}, "token colour"),
    (Draw(), {"type": "draw"}, "draw"),
    (Take(Card(7, "red")), {"type": "take", "card": "red 7"}, "take red 7"),
    (
        Begin(Combination.FULL_HOUSE),
        {"type": "begin", "combination": "full_house"},
        "begin full_house",
    ),
    (Pick(Card(7, "red")), {"type": "pick", "card": "red 7"}, "pick red 7"),
    (
        Play(Combination.STRAIGHT, hand("blue 2", "red 3", "red 4", "green 5", "red 6")),
        {
            "type": "play",
            "combination": "straight",
            "cards": ["blue 2", "red 3", "red 4", "green 5", "red 6"],
        },
        "play straight blue 2 red 3 red 4 green 5 red 6",
    ),
    (
        Place(TP, from_reserve=1, levels=2),
        {"type": "place", "row": "two_pairs", "from_reserve": 1, "levels": 2},
        "place two_pairs reserve 1 levels 2",
    ),
    (
        Place(ST),
        {"type": "place", "row": "straight", "from_reserve": 0, "levels": 1},
        "place straight reserve 0",
    ),
    (Exchange(Card(13, "yellow")), {"type": "exchange", "card": "yellow 13"}, "exchange yellow 13"),
    (Stop(), {"type": "stop"}, "stop"),
    (Discard(Card(1, "blue")), {"type": "discard", "card": "blue 1"}, "discard blue 1"),
]


@pytest.mark.parametrize(("action", "data", "text"), EXAMPLES, ids=[e[2] for e in EXAMPLES])
def test_every_form(action: Any, data: dict[str, Any], text: str) -> None:
    assert C.action_to_dict(action) == data
    assert next(iter(C.action_to_dict(action))) == "type"
    assert C.action_from_dict(data) == action
    assert C.action_from_dict(json.loads(json.dumps(data))) == action
    assert C.action_to_text(action) == text


def test_every_class_has_a_form() -> None:
    classes = {f.cls for f in CODEC.forms}
    assert classes == {StartPlayer, Card, PlaceToken, Draw, Take, Begin, Pick, Play, Place,
                       Exchange, Stop, Discard}
    assert [f.tag for f in CODEC.forms] == [
        "start_player", "card", "place_token", "draw", "take", "begin", "pick", "play", "place",
        "exchange", "stop", "discard",
    ]


def test_a_play_reads_its_cards_in_any_order() -> None:
    cards = ["red 9", "blue 9", "green 9"]
    data = {"type": "play", "combination": "three_of_a_kind", "cards": cards}
    action = C.action_from_dict(data)
    assert action == Play(Combination.THREE_OF_A_KIND, hand("blue 9", "green 9", "red 9"))
    assert C.action_to_dict(action)["cards"] == ["blue 9", "green 9", "red 9"]


def test_the_schema_describes_every_form() -> None:
    schema = CODEC.schema()
    assert schema["$id"].endswith("/cards-action.schema.json")
    tags = [v["properties"]["type"]["const"] for v in schema["oneOf"]]
    assert tags == [f.tag for f in CODEC.forms]
    card_schema = schema["oneOf"][1]["properties"]["card"]
    assert card_schema == {"enum": [str(c) for c in CARDS]}


HOSTILE: list[tuple[Any, str]] = [
    (None, "action"),
    ([], "action"),
    ("draw", "action"),
    ({}, "action"),
    ({"type": "roll", "keep": []}, "action.type"),
    ({"type": 3}, "action.type"),
    ({"type": "draw", "extra": 1}, "action"),
    ({"type": "take"}, "action"),
    ({"type": "take", "card": "red 14"}, "action.card"),
    ({"type": "take", "card": "Red 7"}, "action.card"),
    ({"type": "take", "card": 7}, "action.card"),
    ({"type": "take", "card": ["red", 7]}, "action.card"),
    ({"type": "take", "card": {"value": 7, "colour": "red"}}, "action.card"),
    ({"type": "card", "card": "x" * 10_000}, "action.card"),
    ({"type": "start_player", "seat": True}, "action.seat"),
    ({"type": "start_player", "seat": 4}, "action.seat"),
    ({"type": "start_player", "seat": 1.0}, "action.seat"),
    ({"type": "start_player", "seat": "1"}, "action.seat"),
    ({"type": "place_token", "row": "kniffel"}, "action.row"),
    ({"type": "place_token", "row": "FULL_HOUSE"}, "action.row"),
    ({"type": "play", "combination": "poker", "cards": []}, "action.combination"),
    ({"type": "play", "combination": "straight", "cards": "blue 2"}, "action.cards"),
    ({"type": "play", "combination": "straight", "cards": ["blue 2", 3]}, "action.cards[1]"),
    ({"type": "play", "combination": "straight", "cards": [str(c) for c in CARDS] * 2},
     "action.cards"),
    ({"type": "place", "row": "two_pairs", "from_reserve": -1, "levels": 1},
     "action.from_reserve"),
    ({"type": "place", "row": "two_pairs", "from_reserve": 10**400, "levels": 1},
     "action.from_reserve"),
    ({"type": "place", "row": "two_pairs", "from_reserve": 0, "levels": 3}, "action.levels"),
    ({"type": "place", "row": "two_pairs", "from_reserve": 0, "levels": False}, "action.levels"),
    ({"type": "place", "row": "two_pairs", "from_reserve": 0}, "action"),
    ({"type": "stop", "nested": [[[[[]]]]]}, "action"),
    ({"type": "draw", 3: 4}, "action"),
]


@pytest.mark.parametrize(("data", "path"), HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_action_from_dict_refuses_hostile_input(data: Any, path: str) -> None:
    before = json.dumps(data, default=str) if not isinstance(data, dict) or 3 not in data else ""
    with pytest.raises(InvalidStateError) as info:
        C.action_from_dict(data)
    assert info.value.path == path, str(info.value)
    assert len(str(info.value)) < 600
    if before:
        assert json.dumps(data, default=str) == before  # nothing mutated


def test_action_from_dict_refuses_deep_nesting() -> None:
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(InvalidStateError):
        C.action_from_dict({"type": "play", "combination": "kniffel", "cards": deep})


def test_action_from_dict_refuses_a_huge_int_card() -> None:
    with pytest.raises(InvalidStateError, match="expected a card like 'red 7'") as info:
        C.action_from_dict({"type": "take", "card": 10**5000})
    assert info.value.path == "action.card"


@pytest.mark.parametrize("junk", [None, "draw", 3, object(), Combination.KNIFFEL, Row.COLOUR])
def test_what_is_not_an_action_has_no_form(junk: Any) -> None:
    for write in (C.action_to_dict, C.action_to_text):
        with pytest.raises(InvalidStateError) as info:
            write(junk)
        assert info.value.path == "action"


# --- parse_action: the canonical text and the forms a player types ----------------


@pytest.mark.parametrize(
    "text",
    ["draw", "Draw", "ziehen", "Karten ziehen", "zieh", "a", "Aktion A", "  DRAW! "],
)
def test_draw(text: str) -> None:
    assert C.parse_action(straight_hand(), text) == Draw()


@rule("KA-13")
@pytest.mark.parametrize(
    "text",
    [
        "play straight red 2 blue 3 red 4 green 5 red 6",
        "play straight red 2, blue 3, red 4, green 5, red 6",
        "play str rot 2 blau 3 rot 4 grün 5 rot 6",
        "spiele Straße red2 blue3 red4 green5 red6",
        "Straße 2 3 4 5 rot 6",
        "straight 2 3 4 5 red 6",
        "b straight 2 3 4 5 red 6",
        "2 3 4 5 red 6",
    ],
)
def test_a_play_by_colours_values_or_both(text: str) -> None:
    expected = Play(Combination.STRAIGHT, hand("red 2", "blue 3", "red 4", "green 5", "red 6"))
    refused_whole(straight_hand(), text, expected)


@rule("KA-62")
def test_a_pick_by_value_asks_when_the_colours_are_open() -> None:
    s = C.apply(straight_hand(), Begin(Combination.STRAIGHT))
    for text in ("pick red 2", "3", "wähle 4", "lay down green 5"):
        s = C.apply(s, C.parse_action(s, text))
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(s, "6")
    err = info.value
    assert err.candidates == (Pick(Card(6, "blue")), Pick(Card(6, "red")))
    assert str(err) == "'6' can mean 2 actions: pick blue 6; pick red 6; say which"
    assert isinstance(err, ValueError) and isinstance(err, KniffelError)
    assert C.parse_action(s, "rot 6") == Pick(Card(6, "red"))


@rule("KA-62")
def test_a_combination_is_begun_by_its_name() -> None:
    s = position([hand("blue 2", "red 3", "red 4", "green 5", "red 6"), hand("blue 13")])
    for text in ("play straight", "Straße", "begin straight", "ansagen Straße", "b straight"):
        assert C.parse_action(s, text) == Begin(Combination.STRAIGHT), text
    refused_whole(s, "Straße 2 3 4 5 6", Play(Combination.STRAIGHT, s.hands[0]))
    refused_whole(s, "2 3 4 5 6", Play(Combination.STRAIGHT, s.hands[0]))


FIVE_SEVENS = ("blue 7", "red 7", "green 7", "yellow 7", "purple 7")


@pytest.mark.parametrize(
    ("text", "combo", "cards"),
    [
        ("play kniffel", Combination.KNIFFEL, FIVE_SEVENS),
        ("Kniffel 7 7 7 7 7", Combination.KNIFFEL, FIVE_SEVENS),
        ("yahtzee", Combination.KNIFFEL, FIVE_SEVENS),
        ("play 7 7 7 7 7", Combination.KNIFFEL, FIVE_SEVENS),
        ("Dreierpasch rot 7 blau 7 grün 7", Combination.THREE_OF_A_KIND,
         ("red 7", "blue 7", "green 7")),
        ("3k red 7 blue 7 green 7", Combination.THREE_OF_A_KIND, ("red 7", "blue 7", "green 7")),
        ("Viererpasch blau 7 grün 7 rot 7 gelb 7", Combination.FOUR_OF_A_KIND,
         ("red 7", "blue 7", "green 7", "yellow 7")),
        ("zwei Paare rot 6 blau 6 rot 7 blau 7", Combination.TWO_PAIRS,
         ("red 6", "blue 6", "red 7", "blue 7")),
        ("full house blue 6 red 6 7 7 7", None, None),
        ("Viererpasch 7 7 rot 7 gelb 7", None, None),
    ],
)
def test_combinations_by_their_names(
    text: str, combo: Combination | None, cards: tuple[str, ...] | None
) -> None:
    s = straight_hand()
    if combo is None:  # several fit: none is a decision
        with pytest.raises((AmbiguousActionError, ActionParseError)):
            C.parse_action(s, text)
        return
    if len(text.split()) <= 2:  # the name alone: begin it
        assert C.parse_action(s, text) == Begin(combo)
        return
    refused_whole(s, text, Play(combo, hand(*(cards or ()))))


def test_values_and_colours_narrow_the_candidates() -> None:
    s = straight_hand()
    err = parse_error(s, "play fh red 7 blue 7 7 6 6")  # green, purple or yellow 7
    assert err.rule == "KA-62"
    refused_whole(s, "play fh red 7 blue 7 gelb 7 6 6", Play(
        Combination.FULL_HOUSE, hand("red 7", "blue 7", "yellow 7", "red 6", "blue 6")
    ))


@pytest.mark.parametrize(
    ("text", "rule_id", "message"),
    [
        ("play straight 2 3 4 5 8", "KA-13", "blue 8 is not in your hand"),
        ("play straight blue 2 3 4 5 6", "KA-13", "blue 2 is not in your hand"),
        ("play straight red 2 red 2 red 4 green 5 red 6", "KA-01",
         "each card can be played only once"),
        ("play straight red 2 blue 3 red 4 green 5 blue 7", "KA-20",
         "2-3-4-5-7 is not a straight: a straight is five consecutive values"),
        ("play colour", "KA-18", "your hand holds no Colour"),
        ("begin colour", "KA-18", "your hand holds no Colour"),
        ("pick red 2", "KA-09", "it is P0's turn: expected 'draw', 'begin COMBINATION' or "
                                "'exchange CARD', got 'pick red 2'"),
        ("stop", "KA-53", "choose one of the three actions: a turn cannot be passed"),
        ("take red 7", "KA-09", "it is P0's turn: expected 'draw', 'begin COMBINATION' or "
                                "'exchange CARD', got 'take red 7'"),
        ("card red 9", "PR-02", "it is P0's turn"),
        ("start 1", "PR-02", "it is P0's turn"),
    ],
)
def test_illegal_readings_say_the_rule(text: str, rule_id: str, message: str) -> None:
    err = parse_error(straight_hand(), text)
    assert err.rule == rule_id
    assert str(err).startswith(f"{text!r}: {message}")
    assert err.understood is not None and err.text == text
    assert "draw" in err.legal


@rule("KA-15")
def test_a_play_without_room_for_its_tokens_says_why() -> None:
    s = position(
        [hand("blue 2", "red 3", "red 4", "green 5", "red 6"), hand("blue 13")],
        [tokens({ST: 2}, active=1), tokens()],
    )
    err = parse_error(s, "Straße 2 3 4 5 6")
    assert err.rule == "KA-15"
    assert "a 2-space level needs exactly 2 tokens; you have 1 in your active area" in str(err)


def test_not_understood_lists_what_is_legal() -> None:
    err = parse_error(straight_hand(), "fly to the moon")
    assert str(err).startswith("'fly to the moon': not understood; legal here: draw, begin ")
    assert err.understood is None and err.rule == ""
    assert err.legal == tuple(C.action_to_text(a) for a in C.legal_actions(straight_hand()))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("exchange red 7", Exchange(Card(7, "red"))),
        ("tauschen rot 7", Exchange(Card(7, "red"))),
        ("tausche rot7", Exchange(Card(7, "red"))),
        ("c red 6", Exchange(Card(6, "red"))),
        ("exchange 2", Exchange(Card(2, "red"))),
    ],
)
def test_exchange(text: str, expected: Exchange) -> None:
    assert C.parse_action(straight_hand(), text) == expected


def test_an_exchange_by_value_asks_which() -> None:
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(straight_hand(), "tausche 7")
    assert [a.card for a in info.value.candidates] == list(hand(  # type: ignore[attr-defined]
        "blue 7", "green 7", "purple 7", "red 7", "yellow 7"
    ))


def _phase(phase: Phase, seed: int = 1, rules: Rules | None = None) -> State:
    start = C.new_game(2, rules=rules, first_player=0)
    s = play_until(start, lambda x: x.phase is phase, random.Random(seed))
    assert s.phase is phase
    return s


def test_take_from_the_display() -> None:
    s = _phase(Phase.TAKE)
    first = s.display[0]
    german = str(first).replace("red", "rot").replace("blue", "blau").replace("green", "grün")
    german = german.replace("purple", "lila").replace("yellow", "gelb")
    for text in (f"take {first}", str(first), f"nimm {german}", f"nehmen {german}", german):
        assert C.parse_action(s, text) == Take(first)
    err = parse_error(s, "take blue 13" if Card(13, "blue") not in s.display else "take red 13")
    assert err.rule == "KA-10" and "is not in the open display" in str(err)


def test_discard_down_to_the_limit() -> None:
    s = _phase(Phase.DISCARD)
    c = s.hands[s.player][0]
    for text in (f"discard {c}", str(c), f"abwerfen {c}", f"lege ab {c}", f"wirf ab {c}",
                 f"ablegen {c}"):
        assert C.parse_action(s, text) == Discard(c)
    err = parse_error(s, "draw")
    assert err.rule == "KA-09"


def test_stop_after_an_exchange() -> None:
    s = position([hand("red 1", "red 2", "red 3"), hand("blue 13")],
                 [tokens({TOAK: 1}), tokens()])  # may exchange 2 cards
    s = C.apply(s, Exchange(Card(1, "red")))
    assert s.phase is Phase.EXCHANGE
    for text in ("stop", "Stopp", "fertig", "Ende", "done", "genug"):
        assert C.parse_action(s, text) == Stop()
    assert C.parse_action(s, "red 2") == Exchange(Card(2, "red"))
    assert C.parse_action(s, "rot 3") == Exchange(Card(3, "red"))


@rule("KA-57")
def test_the_simpler_turn_begins_with_a_draw() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13")], rules=Rules(simpler=True))
    err = parse_error(s, "exchange red 1")
    assert err.rule == "KA-57"
    assert C.parse_action(s, "ziehen") == Draw()


@rule("KA-49")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place two_pairs reserve 1", Place(TP, 1)),
        ("place two_pairs reserve 1 levels 2", Place(TP, 1, 2)),
        ("place two pairs from reserve 1", Place(TP, 1)),
        ("two pairs reserve 1", Place(TP, 1)),
        ("Zwei Paare aus der Reserve 2 Spalten 2", Place(TP, 2, 2)),
        ("zwei paare 3 aus der reserve 2 spalten", Place(TP, 3, 2)),
        ("two pairs 1 from reserve 2 columns", Place(TP, 1, 2)),
        ("platziere Straße Reserve 0", Place(ST, 0)),
        ("straight 1 from reserve", Place(ST, 1)),
        ("setze reihe farbe reserve 1", Place(COL, 1)),
        ("place full house reserve 0", Place(FH, 0)),
    ],
)
def test_placing_a_kniffel(text: str, expected: Place) -> None:
    assert C.parse_action(placing(), text) == expected


def test_a_placement_asks_what_was_left_open() -> None:
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(placing(), "reserve 1")
    assert [a.row for a in info.value.candidates] == list(Row)  # type: ignore[attr-defined]
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(placing(), "place straight")
    assert info.value.candidates == (Place(ST, 0), Place(ST, 1))


@rule("KA-25")
def test_a_placement_that_breaks_a_rule_says_which() -> None:
    err = parse_error(placing(), "Zwei Paare Reserve 0 Spalten 2")
    assert err.rule == "KA-49"
    assert "4 tokens would come from the active area; you have 3 there" in str(err)
    err = parse_error(placing(), "place straight reserve 0 levels 2")
    assert err.rule == "KA-25"
    err = parse_error(placing(), "place straight reserve 0 levels 3")
    assert err.rule == "" and "not understood" in str(err)


def test_a_four_of_a_kind_needs_no_row() -> None:
    mine = hand("blue 7", "red 7", "green 7", "yellow 7")
    s = position([mine, hand("blue 13")], check=False)
    for step in steps(Play(Combination.FOUR_OF_A_KIND, mine)):
        s = C.apply(s, step)
    assert s.phase is Phase.PLACE
    assert C.parse_action(s, "reserve 2") == Place(TP, 2)
    assert C.parse_action(s, "1 aus der Reserve") == Place(TP, 1)
    with pytest.raises(AmbiguousActionError):
        C.parse_action(s, "place")
    err = parse_error(s, "place straight reserve 0")
    assert err.rule == "KA-14"
    err = parse_error(s, "reserve 9")
    assert err.rule == "KA-49"


@rule("KA-45")
@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("token straight", ST),
        ("Stein Straße", ST),
        ("Straße", ST),
        ("place straight", ST),
        ("setze strasse", ST),
        ("fh", FH),
        ("full house", FH),
        ("token full_house", FH),
        ("reihe farbe", COL),
        ("colour", COL),
        ("setup 3k", TOAK),
        ("Dreierpasch", TOAK),
    ],
)
def test_setup_tokens(text: str, row: Row) -> None:
    assert C.parse_action(C.new_game(2, first_player=0), text) == PlaceToken(row)


def test_no_setup_token_in_two_pairs() -> None:
    err = parse_error(C.new_game(2, first_player=0), "Zwei Paare")
    assert err.rule == "KA-45"
    assert "tokens go on 1-space levels only" in str(err)


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("start 0", 0), ("start 1", 1), ("1", 1), ("startspieler 0", 0),
        ("Ann", 0), ("ben", 1), ("start Ben", 1), ("Ben beginnt", 1), ("Ann starts", 0),
    ],
)
def test_the_start_player(text: str, seat: int) -> None:
    assert C.parse_action(C.new_game(["Ann", "Ben"]), text) == StartPlayer(seat)


def test_the_start_player_by_default_name() -> None:
    s = C.new_game(3)
    assert C.parse_action(s, "Player 1") == StartPlayer(0)
    assert C.parse_action(s, "start player 3") == StartPlayer(2)
    err = parse_error(s, "start 3")
    assert err.rule == "PR-04" and "expected a seat from 0 to 2" in str(err)


def test_a_number_is_a_seat_even_where_a_name_is_a_number() -> None:
    s = C.new_game(["1", "0"])
    assert C.parse_action(s, "start 1") == StartPlayer(1)
    assert C.parse_action(s, "1") == StartPlayer(1)


@pytest.mark.parametrize("text", ["card red 7", "Karte rot 7", "red 7", "rot7", "draw red 7"])
def test_a_card_dealt(text: str) -> None:
    s = _phase(Phase.DEAL)
    assert C.parse_action(s, text) == Card(7, "red")


def test_a_card_by_value_alone_asks_which() -> None:
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(_phase(Phase.DEAL), "7")
    assert info.value.candidates == tuple(c for c in CARDS if c.value == 7)


def test_a_card_not_in_the_pile() -> None:
    s = _phase(Phase.DRAW)
    gone = next(c for c in CARDS if c not in s.pile)
    err = parse_error(s, f"card {gone}")
    assert err.rule == "PR-04" and "is not in the draw pile" in str(err)
    err = parse_error(s, "draw")
    assert err.rule == "PR-03"


def test_after_the_end_nothing_is_legal() -> None:
    s = play_until(C.new_game(2, rules=Rules(max_rounds=1), first_player=0),
                   lambda x: False, random.Random(0))
    assert C.is_terminal(s)
    err = parse_error(s, "draw")
    assert err.rule == "PR-05" and err.legal == ()


def test_an_observation_reads_its_own_player() -> None:
    s = straight_hand()
    assert C.parse_action(C.observation(s, 0), "play straight") == Begin(Combination.STRAIGHT)
    err = parse_error(C.observation(s, 1), "draw")
    assert err.rule == "PR-08" and err.legal == ()


def test_the_documented_forms() -> None:
    s = C.new_game(2, first_player=0)
    for text in ("Stein Farbe", "setze Farbe", "place colour", "setup colour", "Farbe",
                 "reihe farbe", "color", "flush"):
        assert C.parse_action(s, text) == PlaceToken(COL), text
    assert C.parse_action(s, "Drilling") == PlaceToken(TOAK)
    assert C.parse_action(s, "str") == PlaceToken(ST)
    mine = hand("blue 2", "red 2", "blue 7", "green 7", "red 7",
                "purple 5", "purple 6", "purple 8", "purple 9", "purple 10")
    s = position([mine, hand("blue 13")], check=False)
    full_house = Play(Combination.FULL_HOUSE, hand("blue 2", "red 2", "blue 7", "green 7", "red 7"))
    for text in ("play fh red 7 blue 7 7 2 2", "Full House 7 7 7 2 2", "play 7 7 7 2 2",
                 "play full_house blue 2 red 2 blue 7 green 7 red 7"):
        refused_whole(s, text, full_house)
    colour = Play(Combination.COLOUR, tuple(c for c in mine if c.colour is Colour.PURPLE))
    for text in ("play colour lila 5 lila 6 lila 8 lila 9 lila 10",
                 "Farbe violett 5 violet 6 purple 8 lila 9 lila 10"):
        refused_whole(s, text, colour)
    for text in ("flush", "color", "begin colour", "ansagen Farbe"):
        assert C.parse_action(s, text) == Begin(Combination.COLOUR), text
    for text in ("zwei Paare", "beginne 2 Paare"):
        assert C.parse_action(s, text) == Begin(Combination.TWO_PAIRS), text
    for text in ("swap red 7", "c red 7", "tausche rot7", "exchange the red 7"):
        assert C.parse_action(s, text) == Exchange(Card(7, "red")), text
    s = C.apply(s, Begin(Combination.TWO_PAIRS))
    for text in ("2", "pick red 2", "auslegen blau 7"):
        s = C.apply(s, C.parse_action(s, text))
    with pytest.raises(AmbiguousActionError) as info:
        C.parse_action(s, "7")
    assert len(info.value.candidates) == 2  # green or red 7 after blue 7


def test_the_notation_table_matches_the_code() -> None:
    """Each row of the "Notation" table: its JSON object reads back to its canonical line."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "cards.md").read_text("utf-8")
    section = page.split("## Notation", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| `")]
    checked = 0
    for cells in rows:
        if len(cells) != 4 or "..." in cells[2] or not cells[2].startswith("`{"):
            continue
        text, data = cells[1].strip("`"), json.loads(cells[2].strip("`"))
        action = C.action_from_dict(data)
        assert C.action_to_text(action) == text
        assert C.action_to_dict(action) == data
        checked += 1
    assert checked >= 10


# --- parse_action: hostile text -----------------------------------------------------------


def _outcome(state: State, text: str) -> str | None:
    """The message of the refusal of ``text``, or ``None`` once its action is checked legal."""
    try:
        action = C.parse_action(state, text)
    except ActionParseError as exc:
        if not isinstance(exc, ValueError):
            raise
        return str(exc)
    assert C.is_legal(state, action)
    return None


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "\x00", "\x1b[31mdraw", "🃏" * 10, "x" * 10_000, "7 " * 249, "red " * 200,
        "play straight " + "7 " * 240, "place reserve " + "9" * 400, "start " + "9" * 300,
        "reserve 1 reserve 2", "take", "take red", "take red 7 blue 8", "red 14", "red 0",
        "play kniffel 7 7 7 7 7 7", "levels 2 levels 1", "\u0663", "²",
    ],
)
def test_hostile_text_is_refused_or_legal(text: str) -> None:
    for state in (straight_hand(), placing(), C.new_game(2), _phase(Phase.DEAL)):
        before = C.to_json(state)
        message = _outcome(state, text)
        assert message is None or 0 < len(message) < 2_000
        assert C.to_json(state) == before


@pytest.mark.parametrize("junk", [None, 3, b"draw", ["draw"], object()])
def test_parse_action_refuses_what_is_not_text(junk: Any) -> None:
    with pytest.raises(ActionParseError, match="expected the text of an action"):
        C.parse_action(straight_hand(), junk)


@pytest.mark.parametrize("junk", [None, "state", object()])
def test_parse_action_refuses_what_is_not_a_state(junk: Any) -> None:
    with pytest.raises(InvalidStateError):
        C.parse_action(junk, "draw")


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet="abcdefghilmnoprstuvwyz 0123456789ÄÖÜäöüß.,-", max_size=40))
def test_random_words_never_break_the_reader(text: str) -> None:
    for state in (straight_hand(), placing()):
        _outcome(state, text)


# --- the round trip at every node of random games ---------------------------------------


def nodes(start: State, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    state = start
    while not C.is_terminal(state):
        yield state
        if C.current_player(state) == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
        else:
            actions = C.legal_actions(state)
            state = C.apply(state, actions[rng.randrange(len(actions))])


def check_round_trips(state: State, actions: tuple[Any, ...]) -> None:
    texts = [C.action_to_text(a) for a in actions]
    assert len(set(texts)) == len(texts), "two legal actions share a text"
    for action, text in zip(actions, texts, strict=True):
        data = C.action_to_dict(action)
        assert C.action_from_dict(json.loads(json.dumps(data))) == action
        assert text == text.strip() and "\n" not in text and text == text.lower()
        assert C.parse_action(state, text) == action, text


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_legal_action_round_trips(case: conformance_cases.Case) -> None:
    for seed in range(2):
        for state in nodes(case.start(), seed):
            actions = C.legal_actions(state)
            check_round_trips(state, actions)
            seat = C.current_player(state)
            if seat >= 0:
                assert C.legal_actions(C.observation(state, seat)) == actions


@pytest.mark.parametrize("active", [1, 2, 3])
def test_every_placement_round_trips(active: int) -> None:
    for combo, mine in (
        (Combination.KNIFFEL, hand("blue 7", "red 7", "green 7", "yellow 7", "purple 7")),
        (Combination.FOUR_OF_A_KIND, hand("blue 7", "red 7", "green 7", "yellow 7")),
    ):
        for board in ({}, {TP: 6}, {ST: 2, FH: 4}):
            s = position([mine, hand("blue 13")], [tokens(board, active=active), tokens()],
                         check=False)
            for step in steps(Play(combo, mine)):
                s = C.apply(s, step)
            actions = C.legal_actions(s)
            assert actions and all(isinstance(a, Place) for a in actions)
            check_round_trips(s, actions)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), simpler=st.booleans(),
       trickier=st.booleans())
def test_random_games_round_trip(seed: int, players: int, simpler: bool, trickier: bool) -> None:
    rules = Rules(simpler=simpler, trickier=trickier, max_rounds=3)
    for state in nodes(C.new_game(players, rules=rules), seed):
        check_round_trips(state, C.legal_actions(state))


def test_the_card_helper_matches_the_text_form() -> None:
    assert card("red 7") == C.action_from_dict({"type": "card", "card": "red 7"})
