"""The state of a Kniffel Master game (a frozen value object)."""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.sheet import Sheet
from kniffel_rules.rolloff import RollOff

__all__ = ["Phase", "State"]


@attrs.frozen(slots=True)
class State:
    """A Kniffel Master game at one moment. Immutable.

    Build states with `new_game` and `apply`; `from_json` validates one
    read from outside.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order (clockwise).
        sheets: Each player's board.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off and once
            the game is over).
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            roll). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        first_player: The seat that started (``None`` during the roll-off);
            every round starts there and the last round ends before it.
        roll_off: The roll-off in progress, or ``None``.
    """

    rules: Rules
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    phase: Phase
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def rolls_left(self) -> int:
        """How many throws the current player still has this turn."""
        return 3 - self.rolls
