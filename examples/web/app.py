"""The web app of kniffel-rules: every game in the browser, HTTP and WebSocket on one port.

Starlette serves the client (``static/``), a small JSON API to list the
games, open a table and join one, and one WebSocket per browser tab that
carries the game (``examples/web/README.md`` describes the protocol). The
games themselves are the library's (``tables.py``): this file is the
transport, the seat secrets' check, the bounds on what a client may send,
the bots' and hints' threads and the records' writer.

Run it (``pip install 'kniffel-rules[web]'``, or from a clone
``pip install -e '.[web]'``)::

    python examples/web/app.py --port 8000

then open http://127.0.0.1:8000/. The same app for uvicorn's command line
(options from the environment: ``KNIFFEL_WEB_STORE``, ``KNIFFEL_WEB_SEED``,
``KNIFFEL_WEB_ORIGINS``)::

    uvicorn --app-dir examples/web app:create_app --factory --port 8000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import ipaddress
import itertools
import json
import logging
import os
import random
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from tables import (
    TABLE_ID,
    Refusal,
    Table,
    Word,
    game_list,
    hint,
    lang_of,
    localized,
    never_played,
    say,
    stored_text,
)

from kniffel_rules import AmbiguousActionError, IllegalActionError, KniffelError
from kniffel_rules.lang import LANGS, Lang

__all__ = ["Limits", "WebApp", "client_key", "create_app", "main", "request_lang"]

log = logging.getLogger("kniffel_web")

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"

# WebSocket close codes (4000-4999 are the application's own)
UPDATE: dict[str, Any] = {"type": "update"}
"""The mark of an update in an outbox (made when it is sent)."""

CLOSE_TOO_BIG = 1009
"""A message longer than `Limits.max_message`."""
CLOSE_POLICY = 1008
"""Flooding: too many messages refused for their rate."""
CLOSE_TRY_LATER = 1013
"""Too many connections (in all, or at the table)."""
CLOSE_BAD_SEAT = 4401
"""The ``hello`` named no table, or a token that is no seat's of it."""
CLOSE_TAB = 4409
"""This tab of a seat was closed to make room: the seat's newest tab, or another seat, took it."""
CLOSE_ORIGIN = 4403
"""The handshake came from a page of another site (refused before it is accepted)."""

UNREADABLE: Final = (OSError, ValueError, LookupError, TypeError, RecursionError, KniffelError)
"""What reading a stored table back may raise: the file is then left alone (a nested one too)."""


@dataclass(frozen=True)
class Limits:
    """The app's bounds: what one client or all of them together may use.

    Attributes:
        max_tables: Tables held at once (a finished table nobody watches gives
            way to a new one).
        max_connections: WebSocket connections at once.
        max_connections_per_table: Connections to one table at once (several
            tabs of one seat count each). When the table is full and a seat
            with no connection says ``hello``, the oldest tab of the seat with
            the most tabs is closed for it (``too_many_tabs``, close 4409):
            a seat's extra tabs never keep another seat out; only when every
            connection is a different seat's is the newcomer refused.
        max_connections_per_seat: Connections of one seat at once (its tabs,
            its devices). One more closes the seat's oldest (``too_many_tabs``,
            close 4409): the newest tab is the one the person looks at, and a
            reloaded page whose old socket is not gone yet gets in.
        max_message: The longest message a client may send, in bytes.
        max_body: The longest HTTP request body, in bytes.
        rate: Messages per second a connection may send in the long run.
        burst: Messages a connection may send at once (the bucket's size).
        max_refusals: Messages refused for the rate before the connection is closed.
        hello_within: Seconds a new connection has to say ``hello`` (a seat's
            token) before it is closed: connections that never join a table
            cannot hold the server's places.
        idle_unplayed: Seconds a table nobody has played at (no person's
            decision yet: still waiting for players, or nobody moved) is kept
            once nobody is connected to it; then it is removed, its stored
            file too (also on start, by the file's age).
        idle_abandoned: Seconds a game left unfinished must have had nobody
            connected and no change before it gives way, in memory only (its
            file stays), to a new table when all `max_tables` places are
            taken and no finished table nobody watches is left to give way.
        new_tables_rate: Tables one client address may open per second in the
            long run (an IPv6 address counts by its /64 network).
        new_tables_burst: Tables one client address may open at once.
    """

    max_tables: int = 200
    max_connections: int = 256
    max_connections_per_table: int = 16
    max_connections_per_seat: int = 4
    max_message: int = 4096
    max_body: int = 4096
    rate: float = 10.0
    burst: int = 30
    max_refusals: int = 20
    hello_within: float = 10.0
    idle_unplayed: float = 3600.0
    idle_abandoned: float = 86400.0
    new_tables_rate: float = 1 / 30
    new_tables_burst: int = 10


