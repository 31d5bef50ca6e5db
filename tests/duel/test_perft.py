"""Regression tables in the manner of chess perft: distinct Duell states by depth.

From fixed starting positions, the number of distinct states reachable in
exactly ``d`` steps (actions and chance outcomes alike) for ``d = 1..DEPTH``
is stored in ``tests/data/duel_perft.json``. Any change to the legal
actions, the chance outcomes, the jokers or the win conditions moves these
counts. To regenerate after an intended rule change:
``cd tests && python -m duel.test_perft``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from duel.helpers import B, R, position
from kniffel_rules import duel
from kniffel_rules.duel import Area, Rules, Spot
from perft import perft as _perft

DATA = Path(__file__).parent.parent / "data" / "duel_perft.json"
DEPTH = 5

_ENDGAME = {
    Area.FOURS: B,
    Area.FIVES: B,
    Area.SIXES: Spot.BLUE_SPACE,
    Area.ONES: R,
    Area.TWOS: R,
    Area.FOUR_OF_A_KIND: Spot.RED_SPACE,
    Area.LARGE_STRAIGHT: R,
    Area.KNIFFEL: R,
}

STARTS: dict[str, Callable[[], duel.State]] = {
    "blue_starts": lambda: duel.new_game(first_player=0),
    "rolloff": duel.new_game,
    "jokers": lambda: position({Area.FULL_HOUSE: Spot.RED_SPACE}, jokers=(2, 1)),
    "endgame_linear": lambda: position(_ENDGAME, jokers=(1, 1)),
    "endgame_within_parts_match": lambda: position(
        _ENDGAME, player=1, jokers=(1, 1), rules=Rules(adjacency="within_parts", match_wins=2)
    ),
}


def perft(start: Any, depth: int) -> list[int]:
    return _perft(duel, start, depth)


@pytest.mark.parametrize("name", sorted(STARTS))
def test_perft(name: str) -> None:
    expected = json.loads(DATA.read_text())[name]
    got = perft(STARTS[name](), DEPTH)
    assert got == expected, f"{name}: distinct states by depth {got}, stored {expected}"


if __name__ == "__main__":
    rows = [
        f"  {json.dumps(n)}: {json.dumps(perft(f(), DEPTH))}" for n, f in sorted(STARTS.items())
    ]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n")
    print(DATA.read_text())


def test_the_small_counts_by_hand() -> None:
    """The stored table's first levels, derived without the engine.

    Blue's first roll: one state, then 252 throws. After a throw, blue keeps
    any multiset of 0..4 dice (1 + 6 + 21 + 56 + 126 = 210 throw states), or
    ends the turn: a miss (1 state) or one of 11 discs moved (11 states).
    The 210 throws give every five dice after two rolls (252); the 12 ended
    turns each give red's first roll (12).
    """
    kept = 1 + 6 + 21 + 56 + 126
    assert json.loads(DATA.read_text())["blue_starts"][:4] == [1, 252, kept + 1 + 11, 252 + 12]
