"""Card-game actions on the wire: JSON objects (`action_to_dict`) and canonical text.

The JSON forms (schema ``kniffel_rules/schemas/cards-action.schema.json``);
a card is written ``"red 7"`` (`Card.parse`), a row and a combination by
their value (``"two_pairs"``):

* ``{"type": "start_player", "seat": 1}``: the chance outcome `StartPlayer`;
* ``{"type": "card", "card": "red 7"}``: the chance outcome `Card` (dealt or drawn);
* ``{"type": "place_token", "row": "colour"}``: `PlaceToken`;
* ``{"type": "draw"}``: `Draw`;
* ``{"type": "take", "card": "red 7"}``: `Take`;
* ``{"type": "begin", "combination": "straight"}``: `Begin`;
* ``{"type": "pick", "card": "blue 2"}``: `Pick`;
* ``{"type": "play", "combination": "straight", "cards": ["blue 2", ...]}``: `Play`
  (a whole play: a value, not a decision; `steps` are its decisions);
* ``{"type": "place", "row": "two_pairs", "from_reserve": 1, "levels": 2}``: `Place`;
* ``{"type": "exchange", "card": "red 7"}``: `Exchange`;
* ``{"type": "stop"}``: `Stop`;
* ``{"type": "discard", "card": "red 7"}``: `Discard`.

The canonical text is one line that names the action without a state:
``start 1`` (the seat, as in ``StartPlayer(1)``), ``card red 7``,
``token colour``, ``draw``, ``take red 7``, ``begin straight``,
``pick blue 2``, ``play straight blue 2 red 3 red 4 green 5 red 6`` (the cards in card
order, words separated by single spaces: no commas, which the listings of
legal actions in messages put between actions), ``place two_pairs reserve 1``
(``levels 2`` added for two columns), ``exchange red 7``, ``stop``,
``discard red 7``.

`action_to_dict` and `action_from_dict` are the methods of `CODEC`: reading
is as strict as reading a state (the path names the field, as
``action.cards[2]``); a play's cards may come in any order (the `Play`
sorts them).

Examples:
    >>> from kniffel_rules import cards
    >>> a = cards.action_from_dict({"type": "take", "card": "red 7"})
    >>> a, cards.action_to_text(a), cards.action_to_dict(a)
    (Take(Card(7, 'red')), 'take red 7', {'type': 'take', 'card': 'red 7'})
    >>> cards.action_to_text(cards.Place(cards.Row.TWO_PAIRS, from_reserve=1, levels=2))
    'place two_pairs reserve 1 levels 2'
"""

from __future__ import annotations

import operator
from typing import Any, Final

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.cards.actions import (
    Action,
    Begin,
    Discard,
    Draw,
    Exchange,
    Outcome,
    Pick,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.pieces import CARDS, Card, Row
from kniffel_rules.cards.rules import MAX_PLAYERS
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.wire import Codec, Form, custom, enum_kind, integer, list_of

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

_BY_TEXT: Final = {str(c): c for c in CARDS}
_MAX_FROM_RESERVE: Final = 1_000  # the bound of a reserve in a state document


def _decode_card(value: Any, path: str) -> Card:
    card = _BY_TEXT.get(value) if type(value) is str else None
    if card is None:
        got = Text.of(N_("expected a card like 'red 7', got {value}"), value=brief(value))
        raise InvalidStateError(path, got)
    return card


CARD: Final = custom(str, _decode_card, {"enum": list(_BY_TEXT)})
"""A card as ``"red 7"`` (`kniffel_rules.wire.Kind`)."""

_ROW = enum_kind(Row, key=operator.attrgetter("value"))
_COMBINATION = enum_kind(Combination, key=operator.attrgetter("value"))


def _the_card(obj: Any, name: str) -> Any:
    return obj


def _card_itself(card: Card) -> Card:
    return card


CODEC: Final = Codec[Action | Outcome](
    "cards",
    (
        Form(
            "start_player",
            StartPlayer,
            (("seat", integer(0, MAX_PLAYERS - 1)),),
            title="chance: the seat drawn as start player",
        ),
        Form(
            "card",
            Card,
            (("card", CARD),),
            get=_the_card,
            build=_card_itself,
            title="chance: the card dealt or drawn",
        ),
        Form("place_token", PlaceToken, (("row", _ROW),), title="setup: a token on a row"),
        Form("draw", Draw, title="action A: draw from the pile, then take from the display"),
        Form("take", Take, (("card", CARD),), title="take a card from the open display"),
        Form(
            "begin",
            Begin,
            (("combination", _COMBINATION),),
            title="action B: announce the combination to play (its cards follow one pick each)",
        ),
        Form("pick", Pick, (("card", CARD),), title="action B: the next card of the combination"),
        Form(
            "play",
            Play,
            (("combination", _COMBINATION), ("cards", list_of(CARD, len(CARDS)))),
            title="a whole play of action B (made of a begin and its picks)",
        ),
        Form(
            "place",
            Place,
            (
                ("row", _ROW),
                ("from_reserve", integer(0, _MAX_FROM_RESERVE)),
                ("levels", integer(1, 2)),
            ),
            title="where a Four of a kind's or Kniffel's tokens go, and how many from the reserve",
        ),
        Form("exchange", Exchange, (("card", CARD),), title="action C: one card for one token"),
        Form("stop", Stop, title="end action C, or the simpler turn after drawing"),
        Form("discard", Discard, (("card", CARD),), title="discard down to the hand limit"),
    ),
)
"""The JSON forms of the card game's actions and outcomes (`kniffel_rules.wire.Codec`)."""


action_to_dict = CODEC.to_dict
action_from_dict = CODEC.from_dict


def _cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as words: ``"blue 2 red 3"`` (each card is a colour and a value)."""
    return " ".join(str(c) for c in cards)


def action_to_text(action: Action | Outcome) -> str:
    """One canonical line naming the action: ``"take red 7"``, ``"place two_pairs reserve 1"``.

    Context-free (the seat of ``start`` is the seat number of `StartPlayer`,
    not a name); ``parse_action`` reads it back in every state where the
    action is legal.

    Examples:
        >>> from kniffel_rules import cards
        >>> from kniffel_rules.cards import Card, Combination, Play
        >>> cards.action_to_text(Play(Combination.THREE_OF_A_KIND,
        ...                           (Card(9, "red"), Card(9, "blue"), Card(9, "green"))))
        'play three_of_a_kind blue 9 green 9 red 9'

    Raises:
        InvalidStateError: Not an action or outcome of the card game (path ``action``).
    """
    if isinstance(action, Card):
        return f"card {action}"
    if isinstance(action, Play):
        return f"play {action.combination.value} {_cards_text(action.cards)}".rstrip()
    if isinstance(action, Place):
        levels = f" levels {action.levels}" if action.levels != 1 else ""
        return f"place {action.row.value} reserve {action.from_reserve}{levels}"
    if isinstance(action, Take):
        return f"take {action.card}"
    if isinstance(action, Pick):
        return f"pick {action.card}"
    if isinstance(action, Begin):
        return f"begin {action.combination.value}"
    if isinstance(action, Exchange):
        return f"exchange {action.card}"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, PlaceToken):
        return f"token {action.row.value}"
    if isinstance(action, StartPlayer):
        return f"start {action.seat}"
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Stop):
        return "stop"
    raise InvalidStateError("action", f"not an action or outcome of cards: {brief(action)}")
