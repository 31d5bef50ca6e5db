"""Distinct states reachable by depth, in the manner of chess perft (shared by the perft tests)."""

from __future__ import annotations

from typing import Any

from kniffel_rules import Variant


def perft(game: Variant, start: Any, depth: int) -> list[int]:
    """The number of distinct states exactly ``1..depth`` steps (actions or outcomes) away."""
    level = {start}
    counts = []
    for _ in range(depth):
        level = {game.apply(s, a) for s in level for a in game.legal_actions(s)}
        counts.append(len(level))
    return counts
