"""Game records on the wire: record_to_json / record_from_json, redaction, errors, examples.

Run as a script (``python tests/test_records.py``) to rewrite the example
records in ``docs/examples/``; `test_the_example_files_are_what_the_generator_writes`
keeps them from drifting.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import jsonschema
import pytest
import referencing
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from _breaking import paths
from conformance_cases import CASES, Case
from kniffel_rules import (
    CHANCE,
    VARIANTS,
    GameRecord,
    InvalidStateError,
    KniffelError,
    PlayerRecord,
    RecordError,
    classic,
    get_variant,
    player_record_from_json,
    random_policy,
    record,
    record_from_json,
    record_to_json,
)
from kniffel_rules.records import FORMAT, MAX_ACTIONS, read_record, schema

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SCHEMAS = ROOT / "src" / "kniffel_rules" / "schemas"


# --- playing games ---------------------------------------------------------------------------


def playout(case: Case, seed: int, max_steps: int = 400) -> GameRecord:
    """A random game from the case's start, cut after ``max_steps`` actions (maybe unfinished)."""
    game: Any = get_variant(case.variant)
    rng = random.Random(seed)
    state = initial = case.start()
    actions = []
    for _ in range(max_steps):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = random_policy(state, game.legal_actions(state), rng)
        state = game.apply(state, action)
        actions.append(action)
    return GameRecord(initial, tuple(actions), state, case.variant)


def states(rec: GameRecord) -> Iterator[tuple[Any, Any]]:
    """Each action of the record with the state it is applied to."""
    game: Any = get_variant(rec.variant)
    state = rec.initial
    for action in rec.actions:
        yield state, action
        state = game.apply(state, action)


CASE_IDS = [f"{c.variant}-{c.id}" for c in CASES]
CARD_CASES = [c for c in CASES if c.variant == "cards"]


def validator() -> jsonschema.Draft202012Validator:
    """The record schema, with every shipped schema reachable by its ``$id``."""
    documents = [json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json")]
    shipped = {d["$id"] for d in documents}
    for variant in VARIANTS:  # a game's codec until its schema ships (see the test below)
        found = getattr(cast(Any, get_variant(variant)).GAME, "codec", None)  # on a shared kit
        codec = (found or importlib.import_module(f"kniffel_rules.{variant}.wire").CODEC).schema()
        if codec["$id"] not in shipped:
            documents.append(codec)
    resources = [(d["$id"], referencing.Resource.from_contents(d)) for d in documents]
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources)
    record_schema = schema()
    jsonschema.Draft202012Validator.check_schema(record_schema)
    return jsonschema.Draft202012Validator(record_schema, registry=registry)


# --- the format ------------------------------------------------------------------------------


def test_a_record_document_has_the_documented_keys() -> None:
    rec = record("classic", [random_policy, random_policy], seed=3)
    doc = json.loads(record_to_json(rec))
    assert list(doc) == [
        "format",
        "version",
        "variant",
        "players",
        "rules",
        "initial",
        "actions",
        "finished",
        "scores",
    ]
    assert doc["format"] == "kniffel-rules/record"
    assert doc["version"] == 1
    assert doc["variant"] == "classic"
    assert doc["players"] == ["Player 1", "Player 2"]
    assert doc["rules"] == classic.Rules().to_dict()
    assert doc["initial"] == json.loads(classic.to_json(rec.initial))
    assert doc["actions"] == [classic.action_to_dict(a) for a in rec.actions]
    assert doc["finished"] is True
    assert doc["scores"] == list(classic.scores(rec.final))
    assert record_from_json(record_to_json(rec)) == rec


def test_record_fills_in_the_variant_by_name_or_module() -> None:
    assert record("classic", [random_policy], seed=1).variant == "classic"
    module: Any = classic  # (pyright: classic's parameter names vs. the Variant protocol's)
    assert record(module, [random_policy], seed=1).variant == "classic"
    rec = GameRecord(classic.new_game(), (), classic.new_game())
    assert rec.variant == ""  # positional construction as before


