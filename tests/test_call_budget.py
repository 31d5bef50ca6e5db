"""A playout step stays cheap in Python calls, in every registered game (issue 27).

Counted, never timed: ``benchmarks/frames.py``'s `count` sees, with
`sys.setprofile`, the Python function calls (frames entered, builtins not
counted) of ``is_terminal``, ``current_player``, ``legal_actions`` or
``sample_chance``, and ``apply`` at each step of seeded random games. The
counts do not depend on the machine's load, only (a little) on the Python
version.

Each game has a budget about twice its count of 2026-12-03 (classic 18 per
decision, 12 per chance step; the same within 2 on Python 3.10, 3.11 and
3.13). A budget is not a goal: it catches a lost cache or a fast path that
stopped being taken, as when a merge moved the box-game kit's ``@lru_cache``
off its ``Score`` actions and Yatzy's decision took 57 calls instead of 13. A
game without a budget here fails, so a new game states its own.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

import kniffel_rules

FRAMES = Path(__file__).resolve().parent.parent / "benchmarks" / "frames.py"

# Python calls per decision and per chance step (the mean over the games counted)
BUDGET: dict[str, tuple[float, float]] = {
    "classic": (35, 25),
    "extreme": (25, 25),
    "master": (50, 25),
    "duel": (30, 25),
    "cards": (80, 50),
    "yatzy": (25, 25),
}


def _frames() -> Any:
    spec = importlib.util.spec_from_file_location("kniffel_frames_benchmark", FRAMES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_registered_game_has_a_budget() -> None:
    assert set(kniffel_rules.VARIANTS) == set(BUDGET)


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_a_playout_step_stays_within_its_call_budget(name: str) -> None:
    found = _frames().count(name, 5, 2)
    most_decision, most_chance = BUDGET[name]
    assert found["decision"] <= most_decision, f"{name}: {found['decision']:.1f} per decision"
    assert found["chance"] <= most_chance, f"{name}: {found['chance']:.1f} per chance step"
