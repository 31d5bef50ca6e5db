"""Games per wall-clock second of `kniffel_rules.simulate`: in process, a pool, a Dask cluster.

Run: ``python benchmarks/simulation.py [--games N] [--game classic]
[--players greedy,greedy] [--repeat R]``

For 1 and 2 workers it times whole `simulate` calls (worker start-up and
the bots' warm-up included, as a user waits for them):

* in this process (``executor=None``; one worker only);
* a `concurrent.futures.ProcessPoolExecutor` (spawned processes);
* a Dask ``LocalCluster`` on 127.0.0.1 with one-thread worker processes,
  through ``Client.get_executor()`` (skipped when dask is not installed:
  ``pip install 'kniffel-rules[dask]'``).

Every run plays the same games (the script checks it) and prints the best of
``--repeat`` runs, the CPU count and the load average: the machine is shared,
so compare the rows of one run, not runs of different days. The default
players are ``greedy,greedy``: the optimal player evaluates a turn with numpy
only in a process that has imported numpy (a Dask worker has, a pool worker
and this script have not), which would compare two different players.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from kniffel_rules import Simulation, simulate


@contextmanager
def pool(workers: int) -> Iterator[Executor]:
    """A local process pool of ``workers`` spawned processes."""
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx) as executor:
        yield executor


@contextmanager
def dask(workers: int) -> Iterator[Executor]:
    """A Dask LocalCluster of ``workers`` one-thread processes, and its client's executor."""
    distributed: Any = importlib.import_module("distributed")  # the dask extra

    with (
        distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                 host="127.0.0.1", dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        yield client.get_executor()


def timed(make: Callable[[], AbstractContextManager[Executor | None]], args: dict[str, Any]
          ) -> tuple[float, float, Simulation]:  # fmt: skip
    """(seconds of the whole run, start and shut-down included; of simulate alone; the games)."""
    start = time.perf_counter()
    with make() as executor:
        ready = time.perf_counter()
        sim = simulate(executor=executor, **args)
        done = time.perf_counter()
    return time.perf_counter() - start, done - ready, sim


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="classic")
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--repeat", type=int, default=2)
    opts = parser.parse_args()
    args: dict[str, Any] = {"game": opts.game, "players": opts.players.split(","),
                            "games": opts.games, "seed": 1}  # fmt: skip
    rows: list[tuple[str, int, Callable[[], AbstractContextManager[Executor | None]]]] = [
        ("in process", 1, lambda: nullcontext(None)),
        ("ProcessPoolExecutor", 1, lambda: pool(1)),
        ("ProcessPoolExecutor", 2, lambda: pool(2)),
    ]
    if importlib.util.find_spec("distributed") is not None:  # not imported here: it imports numpy
        rows += [
            ("Dask LocalCluster", 1, lambda: dask(1)),
            ("Dask LocalCluster", 2, lambda: dask(2)),
        ]
    else:
        print("(dask not installed: no LocalCluster rows)")
    print(f"{opts.games} games of {opts.game}, players {opts.players}; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f} at the start")  # fmt: skip
    print(f"{'executor':<20} {'workers':>7} {'games/s':>8} {'games/s':>12}")
    print(f"{'':<20} {'':>7} {'(all)':>8} {'(simulate)':>12}")
    first: Simulation | None = None
    for label, workers, make in rows:
        best_all, best_run = 0.0, 0.0
        for _ in range(opts.repeat):
            total, run, sim = timed(make, args)
            first = first or sim
            assert sim == first, "every executor plays the same games"
            best_all, best_run = max(best_all, opts.games / total), max(best_run, opts.games / run)
        print(f"{label:<20} {workers:>7} {best_all:>8.0f} {best_run:>12.0f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
