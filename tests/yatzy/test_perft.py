"""Regression tables in the manner of chess perft: distinct Yatzy states by depth.

From fixed starting positions, the number of distinct states reachable in
exactly ``d`` steps (actions and chance outcomes alike) for ``d = 1..5`` is
stored in ``tests/data/yatzy_perft.json``. To regenerate after an intended
rule change: ``cd tests && python -m yatzy.test_perft``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from kniffel_rules import yatzy
from kniffel_rules.yatzy import Rules
from perft import perft

DATA = Path(__file__).parent.parent / "data" / "yatzy_perft.json"
DEPTH = 5

STARTS: dict[str, Callable[[], yatzy.State]] = {
    "solitaire": yatzy.new_game,
    "forced": lambda: yatzy.new_game(rules=Rules(forced_order=True)),
    "two_players": lambda: yatzy.new_game(players=2, first_player=1),
    "rolloff_3": lambda: yatzy.new_game(players=3),
}


@pytest.mark.rule("YA-03", "YA-04", "YA-21")
@pytest.mark.parametrize("name", sorted(STARTS))
def test_perft(name: str) -> None:
    expected = json.loads(DATA.read_text())[name]
    got = perft(yatzy, STARTS[name](), DEPTH)
    assert got == expected, f"{name}: distinct states by depth {got}, stored {expected}"


if __name__ == "__main__":
    rows = [
        f"  {json.dumps(n)}: {json.dumps(perft(yatzy, f(), DEPTH))}"
        for n, f in sorted(STARTS.items())
    ]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n")
    print(DATA.read_text())
