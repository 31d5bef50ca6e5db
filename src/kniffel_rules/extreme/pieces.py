"""The material of Kniffel Extreme: the 22 boxes of the sheet, its sections, the d10.

The boxes in sheet order, the upper and lower sections, the German labels
printed on the sheet and the faces of the ten-sided die. What a throw is
worth in a box is in `kniffel_rules.extreme.combinations`.
"""

from __future__ import annotations

from functools import lru_cache

from kniffel_rules._i18n import N_
from kniffel_rules._labels import FaceCounting, name_pieces
from kniffel_rules.boxsheet import Layout
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.rules import Rules

__all__ = ["BOXES", "D10", "LOWER", "UPPER", "Box", "layout"]

D10 = tuple(range(10))
"""The faces of the ten-sided die: 0..9."""


class Box(FaceCounting):
    """A box of the Kniffel Extreme sheet; ``box.key`` is its JSON key.

    ``box.labels`` are its names (the German sheet's and English),
    ``box.face`` the face an upper box counts; ``box.label`` is the German
    name, as printed.
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
    TWO_PAIRS = 8
    THREE_PAIRS = 9
    TWO_TRIPLES = 10
    FULL_HOUSE = 11
    BIG_FULL_HOUSE = 12
    SMALL_STRAIGHT = 13
    LARGE_STRAIGHT = 14
    HIGHWAY = 15
    KNIFFEL = 16
    KNIFFEL_EXTREME = 17
    TEN_OR_LESS = 18
    THIRTY_THREE_OR_MORE = 19
    CHANCE = 20
    SUPER_CHANCE = 21

    @property
    def label(self) -> str:
        """The name printed on the German sheet ("Zwei Paare", "10 oder weniger")."""
        return self.labels["de"]


name_pieces(
    Box,
    {
        "three_pairs": N_("Three pairs"),
        "two_triples": N_("Two triples"),
        "big_full_house": N_("Big Full House"),
        "highway": N_("Highway"),
        "kniffel_extreme": N_("Kniffel Extreme"),
        "ten_or_less": N_("10 or less"),
        "thirty_three_or_more": N_("33 or more"),
        "super_chance": N_("Super-Chance"),
    },
)

BOXES: tuple[Box, ...] = tuple(Box)
"""All 22 boxes in sheet order."""
UPPER: tuple[Box, ...] = BOXES[:6]
"""Ones to Sixes."""
LOWER: tuple[Box, ...] = BOXES[6:]
"""The 16 boxes of the lower section."""


def layout(rules: Rules) -> Layout:
    """The sheet under ``rules``: its boxes, sections, bonus and totals (`Layout`).

    The engine, the paper-sheet checker, the command line and the bots read
    the sheet through it: 22 boxes, the bonus (45 at 73 by the rulebook), no
    extra-Kniffel bonus (EX-21).

    Raises:
        InvalidStateError: ``rules`` is not an Extreme `Rules` (path ``rules``).

    Examples:
        >>> from kniffel_rules.extreme import Rules
        >>> from kniffel_rules.extreme.pieces import layout
        >>> sheet = layout(Rules())
        >>> sheet.threshold, sheet.bonus, len(sheet.boxes)
        (73, 45, 22)
    """
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected extreme.Rules, got {type(rules).__name__}")
    return _cached_layout(rules)


@lru_cache(maxsize=64)  # bounded: one entry per rule set in use
def _cached_layout(rules: Rules) -> Layout:
    return _layout(rules)


def _layout(rules: Rules) -> Layout:
    return Layout(
        keys=tuple(b.key for b in Box),
        boxes=tuple(b.value for b in BOXES),
        upper=tuple(b.value for b in UPPER),
        lower=tuple(b.value for b in LOWER),
        threshold=rules.upper_bonus_threshold,
        bonus=rules.upper_bonus,
        extra_bonus=False,
    )
