"""Many seeded games between bots: `simulate`, on one core, a process pool or a cluster.

Game ``i`` of a simulation depends only on ``(seed, i)``: its seed is
`game_seed` ``(seed, i)``, and from that seed come two kinds of
generators (`game_generators`): one for chance (every roll, draw and
roll-off) and one per seat for that seat's policy. So any split of the work
-- one process, a `concurrent.futures.ProcessPoolExecutor`, a Dask
cluster, or shards run by hand with ``first=`` and joined with
`Simulation.merge` -- gives the same games, and a policy's own random draws
never change the dice of a game (common random numbers: the same seed gives
every bot the same dice, as long as its choices do not change which chance
events happen).

This module sits above the games, like the bots: it imports a game only
through the registry (`kniffel_rules.get_variant`) and the bots only when
a player is given by name.

Examples:
    >>> from kniffel_rules import simulate
    >>> sim = simulate("classic", ["greedy", "random"], games=20, seed=1)
    >>> len(sim.games), sim.games[0].index
    (20, 0)
    >>> [row.bot for row in sim.summary()]
    ['greedy (1)', 'random (2)']
    >>> part = simulate("classic", ["greedy", "random"], games=5, seed=1, first=15)
    >>> part.games == sim.games[15:]
    True
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import statistics
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor, as_completed
from typing import Any, Final, TextIO

import attrs

from kniffel_rules import _json
from kniffel_rules._fields import check_int
from kniffel_rules._text import brief
from kniffel_rules.errors import IllegalActionError, InvalidStateError, KniffelError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS
from kniffel_rules.playing import Policy, game_generators, play, variant_name
from kniffel_rules.variant import VARIANTS, Variant, get_variant

__all__ = [
    "MAX_FIRST",
    "MAX_GAMES",
    "MAX_SEED",
    "GameResult",
    "SeatSummary",
    "Simulation",
    "game_generators",
    "game_seed",
    "simulate",
    "wilson",
]

FORMAT = "kniffel-simulation"
"""The ``format`` tag of a simulation's JSON document."""

MAX_GAMES = 10_000_000
"""The most games of one `simulate` call or one `Simulation` (run more as shards)."""

MAX_FIRST = 2**62
"""The largest index of a first game (``first``)."""

MAX_SEED = 2**64 - 1
"""The largest seed; seeds are integers ``0 .. MAX_SEED``."""

MAX_CHUNK = 10_000
"""The most games sent to a worker in one piece."""

_MAX_SCORE = 10**9  # a bound on a score read from a document (no game comes near it)

