"""Conformance cases for classic Kniffel."""

from __future__ import annotations

from conformance_cases import Case
from kniffel_rules import Variant, classic

MODULE: Variant = classic  # mypy checks the module against the protocol

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
