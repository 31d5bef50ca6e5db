"""The material of classic Kniffel: the boxes of the score sheet, their labels and order.

The standard sheet has 13 boxes (`BOXES`), the Croatian one 8
(`CROATIAN_BOXES`); `sheet_boxes` picks the sheet of a rule set and `layout`
describes it whole (sections, bonus, totals): the one place where the
Croatian option and the bonus options are read.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from kniffel_rules._dicewire import named
from kniffel_rules._i18n import N_
from kniffel_rules._labels import FaceCounting, name_pieces
from kniffel_rules.boxsheet import Layout
from kniffel_rules.classic.rules import Rules
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.notation import Phrasebook, words

__all__ = [
    "BOXES",
    "BOX_NAMES",
    "BOX_PHRASES",
    "BOX_RULES",
    "CROATIAN_BOXES",
    "LOWER",
    "UPPER",
    "Box",
    "check_rules",
    "layout",
    "read_box",
    "sheet_boxes",
]


class Box(FaceCounting):
    """A box of the classic score sheet.

    ``box.key`` is the lower-case name used in JSON documents (``"full_house"``),
    ``box.labels`` its names (the Schmidt sheet's German), ``box.label`` the
    English one, ``box.face`` the face an upper box counts. ``MAXIMUM`` and
    ``MINIMUM`` exist only in the Croatian variant.
    """

    _value_: int

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    THREE_OF_A_KIND = 6
    FOUR_OF_A_KIND = 7
    FULL_HOUSE = 8
    SMALL_STRAIGHT = 9
    LARGE_STRAIGHT = 10
    KNIFFEL = 11
    CHANCE = 12
    MAXIMUM = 13
    MINIMUM = 14


name_pieces(Box, {"maximum": N_("Maximum"), "minimum": N_("Minimum")})

UPPER: tuple[Box, ...] = (Box.ONES, Box.TWOS, Box.THREES, Box.FOURS, Box.FIVES, Box.SIXES)
"""The upper section, Ones to Sixes."""

LOWER: tuple[Box, ...] = (
    Box.THREE_OF_A_KIND,
    Box.FOUR_OF_A_KIND,
    Box.FULL_HOUSE,
    Box.SMALL_STRAIGHT,
    Box.LARGE_STRAIGHT,
    Box.KNIFFEL,
    Box.CHANCE,
)
"""The lower section of the standard sheet."""

BOXES: tuple[Box, ...] = UPPER + LOWER
"""The 13 boxes of the standard sheet, in sheet order."""

CROATIAN_BOXES: tuple[Box, ...] = (*UPPER, Box.MAXIMUM, Box.MINIMUM)
"""The 8 boxes of the Croatian sheet."""


def check_rules(rules: object) -> None:
    """Refuse anything that is not a classic `Rules` (`InvalidStateError`, path ``rules``)."""
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected classic Rules, got {type(rules).__name__}")


def sheet_boxes(rules: Rules) -> tuple[Box, ...]:
    """The boxes on the sheet under ``rules`` (13, or Croatian's 8), in sheet order.

    Raises:
        InvalidStateError: ``rules`` is not a classic `Rules`.
    """
    if rules.__class__ is not Rules:
        check_rules(rules)
    return CROATIAN_BOXES if rules.croatian else BOXES


def layout(rules: Rules) -> Layout:
    """The sheet under ``rules``: its boxes, sections, bonus and totals (`Layout`).

    The engine, the paper-sheet checker, the command line and the solver all
    read the sheet through it. Croatian: eight boxes, the lower section worth
    (Maximum - Minimum) x Ones (CL-31), no extra-Kniffel bonus.

    Examples:
        >>> from kniffel_rules.classic import Rules
        >>> from kniffel_rules.classic.pieces import layout
        >>> sheet = layout(Rules())
        >>> sheet.threshold, sheet.bonus, len(sheet.boxes)
        (63, 35, 13)

    Raises:
        InvalidStateError: ``rules`` is not a classic `Rules`.
    """
    if rules.__class__ is not Rules:
        check_rules(rules)
    return _cached_layout(rules)


@lru_cache(maxsize=64)
def _cached_layout(rules: Rules) -> Layout:
    return _layout(rules)


def _layout(rules: Rules) -> Layout:
    boxes = sheet_boxes(rules)
    product = (Box.MAXIMUM.value, Box.MINIMUM.value, Box.ONES.value) if rules.croatian else None
    return Layout(
        keys=tuple(b.key for b in Box),
        boxes=tuple(b.value for b in boxes),
        upper=tuple(b.value for b in UPPER),
        lower=tuple(b.value for b in boxes if b not in UPPER),
        threshold=rules.upper_bonus_threshold,
        bonus=rules.upper_bonus,
        product=product,
        extra_bonus=product is None,
        product_floor=rules.croatian_floor,
    )


BOX_RULES: Final[dict[Box, str]] = {
    **dict.fromkeys(UPPER, "CL-08"),
    Box.THREE_OF_A_KIND: "CL-10",
    Box.FOUR_OF_A_KIND: "CL-11",
    Box.FULL_HOUSE: "CL-12",
    Box.SMALL_STRAIGHT: "CL-13",
    Box.LARGE_STRAIGHT: "CL-14",
    Box.KNIFFEL: "CL-15",
    Box.CHANCE: "CL-16",
    Box.MAXIMUM: "CL-30",
    Box.MINIMUM: "CL-30",
}
"""The clause of each box's scoring (what it may hold)."""

BOX_NAMES: Final[dict[Box, tuple[str, ...]]] = named(
    Box, {Box.MAXIMUM: ("max",), Box.MINIMUM: ("min",)}
)
"""What a player may call each box: aliases, then both languages' labels; ``Box.key`` too."""

BOX_PHRASES: Final = Phrasebook({box: (*names, box.key) for box, names in BOX_NAMES.items()})
"""Every name of every box (`BOX_NAMES` and the key), as the readers match them."""


def read_box(text: str) -> Box | None:
    """The box ``text`` names, by any of its names (`BOX_NAMES`) or its key; else ``None``.

    English or German, any case, with or without umlauts: the reading of
    ``kniffel advise --filled`` and of a box typed alone.

    Examples:
        >>> read_box("Kleine Straße"), read_box("three_of_a_kind"), read_box("sevens")
        (Box.SMALL_STRAIGHT, Box.THREE_OF_A_KIND, None)
    """
    return BOX_PHRASES.whole(words(text)) if isinstance(text, str) else None
