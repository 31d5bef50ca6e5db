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

`action_to_dict` and `action_from_dict` are the methods of `CODEC`: reading
is as strict as reading a state (a joker's faces are integers 1..6, an area
one of the ``Area.key`` names).

Examples:
    >>> from kniffel_rules import duel
    >>> a = duel.action_from_dict({"type": "joker", "die": 6, "face": 5})
    >>> duel.action_to_text(a), duel.action_to_dict(a)
    ('joker 6 5', {'type': 'joker', 'die': 6, 'face': 5})
    >>> duel.action_to_text(duel.Move(duel.Area.FULL_HOUSE))
    'move full_house'
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, turn_text
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move
from kniffel_rules.duel.pieces import Area
from kniffel_rules.wire import Codec, Form, enum_kind, integer

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

CODEC: Final = Codec[Action | DiceRoll](
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


action_to_dict = CODEC.to_dict
action_from_dict = CODEC.from_dict


def action_to_text(action: Action | DiceRoll) -> str:
    """One canonical line naming the action: ``"joker 6 5"``, ``"move kniffel"``, ``"miss"``.

    `parse_action` reads it back in every state where the action is legal.

    Examples:
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
    return turn_text(action, "duel")
