"""The conformance suite for the dict form of states: ``to_dict``/``from_dict`` (issue 27).

Through the protocol alone, for every case of ``conformance_cases``:

* at every node of seeded random playouts ``from_dict(to_dict(s)) == s``,
  ``to_json(s)`` is the library's ``dumps`` of ``to_dict(s)`` (so the
  document is the one ``to_json`` wrote before the dict form existed),
  ``to_dict`` gives a new dict each call, and ``from_dict`` changes nothing;
* a document with one field replaced by JSON junk reads through ``from_dict``
  exactly as its text reads through ``from_json``: the same state, or an
  `InvalidStateError` with the same path and message;
* a document with one field replaced by what no text holds (a bool subclass
  of int, an ``int`` subclass, a ``dict`` subclass, a tuple, a set, bytes, a
  ``NaN``, a 5,000-digit integer, a non-string key, nesting past the limit,
  a cycle, an object shared until the document is too large) gets an
  `InvalidStateError` naming that field, never another exception, and the
  input is left as it was; so does an observation holding such a state.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from _breaking import paths, replaced
from conformance_cases import CASES, Case
from kniffel_rules import CHANCE, InvalidStateError, _json, classic
from kniffel_rules.records import read_record

IDS = [f"{c.variant}-{c.id}" for c in CASES]


def _states(case: Case, seed: int) -> list[Any]:
    """Every state of one seeded random playout."""
    game = kniffel_rules.get_variant(case.variant)
    rng = random.Random(seed)
    state = case.start()
    out = [state]
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
        out.append(state)
    return out


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_node_round_trips_through_the_dict_form(case: Case) -> None:
    game = kniffel_rules.get_variant(case.variant)
    for seed in range(2):
        for state in _states(case, seed):
            doc = game.to_dict(state)
            kept = copy.deepcopy(doc)
            assert game.from_dict(doc) == state
            assert doc == kept, "from_dict changed its input"
            text = game.to_json(state)
            assert text == _json.dumps(doc)
            assert text == json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
            assert json.loads(text) == doc
            doc["players"] = None  # a new dict each call: changing one changes nothing else
            assert game.to_dict(state) == kept


def _node_states(case: Case) -> list[Any]:
    states = _states(case, 0)
    return states[:: max(1, len(states) // 12)]


_STATES = {f"{c.variant}-{c.id}": _node_states(c) for c in CASES}

JSON_JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=8,
)


def _field(path: tuple[Any, ...]) -> str:
    """The field path as messages write it: ``players[1].sheet.ones``."""
    out = ""
    for key in path:
        out = f"{out}[{key}]" if isinstance(key, int) else (f"{out}.{key}" if out else key)
    return out


def _outcome(read: Any, data: Any) -> tuple[Any, ...]:
    try:
        return ("state", read(data))
    except InvalidStateError as exc:
        return ("error", exc.path, exc.detail)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=40)
@given(pick=st.randoms(use_true_random=False), junk=JSON_JUNK)
def test_from_dict_reads_a_changed_document_as_from_json_reads_its_text(
    case: Case, pick: random.Random, junk: Any
) -> None:
    game = kniffel_rules.get_variant(case.variant)
    doc = game.to_dict(pick.choice(_STATES[f"{case.variant}-{case.id}"]))
    changed = replaced(doc, pick.choice(paths(doc)), junk)
    kept = copy.deepcopy(changed)
    by_dict = _outcome(game.from_dict, changed)
    assert changed == kept, "from_dict changed its input"
    assert by_dict == _outcome(game.from_json, json.dumps(changed))
    if by_dict[0] == "state":
        assert game.from_dict(game.to_dict(by_dict[1])) == by_dict[1]


class _Int(int):
    def __lt__(self, other: object) -> bool:
        raise RuntimeError("a hostile comparison")


class _Str(str):
    def __hash__(self) -> int:
        raise RuntimeError("a hostile hash")


class _Dict(dict):  # type: ignore[type-arg]
    def __getitem__(self, key: Any) -> Any:
        raise RuntimeError("a hostile lookup")


def _deep(depth: int) -> Any:
    node: Any = 0
    for _ in range(depth):
        node = [node]
    return node


def _hostile() -> list[tuple[Any, str]]:
    """Values no JSON text holds, each with the end of the path its refusal names.

    ``...``: the path goes on (nesting is refused where it passes the limit).
    """
    return [
        (_Int(3), ""),
        (_Str("ones"), ""),
        (_Dict(), ""),
        ({1, 2}, ""),
        (b"3", ""),
        (float("nan"), ""),
        (float("inf"), ""),
        (10**5000, ""),
        (-(10**5000), ""),
        ([1, 10**5000], "[1]"),
        ({1: 2}, ""),
        ({"ok": {None: 2}}, ".ok"),
        ({"\ud800": 1}, ""),
        ("\udc00", ""),
        (_deep(40), "[0]..."),
        (object(), ""),
    ]


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=30)
@given(pick=st.randoms(use_true_random=False), which=st.integers(0, len(_hostile()) - 1))
def test_from_dict_refuses_what_no_text_holds_naming_the_field(
    case: Case, pick: random.Random, which: int
) -> None:
    game = kniffel_rules.get_variant(case.variant)
    doc = game.to_dict(pick.choice(_STATES[f"{case.variant}-{case.id}"]))
    path = pick.choice(paths(doc))
    value, tail = _hostile()[which]
    changed = replaced(doc, path, value)
    with pytest.raises(InvalidStateError) as info:
        game.from_dict(changed)
    where = (_field(path) + tail.removesuffix("...")).removeprefix(".")
    if tail.endswith("..."):
        assert info.value.path.startswith(where), (path, info.value)
    else:
        assert info.value.path == where, (path, info.value)
    assert replaced(doc, path, value) == changed or value != value, "the input was changed"


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_an_observation_holding_such_a_state_is_refused_at_its_field(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    state = game.new_game(players=2)
    obs = game.observation_to_dict(game.observation(state, 0))
    for value, tail in _hostile():
        data = replaced(obs, ("players",), [value])
        with pytest.raises(InvalidStateError) as info:
            game.observation_from_dict(data)
        if variant != "cards":  # a dice game's observation holds the state under "state"
            data = replaced(obs, ("state", "players"), [value])
            with pytest.raises(InvalidStateError) as info:
                game.observation_from_dict(data)
            assert info.value.path.startswith(f"state.players[0]{tail.removesuffix('...')}")


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_a_cycle_and_a_shared_object_are_refused(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = game.to_dict(game.new_game(players=2))
    loop = copy.deepcopy(doc)
    loop["players"][0]["name"] = loop
    with pytest.raises(InvalidStateError, match="nested deeper"):
        game.from_dict(loop)
    big = "x" * 1_000_000
    with pytest.raises(InvalidStateError, match="larger than a document") as info:
        game.from_dict({**doc, "players": [big] * 100})  # 100 MB of text, 1 MB of memory
    assert info.value.path == ""
    monkeypatch.setattr(_json, "MAX_DOCUMENT_LENGTH", 10_000)
    shared: Any = [0]
    for _ in range(25):  # 2**25 arrays as text, 25 in memory
        shared = [shared, shared]
    with pytest.raises(InvalidStateError, match="larger than a document"):
        game.from_dict({**doc, "players": shared})


def _odd_leaf(which: int) -> Any:
    return (10**5000, _Int(1), b"x", frozenset(), (1,), "\ud800")[which]


TREE_JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | st.integers(0, 5).map(_odd_leaf),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=4) | st.integers(0, 3), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300)
@given(tree=TREE_JUNK)
def test_check_tree_fast_walk_and_named_walk_agree(tree: Any) -> None:
    def named(value: Any) -> None:
        _json._check_tree_paths(value, "")

    fast = _outcome(_json.check_tree, tree)
    slow = _outcome(named, tree)
    assert fast[0] == slow[0]
    assert fast == slow


def test_loads_refuses_a_number_too_large_for_a_float() -> None:
    """``1e999`` parses as infinity, which no document holds (as ``Infinity`` itself)."""
    with pytest.raises(InvalidStateError) as info:
        _json.loads('{"a": [1, 1e999]}')
    assert info.value.path == "a[1]"


def test_verify_sheet_still_reads_a_mapping_that_is_not_a_dict() -> None:
    """``check_tree`` refuses a mapping type inside a document; a sheet's top may be one."""
    from types import MappingProxyType

    from kniffel_rules import classic, record, verify_sheet
    from kniffel_rules.bots import ClassicGreedy

    doc = classic.write_sheet(record("classic", [ClassicGreedy()], seed=3))
    assert verify_sheet(MappingProxyType(doc)).ok
    with pytest.raises(InvalidStateError) as info:
        verify_sheet({**doc, "players": MappingProxyType({})})
    assert info.value.path == "players"


