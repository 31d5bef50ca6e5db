"""No refusal a player reads holds a Python ``repr`` (issue 26), in any game.

Random games of every game are played through the `Variant` protocol; at
their positions the actions and outcomes met anywhere in those games (most
of them illegal there, and of every kind) are offered to ``why_illegal``, and
the lines of ``action_to_text``, near misses of them and junk are offered to
``parse_action``. No text may show an object's ``repr``: ``Card(13, 'green')``,
``DiceRoll((1, 2, 2, 4, 6))``, a tuple ``(1, 2, 2, 4, 6)``, ``Box.CHANCE``,
``<Box.CHANCE: ...>`` or an int in quotes. Cards and dice are written as the
games' notation writes them (``green 13``, ``1 2 2 4 6``).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, TERMINAL, VARIANTS, get_variant
from kniffel_rules.errors import ActionParseError, KniffelError
from kniffel_rules.notation import dice_text, said

REPR = re.compile(
    r"Card\(|StartPlayer\(|Roll\(|Score\(|Move\(|Joker\(|Miss\(|Fulfil\(|Coins\(|NumberRows\("
    r"|Draw\(|Take\(|Pick\(|Play\(|Place\(|Begin\(|Discard\(|Exchange\(|Stop\(|PlaceToken\("
    r"|\(\d+, \d+|\(\d+,\)|\[\d+, \d+|<[A-Z]\w*\.|\b[A-Z]\w*\.[A-Z_]{2,}\b|'\d+'"
)
"""What a repr looks like: a class called, a tuple or list of ints, an enum, an int quoted."""

_PLAYERS = {"classic": (1, 2, 3), "extreme": (1, 2), "master": (1, 2, 3), "duel": (2,),
            "cards": (2, 3, 4)}


def _games(name: str, seed: int) -> tuple[list[Any], list[Any]]:
    """The positions and the actions met in a few random games of ``name``."""
    game = get_variant(name)
    rng = random.Random(seed)
    states: list[Any] = []
    actions: list[Any] = []
    for _ in range(2):
        info = game.INFO  # a game without a row: one to three seats, as it allows
        seats = _PLAYERS.get(name) or range(info.min_players, min(info.max_players, 3) + 1)
        state = game.new_game(rng.choice(seats))
        for _ in range(400):
            who = game.current_player(state)
            if who == TERMINAL:
                break
            states.append(state)
            action = (
                game.sample_chance(state, rng) if who == CHANCE
                else rng.choice(game.legal_actions(state))
            )
            actions.append(action)
            state = game.apply(state, action)
        states.append(state)
    return states, list(dict.fromkeys(actions))


def _shown(message: str, text: object = None) -> str:
    """The message without the echo of what was typed (the player's own words)."""
    if isinstance(text, str):
        message = message.replace(repr(text), "")
    return message


def _near_misses(line: str, rng: random.Random) -> list[str]:
    """``line`` with a number changed, a word dropped, words swapped."""
    words = line.split()
    out = [re.sub(r"\d+", lambda m: str(rng.randint(0, 14)), line)]
    if len(words) > 1:
        out.append(" ".join(words[1:]))
        out.append(" ".join(words[:1] + words[2:]))
        out.append(" ".join(reversed(words)))
    return out


def _refusal(game: Any, state: Any, text: str) -> str:
    """The text of ``parse_action``'s refusal, ``""`` if it understood."""
    try:
        game.parse_action(state, text)
    except ActionParseError as err:
        return str(err)
    except KniffelError as err:  # only ActionParseError is documented here
        pytest.fail(f"{text!r} raised {type(err).__name__}: {err}")
    return ""


_FOREIGN: list[Any] = [None, 3, "x", (1, 2), [1, 2], 1.5, object()]


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_refusal_shows_a_repr(name: str, seed: int) -> None:
    game = get_variant(name)
    rng = random.Random(seed)
    states, actions = _games(name, seed)
    others = [a for other in VARIANTS if other != name for a in _games(other, seed)[1][:30]]
    lines = [game.action_to_text(a) for a in actions]
    junk = ["13", "card 13", "karte 13", "draw 2", "keep 1 2 3", "behalte 1 1", "joker 1 7",
            "rows 2x2", "score chance", "move twos", "xyz", "play kniffel 1 1 1 1 1"]
    for state in rng.sample(states, min(25, len(states))):
        for action in [*rng.sample(actions, min(25, len(actions))), *others[:40], *_FOREIGN]:
            reason = game.why_illegal(state, action)
            if reason is not None:
                assert not REPR.search(reason), (name, action, str(reason))
        for line in rng.sample(lines, min(4, len(lines))):
            for text in [line, *_near_misses(line, rng), *junk]:
                message = _refusal(game, state, text)
                assert not REPR.search(_shown(message, text)), (name, text, message)


def test_the_pattern_sees_the_reprs_of_the_report() -> None:
    """The pattern is not blind: the texts of issue 26 match it, the notation's do not."""
    from kniffel_rules.cards import Card
    from kniffel_rules.dice import DiceRoll

    for bad in ("got Card(13, 'green')", "the dice (1, 2, 2, 4, 6) do not show",
                "got DiceRoll((1, 2))", "not Combo.PAIR", "got Score(Box.CHANCE)", "(7,)"):
        assert REPR.search(bad), bad
    for good in ("got 'card green 13'", "the dice 1 2 2 4 6 do not show", "got 'dice 1 2'"):
        assert not REPR.search(good), good
    assert said(Card(13, "green"), lambda c: f"card {c}") == "'card green 13'"
    assert said(DiceRoll((1, 2)), str.upper) == "a DiceRoll"  # a to_text that cannot name it
    assert dice_text((1, 2, 2, 4, 6)) == "1 2 2 4 6"
