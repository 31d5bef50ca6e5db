"""The worked examples printed on the classic rulebook page, played through apply."""

from __future__ import annotations

import pytest

from classic.helpers import position, throw
from kniffel_rules.classic import Box, Roll, Score, apply, legal_actions, new_game, score


@pytest.mark.rule("CL-10")
def test_three_fives_four_three_is_22_in_three_of_a_kind() -> None:
    assert score(Box.THREE_OF_A_KIND, (5, 5, 5, 4, 3)) == 22
    s = throw(apply(new_game(), Roll()), 5, 5, 5, 4, 3)
    s = apply(s, Score(Box.THREE_OF_A_KIND))
    assert s.sheets[0][Box.THREE_OF_A_KIND] == 22


@pytest.mark.rule("CL-13", "CL-14")
def test_the_straights_of_the_page() -> None:
    assert score(Box.SMALL_STRAIGHT, (1, 2, 3, 4, 6)) == 30
    assert score(Box.LARGE_STRAIGHT, (2, 3, 4, 5, 6)) == 40


@pytest.mark.rule("CL-18")
def test_five_fours_as_second_kniffel_with_fours_open_is_20_plus_50() -> None:
    s = position({Box.KNIFFEL: 50}, dice=(4, 4, 4, 4, 4))
    assert [a for a in legal_actions(s) if isinstance(a, Score)] == [Score(Box.FOURS)]
    sheet = apply(s, Score(Box.FOURS)).sheets[0]
    assert sheet[Box.FOURS] == 20
    assert sheet.extra_bonus == 50


@pytest.mark.rule("CL-19")
@pytest.mark.parametrize(
    ("box", "value"),
    [
        (Box.THREE_OF_A_KIND, 20),  # "für einen Pasch 20 Punkte (5 x 4)"
        (Box.FOUR_OF_A_KIND, 20),
        (Box.FULL_HOUSE, 25),  # "25, 30 oder 40 Punkte (die pauschalen Punktewerte)"
        (Box.SMALL_STRAIGHT, 30),
        (Box.LARGE_STRAIGHT, 40),
    ],
)
def test_five_fours_with_fours_filled_is_a_joker(box: Box, value: int) -> None:
    s = position({Box.KNIFFEL: 50, Box.FOURS: 12}, dice=(4, 4, 4, 4, 4))
    sheet = apply(s, Score(box)).sheets[0]
    assert sheet[box] == value
    assert sheet.extra_bonus == 0
