"""Score sheets verified per CPU-second, with and without recorded rolls.

Run: ``python benchmarks/verify.py [--seconds S] [--baseline REF]``

Builds sheets from seeded games between greedy players (two players, one
game; classic and Extreme), then verifies them in a loop from parsed dicts
(the JSON text parsing is measured separately). The goals (issue 17): at
least 30,000 two-player roll-less classic sheets per CPU-second, at least
1,000 with rolls. Every row also gives sheets per 1,000 calibration calls
(``random.Random.randrange``, as in ``benchmarks/playout.py``).

``--baseline REF`` measures the library as of a git commit too, in the same
run (``git archive REF src`` into a temporary directory, run in a child
process between rounds of this one), and prints new/old per row: the
machines are shared and absolute rates are noisy, so quote the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from kniffel_rules import classic, extreme, record, verify_sheet
from kniffel_rules.bots import ClassicGreedy, RandomBot

ROWS = (
    ("classic, 2 players, without rolls", "classic", False, 2, False),
    ("classic, 1 player, without rolls", "classic", False, 1, False),
    ("classic, 2 players, from JSON text", "classic", False, 2, True),
    ("classic, 2 players, with rolls", "classic", True, 2, False),
    ("extreme, 2 players, without rolls", "extreme", False, 2, False),
    ("extreme, 2 players, with rolls", "extreme", True, 2, False),
)


def sheets(variant: str, rolls: bool, count: int = 50, players: int = 2) -> list[dict[str, Any]]:
    """``count`` sheets of finished games of ``players`` players."""
    out = []
    for seed in range(count):
        if variant == "classic":
            rec = record("classic", [ClassicGreedy()] * players, seed=seed)
            out.append(classic.write_sheet(rec, rolls=rolls))
        else:
            rec = record("extreme", [RandomBot()] * players, seed=seed)
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


def calibrate(seconds: float) -> float:
    """randrange(7776) calls per CPU-second: the machine's unit of speed."""
    import random

    rng = random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10_000):
            rng.randrange(7776)
        n += 10_000
    return n / (time.process_time() - start)


def measure(seconds: float) -> dict[str, tuple[float, float]]:
    """Per row: (sheets per CPU-second, sheets per 1,000 calibration calls)."""
    out = {}
    for label, variant, rolls, players, text in ROWS:
        docs: list[Any] = sheets(variant, rolls, players=players, count=20 if rolls else 50)
        if text:
            docs = [json.dumps(d) for d in docs]
        unit = calibrate(min(seconds, 0.5))
        r = rate(docs, seconds)
        out[label] = (r, 1000 * r / unit)
    return out


def _baseline_tree(ref: str, into: str, repo: str) -> str:
    tar = subprocess.run(
        ["git", "-C", str(repo), "archive", ref, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return os.path.join(into, "src")


def _child(src: str, seconds: float) -> dict[str, tuple[float, float]]:
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run(
        [sys.executable, __file__, "--seconds", str(seconds), "--json"],
        check=True, capture_output=True, text=True, env=env,
    ).stdout  # fmt: skip
    return {k: (v[0], v[1]) for k, v in json.loads(out).items()}


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--baseline", metavar="REF", help="a git commit to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="rounds with --baseline (best kept)")
    parser.add_argument(
        "--repo", default=str(Path(__file__).resolve().parent.parent), help=argparse.SUPPRESS
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.seconds)))
        return
    if not args.baseline:
        now = measure(args.seconds)
        base = now[ROWS[0][0]][0]
        print(f"{'sheets':<36} {'per CPU-s':>10} {'per 1k calib':>13} {'vs first row':>13}")
        for label, (r, c) in now.items():
            print(f"{label:<36} {r:>10,.0f} {c:>13.2f} {r / base:>12.3f}x")
        return
    with tempfile.TemporaryDirectory() as tmp:
        src = _baseline_tree(args.baseline, tmp, args.repo)
        new: dict[str, tuple[float, float]] = {}
        old: dict[str, tuple[float, float]] = {}
        for _ in range(args.rounds):  # interleaved, so that both see the same load
            for best, got in ((new, measure(args.seconds)), (old, _child(src, args.seconds))):
                for k, v in got.items():
                    if k not in best or v[1] > best[k][1]:
                        best[k] = v
    print(f"baseline {args.baseline}; best of {args.rounds} interleaved rounds")
    print(f"{'sheets':<36} {'new/CPU-s':>10} {'old/CPU-s':>10} {'new/1k cal':>11}"
          f" {'old/1k cal':>11} {'new/old':>8}")  # fmt: skip
    for label, (r, c) in new.items():
        ro, co = old[label]
        print(f"{label:<36} {r:>10,.0f} {ro:>10,.0f} {c:>11.2f} {co:>11.2f} {c / co:>7.2f}x")


if __name__ == "__main__":
    main()
