"""The Duell's names in two languages and its text rendering (`duel.render`)."""

from __future__ import annotations

import pytest

from kniffel_rules import DiceRoll, duel
from kniffel_rules.duel import AREAS, BLUE, COLOUR_LABELS, COLOURS, RED, Area, notation
from kniffel_rules.lang import LANGS
from kniffel_rules.notation import words

AREA_LABELS = {
    Area.ONES: ("Ones", "Einser"),
    Area.TWOS: ("Twos", "Zweier"),
    Area.THREES: ("Threes", "Dreier"),
    Area.FOURS: ("Fours", "Vierer"),
    Area.FIVES: ("Fives", "Fünfer"),
    Area.SIXES: ("Sixes", "Sechser"),
    Area.FOUR_OF_A_KIND: ("Four of a kind", "Vier Gleiche"),
    Area.FULL_HOUSE: ("Full House", "Full House"),
    Area.SMALL_STRAIGHT: ("Small straight", "Kleine Straße"),
    Area.LARGE_STRAIGHT: ("Large straight", "Große Straße"),
    Area.KNIFFEL: ("Kniffel", "Kniffel"),
}


def test_every_area_and_colour_has_both_labels() -> None:
    assert {a: (a.labels["en"], a.labels["de"]) for a in Area} == AREA_LABELS
    for area in Area:
        assert set(area.labels) == set(LANGS)
        assert area.label == area.labels["en"]
    assert [dict(c) for c in COLOUR_LABELS] == [
        {"en": "blue", "de": "blau"},
        {"en": "red", "de": "rot"},
    ]
    assert COLOURS == ("blue", "red") and (BLUE, RED) == (0, 1)


@pytest.mark.parametrize("area", AREAS)
def test_parse_action_reads_the_area_labels_of_both_languages(area: Area) -> None:
    s = duel.new_game(first_player=0)
    s = duel.apply(duel.apply(s, duel.Roll()), DiceRoll((1, 2, 3, 4, 5)))
    for label in area.labels.values():
        assert notation._read_move(words(label)) == [duel.Move(area)]
        assert notation._read_move(words(f"ziehe {label}")) == [duel.Move(area)]
    if area is Area.SMALL_STRAIGHT:
        assert duel.parse_action(s, "Kleine Straße") == duel.Move(area)
