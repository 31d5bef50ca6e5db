"""Cost against input size: sheet checking, series scores and caches stay linear and bounded.

Run: ``python benchmarks/sizes.py [--largest N]`` (N at most 1,000)

For sheets of N players with one and with two games each, and for the
scores of a placement series of N players, prints the CPU time and the
ratios that show the growth: time(2 games) / time(1 game) should stay near
2 at every N (it was ~18x at 10,000 players when placement points were
quadratic), and time(10 N) / time(N) near 10, up to the 1,000 players of
`kniffel_rules.limits.MAX_PLAYERS`. Last, the memory the
sheet-spec cache keeps after reading many distinct ``rules`` documents
(bounded by its LRU size). Quote ratios, not seconds: the machines are shared.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

from kniffel_rules import classic, verify_sheet

_GAME = {
    "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18,
    "three_of_a_kind": 22, "four_of_a_kind": 0, "full_house": 25, "small_straight": 30,
    "large_straight": 40, "kniffel": 50, "chance": 21,
}  # fmt: skip


def sheet(players: int, games: int) -> dict[str, Any]:
    """A roll-less classic sheet of ``players`` players with ``games`` games each."""
    rules = {"games": games, "ranking": "placement"} if games > 1 else {}
    return {
        "variant": "classic",
        "rules": rules,
        "players": [
            {"name": f"P{i}", "games": [dict(_GAME, chance=5 + (i + g) % 26) for g in range(games)]}
            for i in range(players)
        ],
    }


def cpu(fn: Any) -> float:
    """CPU seconds of one call."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def series_state(players: int, games: int) -> classic.State:
    """A placement series of ``players`` players with ``games`` finished games."""
    rules = classic.Rules(games=games + 1, ranking="placement")
    state = classic.new_game(players, rules=rules, first_player=0)
    results = tuple(tuple((i * 7 + g) % 300 for i in range(players)) for g in range(games))
    return classic.State(
        rules, state.names, state.sheets, state.phase, game=games, results=results
    )


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--largest", type=int, default=1_000)
    args = parser.parse_args()
    sizes = [n for n in (10, 100, 1_000) if n <= args.largest]
    print(f"{'players':>8} {'1 game (s)':>11} {'2 games (s)':>12} {'2/1':>6} {'vs previous N':>14}")
    last = None
    for n in sizes:
        one = cpu(lambda n=n: verify_sheet(sheet(n, 1)))
        two = cpu(lambda n=n: verify_sheet(sheet(n, 2)))
        growth = f"{two / last:>13.1f}x" if last else f"{'':>14}"
        print(f"{n:>8} {one:>11.3f} {two:>12.3f} {two / one:>6.2f} {growth}")
        last = two
    print()
    print(f"{'players':>8} {'scores of a 10-game placement series (s)':>42} {'vs previous N':>14}")
    last = None
    for n in sizes:
        state = series_state(n, 10)
        t = cpu(lambda state=state: classic.scores(state))
        growth = f"{t / last:>13.1f}x" if last else ""
        print(f"{n:>8} {t:>42.4f} {growth}")
        last = t or 1e-9
    print()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(2_000):
        verify_sheet({"variant": "classic", "rules": {"upper_bonus": i}, "players": [
            {"name": "Ann", "games": [{"ones": 3}]}]})  # fmt: skip
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print(f"memory kept after 2,000 distinct rules documents: {kept / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
