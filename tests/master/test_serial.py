"""The Kniffel Master state document: stable fields, validated input, named paths."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kniffel_rules import InvalidStateError, play, random_policy
from kniffel_rules.master import (
    NumberRows,
    Phase,
    Rules,
    Sheet,
    State,
    Task,
    from_json,
    new_game,
    to_json,
)
from kniffel_rules.master.engine import outcome
from kniffel_rules.master.serial import MAX_TURN_STARS
from master.helpers import board, position


def doc_of(state: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def _corrupt(state: Any, path: list[Any], value: Any) -> str:
    d = doc_of(state)
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(d)


SAMPLE = board(tasks=[Task.FULL_HOUSE, Task.CHANCE_LOW], rows={2: 3, 3: 8, 5: 5}, laps=1, coins=4)


def test_document_shape() -> None:
    s = position([SAMPLE, Sheet()], (1, 2, 3, 4, 5))
    d = doc_of(s)
    assert d["format"] == "kniffel-rules/master-state" and d["version"] == 1
    assert d["rules"] == {"target_stars": 15, "race": True} == Rules().to_dict()
    assert d["players"][0] == {
        "name": "P1",
        "tasks": ["full_house", "chance_low"],
        "rows": [0, 3, 8, 0, 5, 0],
        "coin_laps": 1,
        "coin_position": 4,
    }
    assert d["phase"] == "decide" and d["dice"] == [1, 2, 3, 4, 5] and d["rolls"] == 1
    assert d["player"] == 0 and d["first_player"] == 0 and d["roll_off"] is None
    assert from_json(to_json(s)) == s


def test_round_trip_of_finished_games() -> None:
    for n in (1, 2, 4):
        final = play("master", [random_policy] * n, seed=n, rules=Rules(target_stars=6))
        assert final.phase is Phase.OVER
        assert from_json(to_json(final)) == final
        assert from_json(to_json(final).encode()) == final


def test_round_trip_during_the_rolloff() -> None:
    s = new_game(players=3)
    assert from_json(to_json(s)) == s


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ["players", 0, "tasks", 0],
            "yahtzee",
            r"players\[0\]\.tasks\[0\]: 'yahtzee' is not a task",
        ),
        (["players", 0, "tasks"], ["full_house", "full_house"], "only once"),
        (["players", 0, "rows"], [0, 3, 8, 0, 5], r"players\[0\]\.rows: expected 6 items"),
        (["players", 0, "rows", 0], 1, r"players\[0\]\.rows\[0\]: a number row is started"),
        (["players", 0, "rows", 0], 9, r"rows\[0\]: 9 is above the maximum 8"),
        (["players", 0, "rows"], [2, 3, 8, 2, 5, 0], r"players\[0\]\.rows: 4 rows in progress"),
        (["players", 0, "coin_position"], 7, r"coin_position: 7 is above the maximum 6"),
        (["players", 0, "coin_laps"], -1, "coin_laps: -1 is below"),
        (["players", 0, "coin_laps"], 30, r"coin_laps: 30 is above"),
        (["players", 0, "name"], "", "non-empty"),
        (["players", 0, "colour"], "red", "unknown field 'colour'"),
        (["dice"], [1, 2, 3, 4, 7], r"dice\[4\]: 7 is above"),
        (["dice"], [5, 4, 3, 2, 1], "sorted"),
        (["dice"], [1, 2, 3], "five dice"),
        (["rolls"], 4, "rolls: 4 is above"),
        (["rolls"], 0, "five dice after a throw"),
        (["phase"], "bidding", "phase: 'bidding' is not one of"),
        (["phase"], "roll_off", "roll_off"),
        (["phase"], "over", "no dice"),
        (["player"], 2, "player: 2 is above"),
        (["first_player"], None, "first_player"),
        (["rules", "race"], "yes", r"rules\.race"),
        (["rules", "target_stars"], 0, r"rules\.target_stars"),
        (["rules", "joker"], "free", "unknown rule option 'joker'"),
        (["version"], 2, "version"),
        (["format"], "kniffel-rules/classic-state", "format"),
        (["players"], [], "at least 1 player"),
        (["roll_off"], {"contenders": [0, 1], "faces": []}, "roll_off: must be null"),
    ],
)
def test_bad_fields_are_named(path: list[Any], value: Any, message: str) -> None:
    s = position([SAMPLE, Sheet()], (1, 2, 3, 4, 5))
    with pytest.raises(InvalidStateError, match=message):
        from_json(_corrupt(s, path, value))


def _near(stars_from_laps: int) -> Sheet:
    return board(tasks=[Task.KNIFFEL], laps=stars_from_laps)


def test_stars_must_fit_the_end_of_the_game() -> None:
    fifteen = _near(12)
    assert fifteen.stars == 15
    # seat 1 has 15 stars, and seat 0 (the start player) is to move: the game would be over
    s = State(Rules(), ("A", "B"), (Sheet(), fifteen), Phase.DECIDE, player=0, first_player=0)
    with pytest.raises(InvalidStateError, match=r"players\[1\]: 15 stars before their turn"):
        from_json(to_json(s))
    # ... but it is fine when seat 1 has already played in this round
    ok = State(Rules(), ("A", "B", "C"), (Sheet(), fifteen, Sheet()), Phase.DECIDE, player=2)
    assert from_json(to_json(ok)) == ok
    # more stars than one turn can bring past the target
    far = State(Rules(), ("A", "B", "C"), (Sheet(), _near(19), Sheet()), Phase.DECIDE, player=2)
    with pytest.raises(InvalidStateError, match=r"players\[1\]: 22 stars"):
        from_json(to_json(far))


def test_a_finished_game_needs_the_target() -> None:
    over = State(Rules(), ("A",), (_near(5),), Phase.OVER, player=0, first_player=0)
    with pytest.raises(InvalidStateError, match="only once someone has 15 stars"):
        from_json(to_json(over))
    done = State(Rules(), ("A",), (_near(12),), Phase.OVER, player=0, first_player=0)
    assert from_json(to_json(done)) == done


def test_a_rolloff_happens_before_anything_else() -> None:
    s = new_game(players=2)
    d = doc_of(s)
    d["players"][1]["coin_position"] = 1
    with pytest.raises(InvalidStateError, match="before anything else"):
        from_json(json.dumps(d))


def test_one_turn_can_bring_exactly_max_turn_stars() -> None:
    # rows 4, 5, 6 completed; rows 2 and 3 two short of the end; the coin marker one
    # space before the end of a 5-space lap. Completing rows 2 and 3 (the 4th and 5th
    # rows: 2 stars + 2 bonus stars) with 1 + 0 overhang and 2 x 2 race coins moves
    # the coin marker 5 spaces: two laps, two more stars.
    s = position(board(rows={2: 6, 3: 6, 4: 8, 5: 8, 6: 8}, laps=3, coins=4), (2, 2, 2, 3, 3))
    result = outcome(s, NumberRows([(2, 3), (3, 2)]))
    assert result.stars == MAX_TURN_STARS == 6
