"""The roll-off shared by the dice games: reading it from untrusted JSON."""

from __future__ import annotations

from typing import Any

import pytest

from kniffel_rules import InvalidStateError
from kniffel_rules.rolloff import RollOff, opening

PATH = "game.roll_off"


@pytest.mark.parametrize(
    ("doc", "path", "detail"),
    [
        ([1], PATH, "expected an object, got list"),
        ({"contenders": [0, 1]}, PATH, "missing field 'faces'"),
        ({"contenders": "ab", "faces": []}, f"{PATH}.contenders", "expected an array, got str"),
        ({"contenders": [0, 3], "faces": []}, f"{PATH}.contenders[1]", "3 is above the maximum 2"),
        (
            {"contenders": [-1, 1], "faces": []},
            f"{PATH}.contenders[0]",
            "-1 is below the minimum 0",
        ),
        (
            {"contenders": [2], "faces": []},
            f"{PATH}.contenders",
            "two or more distinct seats, ascending",
        ),
        (
            {"contenders": [1, 0], "faces": []},
            f"{PATH}.contenders",
            "two or more distinct seats, ascending",
        ),
        (
            {"contenders": [0, 0], "faces": []},
            f"{PATH}.contenders",
            "two or more distinct seats, ascending",
        ),
        (
            {"contenders": [0, 1, 2], "faces": [1, 6, 3]},
            f"{PATH}.faces",
            "at most 2 items allowed, got 3",
        ),
        ({"contenders": [0, 1], "faces": [0]}, f"{PATH}.faces[0]", "0 is below the minimum 1"),
        ({"contenders": [0, 1], "faces": [7]}, f"{PATH}.faces[0]", "7 is above the maximum 6"),
    ],
)
def test_from_doc_names_the_bad_field(doc: Any, path: str, detail: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        RollOff.from_doc(doc, PATH, 3)
    assert (info.value.path, info.value.detail) == (path, detail)


@pytest.mark.parametrize(
    "roll_off",
    [RollOff((0, 1, 2)), RollOff((0, 2), (6,)), RollOff((1, 2), (1,)), RollOff((0, 1, 2), (1, 6))],
)
def test_from_doc_reads_what_to_doc_writes(roll_off: RollOff) -> None:
    assert RollOff.from_doc(roll_off.to_doc(), PATH, 3) == roll_off


def test_opening() -> None:
    assert opening(1, None) == 0
    assert opening(3, 2) == 2
    assert opening(3, None) == RollOff((0, 1, 2))
