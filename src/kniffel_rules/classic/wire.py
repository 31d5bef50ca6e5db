"""Classic actions on the wire: JSON objects (`action_to_dict`) and canonical text.

The JSON forms (schema ``kniffel_rules/schemas/classic-action.schema.json``):

* ``{"type": "roll", "keep": [3, 3]}``: `Roll`;
* ``{"type": "score", "box": "full_house"}``: `Score` (the box by ``Box.key``);
* ``{"type": "dice", "values": [1, 2, 3, 3, 6]}``: the chance outcome `DiceRoll`.

The canonical text is one line that names the action without a state:
``roll``, ``roll keep 3 3``, ``score full_house``, ``dice 1 2 3 3 6``.

Example:
    >>> from kniffel_rules import classic
    >>> a = classic.action_from_dict({"type": "roll", "keep": [3, 3]})
    >>> classic.action_to_text(a), classic.action_to_dict(a)
    ('roll keep 3 3', {'type': 'roll', 'keep': [3, 3]})
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules._dicegame import Roll
from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, dice_text, roll_text
from kniffel_rules._text import brief
from kniffel_rules.classic.actions import Action, Score
from kniffel_rules.classic.pieces import Box
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.wire import Codec, Form, enum_kind

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

CODEC: Final = Codec(
    "classic",
    (
        ROLL_FORM,
        Form("score", Score, (("box", enum_kind(Box)),), title="enter the dice in a box"),
        DICE_FORM,
    ),
)
"""The JSON forms of classic's actions and outcomes (`kniffel_rules.wire.Codec`)."""


def action_to_dict(action: Action | DiceRoll) -> dict[str, Any]:
    """The action or outcome as a JSON-ready object with a ``"type"`` key.

    Raises:
        InvalidStateError: Not a classic action or outcome (path ``action``).
    """
    return CODEC.to_dict(action)


def action_from_dict(data: object) -> Action | DiceRoll:
    """The action or outcome written by `action_to_dict`, validated like ``from_json``.

    Raises:
        InvalidStateError: Not such an object; the message names the field path.
    """
    action: Action | DiceRoll = CODEC.from_dict(data)
    return action


def action_to_text(action: Action | DiceRoll) -> str:
    """One canonical line naming the action: ``"roll keep 3 3"``, ``"score full_house"``.

    `parse_action` reads it back in every state where the action is legal.

    Raises:
        InvalidStateError: Not a classic action or outcome (path ``action``).
    """
    if isinstance(action, Score):
        return f"score {action.box.key}"
    if isinstance(action, Roll):
        return roll_text(action)
    if isinstance(action, DiceRoll):
        return dice_text(action)
    raise InvalidStateError("action", f"not an action or outcome of classic: {brief(action)}")