def test_an_empty_variant_is_found_from_the_initial_state() -> None:
    rec = record("classic", [random_policy], seed=2)
    anonymous = GameRecord(rec.initial, rec.actions, rec.final)
    assert record_to_json(anonymous) == record_to_json(rec)
    assert record_from_json(record_to_json(anonymous)) == rec


def test_a_game_in_progress_is_a_record_too() -> None:
    rec = record("classic", [random_policy, random_policy], seed=4)
    cut = GameRecord(rec.initial, rec.actions[:40], kniffel_rules.replay(
        "classic", rec.initial, rec.actions[:40]), "classic")
    doc = json.loads(record_to_json(cut))
    assert doc["finished"] is False
    assert record_from_json(record_to_json(cut)) == cut


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_random_records_of_every_case_round_trip(case: Case) -> None:
    check = validator()
    for seed in range(3):
        rec = playout(case, seed)
        text = record_to_json(rec)
        assert record_from_json(text) == rec
        check.validate(json.loads(text))
        assert record_from_json(text.encode("utf-8")) == rec


@settings(max_examples=25)
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.integers(0, 300))
def test_record_round_trip_property(case: Case, seed: int, steps: int) -> None:
    rec = playout(case, seed, steps)
    assert record_from_json(record_to_json(rec)) == rec


