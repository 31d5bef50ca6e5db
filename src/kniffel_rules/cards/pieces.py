"""The material of the card game: the 65 cards, the rows and the player boards.

The cards: the values 1..13 in five colours, each card unique (KA-01).

A `Card` is a frozen value object. The deck's canonical order (`CARDS`) is by
value, then by colour in the order of `Colour`; hands, the pile, the display
and the discard pile are always kept as tuples sorted in that order.

Examples:
    >>> from kniffel_rules.cards.pieces import CARDS, Card
    >>> len(CARDS), CARDS[0], CARDS[-1]
    (65, Card(1, 'blue'), Card(13, 'yellow'))
    >>> Card(7, "red") == Card(7, Colour.RED)
    True
    >>> str(Card(7, "red")), Card.parse("red 7")
    ('red 7', Card(7, 'red'))

The rows and the boards (`Row`, `ROWS`, `BoardRow`, `Board`, `BLUE_BOARD`,
`RED_BOARD`, KA-03, KA-40..KA-42) are defined in the internal module
``_boards`` and re-exported here.
"""

from __future__ import annotations

import bisect
import enum
import operator
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from kniffel_rules._i18n import N_, Named, Text
from kniffel_rules._labels import Labelled, name_pieces
from kniffel_rules._text import brief
from kniffel_rules.cards._boards import BLUE_BOARD, RED_BOARD, ROWS, Board, BoardRow, Row
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS

__all__ = [
    "BLUE_BOARD",
    "CARDS",
    "COLOURS",
    "RED_BOARD",
    "ROWS",
    "VALUES",
    "Board",
    "BoardRow",
    "Card",
    "Colour",
    "Row",
]


class Colour(Labelled):
    """The five card colours (the rulebook names only blue; the others are labels).

    ``colour.labels`` are its names in each language (``{"en": "green", "de": "grün"}``).
    """

    BLUE = "blue"
    GREEN = "green"
    PURPLE = "purple"
    RED = "red"
    YELLOW = "yellow"

    __repr__ = enum.Enum.__repr__  # the enum's own: <Colour.BLUE: 'blue'>


name_pieces(Colour)


COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
"""The colours in card order."""

VALUES: Final[tuple[int, ...]] = tuple(range(1, 14))
"""The card values: 1 is the lowest card and 13 the highest."""

_COLOUR_INDEX: Final = {c: i for i, c in enumerate(COLOURS)}


def _colour(value: Any) -> Colour:
    if isinstance(value, Colour):
        return value
    try:
        return Colour(value)
    except (ValueError, TypeError):
        names = ", ".join(c.value for c in COLOURS)
        raise InvalidStateError("colour", f"{brief(value)} is not a colour ({names})") from None


def _value(inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
        raise InvalidStateError("value", f"a card's value is 1..13, got {brief(value)}")


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Card:
    """One card: a value 1..13 and a colour.

    The constructor accepts a `Colour` or its name: ``Card(7, "red")``.

    Attributes:
        value: 1..13.
        colour: One of the five colours.
    """

    value: int = attrs.field(validator=_value)
    colour: Colour = attrs.field(converter=_colour)
    index: int = attrs.field(
        init=False,
        eq=False,
        repr=False,
        hash=False,
        default=attrs.Factory(lambda self: self._index(), takes_self=True),
    )
    """The card's position in `CARDS` (0..64)."""

    def _index(self) -> int:
        if isinstance(self.value, int):
            return (self.value - 1) * 5 + _COLOUR_INDEX[self.colour]
        return -1  # rejected by the validator

    @classmethod
    def parse(cls, text: Any, path: str = "card") -> Card:
        """Read a card from its text form ``"<colour> <value>"`` (``"red 7"``).

        Args:
            text: The text.
            path: The field path used in error messages.

        Returns:
            The card (the canonical object of `CARDS`).

        Raises:
            InvalidStateError: Not a card.
        """
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            got = Text.of(N_("expected a card like 'red 7', got {value}"), value=brief(text))
            raise InvalidStateError(path, got)
        return card

    def __str__(self) -> str:
        return f"{self.colour.value} {self.value}"

    def __repr__(self) -> str:
        return f"Card({self.value}, {self.colour.value!r})"


def card_names(cards: Sequence[Card]) -> Named:
    """``cards`` named in every language for a message: ``"red 7 blue 2"``, ``"rot 7 blau 2"``."""
    names = {lang: " ".join(f"{c.colour.labels[lang]} {c.value}" for c in cards) for lang in LANGS}
    names["en"] = " ".join(str(c) for c in cards)
    return Named(names)


CARDS: Final[tuple[Card, ...]] = tuple(Card(v, c) for v in VALUES for c in COLOURS)
"""All 65 cards in card order (by value, then colour)."""

_BY_TEXT: Final = {str(c): c for c in CARDS}


_INDEX: Final = operator.attrgetter("index")


def _sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a tuple in card order (the canonical objects of `CARDS`)."""
    return tuple(CARDS[i] for i in sorted(c.index for c in cards))


def _holds(cards: tuple[Card, ...], card: Card) -> bool:
    """Whether the sorted ``cards`` hold ``card`` (by binary search)."""
    i = card.index
    pos = bisect.bisect_left(cards, i, key=_INDEX)
    return pos < len(cards) and cards[pos].index == i


def _with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted ``cards`` with ``card`` inserted in card order."""
    i = card.index
    pos = bisect.bisect_left(cards, i, key=_INDEX)
    return (*cards[:pos], CARDS[i], *cards[pos:])


def _without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted ``cards`` without ``card``, which they must hold."""
    pos = bisect.bisect_left(cards, card.index, key=_INDEX)
    return cards[:pos] + cards[pos + 1 :]
