"""Kniffel Master's names in two languages and its text rendering (`master.render`)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, DiceRoll, duel, master
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError
from kniffel_rules.master import Combo, Task
from kniffel_rules.master.notation import COMBO_NAMES, TASK_NAMES
from kniffel_rules.notation import words

TASK_LABELS = {
    Task.KNIFFEL: ("Kniffel", "Kniffel"),
    Task.FULL_HOUSE: ("Full House", "Full House"),
    Task.SMALL_STRAIGHT: ("Small straight", "Kleine Straße"),
    Task.LARGE_STRAIGHT: ("Large straight", "Große Straße"),
    Task.CHANCE_LOW: ("Chance (5-10)", "Chance (5-10)"),
    Task.CHANCE_HIGH: ("Chance (25-30)", "Chance (25-30)"),
}
COMBO_LABELS = {
    Combo.PAIR: ("pair", "Paar"),
    Combo.TWO_PAIRS: ("two pairs", "zwei Paare"),
    Combo.THREE_OF_A_KIND: ("three of a kind", "Drilling"),
    Combo.FOUR_OF_A_KIND: ("four of a kind", "Vierling"),
    Combo.TASK_DONE: ("task already fulfilled", "Aufgabe bereits erfüllt"),
}


def test_every_task_and_combination_has_both_labels() -> None:
    assert {t: (t.labels["en"], t.labels["de"]) for t in Task} == TASK_LABELS
    assert {c: (c.labels["en"], c.labels["de"]) for c in Combo} == COMBO_LABELS
    for item in (*Task, *Combo):
        assert set(item.labels) == set(LANGS)
        assert item.label == item.labels["en"]


def _thrown(dice: tuple[int, ...]) -> master.State:
    s = master.apply(master.new_game(), master.Roll())
    return master.apply(s, DiceRoll(dice))


@pytest.mark.parametrize("task", list(Task))
@pytest.mark.parametrize("lang", LANGS)
def test_parse_action_reads_the_task_labels_of_both_languages(task: Task, lang: Lang) -> None:
    dice = {
        Task.KNIFFEL: (4, 4, 4, 4, 4),
        Task.FULL_HOUSE: (2, 2, 5, 5, 5),
        Task.SMALL_STRAIGHT: (1, 2, 3, 4, 6),
        Task.LARGE_STRAIGHT: (2, 3, 4, 5, 6),
        Task.CHANCE_LOW: (1, 1, 1, 2, 3),
        Task.CHANCE_HIGH: (4, 5, 5, 6, 6),
    }[task]
    label = task.labels[lang]
    assert master.parse_action(_thrown(dice), label) == master.Fulfil(task)
    assert master.parse_action(_thrown(dice), label.upper()) == master.Fulfil(task)


@pytest.mark.parametrize(
    ("combo", "dice"),
    [
        (Combo.PAIR, (1, 1, 3, 4, 6)),
        (Combo.TWO_PAIRS, (1, 1, 3, 3, 6)),
        (Combo.THREE_OF_A_KIND, (1, 1, 1, 3, 6)),
        (Combo.FOUR_OF_A_KIND, (1, 1, 1, 1, 6)),
    ],
)
def test_parse_action_reads_the_combination_labels(combo: Combo, dice: tuple[int, ...]) -> None:
    for label in combo.labels.values():
        assert master.parse_action(_thrown(dice), f"coins {label}") == master.Coins(combo)
        assert master.parse_action(_thrown(dice), f"Münzen {label}") == master.Coins(combo)


# --- render and render_action ------------------------------------------------------

REPR = re.compile(r"\b[A-Z]\w*\(|\w+\.[A-Z_]{2,}\b")
NAMES = ["Ann", "Ben", "Cleopatra Longname", "Dieter"]


def _playout(seed: int, players: int, steps: int) -> list[master.State]:
    rng = random.Random(seed)
    s = master.new_game(NAMES[:players], rules=master.Rules(target_stars=3))
    seen = [s]
    for _ in range(steps):
        if master.is_terminal(s):
            break
        if master.current_player(s) == CHANCE:
            action: object = master.sample_chance(s, rng)
        else:
            action = rng.choice(master.legal_actions(s))
        s = master.apply(s, action)  # type: ignore[arg-type]
        seen.append(s)
    return seen


def _check_picture(text: str, state: master.State) -> None:
    assert not REPR.search(text), text
    assert all(len(line) <= 79 for line in text.splitlines()), text
    for name in state.names:
        assert name[:12] in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_names_every_task_row_and_player(lang: Lang) -> None:
    s = _thrown((2, 2, 5, 5, 6))
    s = master.apply(s, master.NumberRows([(2, 2), (5, 2)]))
    text = master.render(s, lang=lang)
    for task in Task:
        assert task.labels[lang] in text
    words = {"en": ("Coin row", "Stars", "Row 6"), "de": ("Münzreihe", "Sterne", "Reihe 6")}
    for w in words[lang]:
        assert w in text
    assert "2/8" in text


def test_the_picture_says_whose_turn_the_dice_and_the_throw() -> None:
    s = _thrown((2, 2, 5, 5, 6))
    en, de = master.render(s), master.render(s, lang="de")
    assert en.splitlines()[:3] == [
        "Player 1 to move",
        "Dice: 2 2 5 5 6   roll 1 of 3",
        "keep dice and roll again, or use the result",
    ]
    assert de.splitlines()[:2] == ["Spieler 1 ist am Zug", "Würfel: 2 2 5 5 6   Wurf 1 von 3"]
    s = master.apply(s, master.Roll((5, 5)))
    assert master.render(s).splitlines()[1] == "Kept: 5 5, throwing the rest (roll 2 of 3)"
    s = master.apply(s, DiceRoll((1, 1, 1)))
    s = master.apply(s, master.Roll((1, 1, 1, 5)))
    s = master.apply(s, DiceRoll((5,)))
    assert master.render(s).splitlines()[2].startswith("use the result")


def test_a_task_shows_its_stars_and_a_completed_row_its_star() -> None:
    sheet = master.Sheet().with_task(Task.KNIFFEL).with_row(3, 8).with_coins(9)
    s = master.new_game(["Ann"])
    s = master.State(s.rules, s.names, (sheet,), s.phase, dice=(), rolls=0)
    lines = master.render(s).splitlines()
    assert any(line.split() == ["Kniffel", "***"] for line in lines)
    assert any(line.split() == ["Large", "straight", ".."] for line in lines)
    assert any(line.split() == ["Full", "House", "."] for line in lines)
    assert any(line.split() == ["Row", "3", "8/8", "*"] for line in lines)
    assert any(line.split() == ["Coin", "row", "1/7"] for line in lines)
    assert any(line.split() == ["Stars", str(sheet.stars)] for line in lines)


def test_the_roll_off_and_the_end_are_told() -> None:
    s = master.new_game(["Ann", "Ben"])
    assert master.render(s).startswith("Roll-off for the start player: Ann to throw\n")
    s = master.apply(s, DiceRoll((4,)))
    assert master.render(s).startswith("Roll-off for the start player: Ann 4; Ben to throw\n")
    end = next(x for x in _playout(5, 2, 5000) if master.is_terminal(x))
    won = [end.names[i] for i in master.winners(end)]
    assert master.render(end).startswith("Game over. Winner")
    assert master.render(end, lang="de").startswith("Spielende. Gewinner")
    assert all(name in master.render(end).splitlines()[0] for name in won)


@pytest.mark.parametrize("players", [1, 4])
@pytest.mark.parametrize("seed", range(3))
def test_seeded_playouts_render_in_both_languages(seed: int, players: int) -> None:
    states = _playout(seed, players, 3000)
    assert master.is_terminal(states[-1])
    for i, s in enumerate(states):
        if i % 7 and not master.is_terminal(s):
            continue
        for lang in LANGS:
            text = master.render(s, lang=lang)
            _check_picture(text, s)
            assert master.render(master.observation(s, 0), lang=lang) == text
            for action in master.legal_actions(s):
                phrase = master.render_action(action, lang=lang)
                assert phrase and not REPR.search(phrase) and "\n" not in phrase


ACTIONS = [
    (master.Roll(), "throw all dice", "alle Würfel werfen"),
    (master.Roll((3, 3)), "keep 3 3, throw the rest", "3 3 behalten, Rest würfeln"),
    (DiceRoll((1, 2, 3)), "the dice show 1 2 3", "die Würfel zeigen 1 2 3"),
    (master.Fulfil(Task.KNIFFEL), "fulfil Kniffel (+3 stars)", "Kniffel erfüllen (+3 Sterne)"),
    (
        master.Fulfil(Task.SMALL_STRAIGHT),
        "fulfil Small straight (+1 star)",
        "Kleine Straße erfüllen (+1 Stern)",
    ),
    (master.NumberRows([(4, 3)]), "row 4 (+3)", "Reihe 4 (+3)"),
    (master.NumberRows([(6, 2), (1, 2)]), "rows 1 (+2) and 6 (+2)", "Reihen 1 (+2) und 6 (+2)"),
    (master.Coins(Combo.TWO_PAIRS), "coins: two pairs (+2)", "Münzreihe: zwei Paare (+2)"),
    (
        master.Coins(Combo.TASK_DONE, Task.CHANCE_HIGH),
        "coins: Chance (25-30) already fulfilled (+3)",
        "Münzreihe: Chance (25-30) bereits erfüllt (+3)",
    ),
    (
        master.Coins(Combo.TASK_DONE),
        "coins: task already fulfilled (+3)",
        "Münzreihe: Aufgabe bereits erfüllt (+3)",
    ),
    (
        master.RowAndCoins(5, 2, Combo.PAIR),
        "row 5 (+2) and coins: pair (+1)",
        "Reihe 5 (+2) und Münzreihe: Paar (+1)",
    ),
    (master.Pass(), "pass", "passen"),
    # an action of the game that no rule allows (MA-10 refuses it) is still named
    (master.NumberRows([]), "rows: none", "Reihen: keine"),
]


@pytest.mark.parametrize(("action", "en", "de"), ACTIONS)
def test_render_action_in_both_languages(action: object, en: str, de: str) -> None:
    assert master.render_action(action) == en  # type: ignore[arg-type]
    assert master.render_action(action, lang="de") == de  # type: ignore[arg-type]


def test_bad_languages_and_objects_of_other_games_are_refused() -> None:
    s = master.new_game()
    with pytest.raises(UnknownLanguageError):
        master.render(s, lang="fr")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        master.render_action(master.Pass(), lang="xx")  # type: ignore[arg-type]
    for other in (duel.new_game(first_player=0), "state", None):
        with pytest.raises(InvalidStateError):
            master.render(other)  # type: ignore[arg-type]
    for action in (duel.Miss(), duel.Move(duel.Area.ONES), "pass"):
        with pytest.raises(InvalidStateError):
            master.render_action(action)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 4), lang=st.sampled_from(LANGS))
def test_any_seeded_position_renders(seed: int, players: int, lang: Lang) -> None:
    states = _playout(seed, players, 400)
    s = states[random.Random(seed).randrange(len(states))]
    text = master.render(s, lang=lang)
    _check_picture(text, s)
    assert master.render(master.observation(s, players - 1), lang=lang) == text


def test_the_name_tables_hold_both_labels() -> None:
    for table in (TASK_NAMES, COMBO_NAMES):
        for item, names in table.items():
            readable = {tuple(words(n)) for n in names}
            assert all(tuple(words(label)) in readable for label in item.labels.values())


def test_the_last_round_is_announced() -> None:
    s = master.new_game(["Ann", "Ben"], rules=master.Rules(target_stars=3), first_player=0)
    assert master.render(s).splitlines()[-1] == "(the last round starts at 3 stars)"
    sheet = master.Sheet().with_task(Task.KNIFFEL)
    s = master.State(s.rules, s.names, (s.sheets[0], sheet), s.phase, player=1)
    assert master.render(s).splitlines()[-1].startswith("Last round: 3 stars reached")
    assert master.render(s, lang="de").splitlines()[-1].startswith("Letzte Runde: 3 Sterne")