def test_the_schema_lists_every_game_and_refers_to_its_action_schema() -> None:
    doc = schema()
    assert doc["properties"]["variant"]["enum"] == list(VARIANTS)
    assert doc["properties"]["format"]["const"] == FORMAT
    assert doc["properties"]["actions"]["maxItems"] == MAX_ACTIONS
    refs = json.dumps(doc["allOf"])
    for variant in VARIANTS:
        assert f'"{variant}-action.schema.json"' in refs
        assert (SCHEMAS / f"{variant}-action.schema.json").is_file(), f"{variant}: not shipped"
    assert json.loads((SCHEMAS / "record.schema.json").read_text(encoding="utf-8")) == doc


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    check = validator()
    rec = record("classic", [random_policy], seed=5)
    doc = json.loads(record_to_json(rec))
    check.validate(doc)
    for bad in (
        {**doc, "version": 2},
        {**doc, "extra": 1},
        {**doc, "actions": [{"type": "hidden"}]},  # hidden without a viewer
        {**doc, "actions": [{"type": "score", "box": "nonsense"}]},
        {k: v for k, v in doc.items() if k != "scores"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            check.validate(bad)
        with pytest.raises(InvalidStateError):
            record_from_json(json.dumps(bad))


# --- a record cut down for one player ---------------------------------------------------------


def _card_strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value that names a card (``"red 7"``)."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            yield from CARD.findall(node)
        elif isinstance(node, dict):
            stack.extend(node.values())
            stack.extend(node.keys())
        elif isinstance(node, list):
            stack.extend(node)


def _card_pattern() -> re.Pattern[str]:
    from kniffel_rules.cards.pieces import CARDS

    names = sorted({str(c) for c in CARDS}, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")


CARD = _card_pattern()


def _seen(rec: GameRecord, viewer: int) -> set[str]:
    """Every card the viewer could see at some point of the game."""
    cards: Any = get_variant("cards")
    seen: set[str] = set()
    state = rec.initial
    for action in (*rec.actions, None):
        seen.update(_card_strings(cards.observation_to_dict(cards.observation(state, viewer))))
        if action is not None:
            if not (cards.current_player(state) == CHANCE and cards.hidden_from(state, viewer)):
                seen.update(_card_strings(cards.action_to_dict(action)))
            state = cards.apply(state, action)
    return seen


@pytest.mark.parametrize("case", CARD_CASES, ids=[c.id for c in CARD_CASES])
def test_a_redacted_card_record_holds_no_card_the_viewer_did_not_see(case: Case) -> None:
    cards: Any = get_variant("cards")
    check = validator()
    for seed in range(3):
        rec = playout(case, seed, 300)
        full = json.loads(record_to_json(rec))
        n = rec.initial.num_players
        for viewer in range(n):
            text = record_to_json(rec, player=viewer)
            doc = json.loads(text)
            check.validate(doc)
            assert doc["viewer"] == viewer
            seen_first = cards.observation_to_dict(cards.observation(rec.initial, viewer))
            assert doc["initial"] == seen_first
            assert set(_card_strings(doc)) <= _seen(rec, viewer)
            for (state, _), written, true in zip(
                states(rec), doc["actions"], full["actions"], strict=True
            ):
                hidden = cards.current_player(state) == CHANCE and cards.hidden_from(state, viewer)
                assert written == ({"type": "hidden"} if hidden else true)
            mine = player_record_from_json(text)
            assert isinstance(mine, PlayerRecord)
            assert (mine.variant, mine.viewer, mine.players) == ("cards", viewer, rec.initial.names)
            assert mine.rules == rec.initial.rules
            assert mine.initial == doc["initial"]
            assert mine.actions == tuple(
                None if w == {"type": "hidden"} else a
                for w, a in zip(doc["actions"], rec.actions, strict=True)
            )
            with pytest.raises(InvalidStateError, match="player_record_from_json") as info:
                record_from_json(text)
            assert info.value.path == "viewer"
            seat = rec.initial.names[viewer]  # the seat named as everywhere, not its index
            assert f"cut down to what {seat} saw" in str(info.value)


def test_some_card_draws_are_hidden_and_own_draws_are_not() -> None:
    rec = playout(CARD_CASES[0], 1, 300)
    hidden = [
        json.loads(record_to_json(rec, player=p))["actions"].count({"type": "hidden"})
        for p in (0, 1)
    ]
    assert all(h > 0 for h in hidden)
    total = sum(1 for s, _ in states(rec) if get_variant("cards").current_player(s) == CHANCE)
    assert all(h < total for h in hidden)


def test_a_dice_game_hides_nothing_from_a_viewer() -> None:
    rec = record("classic", [random_policy, random_policy], seed=6)
    full = json.loads(record_to_json(rec))
    doc = json.loads(record_to_json(rec, player=1))
    assert doc == {**full, "viewer": 1}
    assert record_from_json(json.dumps(doc)) == rec
    mine = player_record_from_json(json.dumps(doc))
    assert mine.actions == rec.actions
    assert mine.initial == classic.observation_to_dict(classic.observation(rec.initial, 1))
    validator().validate(doc)


def test_a_player_record_needs_a_viewer() -> None:
    rec = record("classic", [random_policy], seed=6)
    with pytest.raises(InvalidStateError, match="record_from_json") as info:
        player_record_from_json(record_to_json(rec))
    assert info.value.path == "viewer"


def test_a_redacted_record_is_validated() -> None:
    rec = playout(CARD_CASES[0], 2, 200)
    doc = json.loads(record_to_json(rec, player=0))
    visible = next(i for i, a in enumerate(doc["actions"]) if a != {"type": "hidden"})
    cases: list[tuple[dict[str, Any], str]] = [
        ({**doc, "viewer": 2}, "viewer"),
        ({**doc, "viewer": True}, "viewer"),
        ({**doc, "initial": []}, "initial"),
        ({**doc, "initial": {**doc["initial"], "player": 1}}, "initial.player"),
        ({**doc, "initial": {**doc["initial"], "player": False}}, "initial.player"),
        ({**doc, "initial": {k: v for k, v in doc["initial"].items() if k != "player"}},
         "initial"),
        ({**doc, "initial": {**doc["initial"], "variant": "classic"}}, "initial.variant"),
        ({**doc, "rules": {**doc["rules"], "max_rounds": 5}}, "rules"),
        ({**doc, "initial": {**doc["initial"], "rules": []}}, "initial.rules"),
        ({**doc, "players": []}, "players"),
        ({**doc, "rules": {"simpler": 3}}, "rules.simpler"),
        ({**doc, "actions": {}}, "actions"),
        ({**doc, "scores": [0]}, "scores"),
        ({**doc, "finished": None}, "finished"),
    ]
    actions = list(doc["actions"])
    actions[visible] = {"type": "hidden", "card": "red 7"}
    cases.append(({**doc, "actions": actions}, f"actions[{visible}]"))
    for bad, path in cases:
        with pytest.raises(InvalidStateError) as info:
            player_record_from_json(json.dumps(bad))
        assert info.value.path.startswith(path), (path, str(info.value))


# --- errors: the index of the first bad action ---------------------------------------------------


def _illegal_here(game: Any, state: Any, rec: GameRecord) -> Any:
    """An action of the record (or a legal action elsewhere) that is not legal in ``state``."""
    for action in rec.actions:
        if game.why_illegal(state, action) is not None:
            return action
    return None


@settings(max_examples=25)
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.data())
def test_a_corrupted_action_gives_its_index(case: Case, seed: int, data: st.DataObject) -> None:
    rec = playout(case, seed, 200)
    if not rec.actions:
        return
    game: Any = get_variant(case.variant)
    doc = json.loads(record_to_json(rec))
    i = data.draw(st.integers(0, len(rec.actions) - 1))
    junks = [{"type": "no_such"}, {"type": 3}, [], None, "roll", {**doc["actions"][i], "x": 1}]
    junk = data.draw(st.sampled_from(junks))
    bad = {**doc, "actions": [*doc["actions"][:i], junk, *doc["actions"][i + 1 :]]}
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(bad))
    assert info.value.index == i
    assert info.value.path.startswith(f"actions[{i}]")
    assert info.value.rule == ""
    state = list(states(rec))[i][0]
    illegal = _illegal_here(game, state, rec)
    if illegal is None:
        return
    reason = game.why_illegal(state, illegal)
    bad["actions"][i] = game.action_to_dict(illegal)
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(bad))
    err = info.value
    assert (err.index, err.path, err.rule) == (i, f"actions[{i}]", reason.rule)
    assert err.reason == str(reason)
    assert err.text == game.action_to_text(illegal)
    assert str(err) == f"actions[{i}]: {err.text}: {reason} [{reason.rule}]"


