"""The renderers of every game, through the `Variant` protocol only.

Every game has ``render(view, *, lang)`` and ``render_action(action, *, lang)``
(the room ``render.py``). For seeded random playouts of each registered game
the pictures of states and of every seat's observation are text without a
Python repr, at most 79 characters wide with four players (two for the
Duell) and with as many players as a game takes (12 at most here) and the
longest names, naming every player; every legal action and chance outcome has a
one-line phrase in both languages; a bad language and an object of another
game are refused with the library's errors.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

import kniffel_rules
from conformance_cases import random_states
from kniffel_rules import Variant
from kniffel_rules._text import display_width
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS, UnknownLanguageError

REPR = re.compile(r"\b[A-Z]\w*\(|\w+\.[A-Z_]{2,}\b")
NAMES = ("Ann", "Bartholomew Longname", "Cleo", "Dan")
SEATS = {"duel": 2}  # the most players each game is drawn with here (4 unless said)


def _game(name: str) -> Variant:
    return kniffel_rules.get_variant(name)


def _render(game: Variant) -> Callable[..., str]:
    found: Callable[..., str] = cast(Any, game).render
    return found


def _render_action(game: Variant) -> Callable[..., str]:
    found: Callable[..., str] = cast(Any, game).render_action
    return found


def _playout(game: Variant, players: int, seed: int, steps: int) -> Iterator[Any]:
    """The states of a seeded random game (at most ``steps`` actions)."""
    return random_states(game, game.new_game(list(NAMES[:players])), random.Random(seed), steps)


def _check_text(text: object, names: tuple[str, ...], wide: bool) -> None:
    assert isinstance(text, str) and text
    assert not REPR.search(text), text
    if not wide:
        assert max(map(display_width, text.splitlines())) <= 79, text
    for name in names:
        assert name[:12] in text, (name, text)


def test_every_game_has_the_renderers() -> None:
    for name in kniffel_rules.VARIANTS:
        game = _game(name)
        module: Any = kniffel_rules.get_variant(name)  # the package's own renderers
        assert _render(game) is module.render
        assert _render_action(game) is module.render_action
        assert {"render", "render_action"} <= set(cast(Any, game).__all__)


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_pictures_of_seeded_playouts(name: str, seed: int) -> None:
    game = _game(name)
    render, render_action = _render(game), _render_action(game)
    players = SEATS.get(name, 4)
    for i, state in enumerate(_playout(game, players, seed, 600)):
        if i % 9 and not game.is_terminal(state):
            continue
        names = tuple(state.names)
        pictures = {lang: render(state, lang=lang) for lang in LANGS}
        assert pictures["en"] != pictures["de"]
        for lang, text in pictures.items():
            _check_text(text, names, wide=False)
            for seat in range(players):
                _check_text(render(game.observation(state, seat), lang=lang), names, wide=False)
            actions = game.legal_actions(state)
            for action in actions[:60]:
                phrase = render_action(action, lang=lang)
                assert isinstance(phrase, str) and phrase and "\n" not in phrase
                assert not REPR.search(phrase), phrase


LONG_NAMES = ("W" * 40, "Bartholomäus-Maximilian von Ötzingen", "Mm" * 20, "李小龍" * 10)


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_many_players_with_long_names_stay_within_79_columns(name: str) -> None:
    """A sheet of many players comes in blocks and names are cut: no line is wider than 79."""
    game = _game(name)
    info = cast(Any, game).INFO
    players = min(info.max_players, 12)
    # every long name in some game, however few the seats (the Duell has two)
    for offset in range(0, 4, players) if players < 4 else (0,):
        names = [f"{LONG_NAMES[(i + offset) % 4]}{i}" for i in range(players)]
        _check_long_names(game, names)


def _check_long_names(game: Variant, names: list[str]) -> None:
    start = game.new_game(names)
    for i, state in enumerate(random_states(game, start, random.Random(3), 400)):
        if i % 23 and not game.is_terminal(state):
            continue
        for lang in LANGS:
            for view in (state, game.observation(state, 0)):
                text = _render(game)(view, lang=lang)
                assert max(map(display_width, text.splitlines())) <= 79, text
                for who in names:
                    assert who[:3] in text, (who, text)


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_names_cut_alike_stay_told_apart(name: str) -> None:
    """Long names alike but for their ends are cut in the middle, not all to the same head."""
    game = _game(name)
    players = min(cast(Any, game).INFO.max_players, 50)
    names = [f"WolfgangAmadeusMozart{i}" for i in range(players)]
    for lang in LANGS:
        text = _render(game)(game.new_game(names), lang=lang)
        for line in text.splitlines():
            cut = [word.lstrip(">") for word in line.split() if "\u2026" in word]
            assert len(cut) == len(set(cut)), (line, text)


# Names that take as many terminal columns as their stand-ins have letters:
# CJK (two columns a character), an emoji (two), a combining accent (none).
WIDE_NAMES = {
    "山田太郎": "Qqqqqqqq",
    "李小龍": "Zzzzzz",
    "\U0001f3b2Ann": "XxAnn",
    "Jose\u0301": "Vwvw",
}


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_wide_names_take_their_columns(name: str) -> None:
    """A name of CJK characters, an emoji or an accent is laid out by the columns it takes.

    Every picture with such names equals, once each name is put back by a
    stand-in of as many Latin letters as it takes columns, the picture of
    the same game with the stand-ins: the table columns stay aligned.
    """
    game = _game(name)
    players = min(cast(Any, game).INFO.max_players, 4)
    wide = list(WIDE_NAMES)[:players]
    latin = [WIDE_NAMES[w] for w in wide]
    for w, stand_in in zip(wide, latin, strict=True):
        assert display_width(w) == len(stand_in)
    render = _render(game)
    wide_states = random_states(game, game.new_game(wide), random.Random(5), 300)
    latin_states = random_states(game, game.new_game(latin), random.Random(5), 300)
    for i, (state, twin) in enumerate(zip(wide_states, latin_states, strict=True)):
        if i % 17 and not game.is_terminal(state):
            continue
        for lang in LANGS:
            views = [(state, twin), (game.observation(state, 0), game.observation(twin, 0))]
            for view, twin_view in views:
                text = render(view, lang=lang)
                for w, stand_in in zip(wide, latin, strict=True):
                    text = text.replace(w, stand_in)
                assert text == render(twin_view, lang=lang)


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_terminal_states_are_drawn(name: str) -> None:
    game = _game(name)
    players = 2 if name in ("duel", "cards") else 1
    *_, end = _playout(game, players, 7, 200_000)
    assert game.is_terminal(end)
    won = {end.names[i] for i in game.winners(end)}
    for lang in LANGS:
        text = _render(game)(end, lang=lang)
        _check_text(text, tuple(end.names), wide=False)
        assert any(w[:12] in text for w in won)


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_a_bad_language_is_refused(name: str) -> None:
    game = _game(name)
    state = game.new_game(list(NAMES[:2]))
    action = game.legal_actions(state)[0]
    for bad in ("fr", "", "english", None, 3):
        with pytest.raises(UnknownLanguageError):
            _render(game)(state, lang=bad)
        with pytest.raises(UnknownLanguageError):
            _render_action(game)(action, lang=bad)
    assert _render(game)(state, lang="DE") == _render(game)(state, lang="de")


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
@pytest.mark.parametrize("other", kniffel_rules.VARIANTS)
def test_objects_of_another_game_are_refused(name: str, other: str) -> None:
    if name == other:
        return
    game, stranger = _game(name), _game(other)
    state = stranger.new_game(list(NAMES[:2]), first_player=0)
    for _ in range(3):  # a state of the other game with a decision of its own
        action = stranger.legal_actions(state)[0]
        state = stranger.apply(state, action)
    with pytest.raises(InvalidStateError):
        _render(game)(state)
    with pytest.raises(InvalidStateError):
        _render(game)(stranger.observation(state, 0))
    for action in stranger.legal_actions(state)[:5]:
        try:
            phrase = _render_action(game)(action)
        except InvalidStateError:
            continue
        assert not REPR.search(phrase)  # an object both games share (the dice games' Roll)
    for junk in ("state", None, 42, object()):
        with pytest.raises(InvalidStateError):
            _render(game)(junk)
        with pytest.raises(InvalidStateError):
            _render_action(game)(junk)


GERMAN_DEFAULTS = {"duel": ("Blau", "Rot")}  # the others: "Spieler 1", "Spieler 2"


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_default_names_are_drawn_in_the_readers_language(name: str) -> None:
    """A game started with a count names its seats in English data; German pictures translate."""
    from kniffel_rules import svg

    game = _game(name)
    start = game.new_game(2)
    english = tuple(start.names)
    german = GERMAN_DEFAULTS.get(name, ("Spieler 1", "Spieler 2"))
    assert english == (("Blue", "Red") if name == "duel" else ("Player 1", "Player 2"))
    for state in _playout_from(game, start, seed=3, steps=60):
        views = [state, *(game.observation(state, seat) for seat in range(2))]
        for view in views:
            de = _render(game)(view, lang="de") + svg.render(view, lang="de")
            en = _render(game)(view, lang="en") + svg.render(view, lang="en")
            assert not any(n in de for n in english), de
            assert all(n in de for n in german), de
            assert all(n in en for n in english), en
        assert tuple(state.names) == english  # the state's data stays as it was


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_a_name_like_a_translated_default_keeps_the_default_as_written(name: str) -> None:
    game = _game(name)
    look_alike = GERMAN_DEFAULTS.get(name, ("Spieler 1",))[0]
    default = "Blue" if name == "duel" else "Player 1"
    state = game.new_game([default, look_alike], first_player=0)
    text = _render(game)(state, lang="de")
    assert default in text  # not two seats both reading like the second
    assert text.count(look_alike) >= 1


@pytest.mark.parametrize("name", kniffel_rules.VARIANTS)
def test_a_refusal_names_a_default_seat_in_the_readers_language(name: str) -> None:
    from kniffel_rules._i18n import localize

    game = _game(name)
    state = game.new_game(2, first_player=0)
    while game.current_player(state) < 0:  # the card game deals first
        state = game.apply(state, game.sample_chance(state, random.Random(0)))
    rejection = game.why_illegal(state, object())
    assert rejection is not None
    seat = game.current_player(state)
    german = GERMAN_DEFAULTS.get(name, ("Spieler 1", "Spieler 2"))[seat]
    assert german in localize(rejection, "de")
    assert state.names[seat] in str(rejection)


def _playout_from(game: Variant, state: Any, seed: int, steps: int) -> Iterator[Any]:
    return random_states(game, state, random.Random(seed), steps)