class Bucket:
    """A token bucket: `take` is true while the client keeps to the rate."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket has filled up again (forgetting it would change nothing)."""
        return self.tokens + (self.clock() - self.last) * self.rate >= self.burst


_OPENED = itertools.count()
"""The order in which connections were opened (the oldest tab of a seat gives way first)."""


class Connection:
    """One browser tab: its socket, its seat once it said hello, and its outbox.

    Messages are queued by `post` and written by one task per connection, in
    order. An ``update`` is queued as a mark (`post_update`) and made from
    the table as it is when its turn to be sent comes: a slow client is
    sent the latest table once, not a backlog of them.
    """

    def __init__(self, websocket: WebSocket, limits: Limits,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.websocket = websocket
        self.table: Table | None = None
        self.seat: int | None = None
        self.lang: Lang = "en"
        self.bucket = Bucket(limits.rate, limits.burst, clock)
        self.refused = 0
        self.hinting = False
        self.outbox: deque[dict[str, Any]] = deque()
        self.wake = asyncio.Event()
        self.close_code: int | None = None
        self.make_update: Callable[[Connection], dict[str, Any]] | None = None
        self.opened = next(_OPENED)

    def post(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for this client."""
        if len(self.outbox) >= 64:  # a client that reads nothing is not kept up
            self.close(CLOSE_POLICY)
            return
        self.outbox.append(message)
        self.wake.set()

    def post_update(self) -> None:
        """Queue the seat's update: made when it is sent, so a waiting one is never stale."""
        if UPDATE not in self.outbox:
            self.post(UPDATE)

    def error(self, code: str, message: str, rule: str = "", **extra: Any) -> None:
        """Queue a refusal: nothing was changed (``step``: the table's, once seated)."""
        if self.table is not None:
            extra.setdefault("step", len(self.table.actions))
        self.post({"type": "error", "code": code, "message": message, "rule": rule, **extra})

    def close(self, code: int) -> None:
        """Close the connection once what is queued has been sent."""
        if self.close_code is None:
            self.close_code = code
        self.wake.set()

    async def write(self) -> None:
        """Send the outbox until the connection is closed."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    message = self.outbox.popleft()
                    if message is UPDATE:
                        if self.make_update is None:
                            continue
                        try:
                            message = self.make_update(self)
                        except Exception:  # a bug of the app must not end the connection
                            log.exception("while making an update")
                            continue
                    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
                    await self.websocket.send_text(text)
                if self.close_code is not None:
                    await self.websocket.close(self.close_code)
                    return


def request_lang(headers: Headers, query: Mapping[str, str]) -> Lang:
    """The language a request asks for before its body or ``hello`` can say it.

    The ``lang`` query parameter (the client adds it to the WebSocket's
    address) when it is a language of the app, else the language of
    ``Accept-Language`` with the highest weight among the app's (``de-AT``
    is German), else English.
    """
    asked = query.get("lang")
    if asked in LANGS:
        return lang_of(asked)
    best: object = "en"
    weight = 0.0
    for part in headers.get("accept-language", "")[:500].split(",")[:20]:
        tag, _, params = part.partition(";")
        primary = tag.strip().lower().split("-")[0]
        quality = 1.0
        params = params.strip().lower()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if primary in LANGS and quality > weight:
            best, weight = primary, quality
    return lang_of(best)


def _host(peer: Request | WebSocket) -> str:
    """The client address of a request or a socket (``""`` when the server was not told one)."""
    return peer.client.host if peer.client is not None else ""


def client_key(host: str) -> str:
    """Whom a limit per client counts: the address, an IPv6 one by its /64 network.

    One subscriber gets a whole /64 of IPv6 addresses; an IPv4 address
    written as IPv6 (``::ffff:1.2.3.4``) is the IPv4 one. Behind a proxy the
    address is the one uvicorn reads from the proxy's ``X-Forwarded-For``
    (``--forwarded-allow-ips``).
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def origin_ok(headers: Headers, allowed: Iterable[str]) -> bool:
    """Whether a request may come from the page that sent it.

    A browser names the page's origin in ``Origin``: it must be this
    server itself (the same host and port as ``Host``) or one of
    ``allowed`` (``--allowed-origin``, e.g. behind a proxy). A request
    without ``Origin`` does not come from a web page (a script, a test) and
    is let through: the seat token still guards every seat.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return bool(urlsplit(origin).netloc) and urlsplit(origin).netloc == headers.get("host")


class WebApp:
    """The app's state: the tables, the connections, the bots' and hints' threads, the store.

    Args:
        store: The directory of the stored tables (``<table>.json``); created if absent.
        seed: Seed chance (every table's dice then follow from it and the table
            id: reproducible, and so predictable; leave ``None`` for real play).
        allowed_origins: Origins besides the server's own whose pages may connect.
        limits: The bounds (`Limits`).
        bot_delay: Seconds a bot waits before each decision (for people to follow).
        clock: The clock of the rate limits (a test's own).
    """

    def __init__(self, store: str | os.PathLike[str], seed: int | None = None,
                 allowed_origins: Sequence[str] = (), limits: Limits | None = None,
                 bot_delay: float = 0.0, clock: Callable[[], float] = time.monotonic,
                 ) -> None:  # fmt: skip
        self.store = Path(store)
        self.seed = seed
        self.allowed = tuple(allowed_origins)
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.watching: dict[str, set[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.saving: dict[str, asyncio.Task[None]] = {}
        self.unsaved: set[str] = set()
        self.active: dict[str, float] = {}
        self.creators: dict[str, Bucket] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.bot_pool = ThreadPoolExecutor(2, thread_name_prefix="kniffel-bot")
        self.hint_pool = ThreadPoolExecutor(1, thread_name_prefix="kniffel-hint")
        self.store_pool = ThreadPoolExecutor(1, thread_name_prefix="kniffel-store")
        self.games = game_list()

    # -- the store -------------------------------------------------------------
    # --8<-- [start:resume]
    def resume(self) -> None:
        """Read back the stored tables, newest first, up to `Limits.max_tables`.

        A file that does not read is logged and left alone. A table nobody
        has played at whose file is older than `Limits.idle_unplayed` is
        removed, file and all: it would only take a place.
        """
        self.store.mkdir(parents=True, exist_ok=True)
        paths = sorted(self.store.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for path in paths:
            if TABLE_ID.fullmatch(path.stem) is None:
                continue
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
                age = max(0.0, time.time() - path.stat().st_mtime)
                if (never_played(doc) and doc.get("table") == path.stem
                        and age > self.limits.idle_unplayed):  # fmt: skip
                    path.unlink()
                    log.info("removed table %s: nobody played at it", path.stem)
                    continue
                if len(self.tables) >= self.limits.max_tables:
                    log.warning("not resuming %s: the table limit is reached", path.name)
                    continue
                table = Table.resume(doc)
            except UNREADABLE as error:
                log.warning("not resuming %s: %s", path.name, error)
                continue
            if table.id != path.stem:  # a copy of another table's file: `_save` writes by id
                log.warning("not resuming %s: it holds table %s", path.name, table.id)
                continue
            self.tables[table.id] = table
            self.active[table.id] = self.clock() - age
            log.info("resumed table %s (%s, step %d)", table.id, table.variant, len(table.actions))
        for table in self.tables.values():
            self.drive(table)
    # --8<-- [end:resume]

    # --8<-- [start:save]
    def save(self, table: Table) -> None:
        """Store the table after a change: by one writer thread, always the latest state.

        ``record_to_json`` replays the game to check it, so a write takes time
        in proportion to the game's length; it is done off the event loop, and
        a change made while a write is under way is written right after it
        (one write then covers every change made meanwhile). `flush` waits
        for the last write (the app's shutdown calls it).
        """
        self.unsaved.add(table.id)
        self.active[table.id] = self.clock()
        if table.id not in self.saving:
            self.saving[table.id] = self._spawn(self._save(table))

    async def _save(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while table.id in self.unsaved:
                self.unsaved.discard(table.id)
                head, record = table.snapshot()
                write = functools.partial(self._write, table.id, head, record)
                await loop.run_in_executor(self.store_pool, write)
        finally:
            del self.saving[table.id]

    def _write(self, table_id: str, head: dict[str, Any], record: Any) -> None:
        path = self.store / f"{table_id}.json"
        temporary = path.with_name(path.name + ".tmp")
        try:  # a new file, then a rename: a stop at any moment leaves a whole document
            temporary.write_text(stored_text(head, record), encoding="utf-8")
            os.replace(temporary, path)
        except Exception:  # a full disk must not stop the game; the next change writes again
            log.exception("could not store table %s", table_id)
    # --8<-- [end:save]

    async def flush(self) -> None:
        """Wait until every table's latest state is written."""
        while pending := list(self.saving.values()):
            await asyncio.gather(*pending, return_exceptions=True)

    async def shutdown(self) -> None:
        """Stop the bots and hints, write what is not written yet, close the threads."""
        for task in [*self.drivers.values(), *self.tasks]:
            if task not in self.saving.values():
                task.cancel()
        await self.flush()
        for pool in (self.bot_pool, self.hint_pool, self.store_pool):
            pool.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- after a change ----------------------------------------------------------
    def changed(self, table: Table) -> None:
        """Store the table, show it to everyone watching, and let a bot move if it is its turn."""
        self.save(table)
        self.broadcast(table)
        self.drive(table)

    def broadcast(self, table: Table) -> None:
        """Send each connection at the table its own update (its seat's view, its language)."""
        for connection in self.watching.get(table.id, ()):
            self.send_update(connection)

    def send_update(self, connection: Connection) -> None:
        """Send ``connection`` its seat's update (made when it is sent: `make_update`)."""
        connection.make_update = self.make_update
        connection.post_update()

    def make_update(self, connection: Connection) -> dict[str, Any]:
        """The update of ``connection``'s seat, in its language, with who is online."""
        table, seat = connection.table, connection.seat
        assert table is not None
        assert seat is not None
        message = table.update(seat, connection.lang)
        online = {c.seat for c in self.watching.get(table.id, ())}
        for i, entry in enumerate(message["seats"]):
            entry["online"] = i in online
        return message

    # --8<-- [start:bots]
    def drive(self, table: Table) -> None:
        """Let the bots move while it is a bot's turn (one task per table)."""
        if table.id not in self.drivers and table.bot_job() is not None:
            self.drivers[table.id] = self._spawn(self._drive(table))

    async def _drive(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (job := table.bot_job()) is not None:
                seat, decide = job
                version = table.version
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                try:  # in a thread: a slow bot stalls no other table
                    action: Any = await loop.run_in_executor(self.bot_pool, decide)
                except Exception:  # a bot's bug must not stop the table
                    log.exception("bot of seat %d at table %s", seat, table.id)
                    action = None
                if table.version != version:  # someone took a decision back meanwhile
                    continue
                if action is None or table.game.why_illegal(table.decide_on(seat), action):
                    action = table.legal(seat)[0]
                table.play(seat, action)
                self.save(table)
                self.broadcast(table)
        finally:
            del self.drivers[table.id]
    # --8<-- [end:bots]

    # -- HTTP ----------------------------------------------------------------------
    async def page(self, request: Request) -> Response:
        """``GET /`` and ``GET /t/{table}``: the client's page."""
        index = STATIC / "index.html"
        if not index.is_file():
            return PlainTextResponse("the client is missing (examples/web/static/index.html)", 404)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    async def list_games(self, request: Request) -> Response:
        """``GET /api/games``: every game the library has, as its ``INFO`` says it."""
        return JSONResponse({"games": self.games})

    async def _body(self, request: Request, lang: Lang) -> tuple[dict[str, Any], Lang]:
        if not origin_ok(request.headers, self.allowed):
            raise Refusal("bad_message", 403, detail=Word("want_origin"))
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise Refusal("bad_message", 415, detail=Word("want_content_type"))
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > self.limits.max_body:
                raise Refusal("too_big", 413, size=self.limits.max_body)
        try:
            message = json.loads(body)
        except (ValueError, RecursionError):
            raise Refusal("bad_message", detail=Word("want_json")) from None
        if not isinstance(message, dict):
            raise Refusal("bad_message", detail=Word("want_object"))
        return message, lang_of(message["lang"]) if "lang" in message else lang

    @staticmethod
    def _refused(error: Exception, lang: Lang) -> Response:
        if isinstance(error, Refusal):
            return JSONResponse({"error": error.code, "message": error.message(lang),
                                 "rule": error.rule}, error.status)  # fmt: skip
        return JSONResponse({"error": type(error).__name__, "message": localized(error, lang),
                             "rule": getattr(error, "rule", "") or ""}, 400)  # fmt: skip

    # --8<-- [start:create]
    async def create_table(self, request: Request) -> Response:
        """``POST /api/tables``: open a table; the answer holds the creator's seat secret."""
        lang = request_lang(request.headers, request.query_params)
        try:
            message, lang = await self._body(request, lang)
            table, token = Table.create(message, self.seed)  # a bad request: 400, whatever else
            self._may_open(_host(request))
            self._make_room()
        except (Refusal, KniffelError) as error:
            return self._refused(error, lang)
        self.tables[table.id] = table
        self.changed(table)
        return JSONResponse(self._seat_answer(table, table.seat_of(token), token), 201)
    # --8<-- [end:create]

    def _may_open(self, host: str) -> None:
        """Charge ``host`` for a table taking a place: a new one, or one read back from its file.

        Raises:
            Refusal: ``too_many_new_tables`` (429): the address's tables are used up for now.
        """
        key = client_key(host)
        bucket = self.creators.get(key)
        if bucket is None:
            if len(self.creators) >= 4096:  # forget the addresses whose buckets are full again
                self.creators = {k: b for k, b in self.creators.items() if not b.full()}
            limits = self.limits
            bucket = Bucket(limits.new_tables_rate, limits.new_tables_burst, self.clock)
            self.creators[key] = bucket
        if not bucket.take():
            raise Refusal("too_many_new_tables", 429)

    def _find(self, table_id: object, host: str) -> Table | None:
        """The table ``table_id``: in memory, or read back from its file once put aside.

        A finished or abandoned table gives way to new ones (`_make_room`)
        but keeps its file; its link and seats work again when asked for,
        taking a place like a new table, and charged like one to the asking
        address ``host`` (`_may_open`): replaying a stored game is work, and
        whoever knows many finished tables' links cannot have them read back
        one after another.

        Raises:
            Refusal: ``too_many_tables`` (503): put aside, and every place is
                taken; ``too_many_new_tables`` (429): ``host`` has opened or
                brought back too many tables lately.
        """
        if not isinstance(table_id, str) or TABLE_ID.fullmatch(table_id) is None:
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        path = self.store / f"{table_id}.json"
        try:
            text = path.read_text(encoding="utf-8")
            self._may_open(host)  # a file to replay: charged (a `Refusal` goes on up)
            table = Table.resume(json.loads(text))
        except FileNotFoundError:
            return None
        except UNREADABLE as error:
            log.warning("not reading back %s: %s", path.name, error)
            return None
        if table.id != table_id:
            return None
        self._make_room()
        self.tables[table.id] = table
        self.active[table.id] = self.clock()
        log.info("read back table %s (%s, step %d)", table.id, table.variant, len(table.actions))
        self.drive(table)
        return table

    def _make_room(self) -> None:
        self.sweep()
        if len(self.tables) < self.limits.max_tables:
            return
        idle = [t for t in self.tables.values()
                if t.over and not self.watching.get(t.id) and t.id not in self.saving]  # fmt: skip
        if not idle:  # then the game left the longest, if nobody was at it for a while
            now, wait = self.clock(), self.limits.idle_abandoned
            idle = sorted(
                (
                    t
                    for t in self.tables.values()
                    if not self.watching.get(t.id)
                    and t.id not in self.saving
                    and t.id not in self.drivers
                    and now - self.active.get(t.id, now) > wait
                ),
                key=lambda t: self.active.get(t.id, now),
            )
        if not idle:
            raise Refusal("too_many_tables", 503)
        del self.tables[idle[0].id]  # its file stays in the store: `_find` reads it back
        self.active.pop(idle[0].id, None)

    def sweep(self) -> None:
        """Remove the tables nobody has played at and nobody was at for `Limits.idle_unplayed`.

        Their stored files go too. A table someone is connected to, or that
        is being written or has a bot thinking, stays (until the next sweep).
        """
        now = self.clock()
        for table in list(self.tables.values()):
            if (
                table.played
                or self.watching.get(table.id)
                or table.id in self.saving
                or table.id in self.drivers
                or now - self.active.get(table.id, now) <= self.limits.idle_unplayed
            ):
                continue
            del self.tables[table.id]
            self.active.pop(table.id, None)
            try:
                (self.store / f"{table.id}.json").unlink(missing_ok=True)
            except OSError:
                log.exception("could not remove table %s", table.id)
            log.info("removed table %s: nobody played at it", table.id)

    @staticmethod
    def _seat_answer(table: Table, seat: int | None, token: str) -> dict[str, Any]:
        return {"table": table.id, "seat": seat, "token": token, "link": f"/t/{table.id}",
                "seat_link": f"/t/{table.id}#token={token}"}  # fmt: skip

    async def join_table(self, request: Request) -> Response:
        """``POST /api/tables/{table}/join``: take the lowest open seat."""
        lang = request_lang(request.headers, request.query_params)
        try:
            message, lang = await self._body(request, lang)
            table = self._find(request.path_params["table"], _host(request))
            if table is None:
                raise Refusal("unknown_table", 404)
            seat, token = table.join(message.get("name"))
        except (Refusal, KniffelError) as error:
            return self._refused(error, lang)
        self.changed(table)
        return JSONResponse(self._seat_answer(table, seat, token))

    # -- WebSocket -------------------------------------------------------------------
    async def socket(self, websocket: WebSocket) -> None:
        """``/ws``: one tab's game, from its ``hello`` until it goes."""
        if not origin_ok(websocket.headers, self.allowed):
            await websocket.close(CLOSE_ORIGIN)  # before accepting: the browser gets HTTP 403
            return
        await websocket.accept()
        connection = Connection(websocket, self.limits, self.clock)
        # before hello: the language the client's address (?lang=) or its browser asks for
        connection.lang = request_lang(websocket.headers, websocket.query_params)
        writer = asyncio.get_running_loop().create_task(connection.write())
        try:
            if len(self.connections) >= self.limits.max_connections:
                connection.error("too_many_connections",
                                 say("too_many_connections", connection.lang))  # fmt: skip
                connection.close(CLOSE_TRY_LATER)
                return
            self.connections.add(connection)
            await self._serve(connection)
        finally:
            self._leave(connection)
            connection.close(1000)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _serve(self, connection: Connection) -> None:
        limits = self.limits
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + limits.hello_within  # from the connection, not from each message
        while connection.close_code is None:
            if connection.table is None:  # not yet seated: only so long to say hello
                try:
                    left = hello_by - loop.time()
                    if left <= 0:
                        raise asyncio.TimeoutError
                    event = await asyncio.wait_for(connection.websocket.receive(), left)
                except asyncio.TimeoutError:
                    connection.error("hello_late", say("hello_late", connection.lang))
                    connection.close(CLOSE_POLICY)
                    return
            else:
                event = await connection.websocket.receive()
            if event["type"] == "websocket.disconnect" or connection.close_code is not None:
                return  # closed meanwhile (a seat's tab that gave way): nothing more is read
            raw = event.get("text")
            if raw is None:
                raw = event.get("bytes") or b""
            size = len(raw.encode() if isinstance(raw, str) else raw)
            lang = connection.lang
            if size > limits.max_message:
                connection.error("too_big", say("too_big", lang, size=limits.max_message))
                connection.close(CLOSE_TOO_BIG)
                return
            if not connection.bucket.take():
                connection.refused += 1
                connection.error("too_fast", say("too_fast", lang))
                if connection.refused > limits.max_refusals:
                    connection.close(CLOSE_POLICY)
                    return
                continue
            self.handle(connection, raw)

    # --8<-- [start:handle]
    def handle(self, connection: Connection, raw: str | bytes) -> None:
        """Answer one message; every refusal goes back to ``connection`` only."""
        lang = connection.lang
        try:
            message = self._decode(raw)
            kind = message["type"]
            if kind == "hello":
                self._hello(connection, message)
                return
            table, seat = connection.table, connection.seat
            if table is None or seat is None:
                raise Refusal("hello_first")
            if kind == "action":
                self._act(connection, table, seat, message)
            elif kind == "hint":
                self._hint(connection, table, seat)
            elif kind == "undo":
                table.undo(seat)
                self.changed(table)
                self._tell_undone(table, seat)
            elif kind == "lang":
                connection.lang = lang_of(message.get("lang"))
                self.send_update(connection)
            else:
                raise Refusal("bad_message", detail=Word("want_kind", kind=repr(kind)))
        except Refusal as refusal:
            connection.error(refusal.code, refusal.message(lang), refusal.rule)
        except AmbiguousActionError as error:
            table = connection.table
            legal = table.legal(connection.seat or 0) if table is not None else ()
            candidates = [
                {"id": legal.index(a), "label": table.game.render_action(a, lang=lang)}
                for a in error.candidates
                if table is not None and a in legal
            ]
            connection.error("ambiguous", localized(error, lang), candidates=candidates)
        except KniffelError as error:
            connection.error("illegal", localized(error, lang), getattr(error, "rule", "") or "")
        except Exception:  # a bug of the app must not take the server down
            log.exception("while answering %r", raw[:200])
            connection.error("server_error", say("server_error", lang))
    # --8<-- [end:handle]

    @staticmethod
    def _decode(raw: str | bytes) -> dict[str, Any]:
        if not isinstance(raw, str):
            raise Refusal("bad_message", detail=Word("want_text"))
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):
            raise Refusal("bad_message", detail=Word("want_json")) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise Refusal("bad_message", detail=Word("want_typed_object"))
        return message

    def _hello(self, connection: Connection, message: dict[str, Any]) -> None:
        if connection.table is not None:
            raise Refusal("bad_message", detail=Word("want_one_hello"))
        if "lang" in message:  # else the request's (`request_lang`)
            connection.lang = lang_of(message["lang"])
        lang = connection.lang
        try:
            table = self._find(message.get("table"), _host(connection.websocket))
        except Refusal as refusal:  # put aside, and no place (or no more for this address)
            connection.error(refusal.code, refusal.message(lang))
            connection.close(CLOSE_TRY_LATER)
            return
        seat = table.seat_of(message.get("token")) if table is not None else None
        if table is None or seat is None:
            connection.error("bad_token", say("bad_token", lang))
            connection.close(CLOSE_BAD_SEAT)
            return
        watching = self.watching.setdefault(table.id, set())
        if not self._room_for(watching, seat):
            connection.error("too_many_connections", say("too_many_connections", lang))
            connection.close(CLOSE_TRY_LATER)
            return
        connection.table, connection.seat = table, seat
        watching.add(connection)
        self.broadcast(table)  # the others see this seat online

    def _room_for(self, watching: set[Connection], seat: int) -> bool:
        """Make room at a table for one more connection of ``seat``; whether there is room.

        A seat at its `Limits.max_connections_per_seat`, or at a full table,
        closes its own oldest tab; a seat with none at a full table gets the
        place of the oldest tab of the seat with the most (never its last).
        """
        limits = self.limits
        mine = [c for c in watching if c.seat == seat]
        full = len(watching) >= limits.max_connections_per_table
        if mine and (full or len(mine) >= limits.max_connections_per_seat):
            oldest = min(mine, key=lambda c: c.opened)
            if len(mine) >= limits.max_connections_per_seat:
                why = say("too_many_tabs", oldest.lang, count=limits.max_connections_per_seat)
            else:
                why = say("tab_gives_way", oldest.lang)
            self._give_way(watching, oldest, why)
        elif full:
            counts = Counter(c.seat for c in watching).most_common(1)
            if not counts or counts[0][1] < 2:
                return False  # every connection is another seat's only one
            oldest = min((c for c in watching if c.seat == counts[0][0]), key=lambda c: c.opened)
            self._give_way(watching, oldest, say("tab_gives_way", oldest.lang))
        return len(watching) < limits.max_connections_per_table

    @staticmethod
    def _give_way(watching: set[Connection], connection: Connection, message: str) -> None:
        """Close a seat's tab to make room (it is told why, and reads nothing more)."""
        watching.discard(connection)
        connection.error("too_many_tabs", message)
        connection.close(CLOSE_TAB)

    def _tell_undone(self, table: Table, seat: int) -> None:
        """Tell the other seats' connections that ``seat`` took a decision back (a ``notice``)."""
        name = table.seats[seat].name or "?"
        for connection in self.watching.get(table.id, ()):
            if connection.seat != seat:
                connection.post({"type": "notice", "code": "undone", "seat": seat,
                                 "step": len(table.actions),
                                 "message": say("undone", connection.lang, name=name)})  # fmt: skip

    # --8<-- [start:act]
    def _act(self, connection: Connection, table: Table, seat: int,
             message: dict[str, Any]) -> None:  # fmt: skip
        table.check_turn(seat)  # before reading: a refusal must not show another seat's actions
        step = message.get("step")
        if step is not None and (type(step) is not int or step != len(table.actions)):
            raise Refusal("stale")  # true or 1.0 is no step (True == 1 in Python)
        game, view = table.game, table.decide_on(seat)
        if "id" in message:
            legal = table.legal(seat)
            index = message["id"]
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
                raise Refusal("bad_id", id=str(index)[:20])
            action = legal[index]
        elif isinstance(message.get("text"), str):
            # judged on what this seat may see: the answer (and a refusal's text) can then
            # depend on, or name, no card of the pile or of another hand
            action = game.parse_action(view, message["text"][:200])
        elif "action" in message:
            action = game.action_from_dict(message["action"])
            rejection = game.why_illegal(view, action)
            if rejection is not None:
                raise IllegalActionError(rejection)
        else:
            raise Refusal("bad_message", detail=Word("want_action"))
        table.play(seat, action)
        self.changed(table)
    # --8<-- [end:act]

    def _hint(self, connection: Connection, table: Table, seat: int) -> None:
        if table.to_move() != seat:
            raise Refusal("hint_not_now")
        if connection.hinting:
            raise Refusal("hint_busy")
        connection.hinting = True
        step = len(table.actions)
        work = functools.partial(
            hint, table.variant, table.decide_on(seat), seat, table.legal(seat),
            connection.lang, random.Random(f"{table.seed}/{step}/hint"),
        )  # fmt: skip
        self._spawn(self._answer_hint(connection, work, step))

    async def _answer_hint(self, connection: Connection, work: Callable[[], dict[str, Any]],
                           step: int) -> None:  # fmt: skip
        try:
            answer = await asyncio.get_running_loop().run_in_executor(self.hint_pool, work)
            answer["step"] = step
            connection.post(answer)
        except Exception:
            log.exception("hint")
            connection.error("server_error", say("server_error", connection.lang))
        finally:
            connection.hinting = False

    def _leave(self, connection: Connection) -> None:
        self.connections.discard(connection)
        table = connection.table
        if table is None:
            return
        watching = self.watching.get(table.id, set())
        watching.discard(connection)
        if not watching:
            self.watching.pop(table.id, None)
            if table.id in self.tables:  # the idle time of a table nobody played at starts now
                self.active[table.id] = self.clock()
        self.broadcast(table)  # the others see this seat offline


def create_app(store: str | os.PathLike[str] | None = None, seed: int | None = None,
               allowed_origins: Sequence[str] | None = None, limits: Limits | None = None,
               bot_delay: float = 0.0,
               clock: Callable[[], float] = time.monotonic) -> Starlette:  # fmt: skip
    """The Starlette app (uvicorn's ``--factory`` calls it with no arguments).

    Args:
        store: The directory of the stored tables (default: ``$KNIFFEL_WEB_STORE``
            or ``tables``).
        seed: Seed chance (default: ``$KNIFFEL_WEB_SEED`` or none).
        allowed_origins: Other origins whose pages may connect (default: the
            comma-separated ``$KNIFFEL_WEB_ORIGINS``).
        limits: The bounds (`Limits`).
        bot_delay: Seconds a bot waits before each decision.
        clock: The clock of the rate limits (a test's own).

    Returns:
        The app; ``app.state.web`` is its `WebApp`.
    """
    env = os.environ
    if store is None:
        store = env.get("KNIFFEL_WEB_STORE", "tables")
    if seed is None and env.get("KNIFFEL_WEB_SEED"):
        seed = int(env["KNIFFEL_WEB_SEED"])
    if allowed_origins is None:
        allowed_origins = [o for o in env.get("KNIFFEL_WEB_ORIGINS", "").split(",") if o]
    web = WebApp(store, seed, allowed_origins, limits, bot_delay, clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        web.resume()
        try:
            yield
        finally:  # a clean stop: the last records are written before the process ends
            await web.shutdown()

    routes = [
        Route("/", web.page),
        Route("/t/{table}", web.page),
        Route("/api/games", web.list_games),
        Route("/api/tables", web.create_table, methods=["POST"]),
        Route("/api/tables/{table}/join", web.join_table, methods=["POST"]),
        WebSocketRoute("/ws", web.socket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.web = web
    return app


def main(argv: Sequence[str] | None = None) -> None:
    """Run the app until interrupted (``--help`` lists the options)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free port)")
    parser.add_argument("--store", default="tables", help="the directory of the stored tables")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed chance (reproducible, and predictable, games)")
    parser.add_argument("--allowed-origin", action="append", default=[], metavar="ORIGIN",
                        help="another origin whose pages may connect (e.g. behind a proxy)")
    parser.add_argument("--bot-delay", type=float, default=0.5,
                        help="seconds a bot waits before each decision")  # fmt: skip
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    limits = Limits()
    app = create_app(args.store, args.seed, args.allowed_origin, limits, args.bot_delay)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=limits.max_message,
                limit_concurrency=limits.max_connections + 64)  # fmt: skip


if __name__ == "__main__":
    main()
