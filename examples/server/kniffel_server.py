"""A small WebSocket server that hosts every game of kniffel-rules for several clients.

The worked example of ``docs/app.md`` ("Building an app"). It uses only the
library's public boundary, the same way for all five games:

* each client gets, after every change, only its own observation
  (``game.observation`` and ``game.observation_to_dict``), whose turn it is and,
  on its turn, its legal actions as canonical text and as JSON;
* a client sends an action as text (``game.parse_action``: English or German,
  the canonical line or what a player types) or as a JSON object
  (``game.action_from_dict``); a refusal goes back to that client only, with the
  message and the rule's clause id;
* the server samples chance with ``random.Random`` (seeded on request);
* every game is stored as a record (``kniffel_rules.record_to_json``) after each
  action, and the stored tables are resumed on start
  (``kniffel_rules.record_from_json``).

Run it (``pip install 'kniffel-rules[server]'``, or from a clone
``pip install -e '.[server]'``)::

    python examples/server/kniffel_server.py --port 8765 --store tables

The messages are described in ``examples/server/README.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import kniffel_rules
from kniffel_rules import (
    CHANCE,
    ActionParseError,
    AmbiguousActionError,
    GameRecord,
    IllegalActionError,
    InvalidStateError,
    KniffelError,
    Variant,
    get_variant,
)
from kniffel_rules.limits import MAX_NAME_LENGTH

__all__ = ["Client", "KniffelServer", "ProtocolError", "Table", "main"]

log = logging.getLogger("kniffel_server")

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table id may be: it names the table's record file."""

MAX_MESSAGE = 64 * 1024
"""The largest message a client may send, in bytes (websockets' ``max_size``)."""


class ProtocolError(InvalidStateError):
    """A message that breaks the server's protocol (not JSON, an unknown type, a bad field)."""


# --8<-- [start:store]
def record_text(record: GameRecord) -> str:
    """The stored form of a table's game: the library's record document."""
    return kniffel_rules.record_to_json(record)


def read_record(text: str) -> GameRecord:
    """A stored game read back; the library replays and so checks every action."""
    return kniffel_rules.record_from_json(text)
# --8<-- [end:store]


