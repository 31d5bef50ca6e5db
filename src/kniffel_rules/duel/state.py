"""The state of a Duell game or match: `State`, its `Phase` and a seat's `Observation`.

The board's spots, the areas and the tiles are in `kniffel_rules.duel.pieces`,
the actions in `kniffel_rules.duel.actions`.
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation, ThreeThrows
from kniffel_rules._fields import check_seat
from kniffel_rules._i18n import N_, Text
from kniffel_rules._quickinit import quick_init
from kniffel_rules.duel.pieces import AREAS, BLUE, HOLES, JOKERS_PER_COLOUR, RED, Area, Spot
from kniffel_rules.duel.rules import Rules
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "State"]


@quick_init
@attrs.frozen(slots=True)
class State(ThreeThrows):
    """A Duell game (or match) at one moment. Immutable.

    Build states with `new_game` and `apply`; `from_json` validates one
    read from outside.

    Attributes:
        rules: The rules in force.
        names: The players' names: blue (seat 0), then red (seat 1).
        board: Where the disc of each area lies, indexed by ``Area.value``.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off and once over).
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            roll). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        jokers: The joker tiles each seat holds.
        supply: The joker tiles of each colour left in the supply; a
            colour's hand and supply always add up to 11.
        jokers_used: Jokers the current player has spent in this turn.
        first_player: The seat that started the current game (``None``
            during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
        results: The winner of each finished game of the match, in order.
    """

    rules: Rules
    names: tuple[str, ...]
    board: tuple[Spot, ...]
    phase: Phase
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0
    jokers: tuple[int, ...] = (0, 0)
    supply: tuple[int, ...] = (JOKERS_PER_COLOUR, JOKERS_PER_COLOUR)
    jokers_used: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None
    results: tuple[int, ...] = ()

    def spot(self, area: Area) -> Spot:
        """Where the disc of ``area`` lies.

        Raises:
            InvalidStateError: ``area`` is not an `Area`.
        """
        if not isinstance(area, Area):
            raise InvalidStateError(
                "area", Text.of(N_("expected a duel Area, got {type}"), type=type(area).__name__)
            )
        return self.board[area.value]

    def secured(self, player: int) -> tuple[Area, ...]:
        """The areas whose discs ``player`` has secured in their hole, in board order.

        Raises:
            InvalidStateError: ``player`` is not a seat 0 or 1.
        """
        check_seat(player, 2, "player")
        hole = HOLES[player]
        return tuple(a for a, s in zip(AREAS, self.board, strict=True) if s is hole)

    @property
    def games_won(self) -> tuple[int, ...]:
        """The games of the match each seat has won."""
        return (self.results.count(BLUE), self.results.count(RED))


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a Duell game (0 blue, 1 red): all of it, as `OpenObservation`."""

    state: State
