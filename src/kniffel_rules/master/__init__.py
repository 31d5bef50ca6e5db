"""Kniffel Master: number rows, the coin row, tasks, the race and stars.

The module follows the protocol of `kniffel_rules.Variant`. After the final
roll of a turn the player takes exactly one of four uses — `Fulfil` a task,
`NumberRows` (one or two rows), `Coins` (the coin row), `RowAndCoins` (a
number row and the coin row from the other dice) — or `Pass` when no use is
possible. The first player to reach 15 stars triggers the last round; most
stars wins.

Examples:
    >>> from kniffel_rules import master
    >>> s = master.new_game(players=["Ann", "Ben"], first_player=0)
    >>> s = master.apply(s, master.Roll())
    >>> s = master.apply(s, master.DiceRoll((2, 2, 5, 5, 6)))
    >>> master.legal_actions(s)[:3]
    (row 2 (+2), row 5 (+2), rows 2 (+2) and 5 (+2))
    >>> s = master.apply(s, master.NumberRows([(2, 2), (5, 2)]))
    >>> s.sheets[0].rows, master.current_player(s)
    ((0, 2, 0, 0, 2, 0), 1)

Rules, rulings and options: ``docs/rules/master.md`` (clause ids ``MA-``).
"""

from kniffel_rules.dice import DiceRoll
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, Roll, RowAndCoins
from kniffel_rules.master.engine import GAME, INFO, scores
from kniffel_rules.master.notation import parse_action
from kniffel_rules.master.pieces import Combo, Task
from kniffel_rules.master.render import render, render_action
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.master.state import Observation, Phase, Sheet, State
from kniffel_rules.master.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.master.wire import action_from_dict, action_to_dict, action_to_text

__all__ = [
    "GAME",
    "INFO",
    "Action",
    "Coins",
    "Combo",
    "DiceRoll",
    "Fulfil",
    "NumberRows",
    "Observation",
    "Pass",
    "Phase",
    "Roll",
    "RowAndCoins",
    "Rules",
    "Sheet",
    "State",
    "Task",
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