# --- the readers of a part of a document, and of text: the same protection -----------


class _List(list):  # type: ignore[type-arg]
    def __len__(self) -> int:
        raise RuntimeError("a hostile length")


class _Key(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("a hostile comparison")

    __hash__ = str.__hash__


def _hostile_parts() -> list[Any]:
    """`_hostile`'s values and more whose methods raise, for the readers of parts."""
    return [v for v, _ in _hostile()] + [_List([1, 2]), {_Key("type"): "roll"}]


def _refused_at(read: Any, data: Any, where: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        read(data)
    assert info.value.path.startswith(where), (where, info.value)
    assert len(str(info.value)) < 1_000


def _actions_of(case: Case) -> list[Any]:
    game = kniffel_rules.get_variant(case.variant)
    seen: dict[str, Any] = {}
    for state in _states(case, 0)[:400]:
        for action in game.legal_actions(state)[:3]:
            seen.setdefault(game.action_to_dict(action)["type"], action)
    return list(seen.values())


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=40)
@given(pick=st.randoms(use_true_random=False), which=st.integers(0, len(_hostile_parts()) - 1))
def test_action_from_dict_refuses_what_no_text_holds_naming_the_field(
    case: Case, pick: random.Random, which: int
) -> None:
    """A part read alone (an action's object) is held to the exact JSON types too."""
    game = kniffel_rules.get_variant(case.variant)
    doc = game.action_to_dict(pick.choice(_actions_of(case)))
    path = pick.choice(paths(doc))
    changed = replaced(doc, path, _hostile_parts()[which])
    _refused_at(game.action_from_dict, changed, ("action." + _field(path)).rstrip("."))


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_rules_from_dict_refuses_what_no_text_holds_naming_the_field(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = game.Rules().to_dict()
    for path in paths(doc):
        for value in _hostile_parts():
            changed = replaced(doc, path, value)
            _refused_at(game.Rules.from_dict, changed, ("rules." + _field(path)).rstrip("."))
    with pytest.raises(InvalidStateError):
        game.Rules.from_dict({_Key(next(iter(doc))): doc[next(iter(doc))]})


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_a_record_and_a_sheet_given_as_dicts_refuse_what_no_text_holds(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    rec = kniffel_rules.record(variant, [kniffel_rules.random_policy] * 2, seed=4)
    doc = json.loads(kniffel_rules.record_to_json(rec))
    rng = random.Random(variant)
    spots = paths(doc)
    for value in _hostile_parts():
        path = rng.choice(spots)
        changed = replaced(doc, path, value)
        _refused_at(read_record, changed, _field(path))
        _refused_at(kniffel_rules.verify_sheet, changed, _field(path))
    if game.INFO.score_sheet:
        sheet = json.loads(json.dumps(cast(Any, game).write_sheet(rec)))
        for value in _hostile_parts():
            path = rng.choice(paths(sheet))
            _refused_at(kniffel_rules.verify_sheet, replaced(sheet, path, value), _field(path))


class _Mapping(dict):  # type: ignore[type-arg]
    def keys(self) -> Any:
        raise RuntimeError("a hostile mapping")


def test_a_mapping_that_cannot_be_read_is_refused_as_a_whole() -> None:
    from collections.abc import Mapping
    from types import MappingProxyType

    class Broken(Mapping[str, Any]):
        def __getitem__(self, key: str) -> Any:
            raise RuntimeError("a hostile mapping")

        def __iter__(self) -> Any:
            raise RuntimeError("a hostile mapping")

        def __len__(self) -> int:
            return 1

    with pytest.raises(InvalidStateError) as info:
        kniffel_rules.verify_sheet(Broken())
    assert info.value.path == "" and "cannot be read" in str(info.value)
    with pytest.raises(InvalidStateError, match="got _Mapping"):
        kniffel_rules.verify_sheet(_Mapping(variant="classic"))
    rec = kniffel_rules.record("classic", [kniffel_rules.random_policy], seed=1)
    sheet = classic.write_sheet(rec)
    plain = json.loads(json.dumps(sheet))
    assert kniffel_rules.verify_sheet(MappingProxyType(plain)) == kniffel_rules.verify_sheet(plain)


class _Text(str):
    def __len__(self) -> int:
        raise RuntimeError("a hostile length")

    def __str__(self) -> str:
        raise RuntimeError("a hostile text")


class _Bytes(bytes):
    def __len__(self) -> int:
        raise RuntimeError("a hostile length")

    def __getitem__(self, key: Any) -> Any:
        raise RuntimeError("a hostile item")


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_text_of_a_subclass_is_read_as_the_text_it_holds(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    state = game.new_game(players=2)
    text = game.to_json(state)
    wrapped: Any
    for wrapped in (_Text(text), _Bytes(text.encode()), bytearray(text.encode())):
        assert game.from_json(wrapped) == state
    rec = kniffel_rules.record(variant, [kniffel_rules.random_policy] * 2, seed=2)
    written = kniffel_rules.record_to_json(rec)
    assert kniffel_rules.record_from_json(_Text(written)) == kniffel_rules.record_from_json(written)
    with pytest.raises(InvalidStateError, match="expected JSON text"):
        game.from_json(memoryview(text.encode()))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_a_field_path_that_is_no_plain_string_is_refused_unasked(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = game.action_to_dict(game.legal_actions(game.new_game(players=2))[0])
    with pytest.raises(InvalidStateError) as info:
        game.action_from_dict(doc, _Text("action"))  # type: ignore[call-arg]
    assert info.value.path == "path"
    assert InvalidStateError(cast(Any, _Text("x")), "m").path == "'x'"
