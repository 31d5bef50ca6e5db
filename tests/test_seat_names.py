"""Default seat names in the reader's language (`kniffel_rules._common.shown_names`)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules._common import player_named, seat_name, shown_names, with_shown_names
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


def test_a_view_is_drawn_from_a_copy_with_the_shown_names() -> None:
    from kniffel_rules import classic, duel

    state = classic.new_game(2, first_player=0)
    german = with_shown_names(state, "de")
    assert german.names == ("Spieler 1", "Spieler 2")
    assert german == attrs.evolve(state, names=("Spieler 1", "Spieler 2"))
    assert state.names == ("Player 1", "Player 2")  # the state is not changed
    assert with_shown_names(state, "en") is state  # nothing to change: the same object
    named = classic.new_game(["Ann", "Ben"], first_player=0)
    assert with_shown_names(named, "de") is named
    board = duel.new_game(first_player=0)
    assert with_shown_names(board, "de", DUELL).names == ("Blau", "Rot")
    assert with_shown_names(board, "de").names == ("Blue", "Red")  # not a numbered default
    with pytest.raises(UnknownLanguageError):
        with_shown_names(state, "fr")


def test_numbered_defaults_go_up_to_four_digits_and_no_further() -> None:
    assert player_named("Player 1000") == "Player 1000"  # a Text: in English as written
    assert localize(player_named("Player 1000"), "de") == "Spieler 1000"
    assert type(player_named("Player 10000")) is str
    assert type(player_named("Player 07")) is str
    odd: object = 7
    assert player_named(odd) is odd  # type: ignore[arg-type]  # not a name: as it is
    assert seat_name(("Player 1", "Player 2"), 1, DUELL) == "Player 2"  # other defaults given
    assert type(seat_name(("Blue",), 0, ("Blue", "Red"))) is not str
    # a seat beyond the game's own defaults: read as any name
    assert localize(seat_name(("Blue", "Red", "Player 3"), 2, DUELL), "de") == "Spieler 3"
