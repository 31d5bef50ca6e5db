"""The Duell's names in two languages and its text rendering (`duel.render`)."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, DiceRoll, duel, master
from kniffel_rules.duel import Area, Spot, notation
from kniffel_rules.duel.notation import AREA_NAMES
from kniffel_rules.duel.pieces import AREAS, BLUE, COLOUR_LABELS, COLOURS, RED, START_BOARD
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError
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


# --- render and render_action ------------------------------------------------------

REPR = re.compile(r"\b[A-Z]\w*\(|\w+\.[A-Z_]{2,}\b")
WORDS = {
    "en": ("hole", "space", "centre", "Jokers", "Secured", "blue", "red"),
    "de": ("Loch", "Feld", "Mitte", "Joker", "Gesichert", "blau", "rot"),
}
SPOT_WORDS = {
    Spot.CENTRE: ("centre", "Mitte"),
    Spot.BLUE_SPACE: ("blue space", "blaues Feld"),
    Spot.RED_SPACE: ("red space", "rotes Feld"),
    Spot.BLUE_HOLE: ("blue hole", "blaues Loch"),
    Spot.RED_HOLE: ("red hole", "rotes Loch"),
}


def _playout(seed: int, rules: duel.Rules, steps: int = 4000) -> list[duel.State]:
    rng = random.Random(seed)
    s = duel.new_game(["Ann", "Bartholomew Longname"], rules=rules)
    seen = [s]
    for _ in range(steps):
        if duel.is_terminal(s):
            break
        if duel.current_player(s) == CHANCE:
            action: object = duel.sample_chance(s, rng)
        else:
            action = rng.choice(duel.legal_actions(s))
        s = duel.apply(s, action)  # type: ignore[arg-type]
        seen.append(s)
    return seen


def _area_line(text: str, area: Area, lang: Lang) -> str:
    return next(line for line in text.splitlines() if line.startswith(area.labels[lang] + " "))


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_has_a_line_per_area_with_its_disc(lang: Lang) -> None:
    board = list(START_BOARD)
    board[Area.ONES.value] = Spot.BLUE_HOLE
    board[Area.FULL_HOUSE.value] = Spot.RED_SPACE
    board[Area.KNIFFEL.value] = Spot.RED_HOLE
    board[Area.SIXES.value] = Spot.BLUE_SPACE
    s = duel.new_game(["Ann", "Ben"], first_player=0)
    s = attrs.evolve(s, board=tuple(board), jokers=(2, 1), supply=(9, 10))
    text = duel.render(s, lang=lang)
    for w in WORDS[lang]:
        assert w in text
    i = LANGS.index(lang)
    for area in AREAS:
        line = _area_line(text, area, lang)
        spot = s.board[area.value]
        assert line.endswith(SPOT_WORDS[spot][i]), line
        assert line.count("X") == 1
    assert _area_line(text, Area.ONES, lang).split()[1:3] == ["X", "."]
    kniffel = _area_line(text, Area.KNIFFEL, lang).split()
    assert kniffel[1:4] == [".", ".", "X"]  # no spaces: hole, centre, hole
    assert ("Jokers: Ann 2, Ben 1" if lang == "en" else "Joker: Ann 2, Ben 1") in text
    assert ("Secured: Ann 1, Ben 1" if lang == "en" else "Gesichert: Ann 1, Ben 1") in text


def test_the_status_says_whose_turn_the_dice_and_the_decision() -> None:
    s = duel.new_game(["Ann", "Ben"], first_player=1)
    assert duel.render(s).splitlines()[:3] == [
        "Ben (red) to move",
        "Dice: not thrown yet",
        "roll the dice",
    ]
    assert duel.render(s, lang="de").splitlines()[:3] == [
        "Ben (rot) ist am Zug",
        "Würfel: noch nicht geworfen",
        "würfeln",
    ]
    s = duel.apply(s, duel.Roll())
    assert duel.render(s).splitlines()[1] == "Throwing all dice (roll 1 of 3)"
    s = duel.apply(s, DiceRoll((1, 2, 3, 3, 6)))
    lines = duel.render(s).splitlines()
    assert lines[:2] == ["Ben (red) to move", "Dice: 1 2 3 3 6   roll 1 of 3"]
    assert lines[2].startswith("keep dice and roll again")
    kept = duel.render(duel.apply(s, duel.Roll((3, 3)))).splitlines()[1]
    assert kept == "Kept: 3 3, throwing the rest (roll 2 of 3)"
    s = attrs.evolve(s, jokers=(0, 1))
    s = duel.apply(s, duel.Joker(6, 4))
    lines = duel.render(s).splitlines()
    assert lines[1:4] == [
        "Dice: 1 2 3 3 4   roll 1 of 3",
        "jokers spent this turn: 1",
        "move a disc, spend a joker or declare a miss",
    ]


def test_the_roll_off_the_match_and_the_end_are_told() -> None:
    states = _playout(2, duel.Rules(match_wins=2))
    first = states[0]
    assert duel.render(first).splitlines()[:2] == [
        "Game 1 of the match (first to 2 games)",
        "Roll-off for the start player: Ann to throw",
    ]
    assert "Games won: Ann 0" in duel.render(first)
    end = states[-1]
    assert duel.is_terminal(end)
    winner = end.names[duel.winners(end)[0]]
    assert duel.render(end).startswith(f"The match is over.\nGame over. Winner: {winner}\n")
    de = f"Das Match ist vorbei.\nSpielende. Gewinner: {winner}\n"
    assert duel.render(end, lang="de").startswith(de)
    single = _playout(3, duel.Rules())[-1]
    won = single.names[duel.winners(single)[0]]
    assert duel.render(single).startswith(f"Game over. Winner: {won}\n")


@pytest.mark.parametrize("seed", range(4))
def test_seeded_playouts_render_in_both_languages(seed: int) -> None:
    for i, s in enumerate(_playout(seed, duel.Rules(match_wins=1 + seed % 2))):
        if i % 5 and not duel.is_terminal(s):
            continue
        for lang in LANGS:
            text = duel.render(s, lang=lang)
            assert not REPR.search(text), text
            assert all(len(line) <= 79 for line in text.splitlines()), text
            assert "Ann" in text and "Bartholomew" in text
            assert duel.render(duel.observation(s, 1), lang=lang) == text
            for action in duel.legal_actions(s):
                phrase = duel.render_action(action, lang=lang)
                assert phrase and not REPR.search(phrase) and "\n" not in phrase


ACTIONS = [
    (duel.Roll(), "throw all dice", "alle Würfel werfen"),
    (duel.Roll((3, 3)), "keep 3 3, throw the rest", "3 3 behalten, Rest würfeln"),
    (DiceRoll((1, 2, 3, 3, 6)), "the dice show 1 2 3 3 6", "die Würfel zeigen 1 2 3 3 6"),
    (DiceRoll((5,)), "the dice show 5", "die Würfel zeigen 5"),
    (duel.Joker(6, 5), "joker: turn a 6 into a 5", "Joker: 6 zu 5 drehen"),
    (duel.Move(Area.FULL_HOUSE), "move the Full House disc", "Scheibe Full House ziehen"),
    (duel.Move(Area.FOUR_OF_A_KIND), "move the Four of a kind disc", "Scheibe Vier Gleiche ziehen"),
    (duel.Miss(), "miss: take a joker", "Fehlwurf: Joker nehmen"),
]


@pytest.mark.parametrize(("action", "en", "de"), ACTIONS)
def test_render_action_in_both_languages(action: object, en: str, de: str) -> None:
    assert duel.render_action(action) == en  # type: ignore[arg-type]
    assert duel.render_action(action, lang="de") == de  # type: ignore[arg-type]


def test_bad_languages_and_objects_of_other_games_are_refused() -> None:
    s = duel.new_game(first_player=0)
    with pytest.raises(UnknownLanguageError):
        duel.render(s, lang="fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        duel.render_action(duel.Miss(), lang="")  # type: ignore[arg-type]
    for other in (master.new_game(), "state", None):
        with pytest.raises(InvalidStateError):
            duel.render(other)  # type: ignore[arg-type]
    for action in (master.Pass(), "miss", None):
        with pytest.raises(InvalidStateError):
            duel.render_action(action)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), wins=st.integers(1, 3), lang=st.sampled_from(LANGS))
def test_any_seeded_position_renders(seed: int, wins: int, lang: Lang) -> None:
    states = _playout(seed, duel.Rules(match_wins=wins), 500)
    s = states[random.Random(seed).randrange(len(states))]
    text = duel.render(s, lang=lang)
    assert not REPR.search(text)
    assert all(len(line) <= 79 for line in text.splitlines())
    assert sum(line.count(" X ") for line in text.splitlines()) == len(AREAS)


def test_the_name_table_holds_both_labels() -> None:
    for area, names in AREA_NAMES.items():
        readable = {tuple(words(n)) for n in names}
        assert all(tuple(words(label)) in readable for label in area.labels.values())
