"""The classic state document: stable fields, validated input, named paths."""

from __future__ import annotations

import json
from typing import Any

import pytest

from classic.helpers import position
from kniffel_rules import InvalidStateError, play, random_policy
from kniffel_rules.classic import Box, Rules, from_json, new_game, to_json


def doc_of(state: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def test_document_shape() -> None:
    s = position({Box.TWOS: 6}, dice=(1, 2, 3, 4, 5))
    d = doc_of(s)
    assert d["format"] == "kniffel-rules/classic-state" and d["version"] == 1
    assert d["players"] == [{"name": "Solo", "sheet": {"twos": 6}, "extra_kniffel_bonus": 0}]
    assert d["phase"] == "decide" and d["dice"] == [1, 2, 3, 4, 5] and d["rolls"] == 1
    assert d["rules"] == Rules().to_dict()


def test_round_trip_of_a_finished_series() -> None:
    final = play("classic", [random_policy] * 3, seed=11, rules=Rules(games=3, ranking="placement"))
    assert from_json(to_json(final)) == final
    assert from_json(to_json(final).encode()) == final


def _corrupt(state: Any, path: list[Any], value: Any) -> str:
    d = doc_of(state)
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(d)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["players", 0, "sheet", "twos"], 7, r"players\[0\]\.sheet\.twos: 7 is not a value Twos"),
        (["players", 0, "sheet", "maximum"], 7, r"players\[0\]\.sheet: unknown field 'maximum'"),
        (["players", 0, "sheet", "twos"], 6.0, "expected an integer"),
        (["players", 0, "extra_kniffel_bonus"], 50, "Kniffel box filled first"),
        (["dice"], [1, 2, 3, 4, 7], r"dice\[4\]: 7 is above"),
        (["dice"], [5, 4, 3, 2, 1], "sorted"),
        (["dice"], [1, 2, 3], "five dice"),
        (["rolls"], 4, "rolls: 4 is above"),
        (["phase"], "bidding", "phase: 'bidding' is not one of"),
        (["player"], 1, r"player: 1 is above"),
        (["rules", "joker"], "wild", r"rules\.joker"),
        (["rules", "colour"], "red", "unknown rule option 'colour'"),
        (["version"], 2, "version"),
        (["format"], "kniffel-rules/extreme-state", "format"),
        (["players"], [], "at least 1 player"),
        (["roll_off"], {"contenders": [0], "faces": []}, "roll_off"),
        (["results"], [[100]], "results"),
    ],
)
def test_bad_fields_are_named(path: list[Any], value: Any, message: str) -> None:
    s = position({Box.TWOS: 6}, dice=(1, 2, 3, 4, 5))
    with pytest.raises(InvalidStateError, match=message):
        from_json(_corrupt(s, path, value))


def test_a_series_past_its_last_game_is_refused_in_words() -> None:
    for games in (1, 3):
        d = doc_of(new_game(players=1, rules=Rules(games=games)))
        d["game"], d["results"] = games, [[5]] * games
        counted = "1 game" if games == 1 else f"{games} games"
        with pytest.raises(InvalidStateError, match=f"the series has {counted}; it would be over$"):
            from_json(json.dumps(d))


def test_turn_order_is_checked() -> None:
    s = new_game(players=2, first_player=0)
    d = doc_of(s)
    d["players"][1]["sheet"] = {"ones": 3}  # seat 1 cannot be ahead of seat 0
    refusal = r"players\[1\]\.sheet: the turn order allows 0 filled boxes here, not 1"
    with pytest.raises(InvalidStateError, match=refusal):
        from_json(json.dumps(d))


def test_croatian_sheets_reject_lower_boxes() -> None:
    s = new_game(rules=Rules(croatian=True))
    d = doc_of(s)
    d["players"][0]["sheet"] = {"chance": 20}
    with pytest.raises(InvalidStateError, match="unknown field 'chance'"):
        from_json(json.dumps(d))
