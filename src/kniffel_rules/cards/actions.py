"""The actions of the card game: every player decision and the chance outcomes.

All frozen value objects. A player's decisions are `PlaceToken` (setup),
`Draw` and `Take` (action A), `Play` and `Place` (action B), `Exchange` and
`Stop` (action C) and `Discard` (the hand limit); `Action` is their union.
Chance outcomes (`Outcome`) are `StartPlayer` (the start-player draw) and
`Card` (every card that is dealt or drawn: the outcome is the card itself).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.pieces import Card, Row, sort_cards
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "Action",
    "Discard",
    "Draw",
    "Exchange",
    "Outcome",
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
        seat: The start player's seat.
    """

    seat: int

    def __repr__(self) -> str:
        return f"StartPlayer({self.seat})"


@attrs.frozen(slots=True, repr=False)
class PlaceToken:
    """Setup: put one token from the reserve on the next level of ``row``.

    Attributes:
        row: The row.
    """

    row: Row

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

    card: Card

    def __repr__(self) -> str:
        return f"Take({self.card!r})"


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise InvalidStateError("cards", f"expected a sequence of cards, got {value!r}") from None
    if not all(isinstance(c, Card) for c in items):
        raise InvalidStateError("cards", f"expected a sequence of cards, got {value!r}")
    return sort_cards(items) if len(set(items)) == len(items) else items


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

    combination: Combination
    cards: tuple[Card, ...] = attrs.field(converter=_cards)

    def __repr__(self) -> str:
        return f"Play({self.combination}, {self.cards!r})"


@attrs.frozen(slots=True, repr=False)
class Place:
    """Action B, Four of a kind or Kniffel: where the tokens go and from where.

    Attributes:
        row: The row whose next free level is filled.
        from_reserve: How many of the tokens come from the personal reserve
            (the rest come from the active area).
        levels: 2 for a Kniffel filling the next two columns of Two pairs,
            else 1.
    """

    row: Row
    from_reserve: int = 0
    levels: int = 1

    def __repr__(self) -> str:
        extra = f", levels={self.levels}" if self.levels != 1 else ""
        return f"Place({self.row}, from_reserve={self.from_reserve}{extra})"


@attrs.frozen(slots=True, repr=False)
class Exchange:
    """Action C: discard ``card`` and move one token from the reserve to the active area.

    Attributes:
        card: A card of the player's hand.
    """

    card: Card

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

    card: Card

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


Action = PlaceToken | Draw | Take | Play | Place | Exchange | Stop | Discard
"""A player's action in the card game."""

Outcome = StartPlayer | Card
"""A chance outcome of the card game."""
