"""The words the pictures print, in English and German, and the names of the games' pieces.

Internal. The names of boxes, areas, tasks, rows and colours come from the
games' own tables (their ``labels``) through `name`; this module holds only
the words of the pictures themselves (totals, headings), once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kniffel_rules.lang import Labelled, Lang, label, word

__all__ = ["WORDS", "name", "say"]

WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "to_move": {"en": "to move", "de": "am Zug"},
    "throw": {"en": "throw", "de": "Wurf"},
    "of": {"en": "of", "de": "von"},
    "kept": {"en": "{n} kept", "de": "{n} behalten"},
    "throwing": {"en": "throwing {n}", "de": "{n} im Wurf"},
    "dice": {"en": "dice", "de": "Würfel"},
    "roll_off": {"en": "Roll-off for the start player", "de": "Auswürfeln des Startspielers"},
    "over": {"en": "Game over", "de": "Spielende"},
    "winner": {"en": "winner", "de": "Sieger"},
    "winners": {"en": "winners", "de": "Sieger"},
    "stars": {"en": "Stars", "de": "Sterne"},
    "tasks": {"en": "Tasks", "de": "Aufgaben"},
    "rows": {"en": "Number rows", "de": "Zahlenreihen"},
    "coins": {"en": "Coin row", "de": "Münzreihe"},
    "lap": {"en": "lap", "de": "Runde"},
    "markers": {"en": "free markers", "de": "freie Marker"},
    "jokers": {"en": "Jokers", "de": "Joker"},
    "supply": {"en": "supply", "de": "Vorrat"},
    "games_won": {"en": "games won", "de": "gewonnene Spiele"},
    "secured": {"en": "secured", "de": "gesichert"},
    "hand": {"en": "Hand", "de": "Hand"},
    "n_cards": {"en": "{n} cards", "de": "{n} Karten"},
    "card": {"en": "{n} card", "de": "{n} Karte"},
    "display": {"en": "Display", "de": "Auslage"},
    "pile": {"en": "Pile", "de": "Stapel"},
    "discards": {"en": "Discards", "de": "Ablage"},
    "reserve": {"en": "reserve", "de": "Vorrat"},
    "active": {"en": "active", "de": "aktiv"},
    "tokens": {"en": "tokens on the board", "de": "Steine auf dem Tableau"},
    "round": {"en": "Round", "de": "Runde"},
    "start_draw": {"en": "Drawing the start player", "de": "Der Startspieler wird gezogen"},
}
"""Every word of the pictures, by key, in each language."""


def say(key: str, lang: Lang, n: int | None = None) -> str:
    """The word ``key`` of `WORDS` in ``lang``, with ``n`` put in for ``{n}``."""
    text = word(WORDS, key, lang)
    return text if n is None else text.replace("{n}", str(n))


def name(member: Labelled, lang: Lang) -> str:
    """The name a player reads of a game's piece (box, area, task, row, colour) in ``lang``."""
    return label(member, lang)
