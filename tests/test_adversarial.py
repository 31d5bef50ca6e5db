"""The adversarial suite: every entry point, fed what a hostile client would send.

For every game (through the conformance cases) and for the score sheets:
documents mutated structurally (keys deleted, duplicated, renamed; values
swapped for other types, huge, negative, floats, NaN/Infinity, booleans, deep
nesting, long or invalid text; a BOM; bytes that are not UTF-8), junk
actions, junk states and junk arguments. Only `KniffelError` subclasses may
escape, nothing is mutated, and every accepted state round-trips and plays
on. The default run is short; ``.ci/run`` (``HYPOTHESIS_PROFILE=ci``) runs
ten times as many examples.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kniffel_rules
from _breaking import paths
from _ids import shown
from conformance_cases import CASES, Case
from kniffel_rules import CHANCE, KniffelError, Variant, sheets, verify_sheet
from kniffel_rules.cli import main as cli_main
from kniffel_rules.limits import MAX_DEPTH, MAX_PLAYERS

IDS = [f"{c.variant}-{c.id}" for c in CASES]
EXAMPLES = 300 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 30
ADVERSARIAL = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ROOT = Path(__file__).resolve().parent.parent


def _walk_to(game: Variant, case: Case, seed: int) -> Any:
    rng = random.Random(seed)
    state = case.start()
    for _ in range(rng.randrange(80)):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
    return state


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from([-1, 0, 1, 2**63, -(2**63), 10**100]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["x" * 10_000, "\u00e9\u00e8", "", " ", "null"]),
    st.just([]),
    st.just({}),
    st.just(_nested(MAX_DEPTH + 5)),
    st.lists(st.integers(-3, 70), max_size=6),
)

_EDITS = ("delete", "replace", "rename", "duplicate")


def _edit(doc: Any, path: tuple[Any, ...], kind: str, value: Any) -> Any:
    """One structural edit of a parsed document (the duplicate is made in the text)."""
    if not path:
        return value if kind == "replace" else doc
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "rename" and isinstance(parent, dict):
        parent[f"{last}_x"] = parent.pop(last)
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = value
    return doc


def assert_reason(exc: Exception) -> None:
    """A refusal says why."""
    assert str(exc), f"{type(exc).__name__} without a message"


def _accepts_cleanly(game: Variant, text: str | bytes) -> None:
    """``from_json`` gives a state that round-trips and plays on, or InvalidStateError."""
    state: Any = None
    try:
        state = game.from_json(text)
    except kniffel_rules.InvalidStateError as exc:
        assert_reason(exc)
        return
    out = game.to_json(state)
    out.encode("utf-8")  # can leave the process
    assert game.from_json(out) == state
    rng = random.Random(0)
    for _ in range(5):  # and it plays on through the protocol
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, game.legal_actions(state)[0])
        assert game.from_json(game.to_json(state)) == state


@pytest.mark.parametrize("case", CASES, ids=IDS)
@ADVERSARIAL
@given(seed=st.integers(0, 10_000), data=st.data())
def test_from_json_holds_against_structural_damage(
    case: Case, seed: int, data: st.DataObject
) -> None:
    game = kniffel_rules.get_variant(case.variant)
    doc = json.loads(game.to_json(_walk_to(game, case, seed)))
    found = paths(doc)
    path = found[data.draw(st.integers(0, len(found) - 1))]
    kind = data.draw(st.sampled_from(_EDITS))
    value = data.draw(JUNK_VALUES)
    _accepts_cleanly(game, json.dumps(_edit(doc, path, kind, value)))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize(
    "damage",
    [
        "bom",
        "latin1",
        "duplicate-key",
        "nan",
        "infinity",
        "surrogate-name",
        "deep",
        "huge",
        "truncated",
        "bytes",
    ],
)
def test_from_json_refuses_text_no_document_holds(case: Case, damage: str) -> None:
    game = kniffel_rules.get_variant(case.variant)
    text = game.to_json(_walk_to(game, case, 7))
    bad: str | bytes
    if damage == "bom":
        bad = "\ufeff" + text
    elif damage == "latin1":
        bad = text.replace('"', '"\u00e9', 1).encode("latin-1")
    elif damage == "duplicate-key":
        bad = text.replace("{", '{"format": 0, ', 1)
    elif damage == "nan":
        bad = text[:-1] + ', "x": NaN}'
    elif damage == "infinity":
        bad = text[:-1] + ', "x": -Infinity}'
    elif damage == "surrogate-name":
        doc = json.loads(text)
        doc["players"][0]["name"] = "\ud800"
        bad = json.dumps(doc)
    elif damage == "deep":
        doc = json.loads(text)
        doc["rules"] = _nested(950)
        bad = json.dumps(doc)
    elif damage == "huge":
        bad = text[:-1] + ', "x": "' + "y" * 25_000_000 + '"}'
    elif damage == "truncated":
        bad = text[: len(text) // 2]
    else:
        bad = text.encode("utf-16")
    if damage == "bom":  # a BOM before the text is not JSON; bytes with a UTF-8 BOM are
        with pytest.raises(kniffel_rules.InvalidStateError):
            game.from_json(bad)
        _accepts_cleanly(game, b"\xef\xbb\xbf" + text.encode())
        return
    if damage == "bytes":  # UTF-16 is valid JSON (RFC 8259 readers may accept it)
        _accepts_cleanly(game, bad)
        return
    with pytest.raises(kniffel_rules.InvalidStateError):
        game.from_json(bad)


JUNK_OBJECTS = st.one_of(
    JUNK_VALUES,
    st.sampled_from([object(), Fraction(1, 2), 1.0, True, b"roll", (), (1, 2), print]),
    st.builds(kniffel_rules.DiceRoll, st.lists(st.integers(-2, 12), max_size=7)),
)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@ADVERSARIAL
@given(seed=st.integers(0, 10_000), junk=JUNK_OBJECTS)
def test_apply_refuses_junk_actions_and_mutates_nothing(case: Case, seed: int, junk: Any) -> None:
    game = kniffel_rules.get_variant(case.variant)
    state = _walk_to(game, case, seed)
    before = game.to_json(state)
    if game.is_legal(state, junk):
        game.apply(state, junk)
    else:
        reason = game.why_illegal(state, junk)
        assert reason is not None and reason.rule
        with pytest.raises(kniffel_rules.IllegalActionError):
            game.apply(state, junk)
    assert game.to_json(state) == before


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
@pytest.mark.parametrize(
    "junk", [None, 3, "state", object(), {"phase": "decide"}, [], 1.5], ids=shown
)
def test_every_protocol_function_refuses_a_junk_state(variant: str, junk: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    calls: list[Callable[[], object]] = [
        lambda: game.current_player(junk),
        lambda: game.legal_actions(junk),
        lambda: game.chance_outcomes(junk),
        lambda: game.sample_chance(junk, random.Random(0)),
        lambda: game.apply(junk, None),
        lambda: game.why_illegal(junk, None),
        lambda: game.is_legal(junk, None),
        lambda: game.is_terminal(junk),
        lambda: game.scores(junk),
        lambda: game.winners(junk),
        lambda: game.to_json(junk),
    ]
    for call in calls:
        with pytest.raises(KniffelError):
            call()


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("rng", [None, 7, "seed", random], ids=shown)
def test_sample_chance_needs_a_generator(case: Case, rng: Any) -> None:
    game = kniffel_rules.get_variant(case.variant)
    state = case.start()
    while game.current_player(state) != CHANCE:
        state = game.apply(state, game.legal_actions(state)[0])
    with pytest.raises(kniffel_rules.InvalidStateError, match="rng"):
        game.sample_chance(state, rng)


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
@pytest.mark.parametrize(
    "players", [0, -1, 10**12, 1001, True, 2.0, "Ann", [""], ["\ud800"], ["x" * 101], [None]],
    ids=shown,
)
def test_new_game_refuses_junk_players(variant: str, players: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(kniffel_rules.InvalidStateError):
        game.new_game(players)


def test_the_player_limit_is_the_same_for_new_game_and_from_json() -> None:
    for name in kniffel_rules.VARIANTS:
        game = kniffel_rules.get_variant(name)
        if game.INFO.max_players != MAX_PLAYERS:
            continue
        big = game.new_game(MAX_PLAYERS)
        assert game.from_json(game.to_json(big)) == big


def _policy(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    return actions[0]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "chess"},
        {"variant": 3},
        {"variant": None},
        {"policies": None},
        {"policies": [None]},
        {"policies": "ab"},
        {"policies": []},
        {"seed": "x"},
        {"seed": 1.5},
        {"seed": True},
        {"seed": object()},
        {"rules": "x"},
        {"rules": {}},
        {"max_steps": 0},
        {"max_steps": "10"},
    ],
    ids=shown,
)
def test_play_and_record_refuse_junk_arguments(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"variant": "classic", "policies": [_policy], **kwargs}
    variant, policies = args.pop("variant"), args.pop("policies")
    runs: list[Callable[..., object]] = [kniffel_rules.record]
    if "max_steps" not in args:
        runs.append(kniffel_rules.play)
    for run in runs:
        with pytest.raises(KniffelError):
            run(variant, policies, **args)


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_replay_refuses_junk(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    start = game.new_game(2, first_player=0)
    junk: list[tuple[Any, Any]] = [(None, []), ("x", [None]), (start, [None]), (start, [3, 4])]
    junk += [(start, None), (start, "roll"), (start, 5)]
    for initial, actions in junk:
        with pytest.raises(KniffelError):
            kniffel_rules.replay(variant, initial, actions)


# --- score sheets -------------------------------------------------------------------

SHEETS = sorted((ROOT / "docs" / "examples").glob("*.json"))


def _sheet_docs() -> list[dict[str, Any]]:
    docs = []
    for path in SHEETS:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("variant") in sheets.SHEET_VARIANTS:
            docs.append(doc)
    return docs


SHEET_DOCS = _sheet_docs()


@ADVERSARIAL
@given(data=st.data())
def test_verify_sheet_holds_against_structural_damage(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(SHEET_DOCS)))
    found = paths(doc)
    path = found[data.draw(st.integers(0, len(found) - 1))]
    kind = data.draw(st.sampled_from(_EDITS))
    damaged = _edit(doc, path, kind, data.draw(JUNK_VALUES))
    for form in (damaged, json.dumps(damaged)):
        try:
            report = verify_sheet(form)
        except kniffel_rules.InvalidStateError as exc:
            assert_reason(exc)
        else:
            json.dumps(report.to_dict(), ensure_ascii=False).encode("utf-8")


def _deep_dict(depth: int) -> Any:
    value: Any = {"x": 1}
    for _ in range(depth):
        value = {"x": value}
    return value


@pytest.mark.parametrize(
    "doc",
    [
        {"variant": "classic", "players": [{"name": "Ann", "games": [{"ones": 3, "turns": 5}]}]},
        {"variant": "classic", "players": [{"name": "\ud800", "games": [{"ones": 3}]}]},
        {"variant": "classic", "rules": _nested(950), "players": []},
        {"variant": "classic", "rules": {"joker": _nested(950)}, "players": []},
        {"variant": "classic", "rules": _deep_dict(10_000), "players": []},
        {"variant": "extreme", "players": [{"name": "x" * 101, "games": [{"ones": 3}]}]},
        {"variant": "classic", "players": [{"name": "Ann", "games": [{1: 3}]}]},
    ],
    ids=["turns-number", "surrogate", "deep-rules", "deep-option", "deep-dict", "long", "int-key"],
)
def test_verify_sheet_refuses_what_no_sheet_holds(doc: dict[str, Any]) -> None:
    with pytest.raises(kniffel_rules.InvalidStateError):
        verify_sheet(doc)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe\x00",
        b"[]",
        b'{"variant": "classic", "players": [{"name": "Ann", "games": [{"turns": 5}]}]}',
        b'{"variant": "classic", "variant": "extreme", "players": []}',
        b'{"variant": "classic", "players": [{"name": "\\ud800", "games": [{}]}]}',
        b"[" * 5000 + b"]" * 5000,
    ],
    ids=["empty", "not-utf8", "array", "turns-number", "duplicate", "surrogate", "deep"],
)
def test_kniffel_verify_answers_junk_files_with_exit_2(tmp_path: Path, content: bytes) -> None:
    sheet = tmp_path / "sheet.json"
    sheet.write_bytes(content)
    out = io.StringIO()
    assert cli_main(["verify", str(sheet)], out=out) == 2
    assert "not a valid sheet" in out.getvalue() or "cannot read" in out.getvalue()
    out.getvalue().encode("utf-8")
