"""Regression tables in the manner of chess perft: distinct states by depth.

From fixed starting positions, the number of distinct states reachable in
exactly ``d`` steps (actions and chance outcomes alike) for ``d = 1..5`` is
stored in ``tests/data/classic_perft.json``. Any change to the legal
actions, the chance outcomes or the joker rules moves these counts. To
regenerate after an intended rule change: ``cd tests && python -m classic.test_perft``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from classic.helpers import position
from kniffel_rules import classic
from kniffel_rules.classic import Box, Rules
from kniffel_rules.classic.rules import JOKER_MODES
from perft import perft as _perft

DATA = Path(__file__).parent.parent / "data" / "classic_perft.json"
DEPTH = 5


def _joker_start(joker: str) -> classic.State:
    return position({Box.KNIFFEL: 50, Box.FOURS: 12}, rules=Rules(joker=joker))  # type: ignore[arg-type]


STARTS: dict[str, Callable[[], classic.State]] = {
    "solitaire": classic.new_game,
    "full_cup": lambda: classic.new_game(rules=Rules(full_cup=True)),
    "croatian": lambda: classic.new_game(rules=Rules(croatian=True)),
    "two_players": lambda: classic.new_game(players=2, first_player=1),
    "rolloff_3": lambda: classic.new_game(players=3),
    **{f"joker_{j}": functools.partial(_joker_start, j) for j in JOKER_MODES},
}


def perft(start: Any, depth: int) -> list[int]:
    return _perft(classic, start, depth)


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
