"""classic.render and classic.render_action: the picture a player reads, in both languages."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classic.helpers import position
from kniffel_rules import classic
from kniffel_rules.classic import Box, Phase, Roll, Rules, Score, State
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError

REPR = re.compile(r"\w+\(|Box\.|Phase\.|<\w")
FOUR = ["Annabelle", "Benedikt", "Cid", "Dorothea Marianne"]


def _decide(names: list[str] | None = None, rules: Rules | None = None) -> State:
    s = classic.new_game(players=names or ["Ann", "Ben"], rules=rules or Rules(), first_player=0)
    s = classic.apply(s, Roll())
    return classic.apply(s, DiceRoll((2, 3, 3, 3, 5)))


def _playout(seed: int, names: list[str], rules: Rules, stop: int | None = None) -> State:
    rng = random.Random(seed)
    s = classic.new_game(players=names, rules=rules)
    steps = 0
    while not classic.is_terminal(s) and (stop is None or steps < stop):
        if classic.current_player(s) < 0:
            s = classic.apply(s, classic.sample_chance(s, rng))
        else:
            s = classic.apply(s, rng.choice(classic.legal_actions(s)))
        steps += 1
    return s


def _check_plain(text: str, names: Sequence[str] = ()) -> None:
    assert not REPR.search(text), text
    assert all(len(line) <= 79 for line in text.splitlines()), text
    if not any("None" in n for n in names):
        assert "None" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_box_label_and_the_sums_appear(lang: Lang) -> None:
    text = classic.render(_decide(), lang=lang)
    for box in BOXES:
        assert box.labels[lang] in text
    words = {
        "en": ("Upper sum", "Bonus 35 at 63", "Kniffel bonus", "Lower total", "Total"),
        "de": ("Summe oben", "Bonus 35 ab 63", "Kniffel-Bonus", "Gesamt unten", "Endsumme"),
    }
    for w in words[lang]:
        assert w in text
    _check_plain(text)


def test_the_head_lines_in_both_languages() -> None:
    s = _decide(["Ann", "Ben"])
    en = classic.render(s).splitlines()
    de = classic.render(s, lang="de").splitlines()
    assert en[:2] == ["Ann to move", "Dice: 2 3 3 3 5   roll 1 of 3"]
    assert de[:2] == ["Ann ist am Zug", "Würfel: 2 3 3 3 5   Wurf 1 von 3"]


def test_the_throw_the_kept_dice_and_a_fresh_turn() -> None:
    s = classic.apply(_decide(), Roll((3, 3)))
    assert classic.render(s).splitlines()[1] == "Kept: 3 3, throwing the rest (roll 2 of 3)"
    assert classic.render(s, lang="de").splitlines()[1] == (
        "Behalten: 3 3, der Rest wird geworfen (Wurf 2 von 3)"
    )
    fresh = classic.new_game(players=["Ann", "Ben"], first_player=1)
    assert classic.render(fresh).splitlines()[1] == "Dice: not thrown yet"
    thrown = classic.apply(fresh, Roll())
    assert classic.render(thrown, lang="de").splitlines()[1] == (
        "Alle Würfel werden geworfen (Wurf 1 von 3)"
    )


def test_open_boxes_show_a_dash_and_struck_boxes_zero() -> None:
    s = position({Box.ONES: 3, Box.KNIFFEL: 0}, dice=(1, 2, 3, 4, 6))
    rows = {
        line[:16].strip(): line[16:].strip() for line in classic.render(s).splitlines()[3:]
    }
    assert rows["Ones"] == "3"
    assert rows["Kniffel"] == "0"
    assert rows["Twos"] == "-"
    assert rows["Upper sum"] == "3"
    assert rows["Total"] == "3"


def test_bonus_and_extra_kniffels_are_counted() -> None:
    upper = {Box.ONES: 3, Box.TWOS: 10, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15, Box.SIXES: 18}
    s = position({**upper, Box.KNIFFEL: 50}, dice=(2, 2, 2, 2, 3), extra_bonus=50)
    lines = {line[:16].strip(): line[16:].strip() for line in classic.render(s).splitlines()[3:]}
    assert lines["Upper sum"] == "67"
    assert lines["Bonus 35 at 63"] == "35"
    assert lines["Upper total"] == "102"
    assert lines["Kniffel bonus"] == "50"
    assert lines["Total"] == "202"


def test_croatian_sheet_has_its_eight_boxes_and_no_extra_bonus() -> None:
    s = _decide(rules=Rules(croatian=True))
    text = classic.render(s)
    assert "Maximum" in text and "Minimum" in text
    assert "Three of a kind" not in text
    assert "Kniffel bonus" not in text


def test_four_players_fit_in_79_columns_and_long_names_are_cut_in_the_head() -> None:
    s = _playout(7, FOUR, Rules(games=3), stop=150)
    for lang in LANGS:
        text = classic.render(s, lang=lang)
        _check_plain(text)
        head = text.splitlines()[text.splitlines().index("") + 1]
        assert "Dorothea Mari…" in head


def test_a_series_shows_the_game_and_the_finished_games() -> None:
    s = _playout(3, ["Ann", "Ben"], Rules(games=2))
    text = classic.render(s)
    assert text.splitlines()[0] == "Series of 2 games over."
    assert "Game 1 " in text and "Game 2 " in text and "Series score" in text
    middle = _playout(3, ["Ann", "Ben"], Rules(games=2), stop=60)
    assert classic.render(middle, lang="de").splitlines()[0] == "Spiel 1 von 2"


def test_terminal_states_name_the_winner_or_the_tied_winners() -> None:
    s = _playout(1, ["Ann", "Ben"], Rules())
    best = [s.names[p] for p in classic.winners(s)]
    first = classic.render(s).splitlines()[0]
    assert first.startswith("Game over. Winner")
    assert all(name in first for name in best)
    full = (*(0 for _ in BOXES), None, None)
    tied = State(
        Rules(), ("Ann", "Ben"), (classic.Sheet(full), classic.Sheet(full)), Phase.OVER,
        first_player=0,
    )
    assert classic.render(tied).splitlines()[0] == "Game over. Winners (tied): Ann and Ben"
    assert classic.render(tied, lang="de").splitlines()[0] == (
        "Spielende. Gewinner (gleichauf): Ann und Ben"
    )


def test_the_roll_off_says_who_throws() -> None:
    s = classic.new_game(players=["Ann", "Ben"], first_player=None)
    assert s.phase is Phase.ROLL_OFF
    assert classic.render(s).splitlines()[0] == "Roll-off for the start player: Ann to throw"
    s = classic.apply(s, DiceRoll((4,)))
    assert classic.render(s, lang="de").splitlines()[0] == (
        "Auswürfeln des Startspielers: Ann 4; Ben würfelt"
    )


def test_an_observation_renders_as_its_state() -> None:
    s = _decide()
    assert classic.render(classic.observation(s, 1)) == classic.render(s)


def test_bad_language_and_other_objects_are_refused() -> None:
    with pytest.raises(UnknownLanguageError):
        classic.render(_decide(), lang="fr")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"^view: expected a classic State"):
        classic.render("a state")  # type: ignore[arg-type]
    from kniffel_rules import extreme

    with pytest.raises(InvalidStateError, match=r"^view"):
        classic.render(extreme.new_game())  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        classic.render_action(Roll(), lang="xx")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"^action"):
        classic.render_action(extreme.Roll())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        (Roll(), "throw all dice", "alle Würfel werfen"),
        (Roll((3, 3)), "keep 3 3, throw the rest", "3 3 behalten, Rest würfeln"),
        (Score(Box.FULL_HOUSE), "score Full House", "Full House eintragen"),
        (Score(Box.THREE_OF_A_KIND), "score Three of a kind", "Dreierpasch eintragen"),
        (Score(Box.SMALL_STRAIGHT), "score Small straight", "Kleine Straße eintragen"),
        (DiceRoll((2, 3, 3, 5, 6)), "the dice show 2 3 3 5 6", "die Würfel zeigen 2 3 3 5 6"),
    ],
)
def test_render_action(action: Roll | Score | DiceRoll, en: str, de: str) -> None:
    assert classic.render_action(action) == en
    assert classic.render_action(action, lang="de") == de


def test_every_legal_action_has_a_plain_phrase() -> None:
    s = _decide()
    for action in classic.legal_actions(s):
        for lang in LANGS:
            text = classic.render_action(action, lang=lang)
            assert text and not REPR.search(text), text


NAMES = st.text(
    st.characters(whitelist_categories=("L", "Nd"), max_codepoint=0x17F), min_size=1, max_size=12
)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    names=st.lists(NAMES, min_size=1, max_size=4, unique=True),
    stop=st.integers(0, 400),
    games=st.integers(1, 2),
    lang=st.sampled_from(LANGS),
)
def test_render_never_raises_and_shows_every_name(
    seed: int, names: list[str], stop: int, games: int, lang: Lang
) -> None:
    s = _playout(seed, names, Rules(games=games), stop=stop)
    text = classic.render(s, lang=lang)
    _check_plain(text, names)
    for name in names:
        assert name in text
