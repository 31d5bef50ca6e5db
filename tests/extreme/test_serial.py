"""The Extreme state document: stable fields, validated input, named paths."""

from __future__ import annotations

import json
from typing import Any

import pytest

from extreme.helpers import position
from kniffel_rules import InvalidStateError, play, random_policy
from kniffel_rules.extreme import Box, Phase, Roll, Rules, apply, from_json, new_game, to_json


def doc_of(state: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def test_document_shape() -> None:
    s = position({Box.HIGHWAY: 50}, d6=(1, 2, 3, 4, 5), d10=9, chips=2)
    d = doc_of(s)
    assert d["format"] == "kniffel-rules/extreme-state" and d["version"] == 1
    assert d["players"] == [{"name": "Solo", "sheet": {"highway": 50}, "chips": 2}]
    assert (d["d6"], d["d10"], d["rolls"], d["phase"]) == ([1, 2, 3, 4, 5], 9, 1, "decide")


def test_round_trips() -> None:
    final = play("extreme", [random_policy] * 2, seed=5)
    assert from_json(to_json(final)) == final
    s = apply(position(d6=(1, 2, 3, 4, 5), d10=9), Roll(keep_d6=(1,), keep_d10=True))
    assert s.phase is Phase.THROW and from_json(to_json(s)) == s


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ["players", 0, "sheet", "fives"],
            35,
            r"players\[0\]\.sheet\.fives: 35 is not a value a throw scores",
        ),
        (["players", 0, "sheet", "kniffel"], 75, "not a value a throw scores in Kniffel"),
        (["players", 0, "sheet", "maximum"], 7, "unknown field 'maximum'"),
        (["players", 0, "chips"], 4, r"players\[0\]\.chips: 4 is above"),
        (["d10"], 10, "d10: 10 is above"),
        (["d6"], [1, 2, 3, 4, 7], r"d6\[4\]: 7 is above"),
        (["d6"], [1, 2, 3], "five six-sided dice"),
        (["rolls"], 5, "rolls: 5 is above"),
        (["rolls"], 4, "fourth roll needs a chip"),
        (["rules", "chips"], 2, "chips: 3 is above"),
    ],
)
def test_bad_fields_are_named(path: list[Any], value: Any, message: str) -> None:
    d = doc_of(position(d6=(1, 2, 3, 4, 5), d10=9, chips=3))
    node: Any = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InvalidStateError, match=message):
        from_json(json.dumps(d))


def test_turn_order_is_checked() -> None:
    d = doc_of(new_game(players=2, first_player=1, rules=Rules()))
    d["players"][0]["sheet"] = {"ones": 3}
    with pytest.raises(InvalidStateError, match="turn order"):
        from_json(json.dumps(d))
