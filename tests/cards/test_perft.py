"""Regression tables in the manner of chess perft: distinct states by depth.

From fixed starting positions, the number of distinct states reachable in
exactly ``d`` steps (actions and chance outcomes alike) is stored in
``tests/data/cards_perft.json``. Any change to the legal actions, the chance
outcomes, the setup or the flow of a turn moves these counts. To regenerate
after an intended rule change: ``PYTHONPATH=tests python tests/cards/test_perft.py``
(a play became 1 + its size steps in issue 18, KA-62: the counts moved then).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cards.helpers import hand, position, tokens
from kniffel_rules import cards
from kniffel_rules.cards import Row, Rules
from perft import perft as _perft

DATA = Path(__file__).parent.parent / "data" / "cards_perft.json"

MIXED = hand("red 5", "blue 5", "green 5", "yellow 9", "red 9")
KNIFFEL = hand("blue 7", "green 7", "purple 7", "red 7", "yellow 7")
OTHER = hand("blue 1", "green 3", "purple 6")

STARTS: dict[str, tuple[Callable[[], cards.State], int]] = {
    "setup_2": (lambda: cards.new_game(2, first_player=0), 7),
    "setup_trickier_3": (lambda: cards.new_game(3, rules=Rules(trickier=True), first_player=2), 7),
    "start_player_4": (lambda: cards.new_game(4), 3),
    "turn_mixed": (lambda: position([MIXED, OTHER], [tokens({Row.STRAIGHT: 1}), tokens()]), 3),
    "turn_kniffel": (
        lambda: position([KNIFFEL, OTHER], [tokens({Row.TWO_PAIRS: 4}, active=2), tokens()]),
        3,
    ),
    "simpler": (lambda: position([MIXED, OTHER], rules=Rules(simpler=True)), 3),
    "endgame": (
        lambda: position(
            [KNIFFEL, OTHER],
            [tokens({Row.FULL_HOUSE: 7, Row.COLOUR: 7, Row.THREE_OF_A_KIND: 7}, 1), tokens()],
        ),
        3,
    ),
}


def perft(start: Any, depth: int) -> list[int]:
    return _perft(cards, start, depth)


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
