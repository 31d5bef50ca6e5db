"""The actions of a classic player: `Roll` (shared with the other five-dice games) and `Score`.

The game's chance outcomes are `kniffel_rules.dice.DiceRoll` (a throw, or one
die of the roll-off). `Action` is the type of a player's action.
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Roll
from kniffel_rules._fields import enum_field
from kniffel_rules.classic.pieces import Box

__all__ = ["Action", "Roll", "Score"]


@attrs.frozen(slots=True, repr=False)
class Score:
    """Enter the current dice in ``box``; this ends the turn.

    Attributes:
        box: The box to fill, a classic `Box` (anything else raises
            `InvalidStateError` at construction: ``Score("chance")``,
            ``Score(11)`` or an Extreme box is no classic action).
    """

    box: Box = attrs.field(validator=enum_field(Box))

    def __repr__(self) -> str:
        return f"Score({self.box!r})"


Action = Roll | Score
"""A player's action in classic Kniffel."""
