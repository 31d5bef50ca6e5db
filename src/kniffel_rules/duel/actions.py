"""The actions of a Duell player: `Roll`, `Joker`, `Move` and `Miss` (frozen value objects).

The constructors accept only what they document: a `Joker`'s faces are
``int`` (not ``bool``, float or ``Fraction``), a `Move`'s area an `Area`;
anything else raises `InvalidStateError` naming the field. Whether an
integer face is 1..6 and fits the dice is a rule of play (DU-13, DU-48),
checked by ``why_illegal`` like `Roll`'s kept dice.

The chance outcomes of the Duell are the core's `kniffel_rules.dice.DiceRoll`
(the dice thrown, or one die of the roll-off); the game has none of its own.
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Roll
from kniffel_rules._fields import enum_field, int_field
from kniffel_rules.duel.pieces import Area

__all__ = ["Action", "Joker", "Miss", "Move", "Roll"]


@attrs.frozen(slots=True)
class Joker:
    """Spend one joker tile: turn one die showing ``die`` to ``face`` (DU-13, DU-43).

    Spending a joker fixes the result: no roll may follow it in this turn.

    Attributes:
        die: The face the die shows now (an ``int``).
        face: The face it is turned to (an ``int``; a different one, DU-48).

    Raises:
        InvalidStateError: A field that is not an ``int`` (a ``bool``,
            float, ``Fraction`` or str included).
    """

    die: int = attrs.field(validator=int_field())
    face: int = attrs.field(validator=int_field())


@attrs.frozen(slots=True)
class Move:
    """Move the disc of ``area``, which the dice must show (DU-07..DU-10, DU-20).

    The disc goes from the centre or the opponent's space to the mover's
    space, from the mover's space into the mover's hole; Kniffel's disc
    goes straight into the hole. This ends the turn.

    Attributes:
        area: The area whose disc moves.

    Raises:
        InvalidStateError: ``area`` is not a Duell `Area`.
    """

    area: Area = attrs.field(validator=enum_field(Area))


@attrs.frozen(slots=True)
class Miss:
    """Declare a miss (Fehlwurf): no disc can move; take a joker tile (DU-12, DU-45).

    This ends the turn.
    """


Action = Roll | Joker | Move | Miss
"""A player's action in the Duell."""
