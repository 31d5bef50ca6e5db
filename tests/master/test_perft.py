"""Regression tables in the manner of chess perft: distinct states by depth.

From fixed starting positions, the number of distinct states reachable in
exactly ``d`` steps (actions and chance outcomes alike) for ``d = 1..5`` is
stored in ``tests/data/master_perft.json``. Any change to the legal uses,
the markers, the coin row, the race or the end of the game moves these
counts. To regenerate after an intended rule change:
``cd tests && python -m master.test_perft``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kniffel_rules import master
from kniffel_rules.master import Sheet, Task
from master.helpers import board, position
from perft import perft as _perft

DATA = Path(__file__).parent.parent / "data" / "master_perft.json"
DEPTH = 5

_MID = board(tasks=[Task.FULL_HOUSE], rows={1: 7, 2: 3, 6: 5}, laps=3, coins=2)
_RIVAL = board(tasks=[Task.SMALL_STRAIGHT], rows={1: 8, 6: 8})
_FULL = board(rows={2: 2, 4: 6, 5: 7})
_NEAR = board(tasks=[Task.FULL_HOUSE, Task.SMALL_STRAIGHT, Task.CHANCE_LOW], rows={3: 6}, laps=9)

STARTS: dict[str, Callable[[], master.State]] = {
    "solitaire": master.new_game,
    "two_players": lambda: master.new_game(players=2, first_player=1),
    "rolloff_3": lambda: master.new_game(players=3),
    "mid_game": lambda: position([_MID, _RIVAL]),
    "markers_full": lambda: position([_FULL, Sheet()]),
    "last_turn": lambda: position([Sheet(), _NEAR], player=1),
}


def perft(start: Any, depth: int) -> list[int]:
    return _perft(master, start, depth)


@pytest.mark.parametrize("name", sorted(STARTS))
def test_perft(name: str) -> None:
    expected = json.loads(DATA.read_text())[name]
    got = perft(STARTS[name](), DEPTH)
    assert got == expected, f"{name}: distinct states by depth {got}, stored {expected}"


def test_the_last_turn_can_end_the_game() -> None:
    start = STARTS["last_turn"]()
    level = {start}
    for _ in range(3):
        level = {master.apply(s, a) for s in level for a in master.legal_actions(s)}
    assert any(master.is_terminal(s) for s in level)
    assert not all(master.is_terminal(s) for s in level)


if __name__ == "__main__":
    rows = [
        f"  {json.dumps(n)}: {json.dumps(perft(f(), DEPTH))}" for n, f in sorted(STARTS.items())
    ]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n")
    print(DATA.read_text())
