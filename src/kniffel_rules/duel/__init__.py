"""Kniffel: Das Duell: two players, eleven discs, joker tiles, and matches.

The module follows the protocol of `kniffel_rules.Variant`.

Examples:
    >>> from kniffel_rules import duel
    >>> s = duel.new_game(first_player=0)                # blue starts
    >>> s = duel.apply(s, duel.Roll())
    >>> s = duel.apply(s, duel.DiceRoll((2, 3, 4, 5, 5)))
    >>> duel.legal_actions(s)[:2]
    (Move(area=Area.SMALL_STRAIGHT), Roll(keep=()))
    >>> s = duel.apply(s, duel.Move(duel.Area.SMALL_STRAIGHT))
    >>> s.spot(duel.Area.SMALL_STRAIGHT), duel.current_player(s)
    (Spot.BLUE_SPACE, 1)

Rules, rulings and options: ``docs/rules/duel.md`` (clause ids ``DU-``).

The rooms: ``rules`` (`Rules`), ``pieces`` (areas, spots, tiles),
``combinations`` (what dice show), ``actions``, ``state``, ``legality``
(every refusal, with its clause id), ``engine`` (`new_game` and the protocol
functions), ``serial`` (JSON), and on the wire ``wire`` (actions as JSON
objects and canonical text), ``notation`` (`parse_action`), ``view``
(`observation`) and ``render`` (`render`, `render_action`: text for
players).
"""

from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move, Roll
from kniffel_rules.duel.combinations import combinations
from kniffel_rules.duel.engine import GAME, INFO, scores
from kniffel_rules.duel.notation import parse_action
from kniffel_rules.duel.pieces import Area, Spot
from kniffel_rules.duel.render import render, render_action
from kniffel_rules.duel.rules import Rules
from kniffel_rules.duel.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.duel.state import Observation, Phase, State
from kniffel_rules.duel.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.duel.wire import action_from_dict, action_to_dict, action_to_text

__all__ = [
    "GAME",
    "INFO",
    "Action",
    "Area",
    "DiceRoll",
    "Joker",
    "Miss",
    "Move",
    "Observation",
    "Phase",
    "Roll",
    "Rules",
    "Spot",
    "State",
    "action_from_dict",
    "action_to_dict",
    "action_to_text",
    "apply",
    "chance_outcomes",
    "combinations",
    "current_player",
    "from_dict",
    "from_json",
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
    "sample_chance",
    "scores",
    "to_dict",
    "to_json",
    "why_illegal",
    "winners",
]

new_game = GAME.new_game
current_player = GAME.current_player
is_terminal = GAME.is_terminal
legal_actions = GAME.legal_actions
chance_outcomes = GAME.chance_outcomes
sample_chance = GAME.sample_chance
why_illegal = GAME.why_illegal
is_legal = GAME.is_legal
apply = GAME.apply
winners = GAME.winners
