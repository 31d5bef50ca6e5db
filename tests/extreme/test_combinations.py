"""extreme.score against an independent brute-force definition, over all 2,520 throws."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import InvalidStateError
from kniffel_rules.extreme import Box, score
from kniffel_rules.extreme.combinations import possible_values
from kniffel_rules.extreme.pieces import BOXES

THROWS = [
    (d6, d10) for d6 in itertools.combinations_with_replacement(range(1, 7), 5) for d10 in range(10)
]


def brute(box: Box, v: tuple[int, ...]) -> int:
    """Each box from the rulebook's words, by enumeration, sharing no code."""
    n = {f: v.count(f) for f in set(v)}
    s = sum(v)
    counts = sorted(n.values(), reverse=True)

    def run(length: int) -> bool:
        return any(all(a + i in n for i in range(length)) for a in range(10))

    if box.face is not None:
        return box.face * v.count(box.face)
    return {
        Box.THREE_OF_A_KIND: s if counts[0] >= 3 else 0,
        Box.FOUR_OF_A_KIND: s if counts[0] >= 4 else 0,
        Box.TWO_PAIRS: s if len([c for c in counts if c >= 2]) >= 2 else 0,
        Box.THREE_PAIRS: 35 if counts == [2, 2, 2] else 0,
        Box.TWO_TRIPLES: 45 if counts == [3, 3] else 0,
        Box.FULL_HOUSE: 25 if any(n[a] >= 3 and n[b] >= 2 for a in n for b in n if a != b) else 0,
        Box.BIG_FULL_HOUSE: 45 if counts == [4, 2] else 0,
        Box.SMALL_STRAIGHT: 30 if run(4) else 0,
        Box.LARGE_STRAIGHT: 40 if run(5) else 0,
        Box.HIGHWAY: 50 if run(6) else 0,
        Box.KNIFFEL: 50 if counts[0] >= 5 else 0,
        Box.KNIFFEL_EXTREME: 75 if counts[0] == 6 else 0,
        Box.TEN_OR_LESS: 40 if s <= 10 else 0,
        Box.THIRTY_THREE_OR_MORE: 40 if s >= 33 else 0,
        Box.CHANCE: s,
        Box.SUPER_CHANCE: 2 * s,
    }[box]


def test_there_are_2520_throws() -> None:
    assert len(THROWS) == 252 * 10


@pytest.mark.rule("EX-06", "EX-08", "EX-09", "EX-10", "EX-11", "EX-12", "EX-13", "EX-14")
@pytest.mark.rule("EX-15", "EX-16", "EX-17", "EX-18", "EX-19", "EX-31", "EX-32", "EX-33")
@pytest.mark.rule("EX-34", "EX-35")
@pytest.mark.parametrize("box", BOXES, ids=lambda b: b.key)
def test_every_box_over_all_2520_throws(box: Box) -> None:
    for d6, d10 in THROWS:
        v = (*d6, d10)
        assert score(box, v) == brute(box, v), (d6, d10)


@given(
    st.lists(st.integers(1, 6), min_size=5, max_size=5),
    st.integers(0, 9),
    st.sampled_from(BOXES),
    st.randoms(),
)
def test_score_ignores_order(d6: list[int], d10: int, box: Box, rnd: object) -> None:
    v = [*d6, d10]
    rnd.shuffle(v)  # type: ignore[attr-defined]
    assert score(box, v) == brute(box, tuple(v))


@pytest.mark.rule("EX-06", "EX-08", "EX-10")
def test_the_rulebooks_figures() -> None:
    assert score(Box.FIVES, (5, 5, 5, 5, 5, 5)) == 30  # six Fives
    assert max(possible_values(Box.THREE_OF_A_KIND)) == 39  # "bis zu 39"
    assert score(Box.THREE_OF_A_KIND, (6, 6, 6, 6, 6, 9)) == 39
    assert max(possible_values(Box.TWO_PAIRS)) == 37  # "bis zu 37"
    assert score(Box.TWO_PAIRS, (6, 6, 6, 5, 5, 9)) == 37
    assert score(Box.SMALL_STRAIGHT, (0, 1, 2, 3, 6, 6)) == 30  # 0-1-2-3
    assert score(Box.LARGE_STRAIGHT, (3, 4, 5, 6, 7, 1)) == 40  # 3-4-5-6-7
    assert score(Box.SMALL_STRAIGHT, (3, 4, 5, 6, 7, 1)) == 30


@pytest.mark.rule("EX-39")
@pytest.mark.parametrize(
    "bad",
    [
        (1, 2, 3, 4, 5),
        (1, 2, 3, 4, 5, 6, 6),
        (0, 0, 1, 2, 3, 4),
        (7, 8, 1, 2, 3, 4),
        (1, 2, 3, 4, 5, 10),
        (-1, 1, 2, 3, 4, 5),
        "123456",
        None,
    ],
)
def test_impossible_faces_are_rejected(bad: object) -> None:
    with pytest.raises(InvalidStateError):
        score(Box.CHANCE, bad)  # type: ignore[arg-type]


def test_score_rejects_a_classic_box() -> None:
    from kniffel_rules import classic

    with pytest.raises(InvalidStateError, match="Extreme Box"):
        score(classic.Box.CHANCE, (1, 2, 3, 4, 5, 6))  # type: ignore[arg-type]


def test_possible_values() -> None:
    assert possible_values(Box.FIVES) == {0, 5, 10, 15, 20, 25, 30}
    assert possible_values(Box.HIGHWAY) == {0, 50}
    assert possible_values(Box.SUPER_CHANCE) == {0} | {2 * s for s in range(5, 40)}
