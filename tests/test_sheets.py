"""Score-sheet verification for classic and Extreme: properties and hand-written cases."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from kniffel_rules import InvalidStateError, Policy, classic, extreme, record, verify_sheet
from kniffel_rules._sheetcheck import DERIVED
from kniffel_rules.bots import ClassicGreedy, RandomBot
from kniffel_rules.sheets import SHEET_VARIANTS, schema

CLASSIC_RULES = [
    classic.Rules(),
    classic.Rules(joker="forced", extra_kniffel_bonus=100),
    classic.Rules(joker="free"),
    classic.Rules(joker="none", extra_bonus_requires_fifty=False),
    classic.Rules(croatian=True),
    classic.Rules(games=2, ranking="placement"),
    classic.Rules(full_cup=True, games=2),
]


def _greedy_with_kniffels(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """A greedy player that chases five of a kind, so extra Kniffels and jokers happen."""
    if state.rolls and any(isinstance(a, classic.Roll) for a in actions):
        face = max(set(state.dice), key=lambda f: (state.dice.count(f), f))
        keep = classic.Roll(tuple(d for d in state.dice if d == face))
        if keep in actions and rng.random() < 0.9:
            return keep
    return ClassicGreedy()(state, actions, rng)


@st.composite
def classic_games(draw: st.DrawFn) -> tuple[dict[str, Any], bool]:
    rules = draw(st.sampled_from(CLASSIC_RULES))
    players = draw(st.integers(1, 3))
    choices: list[Policy] = [_greedy_with_kniffels, RandomBot(), ClassicGreedy()]
    policy = draw(st.sampled_from(choices))
    seed = draw(st.integers(0, 2**32))
    rec = record("classic", [policy] * players, seed=seed, rules=rules)
    rolls = draw(st.booleans())
    return classic.write_sheet(rec, rolls=rolls, derived=draw(st.booleans())), rolls


@st.composite
def extreme_games(draw: st.DrawFn) -> tuple[dict[str, Any], bool]:
    seed = draw(st.integers(0, 2**32))
    rules = extreme.Rules(chips=draw(st.integers(0, 3)))
    rec = record("extreme", [RandomBot()] * draw(st.integers(1, 2)), seed=seed, rules=rules)
    rolls = draw(st.booleans())
    return extreme.write_sheet(rec, rolls=rolls, derived=draw(st.booleans())), rolls


GAMES = st.one_of(classic_games(), extreme_games())


def _fields(doc: dict[str, Any], predicate: Callable[[str], bool]) -> list[tuple[int, int, str]]:
    return [
        (p, g, key)
        for p, player in enumerate(doc["players"])
        for g, game in enumerate(player["games"])
        for key in game
        if predicate(key)
    ]


def _spec(doc: dict[str, Any]) -> Any:
    module: Any = kniffel_rules.get_variant(doc["variant"])
    return module.sheet.spec(module.Rules.from_dict(doc.get("rules", {})))


@settings(max_examples=40)
@given(GAMES)
def test_sheets_of_legal_games_verify_clean(sheet: tuple[dict[str, Any], bool]) -> None:
    doc, _ = sheet
    report = verify_sheet(json.dumps(doc))
    assert report.ok, str(report)
    jsonschema.validate(doc, schema(doc["variant"]))


@settings(max_examples=60)
@given(GAMES, st.data())
def test_a_corrupted_entry_is_found_exactly(sheet: tuple[dict[str, Any], bool],
                                            data: st.DataObject) -> None:  # fmt: skip
    doc, rolls = sheet
    for player in doc["players"]:  # derived fields absent: computed, not checked
        for game in player["games"]:
            for key in (*DERIVED, "placement_points"):
                game.pop(key, None)
        player.pop("series_total", None)
        player.pop("series_points", None)
    boxes = {b.key: b for b in _spec(doc).boxes}
    candidates = _fields(doc, lambda k: k in boxes)
    p, g, key = data.draw(st.sampled_from(candidates))
    old = doc["players"][p]["games"][g][key]
    if rolls:
        new = data.draw(st.integers(-5, 80).filter(lambda v: v != old))
    else:
        new = data.draw(st.integers(-5, 80).filter(lambda v: v not in boxes[key].possible))
    doc["players"][p]["games"][g][key] = new
    report = verify_sheet(doc)
    assert [(f.player, f.game, f.field) for f in report.findings] == [(p, g, key)], str(report)
    assert report.findings[0].found == new


@settings(max_examples=60)
@given(GAMES, st.data())
def test_a_corrupted_derived_field_is_found_exactly(sheet: tuple[dict[str, Any], bool],
                                                    data: st.DataObject) -> None:  # fmt: skip
    doc, _ = sheet
    derived = (*DERIVED, "placement_points")
    candidates = _fields(doc, lambda k: k in derived)
    if not candidates:
        return
    p, g, key = data.draw(st.sampled_from(candidates))
    game = doc["players"][p]["games"][g]
    game[key] += data.draw(st.sampled_from([-50, -1, 1, 7, 35]))
    report = verify_sheet(doc)
    assert [(f.player, f.game, f.field) for f in report.findings] == [(p, g, key)], str(report)


@settings(max_examples=30)
@given(classic_games(), st.data())
def test_a_corrupted_series_result_is_found(sheet: tuple[dict[str, Any], bool],
                                            data: st.DataObject) -> None:  # fmt: skip
    doc, _ = sheet
    players = [i for i, pl in enumerate(doc["players"]) if "series_total" in pl]
    if not players:
        return
    p = data.draw(st.sampled_from(players))
    key = data.draw(st.sampled_from(["series_total", "series_points"]))
    doc["players"][p][key] += data.draw(st.sampled_from([-3, 1, 40]))
    report = verify_sheet(doc)
    assert [(f.player, f.field) for f in report.findings] == [(p, key)], str(report)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=100)
@given(GAMES, st.data())
def test_arbitrary_damage_gives_findings_or_invalid_state_never_a_crash(
    sheet: tuple[dict[str, Any], bool], data: st.DataObject
) -> None:
    doc, _ = sheet
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, [*path, k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, [*path, i])

    walk(doc, [])
    path = data.draw(st.sampled_from(paths[1:]))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(JSON)
    snapshot = copy.deepcopy(doc)
    try:
        verify_sheet(doc)
    except InvalidStateError as exc:
        message = str(exc)
        assert message
    assert doc == snapshot, "verify_sheet changed its input"


# --- hand-written cases ---------------------------------------------------------


def sheet(*games: dict[str, Any], rules: dict[str, Any] | None = None,
          variant: str = "classic") -> dict[str, Any]:  # fmt: skip
    doc: dict[str, Any] = {"variant": variant, "players": [{"name": "Ann", "games": list(games)}]}
    if rules is not None:
        doc["rules"] = rules
    return doc


def findings(doc: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.field, f.rule) for f in verify_sheet(doc).findings]


FULL = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18,
        "three_of_a_kind": 22, "four_of_a_kind": 0, "full_house": 25, "small_straight": 30,
        "large_straight": 40, "kniffel": 50, "chance": 21}  # fmt: skip


@pytest.mark.rule("CL-09", "CL-24")
def test_the_api_example_and_the_bonus_at_exactly_63() -> None:
    game = {**FULL, "upper_sum": 63, "upper_bonus": 35, "upper_total": 98,
            "extra_kniffel_bonus": 0, "lower_total": 188, "total": 286}  # fmt: skip
    assert findings(sheet(game)) == []
    low = {**game, "ones": 2, "upper_sum": 62, "upper_bonus": 35, "upper_total": 97, "total": 285}
    assert findings(sheet(low)) == [("upper_bonus", "CL-09")]


@pytest.mark.rule("EX-07", "EX-20")
def test_extreme_bonus_at_exactly_73() -> None:
    upper = {"ones": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 5, "sixes": 18}  # 73
    game = {**upper, "upper_sum": 73, "upper_bonus": 45, "upper_total": 118}
    assert findings(sheet(game, variant="extreme")) == []
    game = {**upper, "sixes": 12, "upper_sum": 67, "upper_bonus": 45}
    assert findings(sheet(game, variant="extreme")) == [("upper_bonus", "EX-07")]
    assert findings(sheet({"fives": 30, "highway": 45}, variant="extreme")) == [
        ("highway", "EX-16")
    ]


@pytest.mark.rule("CL-31")
def test_croatian_negative_product() -> None:
    game = {"ones": 3, "twos": 4, "maximum": 12, "minimum": 27, "lower_total": -45, "total": -38}
    assert findings(sheet(game, rules={"croatian": True})) == []
    # the total follows from the (wrong) lower total as written: one finding, not two
    assert findings(sheet({**game, "lower_total": 45, "total": 52}, rules={"croatian": True})) == [
        ("lower_total", "CL-31")
    ]
    with pytest.raises(InvalidStateError, match="unknown field 'extra_kniffel_bonus'"):
        verify_sheet(sheet({**game, "extra_kniffel_bonus": 0}, rules={"croatian": True}))


@pytest.mark.rule("CL-22", "CL-17", "CL-21", "CL-44")
def test_extra_bonus_consistency_without_rolls() -> None:
    assert findings(sheet({"kniffel": 0, "extra_kniffel_bonus": 50})) == [
        ("extra_kniffel_bonus", "CL-22")
    ]
    assert findings(sheet({"fours": 8, "extra_kniffel_bonus": 50})) == [
        ("extra_kniffel_bonus", "CL-17")
    ]
    assert findings(sheet({"kniffel": 50, "fours": 20, "extra_kniffel_bonus": 50})) == []
    assert findings(sheet({"kniffel": 50, "fours": 16, "extra_kniffel_bonus": 50})) == [
        ("extra_kniffel_bonus", "CL-21")  # schmidt: the bonus needs the upper-box entry
    ]
    forced = {"joker": "forced", "extra_kniffel_bonus": 100}
    assert findings(sheet({"kniffel": 50, "full_house": 25, "extra_kniffel_bonus": 100},
                          rules=forced)) == []  # fmt: skip
    assert findings(sheet({"kniffel": 50, "extra_kniffel_bonus": 30})) == [
        ("extra_kniffel_bonus", "CL-44")
    ]
    lax = {"extra_bonus_requires_fifty": False}
    assert findings(sheet({"kniffel": 0, "sixes": 30, "extra_kniffel_bonus": 50}, rules=lax)) == []


def _turn(box: str, *rolls: tuple[list[int], list[int]]) -> dict[str, Any]:
    return {"box": box, "rolls": [{"keep": k, "dice": d} for k, d in rolls]}


@pytest.mark.rule("CL-18", "CL-19", "CL-20", "CL-21")
def test_joker_entries_with_rolls() -> None:
    kn = _turn("kniffel", ([], [4, 4, 4, 4, 4]))
    fours = _turn("fours", ([], [4, 4, 1, 2, 3]))
    joker = _turn("full_house", ([], [4, 4, 4, 4, 4]))
    game = {"kniffel": 50, "fours": 8, "full_house": 25, "extra_kniffel_bonus": 0,
            "turns": [kn, fours, joker]}  # fmt: skip
    assert findings(sheet(game)) == []
    assert findings(sheet({**game, "full_house": 0})) == [("full_house", "CL-19")]
    # a bonus beside a joker: the rule that the two exclude each other, as without the turns
    assert findings(sheet({**game, "extra_kniffel_bonus": 50})) == [
        ("extra_kniffel_bonus", "CL-21")
    ]
    unrecorded = {k: v for k, v in game.items() if k != "turns"}
    assert findings(sheet({**unrecorded, "extra_kniffel_bonus": 50})) == [
        ("extra_kniffel_bonus", "CL-21")
    ]
    bonus_missing = {"kniffel": 50, "fours": 20, "extra_kniffel_bonus": 0,
                     "turns": [kn, _turn("fours", ([], [4, 4, 4, 4, 4]))]}  # fmt: skip
    assert findings(sheet(bonus_missing)) == [("extra_kniffel_bonus", "CL-18")]
    early = {"kniffel": 50, "full_house": 25, "extra_kniffel_bonus": 0, "turns": [kn, joker]}
    assert findings(sheet(early)) == [("turns[1]", "CL-18")]
    bonus = {"kniffel": 50, "fours": 20, "extra_kniffel_bonus": 50,
             "turns": [kn, _turn("fours", ([], [4, 4, 4, 4, 4]))]}  # fmt: skip
    assert findings(sheet(bonus)) == []


@pytest.mark.rule("CL-04", "CL-05", "CL-29", "EX-04")
def test_illegal_rolls_are_reported_not_raised() -> None:
    four = _turn("chance", ([], [1, 2, 3, 4, 5]), ([1], [1, 2, 2, 3, 3]), ([], [1, 1, 1, 1, 1]),
                 ([], [6, 6, 6, 6, 6]))  # fmt: skip
    assert findings(sheet({"chance": 30, "turns": [four]})) == [("turns[0]", "CL-04")]
    wrong_keep = _turn("chance", ([], [1, 2, 3, 4, 5]), ([6], [6, 6, 2, 3, 4]))
    assert findings(sheet({"chance": 21, "turns": [wrong_keep]})) == [("turns[0]", "CL-05")]
    not_kept = _turn("chance", ([], [1, 2, 3, 4, 5]), ([5], [1, 1, 1, 1, 1]))
    assert findings(sheet({"chance": 5, "turns": [not_kept]})) == [("turns[0]", "CL-05")]
    cup = _turn("chance", ([], [1, 2, 3, 4, 5]), ([5], [5, 5, 5, 5, 5]))
    assert findings(sheet({"chance": 25, "turns": [cup]}, rules={"full_cup": True})) == [
        ("turns[0]", "CL-29")
    ]
    ex = {"box": "chance", "rolls": [{"d6": [1, 2, 3, 4, 5], "d10": 0}] * 4}
    assert findings(sheet({"chance": 15, "turns": [ex]}, variant="extreme",
                          rules={"chips": 0})) == [("turns[0]", "EX-04")]  # fmt: skip
    assert findings(sheet({"chance": 15, "turns": [ex]}, variant="extreme")) == []


@pytest.mark.rule("CL-07", "CL-23")
def test_a_box_left_empty_in_a_series_with_its_turns_is_one_finding() -> None:
    """The turn that filled it says so; "a later game was started" was a second finding of it."""
    rules = classic.Rules(games=2, ranking="placement")
    rec = record("classic", [ClassicGreedy()], seed=4, rules=rules)
    doc = classic.write_sheet(rec, rolls=True, derived=False)
    del doc["players"][0]["games"][0]["fives"]
    report = verify_sheet(doc)
    assert [(f.game, f.field, f.rule) for f in report.findings] == [(0, "fives", "CL-07")]
    doc = classic.write_sheet(rec, rolls=False, derived=False)  # no turn tells of it
    del doc["players"][0]["games"][0]["fives"]
    assert [(f.game, f.field, f.rule) for f in verify_sheet(doc).findings] == [
        (0, "filled", "CL-23")
    ]


@pytest.mark.rule("CL-28", "CL-48", "CL-27", "CL-26", "CL-23")
def test_series_placement_ties() -> None:
    a = {**FULL}  # 286 with the bonus
    b = {**FULL, "chance": 20}  # 285
    doc: dict[str, Any] = {"variant": "classic", "rules": {"games": 2, "ranking": "placement"},
                           "players": [
        {"name": "Ann", "games": [{**a, "placement_points": 3}, {**a, "placement_points": 3}],
         "series_total": 572, "series_points": 6},
        {"name": "Ben", "games": [{**a, "placement_points": 3}, {**b, "placement_points": 1}],
         "series_total": 571, "series_points": 4},
        {"name": "Cleo", "games": [{**b, "placement_points": 1}, {**a, "placement_points": 3}],
         "series_total": 571, "series_points": 4}]}  # fmt: skip
    assert findings(doc) == []
    doc["players"][1]["games"][0]["placement_points"] = 2  # a tie shares the better place
    assert findings(doc) == [("placement_points", "CL-28")]
    doc["players"][1]["games"][0]["placement_points"] = 3
    doc["players"][2]["games"][0].pop("chance")  # an unfinished game before a later one
    assert ("filled", "CL-23") in findings(doc)
    doc["players"][2]["games"][0]["chance"] = 20
    doc["players"][0]["games"].append(dict(a))
    assert ("games", "CL-26") in findings(doc)


@pytest.mark.rule("CL-23")
def test_turn_order_of_an_unfinished_game() -> None:
    doc: dict[str, Any] = {"variant": "classic", "players": [
        {"name": "Ann", "games": [{"ones": 3, "twos": 6, "threes": 9}]},
        {"name": "Ben", "games": [{"ones": 2}]}]}  # fmt: skip
    assert findings(doc) == [("filled", "CL-23")]
    doc["players"][1]["games"][0]["twos"] = 4
    assert findings(doc) == []


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ({"players": []}, "missing field 'variant'"),
        ({"variant": "classic"}, "missing field 'players'"),
        ({"variant": "chess", "players": []}, "variant"),
        ({"variant": "classic", "players": []}, "players"),
        ({"variant": "classic", "players": [{"name": "A"}]}, r"players\[0\]"),
        ({"variant": "classic", "players": [{"name": "A", "games": [{"fullhouse": 25}]}]},
         r"players\[0\]\.games\[0\]"),
        ({"variant": "classic", "players": [{"name": "A", "games": [{"twos": 2.0}]}]},
         r"players\[0\]\.games\[0\]\.twos"),
        ({"variant": "classic", "players": [{"name": "A", "games": [{"twos": True}]}]},
         r"players\[0\]\.games\[0\]\.twos"),
        ({"variant": "classic", "rules": {"joker": "wild"}, "players": []}, r"rules\.joker"),
        ({"variant": "classic", "players": [{"name": "A", "games": [
            {"turns": [{"box": "chance", "rolls": [{"dice": [1, 2, 3, 4, 7]}]}]}]}]},
         r"turns\[0\]\.rolls\[0\]\.dice\[4\]"),
        ({"variant": "extreme", "players": [{"name": "A", "games": [{"maximum": 3}]}]},
         "unknown field 'maximum'"),
    ],
)  # fmt: skip
def test_malformed_documents_name_the_field(doc: dict[str, Any], path: str) -> None:
    with pytest.raises(InvalidStateError, match=path):
        verify_sheet(doc)


@pytest.mark.parametrize("text", ["", "[]", "null", "{", b"\xff"])
def test_unreadable_text(text: str | bytes) -> None:
    with pytest.raises(InvalidStateError):
        verify_sheet(text)


def test_schemas_ship_with_the_package_and_list_every_box() -> None:
    sheets = {v for v in kniffel_rules.VARIANTS if kniffel_rules.get_variant(v).INFO.score_sheet}
    assert set(SHEET_VARIANTS) == sheets
    assert {"classic", "extreme"} <= set(SHEET_VARIANTS)
    for variant in SHEET_VARIANTS:
        module: Any = kniffel_rules.get_variant(variant)
        s = schema(variant)
        jsonschema.Draft202012Validator.check_schema(s)
        game = s["$defs"]["game"]["properties"]
        assert {b.key for b in module.Box} <= set(game)
    with pytest.raises(InvalidStateError):
        schema("cards")
    # a hostile name is quoted shortened (it was quoted whole; an int of
    # more than 4,300 digits raised ValueError)
    for hostile in ("x" * 100_000, 10**5000):
        with pytest.raises(InvalidStateError, match=r"^variant: no sheet schema for") as info:
            schema(hostile)  # type: ignore[arg-type]
        assert len(str(info.value)) < 300


def test_report_json_and_text() -> None:
    report = verify_sheet(sheet({"twos": 7}))
    d = report.to_dict()
    assert d["ok"] is False
    assert d["findings"][0]["expected"] == [0, 2, 4, 6, 8, 10]
    assert "CL-08" in str(report)
    assert str(verify_sheet(sheet({"twos": 6}))) == "The sheet is right."


# --- game records (kniffel_rules.record_to_json) read as sheets -------------------------------


@st.composite
def recorded_games(draw: st.DrawFn) -> kniffel_rules.GameRecord:
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        rules: Any = draw(st.sampled_from(CLASSIC_RULES))
        players = draw(st.integers(1, 3))
        return record("classic", [_greedy_with_kniffels] * players, seed=seed, rules=rules)
    rules = extreme.Rules(chips=draw(st.integers(0, 3)))
    return record("extreme", [RandomBot()] * draw(st.integers(1, 2)), seed=seed, rules=rules)


@settings(max_examples=20)
@given(recorded_games(), st.integers(0, 400))
def test_a_record_of_a_legal_game_verifies_clean(rec: kniffel_rules.GameRecord, cut: int) -> None:
    game: Any = kniffel_rules.get_variant(rec.variant)
    actions = rec.actions[:cut]
    part = kniffel_rules.GameRecord(
        rec.initial, actions, kniffel_rules.replay(game, rec.initial, actions), rec.variant
    )
    for r in (rec, part):
        text = kniffel_rules.record_to_json(r)
        report = verify_sheet(text)
        assert report.ok, str(report)
        assert report.variant == rec.variant
        assert report == verify_sheet(game.write_sheet(r, derived=False))
        assert verify_sheet(json.loads(text)) == report  # a dict is read too


@settings(max_examples=20)
@given(recorded_games(), st.data())
def test_an_illegal_action_in_a_record_is_a_finding(
    rec: kniffel_rules.GameRecord, data: st.DataObject
) -> None:
    game: Any = kniffel_rules.get_variant(rec.variant)
    doc = json.loads(kniffel_rules.record_to_json(rec))
    i = data.draw(st.integers(0, len(rec.actions) - 1))
    before = kniffel_rules.replay(game, rec.initial, rec.actions[:i])
    illegal = next((a for a in rec.actions if not game.is_legal(before, a)), None)
    if illegal is None:
        return
    reason = game.why_illegal(before, illegal)
    doc["actions"][i] = game.action_to_dict(illegal)
    snapshot = copy.deepcopy(doc)
    report = verify_sheet(doc)
    assert doc == snapshot
    assert [(f.field, f.rule) for f in report.findings] == [(f"actions[{i}]", reason.rule)]
    finding = report.findings[0]
    assert finding.found == game.action_to_dict(illegal)
    assert str(reason) in finding.message
    assert f"action {i + 1} ({game.action_to_text(illegal)})" in finding.message


@pytest.mark.rule("CL-24", "CL-23", "CL-27", "CL-28", "EX-20")
def test_a_record_with_a_wrong_result_gives_findings() -> None:
    rec = record("classic", [ClassicGreedy(), ClassicGreedy()], seed=3)
    doc = json.loads(kniffel_rules.record_to_json(rec))
    doc["scores"][1] += 5
    report = verify_sheet(doc)
    assert [(f.player, f.field, f.rule) for f in report.findings] == [(1, "scores", "CL-24")]
    assert report.findings[0].found == doc["scores"][1]
    assert report.findings[0].message == (
        f"Player 2: the record gives a score of {doc['scores'][1]}, but the actions give "
        f"{doc['scores'][1] - 5}."
    )
    doc = json.loads(kniffel_rules.record_to_json(rec))
    doc["finished"] = False
    assert [(f.field, f.rule) for f in verify_sheet(doc).findings] == [("finished", "CL-23")]
    series = record("classic", [ClassicGreedy()] * 2, seed=3,
                    rules=classic.Rules(games=2, ranking="placement"))  # fmt: skip
    doc = json.loads(kniffel_rules.record_to_json(series))
    doc["scores"][0] += 1
    assert [(f.field, f.rule) for f in verify_sheet(doc).findings] == [("scores", "CL-28")]
    series = record("classic", [ClassicGreedy()] * 2, seed=3, rules=classic.Rules(games=2))
    doc = json.loads(kniffel_rules.record_to_json(series))
    doc["scores"][0] += 1
    assert [(f.field, f.rule) for f in verify_sheet(doc).findings] == [("scores", "CL-27")]
    doc = json.loads(kniffel_rules.record_to_json(record("extreme", [RandomBot()], seed=1)))
    doc["finished"] = False
    doc["scores"][0] -= 1
    assert [(f.field, f.rule) for f in verify_sheet(doc).findings] == [
        ("finished", "EX-20"),
        ("scores", "EX-20"),
    ]


def _random_record(variant: str, seed: int) -> kniffel_rules.GameRecord:
    info = kniffel_rules.get_variant(variant).INFO
    return record(variant, [RandomBot()] * max(2, info.min_players), seed=seed)


@pytest.mark.rule("MA-51", "MA-55", "DU-21", "DU-52", "KA-29", "KA-56", "YA-18")
@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_record_of_every_game_is_verified_by_replaying_it(variant: str) -> None:
    """Any game's record: clean when right; a wrong result cites the game's end and score rules."""
    game: Any = kniffel_rules.get_variant(variant)
    rec = _random_record(variant, seed=1)
    text = kniffel_rules.record_to_json(rec)
    report = verify_sheet(text)
    assert report.ok, str(report)
    assert report.variant == variant
    doc = json.loads(text)
    doc["finished"] = not doc["finished"]
    doc["scores"][1] += 1
    snapshot = copy.deepcopy(doc)
    findings = verify_sheet(doc).findings
    assert doc == snapshot
    assert [(f.player, f.field, f.rule) for f in findings] == [
        (0, "finished", game.INFO.end_rule),
        (1, "scores", game.INFO.score_rule),
    ]
    assert findings[1].found == doc["scores"][1]
    assert findings[1].expected == doc["scores"][1] - 1
    assert findings[1].message == (
        f"{rec.initial.names[1]}: the record gives a score of {doc['scores'][1]}, but the "
        f"actions give {doc['scores'][1] - 1}."
    )


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_an_illegal_action_in_a_record_of_every_game_is_a_finding(variant: str) -> None:
    """The first action that is not legal where it stands, with the rule that refuses it."""
    game: Any = kniffel_rules.get_variant(variant)
    rec = _random_record(variant, seed=2)
    doc = json.loads(kniffel_rules.record_to_json(rec))
    rng = random.Random(variant)
    found = 0
    for _ in range(40):
        i = rng.randrange(len(rec.actions))
        before = kniffel_rules.replay(game, rec.initial, rec.actions[:i])
        illegal = next((a for a in rec.actions if not game.is_legal(before, a)), None)
        if illegal is None:
            continue
        reason = game.why_illegal(before, illegal)
        broken = copy.deepcopy(doc)
        broken["actions"][i] = game.action_to_dict(illegal)
        findings = verify_sheet(broken).findings
        assert [(f.field, f.rule) for f in findings] == [(f"actions[{i}]", reason.rule)]
        message = findings[0].message
        assert f"action {i + 1} ({game.action_to_text(illegal)}) is not legal: " in message
        assert str(reason) in message
        assert (", game " in message) == game.INFO.score_sheet  # only a sheet has a series
        found += 1
    assert found > 10


def test_a_card_game_record_cut_down_for_a_player_is_not_verified() -> None:
    rec = _random_record("cards", seed=3)
    with pytest.raises(InvalidStateError) as info:
        verify_sheet(kniffel_rules.record_to_json(rec, player=1))
    assert info.value.path == "viewer"
    assert "player_record_from_json" in str(info.value)


@pytest.mark.rule("CL-23", "CL-24", "EX-20", "YA-18")
def test_every_game_declares_the_rules_a_record_finding_cites() -> None:
    """``INFO.end_rule`` and ``INFO.score_rule`` are clauses of the game's own rules page."""
    root = Path(__file__).resolve().parents[1]
    for variant in kniffel_rules.VARIANTS:
        info = kniffel_rules.get_variant(variant).INFO
        page = (root / "docs" / "rules" / f"{variant}.md").read_text(encoding="utf-8")
        for rule in (info.end_rule, info.score_rule):
            assert f"| {rule} |" in page, (variant, rule)


