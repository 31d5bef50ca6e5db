"""Head-to-head win rates of the bots, with 95% Wilson confidence intervals.

Run: ``python benchmarks/bots.py [--game extreme|duel|master|cards|all] [--games N] [--seed S]
[--budget SECONDS]``, ``python benchmarks/bots.py --game cards-ismcts [--iterations K]
[--games N] [--first I]`` for `CardsISMCTS` against `CardsPlanner` and `CardsGreedy` (not
in ``all``: a few seconds a game; games ``I .. I + N - 1``, so a run can be split), or
``python benchmarks/bots.py --game win [--players 2] [--games N] [--first I]`` for
`WinProbabilityPlayer` against `OptimalSolitaire` opponents in classic (`win_table`;
games ``I .. I + N - 1``, so a long run can be split into parts and summed).

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
import time
from collections.abc import Callable, Sequence
from typing import Any

import kniffel_rules
from kniffel_rules.bots import (
    CardsGreedy,
    CardsISMCTS,
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

# WinProbabilityPlayer and OptimalSolitaire are imported by win_table (numpy).

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

SEARCH_MATCHUPS: dict[str, list[tuple[str, Factory, str, Factory]]] = {
    "cards-ismcts": [
        ("CardsISMCTS", CardsISMCTS, "CardsPlanner", CardsPlanner),
        ("CardsISMCTS", CardsISMCTS, "CardsGreedy", CardsGreedy),
    ],
}
"""The searching bots' matchups (``--game cards-ismcts``), run only when asked for."""


def head_to_head(
    game: str, first: Any, second: Any, games: int, seed: int, budget: float, start_at: int = 0
) -> dict[str, Any]:
    """Play ``first`` against ``second``, seats alternated; the first bot's results.

    Game ``i`` (``start_at <= i < start_at + games``) is seeded with ``seed + i``.
    """
    module = kniffel_rules.get_variant(game)
    wins = losses = ties = played = 0
    totals = [0, 0]
    start = time.process_time()
    for i in range(start_at, start_at + games):
        if time.process_time() - start > budget:
            break
        swap = i % 2 == 1
        policies: Sequence[Any] = (second, first) if swap else (first, second)
        final = kniffel_rules.play(module, policies, seed=seed + i)
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


def win_table(players: int, games: int, seed: int, first: int = 0) -> dict[str, Any]:
    """`WinProbabilityPlayer` against ``players - 1`` `OptimalSolitaire` bots in classic.

    Game ``i`` (``first <= i < first + games``) is seeded with ``seed + i``
    and the player to win sits in seat ``i % players``. A win is a sole
    first place; a tie for first among ``k`` players counts ``1/k`` (the
    rate's numerator), as classic's `winners` shares the win.
    """
    from kniffel_rules import classic
    from kniffel_rules.bots import OptimalSolitaire, WinProbabilityPlayer

    bot = WinProbabilityPlayer()
    other = OptimalSolitaire(progress=False)
    wins = losses = ties = 0
    share = 0.0
    totals = [0, 0]
    start = time.process_time()
    for i in range(first, first + games):
        me = i % players
        policies = [bot if seat == me else other for seat in range(players)]
        final = kniffel_rules.play(classic, policies, seed=seed + i)
        won = classic.winners(final)
        if me not in won:
            losses += 1
        elif len(won) == 1:
            wins += 1
            share += 1.0
        else:
            ties += 1
            share += 1.0 / len(won)
        scores = classic.scores(final)
        totals[0] += scores[me]
        totals[1] += sum(scores) - scores[me]
    cpu = time.process_time() - start
    low, high = wilson(share, games)
    return {
        "players": players,
        "games": games,
        "wins": wins,
        "losses": losses,
        "ties": ties,
        "share": share,
        "rate": share / max(games, 1),
        "low": low,
        "high": high,
        "mean": (totals[0] / max(games, 1), totals[1] / max(games * (players - 1), 1)),
        "cpu_per_game": cpu / max(games, 1),
    }


def _main_win(args: argparse.Namespace) -> None:
    r = win_table(args.players, args.games, args.seed, args.first)
    print(
        f"WinProbabilityPlayer vs {r['players'] - 1} x OptimalSolitaire, classic, games "
        f"{args.first}..{args.first + r['games'] - 1} (seed {args.seed} + i, seat i % "
        f"{r['players']}):"
    )
    print(
        f"W-L-T {r['wins']}-{r['losses']}-{r['ties']}  win share {r['share']:.1f}  "
        f"rate {r['rate']:.4f}  95% Wilson [{r['low']:.4f}, {r['high']:.4f}]  "
        f"fair share {1 / r['players']:.4f}  mean scores {r['mean'][0]:.2f} : "
        f"{r['mean'][1]:.2f}  CPU {r['cpu_per_game']:.3f} s/game",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Run the matchups and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game", choices=[*MATCHUPS, *SEARCH_MATCHUPS, "all", "win"], default="all"
    )
    parser.add_argument("--players", type=int, default=2, help="--game win: table size")
    parser.add_argument(
        "--first", type=int, default=0, help="--game win, cards-ismcts: first game index"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="--game cards-ismcts: the bot's iterations"
    )
    parser.add_argument("--games", type=int, default=2000, help="games per matchup")
    parser.add_argument("--seed", type=int, default=20240)
    parser.add_argument(
        "--budget", type=float, default=900.0, help="CPU seconds per matchup at most"
    )
    args = parser.parse_args(argv)
    if args.game == "win":
        _main_win(args)
        return
    games = list(MATCHUPS) if args.game == "all" else [args.game]
    table = {**MATCHUPS, **SEARCH_MATCHUPS}
    first = args.first if args.game in SEARCH_MATCHUPS else 0
    header = (
        f"{'game':<8} {'bot':<18} {'opponent':<14} {'games':>6} {'W-L-T':>15} "
        f"{'win rate':>9} {'95% Wilson CI':>16} {'mean scores':>15} {'CPU s/game':>10}"
    )
    print(header)
    print("-" * len(header))
    for game in games:
        module = game.split("-")[0]
        for name, make, other_name, make_other in table[game]:
            bot = make()
            if args.iterations is not None and isinstance(bot, CardsISMCTS):
                bot = CardsISMCTS(iterations=args.iterations)
                name = f"{name}({args.iterations})"
            r = head_to_head(module, bot, make_other(), args.games, args.seed, args.budget, first)
            wlt = f"{r['wins']}-{r['losses']}-{r['ties']}"
            ci = f"[{r['low']:.3f}, {r['high']:.3f}]"
            means = f"{r['mean'][0]:.1f} : {r['mean'][1]:.1f}"
            print(
                f"{module:<8} {name:<18} {other_name:<14} {r['games']:>6} {wlt:>15} "
                f"{r['rate']:>9.3f} {ci:>16} {means:>15} {r['cpu_per_game']:>10.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