def test_an_illegal_action_message() -> None:
    rec = record("classic", [random_policy, random_policy], seed=7)
    doc = json.loads(record_to_json(rec))
    first_score = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "score")
    doc["actions"][first_score + 1] = {"type": "score", "box": "kniffel"}
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(doc))
    assert str(info.value) == (
        f"actions[{first_score + 1}]: score kniffel: roll the dice before entering a score "
        "[CL-47]"
    )
    assert info.value.rule == "CL-47"


def _valid_doc() -> dict[str, Any]:
    return dict(json.loads(record_to_json(record("classic", [random_policy] * 2, seed=8))))


def _mutations() -> list[tuple[str, Any, str]]:
    doc = _valid_doc()
    initial = doc["initial"]
    other = json.loads(classic.to_json(classic.new_game(["Ann", "Ben"], first_player=0)))
    out: list[tuple[str, Any, str]] = [
        ("not an object", [], ""),
        ("missing key", {k: v for k, v in doc.items() if k != "actions"}, ""),
        ("unknown key", {**doc, "comment": "hi"}, ""),
        ("format", {**doc, "format": "kniffel-rules/classic-state"}, "format"),
        ("version 2", {**doc, "version": 2}, "version"),
        ("version true", {**doc, "version": True}, "version"),
        ("version float", {**doc, "version": 1.0}, "version"),
        ("variant unknown", {**doc, "variant": "yahtzee"}, "variant"),
        ("variant not str", {**doc, "variant": ["classic"]}, "variant"),
        ("variant other game", {**doc, "variant": "extreme"}, "rules"),
        ("players not list", {**doc, "players": "Ann"}, "players"),
        ("players empty", {**doc, "players": []}, "players"),
        ("player name", {**doc, "players": ["", "x"]}, "players[0]"),
        ("players differ", {**doc, "players": ["Ann", "Ben"]}, "players"),
        ("rules differ", {**doc, "rules": {**doc["rules"], "joker": "free"}}, "rules"),
        ("rules junk", {**doc, "rules": {"joker": 5}}, "rules.joker"),
        ("rules not object", {**doc, "rules": None}, "rules"),
        ("initial not object", {**doc, "initial": "x"}, "initial"),
        ("initial junk", {**doc, "initial": {**initial, "phase": "nap"}}, "initial.phase"),
        ("initial other format", {**doc, "initial": {**initial, "format": "x"}}, "initial.format"),
        ("initial of other names", {**doc, "initial": other}, "players"),
        ("actions not list", {**doc, "actions": {"0": {}}}, "actions"),
        ("finished wrong", {**doc, "finished": False}, "finished"),
        ("finished not bool", {**doc, "finished": 1}, "finished"),
        ("scores wrong", {**doc, "scores": [s + 1 for s in doc["scores"]]}, "scores"),
        ("scores short", {**doc, "scores": doc["scores"][:1]}, "scores"),
        ("scores bool", {**doc, "scores": [True, 3]}, "scores[0]"),
        ("scores huge", {**doc, "scores": [10**300, 3]}, "scores"),
        ("viewer junk", {**doc, "viewer": "Ann"}, "viewer"),
        ("viewer seat", {**doc, "viewer": 2}, "viewer"),
        ("action huge", {**doc, "actions": [{"type": "roll", "keep": [10**400]}]}, "actions[0]"),
        ("action bool", {**doc, "actions": [{"type": "roll", "keep": [True]}]}, "actions[0]"),
        ("action nested", {**doc, "actions": [{"type": "roll", "keep": [[[[]]]]}]}, "actions[0]"),
        ("action missing key", {**doc, "actions": [{"type": "score"}]}, "actions[0]"),
        ("hidden", {**doc, "actions": [{"type": "hidden"}]}, "actions[0]"),
    ]
    return out


