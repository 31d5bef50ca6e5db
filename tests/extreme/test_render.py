"""extreme.render and extreme.render_action: the picture a player reads, in both languages."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import classic, extreme
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme import Box, ExtremeRoll, Phase, Roll, Rules, Score, Sheet, State
from kniffel_rules.extreme.pieces import BOXES
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError

REPR = re.compile(r"\w+\(|Box\.|Phase\.|<\w")
FOUR = ["Annabelle", "Benedikt", "Cid", "Dorothea Marianne"]


def _decide(names: tuple[str, ...] = ("Ann", "Ben")) -> State:
    s = extreme.new_game(players=list(names), first_player=0)
    s = extreme.apply(s, Roll())
    return extreme.apply(s, ExtremeRoll((2, 3, 3, 4, 5), 7))


def _playout(seed: int, names: list[str], stop: int | None = None) -> State:
    rng = random.Random(seed)
    s = extreme.new_game(players=names)
    steps = 0
    while not extreme.is_terminal(s) and (stop is None or steps < stop):
        if extreme.current_player(s) < 0:
            s = extreme.apply(s, extreme.sample_chance(s, rng))
        else:
            s = extreme.apply(s, rng.choice(extreme.legal_actions(s)))
        steps += 1
    return s


def _check_plain(text: str, names: Sequence[str] = ()) -> None:
    assert not REPR.search(text), text
    assert all(len(line) <= 79 for line in text.splitlines()), text
    if not any("None" in n for n in names):
        assert "None" not in text


def _rows(text: str) -> dict[str, str]:
    lines = text.splitlines()
    body = lines[lines.index("") + 3 :]
    width = len(lines[lines.index("") + 2].split(" ")[0])
    return {line[:width].strip(): line[width:].strip() for line in body}


@pytest.mark.parametrize("lang", LANGS)
def test_every_box_label_the_sums_and_the_chips_appear(lang: Lang) -> None:
    text = extreme.render(_decide(), lang=lang)
    for box in BOXES:
        assert box.labels[lang] in text
    words = {
        "en": ("Upper sum", "Bonus 45 at 73", "Lower total", "Total", "Chips left"),
        "de": ("Summe oben", "Bonus 45 ab 73", "Gesamt unten", "Endsumme", "Chips übrig"),
    }
    for w in words[lang]:
        assert w in text
    assert "Extra" not in text  # no extra-Kniffel bonus in Extreme (EX-21)
    _check_plain(text)


def test_the_head_lines_show_the_d10_and_the_throw() -> None:
    s = _decide()
    assert extreme.render(s).splitlines()[:2] == [
        "Ann to move",
        "Dice: 2 3 3 4 5  d10: 7   roll 1 of 3",
    ]
    assert extreme.render(s, lang="de").splitlines()[:2] == [
        "Ann ist am Zug",
        "Würfel: 2 3 3 4 5  W10: 7   Wurf 1 von 3",
    ]


def test_the_third_and_fourth_throws() -> None:
    s = _decide()
    for _ in range(2):
        s = extreme.apply(s, Roll((3, 3), True))
        s = extreme.apply(s, ExtremeRoll((1, 2, 6)))
    assert extreme.render(s).splitlines()[1] == (
        "Dice: 1 2 3 3 6  d10: 7   roll 3 of 3, a 4th costs a chip"
    )
    s = extreme.apply(s, Roll((3, 3)))
    assert extreme.render(s, lang="de").splitlines()[1] == (
        "Behalten: 3 3, der Rest wird geworfen (Wurf 4 von 4, mit Chip)"
    )
    s = extreme.apply(s, ExtremeRoll((1, 1, 1), 0))
    assert extreme.render(s).splitlines()[1] == (
        "Dice: 1 1 1 3 3  d10: 0   roll 4 of 4, with a chip"
    )
    assert _rows(extreme.render(s))["Chips left"].split() == ["2", "3"]


def test_a_throw_of_all_dice_and_a_fresh_turn() -> None:
    fresh = extreme.new_game(players=["Ann", "Ben"], first_player=1)
    assert extreme.render(fresh).splitlines()[:2] == ["Ben to move", "Dice: not thrown yet"]
    s = extreme.apply(fresh, Roll())
    assert extreme.render(s).splitlines()[1] == "Throwing all dice (roll 1 of 3)"


def test_open_boxes_show_a_dash_and_struck_boxes_zero_with_the_bonus() -> None:
    values: list[int | None] = [None] * len(Box)
    for box, v in {Box.ONES: 4, Box.TWOS: 8, Box.THREES: 12, Box.FOURS: 16, Box.FIVES: 15,
                   Box.SIXES: 18, Box.HIGHWAY: 0}.items():  # fmt: skip
        values[box.value] = v
    state = State(Rules(), ("Ann",), (Sheet(tuple(values), 1),), Phase.DECIDE, first_player=0)
    rows = _rows(extreme.render(state))
    assert rows["Ones"] == "4"
    assert rows["Highway"] == "0"
    assert rows["Kniffel"] == "-"
    assert rows["Upper sum"] == "73"
    assert rows["Bonus 45 at 73"] == "45"
    assert rows["Total"] == "118"
    assert rows["Chips left"] == "1"


def test_terminal_states_name_the_winner() -> None:
    s = _playout(2, ["Ann", "Ben", "Cid"])
    best = [s.names[p] for p in extreme.winners(s)]
    first = extreme.render(s, lang="de").splitlines()[0]
    assert first.startswith("Spielende. Gewinner")
    assert all(name in first for name in best)
    full = (0,) * len(Box)
    tied = State(Rules(), ("Ann", "Ben"), (Sheet(full), Sheet(full)), Phase.OVER, first_player=0)
    assert extreme.render(tied).splitlines()[0] == "Game over. Winners (tied): Ann and Ben"


def test_the_roll_off() -> None:
    s = extreme.new_game(players=["Ann", "Ben"])
    assert s.phase is Phase.ROLL_OFF
    s = extreme.apply(s, DiceRoll((6,)))
    assert extreme.render(s).splitlines()[0] == "Roll-off for the start player: Ann 6; Ben to throw"


def test_the_longest_throw_line_fits() -> None:
    s = _decide()
    for _ in range(3):
        s = extreme.apply(s, Roll((2, 3, 3, 4), True))
        if s.rolls < 3:
            s = extreme.apply(s, ExtremeRoll((5,)))
    assert s.phase is Phase.THROW and s.rolls == 3
    line = extreme.render(s, lang="de").splitlines()[1]
    assert line == "Behalten: 2 3 3 4  W10: 7, der Rest wird geworfen (Wurf 4 von 4, mit Chip)"
    assert len(line) <= 79


def test_four_players_fit_and_an_observation_renders_as_its_state() -> None:
    s = _playout(11, FOUR, stop=200)
    for lang in LANGS:
        _check_plain(extreme.render(s, lang=lang))
    assert extreme.render(extreme.observation(s, 3)) == extreme.render(s)
    assert "Dorothea Mari…" in extreme.render(s)


def test_bad_language_and_other_objects_are_refused() -> None:
    with pytest.raises(UnknownLanguageError):
        extreme.render(_decide(), lang="fr")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"^view: expected an Extreme State"):
        extreme.render(classic.new_game())  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        extreme.render_action(Roll(), lang="")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"^action"):
        extreme.render_action(classic.Score(classic.Box.ONES))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        (Roll(), "throw all dice", "alle Würfel werfen"),
        (Roll((3, 3)), "keep 3 3, throw the rest", "3 3 behalten, Rest würfeln"),
        (Roll((3, 3), True), "keep 3 3 and the d10, throw the rest",
         "3 3 und W10 behalten, Rest würfeln"),
        (Roll((), True), "keep the d10, throw the rest", "W10 behalten, Rest würfeln"),
        (Score(Box.TWO_TRIPLES), "score Two triples", "Zwei Dreier eintragen"),
        (Score(Box.TEN_OR_LESS), "score 10 or less", "10 oder weniger eintragen"),
        (ExtremeRoll((1, 2, 3, 4, 5), 7), "the dice show 1 2 3 4 5, the d10 7",
         "die Würfel zeigen 1 2 3 4 5, W10 7"),
        (ExtremeRoll((2, 6)), "the dice show 2 6", "die Würfel zeigen 2 6"),
        (ExtremeRoll((), 3), "the d10 shows 3", "W10 zeigt 3"),
        (DiceRoll((4,)), "the dice show 4", "die Würfel zeigen 4"),
    ],
)  # fmt: skip
def test_render_action(action: Roll | Score | ExtremeRoll | DiceRoll, en: str, de: str) -> None:
    assert extreme.render_action(action) == en
    assert extreme.render_action(action, lang="de") == de


NAMES = st.text(
    st.characters(whitelist_categories=("L", "Nd"), max_codepoint=0x17F), min_size=1, max_size=12
)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    names=st.lists(NAMES, min_size=1, max_size=4, unique=True),
    stop=st.integers(0, 500),
    lang=st.sampled_from(LANGS),
)
def test_render_never_raises_and_shows_every_name(
    seed: int, names: list[str], stop: int, lang: Lang
) -> None:
    s = _playout(seed, names, stop=stop)
    text = extreme.render(s, lang=lang)
    _check_plain(text, names)
    for name in names:
        assert name in text
    if not extreme.is_terminal(s) and extreme.current_player(s) >= 0:
        for action in extreme.legal_actions(s):
            assert not REPR.search(extreme.render_action(action, lang=lang))
