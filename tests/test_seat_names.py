"""Default seat names in the reader's language (`kniffel_rules._common.shown_names`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules._common import player_named, seat_name, shown_names
from kniffel_rules._i18n import localize
from kniffel_rules.lang import UnknownLanguageError

DUELL = ("Blue", "Red")


def test_numbered_defaults_translate_and_other_names_do_not() -> None:
    names = ("Player 1", "Ones", "Player 12", "Player 0", "player 3", "Player 1 ")
    assert shown_names(names, "de") == (
        "Spieler 1", "Ones", "Spieler 12", "Player 0", "player 3", "Player 1 ",
    )  # fmt: skip
    assert shown_names(names, "en") == names


def test_a_name_is_never_looked_up_as_a_word() -> None:
    # "Ones" and "blue" are msgids of the catalogue; as names they stay as written
    assert seat_name(("Ones", "blue"), 0) == "Ones"
    assert type(seat_name(("Ones", "blue"), 1)) is str
    assert shown_names(("Ones", "blue"), "de") == ("Ones", "blue")


def test_a_games_own_defaults_translate_only_at_their_own_seat() -> None:
    assert shown_names(DUELL, "de", DUELL) == ("Blau", "Rot")
    assert shown_names(("Red", "Blue"), "de", DUELL) == ("Red", "Blue")  # colours would mislead
    assert shown_names(("Blue", "Ann"), "de", DUELL) == ("Blau", "Ann")


def test_a_translation_that_reads_like_another_seat_stays_as_written() -> None:
    assert shown_names(("Player 1", "Spieler 1"), "de") == ("Player 1", "Spieler 1")
    assert shown_names(("Blue", "Blau"), "de", DUELL) == ("Blue", "Blau")
    assert shown_names(("Player 2", "Ann", "Player 2"), "de") == ("Player 2", "Ann", "Player 2")


def test_a_bad_language_is_refused() -> None:
    with pytest.raises(UnknownLanguageError):
        shown_names(("Player 1",), "fr")


@given(st.lists(st.text(max_size=12), max_size=6))
def test_shown_names_never_make_two_seats_look_alike(names: list[str]) -> None:
    shown = shown_names(names, "de")
    assert len(shown) == len(names)
    for i, (name, text) in enumerate(zip(names, shown, strict=True)):
        assert text == name or text == localize(player_named(name), "de")
        if text != name:  # a translated seat reads like no other seat
            assert all(text != other for j, other in enumerate(shown) if j != i)
