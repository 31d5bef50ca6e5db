"""Random playouts per CPU-second, for every game in the registry.

Run: ``python benchmarks/playout.py [--seconds S] [--players N] [--games classic,duel]``

``--against SRC`` measures, in the same run, the tree whose ``src`` directory
is ``SRC`` (for example an unpacked ``git archive`` of an older commit): the
two alternate game by game, each in its own process, with its own
calibration, and a last column gives the ratio new/old.

Prints, per game: complete random games per CPU-second, actions (chance
included) per CPU-second, and the ratio of the action rate to a calibration
loop (one ``random.Random.randrange`` call) on the same machine. Quote the
ratios: the machines are shared and absolute times are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

import kniffel_rules
from kniffel_rules import CHANCE


def calibrate(seconds: float) -> float:
    """randrange(7776) calls per CPU-second: the machine's unit of speed."""
    rng = random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10_000):
            rng.randrange(7776)
        n += 10_000
    return n / (time.process_time() - start)


def playouts(name: str, seconds: float, players: int) -> tuple[float, float]:
    """(games, actions) per CPU-second of uniformly random play."""
    game = kniffel_rules.get_variant(name)
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(players=players)
        while not game.is_terminal(state):
            if game.current_player(state) == CHANCE:
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = game.apply(state, action)
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def _elsewhere(src: str, name: str, seconds: float, players: int) -> float:
    """Actions per 1,000 calibration calls of ``name`` with the package found in ``src``."""
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(
        [
            sys.executable,
            __file__,
            "--one",
            name,
            "--seconds",
            str(seconds),
            "--players",
            str(players),
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out)["per_calibration"])


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--against", default="", help="the src directory of a tree to compare")
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        unit = calibrate(1.0)
        _, a = playouts(args.one, args.seconds, args.players)
        print(json.dumps({"per_calibration": 1000 * a / unit}))
        return
    names = [n for n in args.games.split(",") if n] or list(kniffel_rules.VARIANTS)
    unit = calibrate(1.0)
    print(f"calibration: {unit:,.0f} randrange calls per CPU-second")
    head = f"{'game':<10} {'games/CPU-s':>12} {'actions/CPU-s':>14} {'actions per 1k calib':>21}"
    print(head + (f" {'other tree':>11} {'new/old':>8}" if args.against else ""))
    for name in names:
        other = _elsewhere(args.against, name, args.seconds, args.players) if args.against else 0
        unit = calibrate(0.5)
        g, a = playouts(name, args.seconds, args.players)
        row = f"{name:<10} {g:>12,.1f} {a:>14,.0f} {1000 * a / unit:>21.1f}"
        if args.against:
            row += f" {other:>11.1f} {1000 * a / unit / other:>8.2f}"
        print(row)


if __name__ == "__main__":
    main()
