"""The material of Kniffel: Das Duell: the eleven areas, the colours, the spots and the tiles.

The board has eleven areas in board order (DU-08, DU-42), each with one disc;
a disc lies on the centre line, on a colour's space or in a colour's hole
(`Spot`). Each colour has eleven joker tiles (DU-02, DU-45). Nothing here
knows the dice or a state.

Examples:
    >>> from kniffel_rules.duel.pieces import AREAS, Area, Spot
    >>> len(AREAS), Area.FULL_HOUSE.label, Area.KNIFFEL.has_spaces
    (11, 'Full House', False)
    >>> Spot.RED_HOLE.secured, Spot.RED_HOLE.owner
    (True, 1)
    >>> red = COLOUR_LABELS[RED]
    >>> Area.FOUR_OF_A_KIND.labels["de"], red["de"]
    ('Vier Gleiche', 'rot')
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from kniffel_rules._i18n import C_
from kniffel_rules._labels import FAMILY_NAMES, FaceCounting, name_pieces
from kniffel_rules.lang import Lang

__all__ = [
    "AREAS",
    "BLUE",
    "COLOURS",
    "COLOUR_LABELS",
    "HOLES",
    "JOKERS_PER_COLOUR",
    "NUMBER_AREAS",
    "RED",
    "SPACES",
    "SPECIAL_AREAS",
    "START_BOARD",
    "Area",
    "Spot",
]


class Area(FaceCounting):
    """An area of the board, in board order (DU-15..DU-20, DU-42).

    ``area.key`` is the lower-case name used in JSON documents
    (``"small_straight"``); ``area.label`` the name a player reads (English),
    ``area.labels`` in each language; ``area.face`` the face a number area
    needs three of (1..6), None for the special rolls.
    """

    _value_: int

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    FOUR_OF_A_KIND = 6
    FULL_HOUSE = 7
    SMALL_STRAIGHT = 8
    LARGE_STRAIGHT = 9
    KNIFFEL = 10

    @property
    def has_spaces(self) -> bool:
        """Whether the area has a space per colour (every area but Kniffel, DU-20)."""
        return self is not Area.KNIFFEL


# The German special rolls as the rulebook names them ("Vier Gleiche"; the
# straights are the family's "Kleine Straße", "Große Straße").
name_pieces(Area, {"four_of_a_kind": C_("duel area", "Four of a kind")})

AREAS: tuple[Area, ...] = tuple(Area)
"""Every area, in board order."""
NUMBER_AREAS: tuple[Area, ...] = AREAS[:6]
"""The first part of the board: Ones to Sixes."""
SPECIAL_AREAS: tuple[Area, ...] = AREAS[6:]
"""The second part: Four of a kind, Full House, the straights, Kniffel."""

BLUE: Final = 0
"""Seat 0 plays blue (DU-40)."""
RED: Final = 1
"""Seat 1 plays red."""
COLOUR_LABELS: Final[tuple[Mapping[Lang, str], Mapping[Lang, str]]] = (
    FAMILY_NAMES["blue"],
    FAMILY_NAMES["red"],
)
"""The colours' names by seat, in each language."""
COLOURS: Final[tuple[str, str]] = (COLOUR_LABELS[BLUE]["en"], COLOUR_LABELS[RED]["en"])
"""The colours by seat (their English names)."""
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

START_BOARD: tuple[Spot, ...] = (Spot.CENTRE,) * len(AREAS)
"""The setup (DU-02): every disc on the centre line, indexed by ``Area.value``."""
