"""Head-to-head win rates of the bots, with 95% Wilson confidence intervals.

Run: ``python benchmarks/bots.py [--game extreme|duel|master|cards|all] [--games N] [--seed S]
[--budget SECONDS]``

For each matchup of the chosen game(s) it plays ``N`` two-player games,
game ``i`` seeded with ``S + i`` and the seats alternated (the first bot
sits in seat 0 in even games, in seat 1 in odd ones), and prints the first
bot's wins, losses and ties, its win rate (a tie counts half) with the 95%
Wilson interval, the mean final scores and the CPU time per game. A matchup
stops early when its CPU-time budget is spent; the table then shows how many
games were played. Quote the rates with the number of games: the machine's
speed does not change them, only the budget does.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import kniffel_rules
from kniffel_rules.bots import (
    CardsGreedy,
    CardsPlanner,
    DuelExpectimax,
    DuelGreedy,
    ExtremeExpectimax,
    ExtremeGreedy,
    MasterExpectimax,
    MasterGreedy,
    RandomBot,
)
from kniffel_rules.cli.simulate import wilson

Factory = Callable[[], Any]

MATCHUPS: dict[str, list[tuple[str, Factory, str, Factory]]] = {
    "extreme": [
        ("ExtremeExpectimax", ExtremeExpectimax, "ExtremeGreedy", ExtremeGreedy),
        ("ExtremeGreedy", ExtremeGreedy, "RandomBot", RandomBot),
    ],
    "duel": [
        ("DuelExpectimax", DuelExpectimax, "DuelGreedy", DuelGreedy),
        ("DuelGreedy", DuelGreedy, "RandomBot", RandomBot),
    ],
    "master": [
        ("MasterExpectimax", MasterExpectimax, "MasterGreedy", MasterGreedy),
        ("MasterGreedy", MasterGreedy, "RandomBot", RandomBot),
    ],
    "cards": [
        ("CardsPlanner", CardsPlanner, "CardsGreedy", CardsGreedy),
        ("CardsGreedy", CardsGreedy, "RandomBot", RandomBot),
    ],
}
"""Per game: (name, factory) of the bot measured and of its opponent."""


def head_to_head(
    game: str, first: Any, second: Any, games: int, seed: int, budget: float
) -> dict[str, Any]:
    """Play ``first`` against ``second``, seats alternated; the first bot's results."""
    module = kniffel_rules.get_variant(game)
    wins = losses = ties = played = 0
    totals = [0, 0]
    start = time.process_time()
    for i in range(games):
        if time.process_time() - start > budget:
            break
        swap = i % 2 == 1
        policies: Sequence[Any] = (second, first) if swap else (first, second)
        final = kniffel_rules.play(module, policies, seed=random.Random(seed + i))
        me, other = (1, 0) if swap else (0, 1)
        won = module.winners(final)
        if me in won and other in won:
            ties += 1
        elif me in won:
            wins += 1
        else:
            losses += 1
        scores = module.scores(final)
        totals[0] += scores[me]
        totals[1] += scores[other]
        played += 1
    cpu = time.process_time() - start
    rate = (wins + ties / 2) / played if played else 0.0
    low, high = wilson(wins + ties / 2, played)
    return {
        "games": played,
        "wins": wins,
        "losses": losses,
        "ties": ties,
        "rate": rate,
        "low": low,
        "high": high,
        "mean": (totals[0] / max(played, 1), totals[1] / max(played, 1)),
        "cpu_per_game": cpu / max(played, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Run the matchups and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=[*MATCHUPS, "all"], default="all")
    parser.add_argument("--games", type=int, default=2000, help="games per matchup")
    parser.add_argument("--seed", type=int, default=20240)
    parser.add_argument(
        "--budget", type=float, default=900.0, help="CPU seconds per matchup at most"
    )
    args = parser.parse_args(argv)
    games = list(MATCHUPS) if args.game == "all" else [args.game]
    header = (
        f"{'game':<8} {'bot':<18} {'opponent':<14} {'games':>6} {'W-L-T':>15} "
        f"{'win rate':>9} {'95% Wilson CI':>16} {'mean scores':>15} {'CPU s/game':>10}"
    )
    print(header)
    print("-" * len(header))
    for game in games:
        for name, make, other_name, make_other in MATCHUPS[game]:
            r = head_to_head(game, make(), make_other(), args.games, args.seed, args.budget)
            wlt = f"{r['wins']}-{r['losses']}-{r['ties']}"
            ci = f"[{r['low']:.3f}, {r['high']:.3f}]"
            means = f"{r['mean'][0]:.1f} : {r['mean'][1]:.1f}"
            print(
                f"{game:<8} {name:<18} {other_name:<14} {r['games']:>6} {wlt:>15} "
                f"{r['rate']:>9.3f} {ci:>16} {means:>15} {r['cpu_per_game']:>10.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
