"""Kniffel Extreme: five d6 and a d10, 22 boxes, three chips per player.

The module follows the protocol of `kniffel_rules.Variant`. Rules, rulings
and options: ``docs/rules/extreme.md`` (clause ids ``EX-``).

The package's rooms: `rules` (the options), `pieces` (the boxes),
`combinations` (what a throw is worth), `actions`, `state`, `legality` (the
rules of play), `engine` (the protocol functions), `serial` (JSON),
`sheet` (the paper score sheet), and the wire: `wire` (actions as JSON
objects and canonical text), `notation` (`parse_action`, what players type)
and `view` (`observation`).

Examples:
    >>> from kniffel_rules import extreme
    >>> s = extreme.new_game()
    >>> s = extreme.apply(s, extreme.Roll())
    >>> len(extreme.chance_outcomes(s))
    2520
    >>> s = extreme.apply(s, extreme.ExtremeRoll((1, 2, 3, 4, 5), 0))
    >>> s.dice
    (0, 1, 2, 3, 4, 5)
    >>> extreme.apply(s, extreme.Score(extreme.Box.HIGHWAY)).sheets[0][extreme.Box.HIGHWAY]
    50
"""

from kniffel_rules.extreme.actions import Action, ExtremeRoll, Roll, Score
from kniffel_rules.extreme.combinations import score
from kniffel_rules.extreme.engine import GAME, INFO, scores
from kniffel_rules.extreme.notation import parse_action
from kniffel_rules.extreme.pieces import Box
from kniffel_rules.extreme.render import render, render_action
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.extreme.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.extreme.sheet import verify_sheet, write_sheet
from kniffel_rules.extreme.state import Observation, Phase, Sheet, State
from kniffel_rules.extreme.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.extreme.wire import action_from_dict, action_to_dict, action_to_text

__all__ = [
    "GAME",
    "INFO",
    "Action",
    "Box",
    "ExtremeRoll",
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
