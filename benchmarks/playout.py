"""Random playouts per CPU-second, for every game in the registry.

Run: ``python benchmarks/playout.py [--seconds S] [--players N] [--games classic,duel]``

``--against SRC`` (repeatable) measures, in the same run, the tree whose
``src`` directory is ``SRC`` (for example an unpacked ``git archive`` of an
older commit): this tree and each other tree alternate game by game, each
in its own subprocess with ``PYTHONPATH`` at its ``src`` and its own
calibration, for ``--rounds`` rounds; the table gives per game and tree the
median rate and the median, lowest and highest ratio new/old of the rounds.
Every tree plays the same seeded games (``random.Random(1)``).

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
import statistics
import time
from typing import Any

from _trees import in_tree

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


def random_game(game: Any, rng: random.Random, players: int) -> int:
    """Play one uniformly random game of ``game`` (a module of the registry): its actions.

    Chance draws with ``sample_chance``, a player picks uniformly among
    ``legal_actions``; the count includes the chance outcomes.
    """
    state = game.new_game(players=players)
    actions = 0
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        actions += 1
    return actions


def playouts(name: str, seconds: float, players: int) -> tuple[float, float]:
    """(games, actions) per CPU-second of uniformly random play."""
    game = kniffel_rules.get_variant(name)
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += random_game(game, rng, players)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def per_calibration(name: str, seconds: float, players: int, slice_: float = 0.05) -> float:
    """Actions per 1,000 calibration calls, the two timed in alternating slices.

    The machine's speed drifts while a tree runs (other jobs, frequency):
    a calibration taken once before the playouts carries the drift into the
    ratio. Here the playouts (whole games, the same seeded sequence as
    `playouts`) and the calibration loop take turns in slices of about
    ``slice_`` CPU-seconds until the playouts have had ``seconds``, so both
    see the same machine.
    """
    game = kniffel_rules.get_variant(name)
    rng = random.Random(1)
    unit_rng = random.Random(0)
    play_time = unit_time = 0.0
    actions = calls = 0
    while play_time < seconds:
        start = time.process_time()
        while time.process_time() - start < slice_:
            actions += random_game(game, rng, players)
        play_time += time.process_time() - start
        start = time.process_time()
        while time.process_time() - start < slice_:
            for _ in range(1_000):
                unit_rng.randrange(7776)
            calls += 1_000
        unit_time += time.process_time() - start
    return 1000 * (actions / play_time) / (calls / unit_time)


def _elsewhere(src: str, name: str, seconds: float, players: int) -> float | None:
    """Actions per 1,000 calibration calls of ``name`` with the package found in ``src``.

    ``None`` when that tree does not know the game (a game added since).
    """
    found = in_tree(src, __file__, name, "--seconds", str(seconds), "--players", str(players))
    return None if found is None else float(found["per_calibration"])


def _side_by_side(
    names: list[str], trees: list[str], seconds: float, players: int, rounds: int
) -> None:
    """Alternate this tree and ``trees`` in subprocesses, ``rounds`` times, and print the ratios."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(kniffel_rules.__file__)))
    print(f"this tree: {here}; rounds: {rounds}; {seconds} CPU-s per game and tree")
    head = f"{'game':<9} {'other tree':<24} {'other':>7} {'this':>7} {'this/other median':>18}"
    print(head + f" {'lowest':>7} {'highest':>8}")
    for name in names:
        rates: dict[str, list[float]] = {src: [] for src in [here, *trees]}
        missing = [src for src in trees if _elsewhere(src, name, 0.01, players) is None]
        for src in missing:
            print(f"{name:<9} {src[-24:]:<24} (not in that tree)", flush=True)
        trees_with = [src for src in trees if src not in missing]
        for _ in range(rounds):
            for src in [here, *trees_with]:
                rate = _elsewhere(src, name, seconds, players)
                assert rate is not None
                rates[src].append(rate)
        ours = rates[here]
        for src in trees_with:
            ratios = sorted(a / b for a, b in zip(ours, rates[src], strict=True))
            print(
                f"{name:<9} {src[-24:]:<24} {statistics.median(rates[src]):>7.1f}"
                f" {statistics.median(ours):>7.1f} {statistics.median(ratios):>18.2f}"
                f" {ratios[0]:>7.2f} {ratios[-1]:>8.2f}",
                flush=True,
            )


def main() -> None:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument(
        "--against", action="append", default=[], help="the src directory of a tree to compare"
    )
    parser.add_argument("--rounds", type=int, default=1, help="rounds of --against")
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        rate = per_calibration(args.one, args.seconds, args.players)
        print(json.dumps({"per_calibration": rate}))
        return
    names = [n for n in args.games.split(",") if n] or list(kniffel_rules.VARIANTS)
    if args.against:
        _side_by_side(names, args.against, args.seconds, args.players, args.rounds)
        return
    unit = calibrate(1.0)
    print(f"calibration: {unit:,.0f} randrange calls per CPU-second")
    print(f"{'game':<10} {'games/CPU-s':>12} {'actions/CPU-s':>14} {'actions per 1k calib':>21}")
    for name in names:
        unit = calibrate(0.5)
        g, a = playouts(name, args.seconds, args.players)
        print(f"{name:<10} {g:>12,.1f} {a:>14,.0f} {1000 * a / unit:>21.1f}")


if __name__ == "__main__":
    main()
