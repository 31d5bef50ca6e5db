"""Regression tables for Extreme: distinct states by depth (see classic/test_perft.py).

Regenerate after an intended rule change: ``cd tests && python -m extreme.test_perft``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from extreme.helpers import position
from kniffel_rules import extreme
from kniffel_rules.extreme import Box, Rules
from perft import perft as _perft

DATA = Path(__file__).parent.parent / "data" / "extreme_perft.json"

STARTS: dict[str, tuple[Callable[[], extreme.State], int]] = {
    "start": (extreme.new_game, 2),
    "third_roll_with_chip": (
        # one chip spent on the first turn, one left (a reachable state: one chip per turn)
        lambda: position(
            {Box.CHANCE: 20}, d6=(1, 2, 2, 5, 6), d10=0, rolls=3, chips=1, rules=Rules(chips=2)
        ),
        3,
    ),
    "third_roll_without_chip": (
        lambda: position(d6=(3, 3, 3, 4, 6), d10=3, rolls=3, chips=0, rules=Rules(chips=0)),
        1,
    ),
    "second_roll": (lambda: position(d6=(1, 1, 6, 6, 6), d10=9, rolls=1), 2),
}


def perft(start: Any, depth: int) -> list[int]:
    return _perft(extreme, start, depth)


@pytest.mark.rule("EX-02", "EX-04")
@pytest.mark.parametrize("name", sorted(STARTS))
def test_perft(name: str) -> None:
    expected = json.loads(DATA.read_text())[name]
    factory, depth = STARTS[name]
    got = perft(factory(), depth)
    assert got == expected, f"{name}: distinct states by depth {got}, stored {expected}"


if __name__ == "__main__":
    rows = [
        f"  {json.dumps(n)}: {json.dumps(perft(f(), d))}" for n, (f, d) in sorted(STARTS.items())
    ]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n")
    print(DATA.read_text())
