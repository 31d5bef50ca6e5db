"""Classic Kniffel: five dice, thirteen boxes, and its house variants.

The module follows the protocol of `kniffel_rules.Variant`.

Examples:
    >>> import random
    >>> from kniffel_rules import classic
    >>> s = classic.new_game(players=["Ann", "Ben"], first_player=0)
    >>> s = classic.apply(s, classic.Roll())          # Ann throws all five dice
    >>> s = classic.apply(s, classic.sample_chance(s, random.Random(1)))
    >>> len(s.dice), s.rolls
    (5, 1)

Rules, rulings and options: ``docs/rules/classic.md`` (clause ids ``CL-``).
"""

from kniffel_rules.classic.actions import Action, Roll, Score
from kniffel_rules.classic.combinations import score
from kniffel_rules.classic.engine import GAME, INFO, scores
from kniffel_rules.classic.notation import parse_action
from kniffel_rules.classic.pieces import Box
from kniffel_rules.classic.render import render, render_action
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.classic.sheet import verify_sheet, write_sheet
from kniffel_rules.classic.state import Observation, Phase, Sheet, State
from kniffel_rules.classic.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.classic.wire import action_from_dict, action_to_dict, action_to_text
from kniffel_rules.dice import DiceRoll

__all__ = [
    "GAME",
    "INFO",
    "Action",
    "Box",
    "DiceRoll",
    "Observation",
    "Phase",
    "Roll",
    "Rules",
    "Score",
    "Sheet",
    "State",
    "action_from_dict",
    "action_to_dict",
    "action_to_text",
    "apply",
    "chance_outcomes",
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
    "score",
    "scores",
    "to_dict",
    "to_json",
    "verify_sheet",
    "why_illegal",
    "winners",
    "write_sheet",
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
