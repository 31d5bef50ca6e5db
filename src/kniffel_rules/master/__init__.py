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
from kniffel_rules.master.combos import COIN_COMBOS, Combo, Task, coin_combos, tasks_shown
from kniffel_rules.master.game import (
    MAX_PLAYERS,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    outcome,
    sample_chance,
    scores,
    winners,
)
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.serial import MAX_TURN_STARS, from_json, to_json
from kniffel_rules.master.sheet import (
    LAP_LENGTHS,
    NUMBER_ROW_MARKERS,
    ROW_LENGTH,
    Sheet,
    bonus_stars,
    lap_length,
)
from kniffel_rules.master.state import Phase, State
from kniffel_rules.master.uses import Outcome, legal_uses, race_coins, use_outcome, use_problem

__all__ = [
    "COIN_COMBOS",
    "LAP_LENGTHS",
    "MAX_PLAYERS",
    "MAX_TURN_STARS",
    "NUMBER_ROW_MARKERS",
    "ROW_LENGTH",
    "Action",
    "Coins",
    "Combo",
    "DiceRoll",
    "Fulfil",
    "NumberRows",
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
    "apply",
    "bonus_stars",
    "chance_outcomes",
    "coin_combos",
    "current_player",
    "from_json",
    "is_terminal",
    "lap_length",
    "legal_actions",
    "legal_uses",
    "new_game",
    "outcome",
    "race_coins",
    "sample_chance",
    "scores",
    "tasks_shown",
    "to_json",
    "use_outcome",
    "use_problem",
    "winners",
]
