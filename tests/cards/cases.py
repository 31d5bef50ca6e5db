"""Conformance cases for Kniffel: Das Kartenspiel.

``max_rounds`` is kept small so that random games stay short; the
``endgame`` case starts near the end, so that games also end by a player
placing all their tokens.
"""

from __future__ import annotations

from cards.helpers import late_position
from conformance_cases import Case
from kniffel_rules import Variant, cards

MODULE: Variant = cards  # mypy checks the module against the protocol

CASES: tuple[Case, ...] = (
    Case(
        "cards",
        "two-players",
        lambda: cards.new_game(2, rules=cards.Rules(max_rounds=10)),
        playouts=10,
    ),
    Case(
        "cards",
        "three-players-simpler",
        lambda: cards.new_game(3, rules=cards.Rules(simpler=True, max_rounds=5)),
        playouts=6,
    ),
    Case(
        "cards",
        "four-players-trickier",
        lambda: cards.new_game(4, rules=cards.Rules(trickier=True, max_rounds=6)),
        playouts=6,
    ),
    Case("cards", "endgame", lambda: late_position(0), playouts=8),
)
