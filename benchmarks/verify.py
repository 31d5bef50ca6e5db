"""Score sheets verified per CPU-second, with and without recorded rolls.

Run: ``python benchmarks/verify.py [--seconds S]``

Builds sheets from seeded games between greedy players (two players, one
game; classic and Extreme), then verifies them in a loop from parsed dicts
(the JSON text parsing is measured separately). The goal for roll-less
classic sheets is at least 20,000 per CPU-second. Quote ratios between
rows: the machines are shared and absolute rates are noisy.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from kniffel_rules import classic, extreme, record, verify_sheet
from kniffel_rules.bots import ClassicGreedy, RandomBot


def sheets(variant: str, rolls: bool, count: int = 50, players: int = 2) -> list[dict[str, Any]]:
    """``count`` sheets of finished games of ``players`` players."""
    out = []
    for seed in range(count):
        if variant == "classic":
            rec = record("classic", [ClassicGreedy()] * players, seed=seed)
            out.append(classic.write_sheet(rec, rolls=rolls))
        else:
            rec = record("extreme", [RandomBot(), RandomBot()], seed=seed)
            out.append(extreme.write_sheet(rec, rolls=rolls))
    return out


def rate(docs: list[Any], seconds: float) -> float:
    """Sheets verified per CPU-second."""
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for doc in docs:
            report = verify_sheet(doc)
            assert report.ok
        n += len(docs)
    return n / (time.process_time() - start)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{'sheets':<34} {'per CPU-second':>15} {'vs classic roll-less':>21}")
    base = None
    solo = rate(sheets("classic", False, players=1), args.seconds)
    for variant in ("classic", "extreme"):
        for rolls in (False, True):
            docs = sheets(variant, rolls)
            r = rate(docs, args.seconds)
            base = base or r
            label = f"{variant}, 2 players, {'with' if rolls else 'without'} rolls"
            print(f"{label:<34} {r:>15,.0f} {r / base:>20.2f}x")
            if variant == "classic" and not rolls:
                label = "classic, 1 player, without rolls"
                print(f"{label:<34} {solo:>15,.0f} {solo / base:>20.2f}x")
                texts = [json.dumps(d) for d in docs]
                t = rate(texts, args.seconds)
                label = "classic, ... from JSON text"
                print(f"{label:<34} {t:>15,.0f} {t / base:>20.2f}x")


if __name__ == "__main__":
    main()
