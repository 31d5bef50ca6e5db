"""The adapters' example scripts (examples/openspiel_mcts.py, examples/pettingzoo_random.py) run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from adapters.helpers import require

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def test_openspiel_mcts_example() -> None:
    require("pyspiel")
    out = _run("openspiel_mcts.py", "1")
    assert "game 1: MCTS (seat 0)" in out
    assert out.strip().splitlines()[-1].endswith("of 1 games against the uniform random bot")


def test_pettingzoo_random_example() -> None:
    require("pettingzoo")
    lines = _run("pettingzoo_random.py", "3").strip().splitlines()
    rewards = sorted(line.split()[-1] for line in lines[:-1])
    assert len(rewards) == 3 and set(rewards) <= {"+1", "-1", "+0"}
    assert "moves; tokens on the boards: (" in lines[-1]
