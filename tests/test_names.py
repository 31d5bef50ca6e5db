"""The names of the boxes in both languages: one table per game, read everywhere."""

from __future__ import annotations

import pytest

from kniffel_rules import classic, extreme
from kniffel_rules.lang import LANGS, Labelled, label
from kniffel_rules.notation import normalize

SCHMIDT = {
    classic.Box.ONES: "Einser",
    classic.Box.TWOS: "Zweier",
    classic.Box.THREES: "Dreier",
    classic.Box.FOURS: "Vierer",
    classic.Box.FIVES: "Fünfer",
    classic.Box.SIXES: "Sechser",
    classic.Box.THREE_OF_A_KIND: "Dreierpasch",
    classic.Box.FOUR_OF_A_KIND: "Viererpasch",
    classic.Box.FULL_HOUSE: "Full House",
    classic.Box.SMALL_STRAIGHT: "Kleine Straße",
    classic.Box.LARGE_STRAIGHT: "Große Straße",
    classic.Box.KNIFFEL: "Kniffel",
    classic.Box.CHANCE: "Chance",
}


@pytest.mark.parametrize("box", list(SCHMIDT))
def test_classic_german_labels_are_the_schmidt_sheets(box: classic.Box) -> None:
    assert box.labels["de"] == SCHMIDT[box]
    assert label(box, "de") == SCHMIDT[box]


def test_classic_label_stays_english() -> None:
    assert classic.Box.THREE_OF_A_KIND.label == "Three of a kind"
    assert classic.Box.SMALL_STRAIGHT.label == "Small straight"
    assert all(b.label == b.labels["en"] for b in classic.Box)


def test_extreme_label_stays_german_and_english_names_exist() -> None:
    assert extreme.Box.TWO_TRIPLES.label == "Zwei Dreier"
    assert extreme.Box.TEN_OR_LESS.labels == {"en": "10 or less", "de": "10 oder weniger"}
    assert extreme.Box.SUPER_CHANCE.labels["en"] == "Super Chance"
    assert all(b.label == b.labels["de"] for b in extreme.Box)


@pytest.mark.parametrize("members", [list(classic.Box), list(extreme.Box)])
def test_every_box_has_every_language_and_no_two_boxes_share_a_name(
    members: list[Labelled],
) -> None:
    for lang in LANGS:
        names = [normalize(m.labels[lang]) for m in members]
        assert all(names), lang
        assert len(set(names)) == len(names), lang
    assert all(set(m.labels) == set(LANGS) for m in members)
