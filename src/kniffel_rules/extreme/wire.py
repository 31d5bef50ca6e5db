"""Extreme actions on the wire: JSON objects (`action_to_dict`) and canonical text.

The JSON forms (schema ``kniffel_rules/schemas/extreme-action.schema.json``):

* ``{"type": "roll", "keep_d6": [3, 3, 5], "keep_d10": true}``: `Roll`;
* ``{"type": "score", "box": "two_pairs"}``: `Score` (the box by ``Box.key``);
* ``{"type": "throw", "d6": [1, 2, 3, 4, 5], "d10": 7}``: the chance outcome
  `ExtremeRoll` (``"d10": null`` when the d10 was kept);
* ``{"type": "dice", "values": [4]}``: a throw of the start-player roll-off
  (the shared `kniffel_rules.DiceRoll`).

The canonical text is one line that names the action without a state:
``roll``, ``roll keep 3 3 5``, ``roll keep 3 3 5 d10``, ``roll keep d10``,
``score two_pairs``, ``throw 1 2 3 4 5 d10 7`` (``throw 2 3`` when the d10
was kept), ``dice 4``.

Both forms exist only for what a die can show: a `Roll` or `ExtremeRoll`
with a six-sided face outside 1..6 or more than five six-sided dice, or a
`DiceRoll` beyond six faces of 1..6, is refused with `InvalidStateError`
(such an object is never legal, and ``action_from_dict`` would not read it).
`action_to_dict` and `action_from_dict` are the methods of `CODEC`.

Examples:
    >>> from kniffel_rules import extreme
    >>> a = extreme.action_from_dict({"type": "roll", "keep_d6": [3, 3], "keep_d10": True})
    >>> extreme.action_to_text(a), extreme.action_to_dict(a)
    ('roll keep 3 3 d10', {'type': 'roll', 'keep_d6': [3, 3], 'keep_d10': True})
    >>> extreme.action_to_text(extreme.ExtremeRoll((1, 2, 3, 4, 5), 7))
    'throw 1 2 3 4 5 d10 7'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from kniffel_rules._dicewire import DICE_FORM, dice_text
from kniffel_rules._text import brief
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.actions import Action, ExtremeRoll, Roll, Score
from kniffel_rules.extreme.pieces import Box
from kniffel_rules.wire import (
    Codec,
    Form,
    Kind,
    boolean,
    custom,
    enum_kind,
    faces,
    integer,
    optional,
)

__all__ = ["CODEC", "action_from_dict", "action_to_dict", "action_to_text"]

_D6_KEPT = 5  # at most five six-sided dice are kept or thrown
_ROLL_OFF_DICE = 6  # the shared DiceRoll form allows up to six faces


def _check_faces(values: Sequence[int], path: str, most: int) -> None:
    """Refuse faces that no six-sided die shows (the wire writes only what a die can show)."""
    if len(values) > most:
        raise InvalidStateError(path, f"at most {most} six-sided dice, got {len(values)}")
    for v in values:
        if not 1 <= v <= 6:
            raise InvalidStateError(path, f"a six-sided die shows 1..6, got {brief(v)}")


def _d6_kind(path: str, most: int) -> Kind:
    base = faces(1, 6, most)

    def encode(values: Sequence[int]) -> Any:
        _check_faces(values, path, most)
        return base.encode(values)

    return custom(encode, base.decode, base.schema)


_DICE_FORM: Final = attrs.evolve(
    DICE_FORM,
    fields=tuple(
        (name, _d6_kind(f"action.{name}", _ROLL_OFF_DICE)) for name, _ in DICE_FORM.fields
    ),
)

CODEC: Final = Codec[Action | ExtremeRoll | DiceRoll](
    "extreme",
    (
        Form(
            "roll",
            Roll,
            (("keep_d6", _d6_kind("action.keep_d6", _D6_KEPT)), ("keep_d10", boolean())),
            title="keep these six-sided dice (and the d10 if keep_d10), throw the rest",
        ),
        Form("score", Score, (("box", enum_kind(Box)),), title="enter the six dice in a box"),
        Form(
            "throw",
            ExtremeRoll,
            (("d6", _d6_kind("action.d6", _D6_KEPT)), ("d10", optional(integer(0, 9)))),
            title="chance: the six-sided dice thrown and the d10 (null when it was kept)",
        ),
        _DICE_FORM,
    ),
)
"""The JSON forms of Extreme's actions and outcomes (`kniffel_rules.wire.Codec`).

``roll``, ``score``, ``throw`` (an `ExtremeRoll`) and ``dice`` (the roll-off's
`DiceRoll`, the form the dice games share).
"""


action_to_dict = CODEC.to_dict
action_from_dict = CODEC.from_dict


def action_to_text(action: Action | ExtremeRoll | DiceRoll) -> str:
    """One canonical line naming the action: ``"roll keep 3 3 d10"``, ``"score two_pairs"``.

    `parse_action` reads it back in every state where the action is legal.

    Examples:
        >>> from kniffel_rules import extreme
        >>> extreme.action_to_text(extreme.Roll((3, 3, 5)))
        'roll keep 3 3 5'
        >>> extreme.action_to_text(extreme.Score(extreme.Box.TEN_OR_LESS))
        'score ten_or_less'

    Raises:
        InvalidStateError: Not an Extreme action or outcome (path ``action``),
            or dice no die can show.
    """
    if isinstance(action, Score):
        return f"score {action.box.key}"
    if isinstance(action, Roll):
        _check_faces(action.keep_d6, "action.keep_d6", _D6_KEPT)
        kept = [*map(str, action.keep_d6), *(["d10"] if action.keep_d10 else [])]
        return " ".join(["roll", "keep", *kept]) if kept else "roll"
    if isinstance(action, ExtremeRoll):
        _check_faces(action.d6, "action.d6", _D6_KEPT)
        d10 = [] if action.d10 is None else ["d10", str(action.d10)]
        return " ".join(["throw", *map(str, action.d6), *d10])
    if isinstance(action, DiceRoll):
        _check_faces(action.values, "action.values", _ROLL_OFF_DICE)
        return dice_text(action)
    raise InvalidStateError("action", f"not an action or outcome of extreme: {brief(action)}")
