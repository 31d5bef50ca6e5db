"""Extreme with untrusted input: junk actions, outcomes, states and documents.

Only `KniffelError` subclasses escape; a constructor given junk raises
`InvalidStateError` and never builds something equal to a real action;
nothing is mutated; every document ``from_json`` accepts reads back and plays on.
"""

from __future__ import annotations

import copy
import enum
import json
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _breaking import paths
from _ids import shown
from extreme.helpers import witness
from kniffel_rules import (
    CHANCE,
    DiceRoll,
    IllegalActionError,
    InvalidStateError,
    KniffelError,
    classic,
    extreme,
    limits,
)
from kniffel_rules._dicegame import Phase
from kniffel_rules.dice import all_multisets
from kniffel_rules.extreme import Box, ExtremeRoll, Roll, Rules, Score, State
from kniffel_rules.extreme.combinations import check_faces, possible_values
from kniffel_rules.extreme.pieces import layout


class Small(enum.IntEnum):
    THREE = 3


# Every action and outcome a game of Extreme can ever offer.
REAL: frozenset[object] = frozenset(
    {Roll(m, d10) for k in range(6) for m in all_multisets(k) for d10 in (False, True)}
    | {Score(b) for b in Box}
    | {ExtremeRoll(m, f) for k in range(6) for m in all_multisets(k) for f in (None, *range(10))}
)

JUNK_SCALARS = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(1, 6).map(float),
    st.integers(0, 9).map(lambda v: Fraction(v)),
    st.integers(min_value=2**63),
    st.integers(max_value=-1),
    st.text(max_size=3),
    st.none(),
    st.sampled_from([classic.Box.CHANCE, Phase.DECIDE, "chance", "", b"\x03", {3: 3}, {}]),
)


def _construct(make: Any, *args: Any) -> object | None:
    """The object built, or None when the constructor refused with InvalidStateError."""
    try:
        obj: object = make(*args)
    except InvalidStateError:
        return None
    return obj


@settings(max_examples=150)
@given(
    faces=st.lists(st.one_of(JUNK_SCALARS, st.integers(1, 6)), max_size=6),
    flag=JUNK_SCALARS,
    junk=JUNK_SCALARS,
)
def test_junk_fields_never_make_a_real_action(faces: list[Any], flag: Any, junk: Any) -> None:
    clean = all(type(v) is int for v in faces)
    for obj in (
        _construct(Roll, faces, flag) if not isinstance(flag, bool) else None,
        _construct(Roll, faces, False) if not clean else None,
        _construct(Roll, junk),
        _construct(Score, junk),
        _construct(ExtremeRoll, faces, junk) if junk is not None else None,
        _construct(ExtremeRoll, junk, None),
    ):
        if obj is not None:  # only huge or negative faces get through; no real action has them
            assert obj not in REAL, obj
    assert _construct(Roll, [1], flag) is None or isinstance(flag, bool)
    assert _construct(Score, junk) is None
    assert junk is None or _construct(ExtremeRoll, [1], junk) is None


def test_the_refused_fields_are_named() -> None:
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: Roll((1,), 1), "keep_d10"),
        (lambda: Roll((1.0,)), "keep_d6"),  # type: ignore[arg-type]
        (lambda: Roll((True,)), "keep_d6"),
        (lambda: Roll(5), "keep_d6"),  # type: ignore[arg-type]
        (lambda: Score(Box.CHANCE.value), "box"),  # type: ignore[arg-type]
        (lambda: Score(classic.Box.CHANCE), "box"),  # type: ignore[arg-type]
        (lambda: ExtremeRoll((1,), True), "d10"),
        (lambda: ExtremeRoll((1,), 3.0), "d10"),
        (lambda: ExtremeRoll((1,), Fraction(3)), "d10"),
        (lambda: ExtremeRoll((1,), 10), "d10"),
        (lambda: ExtremeRoll((1,), -1), "d10"),
        (lambda: ExtremeRoll((Fraction(1),), 3), "d6"),  # type: ignore[arg-type]
    ]
    for make, field in cases:
        with pytest.raises(InvalidStateError) as info:
            make()
        assert info.value.path == field


def test_an_int_subclass_is_stored_as_a_plain_int() -> None:
    roll, outcome = Roll((Small.THREE,)), ExtremeRoll((Small.THREE,), Small.THREE)
    assert roll == Roll((3,)) and outcome == ExtremeRoll((3,), 3)
    assert {type(v) for v in (*roll.keep_d6, *outcome.d6, outcome.d10)} == {int}


