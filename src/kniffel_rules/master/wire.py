"""Kniffel Master actions on the wire: JSON objects (`action_to_dict`) and canonical text.

The JSON forms (schema ``kniffel_rules/schemas/master-action.schema.json``):

* ``{"type": "roll", "keep": [3, 3]}``: `Roll`;
* ``{"type": "fulfil", "task": "kniffel"}``: `Fulfil` (the task by ``Task.key``);
* ``{"type": "number_rows", "moves": [[4, 2], [6, 2]]}``: `NumberRows`, ``[face, dice]``
  for each row;
* ``{"type": "coins", "combo": "two_pairs", "task": null}``: `Coins` (the combination
  by ``Combo.key``; ``task`` is ``null`` except for ``"task_done"``, which names the task);
* ``{"type": "row_and_coins", "face": 5, "dice": 2, "combo": "pair"}``: `RowAndCoins`;
* ``{"type": "pass"}``: `Pass`;
* ``{"type": "dice", "values": [1, 2, 3, 3, 6]}``: the chance outcome `DiceRoll`.

The canonical text is one line that names the action without a state, its
first word the kind of action: ``roll``, ``roll keep 3 3``, ``fulfil kniffel``,
``rows 4x2 6x2`` (face x dice, one or two rows), ``coins two_pairs``,
``coins task_done chance_high``, ``row 5x2 coins pair``, ``pass``,
``dice 1 2 3 3 6``.

`action_to_dict` and `action_from_dict` are the methods of `CODEC`: reading
is as strict as reading a state (faces are 1..6, dice counts 1..5, at most
two rows); whether the action is legal in a position is ``why_illegal``'s
question.

Examples:
    >>> from kniffel_rules import master
    >>> a = master.action_from_dict({"type": "number_rows", "moves": [[6, 2], [4, 2]]})
    >>> master.action_to_text(a), master.action_to_dict(a)
    ('rows 4x2 6x2', {'type': 'number_rows', 'moves': [[4, 2], [6, 2]]})
    >>> master.action_to_text(master.Coins(master.Combo.TASK_DONE, master.Task.CHANCE_HIGH))
    'coins task_done chance_high'
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, turn_text
from kniffel_rules.dice import DiceRoll
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, RowAndCoins
from kniffel_rules.master.pieces import Combo, Task
from kniffel_rules.wire import Codec, Form, enum_kind, integer, optional, pair_list

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

_FACE: Final = integer(1, 6)
_COUNT: Final = integer(1, 5)

CODEC: Final = Codec[Action | DiceRoll](
    "master",
    (
        ROLL_FORM,
        Form("fulfil", Fulfil, (("task", enum_kind(Task)),), title="use 1: fulfil a task"),
        Form(
            "number_rows",
            NumberRows,
            (("moves", pair_list(_FACE, _COUNT, 2)),),
            title="use 2: move one or two number rows, [face, dice] each",
        ),
        Form(
            "coins",
            Coins,
            (("combo", enum_kind(Combo)), ("task", optional(enum_kind(Task)))),
            title="use 3: the coin row (task: the task of 'task_done', else null)",
        ),
        Form(
            "row_and_coins",
            RowAndCoins,
            (("face", _FACE), ("dice", _COUNT), ("combo", enum_kind(Combo))),
            title="use 4: one number row, the other dice in the coin row",
        ),
        Form("pass", Pass, title="end the turn without a use (no use is possible)"),
        DICE_FORM,
    ),
)
"""The JSON forms of Master's actions and outcomes (`kniffel_rules.wire.Codec`)."""


action_to_dict = CODEC.to_dict
action_from_dict = CODEC.from_dict


def _rows_text(moves: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{face}x{count}" for face, count in moves)


def action_to_text(action: Action | DiceRoll) -> str:
    """One canonical line naming the action: ``"rows 4x2 6x2"``, ``"coins two_pairs"``.

    `parse_action` reads it back in every state where the action is legal.
    Tasks and combinations are written by their ``key``; a number row as
    ``face x dice``.

    Examples:
        >>> from kniffel_rules import master
        >>> master.action_to_text(master.RowAndCoins(5, 2, master.Combo.PAIR))
        'row 5x2 coins pair'

    Raises:
        InvalidStateError: Not a Master action or outcome (path ``action``).
    """
    if isinstance(action, Fulfil):
        return f"fulfil {action.task.key}"
    if isinstance(action, NumberRows):
        return f"rows {_rows_text(action.moves)}".rstrip()
    if isinstance(action, Coins):
        task = "" if action.task is None else f" {action.task.key}"
        return f"coins {action.combo.key}{task}"
    if isinstance(action, RowAndCoins):
        return f"row {action.face}x{action.dice} coins {action.combo.key}"
    if isinstance(action, Pass):
        return "pass"
    return turn_text(action, "master")
