"""Untrusted input to the Duell: junk actions, junk states, mutated documents.

Only `InvalidStateError` (or, for a constructed action that the rules refuse,
`IllegalActionError`) escapes; nothing equal to a legal action is built from
anything but the documented field types; nothing is mutated.
"""

from __future__ import annotations

import enum
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _breaking import paths
from duel.helpers import position
from kniffel_rules import InvalidStateError, play, random_policy
from kniffel_rules.dice import D6, all_multisets, sub_multisets
from kniffel_rules.duel import (
    Area,
    DiceRoll,
    Joker,
    Miss,
    Move,
    Phase,
    Roll,
    Rules,
    Spot,
    apply,
    combinations,
    current_player,
    from_json,
    is_legal,
    is_terminal,
    legal_actions,
    sample_chance,
    scores,
    to_json,
    why_illegal,
)
from kniffel_rules.duel.combinations import adjacent_triples
from kniffel_rules.duel.legality import (
    candidates,
    has_won,
    joker_hand_problem,
    joker_problem,
    listing,
    miss_problem,
    movable_areas,
    move_problem,
    move_target,
    problem,
    roll_problem,
    win_reason,
)
from kniffel_rules.duel.pieces import AREAS
from kniffel_rules.errors import IllegalActionError

# Every action and outcome a Duell state can ever list (any dice, any position).
LEGAL: frozenset[object] = frozenset(
    [Miss()]
    + [Move(a) for a in AREAS]
    + [Joker(d, f) for d in D6 for f in D6]
    + [Roll(k) for dice in all_multisets(5) for k in sub_multisets(dice)]
    + [DiceRoll(m) for k in range(6) for m in all_multisets(k)]
)


class _Other(enum.Enum):
    ONE = 1


JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False) | st.sampled_from([1.0, 4.0, -0.0]),
    st.fractions() | st.just(Fraction(3)),
    st.integers(min_value=7) | st.integers(max_value=0) | st.just(10**5000),
    st.text(max_size=3),
    st.none(),
    st.sampled_from([*Area, *Spot, *Phase, _Other.ONE]),
    st.lists(st.integers(1, 6), max_size=2),
)


def _huge(value: object) -> bool:
    return isinstance(value, int) and abs(value) > 10**4000


def _built(make: Any, *args: Any) -> object | None:
    try:
        built: object = make(*args)
    except InvalidStateError:
        return None
    return built


@settings(max_examples=150, deadline=None)
@given(junk=JUNK, good=st.integers(1, 6))
def test_junk_fields_never_build_a_legal_action(junk: Any, good: int) -> None:
    built = [
        _built(Joker, junk, good),
        _built(Joker, good, junk),
        None if isinstance(junk, Area) else _built(Move, junk),
        _built(Roll, [junk]),
        _built(Roll, [good, junk]),
        _built(DiceRoll, [junk] * 5),
        _built(DiceRoll, [good, good, good, good, junk]),
    ]
    for action in built:
        if action is not None:
            assert action not in LEGAL, action


@pytest.mark.parametrize("junk", [1.0, True, Fraction(1), "1", None, Area.ONES])
def test_the_issue_examples_fail_at_construction(junk: Any) -> None:
    with pytest.raises(InvalidStateError, match="die: expected an integer"):
        Joker(junk, 4)
    with pytest.raises(InvalidStateError, match="face: expected an integer"):
        Joker(1, junk)
    if not isinstance(junk, Area):
        with pytest.raises(InvalidStateError, match="area: expected a Area"):
            Move(junk)
    with pytest.raises(InvalidStateError, match="keep"):
        Roll([junk])  # pyright: ignore[reportArgumentType]


def test_a_huge_integer_is_no_area() -> None:
    with pytest.raises(InvalidStateError, match="area"):
        Move(10**5000)  # type: ignore[arg-type]


ROLLED = position({Area.TWOS: Spot.RED_SPACE}, dice=(1, 2, 2, 5, 6), jokers=(2, 1), rolls=2)


@settings(max_examples=60, deadline=None)
@given(junk=JUNK, good=st.integers(1, 6))
def test_integer_junk_gets_a_rule_refusal_and_changes_nothing(junk: Any, good: int) -> None:
    before = to_json(ROLLED)
    for action in (_built(Joker, junk, good), _built(Joker, good, junk), _built(Roll, [junk])):
        if action is None:
            continue
        reason = why_illegal(ROLLED, action)
        assert reason is not None and reason.rule.startswith("DU-")
        with pytest.raises(IllegalActionError):
            apply(ROLLED, action)  # type: ignore[arg-type]
    assert to_json(ROLLED) == before


def test_a_huge_face_at_a_throw_is_a_protocol_refusal() -> None:
    throwing = apply(position(jokers=(1, 1)), Roll())
    reason = why_illegal(throwing, DiceRoll((1, 2, 3, 4, 10**5000)))
    assert reason is not None and reason.rule == "PR-04"
    assert (
        why_illegal(throwing, DiceRoll((1, 2, 3, 4, 7)))
        == "die faces are 1..6, got 1 2 3 4 7"
    )
    rolled = apply(ROLLED, Roll((2, 2)))
    assert why_illegal(rolled, DiceRoll((1, 2, 10**5000))) is not None


