"""The Duell state document: stable fields, validated input, named paths."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duel.helpers import B, R, position
from kniffel_rules import InvalidStateError, play, random_policy
from kniffel_rules.duel import Area, Rules, Spot, from_json, new_game, to_json


def doc_of(state: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def _sample() -> Any:
    return position(
        {Area.TWOS: B, Area.FULL_HOUSE: Spot.RED_SPACE, Area.KNIFFEL: R},
        dice=(1, 2, 3, 4, 6),
        jokers=(2, 0),
        rolls=2,
    )


def test_document_shape() -> None:
    d = doc_of(_sample())
    assert d["format"] == "kniffel-rules/duel-state" and d["version"] == 1
    assert d["players"] == [
        {"name": "Blue", "jokers": 2, "supply": 9},
        {"name": "Red", "jokers": 0, "supply": 11},
    ]
    assert list(d["board"]) == [a.key for a in Area]
    assert d["board"]["twos"] == "blue_hole" and d["board"]["full_house"] == "red_space"
    assert d["board"]["kniffel"] == "red_hole" and d["board"]["ones"] == "centre"
    assert d["phase"] == "decide" and d["dice"] == [1, 2, 3, 4, 6] and d["rolls"] == 2
    assert d["jokers_used"] == 0 and d["first_player"] == 0 and d["roll_off"] is None
    assert d["rules"] == {"adjacency": "linear", "match_wins": 1} == Rules().to_dict()
    assert d["results"] == []


def test_round_trips() -> None:
    for seed in range(3):
        final = play("duel", [random_policy] * 2, seed=seed, rules=Rules(match_wins=2))
        assert from_json(to_json(final)) == final
        assert from_json(to_json(final).encode()) == final
    s = new_game()
    assert from_json(to_json(s)) == s
    assert doc_of(s)["roll_off"] == {"contenders": [0, 1], "faces": []}


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
        (["players", 0, "jokers"], 3, r"players\[0\]\.supply: a colour has 11 joker tiles"),
        (["players", 0, "jokers"], -1, r"players\[0\]\.jokers: -1 is below"),
        (["players", 1, "supply"], 12, r"players\[1\]\.supply: 12 is above"),
        (["players", 1, "name"], "", r"players\[1\]\.name"),
        (["players", 1, "colour"], "red", r"players\[1\]: unknown field 'colour'"),
        (["players"], [{"name": "A", "jokers": 0, "supply": 11}], "expected 2 items"),
        (["board", "ones"], "blue", r"board\.ones: 'blue' is not one of"),
        (["board", "kniffel"], "red_space", r"board\.kniffel: the Kniffel area has no spaces"),
        (["board", "chance"], "centre", r"board: unknown field 'chance'"),
        (["board", "twos"], 2, r"board\.twos: expected a string"),
        (["dice"], [1, 2, 3, 4, 7], r"dice\[4\]: 7 is above"),
        (["dice"], [6, 4, 3, 2, 1], "sorted"),
        (["dice"], [1, 2, 3], "five dice"),
        (["rolls"], 4, "rolls: 4 is above"),
        (["rolls"], 0, "five dice after a throw, none before the first"),
        (["jokers_used"], 10, r"jokers_used: the jokers spent this turn are back"),
        (["jokers_used"], 12, r"jokers_used: 12 is above"),
        (["phase"], "bidding", "phase: 'bidding' is not one of"),
        (["phase"], "over", "results: a finished match ends when a player has won 1 game$"),
        (["phase"], "throw", "kept dice must leave something to throw"),
        (["player"], 2, r"player: 2 is above"),
        (["first_player"], None, "first_player: must be a seat"),
        (["rules", "adjacency"], "diagonal", r"rules\.adjacency"),
        (["rules", "match_wins"], 0, r"rules\.match_wins"),
        (["rules", "colour"], "red", "unknown rule option 'colour'"),
        (["version"], 2, "version"),
        (["format"], "kniffel-rules/classic-state", "format"),
        (["roll_off"], {"contenders": [0, 1], "faces": []}, "roll_off: must be null"),
        (["results"], [0], "results: 1 game won: the match would be over$"),
        (["results"], [0, 1], r"results: at most 1 items"),
        (["results"], [2], r"results\[0\]: 2 is above"),
    ],
)
def test_bad_fields_are_named(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        from_json(_corrupt(_sample(), path, value))


def test_a_match_of_two_wins_counts_its_games_in_the_plural() -> None:
    d = doc_of(new_game(rules=Rules(match_wins=2), first_player=0))
    d["results"] = [0, 0]
    with pytest.raises(InvalidStateError, match=r"results: 2 games won: the match would be over$"):
        from_json(json.dumps(d))
    d["results"], d["phase"] = [0], "over"
    refusal = r"results: a finished match ends when a player has won 2 games$"
    with pytest.raises(InvalidStateError, match=refusal):
        from_json(json.dumps(d))


def test_a_won_board_cannot_be_a_running_game() -> None:
    d = doc_of(_sample())
    d["board"] |= {"ones": "blue_hole", "threes": "blue_hole"}  # Ones, Twos, Threes
    with pytest.raises(InvalidStateError, match="board: a player has won"):
        from_json(json.dumps(d))
    d["board"] |= {"threes": "blue_space", "fours": "blue_hole", "sixes": "blue_hole"}
    d["board"]["full_house"] = "blue_hole"  # five secured
    with pytest.raises(InvalidStateError, match="board: a player has won"):
        from_json(json.dumps(d))


def test_a_finished_game_is_won_by_the_last_winner_only() -> None:
    final = play("duel", [random_policy] * 2, seed=4)
    d = doc_of(final)
    assert d["phase"] == "over" and d["results"] in ([0], [1])
    from_json(json.dumps(d))
    d["results"] = [1 - d["results"][0]]
    with pytest.raises(InvalidStateError, match="board: only the last game's winner has"):
        from_json(json.dumps(d))


def test_a_rolloff_happens_before_anything_else_of_a_game() -> None:
    d = doc_of(new_game())
    d["board"]["ones"] = "blue_space"
    with pytest.raises(InvalidStateError, match="phase: a roll-off happens before anything"):
        from_json(json.dumps(d))
    d = doc_of(new_game())
    d["players"][0] |= {"jokers": 1, "supply": 10}
    with pytest.raises(InvalidStateError, match="phase: a roll-off"):
        from_json(json.dumps(d))
    d = doc_of(new_game())
    d["roll_off"] = {"contenders": [0], "faces": []}
    with pytest.raises(InvalidStateError, match=r"roll_off\.contenders"):
        from_json(json.dumps(d))
    d = doc_of(new_game())
    d["roll_off"] = {"contenders": [0, 1], "faces": [3, 4]}
    with pytest.raises(InvalidStateError, match=r"roll_off\.faces"):
        from_json(json.dumps(d))


def test_jokers_are_spent_only_after_a_roll() -> None:
    d = doc_of(position(jokers=(2, 1)))
    d["jokers_used"] = 1
    with pytest.raises(InvalidStateError, match="jokers_used: jokers are spent only after"):
        from_json(json.dumps(d))
