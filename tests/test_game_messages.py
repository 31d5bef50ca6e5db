"""Exact wording of the Duell's and the card game's explanations (pinned after mutation testing).

Players read these sentences when a move is refused; the rulebook example
("12-13-1 does not count as a straight") is among them.
"""

from __future__ import annotations

import pytest

from kniffel_rules import InvalidStateError
from kniffel_rules.cards import Card, Combination
from kniffel_rules.cards.combinations import explain
from kniffel_rules.duel.combinations import combinations

C = Combination


def red(*values: int) -> list[Card]:
    return [Card(v, "red") for v in values]


@pytest.mark.rule("KA-21")
@pytest.mark.parametrize(
    ("combo", "cards", "message"),
    [
        (
            C.STRAIGHT,
            red(10, 11, 12, 13, 1),
            "10-11-12-13-1 does not count as a straight: 1 is the lowest card and 13 the highest",
        ),
        (
            C.STRAIGHT,
            red(12, 13, 1, 2, 3),
            "12-13-1-2-3 does not count as a straight: 1 is the lowest card and 13 the highest",
        ),
        (
            C.STRAIGHT,
            red(2, 3, 5, 6, 7),
            "2-3-5-6-7 is not a straight: a straight is five consecutive values",
        ),
        (
            C.COLOUR,
            [Card(2, "red"), Card(3, "blue"), Card(4, "red"), Card(5, "green"), Card(9, "red")],
            "a Colour is five cards of one colour; these are blue, green, red",
        ),
        (
            C.FULL_HOUSE,
            red(2, 3, 5, 6, 7),
            "Full House means three cards of one value and two of another, not 2-3-5-6-7 "
            "(1+1+1+1+1)",
        ),
        (
            C.THREE_OF_A_KIND,
            red(2, 3, 5),
            "Three of a kind means three cards of one value, not 2-3-5 (1+1+1)",
        ),
        (
            C.TWO_PAIRS,
            red(2, 3, 5, 6),
            "Two pairs means two cards of one value and two of another, not 2-3-5-6 (1+1+1+1)",
        ),
        (
            C.FOUR_OF_A_KIND,
            red(2, 3, 5, 6),
            "Four of a kind means four cards of one value, not 2-3-5-6 (1+1+1+1)",
        ),
        (
            C.KNIFFEL,
            [Card(2, "red"), Card(2, "blue"), Card(2, "green"), Card(5, "red"), Card(5, "blue")],
            "Kniffel means five cards of one value, not 2-2-2-5-5 (3+2)",
        ),
        (C.FULL_HOUSE, red(2), "Full House is played with 5 cards, got 1"),
    ],
)
def test_card_game_explanations(combo: Combination, cards: list[Card], message: str) -> None:
    assert explain(combo, cards) == message


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ((1, 2, 3, 4), r"^dice: expected five faces 1\.\.6, got \(1, 2, 3, 4\)$"),
        ((0, 1, 2, 3, 4), r"^dice: expected five faces 1\.\.6, got \(0, 1, 2, 3, 4\)$"),
        ((1, 2, 3, 4, 7), r"^dice: expected five faces 1\.\.6, got \(1, 2, 3, 4, 7\)$"),
        ("12345", "^dice: expected a sequence of dice faces, got '12345'$"),
    ],
)
def test_duel_bad_dice_name_the_field(dice: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message) as info:
        combinations(dice)  # type: ignore[arg-type]
    assert info.value.path == "dice"


@pytest.mark.rule("KA-44")
def test_two_pairs_are_found_for_every_pair_of_values() -> None:
    from kniffel_rules.cards.combinations import plays

    hand = (
        Card(2, "red"),
        Card(2, "blue"),
        Card(3, "red"),
        Card(3, "blue"),
        Card(5, "red"),
        Card(5, "blue"),
    )
    pairs = {
        tuple(sorted({c.value for c in cards}))
        for combo, cards in plays(hand)
        if combo is C.TWO_PAIRS
    }
    assert pairs == {(2, 3), (2, 5), (3, 5)}
