"""Seeded playouts and the rule variants the adapter tests walk through."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from kniffel_rules import CHANCE, TERMINAL, classic, duel, extreme, master, yatzy

VARIANT_RULES: list[tuple[str, Any]] = [
    ("classic", classic.Rules()),
    ("classic", classic.Rules(full_cup=True)),
    ("classic", classic.Rules(croatian=True)),
    ("classic", classic.Rules(games=2, ranking="placement", joker="forced")),
    ("classic", classic.Rules(joker="free", kniffel_counts_as_full_house=True)),
    ("extreme", extreme.Rules()),
    ("extreme", extreme.Rules(chips=0)),
    ("extreme", extreme.Rules(chips=5)),
    ("master", master.Rules()),
    ("master", master.Rules(target_stars=4, race=False)),
    ("duel", duel.Rules()),
    ("duel", duel.Rules(match_wins=2, adjacency="within_parts")),
    ("yatzy", yatzy.Rules()),
    ("yatzy", yatzy.Rules(forced_order=True)),
    (
        "yatzy",
        yatzy.Rules(yatzy_counts_as_full_house=True, four_of_a_kind_counts_as_two_pairs=True),
    ),
]
"""(game, rules) pairs: the rulebook and house rules of every dice game."""


def players_for(game: str) -> int:
    """A player count the game allows for the playouts (the Duell needs two)."""
    return 2


def playout_states(game: Any, state: Any, rng: random.Random) -> Iterator[Any]:
    """Every state of a random playout from ``state`` (chance sampled), the end included."""
    while True:
        yield state
        who = game.current_player(state)
        if who == TERMINAL:
            return
        if who == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)


def require(module: str) -> Any:
    """``pytest.importorskip(module)``; under ``KNIFFEL_EXTRAS_REQUIRED=1`` a failure instead."""
    if os.environ.get("KNIFFEL_EXTRAS_REQUIRED") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module)
