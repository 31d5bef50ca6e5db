"""``kniffel simulate``: `kniffel_rules.simulate` in this process, a local pool or on Dask.

``--workers N`` plays in ``N`` local processes (a
`~concurrent.futures.ProcessPoolExecutor`), ``--scheduler ADDRESS`` on a
Dask cluster (the ``dask`` extra); the games are the same either way.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, Executor, ProcessPoolExecutor
from typing import Any, Final, TextIO

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.cli.words import decimal, percent, say
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang
from kniffel_rules.simulation import MAX_FIRST, MAX_GAMES, MAX_SEED, Simulation, simulate, wilson
from kniffel_rules.variant import get_variant

__all__ = ["WorkersLost", "print_table", "progress_stream", "run_games", "wilson"]

MAX_WORKERS = 1024
"""The most local worker processes ``--workers`` starts."""

DASK_HINT = N_(
    "from a checkout of the source: pip install -e '.[dask]'; "
    "the extra comes with a release: pip install 'kniffel-rules[dask]'"
)


class WorkersLost(KniffelError):
    """The workers or the scheduler went away before the games were played (exit status 1)."""


_LOST: Final = (BrokenExecutor, CancelledError, OSError, TimeoutError)
"""How an executor fails when a worker or the scheduler goes away (Dask's ``CancelledError``s,
``CommClosedError`` and timeouts among them)."""


@contextlib.contextmanager
def _workers_lost(option: str, lost: tuple[type[Exception], ...] = ()) -> Iterator[None]:
    """An executor's failure (a worker killed, the scheduler gone) as `WorkersLost`, one line.

    ``lost``: the executor's own errors of that kind besides `_LOST`. A
    game's own error (a `KniffelError`, a bot's bug) is not the executor's
    and passes.
    """
    try:
        yield
    except KniffelError:
        raise
    except Exception as exc:
        if not isinstance(exc, (*_LOST, *lost)):
            raise
        raise WorkersLost(
            Text.of(
                N_("{option}: the workers went away before the games were played ({reason})"),
                option=option,
                reason=type(exc).__name__,  # a name to look up, not the library's English
            )
        ) from None


def _check(value: int, option: str, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise KniffelError(
            Text.of(
                N_("{option} must be within {lo} .. {hi}, not {value}"),
                option=option,
                lo=lo,
                hi=hi,
                value=value,
            )
        )


def run_games(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    rules: Any = None,
    first: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    progress: TextIO | None = None,
    lang: Lang = "en",
) -> Simulation:
    """The games of ``kniffel simulate``: here, in ``workers`` processes, or on a Dask scheduler.

    Args:
        game: The game's name.
        bots: The bots' names, one per seat.
        games: How many games.
        seed: The run's seed.
        rules: The game's ``Rules`` (``None``: the rulebook).
        first: The index of the first game.
        workers: Local processes (1: this process).
        scheduler: A Dask scheduler's address (``tcp://host:8786``) instead.
        progress: Where a progress bar is drawn, or None.
        lang: The language of what the bots report while they prepare.

    Returns:
        The simulation.

    Raises:
        KniffelError: A bad option (named as on the command line), dask
            missing, or the scheduler unreachable.
        WorkersLost: A worker process or the Dask scheduler or worker went
            away during the run (no partial result is returned).
    """
    _check(games, "--games", 1, MAX_GAMES)
    _check(first, "--first", 0, MAX_FIRST)
    _check(seed, "--seed", 0, MAX_SEED)
    _check(workers, "--workers", 1, MAX_WORKERS)
    if scheduler is not None and workers != 1:
        raise KniffelError(Text.of(N_("--workers and --scheduler: give one of them")))
    args: dict[str, Any] = {"games": games, "seed": seed, "rules": rules, "first": first,
                            "progress": False if progress is None else progress,
                            "lang": lang}  # fmt: skip
    if scheduler is not None:
        distributed = _distributed()
        lost = (distributed.KilledWorker, distributed.client.ClosedClientError)
        with _workers_lost("--scheduler", lost), _dask_executor(distributed, scheduler) as executor:
            return simulate(game, list(bots), executor=executor, **args)
    if workers == 1 or games == 1:
        return simulate(game, list(bots), **args)
    with _workers_lost("--workers"), _local_pool(min(workers, games)) as executor:
        return simulate(game, list(bots), executor=executor, **args)


def _distributed() -> Any:
    """Dask's ``distributed`` (the dask extra), or a `KniffelError` that says how to install it."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise KniffelError(
            Text.of(N_("--scheduler needs dask: {hint}"), hint=Text.of(DASK_HINT))
        ) from None


