"""The state of a Duell game, its board spots and its actions (all frozen value objects)."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules.duel.areas import AREAS, Area
from kniffel_rules.duel.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = [
    "BLUE",
    "COLOURS",
    "HOLES",
    "JOKERS_PER_COLOUR",
    "RED",
    "SPACES",
    "Action",
    "Joker",
    "Miss",
    "Move",
    "Phase",
    "Roll",
    "Spot",
    "State",
]

BLUE: Final = 0
"""Seat 0 plays blue (DU-40)."""
RED: Final = 1
"""Seat 1 plays red."""
COLOURS: Final[tuple[str, str]] = ("blue", "red")
"""The colours by seat."""
JOKERS_PER_COLOUR: Final = 11
"""Joker tiles of each colour: 22 in all (DU-02, DU-45)."""


class Spot(enum.Enum):
    """Where the disc of an area lies (DU-08): the centre, a colour's space or hole."""

    CENTRE = "centre"
    BLUE_SPACE = "blue_space"
    RED_SPACE = "red_space"
    BLUE_HOLE = "blue_hole"
    RED_HOLE = "red_hole"

    @property
    def secured(self) -> bool:
        """Whether the disc is in a hole, secured for good (DU-11)."""
        return self is Spot.BLUE_HOLE or self is Spot.RED_HOLE

    @property
    def owner(self) -> int | None:
        """The seat whose space or hole this is; None for the centre."""
        return _OWNER[self]

    def __repr__(self) -> str:
        return f"Spot.{self.name}"


_OWNER = {
    Spot.CENTRE: None,
    Spot.BLUE_SPACE: BLUE,
    Spot.BLUE_HOLE: BLUE,
    Spot.RED_SPACE: RED,
    Spot.RED_HOLE: RED,
}

SPACES: Final[tuple[Spot, Spot]] = (Spot.BLUE_SPACE, Spot.RED_SPACE)
"""Each seat's space, by seat."""
HOLES: Final[tuple[Spot, Spot]] = (Spot.BLUE_HOLE, Spot.RED_HOLE)
"""Each seat's hole, by seat."""


@attrs.frozen(slots=True)
class Joker:
    """Spend one joker tile: turn one die showing ``die`` to ``face`` (DU-13, DU-43).

    Spending a joker fixes the result: no roll may follow it in this turn.

    Attributes:
        die: The face the die shows now.
        face: The face it is turned to (a different one, DU-48).
    """

    die: int
    face: int


@attrs.frozen(slots=True)
class Move:
    """Move the disc of ``area``, which the dice must show (DU-07..DU-10, DU-20).

    The disc goes from the centre or the opponent's space to the mover's
    space, from the mover's space into the mover's hole; Kniffel's disc
    goes straight into the hole. This ends the turn.

    Attributes:
        area: The area whose disc moves.
    """

    area: Area


@attrs.frozen(slots=True)
class Miss:
    """Declare a miss (Fehlwurf): no disc can move; take a joker tile (DU-12, DU-45).

    This ends the turn.
    """


Action = Roll | Joker | Move | Miss
"""A player's action in the Duell."""


_START_BOARD: tuple[Spot, ...] = (Spot.CENTRE,) * len(AREAS)


@attrs.frozen(slots=True)
class State:
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
        """Where the disc of ``area`` lies."""
        return self.board[area.value]

    def secured(self, player: int) -> tuple[Area, ...]:
        """The areas whose discs ``player`` has secured in their hole, in board order."""
        hole = HOLES[player]
        return tuple(a for a, s in zip(AREAS, self.board, strict=True) if s is hole)

    @property
    def games_won(self) -> tuple[int, ...]:
        """The games of the match each seat has won."""
        return (self.results.count(BLUE), self.results.count(RED))

    @property
    def rolls_left(self) -> int:
        """How many throws the current player still has this turn."""
        return 3 - self.rolls
