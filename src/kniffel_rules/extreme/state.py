"""The state of a Kniffel Extreme game: the players' sheets and chips, the dice, the phase.

The actions and the chance outcome are in `kniffel_rules.extreme.actions`;
`Observation` is one seat's view (all of the state: nothing is hidden).
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation
from kniffel_rules.extreme.pieces import Box, layout
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "Sheet", "State"]


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)
_LAYOUT = layout(Rules())  # the lower section does not depend on the rules


@attrs.frozen(slots=True)
class Sheet:
    """One player's Extreme sheet and chips.

    Attributes:
        entries: The value entered in each box, indexed by ``Box.value``;
            ``None`` while open.
        chips: The chips the player still has.
    """

    entries: tuple[int | None, ...] = _EMPTY
    chips: int = 3

    def __getitem__(self, box: Box) -> int | None:
        """The entry of ``box`` (``None`` while open)."""
        return self.entries[box.value]

    def is_filled(self, box: Box) -> bool:
        """Whether ``box`` holds a value (a struck 0 counts as filled)."""
        return self.entries[box.value] is not None

    def filled(self) -> int:
        """The number of filled boxes."""
        entries = self.entries
        return len(entries) - entries.count(None)

    @property
    def upper_sum(self) -> int:
        """The sum of Ones to Sixes so far."""
        return sum(v for v in self.entries[:6] if v is not None)

    def upper_bonus(self, rules: Rules) -> int:
        """The upper bonus once the upper sum reaches the threshold (45 at 73)."""
        return layout(rules).upper_bonus(self.entries)

    def upper_total(self, rules: Rules) -> int:
        """The upper sum plus the bonus."""
        return layout(rules).upper_total(self.entries)

    @property
    def lower_total(self) -> int:
        """The sum of the lower section so far."""
        return _LAYOUT.lower_total(self.entries)

    def total(self, rules: Rules) -> int:
        """The running total: upper total + lower total."""
        return layout(rules).total(self.entries)

    def __repr__(self) -> str:
        filled = ", ".join(f"{b.key}={v}" for b in Box if (v := self.entries[b.value]) is not None)
        return f"Sheet({filled}{', ' if filled else ''}chips={self.chips})"


@attrs.frozen(slots=True)
class State:
    """A Kniffel Extreme game at one moment. Immutable.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order.
        sheets: Each player's sheet and chips.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off).
        d6: In ``DECIDE``: the five six-sided dice showing (``()`` before the
            first roll). In ``THROW``: the six-sided dice kept.
        d10: The ten-sided die showing (``DECIDE``) or kept (``THROW``), else None.
        rolls: Rolls made this turn (0..4; the fourth costs a chip).
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
    """

    rules: Rules
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    phase: Phase
    player: int = 0
    d6: tuple[int, ...] = ()
    d10: int | None = None
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def dice(self) -> tuple[int, ...]:
        """All six faces showing, sorted (``DECIDE`` after a roll)."""
        if self.d10 is None:
            return self.d6
        return tuple(sorted((*self.d6, self.d10)))


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a Kniffel Extreme game: all of it, nothing is hidden.

    Made by ``extreme.observation(state, player)``; ``legal_actions`` of it
    are that seat's legal actions when it is to move, else ``()``.

    Attributes:
        player: Whose view this is.
        to_move: ``current_player`` of the state.
        state: The `State`.
    """

    state: State
