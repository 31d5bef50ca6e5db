"""The state of a Kniffel Extreme game: the players' sheets and chips, the dice, the phase.

The actions and the chance outcome are in `kniffel_rules.extreme.actions`;
`Observation` is one seat's view (all of the state: nothing is hidden).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
from typing_extensions import Self

from kniffel_rules import _json
from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation, SheetState, Turn, read_phase, read_seating
from kniffel_rules._fields import BoxEntries
from kniffel_rules._i18n import N_
from kniffel_rules._quickinit import quick_init
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.pieces import Box, layout
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["ExtremeTurn", "Observation", "Phase", "Sheet", "State"]


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)
_LAYOUT = layout(Rules())  # the lower section does not depend on the rules


@quick_init
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
    _box = Box

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


@quick_init
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


@quick_init
@attrs.frozen(slots=True)
class ExtremeTurn(Turn):
    """The turn of an Extreme state: the dice turn with the d10 beside the five d6.

    ``dice`` holds the six-sided dice (the document's ``d6``), ``d10`` the
    ten-sided die; a turn has up to four rolls (the fourth costs a chip).
    Written, read and checked as `kniffel_rules._dicewire.Turn`, with
    Extreme's fields and words.

    Attributes:
        d10: The ten-sided die showing (``DECIDE``) or kept (``THROW``), else None.
    """

    d10: int | None = None

    DICE_PATH: ClassVar[str] = "d6"

    @classmethod
    def of(cls, state: Any) -> Self:
        """The turn of an Extreme ``state``."""
        return cls(
            state.phase,
            state.player,
            state.d6,
            state.rolls,
            state.first_player,
            state.roll_off,
            state.d10,
        )

    def fields(self) -> dict[str, Any]:
        """The turn as keyword arguments of `State`."""
        return {
            "phase": self.phase,
            "player": self.player,
            "d6": self.dice,
            "d10": self.d10,
            "rolls": self.rolls,
            "first_player": self.first_player,
            "roll_off": self.roll_off,
        }

    def to_dict(self) -> dict[str, Any]:
        """The turn's fields of a state document: ``d6`` and ``d10`` for ``dice``."""
        doc = super().to_dict()
        doc["d6"] = doc.pop("dice")
        doc["d10"] = self.d10
        return doc

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any], seats: int) -> Self:
        """The turn of an Extreme state document, each field checked alone.

        Raises:
            InvalidStateError: A field out of its range, naming it.
        """
        phase = read_phase(doc)
        player = _json.get_int(doc, "player", "", 0, seats - 1)
        d6 = _json.check_faces(doc["d6"], "d6", 1, 6, max_length=5)
        d10 = _json.get_opt_int(doc, "d10", "", 0, 9)
        rolls = _json.get_int(doc, "rolls", "", 0, 4)
        first, roll_off = read_seating(doc, seats)
        return cls(phase, player, d6, rolls, first, roll_off, d10)

    @property
    def idle(self) -> bool:
        """Whether no die is showing or kept, no roll made and seat 0 holds the turn."""
        return not self.dice and self.d10 is None and not self.rolls and not self.player

    @property
    def fourth_roll(self) -> bool:
        """Whether the player to move has made (THROW: decided) the fourth roll of this turn."""
        return (self.phase is Phase.THROW and self.rolls == 3) or (
            self.phase is Phase.DECIDE and self.rolls == 4
        )

    def check_dice(self) -> None:
        """The dice and rolls fit the moment of the turn (``THROW`` or ``DECIDE``).

        Raises:
            InvalidStateError: They do not (path ``rolls`` or ``d6``).
        """
        no_dice = not self.dice and self.d10 is None
        if self.phase is Phase.THROW:
            if self.rolls > 3 or (self.rolls == 0 and not no_dice):
                raise InvalidStateError(
                    "rolls",
                    N_(
                        "a pending throw is the 1st to 4th roll: 0 to 3 rolls made, "
                        "no dice before the first"
                    ),
                )
            if len(self.dice) == 5 and self.d10 is not None:
                raise InvalidStateError("d6", N_("kept dice must leave something to throw"))
        elif self.rolls == 0:
            if not no_dice:
                raise InvalidStateError("d6", N_("no dice before the first roll"))
        elif len(self.dice) != 5 or self.d10 is None:
            raise InvalidStateError("d6", N_("five six-sided dice and the d10 after a roll"))
