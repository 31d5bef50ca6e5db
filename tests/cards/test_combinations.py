"""`plays`, the one definition of the combinations, pinned exactly (KA-17..KA-25).

The listing of the legal actions reads `plays` through its faster twin
(``cards._plays.fast_plays``), so these tests call the definition itself:
every set of each combination, each once, in the documented order (by
combination, then by the cards' positions in card order).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cards.helpers import card, hand
from kniffel_rules.cards import Card, Combination
from kniffel_rules.cards._plays import fast_plays
from kniffel_rules.cards.combinations import explain, plays
from kniffel_rules.cards.pieces import CARDS
from kniffel_rules.errors import InvalidStateError

rule = pytest.mark.rule
Cards = tuple[Card, ...]


def _of(combo: Combination, cards: Cards) -> list[Cards]:
    return [cs for c, cs in plays(cards) if c is combo]


@rule("KA-18")
def test_colour_sets_are_five_cards_of_one_colour_ordered_by_position() -> None:
    # green holds the lowest cards, so green's sets come first although blue is listed first
    cards = hand(*(f"green {v}" for v in (1, 2, 3, 4, 5)), *(f"blue {v}" for v in (6, 7, 8, 9, 10)))
    assert _of(Combination.COLOUR, cards) == [
        hand("green 1", "green 2", "green 3", "green 4", "green 5"),
        hand("blue 6", "blue 7", "blue 8", "blue 9", "blue 10"),
    ]


@rule("KA-18")
def test_six_cards_of_one_colour_give_six_colour_sets() -> None:
    blues = [f"blue {v}" for v in (1, 3, 5, 7, 9, 11)]
    cards = hand(*blues, "red 2", "green 4", "yellow 6", "purple 8")
    sets = _of(Combination.COLOUR, cards)
    assert len(sets) == 6
    assert all(len(cs) == 5 and {c.colour.value for c in cs} == {"blue"} for cs in sets)
    assert sets == sorted(sets, key=lambda cs: [c.index for c in cs])
    assert sets[0] == hand(*blues[:5]) and sets[-1] == hand(*blues[1:])


@rule("KA-18")
def test_four_cards_of_a_colour_are_no_colour() -> None:
    cards = hand("blue 1", "blue 2", "blue 3", "blue 4", "red 5", "green 6", "yellow 7", "purple 8")
    assert _of(Combination.COLOUR, cards) == []


@rule("KA-17")
def test_a_full_house_is_three_and_two_either_way_round() -> None:
    cards = hand("blue 5", "green 5", "red 5", "blue 9", "green 9")
    assert _of(Combination.FULL_HOUSE, cards) == [cards]
    high = hand("blue 9", "green 9", "red 9", "blue 5", "green 5")  # the three above the two
    assert _of(Combination.FULL_HOUSE, high) == [high]
    assert _of(Combination.FULL_HOUSE, hand("blue 5", "green 5", "blue 9", "green 9")) == []


@rule("KA-17")
def test_three_and_three_give_both_full_houses() -> None:
    cards = hand("blue 5", "green 5", "red 5", "blue 9", "green 9", "red 9")
    sets = _of(Combination.FULL_HOUSE, cards)
    assert len(sets) == 6  # three 5s with any two 9s, three 9s with any two 5s
    assert hand("blue 5", "green 5", "red 5", "blue 9", "green 9") in sets
    assert hand("blue 5", "green 5", "blue 9", "green 9", "red 9") in sets
    assert all(len(cs) == 5 for cs in sets)


@rule("KA-23")
@rule("KA-24")
def test_five_of_a_value_give_five_fours_and_one_kniffel() -> None:
    sevens = hand("blue 7", "green 7", "purple 7", "red 7", "yellow 7")
    assert len(_of(Combination.FOUR_OF_A_KIND, sevens)) == 5
    assert _of(Combination.KNIFFEL, sevens) == [sevens]
    assert _of(Combination.KNIFFEL, sevens[:4]) == []
    assert _of(Combination.FOUR_OF_A_KIND, sevens[:4]) == [sevens[:4]]


@rule("KA-17")
def test_the_whole_listing_of_a_hand_and_its_fast_twin() -> None:
    cards = hand("blue 5", "green 5", "red 5", "blue 9", "green 9", "blue 6", "blue 7", "blue 8")
    listed = plays(cards)
    assert [c for c, _ in listed] == sorted((c for c, _ in listed), key=list(Combination).index)
    assert {c for c, _ in listed} == {
        Combination.FULL_HOUSE,
        Combination.COLOUR,
        Combination.THREE_OF_A_KIND,
        Combination.STRAIGHT,
        Combination.TWO_PAIRS,
    }
    assert _of(Combination.COLOUR, cards) == [
        hand("blue 5", "blue 6", "blue 7", "blue 8", "blue 9")
    ]
    assert fast_plays(cards) == listed


# --- the detectors' arguments: `plays` and `explain` are public, so they refuse junk ----------

_RED_3 = card("red 3")
_plays: Any = plays  # called with junk: typed Any so each row needs no ignore
_explain: Any = explain


@pytest.mark.parametrize(
    ("call", "path", "words"),
    [
        (lambda: _plays([_RED_3]), "hand", "expected a tuple of cards, got [Card(3, 'red')]"),
        (lambda: _plays(7), "hand", "expected a tuple of cards, got 7"),
        (lambda: _plays(None), "hand", "expected a tuple of cards, got None"),
        (lambda: _plays((_RED_3, 3)), "hand", "expected a tuple of cards"),
        (lambda: _plays(("red 3",)), "hand", "expected a tuple of cards"),
        (lambda: _explain("colour", (_RED_3,)), "combo", "expected a Combination, got 'colour'"),
        (lambda: _explain(None, (_RED_3,)), "combo", "expected a Combination, got None"),
        (lambda: _explain(Combination.COLOUR, None), "cards", "a sequence of cards, got None"),
        (lambda: _explain(Combination.COLOUR, 7), "cards", "a sequence of cards, got 7"),
        (lambda: _explain(Combination.COLOUR, [_RED_3, "x"]), "cards", "a sequence of cards"),
    ],
)
def test_the_detectors_refuse_what_is_not_a_hand(
    call: Callable[[], object], path: str, words: str
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        call()
    assert caught.value.path == path
    assert words in caught.value.detail


def test_a_hand_is_read_and_the_empty_hand_shows_nothing() -> None:
    cards = hand("red 3", "blue 3", "green 3", "red 9", "blue 9")
    assert (Combination.FULL_HOUSE, cards) in plays(cards)
    assert plays(()) == ()


_JUNK = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=5),
    st.lists(st.sampled_from(CARDS), max_size=6),
    st.lists(st.one_of(st.integers(), st.sampled_from(CARDS)), max_size=6).map(tuple),
    st.permutations(CARDS[:6]).map(tuple),
    st.sampled_from(list(Combination)),
)


@given(hand_=_JUNK, combo=_JUNK)
def test_junk_into_the_detectors_answers_or_refuses(hand_: Any, combo: Any) -> None:
    calls: list[Callable[[], object]] = [lambda: _plays(hand_), lambda: _explain(combo, hand_)]
    for call in calls:
        with contextlib.suppress(InvalidStateError):
            call()
