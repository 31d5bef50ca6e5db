"""Conformance cases for Scandinavian Yatzy."""

from __future__ import annotations

from conformance_cases import Case
from kniffel_rules import Variant, yatzy

MODULE: Variant = yatzy  # mypy checks the module against the protocol

CASES: tuple[Case, ...] = (
    Case("yatzy", "solitaire", lambda: yatzy.new_game()),
    Case("yatzy", "three-players-rolloff", lambda: yatzy.new_game(players=3)),
    Case(
        "yatzy",
        "every-house-rule",
        lambda: yatzy.new_game(
            players=2,
            rules=yatzy.Rules(
                yatzy_counts_as_full_house=True,
                four_of_a_kind_counts_as_two_pairs=True,
                forced_order=True,
            ),
        ),
    ),
    Case("yatzy", "forced", lambda: yatzy.new_game(rules=yatzy.Rules(forced_order=True))),
)
