"""The games the conformance suite runs against.

A new game plugs into the suite by adding its cases here: a name from
``kniffel_rules.VARIANTS`` and factories for the starting states worth
checking (player counts, rule options). ``test_conformance`` fails for a
registered game that has no case.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kniffel_rules import classic


@dataclass(frozen=True)
class Case:
    """One starting position of one game for the conformance suite."""

    variant: str
    id: str
    start: Callable[[], Any]
    playouts: int = 15


CASES: tuple[Case, ...] = (
    Case("classic", "solitaire", lambda: classic.new_game()),
    Case("classic", "three-players-rolloff", lambda: classic.new_game(players=3)),
    Case(
        "classic",
        "forced-joker-series-placement",
        lambda: classic.new_game(
            players=2, rules=classic.Rules(joker="forced", games=2, ranking="placement")
        ),
        playouts=6,
    ),
    Case("classic", "free-joker", lambda: classic.new_game(rules=classic.Rules(joker="free"))),
    Case("classic", "no-joker", lambda: classic.new_game(rules=classic.Rules(joker="none"))),
    Case(
        "classic",
        "full-cup",
        lambda: classic.new_game(players=2, rules=classic.Rules(full_cup=True)),
    ),
    Case(
        "classic",
        "croatian",
        lambda: classic.new_game(players=2, rules=classic.Rules(croatian=True)),
    ),
)
