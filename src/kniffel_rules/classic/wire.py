"""Classic actions on the wire: JSON objects (`action_to_dict`) and canonical text.

The JSON forms (schema ``kniffel_rules/schemas/classic-action.schema.json``):

* ``{"type": "roll", "keep": [3, 3]}``: `Roll`;
* ``{"type": "score", "box": "full_house"}``: `Score` (the box by ``Box.key``);
* ``{"type": "dice", "values": [1, 2, 3, 3, 6]}``: the chance outcome `DiceRoll`.

The canonical text is one line that names the action without a state:
``roll``, ``roll keep 3 3``, ``score full_house``, ``dice 1 2 3 3 6``.
`action_to_dict` and `action_from_dict` are the methods of `CODEC`.

Examples:
    >>> from kniffel_rules import classic
    >>> a = classic.action_from_dict({"type": "roll", "keep": [3, 3]})
    >>> classic.action_to_text(a), classic.action_to_dict(a)
    ('roll keep 3 3', {'type': 'roll', 'keep': [3, 3]})
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, turn_text
from kniffel_rules.classic.actions import Action, Score
from kniffel_rules.classic.pieces import Box
from kniffel_rules.dice import DiceRoll
from kniffel_rules.wire import Codec, Form, enum_kind

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

CODEC: Final = Codec[Action | DiceRoll](
    "classic",
    (
        ROLL_FORM,
        Form("score", Score, (("box", enum_kind(Box)),), title="enter the dice in a box"),
        DICE_FORM,
    ),
)
"""The JSON forms of classic's actions and outcomes (`kniffel_rules.wire.Codec`)."""


action_to_dict = CODEC.to_dict
action_from_dict = CODEC.from_dict


def action_to_text(action: Action | DiceRoll) -> str:
    """One canonical line naming the action: ``"roll keep 3 3"``, ``"score full_house"``.

    `parse_action` reads it back in every state where the action is legal.

    Raises:
        InvalidStateError: Not a classic action or outcome (path ``action``).
    """
    if isinstance(action, Score):
        return f"score {action.box.key}"
    return turn_text(action, "classic")
