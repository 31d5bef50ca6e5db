"""The conformance suite, on the wire: every game's actions, texts and views through the protocol.

At every node of a seeded random playout of every case (``conformance_cases``;
three more per case are marked ``slow``):

* every legal action (at a chance node, a sample of forty outcomes)
  round-trips through ``action_to_dict``/``action_from_dict``, and every
  legal action's and outcome's canonical text is distinct from the others';
* a sample of them (eight per node; in the ``slow`` runs every decision)
  also through JSON text, the game's shipped JSON Schema (``"type"`` first)
  and ``parse_action`` of the state and of the mover's observation, the
  canonical text being one line;
* the seat to move sees the same legal actions in its observation as in the
  state; every other seat sees none; every observation's dict is JSON and
  ``observation_from_dict`` reads it back (also after a JSON round trip).

And against hostile clients: junk for ``action_from_dict``, ``parse_action``
and ``observation_from_dict``, including real observation documents with one
field changed, gets an ``InvalidStateError`` (or reads as a valid view); an
action read from a real action document with one part changed (legal or not)
is named by ``render_action`` in every language and by ``action_to_text``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from _breaking import paths, replaced
from conformance_cases import CASES, Case
from kniffel_rules import CHANCE, ActionParseError, InvalidStateError, KniffelError, Variant
from kniffel_rules.lang import LANGS
from kniffel_rules.wire import action_schema

IDS = [f"{c.variant}-{c.id}" for c in CASES]
_PER_NODE = 8  # actions checked per node besides the one played (chance nodes have up to 252)


def _nodes(case: Case, seed: int) -> Iterator[tuple[Variant, Any, random.Random]]:
    game = kniffel_rules.get_variant(case.variant)
    rng = random.Random(seed)
    state = case.start()
    while not game.is_terminal(state):
        yield game, state, rng
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
    yield game, state, rng


def _check_action(game: Variant, state: Any, action: Any, validator: Any) -> None:
    data = game.action_to_dict(action)
    assert next(iter(data)) == "type" and isinstance(data["type"], str)
    assert json.loads(json.dumps(data)) == data, "not JSON-ready"
    validator.validate(data)
    assert game.action_from_dict(data) == action
    assert game.action_from_dict(json.loads(json.dumps(data))) == action
    text = game.action_to_text(action)
    assert isinstance(text, str) and text == text.strip() and "\n" not in text
    assert game.parse_action(state, text) == action, text
    seat = game.current_player(state)
    if seat >= 0:  # the mover's own view reads it too
        assert game.parse_action(game.observation(state, seat), text) == action, text


def _check_views(game: Variant, state: Any) -> None:
    to_move = game.current_player(state)
    seats = len(game.scores(state))
    for seat in range(seats):
        obs = game.observation(state, seat)
        assert game.current_player(obs) == to_move
        data = game.observation_to_dict(obs)
        assert json.loads(json.dumps(data)) == data, "an observation dict that is not JSON"
        assert game.observation_from_dict(json.loads(json.dumps(data))) == obs
        if seat == to_move:
            assert game.legal_actions(obs) == game.legal_actions(state)
        else:
            assert game.legal_actions(obs) == ()


@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=pytest.mark.slow) for s in (1, 2, 3))])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_action_round_trips_on_the_wire(case: Case, seed: int) -> None:
    validator = jsonschema.Draft202012Validator(action_schema(case.variant))
    for game, state, rng in _nodes(case, seed):
        actions = game.legal_actions(state)
        texts = [game.action_to_text(a) for a in actions]
        assert len(set(texts)) == len(texts), "two legal actions share a text"
        # every decision through its object (a throw's outcomes: a sample of 40), a
        # sample of both through everything
        chance = game.current_player(state) == CHANCE
        every = rng.sample(actions, min(40, len(actions))) if chance else actions
        for action in every:
            assert game.action_from_dict(game.action_to_dict(action)) == action
        # the default run samples; the slow runs take every decision through everything
        full = seed > 0 and not chance
        for action in actions if full else rng.sample(actions, min(_PER_NODE, len(actions))):
            _check_action(game, state, action, validator)
        _check_views(game, state)


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
@settings(max_examples=60)
@given(
    data=st.recursive(
        st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=10,
    )
)
def test_action_from_dict_refuses_junk_with_invalid_state_error(variant: str, data: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    try:
        action = game.action_from_dict(data)
    except InvalidStateError as exc:
        message = str(exc)
        assert message
    else:
        assert game.action_from_dict(game.action_to_dict(action)) == action


def _changes(value: Any, words: list[str]) -> list[Any]:
    """What a client might put in place of ``value``: a near or far number, another word
    of the game's documents, the list emptied, shortened or with an item twice, the
    object without one of its keys."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, -1, 7, 13]
    if isinstance(value, str):
        return [w for w in words if w != value]
    if isinstance(value, list):
        return [[], value[:-1], [*value, *value[:1]]]
    if isinstance(value, dict):
        return [{k: v for k, v in value.items() if k != drop} for drop in value]
    return [0, "x"]