class Client:
    """One connection: its outbox and, once joined, its table and seat.

    Messages are queued by `post` (synchronously, so that what a client is sent
    is exactly the table as it was when the message was made, in order) and
    written by one task per connection.
    """

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None

    def post(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for this client."""
        self.outbox.put_nowait(json.dumps(message, ensure_ascii=False, separators=(",", ":")))


class Table:
    """One game: its seats, the clients sitting at them, and the game so far.

    A table is created by its first ``join``; the game starts when every seat
    has a name (``new_game(names, rules)``). Until then nothing is stored.
    """

    def __init__(
        self, table_id: str, variant: str, players: int, rules: Any, seed: int | None
    ) -> None:
        self.id = table_id
        self.variant = variant
        self.game: Variant = get_variant(variant)
        self.rules = rules
        self.names: list[str | None] = [None] * players
        self.clients: dict[int, Client] = {}
        self.seed = seed
        self.rng = random.Random(seed)
        self.initial: Any = None
        self.actions: list[Any] = []
        self.state: Any = None
        self.last: dict[str, Any] | None = None
        self.unsaved = False
        self.saving: asyncio.Task[None] | None = None

    @classmethod
    def resume(cls, table_id: str, record: GameRecord, seed: int | None) -> Table:
        """The table of a stored game, at the state its record ends in."""
        state = record.final
        table = cls(table_id, record.variant, len(state.names), state.rules, seed)
        table.names = list(state.names)
        table.initial = record.initial
        table.actions = list(record.actions)
        table.state = state
        return table

    @property
    def started(self) -> bool:
        """Whether the game has begun (every seat has a name)."""
        return self.state is not None

    @property
    def step(self) -> int:
        """How many actions and chance outcomes the game has had."""
        return len(self.actions)

    def record(self) -> GameRecord:
        """The game so far as a `GameRecord` (``final``: the current state)."""
        return GameRecord(self.initial, tuple(self.actions), self.state, variant=self.variant)

    # --8<-- [start:chance]
    def _chance_rng(self) -> random.Random:
        if self.seed is None:
            return self.rng
        # One generator per step: the game depends on the seed and the players' choices only,
        # restarts of the server included.
        return random.Random(f"{self.seed}/{self.id}/{self.step}")

    def _chance(self) -> None:
        game = self.game
        while not game.is_terminal(self.state) and game.current_player(self.state) == CHANCE:
            outcome = game.sample_chance(self.state, self._chance_rng())
            self.state = game.apply(self.state, outcome)
            self.actions.append(outcome)
    # --8<-- [end:chance]

    def start(self, names: Sequence[str | None]) -> None:
        """Begin the game with ``names``, then throw any chance that comes first."""
        self.state = self.initial = self.game.new_game(
            players=[name for name in names if name is not None], rules=self.rules
        )
        self._chance()

    def play(self, seat: int, action: Any) -> None:
        """Apply a legal decision of ``seat``, then every chance event that follows."""
        game = self.game
        self.last = {
            "seat": seat,
            "text": game.action_to_text(action),
            "action": game.action_to_dict(action),
        }
        self.state = game.apply(self.state, action)
        self.actions.append(action)
        self._chance()

    # --8<-- [start:view]
    def view(self, seat: int) -> dict[str, Any]:
        """The ``update`` message for ``seat``: nothing in it is hidden from that seat."""
        game, state = self.game, self.state
        finished = game.is_terminal(state)
        to_move = None if finished else game.current_player(state)
        legal = game.legal_actions(state) if to_move == seat else ()
        return {
            "type": "update",
            "table": self.id,
            "variant": self.variant,
            "seat": seat,
            "players": list(state.names),
            "step": self.step,
            "to_move": to_move,
            "your_turn": to_move == seat,
            "finished": finished,
            "scores": list(game.scores(state)),
            "winners": list(game.winners(state)) if finished else None,
            "last": self.last,
            "observation": game.observation_to_dict(game.observation(state, seat)),
            "legal": [
                {"text": game.action_to_text(a), "action": game.action_to_dict(a)} for a in legal
            ],
        }
    # --8<-- [end:view]

    def waiting(self) -> dict[str, Any]:
        """The ``waiting`` message: who has sat down before the game starts."""
        return {
            "type": "waiting",
            "table": self.id,
            "variant": self.variant,
            "players": list(self.names),
        }

    def broadcast(self) -> None:
        """Send every seated client its own view of the table."""
        for seat, client in sorted(self.clients.items()):
            client.post(self.view(seat) if self.started else self.waiting())


def _fields(message: dict[str, Any], allowed: Sequence[str]) -> None:
    extra = sorted(set(message) - set(allowed))
    if extra:
        known = ", ".join(allowed)
        raise ProtocolError(extra[0], f"unknown field; a {message['type']} message has {known}")


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError("name", "a player's name is a non-empty string")
    if len(value) > MAX_NAME_LENGTH or not value.isprintable():
        raise ProtocolError(
            "name", f"a player's name has at most {MAX_NAME_LENGTH} printable characters"
        )
    return value


def _count(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(path, f"expected an integer, got {type(value).__name__}")
    return value


class KniffelServer:
    """The app: its tables, the directory their records are stored in, and the protocol.

    Args:
        store: The directory of the records (``<table>.json``); created if absent.
        seed: The seed of chance (``None``: the system's entropy). With a seed, chance at
            each step of a table is ``random.Random(f"{seed}/{table}/{step}")``: the
            games are reproducible, and so predictable: keep ``None`` for real play.
    """

    def __init__(self, store: str | os.PathLike[str], seed: int | None = None) -> None:
        self.store = Path(store)
        self.seed = seed
        self.tables: dict[str, Table] = {}
        self.store.mkdir(parents=True, exist_ok=True)
        self.resume()

    # --8<-- [start:resume]
    def resume(self) -> None:
        """Read back every stored table; a file that does not read is logged and left alone."""
        for path in sorted(self.store.glob("*.json")):
            if TABLE_ID.fullmatch(path.stem) is None:
                continue
            try:
                record = read_record(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeError, KniffelError) as error:
                log.warning("not resuming %s: %s", path.name, error)
                continue
            self.tables[path.stem] = Table.resume(path.stem, record, self.seed)
            log.info("resumed table %s (%s, step %d)", path.stem, record.variant,
                     len(record.actions))
    # --8<-- [end:resume]

    # --8<-- [start:save]
    def save(self, table: Table) -> None:
        """Store the table's game after a change: in a worker thread, always the latest record.

        ``record_to_json`` replays the game to check it, so a write takes time in
        proportion to the game's length. The writing is done off the event loop; a
        change made while a write is under way is written right after it (one write
        then covers every change made meanwhile). `stop` waits for the last write.
        """
        table.unsaved = True
        if table.saving is None:
            table.saving = asyncio.get_running_loop().create_task(self._save(table))

    async def _save(self, table: Table) -> None:
        try:
            while table.unsaved:
                table.unsaved = False
                await asyncio.to_thread(self._write_record, table.id, table.record())
        finally:
            table.saving = None

    def _write_record(self, table_id: str, record: GameRecord) -> None:
        path = self.store / f"{table_id}.json"
        temporary = path.with_name(path.name + ".tmp")
        try:  # a new file, then a rename: a stop at any moment leaves a whole record
            temporary.write_text(record_text(record), encoding="utf-8")
            os.replace(temporary, path)
        except Exception:  # a full disk must not stop the game; the next change writes again
            log.exception("could not store table %s", table_id)
    # --8<-- [end:save]

    async def flush(self) -> None:
        """Wait until every table's latest record is written."""
        while pending := [t.saving for t in self.tables.values() if t.saving is not None]:
            await asyncio.gather(*pending)

    async def stop(self, server: Server) -> None:
        """Close ``server`` and its connections, then write what is not written yet."""
        server.close()
        await server.wait_closed()
        await self.flush()

    async def listen(self, host: str = "127.0.0.1", port: int = 0) -> Server:
        """Start serving on ``host:port`` (0: a free port, see `port`)."""
        server: Server = await serve(self.connection, host, port, max_size=MAX_MESSAGE)
        return server

    @staticmethod
    def port(server: Server) -> int:
        """The port a started server listens on."""
        return int(next(iter(server.sockets)).getsockname()[1])

    async def connection(self, connection: ServerConnection) -> None:
        """Serve one client until it leaves: read its messages, write its outbox."""
        client = Client(connection)
        writer = asyncio.create_task(self._write(client))
        try:
            async for message in connection:
                self.handle(client, message)
        except ConnectionClosed:
            pass
        finally:
            self._leave(client)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    @staticmethod
    async def _write(client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await client.connection.send(await client.outbox.get())

    # --8<-- [start:handle]
    def handle(self, client: Client, raw: str | bytes) -> None:
        """Answer one message; every refusal goes back to ``client`` only."""
        try:
            message = self._decode(raw)
            if message["type"] == "join":
                self._join(client, message)
            else:
                self._act(client, message)
        except KniffelError as error:
            client.post(self._error(client, error))
        except Exception:  # a bug of the app must not take the server down
            log.exception("while answering %r", raw[:200])
            client.post({"type": "error", "error": "InternalError", "rule": "",
                         "message": "internal error; the message was not applied"})
    # --8<-- [end:handle]

    @staticmethod
    def _decode(raw: str | bytes) -> dict[str, Any]:
        if not isinstance(raw, str):
            raise ProtocolError("", "send JSON text messages, not binary ones")
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):
            raise ProtocolError("", "not a JSON message") from None
        if not isinstance(message, dict):
            raise ProtocolError("", "a message is a JSON object with a \"type\"")
        if message.get("type") not in ("join", "action"):
            raise ProtocolError("type", "expected \"join\" or \"action\"")
        return message

    def _error(self, client: Client, error: KniffelError) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "error",
            "error": type(error).__name__,
            "message": str(error),
            "rule": getattr(error, "rule", "") or "",
        }
        table = client.table
        if table is not None:
            message["table"] = table.id
            message["step"] = table.step
        if isinstance(error, ActionParseError):
            message["legal"] = list(error.legal)
        if isinstance(error, AmbiguousActionError) and table is not None:
            message["candidates"] = [table.game.action_to_text(a) for a in error.candidates]
        return message

    def _join(self, client: Client, message: dict[str, Any]) -> None:
        _fields(message, ("type", "table", "name", "seat", "variant", "players", "rules"))
        if client.table is not None:
            raise ProtocolError("table", f"already at table {client.table.id}")
        table_id = message.get("table")
        if not isinstance(table_id, str) or TABLE_ID.fullmatch(table_id) is None:
            raise ProtocolError("table", "a table id is 1 to 64 letters, digits, '-' or '_'")
        name = _name(message.get("name"))
        table = self.tables.get(table_id)
        if table is None:
            table = self._create(table_id, message)
        else:
            self._check_same(table, message)
        seat = self._seat(table, name, message.get("seat"))
        names = [*table.names[:seat], name, *table.names[seat + 1 :]]
        starting = not table.started and None not in names
        if starting:
            table.start(names)  # new_game may still refuse: then nothing has changed
        table.names = names
        table.clients[seat] = client
        client.table, client.seat = table, seat
        self.tables[table.id] = table
        client.post({
            "type": "joined",
            "table": table.id,
            "variant": table.variant,
            "seat": seat,
            "players": len(table.names),
            "rules": table.rules.to_dict(),
        })
        if starting:
            self.save(table)
            table.broadcast()
        elif table.started:
            client.post(table.view(seat))
        else:
            table.broadcast()

    def _create(self, table_id: str, message: dict[str, Any]) -> Table:
        if "variant" not in message or "players" not in message:
            raise ProtocolError(
                "variant", f"there is no table {table_id}: give variant and players to create it"
            )
        variant = message["variant"]
        game = get_variant(variant)
        players = _count(message["players"], "players")
        rules = game.Rules.from_dict(message.get("rules", {}), "rules")
        game.new_game(players=players, rules=rules)  # the number of players is the game's to check
        return Table(table_id, variant, players, rules, self.seed)

    @staticmethod
    def _check_same(table: Table, message: dict[str, Any]) -> None:
        if "variant" in message and message["variant"] != table.variant:
            raise ProtocolError("variant", f"table {table.id} is a game of {table.variant}")
        if "players" in message and _count(message["players"], "players") != len(table.names):
            raise ProtocolError("players", f"table {table.id} has {len(table.names)} seats")
        if "rules" in message and table.game.Rules.from_dict(message["rules"]) != table.rules:
            raise ProtocolError("rules", f"table {table.id} plays other rules")

    @staticmethod
    def _seat(table: Table, name: str, wanted: object) -> int:
        seats = len(table.names)
        if wanted is not None:
            wanted = _count(wanted, "seat")
            if not 0 <= wanted < seats:
                raise ProtocolError("seat", f"table {table.id} has seats 0..{seats - 1}")
        if name in table.names:  # coming back (after a restart or a lost connection)
            seat = table.names.index(name)
            if seat in table.clients:
                raise ProtocolError("name", f"{name} is already playing at table {table.id}")
            if wanted is not None and wanted != seat:
                raise ProtocolError("seat", f"{name} plays seat {seat} at table {table.id}")
            return seat
        free = [s for s, taken in enumerate(table.names) if taken is None]
        if not free:
            raise ProtocolError("table", f"table {table.id} is full")
        if wanted is None:
            return free[0]
        if wanted not in free:
            raise ProtocolError("seat", f"seat {wanted} of table {table.id} is taken")
        return wanted

    # --8<-- [start:act]
    def _act(self, client: Client, message: dict[str, Any]) -> None:
        _fields(message, ("type", "text", "action"))
        if ("text" in message) == ("action" in message):
            raise ProtocolError("type", "an action message has either \"text\" or \"action\"")
        table, seat = client.table, client.seat
        if table is None or seat is None:
            raise ProtocolError("type", "join a table first")
        if not table.started:
            missing = table.names.count(None)
            raise ProtocolError("type", f"the game has not started: {missing} more to join")
        game, state = table.game, table.state
        if game.is_terminal(state):
            raise IllegalActionError("the game is over: no more actions", "PR-05")
        to_move = game.current_player(state)
        if to_move != seat:  # before reading: a refusal must not show another seat's actions
            raise IllegalActionError(f"it is {state.names[to_move]}'s turn, not yours", "PR-08")
        # judged on what this seat may see: the answer (and a refusal's text) can then
        # depend on, or name, no card of the pile or of another hand
        view = game.observation(state, seat)
        if "text" in message:
            text = message["text"]
            if not isinstance(text, str):
                raise ProtocolError("text", "expected a string")
            action = game.parse_action(view, text)  # ActionParseError: not understood/illegal
        else:
            action = game.action_from_dict(message["action"])  # InvalidStateError: bad JSON
            rejection = game.why_illegal(view, action)
            if rejection is not None:
                raise IllegalActionError(rejection)
        table.play(seat, action)
        self.save(table)
        table.broadcast()
    # --8<-- [end:act]

    def _leave(self, client: Client) -> None:
        table, seat = client.table, client.seat
        if table is None or seat is None or table.clients.get(seat) is not client:
            return
        del table.clients[seat]
        if not table.started:  # a seat before the start is free again
            table.names[seat] = None
            if table.clients:
                table.broadcast()
            else:
                del self.tables[table.id]


async def _run(host: str, port: int, store: str, seed: int | None) -> None:
    app = KniffelServer(store, seed)
    server = await app.listen(host, port)
    log.info("serving on ws://%s:%d, records in %s", host, KniffelServer.port(server), store)
    try:
        await server.serve_forever()
    finally:  # Ctrl-C: the last records are written before the process ends
        await app.stop(server)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the server until interrupted (``--help`` lists the options)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8765, help="the port (0: any free port)")
    parser.add_argument("--store", default="tables", help="the directory of the game records")
    parser.add_argument("--seed", type=int, default=None, help="seed chance (reproducible games)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_run(args.host, args.port, args.store, args.seed))


if __name__ == "__main__":
    main()
