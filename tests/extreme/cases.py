"""Conformance cases for Kniffel Extreme."""

from __future__ import annotations

from conformance_cases import Case
from kniffel_rules import Variant, extreme

MODULE: Variant = extreme  # mypy checks the module against the protocol

CASES: tuple[Case, ...] = (
    Case("extreme", "solitaire", lambda: extreme.new_game(), playouts=8),
    Case("extreme", "three-players-rolloff", lambda: extreme.new_game(players=3), playouts=3),
    Case(
        "extreme",
        "one-chip",
        lambda: extreme.new_game(players=2, rules=extreme.Rules(chips=1), first_player=1),
        playouts=3,
    ),
    Case(
        "extreme",
        "no-chips-no-bonus",
        lambda: extreme.new_game(
            players=2,
            rules=extreme.Rules(chips=0, upper_bonus=0, upper_bonus_threshold=0),
            first_player=0,
        ),
        playouts=2,
    ),
)
