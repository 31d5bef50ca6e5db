"""The words the pictures print, in English and German, and the names of the games' pieces.

Internal. The names of boxes, areas, tasks, rows and colours come from the
games' own tables (their ``labels``) through `name`; this module holds only
the words of the pictures themselves (totals, headings), once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kniffel_rules._i18n import N_, phrases
from kniffel_rules._labels import label, word
from kniffel_rules.lang import Labelled, Lang

__all__ = ["WORDS", "name", "say"]

WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "to_move": N_("{name} to move"),
        "roll_of": N_("roll {n} of {m}"),
        "kept": N_("{n} kept"),
        "throwing": N_("throwing {n}"),
        "dice": N_("dice"),
        "roll_off": N_("Roll-off for the start player"),
        "over": N_("Game over"),
        "winner": N_("winner"),
        "winners": N_("winners"),
        "stars": N_("Stars"),
        "tasks": N_("Tasks"),
        "rows": N_("Number rows"),
        "coins": N_("Coin row"),
        "lap": N_("lap"),
        "markers": N_("free markers"),
        "jokers": N_("Jokers"),
        "supply": N_("supply"),
        "games_won": N_("games won"),
        "secured": N_("secured"),
        "hand": N_("Hand"),
        "n_cards": N_("{n} cards"),
        "card": N_("{n} card"),
        "display": N_("Display"),
        "pile": N_("Pile"),
        "discards": N_("Discards"),
        "reserve": N_("reserve"),
        "active": N_("active"),
        "tokens": N_("tokens on the board"),
        "round": N_("Round"),
        "start_draw": N_("Drawing the start player"),
    }
)
"""Every word of the pictures, by key, in each language."""


def say(key: str, lang: Lang, n: int | None = None, **fields: object) -> str:
    """The word ``key`` of `WORDS` in ``lang``, with ``n`` and ``fields`` put in for theirs."""
    text = word(WORDS, key, lang)
    if n is not None:
        fields["n"] = n
    return text.format(**fields) if fields else text


def name(member: Labelled, lang: Lang) -> str:
    """The name a player reads of a game's piece (box, area, task, row, colour) in ``lang``."""
    return label(member, lang)