@contextlib.contextmanager
def _dask_executor(distributed: Any, address: str) -> Iterator[Executor]:
    """A Dask client's executor; the client is closed at the end."""
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise KniffelError(
            Text.of(
                N_("--scheduler: cannot reach {address}: {reason}"),
                address=brief(address),
                reason=exc,
            )
        ) from None
    try:
        yield client.get_executor()
    finally:
        client.close()


def _ignore_ctrl_c() -> None:
    """In each worker: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _nothing() -> None:
    """A first task that makes the pool start a worker."""


@contextlib.contextmanager
def _local_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """``workers`` spawned processes that ignore Ctrl-C; none outlives the block."""
    pool = ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_ctrl_c
    )
    try:
        with _ctrl_c_ignored():  # the workers start now, and inherit it while they import
            for _ in range(workers):
                pool.submit(_nothing)
        yield pool
    except BaseException:  # an exception or Ctrl-C: end the workers at once
        _terminate(pool)
        raise
    pool.shutdown(wait=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers without waiting for their games."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # shutdown(wait=False) forgets the pool's manager thread, which still joins the
    # ended workers afterwards: keep it, so nothing is left half-reaped on return
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    # the pool's own thread first drops the cancelled work (before Python 3.12 it
    # fails on a cancelled future when it finds the workers ended first)
    deadline = time.monotonic() + 2.0
    while getattr(pool, "_cancel_pending_futures", False) and time.monotonic() < deadline:
        time.sleep(0.01)
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True)
    if isinstance(manager, threading.Thread):
        manager.join(timeout=10.0)
    for process in processes:
        process.join(timeout=1.0)


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def print_table(sim: Simulation, out: TextIO, *, lang: Lang = "en") -> None:
    """The readable table of ``sim.summary()``, its headings in ``lang``.

    Seats are numbered from 1, as ``play`` and ``show`` number the bots
    (``greedy (2)``); `kniffel_rules.Simulation`'s JSON keeps its 0-based
    ``seat``.
    """

    def w(key: str) -> str:
        return say(key, lang)

    title = get_variant(sim.game).INFO.title(lang)
    key = "sim_title_one" if len(sim.games) == 1 else "sim_title"
    print(say(key, lang, title=title, game=sim.game, games=len(sim.games), seed=sim.seed),
          file=out)  # fmt: skip
    print(f"{w('sim_seat'):>7}  {w('sim_bot'):<12} {w('sim_win_rate'):>9}  {w('sim_ci'):<15} "
          f"{w('sim_mean'):>7} {w('sim_sd'):>6} {w('sim_min'):>5} {w('sim_max'):>5}",
          file=out)  # fmt: skip
    for r in sim.summary():
        lo, hi = r.win_rate_ci95
        print(
            f"{r.seat + 1:>7}  {r.bot:<12} {percent(r.win_rate, 1, lang):>9}  "
            f"{percent(lo, 1, lang):>6}-{percent(hi, 1, lang):<7} "
            f"{decimal(r.mean, 1, lang):>7} {decimal(r.stdev, 1, lang):>6} "
            f"{r.min:>5} {r.max:>5}",
            file=out,
        )


def progress_stream() -> TextIO | None:
    """Standard error when it is a terminal (a progress bar there), else None."""
    return sys.stderr if sys.stderr.isatty() else None
