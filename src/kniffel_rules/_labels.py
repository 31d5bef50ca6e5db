"""The pieces players read by name, written once: `Labelled` and `name_pieces`.

A box of a score sheet, an area of the Duell's board, a task of Master, a
colour or a row of the card game: each game's material is an enum whose
members have a JSON ``key``, a ``label`` and ``labels`` in every language.
`Labelled` is that enum; `FaceCounting` adds the ``face`` of the first six
members (Ones to Sixes). A game names its members once, right after the
enum, with `name_pieces`: the names the Kniffel family shares
(`FAMILY_NAMES`: "Full House", "Kleine Straße" ...) unless the game gives its own.

Examples:
    >>> import enum
    >>> class Box(FaceCounting):
    ...     SIXES = 5
    ...     JACKPOT = 6
    >>> name_pieces(Box, {"jackpot": N_("Jackpot")})
    >>> Box.SIXES.labels["de"], Box.JACKPOT.label, Box.JACKPOT.key, Box.SIXES.face, Box.JACKPOT
    ('Sechser', 'Jackpot', 'jackpot', 6, Box.JACKPOT)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final, TypeVar

from kniffel_rules import lang as _lang
from kniffel_rules._i18n import N_, Phrase, phrases
from kniffel_rules.lang import Lang, check_lang

__all__ = ["FAMILY_NAMES", "FaceCounting", "Labelled", "label", "name_pieces", "word"]

FAMILY_NAMES: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "ones": N_("Ones"),
        "twos": N_("Twos"),
        "threes": N_("Threes"),
        "fours": N_("Fours"),
        "fives": N_("Fives"),
        "sixes": N_("Sixes"),
        "three_of_a_kind": N_("Three of a kind"),
        "four_of_a_kind": N_("Four of a kind"),
        "two_pairs": N_("Two pairs"),
        "full_house": N_("Full House"),
        "small_straight": N_("Small straight"),
        "large_straight": N_("Large straight"),
        "kniffel": N_("Kniffel"),
        "chance": N_("Chance"),
        "blue": N_("blue"),
        "green": N_("green"),
        "purple": N_("purple"),
        "red": N_("red"),
        "yellow": N_("yellow"),
    }
)
"""The names the Kniffel family gives the same pieces, by key: the English msgids (the
German of the Schmidt sheets and rulebooks is in the catalogue: the combinations and the
boxes that count them, the colours)."""


class Labelled(enum.Enum):
    """A piece of a game that players read by name, in every language.

    ``key`` is the lower-case member name (the JSON key), ``labels`` the
    name in each language (set by `name_pieces`), ``label`` the English one.
    """

    @property
    def key(self) -> str:
        """The JSON key: the member's name in lower case (``"full_house"``)."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The name a player reads (``"Full House"``): the English label."""
        return _LABELS[self]["en"]

    @property
    def labels(self) -> Mapping[Lang, str]:
        """The name in each language (``{"en": "Small straight", "de": "Kleine Straße"}``)."""
        return _LABELS[self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    # A member equals only itself (an Enum's ``==`` is identity), so the
    # identity hash fits it, and it is computed in C: `enum.Enum`'s own
    # ``hash(self._name_)`` is a Python call on every dict or set lookup, and
    # the games look pieces up in tables on every step.
    __hash__ = object.__hash__


class FaceCounting(Labelled):
    """A `Labelled` piece whose members 0..5 count one face each (Ones to Sixes)."""

    @property
    def face(self) -> int | None:
        """The face the piece counts (1..6), or None past Sixes."""
        value: int = self.value
        return value + 1 if value < 6 else None


L = TypeVar("L", bound=Labelled)

_LABELS: Final[dict[Labelled, Mapping[Lang, str]]] = {}
# Every named piece's labels, filled by `name_pieces` as each game's enum is built.


def name_pieces(cls: type[L], own: Mapping[str, str] | None = None) -> None:
    """Give every member of ``cls`` its ``labels``: its own names, else the family's.

    Args:
        cls: The game's enum of pieces.
        own: The game's own names by key (English, marked with `N_`, or with
            `C_` where another language names it unlike the family's; the
            catalogue holds the other languages); every other member is
            named by `FAMILY_NAMES`.

    Raises:
        KeyError: A member that neither ``own`` nor `FAMILY_NAMES` names
            (at import: a game cannot leave a piece without a name).
    """
    own = own or {}
    for piece in cls:
        msgid = own.get(piece.key)
        _LABELS[piece] = FAMILY_NAMES[piece.key] if msgid is None else Phrase(msgid)


def label(item: _lang.Labelled, lang: Lang = "en") -> str:
    """The name of ``item`` (anything with ``labels``) in ``lang``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.
    """
    return item.labels[check_lang(lang)]


def word(table: Mapping[str, Mapping[Lang, str]], key: str, lang: Lang = "en") -> str:
    """The entry ``key`` of a table of words in ``lang`` (a renderer's own table and key).

    Examples:
        >>> word({"total": {"en": "Total", "de": "Summe"}}, "total", "de")
        'Summe'

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.
    """
    return table[key][check_lang(lang)]