@pytest.mark.parametrize(("doc", "path"), [(d, p) for _, d, p in _mutations()],
                         ids=[n for n, _, _ in _mutations()])
def test_a_bad_document_names_the_field(doc: Any, path: str) -> None:
    text = json.dumps(doc)
    with pytest.raises(InvalidStateError) as info:
        record_from_json(text)
    assert info.value.path.startswith(path), str(info.value)
    if path:
        assert str(info.value).startswith(path)


@pytest.mark.parametrize(
    "text",
    [
        None,
        5,
        ["{}"],
        "",
        "{",
        "[" * 100 + "]" * 100,
        '{"format": 1, "format": 2}',
        "NaN",
        "x" * 20_000_001,
        b"\xff\xfe",
        "\ud800",
        "🎲" * 1000,
    ],
    ids=lambda t: type(t).__name__ + str(len(t) if isinstance(t, (str, bytes)) else ""),
)
def test_hostile_text_is_a_kniffel_error(text: Any) -> None:
    with pytest.raises(InvalidStateError):
        record_from_json(text)
    with pytest.raises(InvalidStateError):
        player_record_from_json(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=3),
    max_leaves=6,
)  # fmt: skip


@settings(max_examples=150)
@given(st.sampled_from([*VARIANTS, "cards-seat0"]),
       st.data())  # fmt: skip
def test_arbitrary_damage_is_a_kniffel_error_never_a_crash(which: str, data: st.DataObject) -> None:
    variant, _, seat = which.partition("-seat")
    case = next(c for c in CASES if c.variant == variant)
    rec = playout(case, data.draw(st.integers(0, 100)), 60)
    doc = json.loads(record_to_json(rec, player=int(seat) if seat else None))
    path = data.draw(st.sampled_from(paths(doc)[1:]))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(JSON)
    text = json.dumps(doc)
    for reader in (record_from_json, player_record_from_json, kniffel_rules.verify_sheet):
        try:
            reader(text)
        except KniffelError as exc:
            message = str(exc)
            assert message
        if reader is kniffel_rules.verify_sheet:
            snapshot = json.loads(text)
            with contextlib.suppress(KniffelError):
                reader(doc)
            assert doc == snapshot, "verify_sheet changed its input"


