"""Scandinavian Yatzy: five dice, fifteen boxes, the upper bonus 50 at 63, and its house rules.

The module follows the protocol of `kniffel_rules.Variant`.

Examples:
    >>> from kniffel_rules import yatzy, DiceRoll
    >>> s = yatzy.new_game(players=["Ann", "Ben"], first_player=0)
    >>> s = yatzy.apply(yatzy.apply(s, yatzy.Roll()), DiceRoll((1, 5, 5, 6, 6)))
    >>> s = yatzy.apply(s, yatzy.parse_action(s, "two pairs"))
    >>> yatzy.scores(s)
    (22, 0)

Rules, rulings and options: ``docs/rules/yatzy.md`` (clause ids ``YA-``).
"""

from kniffel_rules.dice import DiceRoll
from kniffel_rules.yatzy import sheet as sheet  # `sheets.verify_sheet` reads yatzy.sheet
from kniffel_rules.yatzy.engine import DOCUMENT as _DOCUMENT
from kniffel_rules.yatzy.engine import GAME, INFO, Action, Observation, Phase, Roll, Score, State
from kniffel_rules.yatzy.engine import PARSER as _PARSER
from kniffel_rules.yatzy.engine import PICTURE as _PICTURE
from kniffel_rules.yatzy.engine import VIEW as _VIEW
from kniffel_rules.yatzy.pieces import Box, Rules, layout, score, solitaire
from kniffel_rules.yatzy.sheet import verify_sheet, write_sheet

__all__ = [
    "GAME", "INFO", "Action", "Box", "DiceRoll", "Observation", "Phase", "Roll", "Rules", "Score",
    "State", "action_from_dict", "action_to_dict", "action_to_text", "apply", "chance_outcomes",
    "current_player", "from_dict", "from_json", "is_legal", "is_terminal", "layout",
    "legal_actions", "new_game", "observation", "observation_from_dict", "observation_to_dict",
    "parse_action", "render", "render_action", "sample_chance", "score", "scores",
    "solitaire", "to_dict", "to_json", "verify_sheet", "why_illegal", "winners", "write_sheet",
]  # fmt: skip

action_from_dict = GAME.codec.from_dict
action_to_dict = GAME.codec.to_dict
action_to_text = GAME.action_to_text
apply = GAME.apply
chance_outcomes = GAME.chance_outcomes
current_player = GAME.current_player
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
is_legal = GAME.is_legal
is_terminal = GAME.is_terminal
legal_actions = GAME.legal_actions
new_game = GAME.new_game
observation = _VIEW.observation
observation_from_dict = _VIEW.observation_from_dict
observation_to_dict = _VIEW.observation_to_dict
parse_action = _PARSER.parse_action
render = _PICTURE.render
render_action = GAME.render_action
sample_chance = GAME.sample_chance
scores = GAME.scores
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
why_illegal = GAME.why_illegal
winners = GAME.winners