PlayerSpec = str | Policy
"""A player of `simulate`: a bot's name (``"greedy"``) or a policy."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with seed ``seed``.

    The first 8 bytes (big-endian) of the SHA-256 digest of the text
    ``"kniffel-rules simulate {seed} {index}"``: the same on every machine
    and Python version, whatever the split of the work.

    Args:
        seed: The simulation's seed, ``0 .. MAX_SEED``.
        index: The game's index (``0`` is the first game of the run).

    Returns:
        An integer ``0 .. 2**64 - 1``.

    Raises:
        InvalidStateError: ``seed`` is not an integer ``0 .. MAX_SEED`` or
            ``index`` not an integer >= 0 (naming it).
    """
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(index, "index", 0)
    text = f"kniffel-rules simulate {seed} {index}".encode("ascii")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval for a proportion ``wins / n``.

    Args:
        wins: The successes (a tie counts as a share).
        n: The trials; ``0`` gives ``(0.0, 1.0)``.

    Returns:
        ``(low, high)`` within ``0 .. 1``, with ``low <= wins / n <= high``.

    Raises:
        InvalidStateError: ``n`` is not an integer >= 0, or ``wins`` not a
            number ``0..n`` (naming it).
    """
    check_int(n, "n", 0)
    if isinstance(wins, bool) or not isinstance(wins, (int, float)) or not 0 <= wins <= n:
        raise InvalidStateError("wins", f"expected a number 0..{n}, got {brief(wins)}")
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # the interval holds p itself (rounding put 1.0 just above the top for wins == n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@attrs.frozen(slots=True)
class GameResult:
    """One game of a simulation.

    Attributes:
        index: The game's index in the whole run (``first`` + its position).
        seed: Its seed, `game_seed` ``(simulation seed, index)``.
        scores: The final score of each seat.
        winners: The winning seats (more than one on a tie).
        seats: The label of each seat (``"greedy (1)"``), as in the summary.
    """

    index: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seats: tuple[str, ...]


@attrs.frozen(slots=True)
class SeatSummary:
    """The statistics of one seat over a simulation (a row of ``kniffel simulate``'s table).

    Attributes:
        seat: The seat (0 first).
        bot: Its label (``"greedy (1)"``).
        win_rate: Its share of the wins; a tie of ``k`` winners gives each ``1/k``.
        win_rate_ci95: The Wilson 95% interval of ``win_rate``.
        mean: The mean score.
        stdev: The sample standard deviation of the scores (0 for one game).
        min: The lowest score.
        max: The highest score.
    """

    seat: int
    bot: str
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean: float
    stdev: float
    min: int
    max: int

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready dict (the keys of ``kniffel simulate --json``'s ``players``)."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_rate_ci95),
            "mean": self.mean,
            "stdev": self.stdev,
            "min": self.min,
            "max": self.max,
        }


def _summarise(labels: Sequence[str], games: Sequence[GameResult]) -> tuple[SeatSummary, ...]:
    n = len(games)
    rows = []
    for seat, label in enumerate(labels):
        wins = sum(1 / len(g.winners) for g in games if seat in g.winners)
        scores = [g.scores[seat] for g in games]
        rows.append(
            SeatSummary(
                seat=seat,
                bot=label,
                win_rate=wins / n,
                win_rate_ci95=wilson(wins, n),
                mean=statistics.fmean(scores),
                stdev=statistics.stdev(scores) if n > 1 else 0.0,
                min=min(scores),
                max=max(scores),
            )
        )
    return tuple(rows)


def _labels(players: Sequence[str]) -> tuple[str, ...]:
    return tuple(f"{name} ({k + 1})" for k, name in enumerate(players))


@attrs.frozen(slots=True)
class Simulation:
    """The games of a `simulate` run (or of shards merged), in order.

    Attributes:
        game: The game's registry name (``"classic"``).
        rules: The game's ``Rules`` played.
        seed: The simulation's seed.
        first: The index of the first game (``simulate(first=...)``).
        players: The name of each seat's player: a bot's name, or a policy's
            ``__name__`` (its type's name when it has none).
        games: One `GameResult` per game, indices ``first, first + 1, ...``.
    """

    game: str
    rules: Any
    seed: int
    first: int
    players: tuple[str, ...]
    games: tuple[GameResult, ...]

    @property
    def seats(self) -> tuple[str, ...]:
        """The label of each seat: ``"greedy (1)"``, ``"random (2)"``."""
        return _labels(self.players)

    def summary(self) -> tuple[SeatSummary, ...]:
        """Win rates with Wilson 95% intervals and score statistics, one row per seat.

        Returns:
            One `SeatSummary` per seat, in seat order.
        """
        return _summarise(self.seats, self.games)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready document (see `to_json`)."""
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first": self.first,
            "games": len(self.games),
            "seats": list(self.players),
            "scores": [list(g.scores) for g in self.games],
            "winners": [list(g.winners) for g in self.games],
            "players": [row.to_dict() for row in self.summary()],
        }

    def to_json(self) -> str:
        """The simulation as one line of JSON, for `from_json`.

        The document holds the run (``game``, ``rules``, ``seed``, ``first``,
        the number of ``games``, the ``seats``' player names), each game's
        ``scores`` and ``winners`` (its index and seed follow from the run),
        and the summary under ``players`` (the rows of `summary`, as
        ``kniffel simulate --json`` always printed them). A document is at
        most `kniffel_rules.limits.MAX_DOCUMENT_LENGTH` characters to be read
        back: write very long runs as shards.
        """
        return _json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Simulation:
        """Read a document written by `to_json`.

        Args:
            text: The JSON text.

        Returns:
            The simulation.

        Raises:
            InvalidStateError: Not such a document; the message names the
                field path (``scores[3][1]``), a summary that does not
                match the games included.
        """
        doc = _json.read_document(
            text,
            FORMAT,
            1,
            required=("format", "version", "game", "rules", "seed", "first", "games", "seats",
                      "scores", "winners", "players"),
        )  # fmt: skip
        name = _json.get_str(doc, "game", "", VARIANTS)
        variant = get_variant(name)
        rules = variant.Rules.from_dict(doc["rules"], "rules")
        seed = _json.get_int(doc, "seed", "", 0, MAX_SEED)
        first = _json.get_int(doc, "first", "", 0, MAX_FIRST)
        count = _json.get_int(doc, "games", "", 1, MAX_GAMES)
        players = _json.get_list(doc, "seats", "", _player_name, max_length=MAX_PLAYERS)
        if not players:
            raise InvalidStateError("seats", "at least one player")
        try:
            variant.new_game(players=len(players), rules=rules)
        except KniffelError as exc:
            raise InvalidStateError("seats", f"{len(players)} players: {exc}") from None
        n = len(players)
        scores = _json.get_list(
            doc, "scores", "", lambda v, p: _json.check_list(
                v, p, lambda s, q: _json.check_int(s, q, -_MAX_SCORE, _MAX_SCORE), length=n
            ), length=count,
        )  # fmt: skip
        winners = _json.get_list(doc, "winners", "", lambda v, p: _winners(v, p, n), length=count)
        labels = _labels(players)
        games = tuple(
            GameResult(first + j, game_seed(seed, first + j), s, w, labels)
            for j, (s, w) in enumerate(zip(scores, winners, strict=True))
        )
        sim = cls(name, rules, seed, first, players, games)
        _check_summary(doc["players"], sim.summary())
        return sim

    @classmethod
    def merge(cls, shards: Iterable[Simulation]) -> Simulation:
        """Join shards of one run (``simulate(..., first=F)``) into one simulation.

        The shards may come in any order; together they must cover a
        contiguous range of games exactly once.

        Args:
            shards: Simulations of the same game, rules, seed and players.

        Returns:
            The simulation of all their games, equal to one run of them all.

        Raises:
            InvalidStateError: No shard, something that is not a
                `Simulation`, shards of different runs, or a gap or an
                overlap between them (the path names the shard).
        """
        if isinstance(shards, (str, bytes)) or not isinstance(shards, Iterable):
            raise InvalidStateError("shards", f"expected simulations, got {brief(shards)}")
        parts: list[Simulation] = []
        for i, shard in enumerate(shards):
            if not isinstance(shard, Simulation):
                raise InvalidStateError(f"shards[{i}]", f"not a Simulation: {brief(shard)}")
            parts.append(shard)
        if not parts:
            raise InvalidStateError("shards", "at least one simulation to merge")
        base = parts[0]
        for i, shard in enumerate(parts):
            for field in ("game", "rules", "seed", "players"):
                if getattr(shard, field) != getattr(base, field):
                    raise InvalidStateError(
                        f"shards[{i}].{field}",
                        f"{brief(getattr(shard, field))} differs from shards[0]'s "
                        f"{brief(getattr(base, field))}: not a shard of the same run",
                    )
        order = sorted(range(len(parts)), key=lambda i: parts[i].first)
        games: list[GameResult] = []
        end = parts[order[0]].first
        for i in order:
            shard = parts[i]
            if shard.first != end:
                what = "overlap" if shard.first < end else "a gap"
                raise InvalidStateError(
                    f"shards[{i}].first",
                    f"{what}: its games start at {shard.first}, the shards before end at {end}",
                )
            games.extend(shard.games)
            end = shard.first + len(shard.games)
        if len(games) > MAX_GAMES:
            raise InvalidStateError("shards", f"more than {MAX_GAMES} games together")
        return cls(base.game, base.rules, base.seed, parts[order[0]].first, base.players,
                   tuple(games))  # fmt: skip


def _player_name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME_LENGTH:
        raise InvalidStateError(
            path, f"a player's name is a string of 1 to {MAX_NAME_LENGTH} characters"
        )
    return value


def _winners(value: Any, path: str, seats: int) -> tuple[int, ...]:
    won = _json.check_list(value, path, lambda s, q: _json.check_int(s, q, 0, seats - 1),
                           max_length=seats)  # fmt: skip
    if not won:
        raise InvalidStateError(path, "a game has at least one winner")
    if list(won) != sorted(set(won)):
        raise InvalidStateError(path, "the winning seats are listed once each, in order")
    return won


def _check_summary(value: Any, rows: tuple[SeatSummary, ...]) -> None:
    got = _json.check_list(value, "players", lambda v, p: v, length=len(rows))
    for i, (item, row) in enumerate(zip(got, rows, strict=True)):
        path = f"players[{i}]"
        expected = row.to_dict()
        _json.get_object(item, path, required=tuple(expected))
        for key, want in expected.items():
            have = item[key]
            same = (
                _close(have, want)
                if isinstance(want, (float, list))
                else type(have) is type(want) and have == want
            )
            if not same:
                raise InvalidStateError(
                    f"{path}.{key}", f"{brief(have)} does not match the games ({brief(want)})"
                )


def _close(have: Any, want: Any) -> bool:
    if isinstance(want, list):
        return isinstance(have, list) and len(have) == len(want) and all(
            _close(h, w) for h, w in zip(have, want, strict=True)
        )  # fmt: skip
    if isinstance(have, bool) or not isinstance(have, (int, float)):
        return False
    return math.isclose(have, want, rel_tol=1e-9, abs_tol=1e-12)


# -- running ----------------------------------------------------------------------------------

_Job = tuple[str, tuple[PlayerSpec, ...], Any, int, int, int, Lang]
"""One chunk: (game, players, rules, seed, start, stop, lang)."""

_BOTS: OrderedDict[tuple[Any, ...], Policy] = OrderedDict()
"""The bots built in this process, by (game, name, rules, seat, thread): warm across chunks."""
_MOST_BOTS: Final = 64
"""The bots kept at once (a solved bot of house rules holds tens of MB): the least recently
used gives way, so a long-lived worker that runs many rule sets does not grow without end."""
_BOTS_LOCK: Final = threading.Lock()


def _bot_factories(game: str) -> dict[str, Callable[[], Policy]]:
    from kniffel_rules.bots import BOTS, RandomBot  # imports every game: only when asked

    return {"random": RandomBot, **BOTS.get(game, {})}


def _policy(game: str, spec: PlayerSpec, rules: Any, seat: int, lang: Lang) -> Policy:
    if not isinstance(spec, str):
        return spec
    key = (game, spec, _json.dumps(rules.to_dict()), seat, threading.get_ident())
    with _BOTS_LOCK:
        bot = _BOTS.get(key)
        if bot is not None:
            _BOTS.move_to_end(key)
            return bot
    from kniffel_rules.bots import make_bot  # imports every game: only when asked

    bot = make_bot(game, spec, rules, lang=lang)  # outside the lock: a solver may take long
    with _BOTS_LOCK:
        _BOTS[key] = bot
        while len(_BOTS) > _MOST_BOTS:
            _BOTS.popitem(last=False)
    return bot


def _play(variant: Variant, policies: Sequence[Policy], rules: Any, seed: int, index: int
          ) -> tuple[tuple[int, ...], tuple[int, ...]]:  # fmt: skip
    try:
        final = play(variant, policies, seed=game_seed(seed, index), rules=rules)  # game_generators
    except IllegalActionError as exc:  # which game: simulate(..., first=index, games=1) replays it
        if sys.version_info >= (3, 11):
            exc.add_note(f"in game {index} of the run with seed {seed} (first={index}, games=1)")
        raise
    return tuple(variant.scores(final)), tuple(variant.winners(final))


def _play_chunk(job: _Job) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Play games ``start .. stop - 1`` (in a worker, or in this process)."""
    name, specs, rules, seed, start, stop, lang = job
    variant = get_variant(name)
    policies = [_policy(name, spec, rules, k, lang) for k, spec in enumerate(specs)]
    return [_play(variant, policies, rules, seed, i) for i in range(start, stop)]


class _Progress:
    """A bar of 30 cells and the count of games, redrawn on one line."""

    def __init__(self, total: int, stream: TextIO | None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.step = max(1, total // 50)
        self.drawn = 0

    def add(self, games: int) -> None:
        self.done += games
        if self.stream is None:
            return
        if self.done == self.total or self.done - self.drawn >= self.step:
            self.drawn = self.done
            filled = 30 * self.done // self.total
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}",
                  end="", file=self.stream, flush=True)  # fmt: skip
            if self.done == self.total:
                print(file=self.stream)


def _width(executor: Executor) -> int:
    """How many games the executor plays at once (a guess when it does not say)."""
    workers = getattr(executor, "_max_workers", None)  # ProcessPoolExecutor, ThreadPoolExecutor
    if isinstance(workers, int) and not isinstance(workers, bool) and workers > 0:
        return workers
    client = getattr(executor, "_client", None)  # a Dask client's executor
    nthreads: Any = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            counts: Any = nthreads()  # {worker address: threads}
            total = sum(int(n) for n in counts.values())
        except Exception:
            total = 0
        if total > 0:
            return total
    return os.cpu_count() or 1


def _count(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(name, f"expected an integer, got {brief(value)}")
    if not lo <= value <= hi:
        raise InvalidStateError(name, f"{brief(value)} is not within {lo} .. {hi}")
    return value


def _players(variant: Variant, name: str, players: Any, rules: Any, remote: bool
             ) -> tuple[tuple[PlayerSpec, ...], tuple[str, ...]]:  # fmt: skip
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidStateError("players", f"expected a list of bot names or policies, got "
                                f"{brief(players)}")  # fmt: skip
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise InvalidStateError(
            "players", f"expected 1 .. {MAX_PLAYERS} players, got {len(players)}"
        )
    specs: list[PlayerSpec] = []
    names: list[str] = []
    for k, spec in enumerate(players):
        if isinstance(spec, str):
            known = _bot_factories(name)
            if spec not in known:
                raise InvalidStateError(
                    f"players[{k}]",
                    f"unknown bot {brief(spec)} for {name}; known bots: {', '.join(known)}",
                )
            names.append(spec)
        elif callable(spec):
            label = getattr(spec, "__name__", None)
            if not isinstance(label, str) or not label:
                label = type(spec).__name__
            names.append(label[:MAX_NAME_LENGTH])
            if remote:
                try:
                    pickle.dumps(spec)
                except Exception as exc:
                    raise InvalidStateError(
                        f"players[{k}]",
                        f"a policy sent to an executor's workers must be picklable "
                        f"(a module-level function or class instance): {exc}",
                    ) from None
        else:
            raise InvalidStateError(
                f"players[{k}]", f"expected a bot's name or a policy, got {brief(spec)}"
            )
        specs.append(spec)
    try:
        variant.new_game(players=len(specs), rules=rules)
    except KniffelError as exc:
        if isinstance(exc, InvalidStateError) and exc.path == "players":
            raise  # the game's own words: how many it needs
        raise InvalidStateError("players", f"{len(specs)} players: {exc}") from None
    return tuple(specs), tuple(names)


def _rules(variant: Variant, rules: Any) -> Any:
    if rules is None:
        return variant.Rules()
    if isinstance(rules, variant.Rules):
        return rules
    if isinstance(rules, dict):
        return variant.Rules.from_dict(rules, "rules")
    raise InvalidStateError("rules", f"expected the game's Rules, a dict of options or None, "
                            f"got {brief(rules)}")  # fmt: skip


def _stream(progress: Any) -> TextIO | None:
    if progress is False:
        return None
    if progress is True:
        return sys.stderr
    if callable(getattr(progress, "write", None)):
        return progress  # type: ignore[no-any-return]
    raise InvalidStateError("progress", f"expected True, False or a text stream, got "
                            f"{brief(progress)}")  # fmt: skip


def simulate(
    game: str | Variant,
    players: Sequence[PlayerSpec],
    *,
    games: int,
    seed: int,
    rules: Any = None,
    executor: Executor | None = None,
    progress: bool | TextIO = False,
    first: int = 0,
    chunksize: int | None = None,
    lang: Lang = "en",
) -> Simulation:
    """Play games ``first .. first + games - 1`` of a seeded run between the ``players``.

    Game ``i`` depends only on ``(seed, i)`` (`game_seed`, `game_generators`):
    the same in this process, in any executor and in any split into shards.

    Args:
        game: The game's name (``"classic"``) or its module.
        players: One per seat: a bot's name as ``kniffel simulate
            --players`` takes it (``"optimal"``, ``"greedy"``, ``"random"``:
            see `kniffel_rules.bots.BOTS`), or a policy (with an
            ``executor`` that runs other processes, a picklable one: a
            module-level function or an instance of a module-level class).
        games: How many games, ``1 .. MAX_GAMES``.
        seed: The run's seed, ``0 .. MAX_SEED``.
        rules: The game's ``Rules`` (or a dict of its options; ``None``: the
            rulebook).
        executor: Where the games are played: ``None`` plays them in this
            process; any `concurrent.futures.Executor` gets them in chunks
            (a `~concurrent.futures.ProcessPoolExecutor`, or a Dask cluster's
            ``distributed.Client(address).get_executor()``, extra ``dask``).
            A bot given by name is built once per worker process and thread,
            not once per game.
        progress: Draw a progress bar on standard error (``True``) or on the
            given text stream.
        first: The index of the first game: ``first=1000, games=1000`` plays
            the second thousand of the run (join shards with `Simulation.merge`).
        chunksize: The games per piece of work sent to the executor
            (default: about a quarter of the games per worker, at most 256).
        lang: The language of what the bots report while they prepare
            (`kniffel_rules.bots.make_bot`: the optimal player's progress).

    Returns:
        The `Simulation`, its ``games`` in order.

    Raises:
        UnknownVariantError: ``game`` is not a game.
        InvalidStateError: A bad argument; the message starts with its name
            (``players[1]: unknown bot 'chess' for classic ...``).
        IllegalActionError: A policy chose an illegal action (its ``seat`` and
            ``record`` say whose and where; on Python 3.11+ a note names the
            game's index in the run).
    """
    if isinstance(game, str):
        variant, name = get_variant(game), game
    else:
        name = variant_name(game)
        if not name:
            raise InvalidStateError("game", f"expected a game's name or module, got {brief(game)}")
        variant = get_variant(name)
    count = _count(games, "games", 1, MAX_GAMES)
    start = _count(first, "first", 0, MAX_FIRST)
    seed = _count(seed, "seed", 0, MAX_SEED)
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidStateError(
            "executor", f"expected a concurrent.futures.Executor or None, got {brief(executor)}"
        )
    if chunksize is not None:
        _count(chunksize, "chunksize", 1, MAX_CHUNK)
    stream = _stream(progress)
    lang = check_lang(lang)
    the_rules = _rules(variant, rules)
    # only plain threads share this process's objects (an interpreter pool pickles too)
    remote = executor is not None and type(executor) is not ThreadPoolExecutor
    specs, names = _players(variant, name, players, the_rules, remote)
    bar = _Progress(count, stream)
    results: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    if executor is None:
        policies = [_policy(name, spec, the_rules, k, lang) for k, spec in enumerate(specs)]
        for i in range(start, start + count):
            results.append(_play(variant, policies, the_rules, seed, i))
            bar.add(1)
    else:
        size = chunksize or max(1, min(256, math.ceil(count / (4 * _width(executor)))))
        jobs: list[_Job] = [
            (name, specs, the_rules, seed, lo, min(lo + size, start + count), lang)
            for lo in range(start, start + count, size)
        ]
        futures: list[Future[Any]] = []
        try:
            futures = [executor.submit(_play_chunk, job) for job in jobs]
            for done in as_completed(futures):
                bar.add(len(done.result()))
            for future in futures:
                results.extend(future.result())
        except BaseException:  # an error or Ctrl-C: no more chunks start
            for future in futures:
                future.cancel()
            raise
    labels = _labels(names)
    played = tuple(
        GameResult(start + j, game_seed(seed, start + j), scores, won, labels)
        for j, (scores, won) in enumerate(results)
    )
    return Simulation(name, the_rules, seed, start, names, played)
