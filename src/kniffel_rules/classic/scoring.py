"""Where a final roll may be entered and for how much: the joker rules, once.

`check_entry` is the single checking path: ``legal_actions`` lists the
boxes it accepts and ``apply`` raises with the reason it gives.
"""

from __future__ import annotations

import attrs

from kniffel_rules.classic.boxes import BOXES, CROATIAN_BOXES, LOWER, UPPER, Box, natural_scores
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Sheet
from kniffel_rules.errors import Rejection

__all__ = [
    "Entry",
    "allowed_boxes",
    "check_entry",
    "entry_options",
    "is_extra_kniffel",
    "sheet_boxes",
]


@attrs.frozen(slots=True)
class Entry:
    """The effect of entering a roll in a box.

    Attributes:
        value: The points written in the box.
        bonus: The extra-Kniffel bonus points credited with it.
        joker: Whether the entry uses the joker rule.
    """

    value: int
    bonus: int = 0
    joker: bool = False


def sheet_boxes(rules: Rules) -> tuple[Box, ...]:
    """The boxes on the sheet under ``rules`` (13, or Croatian's 8)."""
    return CROATIAN_BOXES if rules.croatian else BOXES


def is_extra_kniffel(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> bool:
    """Five equal dice while the Kniffel box is already filled (50 or struck 0)."""
    return (
        not rules.croatian
        and len(dice) == 5
        and dice[0] == dice[4]
        and sheet.entries[Box.KNIFFEL.value] is not None
    )


def _bonus_earned(sheet: Sheet, rules: Rules) -> int:
    if rules.extra_kniffel_bonus == 0:
        return 0
    kniffel = sheet.entries[Box.KNIFFEL.value]
    if rules.extra_bonus_requires_fifty and kniffel != rules.kniffel_score:
        return 0
    return rules.extra_kniffel_bonus


def _joker_value(box: Box, natural: tuple[int, ...], rules: Rules) -> int:
    index: int = box.value
    if box is Box.FULL_HOUSE:
        return rules.full_house_score
    if box is Box.SMALL_STRAIGHT:
        return rules.small_straight_score
    if box is Box.LARGE_STRAIGHT:
        return rules.large_straight_score
    return natural[index]


def check_entry(sheet: Sheet, dice: tuple[int, ...], box: Box, rules: Rules) -> Entry | Rejection:
    """Whether five final dice may go in ``box``, and with what effect.

    Args:
        sheet: The player's sheet before the entry.
        dice: The five dice, sorted and valid.
        box: The box asked for.
        rules: The rules.

    Returns:
        The `Entry`, or the reason why the roll may not go there: a
        `Rejection`, a ``str`` carrying the clause id in ``.rule``.
    """
    if box not in sheet_boxes(rules):
        variant = "Croatian" if rules.croatian else "standard"
        return Rejection(f"the {variant} sheet has no box {box.label}", "CL-30")
    filled = sheet.entries[box.value]
    if filled is not None:
        return Rejection(f"box {box.label} is already filled ({filled})", "CL-07")
    natural = natural_scores(dice, rules)
    if not is_extra_kniffel(sheet, dice, rules):
        return Entry(natural[box.value])
    bonus = _bonus_earned(sheet, rules)
    match = UPPER[dice[0] - 1]
    match_open = sheet.entries[match.value] is None
    if rules.joker == "none":
        return Entry(natural[box.value], bonus)
    if rules.joker == "free":
        if match_open:
            return Entry(natural[box.value], bonus)
        return Entry(_joker_value(box, natural, rules), bonus, joker=box in LOWER)
    # "schmidt" and "forced": the matching upper box, else the lower section, else strike.
    if match_open:
        if box is not match:
            return Rejection(
                f"an extra Kniffel of {match.label} must be entered in {match.label} "
                f"while that box is open (joker rule)",
                "CL-18",
            )
        return Entry(natural[box.value], bonus)
    forced_bonus = bonus if rules.joker == "forced" else 0
    if box in UPPER:
        if any(sheet.entries[b.value] is None for b in LOWER):
            return Rejection(
                f"an extra Kniffel with {match.label} filled is a joker: it must go in an "
                f"open lower box, not {box.label} (joker rule)",
                "CL-19",
            )
        return Entry(0, forced_bonus)
    return Entry(_joker_value(box, natural, rules), forced_bonus, joker=True)


def entry_options(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> dict[Box, Entry]:
    """Every box the final roll may go in, with its effect, in sheet order."""
    options = {}
    for box in sheet_boxes(rules):
        entry = check_entry(sheet, dice, box, rules)
        if isinstance(entry, Entry):
            options[box] = entry
    return options


_INDEXED = {
    False: tuple((b, b.value) for b in BOXES),
    True: tuple((b, b.value) for b in CROATIAN_BOXES),
}


def allowed_boxes(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> tuple[Box, ...]:
    """The boxes of `entry_options`, in sheet order, computed faster.

    Unless the roll is an extra Kniffel, `check_entry` accepts exactly the
    open boxes of the sheet; only then are the joker rules consulted.
    """
    if is_extra_kniffel(sheet, dice, rules):
        return tuple(entry_options(sheet, dice, rules))
    entries = sheet.entries
    return tuple(b for b, i in _INDEXED[rules.croatian] if entries[i] is None)
