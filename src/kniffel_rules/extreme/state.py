"""The state of a Kniffel Extreme game: the players' sheets and chips, the dice, the phase.

The actions and the chance outcome are in `kniffel_rules.extreme.actions`;
`Observation` is one seat's view (all of the state: nothing is hidden).
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation, SheetState
from kniffel_rules._fields import BoxEntries
from kniffel_rules.extreme.pieces import Box, layout
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "Sheet", "State"]


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)
_LAYOUT = layout(Rules())  # the lower section does not depend on the rules


@attrs.frozen(slots=True)
class Sheet(BoxEntries[Box, Rules]):
    """One player's Extreme sheet and chips (its boxes read as `BoxEntries`).

    Attributes:
        entries: The value entered in each box, indexed by ``Box.value``;
            ``None`` while open.
        chips: The chips the player still has.
    """

    entries: tuple[int | None, ...] = _EMPTY
    chips: int = 3
    _layout = staticmethod(layout)

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
class State(SheetState[Rules, Sheet]):
    """A Kniffel Extreme game at one moment. Immutable.

    The fields ``rules``, ``names``, ``sheets`` (each player's sheet and
    chips), ``phase`` and ``player`` come first
    (`kniffel_rules._dicewire.SheetState`).

    Attributes:
        d6: In ``DECIDE``: the five six-sided dice showing (``()`` before the
            first roll). In ``THROW``: the six-sided dice kept.
        d10: The ten-sided die showing (``DECIDE``) or kept (``THROW``), else None.
        rolls: Rolls made this turn (0..4; the fourth costs a chip).
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
    """

    d6: tuple[int, ...] = ()
    d10: int | None = None
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None

    @property
    def dice(self) -> tuple[int, ...]:
        """All six faces showing, sorted (``DECIDE`` after a roll)."""
        if self.d10 is None:
            return self.d6
        return tuple(sorted((*self.d6, self.d10)))


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a Kniffel Extreme game: all of it, as `OpenObservation`."""

    state: State
