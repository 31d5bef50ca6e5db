"""The exact optimal classic player, measured side by side with yatzy-solver.

Run: ``python benchmarks/solver.py [--games 100000] [--repeat 1] [--no-peer]``

The player alone (no table builds, no batch simulation), pure Python and
numpy kernel side by side in one run: ``python benchmarks/solver.py --player``

Needs numpy (``pip install 'kniffel-rules[solver]'``); the peer's columns
need ``pip install yatzy-solver`` (a Rust solver of the same game) and are
left out without it. Everything is measured in the same run, so quote the
ratios: the machines are shared and absolute times are noisy.

The goals (issue 8): a table built in no more than 2x yatzy-solver's time;
advice under 1 ms per decision with the table loaded; at least 1,000
optimal solitaire games per CPU-second; the mean of 100,000 simulated
optimal games within 3 standard errors of the exact value.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import kniffel_rules
from kniffel_rules import classic
from kniffel_rules.bots.optimal import OptimalSolitaire, build_table, simulate
from kniffel_rules.bots.optimal._model import _extra_table
from kniffel_rules.bots.optimal._table import shipped_table
from kniffel_rules.classic import Rules

FORCED = "american+forced-joker"
# Our rules and yatzy-solver's variant for the same game.
PAIRS: list[tuple[str, Rules, str]] = [
    ("US, free joker (Verhoeff)", Rules(joker="free", extra_kniffel_bonus=100), "american"),
    ("US, strict (forced joker)", Rules(joker="forced", extra_kniffel_bonus=100), FORCED),
    ("no joker, bonus 100", Rules(joker="none", extra_kniffel_bonus=100), "american+no-joker"),
    ("no joker, no bonus (Glenn)", Rules(joker="none", extra_kniffel_bonus=0), "american+no-bonus"),
]


def timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, wall seconds, CPU seconds of this process, all threads)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def peer() -> Any:
    try:
        return importlib.import_module("yatzy_solver")
    except ImportError:
        return None


def build_times(ys: Any, repeat: int) -> None:
    print("\n== Table build (whole game), same run")
    print(
        f"{'rules':<28} {'ours':>10} {'peer':>10} {'wall s':>14} {'CPU s':>14} "
        f"{'ratio wall':>10} {'ratio CPU':>9}"
    )
    for label, rules, variant in PAIRS:
        ours_wall = ours_cpu = theirs_wall = theirs_cpu = float("inf")
        ours_value = theirs_value = float("nan")

        def ours(r: Rules = rules) -> Any:
            return build_table(r, progress=False)

        def theirs(v: str = variant) -> Any:
            return ys.Solver.build(ys.Variant(v))

        for _ in range(repeat):
            _extra_table.cache_clear()  # every build reads the joker rules afresh
            table, wall, cpu = timed(ours)
            ours_value = table.expected_score
            ours_wall, ours_cpu = min(ours_wall, wall), min(ours_cpu, cpu)
            if ys is not None:
                solver, wall, cpu = timed(theirs)
                theirs_value = solver.state_value("upper 0 | filled -")
                theirs_wall, theirs_cpu = min(theirs_wall, wall), min(theirs_cpu, cpu)
        times = f"{ours_wall:6.2f}/{theirs_wall:<6.2f}"
        cpus = f"{ours_cpu:6.2f}/{theirs_cpu:<6.2f}"
        print(
            f"{label:<28} {ours_value:>10.4f} {theirs_value:>10.4f} {times:>14} {cpus:>14} "
            f"{ours_wall / theirs_wall:>10.2f} {ours_cpu / theirs_cpu:>9.2f}"
        )
    print("(ours/peer; ratio = ours / yatzy-solver; the goal is a wall-time ratio of at most 2)")


def advice_cpu(bot: OptimalSolitaire, games: int) -> list[float]:
    """CPU milliseconds of each `advise` call over the decisions of ``games`` fresh games."""
    times: list[float] = []
    rng = random.Random(1)
    clock = time.process_time
    for _ in range(games):
        state = classic.new_game()
        while not classic.is_terminal(state):
            if classic.current_player(state) == kniffel_rules.CHANCE:
                state = classic.apply(state, classic.sample_chance(state, rng))
                continue
            start = clock()
            advice = bot.advise(state)
            times.append(clock() - start)
            state = classic.apply(state, advice[0].action)
    return sorted(t * 1000 for t in times)


def describe(ms: list[float]) -> str:
    mean = statistics.fmean(ms)
    return (
        f"mean {mean:.3f} ms, median {ms[len(ms) // 2]:.3f} ms, "
        f"p99 {ms[int(len(ms) * 0.99)]:.3f} ms, max {ms[-1]:.3f} ms CPU"
    )


def advice_times(ys: Any, games: int) -> None:
    print("\n== Advice per decision (table loaded; CPU time per call)")
    _, load_wall, _ = timed(lambda: shipped_table("kniffel"))
    ms = advice_cpu(OptimalSolitaire(), games)
    mean = statistics.fmean(ms)
    print(f"ours: table load {load_wall:.2f} s; {len(ms)} decisions in {games} games")
    print(f"  {describe(ms)}  (goal: mean at most 0.1 ms, p99 at most 1 ms)")
    if ys is None:
        return
    solver = ys.Solver.build(ys.Variant("american"))
    logs = solver.simulate(games, seed=1, logs=True)["logs"]
    situations = [line.split(" => ")[0] for log in logs for line in log if " => " in line]
    _, _, cpu = timed(lambda: [solver.option_values(s) for s in situations])
    theirs = 1000 * cpu / len(situations)
    count = len(situations)
    print(f"peer: option_values mean {theirs:.3f} ms CPU per decision ({count} decisions)")
    print(f"ratio ours/peer (mean): {mean / theirs:.2f}")


def policy_rate(bot: OptimalSolitaire, seconds: float) -> float:
    """Optimal solitaire games through `kniffel_rules.play` per CPU-second."""
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        kniffel_rules.play(classic, [bot], seed=count)
        count += 1
    return count / (time.process_time() - start)


def player_only(games: int, seconds: float, rounds: int) -> None:
    """The player with the pure-Python and the numpy turn, alternated in one run."""
    import numpy  # noqa: F401  (the numpy kernel is used once numpy is loaded)

    print("\n== The player: pure-Python turns vs the numpy kernel, same run")
    print("(each round: a fresh player per kernel; the same seeds; decisions identical)")
    rates: dict[bool, list[float]] = {False: [], True: []}
    advice: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(rounds):
        for fast in (False, True):
            bot = OptimalSolitaire(numpy=fast)
            bot.table  # noqa: B018  (loaded before timing)
            rates[fast].append(policy_rate(bot, seconds))
            advice[fast].extend(advice_cpu(OptimalSolitaire(numpy=fast), games))
    for fast in (False, True):
        ms = sorted(advice[fast])
        name = "numpy kernel" if fast else "pure Python "
        rate = statistics.median(rates[fast])
        print(f"{name}: play {rate:,.0f} games/CPU-s (median of {rounds}); advise {describe(ms)}")
    ratio = statistics.median(rates[True]) / statistics.median(rates[False])
    mean = statistics.fmean(advice[False]) / statistics.fmean(advice[True])
    print(f"ratio numpy/pure: play {ratio:.2f}x games/CPU-s, advise mean {mean:.2f}x faster")
    print("(goals: 1,000 games/CPU-s; advise mean at most 0.1 ms, p99 at most 1 ms CPU)")


def games_per_cpu_second(ys: Any, seconds: float) -> None:
    print("\n== Optimal solitaire games per CPU-second")
    table = OptimalSolitaire().table
    _, _, setup = timed(lambda: simulate(512, table=table, seed=0))
    n = 20_000
    _, _, cpu = timed(lambda: simulate(n, table=table, seed=1))
    batch = n / cpu
    print(f"ours, batch simulator (numpy): {batch:,.0f} games/CPU-s")
    print(f"  (its first call, with the setup of the joker tables: {setup:.1f} CPU-s)")
    policy = policy_rate(OptimalSolitaire(), seconds)
    print(f"ours, the policy through kniffel_rules.play: {policy:,.0f} games/CPU-s")
    if ys is not None:
        solver = ys.Solver.build(ys.Variant("american"))
        _, wall, cpu = timed(lambda: solver.simulate(n, seed=1))
        rate = n / cpu
        print(f"peer, simulate(policy=None): {rate:,.0f} games/CPU-s, {n / wall:,.0f} per wall-s")
        print(f"ratio ours/peer: batch {batch / rate:.2f}, policy {policy / rate:.3f}")
    print("(goal: at least 1,000 games per CPU-second)")


def simulated_mean(games: int) -> None:
    print(f"\n== Mean of {games:,} simulated optimal games vs the exact value")
    for label, rules in [("Kniffel (rulebook)", Rules()), PAIRS[0][:2]]:

        def run(r: Rules = rules) -> Any:
            return simulate(games, rules=r, seed=2024)

        sim, _, cpu = timed(run)
        z = (sim.mean - sim.expected) / sim.standard_error
        sd = sim.standard_error * games**0.5
        print(
            f"{label:<26} exact {sim.expected:.4f}, simulated {sim.mean:.4f} "
            f"+- {sim.standard_error:.4f} (z = {z:+.2f}; goal |z| < 3), sd {sd:.2f}, "
            f"{games / cpu:,.0f} games/CPU-s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000, help="games for the simulated mean")
    parser.add_argument("--advice-games", type=int, default=200)
    parser.add_argument("--policy-seconds", type=float, default=5.0)
    parser.add_argument("--repeat", type=int, default=1, help="builds per rule set (best kept)")
    parser.add_argument("--no-peer", action="store_true", help="leave yatzy-solver out")
    parser.add_argument(
        "--player", action="store_true", help="only the player: pure Python vs numpy kernel"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --player")
    args = parser.parse_args()
    if args.player:
        player_only(args.advice_games, args.policy_seconds, args.rounds)
        return
    ys = None if args.no_peer else peer()
    if ys is None:
        print("yatzy-solver not measured (pip install yatzy-solver)")
    else:
        print(f"peer: yatzy-solver {ys.__version__}")
    build_times(ys, args.repeat)
    advice_times(ys, args.advice_games)
    games_per_cpu_second(ys, args.policy_seconds)
    simulated_mean(args.games)


if __name__ == "__main__":
    main()