def _states() -> list[State]:
    rng = random.Random(7)
    found = [extreme.new_game(3)]
    state = extreme.new_game(2, rules=Rules(chips=1), first_player=1)
    while not extreme.is_terminal(state):
        found.append(state)
        if extreme.current_player(state) == CHANCE:
            state = extreme.apply(state, extreme.sample_chance(state, rng))
        else:
            actions = extreme.legal_actions(state)
            state = extreme.apply(state, actions[rng.randrange(len(actions))])
    return [*found[:: len(found) // 40], state]


STATES = _states()
JUNK_ACTIONS: list[object] = [
    None,
    1,
    "Roll()",
    object(),
    Roll((7,)),
    Roll((10**40,)),
    Roll((-1, 2)),
    Roll((1, 1, 1, 1, 1, 1), True),
    ExtremeRoll((), None),
    ExtremeRoll((10**40,) * 5, 0),
    ExtremeRoll((0, 1, 2, 3, 4, 5, 6), 1),
    DiceRoll((10**40,)),
    DiceRoll((1, 2, 3, 4, 5, 6, 7)),
    classic.Roll(),
    classic.Score(classic.Box.CHANCE),
]


@pytest.mark.parametrize("index", range(0, len(STATES), 3))
def test_junk_actions_are_refused_and_change_nothing(index: int) -> None:
    state = STATES[index]
    before = extreme.to_json(state)
    legal = set(extreme.legal_actions(state))
    for action in [*JUNK_ACTIONS, *sorted(REAL - legal, key=repr)[::97]]:
        reason = extreme.why_illegal(state, action)
        assert reason is not None, action
        with pytest.raises(IllegalActionError):
            extreme.apply(state, action)  # type: ignore[arg-type]
    assert extreme.to_json(state) == before


JUNK_STATES: list[object] = [None, 0, "state", {}, classic.new_game(), extreme.Rules()]


@pytest.mark.parametrize("junk", JUNK_STATES, ids=shown)
def test_junk_states_are_refused_everywhere(junk: object) -> None:
    calls: list[Any] = [
        extreme.current_player,
        extreme.is_terminal,
        extreme.legal_actions,
        extreme.chance_outcomes,
        extreme.scores,
        extreme.winners,
        extreme.to_json,
        lambda s: extreme.sample_chance(s, random.Random(0)),
        lambda s: extreme.why_illegal(s, Roll()),
        lambda s: extreme.is_legal(s, Roll()),
        lambda s: extreme.apply(s, Roll()),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError):
            call(junk)


def test_junk_arguments_of_the_other_public_functions() -> None:
    calls: list[Callable[[], object]] = [
        lambda: layout([]),  # type: ignore[arg-type]
        lambda: layout(classic.Rules()),  # type: ignore[arg-type]
        lambda: possible_values([]),  # type: ignore[arg-type]
        lambda: possible_values("chance"),  # type: ignore[arg-type]
        lambda: extreme.score("chance", (1, 2, 3, 4, 5, 6)),  # type: ignore[arg-type]
        lambda: extreme.score(Box.CHANCE, (1, 2, 3, 4, 5, 6.0)),  # type: ignore[arg-type]
        lambda: extreme.score(Box.CHANCE, None),  # type: ignore[arg-type]
        lambda: check_faces((1, 2, 3, 4, 5, 10**40)),
        lambda: extreme.new_game(limits.MAX_PLAYERS + 1),
        lambda: extreme.new_game(True),
        lambda: extreme.new_game(["Ann", "\ud800"]),
        lambda: extreme.new_game(2, rules={"chips": 2}),  # type: ignore[arg-type]
        lambda: extreme.new_game(2, first_player=1.0),  # type: ignore[arg-type]
        lambda: extreme.Rules(chips=True),
        lambda: extreme.Rules(chips=23),
        lambda: extreme.Rules.from_dict({"chips": 2.0}),
        lambda: extreme.from_json(None),  # type: ignore[arg-type]
        lambda: extreme.from_json("[" * 10_000),
        lambda: extreme.from_json(b"\xff\xfe"),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError):
            call()


# --- damaged documents: refused with InvalidStateError, or read back and played on ------------

DOCS = [json.loads(extreme.to_json(s)) for s in STATES]
VALUES = st.one_of(
    JUNK_SCALARS.filter(lambda v: not isinstance(v, (enum.Enum, bytes, Fraction))),
    st.integers(-3, 25),
    st.sampled_from(["roll_off", "throw", "decide", "over", [1, 2, 3, 4, 5], [0, 1]]),
    st.just({"contenders": [0, 1], "faces": []}),
)


@settings(max_examples=120)
@given(
    doc_index=st.integers(0, len(DOCS) - 1),
    edits=st.lists(st.tuples(st.integers(0), VALUES), min_size=1, max_size=3),
)
def test_damaged_documents_are_refused_or_play_on(doc_index: int, edits: list[Any]) -> None:
    doc = json.loads(json.dumps(DOCS[doc_index]))
    for where, value in edits:
        found = paths(doc)[1:]
        path = found[where % len(found)]
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = copy.deepcopy(value)  # never the same object twice (no cycles)
    try:
        state = extreme.from_json(json.dumps(doc))
    except InvalidStateError:
        return
    assert extreme.from_json(extreme.to_json(state)) == state
    assert witness(state) == state  # accepted, so reachable: the replay reaches it
    extreme.scores(state)
    if extreme.is_terminal(state):
        return
    actions: list[Any] = list(extreme.legal_actions(state))
    assert actions
    for action in actions[:: max(1, len(actions) // 5)]:
        try:
            extreme.apply(state, action)
        except KniffelError as exc:  # pragma: no cover - a legal action must apply
            pytest.fail(f"{action!r} is listed but refused: {exc}")
