"""The actions of the card game: every player decision and the chance outcomes.

All frozen value objects. A player's decisions are `PlaceToken` (setup),
`Draw` and `Take` (action A), `Begin`, `Pick` and `Place` (action B),
`Exchange` and `Stop` (action C) and `Discard` (the hand limit); `Action` is
their union. `Play` names a whole play of action B (a combination and its
cards): the value the bots and `plays` speak of.
Chance outcomes (`Outcome`) are `StartPlayer` (the start-player draw) and
`Card` (every card that is dealt or drawn: the outcome is the card itself).

Every field takes only what it documents, checked at construction: a seat
or a count is an ``int`` that is not a ``bool``, a row a `Row`, a
combination a `Combination`, a card a `Card`; anything else raises
`InvalidStateError` naming the field, so that no object compares equal to
a legal action without being one (``StartPlayer(True) == StartPlayer(1)``
would otherwise hold).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

from kniffel_rules._fields import enum_field, int_field
from kniffel_rules._text import brief
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.pieces import CARDS, Card, Row, _sort_cards
from kniffel_rules.cards.rules import MAX_PLAYERS
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "Action",
    "Begin",
    "Discard",
    "Draw",
    "Exchange",
    "Outcome",
    "Pick",
    "Place",
    "PlaceToken",
    "Play",
    "StartPlayer",
    "Stop",
    "Take",
]


@attrs.frozen(slots=True, repr=False)
class StartPlayer:
    """Chance outcome: the seat drawn as start player (each seat 1/n).

    Attributes:
        seat: The start player's seat (an ``int`` 0..3).
    """

    seat: int = attrs.field(validator=int_field(0, MAX_PLAYERS - 1))

    def __repr__(self) -> str:
        return f"StartPlayer({self.seat})"


@attrs.frozen(slots=True, repr=False)
class PlaceToken:
    """Setup: put one token from the reserve on the next level of ``row``.

    Attributes:
        row: The row (a `Row`).
    """

    row: Row = attrs.field(validator=enum_field(Row))

    def __repr__(self) -> str:
        return f"PlaceToken({self.row})"


@attrs.frozen(slots=True)
class Draw:
    """Action A: draw cards from the pile (chance), then take cards from the display."""


@attrs.frozen(slots=True, repr=False)
class Take:
    """Action A, second part: take ``card`` from the open display.

    Attributes:
        card: A card of the display.
    """

    card: Card = attrs.field(validator=enum_field(Card))

    def __repr__(self) -> str:
        return f"Take({self.card!r})"


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)):
        raise InvalidStateError("cards", f"expected a sequence of cards, got {brief(value)}")
    try:  # at most one card more than the deck: a longer iterable is refused unread
        items = tuple(itertools.islice(value, len(CARDS) + 1))
    except TypeError:
        raise InvalidStateError(
            "cards", f"expected a sequence of cards, got {brief(value)}"
        ) from None
    if len(items) > len(CARDS):
        raise InvalidStateError("cards", f"a play has at most {len(CARDS)} cards")
    if not all(isinstance(c, Card) for c in items):
        raise InvalidStateError("cards", f"expected a sequence of cards, got {brief(items)}")
    return _sort_cards(items) if len(set(items)) == len(items) else items


@attrs.frozen(slots=True, repr=False)
class Play:
    """Action B: play ``cards`` as ``combination`` and place tokens.

    The constructor sorts the cards: the order they are given in does not
    matter. Tokens are placed at once on the combination's row; for Four of a
    kind and Kniffel, where the player chooses, a `Place` decision follows.

    Attributes:
        combination: The combination played.
        cards: The cards, in card order.
    """

    combination: Combination = attrs.field(validator=enum_field(Combination))
    cards: tuple[Card, ...] = attrs.field(converter=_cards)

    def __repr__(self) -> str:
        return f"Play({self.combination}, {self.cards!r})"


@attrs.frozen(slots=True, repr=False)
class Begin:
    """Action B, first step: announce ``combination``; its cards follow one `Pick` each.

    Attributes:
        combination: The combination to be played.
    """

    combination: Combination = attrs.field(validator=enum_field(Combination))

    def __repr__(self) -> str:
        return f"Begin({self.combination})"


@attrs.frozen(slots=True, repr=False)
class Pick:
    """Action B, after `Begin`: lay ``card`` of the hand down as part of the combination.

    Attributes:
        card: A card of the player's hand.
    """

    card: Card = attrs.field(validator=enum_field(Card))

    def __repr__(self) -> str:
        return f"Pick({self.card!r})"


@attrs.frozen(slots=True, repr=False)
class Place:
    """Action B, Four of a kind or Kniffel: where the tokens go and from where.

    Attributes:
        row: The row whose next free level is filled.
        from_reserve: How many of the tokens come from the personal reserve
            (the rest come from the active area): an ``int`` >= 0.
        levels: 2 for a Kniffel filling the next two columns of Two pairs,
            else 1.
    """

    row: Row = attrs.field(validator=enum_field(Row))
    from_reserve: int = attrs.field(default=0, validator=int_field(0))
    levels: int = attrs.field(default=1, validator=int_field(1, 2))

    def __repr__(self) -> str:
        extra = f", levels={self.levels}" if self.levels != 1 else ""
        return f"Place({self.row}, from_reserve={self.from_reserve}{extra})"


@attrs.frozen(slots=True, repr=False)
class Exchange:
    """Action C: discard ``card`` and move one token from the reserve to the active area.

    Attributes:
        card: A card of the player's hand.
    """

    card: Card = attrs.field(validator=enum_field(Card))

    def __repr__(self) -> str:
        return f"Exchange({self.card!r})"


@attrs.frozen(slots=True)
class Stop:
    """End action C before the limit; with ``simpler``, end the turn after drawing."""


@attrs.frozen(slots=True, repr=False)
class Discard:
    """End of the turn: discard ``card`` to come down to the hand limit.

    Attributes:
        card: A card of the player's hand.
    """

    card: Card = attrs.field(validator=enum_field(Card))

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


Action = PlaceToken | Draw | Take | Play | Begin | Pick | Place | Exchange | Stop | Discard
"""A player's action in the card game."""

Outcome = StartPlayer | Card
"""A chance outcome of the card game."""
