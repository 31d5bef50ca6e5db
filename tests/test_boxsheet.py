"""The box-sheet layout shared by classic and Extreme: sections, bonus, totals, placement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest

from kniffel_rules import InvalidStateError, classic, extreme
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


A = cast(Any, lambda value: value)  # a junk argument, typed loosely on purpose


@pytest.mark.parametrize(
    ("call", "path", "detail"),
    [
        (lambda: placement_points(A(None)), "totals", "expected a sequence of totals, got None"),
        (lambda: placement_points(A("12")), "totals", "expected a sequence of totals, got '12'"),
        (lambda: placement_points(A({1: 2})), "totals",
         "expected a sequence of totals, got {1: 2}"),
        (lambda: placement_points(A((3, "4"))), "totals[1]", "expected an integer, got str"),
        (lambda: placement_points((3, True)), "totals[1]", "expected an integer, got bool"),
        (lambda: placement_points((3, 4), first=-1), "first", "-1 is below the minimum 0"),
        (lambda: placement_points((3, 4), first=A("8")), "first", "expected an integer, got str"),
    ],
)  # fmt: skip
def test_placement_points_name_junk(call: Callable[[], object], path: str, detail: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        call()
    assert (info.value.path, info.value.detail) == (path, detail)


def test_placement_points_at_their_edges() -> None:
    assert placement_points(()) == () and placement_points([5, 9], first=0) == (0, 0)
    assert placement_points((-3, 10**30)) == (1, 2) and placement_points((7,), first=1) == (1,)
