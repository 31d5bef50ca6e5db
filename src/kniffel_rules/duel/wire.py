"""Duell actions on the wire: JSON objects (`action_to_dict`) and canonical text (`action_to_text`).

The JSON forms (schema ``kniffel_rules/schemas/duel-action.schema.json``):

* ``{"type": "roll", "keep": [3, 3]}``: `Roll` (the dice kept, sorted);
* ``{"type": "joker", "die": 6, "face": 5}``: `Joker` (turn a die showing 6 to 5);
* ``{"type": "move", "area": "small_straight"}``: `Move` (the area by ``Area.key``);
* ``{"type": "miss"}``: `Miss`;
* ``{"type": "dice", "values": [1, 2, 3, 3, 6]}``: the chance outcome `DiceRoll`, a
  throw of the dice not kept, or one die of the roll-off (``[5]``).

The canonical text is one line that names the action without a state:
``roll``, ``roll keep 3 3``, ``joker 6 5`` (the die's face first, then the
face it is turned to, the order of `Joker`'s fields), ``move small_straight``,
``miss``, ``dice 1 2 3 3 6``.

Example:
    >>> from kniffel_rules import duel
    >>> a = duel.action_from_dict({"type": "joker", "die": 6, "face": 5})
    >>> duel.action_to_text(a), duel.action_to_dict(a)
    ('joker 6 5', {'type': 'joker', 'die': 6, 'face': 5})
    >>> duel.action_to_text(duel.Move(duel.Area.FULL_HOUSE))
    'move full_house'
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules._dicegame import Roll
from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, dice_text, roll_text
from kniffel_rules._text import brief
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move
from kniffel_rules.duel.pieces import Area
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.wire import Codec, Form, enum_kind, integer

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

CODEC: Final = Codec(
    "duel",
    (
        ROLL_FORM,
        Form(
            "joker",
            Joker,
            (("die", integer(1, 6)), ("face", integer(1, 6))),
            title="spend a joker tile: turn a die showing `die` to `face`",
        ),
        Form("move", Move, (("area", enum_kind(Area)),), title="move the disc of an area"),
        Form("miss", Miss, title="declare a miss and take a joker tile"),
        DICE_FORM,
    ),
)
"""The JSON forms of the Duell's actions and outcomes (`kniffel_rules.wire.Codec`)."""


def action_to_dict(action: Action | DiceRoll) -> dict[str, Any]:
    """The action or outcome as a JSON-ready object with a ``"type"`` key.

    Example:
        >>> from kniffel_rules import duel
        >>> duel.action_to_dict(duel.Move(duel.Area.KNIFFEL))
        {'type': 'move', 'area': 'kniffel'}

    Raises:
        InvalidStateError: Not a Duell action or outcome (path ``action``).
    """
    return CODEC.to_dict(action)


def action_from_dict(data: object) -> Action | DiceRoll:
    """The action or outcome written by `action_to_dict`, validated like ``from_json``.

    The object must have exactly the keys of its ``"type"``; a joker's faces
    are integers 1..6, an area one of the ``Area.key`` names.

    Example:
        >>> from kniffel_rules import duel
        >>> duel.action_from_dict({"type": "miss"})
        Miss()

    Raises:
        InvalidStateError: Not such an object; the message names the field path.
    """
    action: Action | DiceRoll = CODEC.from_dict(data)
    return action


def action_to_text(action: Action | DiceRoll) -> str:
    """One canonical line naming the action: ``"joker 6 5"``, ``"move kniffel"``, ``"miss"``.

    `parse_action` reads it back in every state where the action is legal.

    Example:
        >>> from kniffel_rules import duel
        >>> duel.action_to_text(duel.Roll((2, 3, 4)))
        'roll keep 2 3 4'

    Raises:
        InvalidStateError: Not a Duell action or outcome (path ``action``).
    """
    if isinstance(action, Move) and isinstance(action.area, Area):
        return f"move {action.area.key}"
    if isinstance(action, Joker):
        return f"joker {action.die} {action.face}"
    if isinstance(action, Miss):
        return "miss"
    if isinstance(action, Roll):
        return roll_text(action)
    if isinstance(action, DiceRoll):
        return dice_text(action)
    raise InvalidStateError("action", f"not an action or outcome of duel: {brief(action)}")