def test_too_many_actions() -> None:
    doc = _valid_doc()
    doc["actions"] = [0] * (MAX_ACTIONS + 1)
    with pytest.raises(InvalidStateError, match="at most 1000000") as info:
        record_from_json(json.dumps(doc))
    assert info.value.path == "actions"


def test_actions_after_the_end() -> None:
    doc = _valid_doc()
    doc["actions"].append({"type": "roll", "keep": []})
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(doc))
    assert info.value.index == len(doc["actions"]) - 1
    assert info.value.rule == "PR-05"


def test_read_record_can_stop_at_the_first_illegal_action() -> None:
    doc = _valid_doc()
    doc["actions"][3] = {"type": "score", "box": "chance"}
    doc["actions"][9] = {"type": "roll", "keep": [7]}  # still decoded: malformed
    with pytest.raises(RecordError) as info:
        read_record(json.loads(json.dumps(doc)), stop_at_illegal=False)
    assert info.value.index == 9
    doc["actions"][9] = {"type": "score", "box": "chance"}
    replayed = read_record(doc, stop_at_illegal=False)
    assert replayed.error is not None and replayed.error.index == 3
    assert len(replayed.record.actions) == 3


# --- writing --------------------------------------------------------------------------------


def test_record_to_json_refuses_what_is_no_record_of_the_game() -> None:
    rec = record("classic", [random_policy, random_policy], seed=9)
    with pytest.raises(InvalidStateError, match="GameRecord") as info:
        record_to_json("rec")  # type: ignore[arg-type]
    assert info.value.path == "record"
    bad_variant = GameRecord(rec.initial, rec.actions, rec.final, "yahtzee")
    with pytest.raises(InvalidStateError) as info:
        record_to_json(bad_variant)
    assert info.value.path == "variant"
    with pytest.raises(InvalidStateError) as info:
        record_to_json(GameRecord(rec.initial, rec.actions, rec.final, 5))  # type: ignore[arg-type]
    assert info.value.path == "variant"
    with pytest.raises(InvalidStateError) as info:
        record_to_json(GameRecord("state", (), "state"))
    assert info.value.path == "initial"
    with pytest.raises(InvalidStateError) as info:
        record_to_json(GameRecord(rec.initial, rec.actions, rec.final, "extreme"))
    assert info.value.path.startswith("initial")
    with pytest.raises(InvalidStateError) as info:
        record_to_json(GameRecord(rec.initial, rec.actions, "final", "classic"))
    assert info.value.path.startswith("final")
    with pytest.raises(RecordError) as info:
        record_to_json(GameRecord(rec.initial, (*rec.actions[:5], "roll"), rec.final, "classic"))
    assert info.value.index == 5
    assert info.value.path == "actions[5]"
    with pytest.raises(InvalidStateError) as info:
        record_to_json(GameRecord(rec.initial, "roll", rec.final, "classic"))  # type: ignore[arg-type]
    assert info.value.path == "actions"
    for player in (2, -1, True, "0"):
        with pytest.raises(InvalidStateError) as info:
            record_to_json(rec, player=player)  # type: ignore[arg-type]
        assert info.value.path == "player"


def test_a_record_that_does_not_replay_is_written_but_not_read() -> None:
    rec = record("classic", [random_policy, random_policy], seed=9)
    early = GameRecord(rec.initial, (classic.Score(classic.Box.CHANCE), *rec.actions), rec.final)
    with pytest.raises(RecordError) as info:
        record_from_json(record_to_json(early))
    assert (info.value.index, info.value.rule) == (0, "PR-03")
    short = GameRecord(rec.initial, rec.actions[:-1], rec.final, "classic")
    with pytest.raises(InvalidStateError) as refused:
        record_from_json(record_to_json(short))
    assert refused.value.path in ("finished", "scores")