def test_a_malformed_record_is_an_invalid_document() -> None:
    rec = record("classic", [RandomBot()], seed=2)
    doc = json.loads(kniffel_rules.record_to_json(rec))
    for bad, path in (
        ({**doc, "version": 2}, "version"),
        ({**doc, "variant": "yahtzee"}, "variant"),
        ({**doc, "actions": [{"type": "roll", "keep": [9]}]}, "actions[0].keep[0]"),
        ({**doc, "initial": {}}, "initial"),
        ({k: v for k, v in doc.items() if k != "scores"}, ""),
    ):
        with pytest.raises(InvalidStateError) as info:
            verify_sheet(bad)
        assert info.value.path == path, str(info.value)


def test_kniffel_verify_reads_records(tmp_path: Any) -> None:
    from kniffel_rules.cli import main

    rec = record("classic", [RandomBot(), RandomBot()], seed=4)
    good = tmp_path / "good.json"
    good.write_text(kniffel_rules.record_to_json(rec), encoding="utf-8")
    doc = json.loads(good.read_text(encoding="utf-8"))
    doc["actions"][1] = {"type": "score", "box": "chance"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    other = tmp_path / "duel.json"
    other.write_text(
        kniffel_rules.record_to_json(record("duel", [RandomBot(), RandomBot()], seed=1)),
        encoding="utf-8",
    )
    doc = json.loads(other.read_text(encoding="utf-8"))
    doc["actions"][0] = {"type": "roll", "keep": []}  # the roll-off throws one die first
    other_bad = tmp_path / "duel-bad.json"
    other_bad.write_text(json.dumps(doc), encoding="utf-8")
    cut = tmp_path / "cards-seat-1.json"
    cards_record = record("cards", [RandomBot(), RandomBot()], seed=1)
    cut.write_text(kniffel_rules.record_to_json(cards_record, player=1), encoding="utf-8")
    for path, status, words in (
        (good, 0, "OK"),
        (bad, 1, "action 2 (score chance) is not legal"),
        (other, 0, "OK"),
        (other_bad, 1, "Blue: action 1 (roll) is not legal"),  # seat 0 of the Duell
        (cut, 2, "not a valid sheet or record"),
    ):
        out = io.StringIO()
        assert main(["verify", str(path)], out=out) == status
        assert words in out.getvalue(), out.getvalue()


@pytest.mark.rule("CL-28")
def test_a_series_in_progress_gets_placement_points_only_for_finished_games() -> None:
    rules = classic.Rules(games=2)
    full = record("classic", [kniffel_rules.random_policy] * 2, seed=3, rules=rules)
    cut = next(
        i for i in range(len(full.actions))
        if kniffel_rules.replay("classic", full.initial, full.actions[:i]).game == 1
    ) + 40
    actions = full.actions[:cut]
    part = kniffel_rules.GameRecord(
        full.initial, actions, kniffel_rules.replay("classic", full.initial, actions), "classic"
    )
    doc = classic.write_sheet(part)
    games = [pl["games"] for pl in doc["players"]]
    assert all("placement_points" in g[0] for g in games)
    assert not any("placement_points" in g[1] for g in games)
    assert verify_sheet(doc).ok


@pytest.mark.rule("CL-41", "CL-42", "CL-43")
@pytest.mark.parametrize(
    ("joker", "rule"), [("forced", "CL-41"), ("free", "CL-42"), ("none", "CL-43")]
)
def test_more_bonuses_than_boxes_cite_the_joker_mode(joker: str, rule: str) -> None:
    """Two extra Kniffels need two boxes besides Kniffel; the finding cites the mode's clause."""
    doc = sheet({"kniffel": 50, "chance": 30, "extra_kniffel_bonus": 100}, rules={"joker": joker})
    assert findings(doc) == [("extra_kniffel_bonus", rule)]


@pytest.mark.rule("CL-21", "CL-41", "CL-26")
def test_findings_count_in_the_singular_and_the_plural() -> None:
    """No finding writes "box(es)": one box, two boxes; German too."""
    from kniffel_rules._i18n import localize

    def said(doc: dict[str, Any]) -> list[str]:
        return [str(f.message).split(": ", 1)[1] for f in verify_sheet(doc).findings]

    one = said(sheet({"kniffel": 50, "fours": 20, "extra_kniffel_bonus": 100}))
    assert one == [
        "2 extra-Kniffel bonuses, but five of a kind stands in only 1 upper box: the bonus "
        "comes with an extra Kniffel entered in its upper box."
    ]
    forced = {"joker": "forced"}
    none = said(sheet({"kniffel": 50, "extra_kniffel_bonus": 50}, rules=forced))
    assert none == [
        "1 extra-Kniffel bonus, but the sheet has only 0 boxes filled besides Kniffel: "
        "each extra Kniffel fills a box."
    ]
    series = {"variant": "classic", "rules": {"games": 3}, "players": [
        {"name": "Ann", "games": [{}]}, {"name": "Ben", "games": [{}, {}]}]}  # fmt: skip
    finding = verify_sheet(series).findings[0]
    assert str(finding.message) == (
        "Ann: 1 game, but other players have 2: every player plays every game of the series."
    )
    assert localize(finding.message, "de").startswith("Ann: 1 Spiel, aber andere Spieler haben 2")
