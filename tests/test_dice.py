# ruff: noqa: E501  (a table of exact messages reads best one case a line)
"""The shared dice helpers, checked against independent definitions."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import DiceRoll, InvalidStateError, dice, limits

FACES_D10 = tuple(range(10))
NOT_A_FACE: Any = "2"


@pytest.mark.parametrize("k", range(6))
def test_roll_outcomes_match_counting_ordered_throws(k: int) -> None:
    ordered = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=k))
    outcomes = dict(dice.roll_outcomes(k))
    assert outcomes == {m: Fraction(c, 6**k) for m, c in ordered.items()}
    assert sum(outcomes.values()) == 1


def test_five_dice_have_252_outcomes_and_a_d10_ten() -> None:
    assert len(dice.roll_outcomes(5)) == 252
    assert len(dice.roll_outcomes(1, FACES_D10)) == 10
    assert sum(p for _, p in dice.roll_outcomes(3, FACES_D10)) == 1


@given(st.integers(0, 7), st.integers(0, 2**32))
def test_sample_roll_is_a_sorted_outcome_and_consumes_one_call(k: int, seed: int) -> None:
    rng, twin = random.Random(seed), random.Random(seed)
    roll = dice.sample_roll(rng, k)
    assert roll == tuple(sorted(roll)) and len(roll) == k
    assert all(1 <= v <= 6 for v in roll)
    if k:
        twin.randrange(6**k)
    assert rng.random() == twin.random()


def test_sample_roll_decodes_base_six_digits() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
            return 1 + 2 * 6 + 5 * 36  # digits 1, 2, 5 -> faces 2, 3, 6

    assert dice.sample_roll(Fixed(), 3) == (2, 3, 6)


@given(st.lists(st.integers(1, 6), max_size=5))
def test_sub_multisets_are_exactly_the_contained_multisets(values: list[int]) -> None:
    d = tuple(sorted(values))
    subs = dice.sub_multisets(d)
    brute = {tuple(sorted(c)) for r in range(len(d) + 1) for c in itertools.combinations(d, r)}
    assert set(subs) == brute and len(subs) == len(brute)
    assert list(subs) == sorted(subs, key=lambda s: (len(s), s))
    for s in subs:
        assert dice.is_sub_multiset(s, d)
        assert sorted(dice.multiset_difference(d, s) + s) == list(d)


def test_is_sub_multiset_respects_multiplicity() -> None:
    assert dice.is_sub_multiset((3, 3), (1, 3, 3, 5, 6))
    assert not dice.is_sub_multiset((3, 3, 3), (1, 3, 3, 5, 6))
    with pytest.raises(InvalidStateError) as info:
        dice.multiset_difference((1, 2), (3,))
    assert (info.value.path, info.value.detail) == ("sub", "(3,) is not part of (1, 2)")


@given(st.lists(st.integers(0, 9), min_size=1, max_size=6))
def test_detectors_against_brute_force(values: list[int]) -> None:
    c = Counter(values)
    assert dice.counts(values) == dict(c)
    assert dice.max_of_a_kind(values) == max(c.values())
    for n in range(1, 7):
        assert dice.has_of_a_kind(values, n) == any(v >= n for v in c.values())
        assert dice.groups(values, n) == len([v for v in c.values() if v >= n])
    full = any(c[a] >= 3 and c[b] >= 2 for a in c for b in c if a != b)
    assert dice.is_full_house(values) == full
    runs = [n for n in range(1, 11) for lo in range(10) if all(lo + i in c for i in range(n))]
    assert dice.longest_run(values) == max(runs)
    assert dice.has_straight(values, 4) == (max(runs) >= 4)
    assert dice.total(values) == sum(values)
    assert dice.face_sum(values, values[0]) == values[0] * c[values[0]]


def test_runs_use_the_d10_faces() -> None:
    assert dice.longest_run((0, 1, 2, 3, 5, 5)) == 4
    assert dice.longest_run((3, 4, 5, 6, 7)) == 5


def test_diceroll_normalises_and_validates() -> None:
    assert DiceRoll([3, 1, 2]) == DiceRoll((1, 2, 3))
    assert repr(DiceRoll([2, 1])) == "DiceRoll((1, 2))"
    with pytest.raises(InvalidStateError):
        DiceRoll(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        DiceRoll(["a"])  # type: ignore[list-item]
    with pytest.raises(InvalidStateError):
        DiceRoll([True])


def test_multiset_probability() -> None:
    assert dice.multiset_probability((1, 2, 3, 4, 5)) == Fraction(120, 7776)
    assert dice.multiset_probability((6, 6, 6, 6, 6)) == Fraction(1, 7776)
    assert dice.multiset_probability(()) == 1


def test_detectors_of_no_dice() -> None:
    assert dice.max_of_a_kind(()) == 0
    assert dice.longest_run(()) == 0
    assert dice.longest_run((4,)) == 1


def test_bad_faces_are_named_by_their_field() -> None:
    with pytest.raises(InvalidStateError) as info:
        dice.sorted_faces([1, NOT_A_FACE])
    assert (info.value.path, info.value.detail) == (
        "values",
        "a die face must be an integer, got '2'",
    )
    with pytest.raises(InvalidStateError) as roll:
        DiceRoll(5)  # type: ignore[arg-type]
    assert (roll.value.path, roll.value.detail) == (
        "values",
        "expected a sequence of dice faces, got 5",
    )


@pytest.mark.parametrize("k", [1, 3, 6])
def test_sample_roll_uses_the_faces_it_is_given(k: int) -> None:
    faces = (0, 7, 8)
    rng = random.Random(k)
    throws = [dice.sample_roll(rng, k, faces) for _ in range(50)]
    assert all(len(t) == k and set(t) <= set(faces) for t in throws)
    assert {f for t in throws for f in t} == set(faces)


@pytest.mark.parametrize("junk", ["", "33", b"", b"\x03", bytearray(b"\x03"), {3: 1}, {3, 1}])
def test_text_bytes_mappings_and_sets_are_no_dice(junk: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        DiceRoll(junk)  # type: ignore[arg-type]
    assert info.value.path == "values"
    assert info.value.detail == f"expected a sequence of dice faces, got {junk!r}"


@pytest.mark.parametrize(
    ("keep", "faces", "noun", "text"),
    [
        ((6, 6), (2, 3, 3, 3, 5), "", "cannot keep 6 6: there is no 6 among 2 3 3 3 5"),
        ((3, 3), (1, 2, 3, 4, 5), "", "cannot keep 3 3: there is only one 3 among 1 2 3 4 5"),
        ((3, 3, 3), (1, 3, 3, 4, 5), "",
         "cannot keep 3 3 3: there are only two 3s among 1 3 3 4 5"),
        (
            (3, 3, 3, 3),
            (2, 3, 3, 3, 5),
            "",
            "cannot keep 3 3 3 3: there are only three 3s among 2 3 3 3 5",
        ),
        (
            (1, 1, 1, 1, 1, 1),
            (1, 1, 1, 1, 1, 2),
            "",
            "cannot keep 1 1 1 1 1 1: there are only five 1s among 1 1 1 1 1 2",
        ),
        ((2, 6), (2, 3), "six-sided",
         "cannot keep 2 6: there is no 6 among the six-sided dice 2 3"),
        ((4,), (), "", "cannot keep 4: there is no 4 among none"),
        ((5, 5), (1, 5), "any", "cannot keep 5 5: there is only one 5 among the dice 1 5"),
        ((1,), (1, 2), "", "cannot keep 1 from 1 2"),
    ],
)
def test_keep_shortfall_says_which_face_is_missing(
    keep: tuple[int, ...], faces: tuple[int, ...], noun: str, text: str
) -> None:
    assert dice.keep_shortfall(keep, faces, noun) == text
    german = dice.keep_shortfall(keep, faces, noun).localized("de")  # from the catalogue
    assert german != text and not german.startswith("cannot")


def test_keep_shortfall_counts_beyond_six_in_digits() -> None:
    assert dice.keep_shortfall((1,) * 8, (1,) * 7) == (
        "cannot keep 1 1 1 1 1 1 1 1: there are only 7 1s among 1 1 1 1 1 1 1"
    )


# --- the helpers' argument checks -------------------------------------------------------------

J: Any = None  # junk, typed loosely on purpose


def _as_any(value: object) -> Any:
    return value


A = _as_any  # a junk argument, typed loosely on purpose
TOO_MANY = (1,) * (limits.MAX_DICE + 1)
TEN = tuple(range(limits.MAX_FACES))


@pytest.mark.parametrize(
    ("call", "path", "detail"),
    [
        (lambda: dice.counts(J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.counts(A("abc")), "values", "expected a sequence of dice faces, got 'abc'"),
        (lambda: dice.counts(A((1, 2, "x"))), "values", "a die face must be an integer, got 'x'"),
        (lambda: dice.counts((1, True)), "values", "a die face must be an integer, got True"),
        (lambda: dice.counts(A([1.5])), "values", "a die face must be an integer, got 1.5"),
        (lambda: dice.count_of(J, 3), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.count_of((1, 3), J), "face", "expected an integer, got null"),
        (lambda: dice.face_sum(A((3, "3")), 3), "values", "a die face must be an integer, got '3'"),
        (lambda: dice.face_sum((3,), A(3.0)), "face", "expected an integer, got float"),
        (lambda: dice.total(A({1: 2})), "values", "expected a sequence of dice faces, got {1: 2}"),
        (lambda: dice.max_of_a_kind(J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.has_of_a_kind(A({1, 2}), 2), "values", "expected a sequence of dice faces, got {1, 2}"),
        (lambda: dice.has_of_a_kind((1,), -1), "n", "-1 is below the minimum 0"),
        (lambda: dice.has_of_a_kind((1,), A("3")), "n", "expected an integer, got str"),
        (lambda: dice.groups(b"\x01", 2), "values", "expected a sequence of dice faces, got b'\\x01'"),
        (lambda: dice.groups((1, 1), -1), "at_least", "-1 is below the minimum 0"),
        (lambda: dice.groups((1, 1), J), "at_least", "expected an integer, got null"),
        (lambda: dice.count_profile(A(object)), "values", "expected a sequence of dice faces, got <class 'object'>"),
        (lambda: dice.is_full_house(J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.is_big_full_house(A("22")), "values", "expected a sequence of dice faces, got '22'"),
        (lambda: dice.longest_run(A((1, "2"))), "values", "a die face must be an integer, got '2'"),
        (lambda: dice.has_straight(J, 4), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.has_straight((1, 2), -1), "length", "-1 is below the minimum 0"),
        (lambda: dice.has_straight((1, 2), A(4.0)), "length", "expected an integer, got float"),
        (lambda: dice.sub_multisets(J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.sub_multisets(TOO_MANY), "values", "at most 10 dice, got 11"),
        (lambda: dice.sub_multisets(A([1, "1"])), "values", "a die face must be an integer, got '1'"),
        (lambda: dice.is_sub_multiset(J, (1,)), "sub", "expected a sequence of dice faces, got None"),
        (lambda: dice.is_sub_multiset((1,), J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.keep_shortfall(A("1"), (1,)), "sub", "expected a sequence of dice faces, got '1'"),
        (lambda: dice.keep_shortfall((1,), A((1, "x"))), "values", "a die face must be an integer, got 'x'"),
        (lambda: dice.multiset_difference(J, (1,)), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.multiset_difference((1,), [J]), "sub", "a die face must be an integer, got None"),
        (lambda: dice.multiset_difference((1, 2), (3,)), "sub", "(3,) is not part of (1, 2)"),
        (lambda: dice.multiset_probability(J), "values", "expected a sequence of dice faces, got None"),
        (lambda: dice.multiset_probability(TOO_MANY), "values", "at most 10 dice, got 11"),
        (lambda: dice.multiset_probability((1,), 0), "sides", "0 is below the minimum 1"),
        (lambda: dice.multiset_probability((1,), 11), "sides", "11 is above the maximum 10"),
        (lambda: dice.all_multisets(J), "k", "expected an integer, got null"),
        (lambda: dice.all_multisets(-1), "k", "-1 is below the minimum 0"),
        (lambda: dice.all_multisets(11), "k", "11 is above the maximum 10"),
        (lambda: dice.all_multisets(True), "k", "expected an integer, got bool"),
        (lambda: dice.all_multisets(2, ()), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got ()"),
        (lambda: dice.all_multisets(2, (1, 1)), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got (1, 1)"),
        (lambda: dice.all_multisets(2, (2, 1)), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got (2, 1)"),
        (lambda: dice.all_multisets(2, tuple(range(11))), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"),
        (lambda: dice.all_multisets(2, J), "faces", "expected a sequence of dice faces, got None"),
        (lambda: dice.roll_outcomes(11), "k", "11 is above the maximum 10"),
        (lambda: dice.roll_outcomes(1, A((1, "2"))), "faces", "a die face must be an integer, got '2'"),
        (lambda: dice.decode_throw(J, 1), "code", "expected an integer, got null"),
        (lambda: dice.decode_throw(-1, 1), "code", "-1 is below the minimum 0"),
        (lambda: dice.decode_throw(6, 1), "code", "6 is above the maximum 5"),
        (lambda: dice.decode_throw(10, 1, TEN), "code", "10 is above the maximum 9"),
        (lambda: dice.decode_throw(0, 11), "k", "11 is above the maximum 10"),
        (lambda: dice.decode_throw(0, 1, (3, 3)), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got (3, 3)"),
        (lambda: dice.sample_roll(J, 1), "rng", "expected a random.Random, got None"),
        (lambda: dice.sample_roll(A(random), 1), "rng", "expected a random.Random, got <module 'random' from ...>"),
        (lambda: dice.sample_roll(random.Random(1), 11), "k", "11 is above the maximum 10"),
        (lambda: dice.sample_roll(random.Random(1), 0, ()), "faces", "expected the faces of one die: 1 to 10 different integers, ascending, got ()"),
    ],
)  # fmt: skip
def test_junk_arguments_are_named(call: Any, path: str, detail: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        call()
    got = info.value.detail
    if detail.endswith("...>"):  # a module's repr names its file
        got = got[: len(detail) - 4] + "...>"
    assert (info.value.path, got) == (path, detail)


def test_the_limits_themselves_are_allowed() -> None:
    most = (1,) * limits.MAX_DICE
    assert len(dice.sub_multisets(most)) == limits.MAX_DICE + 1
    assert dice.multiset_probability(most, limits.MAX_FACES) == Fraction(1, 10**10)
    assert dice.multiset_probability((), 1) == 1
    assert dice.all_multisets(0) == ((),)
    assert len(dice.all_multisets(limits.MAX_DICE, (1, 2))) == limits.MAX_DICE + 1
    assert dice.all_multisets(3, (4,)) == ((4, 4, 4),)
    assert len(dice.all_multisets(1, TEN)) == limits.MAX_FACES
    assert dice.decode_throw(0, 1) == (1,) and dice.decode_throw(5, 1) == (6,)
    assert dice.decode_throw(6**limits.MAX_DICE - 1, limits.MAX_DICE) == (6,) * limits.MAX_DICE
    assert dice.decode_throw(9, 1, TEN) == (9,)
    assert dice.sample_roll(random.Random(1), 0, (5,)) == ()
    assert dice.sample_roll(random.Random(1), 2, (5,)) == (5, 5)
    assert dice.has_of_a_kind((), 0) and dice.groups((1, 2), 0) == 2
    assert dice.has_straight((), 0) and not dice.has_straight((1,), 2)
    assert dice.count_of((-3, 5, -3), -3) == 2 and dice.face_sum((10**30,), 10**30) == 10**30


def test_any_sequence_of_integers_is_dice() -> None:
    assert dice.counts([3, 1, 3]) == {3: 2, 1: 1}
    assert dice.longest_run([5, 3, 4]) == 3
    assert dice.is_sub_multiset([1], range(1, 3)) and dice.total(range(4)) == 6
    assert dice.sub_multisets([2, 1]) == ((), (1,), (2,), (1, 2))
    assert dice.multiset_difference([3, 1, 3], [3]) == (1, 3)
    assert dice.all_multisets(1, [7, 9]) == ((7,), (9,))


@pytest.mark.parametrize("k", range(limits.MAX_DICE + 1))
def test_decoding_without_a_table_gives_the_table_s_throws(k: int) -> None:
    # the d10: a table up to three dice, the decoding beyond; both read the same digits
    rng = random.Random(k)
    for _ in range(20):
        code = rng.randrange(10**k)
        digits = [(code // 10**i) % 10 for i in range(k)]
        assert dice.decode_throw(code, k, TEN) == tuple(sorted(digits))


_JUNK = st.one_of(
    st.none(), st.booleans(), st.floats(), st.text(max_size=3), st.binary(max_size=3),
    st.integers(-3, 12), st.lists(st.one_of(st.integers(-2, 12), st.booleans(), st.none(), st.text(max_size=1)), max_size=12),
    st.tuples(st.integers(0, 9), st.integers(0, 9)), st.dictionaries(st.integers(0, 6), st.integers(0, 6), max_size=2),
    st.frozensets(st.integers(0, 6), max_size=3),
)  # fmt: skip


@given(_JUNK, _JUNK, _JUNK)
def test_junk_gets_an_invalid_state_error_or_an_answer(a: Any, b: Any, c: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: dice.counts(a), lambda: dice.count_of(a, b), lambda: dice.face_sum(a, b),
        lambda: dice.total(a), lambda: dice.max_of_a_kind(a), lambda: dice.has_of_a_kind(a, b),
        lambda: dice.groups(a, b), lambda: dice.count_profile(a), lambda: dice.is_full_house(a),
        lambda: dice.is_big_full_house(a), lambda: dice.longest_run(a), lambda: dice.has_straight(a, b),
        lambda: dice.sub_multisets(a), lambda: dice.is_sub_multiset(a, b), lambda: dice.keep_shortfall(a, b),
        lambda: dice.multiset_difference(a, b), lambda: dice.multiset_probability(a, b),
        lambda: dice.all_multisets(a, b), lambda: dice.roll_outcomes(a, b), lambda: dice.decode_throw(a, b, c),
        lambda: dice.sample_roll(random.Random(0), a, b), lambda: dice.sorted_faces(a),
        *(partial(f, a) for f in dice.COMBINATIONS.values()),
    ]  # fmt: skip
    for call in calls:
        with contextlib.suppress(InvalidStateError):
            call()


def test_a_caller_s_many_dice_do_not_fill_the_caches() -> None:
    tables = (dice._multisets, dice._outcomes, dice._decode_table, dice._subs)
    for base in range(5000):
        dice.all_multisets(2, (base, base + 1))
        dice.roll_outcomes(1, (base, base + 2))
        dice.decode_throw(0, 1, (base, base + 3))
        dice.sub_multisets((base, base + 1))
    for table in tables:
        info = table.cache_info()
        assert info.maxsize is not None and info.currsize <= info.maxsize <= 4096
