"""Every menu line types back: one vocabulary per language, for every game.

What a menu shows (``render_action(a, lang=L)``) is a phrase that
``parse_action`` reads back as ``a``, in English and in German, at every
state of seeded random playouts of every registered game (the starting
positions of the conformance suite: several player counts and rule
options), chance nodes included: the outcome a screen shows is an outcome
a player may type. The canonical line (``action_to_text``) types back too.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules
from conformance_cases import CASES, Case, random_states
from kniffel_rules import Variant
from kniffel_rules.lang import LANGS

IDS = [f"{c.variant}-{c.id}" for c in CASES]
MOST = 40  # actions per state in the slow sweep (a seeded sample: a throw has 252 outcomes)


def _states(case: Case, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a seeded random playout of ``case`` (the first included)."""
    game = kniffel_rules.get_variant(case.variant)
    states = random_states(game, case.start(), random.Random(seed))
    return itertools.islice(states, 0, None, every)


def _actions(game: Variant, state: Any, rng: random.Random, most: int) -> list[Any]:
    actions = list(game.legal_actions(state))
    if len(actions) > most:
        actions = rng.sample(actions, most)
    return actions


def failures(case: Case, seed: int, every: int, most: int = MOST) -> list[tuple[str, str, str]]:
    """The (language, phrase, what it read as) of every menu line that does not type back.

    At every ``every``-th state of the playout of ``seed``, at most ``most``
    legal actions (a seeded sample) are rendered in each language and read.
    """
    game = kniffel_rules.get_variant(case.variant)
    render_action: Any = game.render_action
    rng = random.Random(seed)
    found: list[tuple[str, str, str]] = []
    for state in _states(case, seed, every):
        if game.is_terminal(state):
            continue
        for action in _actions(game, state, rng, most):
            phrases = [("text", game.action_to_text(action))]
            phrases += [(lang, render_action(action, lang=lang)) for lang in LANGS]
            phrases += [  # a digit of another script is that digit, never punctuation
                (f"{lang}, {script}", phrase.translate(digits))
                for lang, phrase in phrases[:2]
                for script, digits in _SCRIPTS.items()
                if any(c.isdigit() for c in phrase)
            ]
            for lang, phrase in phrases:
                try:
                    back = game.parse_action(state, phrase)
                except kniffel_rules.KniffelError as error:
                    found.append((lang, phrase, f"refused: {error}"))
                    continue
                if back != action:
                    found.append((lang, phrase, f"read as {game.action_to_text(back)!r}"))
    return found


_SCRIPTS = {  # the digits 0..9 of another script, from their first code point
    script: str.maketrans("0123456789", "".join(chr(zero + d) for d in range(10)))
    for script, zero in (("full-width", 0xFF10), ("Arabic-Indic", 0x0660))
}


def _report(found: list[tuple[str, str, str]]) -> str:
    return "\n".join(f"{lang}: {phrase!r}: {what[:300]}" for lang, phrase, what in found[:20])


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_menu_lines_type_back(case: Case, seed: int) -> None:
    found = failures(case, seed, every=13, most=8)
    assert not found, _report(found)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(2))
def test_menu_lines_type_back_at_every_other_state(case: Case, seed: int) -> None:
    found = failures(case, seed, every=2)
    assert not found, _report(found)


def test_the_menu_lines_of_the_report_type_back() -> None:
    """The lines issue 29 found unread, each at a state where the menu shows it."""
    from kniffel_rules import DiceRoll, cards, classic
    from kniffel_rules.classic.actions import Roll, Score
    from kniffel_rules.classic.pieces import Box

    start = classic.new_game()
    assert classic.parse_action(start, "throw all dice") == Roll()
    assert classic.parse_action(start, "Alle Würfel werfen") == Roll()
    thrown = classic.apply(classic.apply(start, Roll()), DiceRoll((1, 2, 3, 5, 6)))
    assert classic.parse_action(thrown, "Einser eintragen") == Score(Box.ONES)
    assert classic.parse_action(thrown, "Kleine Straße eintragen") == Score(Box.SMALL_STRAIGHT)
    assert classic.parse_action(thrown, "5 6 behalten, Rest würfeln") == Roll((5, 6))
    table = cards.new_game(2, first_player=0)
    for action in cards.legal_actions(table):
        for lang in LANGS:
            assert cards.parse_action(table, cards.render_action(action, lang=lang)) == action