def test_a_record_cut_down_for_a_player_is_replayed_while_written() -> None:
    rec = playout(CARD_CASES[0], 4, 80)
    with pytest.raises(RecordError) as info:
        record_to_json(GameRecord(rec.initial, rec.actions[1:], rec.final, "cards"), player=0)
    assert info.value.index == 0
    assert info.value.rule.startswith("PR-")
    with pytest.raises(InvalidStateError) as refused:
        record_to_json(GameRecord(rec.initial, rec.actions[:-1], rec.final, "cards"), player=0)
    assert refused.value.path == "final"


def test_errors_are_kniffel_errors_and_value_errors() -> None:
    assert issubclass(RecordError, InvalidStateError)
    assert issubclass(RecordError, KniffelError)
    assert issubclass(RecordError, ValueError)


# --- the example files ----------------------------------------------------------------------

EXAMPLE_GAMES: dict[str, tuple[str, int]] = {
    "classic": ("greedy", 1),
    "extreme": ("greedy", 9),
    "master": ("greedy", 0),
    "duel": ("greedy", 2),
    "cards": ("greedy", 9),
    "yatzy": ("greedy", 1),
}
"""The game of each example file: the players (both seats) and the seed."""


def _policy(variant: str, name: str) -> Any:
    from kniffel_rules.bots import BOTS

    return random_policy if name == "random" else BOTS[variant][name]()


def pretty(text: str) -> str:
    """A record document laid out for reading: one line per key, one line per action."""
    doc = json.loads(text)
    parts = []
    for key, value in doc.items():
        if key == "actions":
            lines = ",\n".join(f"  {json.dumps(a, ensure_ascii=False)}" for a in value)
            parts.append(f' "actions": [\n{lines}\n ]')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def example_records() -> dict[str, str]:
    """The text of each example file in ``docs/examples/``, by file name."""
    out = {}
    for variant, (policy, seed) in EXAMPLE_GAMES.items():
        rec = record(variant, [_policy(variant, policy)] * 2, seed=seed)
        out[f"{variant}-record.json"] = pretty(record_to_json(rec))
        if variant == "cards":
            out["cards-record-seat1.json"] = pretty(record_to_json(rec, player=1))
    return out


def test_the_example_files_are_what_the_generator_writes() -> None:
    expected = example_records()
    assert sorted(p.name for p in EXAMPLES.glob("*-record*.json")) == sorted(expected)
    for name, text in expected.items():
        assert (EXAMPLES / name).read_text(encoding="utf-8") == text, (
            f"{name} is out of date: run python tests/test_records.py"
        )


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_example_record_is_valid_and_finished(variant: str) -> None:
    text = (EXAMPLES / f"{variant}-record.json").read_text(encoding="utf-8")
    validator().validate(json.loads(text))
    rec = record_from_json(text)
    assert rec.variant == variant
    assert get_variant(variant).is_terminal(rec.final)
    assert len(rec.initial.names) == 2


def test_the_redacted_example() -> None:
    text = (EXAMPLES / "cards-record-seat1.json").read_text(encoding="utf-8")
    validator().validate(json.loads(text))
    mine = player_record_from_json(text)
    full = record_from_json((EXAMPLES / "cards-record.json").read_text(encoding="utf-8"))
    assert mine.viewer == 1
    assert None in mine.actions
    assert all(m is None or m == a for m, a in zip(mine.actions, full.actions, strict=True))
    assert set(_card_strings(json.loads(text))) <= _seen(full, 1)


if __name__ == "__main__":
    for file_name, contents in example_records().items():
        (EXAMPLES / file_name).write_text(contents, encoding="utf-8")
        print(f"wrote docs/examples/{file_name}")
