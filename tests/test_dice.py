"""The shared dice helpers, checked against independent definitions."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import DiceRoll, InvalidStateError, dice

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
