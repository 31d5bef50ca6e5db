"""Conformance cases for Kniffel: Das Duell.

A random game of the Duell lasts some 550 actions (a classic game about 100),
so the cases are few and the match case is short.
"""

from __future__ import annotations

from conformance_cases import Case
from kniffel_rules import Variant, duel

MODULE: Variant = duel  # mypy checks the module against the protocol

CASES: tuple[Case, ...] = (
    Case("duel", "rolloff", lambda: duel.new_game(), playouts=8),
    Case(
        "duel",
        "match-of-2-within-parts-red-starts",
        lambda: duel.new_game(
            ["Ann", "Ben"], rules=duel.Rules(match_wins=2, adjacency="within_parts"), first_player=1
        ),
        playouts=3,
    ),
)
