"""Conformance cases for Kniffel Master.

A full game of Master is long (a few hundred actions per player), so only
the solitaire case plays to the rulebook's 15 stars; the multi-player cases
play shorter games (``target_stars``) to keep the suite fast.
"""

from __future__ import annotations

from conformance_cases import Case
from kniffel_rules import Variant, master

MODULE: Variant = master  # mypy checks the module against the protocol

CASES: tuple[Case, ...] = (
    Case("master", "solitaire", lambda: master.new_game(), playouts=4),
    Case(
        "master",
        "two-players-rolloff-short",
        lambda: master.new_game(players=2, rules=master.Rules(target_stars=5)),
        playouts=4,
    ),
    Case(
        "master",
        "four-players-short-no-race",
        lambda: master.new_game(players=4, rules=master.Rules(target_stars=2, race=False)),
        playouts=4,
    ),
)
