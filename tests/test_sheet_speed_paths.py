"""The fast paths of sheet reading give what the general readers give (issue 17).

Each fast path only accepts what is certainly well formed and hands anything
else to the reader that names the field; these tests feed both the same
documents, good and broken, and compare.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from kniffel_rules import VARIANTS, _json, classic, extreme, get_variant, record, verify_sheet
from kniffel_rules._boxsheetcheck import five_dice_turns, turn_reader
from kniffel_rules.bots import ClassicGreedy, RandomBot
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme import sheet as extreme_sheet
from kniffel_rules.extreme.pieces import BOXES


def _outcome(fn: Any, *args: Any) -> Any:
    try:
        return ("ok", fn(*args))
    except InvalidStateError as exc:
        return ("error", exc.path if hasattr(exc, "path") else None, str(exc))


TREES: list[Any] = [
    {"a": [1, 2, {"b": None, "c": True, "d": 1.5}], "e": "x"},
    {"a": "\ud800"},
    {"\ud800": 1},
    {1: 2},
    {"a": [1, {"b": [{}, {"c": "é"}]}]},
    {"a": ["é", "\udc00"]},
    ("a", ["b", "c"]),
    [],
    {},
    "\ud800",
    "plain",
    5,
]


def _nested(depth: int) -> Any:
    node: Any = 1
    for _ in range(depth):
        node = [node]
    return node


@pytest.mark.parametrize(
    "tree", [*TREES, _nested(31), _nested(32), _nested(33), {"k": _nested(31)}]
)
def test_check_tree_fast_path_matches_the_named_walk(tree: Any) -> None:
    def named(value: Any) -> None:
        _json._check_tree_paths(value, "")

    assert _outcome(_json.check_tree, tree) == _outcome(named, tree)


def test_a_cycle_is_still_refused() -> None:
    loop: dict[str, Any] = {}
    loop["self"] = loop
    with pytest.raises(InvalidStateError, match="nested deeper"):
        _json.check_tree(loop)


def _classic_turns() -> list[Any]:
    sheet = classic.write_sheet(record("classic", [ClassicGreedy()], seed=3))
    return list(sheet["players"][0]["games"][0]["turns"])


def _extreme_turns() -> list[Any]:
    sheet = extreme.write_sheet(record("extreme", [RandomBot()], seed=3))
    return list(sheet["players"][0]["games"][0]["turns"])


def _broken(turn: dict[str, Any], roll_keys: tuple[str, ...]) -> list[Any]:
    out: list[Any] = [turn, [turn], None, {**turn, "x": 1}, {"box": turn["box"]}]
    out += [{**turn, "box": b} for b in (1, "nope", None)]
    out += [{**turn, "rolls": r} for r in ([], None, "x", [1], [turn["rolls"][0]] * 11)]
    for key in roll_keys:
        for bad in (None, True, 7, 0, -1, 1.0, "3", [], [True], [1.0], [7], [0], [1, "2"],
                    [1, 2, 3, 4, 5, 6], [2, 1], [1, None], 3):  # fmt: skip
            t = copy.deepcopy(turn)
            t["rolls"][-1][key] = bad
            out.append(t)
        t = copy.deepcopy(turn)
        t["rolls"][-1].pop(key, None)
        out.append(t)
    t = copy.deepcopy(turn)
    t["rolls"][0]["extra"] = 1
    out.append(t)
    return out


def test_classic_turn_reader_fast_path_matches_the_named_reader() -> None:
    boxes = {b.key: b for b in classic.Box}
    fast, named = five_dice_turns(boxes), five_dice_turns(boxes, named_only=True)
    assert fast is not named
    for turn in _classic_turns():
        for value in _broken(turn, ("dice", "keep")):
            got = _outcome(fast, value, "players[0].games[0].turns[0]")
            slow = _outcome(named, value, "players[0].games[0].turns[0]")
            assert got == slow, value


def test_extreme_turn_reader_fast_path_matches_the_named_reader() -> None:
    fast = extreme_sheet._read_turn
    named = turn_reader(
        {b.key: b for b in BOXES},
        extreme_sheet._plain_throw,
        extreme_sheet._read_throw,
        extreme_sheet.Turn,
        named_only=True,
    )
    for turn in _extreme_turns():
        for value in _broken(turn, ("d6", "keep_d6", "d10", "keep_d10")):
            path = "players[0].games[0].turns[0]"
            got = _outcome(fast, value, path)
            slow = _outcome(named, value, path)
            assert got == slow, value


@pytest.mark.parametrize("variant", [v for v in VARIANTS if get_variant(v).INFO.score_sheet])
def test_game_values_fast_path_matches_the_general_reader(variant: str) -> None:
    module: Any = get_variant(variant)
    bot = ClassicGreedy() if variant == "classic" else RandomBot()
    base = module.write_sheet(record(variant, [bot, bot], seed=2), rolls=False)
    for bad in (True, 1.5, None, "3", 10**7, -(10**7), [1]):
        for key in ("chance", "total", "turns", "upper_bonus"):
            doc = copy.deepcopy(base)
            doc["players"][1]["games"][0][key] = bad
            got = _outcome(verify_sheet, doc)
            doc2 = copy.deepcopy(doc)
            # the same document with the fields in another order takes the general reader
            game = doc2["players"][1]["games"][0]
            doc2["players"][1]["games"][0] = {key: game.pop(key), **game}
            assert got[0] == "error", (key, bad)
            assert got == _outcome(verify_sheet, doc2)


@pytest.mark.parametrize("dice", [[[1], [2]], [[1, 2], [3]], [None, 1], ["1", 2], [1.0, 2], [True]])
def test_dice_that_are_not_plain_ints_leave_the_fast_path(dice: Any) -> None:
    from kniffel_rules._boxsheetcheck import plain_faces

    assert plain_faces(dice) is None
