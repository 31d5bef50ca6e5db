"""Yatzy's paper sheet, document, wire, words and pictures."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kniffel_rules import ActionParseError, DiceRoll, record, svg, verify_sheet, yatzy
from kniffel_rules.bots import BoxSheetGreedy
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.yatzy import Box, Roll, Rules, Score

rule = pytest.mark.rule


def _sheet(game: dict[str, Any], **rules: bool) -> dict[str, Any]:
    return {"variant": "yatzy", "rules": rules, "players": [{"name": "Ann", "games": [game]}]}


def _findings(doc: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.field, f.rule) for f in verify_sheet(doc).findings]


@rule("YA-08", "YA-18")
def test_a_recorded_game_writes_a_sheet_that_verifies_with_and_without_rolls() -> None:
    rec = record("yatzy", [BoxSheetGreedy(), BoxSheetGreedy()], seed=4)
    for rolls in (True, False):
        sheet = yatzy.write_sheet(rec, rolls=rolls)
        assert yatzy.verify_sheet(sheet).ok, yatzy.verify_sheet(sheet)
        assert verify_sheet(json.dumps(sheet)).ok
        game = sheet["players"][0]["games"][0]
        assert game["total"] == yatzy.scores(rec.final)[0]
        assert "turns" in game if rolls else "turns" not in game
    assert verify_sheet(json.loads(record_text(rec))).ok  # a record is replayed as a sheet


def record_text(rec: Any) -> str:
    from kniffel_rules import record_to_json

    return record_to_json(rec)


@rule("YA-07", "YA-09", "YA-10", "YA-15", "YA-19", "YA-20")
def test_boxes_hold_only_values_their_scoring_gives() -> None:
    assert _findings(_sheet({"fives": 15, "one_pair": 12, "two_pairs": 22})) == []
    assert _findings(_sheet({"fives": 13})) == [("fives", "YA-07")]
    assert _findings(_sheet({"one_pair": 7})) == [("one_pair", "YA-09")]
    assert _findings(_sheet({"two_pairs": 4})) == [("two_pairs", "YA-10")]  # 1-1 and 1-1?
    assert _findings(_sheet({"two_pairs": 24})) == [("two_pairs", "YA-10")]  # 6-6-6-6 only
    assert _findings(_sheet({"two_pairs": 24}, four_of_a_kind_counts_as_two_pairs=True)) == []
    assert _findings(_sheet({"full_house": 5})) == [("full_house", "YA-15")]  # 1-1-1-1-1
    assert _findings(_sheet({"full_house": 5}, yatzy_counts_as_full_house=True)) == []


@rule("YA-08", "YA-18")
def test_the_bonus_and_the_totals_are_checked() -> None:
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    assert _findings(_sheet({**upper, "upper_sum": 63, "upper_bonus": 50, "total": 113})) == []
    assert _findings(_sheet({**upper, "upper_bonus": 35})) == [("upper_bonus", "YA-08")]
    assert _findings(_sheet({**upper, "total": 63})) == [("total", "YA-18")]


@rule("YA-04", "YA-06")
def test_recorded_rolls_are_replayed_against_the_boxes() -> None:
    turn = {"box": "one_pair", "rolls": [{"dice": [1, 2, 3, 3, 6]},
                                         {"keep": [3, 3], "dice": [3, 3, 5, 6, 6]}]}  # fmt: skip
    assert _findings(_sheet({"one_pair": 12, "turns": [turn]})) == []
    assert _findings(_sheet({"one_pair": 6, "turns": [turn]})) == [("one_pair", "YA-09")]
    cheat = {"box": "one_pair", "rolls": [{"dice": [1, 2, 3, 3, 6]},
                                          {"keep": [6, 6], "dice": [3, 3, 5, 6, 6]}]}  # fmt: skip
    assert ("turns[0]", "YA-04") in _findings(_sheet({"one_pair": 12, "turns": [cheat]}))


def test_malformed_sheets_name_the_field() -> None:
    with pytest.raises(InvalidStateError, match="kniffel"):
        verify_sheet(_sheet({"kniffel": 50}))
    with pytest.raises(InvalidStateError, match="extra_kniffel_bonus"):
        verify_sheet(_sheet({"extra_kniffel_bonus": 0}))
    with pytest.raises(InvalidStateError, match="rules"):
        verify_sheet(_sheet({}, croatian=True))


@rule("YA-21")
def test_a_forced_sheet_out_of_order_is_refused_by_the_replay() -> None:
    turn = {"box": "chance", "rolls": [{"dice": [1, 2, 3, 3, 6]}]}
    found = _findings(_sheet({"chance": 15, "turns": [turn]}, forced_order=True))
    assert ("chance", "YA-21") in found or ("turns[0]", "YA-21") in found, found


def test_the_document_round_trips_and_refuses_hostile_fields() -> None:
    state = yatzy.new_game(["Ann", "Ben"], rules=Rules(forced_order=True))
    assert yatzy.from_json(yatzy.to_json(state)) == state
    state = yatzy.apply(yatzy.new_game(["Ann", "Ben"], first_player=1), Roll())
    state = yatzy.apply(state, DiceRoll((2, 2, 4, 4, 4)))
    doc = yatzy.to_dict(state)
    assert yatzy.from_dict(doc) == state and doc["format"] == "kniffel-rules/yatzy-state"
    for path, change, where in (
        ("dice", [2, 2, 4, 4, 7], "dice[4]"),
        ("rolls", 4, "rolls"),
        ("player", 0, "players[1].sheet"),  # Ben started: Ann to move means Ben has played
        ("version", 2, "version"),
        ("phase", "bidding", "phase"),
        ("rules", {"forced_order": "yes"}, "rules.forced_order"),
        ("players", [{"name": "Ann", "sheet": {"one_pair": 7}}, doc["players"][1]],
         "players[0].sheet.one_pair"),
    ):  # fmt: skip
        bad: dict[str, Any] = json.loads(json.dumps(doc))
        bad[path] = change
        with pytest.raises(InvalidStateError) as info:
            yatzy.from_dict(bad)
        assert info.value.path == where, (path, info.value)
    with pytest.raises(InvalidStateError):
        yatzy.from_json(b"\xff")
    obs = yatzy.observation(state, 0)
    assert yatzy.observation_from_dict(yatzy.observation_to_dict(obs)) == obs


def test_the_wire_forms_are_classic_s() -> None:
    for action, form in (
        (Roll((3, 3)), {"type": "roll", "keep": [3, 3]}),
        (Score(Box.TWO_PAIRS), {"type": "score", "box": "two_pairs"}),
        (DiceRoll((1, 2, 3, 3, 6)), {"type": "dice", "values": [1, 2, 3, 3, 6]}),
    ):
        assert yatzy.action_to_dict(action) == form
        assert yatzy.action_from_dict(form) == action
    assert yatzy.action_to_text(Score(Box.ONE_PAIR)) == "score one_pair"
    bads: list[object] = [{"type": "score", "box": "kniffel"}, {"type": "score"}, {"type": "joker"}]
    for bad in [*bads, []]:
        with pytest.raises(InvalidStateError):
            yatzy.action_from_dict(bad)


@rule("YA-09", "YA-10")
def test_players_name_boxes_in_english_german_danish_and_swedish() -> None:
    state = yatzy.apply(yatzy.apply(yatzy.new_game(), Roll()), DiceRoll((2, 2, 3, 3, 3)))
    for text, box in (
        ("one pair", Box.ONE_PAIR), ("Ein Paar", Box.ONE_PAIR), ("par", Box.ONE_PAIR),
        ("two pairs", Box.TWO_PAIRS), ("Zwei Paare", Box.TWO_PAIRS), ("Två par", Box.TWO_PAIRS),
        ("Dreierpasch", Box.THREE_OF_A_KIND), ("tretal", Box.THREE_OF_A_KIND),
        ("Kåk", Box.FULL_HOUSE), ("hus", Box.FULL_HOUSE), ("streiche Yatzy", Box.YATZY),
        ("Große Straße", Box.LARGE_STRAIGHT), ("score chance", Box.CHANCE),
    ):  # fmt: skip
        assert yatzy.parse_action(state, text) == Score(box), text
    assert yatzy.parse_action(state, "behalte 3 3 3") == Roll((3, 3, 3))
    with pytest.raises(ActionParseError):
        yatzy.parse_action(state, "keep 6")
    with pytest.raises(ActionParseError):
        yatzy.parse_action(state, "kniffelbonus")


def test_the_pictures_in_both_languages() -> None:
    state = yatzy.apply(yatzy.apply(yatzy.new_game(["Ann", "Ben"], first_player=0), Roll()),
                        DiceRoll((2, 2, 3, 3, 3)))  # fmt: skip
    en, de = yatzy.render(state), yatzy.render(state, lang="de")
    assert "Two pairs" in en and "Bonus 50 at 63" in en and "Ann to move" in en
    assert "Zwei Paare" in de and "Bonus 50 ab 63" in de and "Ann ist am Zug" in de
    assert yatzy.render_action(Score(Box.ONE_PAIR), lang="de") == "Ein Paar eintragen"
    assert yatzy.render_action(Roll((3, 3))) == "keep 3 3, throw the rest"
    picture = svg.render(state, lang="de")
    assert picture.startswith("<svg") and "Zwei Paare" in picture
    assert yatzy.INFO.picture == "sheet"
