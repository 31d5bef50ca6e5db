"""The box-sheet layout shared by classic and Extreme: sections, bonus, totals, placement."""

from __future__ import annotations

from kniffel_rules import classic, extreme
from kniffel_rules.boxsheet import placement_points
from kniffel_rules.classic import Box
from kniffel_rules.classic.pieces import layout
from kniffel_rules.extreme import pieces as extreme_pieces


def _entries(**values: int) -> tuple[int | None, ...]:
    return tuple(values.get(b.key) for b in Box)


def test_the_croatian_product_counts_only_once_its_three_boxes_are_filled() -> None:
    sheet = layout(classic.Rules(croatian=True))
    assert sheet.lower_total(_entries(maximum=28)) == 0
    assert sheet.lower_total(_entries(maximum=28, minimum=8)) == 0
    assert sheet.lower_total(_entries(maximum=28, minimum=8, ones=3)) == 60
    assert not sheet.extra_bonus


def test_the_standard_sheet_sums_its_sections_and_earns_the_bonus_at_the_threshold() -> None:
    sheet = layout(classic.Rules())
    upper = _entries(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18, chance=20)
    assert (sheet.upper_sum(upper), sheet.upper_bonus(upper)) == (63, 35)
    assert sheet.total(upper, 50) == 63 + 35 + 20 + 50
    assert sheet.entries_of({"ones": 3})[Box.ONES.value] == 3
    assert sheet.box_keys[0] == "ones" and len(sheet.box_keys) == 13
    assert sheet.upper_keys == ("ones", "twos", "threes", "fours", "fives", "sixes")


def test_extreme_has_its_own_bonus_and_no_extra_kniffel_line() -> None:
    sheet = extreme_pieces.layout(extreme.Rules())
    assert (sheet.threshold, sheet.bonus, sheet.extra_bonus) == (73, 45, False)


def test_placement_points_share_the_better_place() -> None:
    assert placement_points((200, 250, 200)) == (2, 3, 2)
    assert placement_points((5, 5, 5, 1)) == (4, 4, 4, 1)
    assert placement_points(()) == ()
