"""``kniffel simulate``: many seeded games between bots, in parallel processes if asked."""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import statistics
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from kniffel_rules.cli.players import make_bot
from kniffel_rules.cli.words import say
from kniffel_rules.lang import Lang
from kniffel_rules.playing import Policy, play
from kniffel_rules.variant import get_variant

__all__ = ["print_table", "progress_stream", "run_games", "summarise", "wilson"]

_WORKER_BOTS: dict[tuple[str, tuple[str, ...]], list[Policy]] = {}


def _one(
    job: tuple[str, tuple[str, ...], int, dict[str, Any] | None],
) -> tuple[list[int], list[int]]:
    """Play one game (in a worker or in-process); returns (scores, winners)."""
    game_name, bots, seed, rules_doc = job
    key = (game_name, bots)
    if key not in _WORKER_BOTS:
        _WORKER_BOTS[key] = [make_bot(game_name, b) for b in bots]
    game = get_variant(game_name)
    rules = None if rules_doc is None else game.Rules.from_dict(rules_doc)
    final = play(game, _WORKER_BOTS[key], seed=seed, rules=rules)
    return list(game.scores(final)), list(game.winners(final))


def run_games(game: str, bots: Sequence[str], games: int, seed: int,
              rules_doc: dict[str, Any] | None, workers: int,
              progress: TextIO | None) -> list[tuple[list[int], list[int]]]:  # fmt: skip
    """Play ``games`` games; the per-game seeds come from ``random.Random(seed)``.

    The results do not depend on ``workers``: game ``i`` always gets the
    ``i``-th seed.
    """
    master = random.Random(seed)
    jobs = [(game, tuple(bots), master.getrandbits(64), rules_doc) for _ in range(games)]
    if workers <= 1 or games <= 1:
        return list(_progress((_one(j) for j in jobs), games, progress))
    workers = min(workers, games)
    # workers take chunks as they finish: few messages, and at the end no
    # worker waits longer than one small chunk for the others
    chunksize = max(1, min(64, games // (20 * workers)))
    pool = _pool(workers, game, tuple(bots))
    try:
        results = list(_progress(pool.imap(_one, jobs, chunksize=chunksize), games, progress))
    except BaseException:  # an exception or Ctrl-C: no worker outlives the command
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return results


def _pool(workers: int, game: str, bots: tuple[str, ...]) -> Any:
    """The worker processes; they start with Ctrl-C ignored (the parent ends them)."""
    ctx = multiprocessing.get_context("spawn")
    if threading.current_thread() is not threading.main_thread():
        return ctx.Pool(workers, initializer=_start_worker, initargs=(game, bots))
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited while they import
    try:
        return ctx.Pool(workers, initializer=_start_worker, initargs=(game, bots))
    finally:
        signal.signal(signal.SIGINT, previous)


def _start_worker(game_name: str, bots: tuple[str, ...]) -> None:
    """In each worker: Ctrl-C is the parent's to handle; the bots are built once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_BOTS[game_name, bots] = [make_bot(game_name, b) for b in bots]


def _progress(items: Iterator[Any], total: int, stream: TextIO | None) -> Iterator[Any]:
    for i, item in enumerate(items, 1):
        if stream is not None and (i == total or i % max(1, total // 50) == 0):
            filled = 30 * i // total
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {i}/{total}", end="", file=stream,
                  flush=True)  # fmt: skip
            if i == total:
                print(file=stream)
        yield item


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson 95% interval for a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(labels: Sequence[str], results: list[tuple[list[int], list[int]]]
              ) -> list[dict[str, Any]]:  # fmt: skip
    """Win rates (ties split), Wilson intervals and score statistics per seat."""
    n = len(results)
    rows = []
    for seat, label in enumerate(labels):
        wins = sum(1 / len(w) for _, w in results if seat in w)
        scores = [s[seat] for s, _ in results]
        lo, hi = wilson(wins, n)
        rows.append({
            "seat": seat,
            "bot": label,
            "win_rate": wins / n,
            "win_rate_ci95": [lo, hi],
            "mean": statistics.fmean(scores),
            "stdev": statistics.stdev(scores) if n > 1 else 0.0,
            "min": min(scores),
            "max": max(scores),
        })  # fmt: skip
    return rows


def print_table(game: str, games: int, seed: int, rows: list[dict[str, Any]], out: TextIO,
                *, lang: Lang = "en") -> None:  # fmt: skip
    """The readable table of `summarise`'s rows, its headings in ``lang``."""

    def w(key: str) -> str:
        return say(key, lang)

    print(say("sim_title", lang, game=game, games=games, seed=seed), file=out)
    print(f"{w('sim_seat'):>5}  {w('sim_bot'):<12} {w('sim_win_rate'):>9}  {w('sim_ci'):<15} "
          f"{w('sim_mean'):>7} {w('sim_sd'):>6} {w('sim_min'):>5} {w('sim_max'):>5}",
          file=out)  # fmt: skip
    for r in rows:
        lo, hi = r["win_rate_ci95"]
        print(
            f"{r['seat']:>5}  {r['bot']:<12} {r['win_rate']:>9.1%}  "
            f"{lo:>6.1%}-{hi:<7.1%} {r['mean']:>7.1f} {r['stdev']:>6.1f} "
            f"{r['min']:>5} {r['max']:>5}",
            file=out,
        )


def progress_stream() -> TextIO | None:
    """Standard error when it is a terminal (a progress bar there), else None."""
    return sys.stderr if sys.stderr.isatty() else None