def test_master_never_reads_a_row_move_as_two_rows() -> None:
    """``row 1 (+2)`` is row 1 with two dice; ``row 1 2`` may mean rows 1 and 2 as well: asked."""
    from kniffel_rules import DiceRoll, master
    from kniffel_rules.errors import AmbiguousActionError
    from kniffel_rules.master.actions import NumberRows

    state = master.apply(master.new_game(), master.Roll())
    state = master.apply(state, DiceRoll((1, 1, 2, 2, 5)))
    assert master.parse_action(state, "row 1 (+2)") == NumberRows(((1, 2),))
    assert master.parse_action(state, "Reihe 1 (+2)") == NumberRows(((1, 2),))
    both = NumberRows(((1, 2), (2, 2)))
    assert master.parse_action(state, "rows 1 (+2) and 2 (+2)") == both
    assert master.parse_action(state, "rows 1 2") == both
    with pytest.raises(AmbiguousActionError) as error:
        master.parse_action(state, "row 1 2")
    assert set(error.value.candidates) == {NumberRows(((1, 2),)), both}


def test_a_menu_phrase_of_an_illegal_action_gets_the_rules_reason() -> None:
    """The readers know the menu's words, not only the menu of the moment: the refusal says why."""
    from kniffel_rules import classic

    start = classic.new_game()
    with pytest.raises(kniffel_rules.ActionParseError) as error:
        classic.parse_action(start, "Einser eintragen")
    assert "not understood" not in str(error.value)
    assert error.value.understood is not None


def _lines_with_a_number(case: Case, seed: int) -> Iterator[tuple[Any, Any, str, int]]:
    """``(game, state, line, i)``: a legal action's canonical line whose first digit is at ``i``."""
    game = kniffel_rules.get_variant(case.variant)
    for state in _states(case, seed=seed, every=7):
        if game.is_terminal(state):
            continue
        for action in game.legal_actions(state)[:6]:
            line = game.action_to_text(action)
            digit = next((i for i, c in enumerate(line) if c.isdigit()), None)
            if digit is not None:
                yield game, state, line, digit


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_number_with_a_sign_is_refused_never_read_without_it(case: Case) -> None:
    """``-1`` (a menu number out of range) was read as ``1``, a move: now refused (German too)."""
    tried = 0
    for game, state, line, i in _lines_with_a_number(case, seed=6):
        for number in ("-1", "+2", "-0"):
            with pytest.raises(kniffel_rules.ActionParseError, match="without a sign"):
                game.parse_action(state, number)
        if i > 0 and not line[i - 1].isspace():
            continue  # "6-6": a dash between dice is no sign
        for sign in ("-", "+", "\u2212", "--"):
            with pytest.raises(kniffel_rules.ActionParseError) as error:
                game.parse_action(state, line[:i] + sign + line[i:])
            assert "Zahlen bitte ohne Vorzeichen schreiben" in error.value.localized("de")
            tried += 1
    assert tried > 0


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_number_not_in_digits_is_refused_never_dropped(case: Case) -> None:
    """``keep 3 ²`` was read as ``keep 3`` (the ``²`` dropped as punctuation): now refused."""
    tried = 0
    for game, state, line, i in _lines_with_a_number(case, seed=5):
        for other in ("²", "½", "Ⅳ", "五"):
            with pytest.raises(kniffel_rules.ActionParseError, match="digits 0 to 9"):
                game.parse_action(state, line[:i] + other + line[i + 1 :])
            tried += 1
    assert tried > 0
