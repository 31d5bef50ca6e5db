"""The card game's names in two languages and its text rendering (`cards.render`)."""

from __future__ import annotations

import pytest

from kniffel_rules import cards
from kniffel_rules.cards import Colour, Combination, PlaceToken, Row
from kniffel_rules.lang import LANGS
from kniffel_rules.notation import words

from .helpers import hand, position

COLOUR_LABELS = {
    Colour.BLUE: ("blue", "blau"),
    Colour.GREEN: ("green", "grün"),
    Colour.PURPLE: ("purple", "lila"),
    Colour.RED: ("red", "rot"),
    Colour.YELLOW: ("yellow", "gelb"),
}
COMBINATION_LABELS = {
    Combination.FULL_HOUSE: ("Full House", "Full House"),
    Combination.COLOUR: ("Colour", "Farbe"),
    Combination.THREE_OF_A_KIND: ("Three of a kind", "Dreierpasch"),
    Combination.STRAIGHT: ("Straight", "Straße"),
    Combination.TWO_PAIRS: ("Two pairs", "Zwei Paare"),
    Combination.FOUR_OF_A_KIND: ("Four of a kind", "Viererpasch"),
    Combination.KNIFFEL: ("Kniffel", "Kniffel"),
}


def test_every_colour_row_and_combination_has_both_labels() -> None:
    assert {c: (c.labels["en"], c.labels["de"]) for c in Colour} == COLOUR_LABELS
    assert {c: (c.labels["en"], c.labels["de"]) for c in Combination} == COMBINATION_LABELS
    assert {r: (r.labels["en"], r.labels["de"]) for r in Row} == {
        r: COMBINATION_LABELS[Combination(r.value)] for r in Row
    }
    for item in (*Colour, *Row, *Combination):
        assert set(item.labels) == set(LANGS)
    for item in (*Row, *Combination):
        assert item.label == item.labels["en"]


def test_the_name_tables_hold_both_labels() -> None:
    for table in (cards.COLOUR_NAMES, cards.COMBINATION_NAMES, cards.ROW_NAMES):
        for item, names in table.items():
            assert set(item.labels.values()) <= set(names)


@pytest.mark.parametrize("row", list(Row))
def test_setup_reads_the_row_labels_of_both_languages(row: Row) -> None:
    s = cards.new_game(2, first_player=0)
    for label in row.labels.values():
        assert cards.notation._read_token(words(label)) == [PlaceToken(row)]
        if row is not Row.TWO_PAIRS:  # setup tokens go on 1-space levels (KA-04)
            assert cards.parse_action(s, label) == PlaceToken(row)


@pytest.mark.parametrize("colour", list(Colour))
def test_cards_are_read_by_both_colour_labels(colour: Colour) -> None:
    mine = hand(f"{colour.value} 7", "blue 1", "green 2")
    s = position([mine, hand("red 13")])
    for name in colour.labels.values():
        assert cards.parse_action(s, f"tausche {name} 7") == cards.Exchange(cards.Card(7, colour))


def test_plays_are_read_by_the_german_combination_labels() -> None:
    straight = hand("blue 2", "red 3", "red 4", "green 5", "red 6")
    s = position([straight, hand("red 13")])
    found = cards.parse_action(s, "Straße 2 3 4 5 6")
    assert isinstance(found, cards.Play) and found.combination is Combination.STRAIGHT
    s = position([hand("yellow 9", "red 9", "blue 9"), hand("red 13")])
    found = cards.parse_action(s, "Dreierpasch 9 9 9")
    assert isinstance(found, cards.Play) and found.combination is Combination.THREE_OF_A_KIND
