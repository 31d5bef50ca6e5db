"""classic.score against an independent brute-force definition of every box."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import InvalidStateError
from kniffel_rules.classic import Box, Rules, score
from kniffel_rules.classic.combinations import possible_values
from kniffel_rules.classic.pieces import BOXES, CROATIAN_BOXES

ALL_ROLLS = sorted({tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=5)})


def brute(box: Box, d: tuple[int, ...], kniffel_is_fh: bool = False) -> int:
    """Each box defined from the rulebook's words, by enumeration, sharing no code."""
    n = {f: d.count(f) for f in range(1, 7)}
    if box.face is not None:
        return box.face * n[box.face]
    if box is Box.THREE_OF_A_KIND:
        return sum(d) if max(n.values()) >= 3 else 0
    if box is Box.FOUR_OF_A_KIND:
        return sum(d) if max(n.values()) >= 4 else 0
    if box is Box.FULL_HOUSE:
        three_two = any(n[a] == 3 and n[b] == 2 for a in n for b in n if a != b)
        return 25 if three_two or (kniffel_is_fh and 5 in n.values()) else 0
    if box is Box.SMALL_STRAIGHT:
        return 30 if any({s, s + 1, s + 2, s + 3} <= set(d) for s in (1, 2, 3)) else 0
    if box is Box.LARGE_STRAIGHT:
        return 40 if set(d) in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box is Box.KNIFFEL:
        return 50 if len(set(d)) == 1 else 0
    return sum(d)  # Chance, Maximum, Minimum


def test_there_are_252_rolls() -> None:
    assert len(ALL_ROLLS) == 252


@pytest.mark.rule("CL-08", "CL-10", "CL-11", "CL-12", "CL-13", "CL-14", "CL-15", "CL-16")
@pytest.mark.parametrize("box", BOXES + CROATIAN_BOXES[6:], ids=lambda b: b.key)
def test_every_box_over_all_252_rolls(box: Box) -> None:
    for d in ALL_ROLLS:
        assert score(box, d) == brute(box, d), d


@pytest.mark.rule("CL-45")
def test_kniffel_counts_as_full_house_option() -> None:
    rules = Rules(kniffel_counts_as_full_house=True)
    for d in ALL_ROLLS:
        assert score(Box.FULL_HOUSE, d, rules) == brute(Box.FULL_HOUSE, d, True)
    assert score(Box.FULL_HOUSE, (4, 4, 4, 4, 4)) == 0
    assert score(Box.FULL_HOUSE, (4, 4, 4, 4, 4), rules) == 25


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5), st.sampled_from(list(Box)))
def test_score_ignores_dice_order(d: list[int], box: Box) -> None:
    assert score(box, d) == score(box, tuple(sorted(d))) == brute(box, tuple(sorted(d)))


@pytest.mark.rule("CL-51")
def test_box_values_follow_the_rules() -> None:
    rules = Rules(
        full_house_score=30, small_straight_score=25, large_straight_score=35, kniffel_score=60
    )
    assert score(Box.FULL_HOUSE, (2, 2, 3, 3, 3), rules) == 30
    assert score(Box.SMALL_STRAIGHT, (1, 2, 3, 4, 4), rules) == 25
    assert score(Box.LARGE_STRAIGHT, (1, 2, 3, 4, 5), rules) == 35
    assert score(Box.KNIFFEL, (6, 6, 6, 6, 6), rules) == 60


@pytest.mark.parametrize(
    "bad",
    [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7), "12345", 5, [1.0] * 5],
)
def test_score_rejects_impossible_dice(bad: object) -> None:
    with pytest.raises(InvalidStateError):
        score(Box.CHANCE, bad)  # type: ignore[arg-type]


def test_score_rejects_a_non_box() -> None:
    with pytest.raises(InvalidStateError):
        score("chance", (1, 2, 3, 4, 5))  # type: ignore[arg-type]


def test_possible_values() -> None:
    assert possible_values(Box.TWOS) == {0, 2, 4, 6, 8, 10}
    assert possible_values(Box.FULL_HOUSE) == {0, 25}
    assert possible_values(Box.SMALL_STRAIGHT) == {0, 30}
    assert possible_values(Box.KNIFFEL) == {0, 50}
    assert possible_values(Box.CHANCE) == set(range(5, 31)) | {0}
    for box, need in ((Box.THREE_OF_A_KIND, 3), (Box.FOUR_OF_A_KIND, 4)):
        sums = {sum(d) for d in ALL_ROLLS if max(d.count(f) for f in d) >= need}
        assert possible_values(box) == {0} | sums


def test_entry_values_are_what_the_engine_can_enter() -> None:
    from kniffel_rules.classic.combinations import entry_values

    assert min(entry_values(Box.CHANCE)) == 5 and max(entry_values(Box.CHANCE)) == 30
    assert 0 in possible_values(Box.CHANCE) and 0 not in entry_values(Box.CHANCE)
    assert entry_values(Box.FULL_HOUSE) == {0, 25}
    assert entry_values(Box.FULL_HOUSE, Rules(full_house_score=20)) == {0, 20}
    assert entry_values(Box.THREES) == {0, 3, 6, 9, 12, 15}
    croatian = Rules(croatian=True)
    assert min(entry_values(Box.MAXIMUM, croatian)) == 5
    assert min(entry_values(Box.MINIMUM, croatian)) == 5
    for box in Box:
        assert entry_values(box) <= possible_values(box)
