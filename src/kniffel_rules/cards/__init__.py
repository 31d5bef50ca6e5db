"""Kniffel: Das Kartenspiel: 65 cards, tokens, boards and hidden hands.

The module follows the protocol of `kniffel_rules.Variant`; `observation`
gives what one player may see.

Example:
    >>> import random
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(["Ann", "Ben"], first_player=0)
    >>> for row in (cards.Row.FULL_HOUSE, cards.Row.STRAIGHT, cards.Row.STRAIGHT):
    ...     s = cards.apply(s, cards.PlaceToken(row))       # Ann's 3 setup tokens
    >>> s.tokens[0]
    Tokens(reserve=18, active=3, board=(full_house=1, straight=2))
    >>> cards.current_player(s), s.player                   # Ben's setup next
    (1, 1)

Rules, rulings and options: ``docs/rules/cards.md`` (clause ids ``KA-``).
"""

from kniffel_rules.cards.board import BLUE_BOARD, RED_BOARD, ROWS, Board, BoardRow, Row
from kniffel_rules.cards.combos import SIZES, Combination, explain, plays
from kniffel_rules.cards.deck import CARDS, COLOURS, VALUES, Card, Colour
from kniffel_rules.cards.game import (
    Outcome,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
    scores,
    winners,
)
from kniffel_rules.cards.legal import hand_limit, is_out, place_options, row_value
from kniffel_rules.cards.observe import Observation, observation
from kniffel_rules.cards.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from kniffel_rules.cards.serial import from_json, to_json
from kniffel_rules.cards.state import (
    Action,
    Discard,
    Draw,
    Exchange,
    Phase,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    State,
    Stop,
    Take,
    Tokens,
)

__all__ = [
    "BLUE_BOARD",
    "CARDS",
    "COLOURS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RED_BOARD",
    "ROWS",
    "SIZES",
    "VALUES",
    "Action",
    "Board",
    "BoardRow",
    "Card",
    "Colour",
    "Combination",
    "Discard",
    "Draw",
    "Exchange",
    "Observation",
    "Outcome",
    "Phase",
    "Place",
    "PlaceToken",
    "Play",
    "Row",
    "Rules",
    "StartPlayer",
    "State",
    "Stop",
    "Take",
    "Tokens",
    "apply",
    "chance_outcomes",
    "current_player",
    "explain",
    "from_json",
    "hand_limit",
    "is_out",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observation",
    "place_options",
    "plays",
    "row_value",
    "sample_chance",
    "scores",
    "to_json",
    "winners",
]