# --- junk where a state, a board, a seat or rules belong ---------------------------------

STATE_FUNCTIONS: tuple[Any, ...] = (
    scores,
    to_json,
    candidates,
    listing,
    movable_areas,
    miss_problem,
    joker_hand_problem,
    lambda s: move_target(s, Area.ONES),
    lambda s: move_problem(s, Area.ONES),
    lambda s: roll_problem(s, ()),
    lambda s: joker_problem(s, 1, 2),
    lambda s: problem(s, Miss()),
    lambda s: why_illegal(s, Miss()),
    lambda s: is_legal(s, Miss()),
)


@pytest.mark.parametrize("junk", [None, 3, "state", {}, [], Rules(), object()])
@pytest.mark.parametrize("function", STATE_FUNCTIONS)
def test_a_junk_state_is_refused_by_every_function(function: Any, junk: object) -> None:
    with pytest.raises(InvalidStateError, match="state: expected a duel State"):
        function(junk)


def test_junk_arguments_beside_a_state() -> None:
    board = ROLLED.board
    for bad in (
        lambda: win_reason(list(board), 0, Rules()),  # type: ignore[arg-type]
        lambda: win_reason(board[:10], 0, Rules()),
        lambda: win_reason((*board[:10], "centre"), 0, Rules()),  # type: ignore[arg-type]
        lambda: win_reason(board, True, Rules()),
        lambda: win_reason(board, 2, Rules()),
        lambda: win_reason(board, 10**5000, Rules()),
        lambda: has_won(board, 0, {}),  # type: ignore[arg-type]
        lambda: adjacent_triples([]),  # type: ignore[arg-type]
        lambda: adjacent_triples(None),  # type: ignore[arg-type]
        lambda: combinations(None),  # type: ignore[arg-type]
        lambda: combinations((1, 2, 3)),
        lambda: combinations((1, 2, 3, 4, 10**5000)),
        lambda: roll_problem(ROLLED, None),  # type: ignore[arg-type]
        lambda: roll_problem(ROLLED, (1.0,)),  # type: ignore[arg-type]
        lambda: ROLLED.spot("ones"),  # type: ignore[arg-type]
        lambda: ROLLED.secured(2),
        lambda: ROLLED.secured(True),
    ):
        with pytest.raises(InvalidStateError):
            bad()
    assert win_reason(board, 0, Rules()) is None
    assert roll_problem(ROLLED, [6, 1]) is None  # type: ignore[arg-type]  # faces in any order, as Roll takes them
    assert move_target(ROLLED, "ones") == "Move needs a duel Area, got 'ones'"
    assert joker_problem(ROLLED, 10**5000, 1) == (
        "a joker turns a die to a face 1..6, got <int of 16610 bits>"
    )


# --- mutated documents ---------------------------------------------------------------------


def _documents() -> list[dict[str, Any]]:
    final = play("duel", [random_policy] * 2, seed=3, rules=Rules(match_wins=2))
    return [json.loads(to_json(s)) for s in (ROLLED, final, position(jokers=(1, 1)))]


DOCS = _documents()
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 14),
    st.just(10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", "centre", "red_hole", "blue_space", "over", "throw", "\ufeff"]),
    st.lists(st.integers(0, 7), max_size=6),
    st.just({}),
)


@settings(max_examples=200, deadline=None)
@given(
    which=st.integers(0, len(DOCS) - 1),
    choice=st.integers(0, 10**6),
    how=st.sampled_from(["set", "delete", "rename"]),
    value=VALUES,
)
def test_a_mutated_document_is_refused_or_reachable(
    which: int, choice: int, how: str, value: Any
) -> None:
    doc = json.loads(json.dumps(DOCS[which]))
    found = paths(doc)[1:]
    path = found[choice % len(found)]
    node = doc
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if how == "set" or isinstance(node, list):
        node[last] = value
    elif how == "delete":
        del node[last]
    else:
        node[f"{last}_"] = node.pop(last)
    text = json.dumps(doc)
    try:
        state = from_json(text)
    except InvalidStateError:
        return
    assert from_json(to_json(state)) == state
    rng = random.Random(choice)
    for _ in range(30):  # it plays on
        if is_terminal(state):
            break
        if current_player(state) < 0:
            state = apply(state, sample_chance(state, rng))
        else:
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])
        assert from_json(to_json(state)) == state


def test_duplicate_keys_and_oversize_names_are_refused() -> None:
    text = to_json(ROLLED)
    doubled = text.replace('"board":', '"board": {}, "board":', 1)
    with pytest.raises(InvalidStateError):
        from_json(doubled)
    d = json.loads(text)
    d["players"][0]["name"] = "\ud800"
    with pytest.raises(InvalidStateError, match=r"players\[0\]\.name"):
        from_json(json.dumps(d))
