"""Seeded playouts and the rule variants the adapter tests walk through."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import strategies as st

from kniffel_rules import CHANCE, TERMINAL, classic, duel, extreme, master, yatzy
from kniffel_rules.errors import IllegalActionError

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


HOSTILE_ACTIONS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
    st.floats(),
    st.text(),
    st.text(min_size=1000, max_size=3000),
    st.lists(st.integers(), max_size=3),
)
"""A client's action: any number, a bool, text, a list."""


def check_taken_or_refused(table: Any, action: Any) -> None:
    """``table.step(action)`` plays a legal action number, or refuses briefly and plays nothing.

    ``table`` is a Gymnasium or PettingZoo environment (its ``game_state``
    and ``step``) made to raise on an illegal action.
    """
    start = table.game_state
    refusal: IllegalActionError | None = None
    try:
        table.step(action)
    except IllegalActionError as refused:
        refusal = refused
    if refusal is None:
        assert table.game_state != start  # a legal action number was played
    else:
        assert len(str(refusal)) < 300 and len(refusal.localized("de")) < 300
        assert table.game_state == start  # nothing was played
