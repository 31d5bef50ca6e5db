"""Kniffel Master: number rows, the coin row, tasks, the race and stars.

The module follows the protocol of `kniffel_rules.Variant`. After the final
roll of a turn the player takes exactly one of four uses — `Fulfil` a task,
`NumberRows` (one or two rows), `Coins` (the coin row), `RowAndCoins` (a
number row and the coin row from the other dice) — or `Pass` when no use is
possible. The first player to reach 15 stars triggers the last round; most
stars wins.

Example:
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

from kniffel_rules._moved import alias_modules
from kniffel_rules.dice import DiceRoll
from kniffel_rules.master.actions import (
    Action,
    Coins,
    Fulfil,
    NumberRows,
    Pass,
    Roll,
    RowAndCoins,
    Use,
)
from kniffel_rules.master.combinations import coin_combos, tasks_shown
from kniffel_rules.master.engine import (
    GAME,
    INFO,
    MAX_PLAYERS,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    is_terminal,
    legal_actions,
    new_game,
    outcome,
    sample_chance,
    scores,
    why_illegal,
    winners,
)
from kniffel_rules.master.legality import Outcome, legal_uses, race_coins, use_outcome, use_problem
from kniffel_rules.master.notation import COMBO_NAMES, TASK_NAMES, parse_action
from kniffel_rules.master.pieces import (
    COIN_COMBOS,
    LAP_LENGTHS,
    NUMBER_ROW_MARKERS,
    ROW_LENGTH,
    Combo,
    Task,
)
from kniffel_rules.master.render import render, render_action
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.serial import MAX_TURN_STARS, from_dict, from_json, to_dict, to_json
from kniffel_rules.master.state import Observation, Phase, Sheet, State, bonus_stars, lap_length
from kniffel_rules.master.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.master.wire import action_from_dict, action_to_dict, action_to_text

# The modules before the common rooms (docs/protocol.md, "Adding a game"):
# ``combos`` split into ``pieces`` and ``combinations``, ``sheet`` joined
# ``state`` (Master has no paper score sheet), ``uses`` is ``legality`` and
# ``game`` is ``engine``. Each old path imports the new module, warning.
alias_modules(
    __name__,
    {"combos": "combinations", "sheet": "state", "uses": "legality", "game": "engine"},
)

__all__ = [
    "COIN_COMBOS",
    "COMBO_NAMES",
    "GAME",
    "INFO",
    "LAP_LENGTHS",
    "MAX_PLAYERS",
    "MAX_TURN_STARS",
    "NUMBER_ROW_MARKERS",
    "ROW_LENGTH",
    "TASK_NAMES",
    "Action",
    "Coins",
    "Combo",
    "DiceRoll",
    "Fulfil",
    "NumberRows",
    "Observation",
    "Outcome",
    "Pass",
    "Phase",
    "Roll",
    "RowAndCoins",
    "Rules",
    "Sheet",
    "State",
    "Task",
    "Use",
    "action_from_dict",
    "action_to_dict",
    "action_to_text",
    "apply",
    "bonus_stars",
    "chance_outcomes",
    "coin_combos",
    "current_player",
    "from_dict",
    "from_json",
    "is_legal",
    "is_terminal",
    "lap_length",
    "legal_actions",
    "legal_uses",
    "new_game",
    "observation",
    "observation_from_dict",
    "observation_to_dict",
    "outcome",
    "parse_action",
    "race_coins",
    "render",
    "render_action",
    "sample_chance",
    "scores",
    "tasks_shown",
    "to_dict",
    "to_json",
    "use_outcome",
    "use_problem",
    "why_illegal",
    "winners",
]
