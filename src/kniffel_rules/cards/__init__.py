"""Kniffel: Das Kartenspiel: 65 cards, tokens, boards and hidden hands.

The module follows the protocol of `kniffel_rules.Variant`; `observation`
gives what one player may see, and the wire (``action_to_dict``,
``action_to_text``, ``parse_action``) writes and reads actions as JSON and text.

Examples:
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

The rooms: ``rules`` (`Rules`), ``pieces`` (the cards, rows and boards),
``combinations`` (what cards show), ``actions``, ``state``, ``legality`` (the
rules of play, each once), ``engine`` (`new_game` and the protocol),
``serial`` (JSON), ``wire`` (actions as JSON objects and text), ``notation``
(what a player types), ``view`` (what a player sees) and ``render`` (that
view as text); modules named ``_x`` are internal.
"""

from kniffel_rules.cards._sample import sample_state
from kniffel_rules.cards.actions import (
    Action,
    Begin,
    Discard,
    Draw,
    Exchange,
    Pick,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.engine import GAME, INFO, new_game, replay_steps, scores, stand_in
from kniffel_rules.cards.notation import parse_action
from kniffel_rules.cards.pieces import Card, Row
from kniffel_rules.cards.render import render, render_action
from kniffel_rules.cards.rules import Rules
from kniffel_rules.cards.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.cards.state import Observation, Phase, State
from kniffel_rules.cards.view import (
    hidden_from,
    observation,
    observation_from_dict,
    observation_to_dict,
)
from kniffel_rules.cards.wire import action_from_dict, action_to_dict, action_to_text

__all__ = [
    "GAME",
    "INFO",
    "Action",
    "Begin",
    "Card",
    "Combination",
    "Discard",
    "Draw",
    "Exchange",
    "Observation",
    "Phase",
    "Pick",
    "Place",
    "PlaceToken",
    "Play",
    "Row",
    "Rules",
    "StartPlayer",
    "State",
    "Stop",
    "Take",
    "action_from_dict",
    "action_to_dict",
    "action_to_text",
    "apply",
    "chance_outcomes",
    "current_player",
    "from_dict",
    "from_json",
    "hidden_from",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observation",
    "observation_from_dict",
    "observation_to_dict",
    "parse_action",
    "render",
    "render_action",
    "replay_steps",
    "sample_chance",
    "sample_state",
    "scores",
    "stand_in",
    "to_dict",
    "to_json",
    "why_illegal",
    "winners",
]

current_player = GAME.current_player
is_terminal = GAME.is_terminal
legal_actions = GAME.legal_actions
chance_outcomes = GAME.chance_outcomes
sample_chance = GAME.sample_chance
why_illegal = GAME.why_illegal
is_legal = GAME.is_legal
apply = GAME.apply
winners = GAME.winners
