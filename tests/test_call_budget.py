"""A playout step stays cheap in Python calls, in every registered game (issue 27).

Counted, never timed: `sys.setprofile` sees the Python function calls (frames
entered, builtins not counted) of ``is_terminal``, ``current_player``,
``legal_actions`` or ``sample_chance``, and ``apply`` at each step of a few
seeded random games, as ``benchmarks/frames.py`` does. The counts do not
depend on the machine's load, only (a little) on the Python version.

Each game has a budget about twice its count of 2026-12-03 (classic 17 per
decision, 11 per chance step; the same on Python 3.10, 3.11 and 3.13). A
budget is not a goal: it catches a lost cache or a fast path that stopped
being taken, as when a merge moved the box-game kit's ``@lru_cache`` off its
``Score`` actions and Yatzy's decision took 57 calls instead of 13. A game
without a budget here fails, so a new game states its own.
"""

from __future__ import annotations

import random
import sys
from types import FrameType
from typing import Any

import pytest

import kniffel_rules
from kniffel_rules import CHANCE

# Python calls per decision and per chance step (the mean over the games below)
BUDGET: dict[str, tuple[float, float]] = {
    "classic": (35, 25),
    "extreme": (25, 25),
    "master": (50, 25),
    "duel": (30, 25),
    "cards": (80, 50),
    "yatzy": (25, 25),
}


def _mean_calls(name: str, games: int = 5, players: int = 2) -> tuple[float, float]:
    game: Any = kniffel_rules.get_variant(name)
    calls = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    totals = {"decision": 0, "chance": 0}
    steps = {"decision": 0, "chance": 0}
    for seed in range(-10, games):  # games -10..-1 warm the caches up, not counted
        rng = random.Random(seed)
        state = game.new_game(players=players)
        while not game.is_terminal(state):
            chance = game.current_player(state) == CHANCE
            # the random index is drawn outside the count: it is the loop's, not the game's
            pick = rng.random()
            calls = 0
            sys.setprofile(profile)
            try:
                game.is_terminal(state)
                if game.current_player(state) == CHANCE:
                    action = game.sample_chance(state, rng)
                else:
                    legal = game.legal_actions(state)
                    action = legal[int(pick * len(legal))]
                state = game.apply(state, action)
            finally:
                sys.setprofile(None)
            if seed >= 0:
                kind = "chance" if chance else "decision"
                totals[kind] += calls
                steps[kind] += 1
    return totals["decision"] / steps["decision"], totals["chance"] / steps["chance"]


def test_every_registered_game_has_a_budget() -> None:
    assert set(kniffel_rules.VARIANTS) == set(BUDGET)


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_a_playout_step_stays_within_its_call_budget(name: str) -> None:
    decision, chance = _mean_calls(name)
    most_decision, most_chance = BUDGET[name]
    assert decision <= most_decision, f"{name}: {decision:.1f} calls per decision"
    assert chance <= most_chance, f"{name}: {chance:.1f} calls per chance step"