def _changed_documents(doc: dict[str, Any], words: list[str]) -> Iterator[dict[str, Any]]:
    """``doc`` with one part (any but its ``type``) changed, in each way of `_changes`."""
    for path in paths(doc)[1:]:
        if path == ("type",):
            continue
        value: Any = doc
        for key in path:
            value = value[key]
        for option in _changes(value, words):
            yield replaced(doc, path, option)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_an_action_read_from_a_changed_document_is_named_in_every_language(case: Case) -> None:
    """Whatever ``action_from_dict`` accepts is an action of the game, legal or not: it
    has a phrase in every language and a text, round-trips, and gets a rule's answer
    (an app shows a client's refused action to its players).

    Every kind of action and outcome met in a seeded playout (two documents of each),
    every part of its document, every change of `_changes`.
    """
    game = kniffel_rules.get_variant(case.variant)
    seen: dict[str, list[tuple[Any, dict[str, Any]]]] = {}
    for _, state, _ in _nodes(case, 0):
        for action in game.legal_actions(state)[:60]:
            doc = game.action_to_dict(action)
            kind = seen.setdefault(doc["type"], [])
            if len(kind) < 2 and all(d != doc for _, d in kind):
                kind.append((state, doc))
    docs = [d for kind in seen.values() for _, d in kind]
    every = sorted({w for d in docs for w in json.dumps(d).split('"')[1::2]} - {"type"})
    words = every[:: max(1, len(every) // 12)]  # a dozen of the game's words, spread out
    read = 0
    for state, doc in (pair for kind in seen.values() for pair in kind):
        for changed in _changed_documents(doc, words):
            try:
                action = game.action_from_dict(changed)
            except InvalidStateError:
                continue
            read += 1
            for lang in LANGS:
                phrase = game.render_action(action, lang=lang)
                assert isinstance(phrase, str) and phrase.strip() == phrase != "", (changed, lang)
            text = game.action_to_text(action)
            assert isinstance(text, str) and text.strip() == text != "", changed
            assert game.action_from_dict(game.action_to_dict(action)) == action
            game.why_illegal(state, action)  # a rule's answer, never another exception
    assert read, "no changed document was read: the sweep changes nothing"


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
@settings(max_examples=60)
@given(text=st.text(max_size=40) | st.sampled_from(["", " ", "\x00", "🎲" * 3, "x" * 10_000]))
def test_parse_action_refuses_junk_with_action_parse_error(variant: str, text: str) -> None:
    game = kniffel_rules.get_variant(variant)
    state = game.new_game(2)
    before = game.to_json(state)
    try:
        action = game.parse_action(state, text)
    except ActionParseError as exc:
        error: Exception = exc
        assert isinstance(error, ValueError) and isinstance(error, KniffelError) and str(error)
    else:
        assert game.is_legal(state, action)
    assert game.to_json(state) == before


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
@pytest.mark.parametrize("junk", [None, 3, b"roll", ["roll"], object()])
def test_parse_action_refuses_what_is_not_text(variant: str, junk: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(ActionParseError, match="expected the text of an action"):
        game.parse_action(game.new_game(2), junk)


def _views(variant: str) -> list[dict[str, Any]]:
    """Observation documents of every seat along a short seeded playout of ``variant``."""
    case = next(c for c in CASES if c.variant == variant)
    docs = []
    for i, (game, state, _) in enumerate(_nodes(case, 7)):
        if i % 9 == 0:
            seats = range(min(2, len(game.scores(state))))
            docs += [game.observation_to_dict(game.observation(state, p)) for p in seats]
        if len(docs) >= 12:
            break
    return docs


_VIEWS = {variant: _views(variant) for variant in sorted(kniffel_rules.VARIANTS)}
_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
@settings(max_examples=150)
@given(pick=st.randoms(use_true_random=False), junk=_JUNK)
def test_observation_from_dict_refuses_a_changed_field_cleanly(
    variant: str, pick: random.Random, junk: Any
) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = pick.choice(_VIEWS[variant])
    changed = replaced(doc, pick.choice(paths(doc)), junk)
    before = json.dumps(changed)
    try:
        obs = game.observation_from_dict(changed)
    except InvalidStateError as exc:
        message = str(exc)
        assert message
    else:  # a change that still describes a view: it reads back as itself
        assert game.observation_from_dict(game.observation_to_dict(obs)) == obs
    assert json.dumps(changed) == before, "the document was mutated"


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
@settings(max_examples=60)
@given(data=_JUNK)
def test_observation_from_dict_refuses_junk(variant: str, data: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(InvalidStateError):
        game.observation_from_dict(data)


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_observation_from_dict_names_the_field(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = _VIEWS[variant][0]
    other = "classic" if variant != "classic" else "duel"
    cases: list[tuple[Any, str]] = [
        (replaced(doc, ("variant",), other), "variant"),
        (replaced(doc, ("player",), 7), "player"),
        (replaced(doc, ("player",), True), "player"),
        ({**doc, "extra": 1}, ""),
        ({k: v for k, v in doc.items() if k != "to_move"}, ""),
        ([doc], ""),
    ]
    mover = doc["to_move"]
    cases.append((replaced(doc, ("to_move",), 1 if mover != 1 else 0), "to_move"))
    for data, path in cases:
        with pytest.raises(InvalidStateError) as info:
            game.observation_from_dict(data)
        assert info.value.path.split(".")[0].split("[")[0] == path or (
            path == "to_move" and info.value.path == "observation.to_move"
        ), (data, info.value)


@pytest.mark.parametrize("variant", sorted(kniffel_rules.VARIANTS))
def test_the_wire_refuses_objects_of_another_game(variant: str) -> None:
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(InvalidStateError) as info:
        game.action_to_dict(object())
    assert info.value.path == "action"
    with pytest.raises(InvalidStateError):
        game.action_to_text("roll")
    with pytest.raises(InvalidStateError):
        game.observation(object(), 0)
    with pytest.raises(InvalidStateError) as bad_seat:
        game.observation(game.new_game(2), 2)
    assert bad_seat.value.path == "player"
    with pytest.raises(InvalidStateError) as twice:
        game.observation(game.observation(game.new_game(2), 0), 0)
    assert twice.value.path == "state"
    with pytest.raises(InvalidStateError):
        game.observation_to_dict(object())
