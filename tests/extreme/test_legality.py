"""Exact messages and field paths of Extreme's checks (pinned after a mutation-testing run)."""

from __future__ import annotations

import pytest

from kniffel_rules import InvalidStateError
from kniffel_rules.extreme import Box, check_faces, score


@pytest.mark.rule("EX-39")
@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ((1, 2, 3, 4, 5), "dice: a Kniffel Extreme throw has 6 dice, got 5"),
        ((1, 2, 3, 4, 5, 10), r"dice: faces are 0\.\.9 \(d10\) and 1\.\.6 \(d6\), got"),
        ((-1, 1, 2, 3, 4, 5), r"dice: faces are 0\.\.9 \(d10\) and 1\.\.6 \(d6\), got"),
        ((0, 7, 1, 2, 3, 4), r"dice: only the d10 can show 0 or 7\.\.9, got \(0, 1, 2, 3, 4, 7\)"),
        ("123456", "dice: a die face must be an integer"),
        (6, "dice: expected a sequence of dice faces"),
    ],
)
def test_impossible_throws_are_named(faces: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{message}") as info:
        score(Box.CHANCE, faces)  # type: ignore[arg-type]
    assert info.value.path == "dice"
    with pytest.raises(InvalidStateError) as other:
        check_faces(faces, "turns[0].d6")  # type: ignore[arg-type]
    assert other.value.path == "turns[0].d6"


def test_valid_faces_come_back_sorted() -> None:
    assert check_faces([9, 1, 2, 6, 6, 3]) == (1, 2, 3, 6, 6, 9)
    assert check_faces((0, 1, 1, 1, 1, 1)) == (0, 1, 1, 1, 1, 1)
    assert check_faces((7, 6, 6, 6, 6, 6)) == (6, 6, 6, 6, 6, 7)


def test_a_non_box_names_the_field() -> None:
    with pytest.raises(InvalidStateError, match=r"^box: expected an Extreme Box, got 'chance'"):
        score("chance", (1, 2, 3, 4, 5, 6))  # type: ignore[arg-type]


def test_labels_are_the_printed_sheet() -> None:
    assert Box.TEN_OR_LESS.label == "10 oder weniger"
    assert Box.SUPER_CHANCE.label == "Super-Chance"
    assert Box.FIVES.key == "fives" and Box.FIVES.face == 5 and Box.CHANCE.face is None
