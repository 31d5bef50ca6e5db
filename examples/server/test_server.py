"""End-to-end tests of the example server: real WebSocket clients on a loopback port.

Each test runs its own event loop with ``asyncio.run`` (no pytest plugin needed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from kniffel_server import KniffelServer
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server
from websockets.exceptions import ConnectionClosed

import kniffel_rules
from kniffel_rules import CHANCE, cards, classic
from kniffel_rules.cards.notation import COLOUR_NAMES
from kniffel_rules.notation import normalize

TIMEOUT = 10.0


def run(test: Callable[[], Awaitable[None]]) -> None:
    """Run one async test body, with a bound on its time."""
    asyncio.run(asyncio.wait_for(test(), timeout=90))


class Player:
    """A client: a connection and every message it received."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.received: list[dict[str, Any]] = []
        self._ws: ClientConnection | None = None

    @property
    def ws(self) -> ClientConnection:
        """The open connection."""
        assert self._ws is not None
        return self._ws

    async def connect(self, port: int) -> None:
        """Open a connection to the server on ``port``."""
        self._ws = await connect(f"ws://127.0.0.1:{port}")

    async def send(self, **message: Any) -> None:
        """Send ``message`` as JSON."""
        await self.ws.send(json.dumps(message))

    async def recv(self) -> dict[str, Any]:
        """The next message (kept in ``received``)."""
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
        self.received.append(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """The next message, which must be of type ``kind``."""
        message = await self.recv()
        assert message["type"] == kind, message
        return message

    async def join(self, **fields: Any) -> dict[str, Any]:
        """Join and return the first view after ``joined`` (``update`` or ``waiting``)."""
        await self.send(type="join", name=self.name, **fields)
        await self.expect("joined")
        return await self.recv()


async def start(store: Path, seed: int = 1) -> tuple[KniffelServer, Server, int]:
    """A server on a free loopback port, resuming the tables of ``store``."""
    app = KniffelServer(store, seed=seed)
    server = await app.listen("127.0.0.1", 0)
    return app, server, KniffelServer.port(server)


async def stop(app: KniffelServer, server: Server, *players: Player) -> None:
    """Stop the server; each player's connection is closed by it."""
    await app.stop(server)
    for p in players:
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(p.ws.recv(), TIMEOUT)


def mover(views: dict[Player, dict[str, Any]]) -> Player:
    """The one player whose latest view says it is their turn."""
    (who,) = [p for p, v in views.items() if v["your_turn"]]
    return who


async def step(views: dict[Player, dict[str, Any]], who: Player, **action: Any) -> None:
    """``who`` acts; every player then receives exactly one update, at the same step."""
    await who.send(type="action", **action)
    for p in views:
        views[p] = await p.expect("update")
    assert len({v["step"] for v in views.values()}) == 1


# The card game: hidden hands -------------------------------------------------------------

_COLOUR_BY_WORD = {
    normalize(name): colour
    for colour, names in COLOUR_NAMES.items()
    for name in (*names, colour.value)
}
_WORD = "|".join(sorted((re.escape(w) for w in _COLOUR_BY_WORD), key=len, reverse=True))
_VALUE = r"(1[0-3]|[1-9])"
_CARD_WORDS = re.compile(rf"\b({_WORD}) ?{_VALUE}\b")
_CARD_REPR = re.compile(r"Card\(\s*(\d+),\s*(?:Colour\.)?'?(\w+)'?\s*\)")


def _card(value: str, word: str) -> cards.Card:
    return cards.Card(int(value), _COLOUR_BY_WORD[normalize(word)])


def cards_in(message: object) -> set[cards.Card]:
    """Every card a message names, in every form a card can be printed in.

    As text in any string: the canonical ``"red 7"``, a German or other
    name of the colour (``"rot 7"``, ``"grün7"``), the ``repr``
    ``Card(7, 'red')``; or as the JSON object ``{"colour": "red", "value": 7}``.
    """
    found: set[cards.Card] = set()
    if isinstance(message, str):
        found |= {_card(v, word) for word, v in _CARD_WORDS.findall(normalize(message))}
        for value, colour in _CARD_REPR.findall(message):
            with contextlib.suppress(kniffel_rules.KniffelError, KeyError):
                found.add(_card(value, colour))
    elif isinstance(message, dict):
        if isinstance(message.get("colour"), str) and isinstance(message.get("value"), int):
            with contextlib.suppress(kniffel_rules.KniffelError):
                found.add(cards.Card(message["value"], message["colour"]))
        for key, value in message.items():
            found |= cards_in(key) | cards_in(value)
    elif isinstance(message, list):
        for value in message:
            found |= cards_in(value)
    return found


def history(initial: Any, actions: list[Any]) -> list[Any]:
    """The state after each number of actions: ``states[n]`` is the state at step ``n``."""
    states = [initial]
    for action in actions:
        states.append(cards.apply(states[-1], action))
    return states


def taken_so_far(states: list[Any], actions: list[Any]) -> list[list[frozenset[cards.Card]]]:
    """At each step, the cards in each hand that everyone saw go there (taken from the display)."""
    seen = [frozenset[cards.Card]() for _ in states[0].names]
    result = [list(seen)]
    for state, action, after in zip(states, actions, states[1:], strict=False):
        if isinstance(action, cards.Take):
            who = cards.current_player(state)
            seen[who] = seen[who] | {action.card}
        seen = [s & frozenset(hand) for s, hand in zip(seen, after.hands, strict=True)]
        result.append(seen)
    return result


def check_no_hidden_card(player: Player, seat: int, states: list[Any], actions: list[Any]) -> int:
    """No message ``player`` received names a card of another hand that is not public.

    Returns the number of (message, hidden card) pairs checked.
    """
    checked = 0
    taken = taken_so_far(states, actions)
    for message in player.received:
        if "step" not in message:
            continue
        n = message["step"]
        state = states[n]
        named = cards_in(message)
        for other in range(len(state.names)):
            if other == seat:
                continue
            # public: the cards taken from the display, and a combination's cards laid down
            hidden = set(state.hands[other]) - taken[n][other] - set(state.picked)
            assert not named & hidden, (message, named & hidden)
            checked += len(hidden)
        if message["type"] == "update":  # the check can see cards: its own hand is there
            assert set(state.hands[seat]) <= named, message
    return checked


def test_a_whole_card_game_hides_every_hand_and_survives_a_restart(tmp_path: Path) -> None:
    """Two clients play a whole card game with random legal texts; the server stops once.

    No message a client receives names a card of the other hand that is not
    public, compared with the server's true state at the message's step.
    """
    rng = random.Random(5)

    async def body() -> None:
        app, server, port = await start(tmp_path, seed=3)
        ann, ben = Player("Ann"), Player("Ben")
        await ann.connect(port)
        waiting = await ann.join(table="c1", variant="cards", players=2)
        assert waiting == {"type": "waiting", "table": "c1", "variant": "cards",
                           "players": ["Ann", None]}
        await ben.connect(port)
        views = {ben: await ben.join(table="c1"), ann: await ann.expect("update")}
        assert views[ann]["players"] == views[ben]["players"] == ["Ann", "Ben"]
        assert (views[ann]["seat"], views[ben]["seat"]) == (0, 1)
        restarted = False
        refusals = by_card = probes = 0
        while not views[ann]["finished"]:
            who = mover(views)
            other = ben if who is ann else ann
            if rng.random() < 0.05:  # the other seat names a hidden card of the mover
                state = app.tables["c1"].state
                hand = state.hands[views[who]["seat"]]
                card = str(hand[0]) if hand else "red 7"
                await other.send(type="action", text=f"discard {card}")
                error = await other.expect("error")
                assert (error["error"], error["rule"]) == ("IllegalActionError", "PR-08")
                refusals += 1
            if rng.random() < 0.1:  # the mover probes the pile and the other hand by value
                verb = rng.choice(["card", "karte", "draw", "ziehen", "deal", "gib"])
                await who.send(type="action", text=f"{verb} {rng.randint(1, 13)}")
                error = await who.expect("error")
                assert error["error"] == "ActionParseError", error
                probes += 1
            legal = views[who]["legal"]
            choice = rng.choice(legal)
            if choice["action"]["type"] == "pick" and rng.random() < 0.5:
                # the card alone, as a player types it while laying down a combination
                await who.send(type="action", text=choice["action"]["card"])
                reply = await who.recv()
                assert reply["type"] == "update", reply
                views[who], views[other] = reply, await other.expect("update")
                assert reply["last"]["text"] == choice["text"]
                by_card += 1
                continue
            await step(views, who, text=choice["text"])
            last = {"seat": views[who]["seat"], **choice}
            assert views[ann]["last"] == views[ben]["last"] == last
            if not restarted and views[ann]["step"] >= 200:
                restarted = True
                before = dict(views)
                await stop(app, server, ann, ben)
                app, server, port = await start(tmp_path, seed=3)
                for p in (ann, ben):
                    await p.connect(port)
                    views[p] = await p.join(table="c1")
                    assert views[p]["type"] == "update"
                    assert views[p]["step"] == before[p]["step"]
                    assert views[p]["observation"] == before[p]["observation"]
                    assert views[p]["legal"] == before[p]["legal"]
        assert restarted
        assert refusals > 0
        assert by_card > 0
        assert probes > 0
        table = app.tables["c1"]
        assert cards.is_terminal(table.state)
        assert views[ann]["winners"] == list(cards.winners(table.state))
        await app.stop(server)  # the last record is written
        stored = kniffel_rules.record_from_json((tmp_path / "c1.json").read_text())
        assert stored.actions == tuple(table.actions)
        assert cards.is_terminal(stored.final)
        states = history(table.initial, table.actions)
        assert states[-1] == table.state
        checked = sum(
            check_no_hidden_card(p, views[p]["seat"], states, table.actions) for p in (ann, ben)
        )
        assert checked > 1000

    run(body)


# Classic: JSON and German ----------------------------------------------------------------


def test_a_classic_game_with_json_german_and_refusals(tmp_path: Path) -> None:
    """A whole classic game: a JSON action, a German box name and refusals with their rules."""
    rng = random.Random(2)

    async def body() -> None:
        app, server, port = await start(tmp_path, seed=9)
        ann, ben = Player("Ann"), Player("Ben")
        await ann.connect(port)
        await ben.connect(port)
        await ann.join(table="k1", variant="classic", players=2, seat=1)
        views = {ben: await ben.join(table="k1"), ann: await ann.expect("update")}
        assert (views[ann]["seat"], views[ben]["seat"]) == (1, 0)
        who = mover(views)
        other = ben if who is ann else ann
        # before the first roll: illegal as text and as JSON, each with its rule
        await who.send(type="action", text="kniffel")
        error = await who.expect("error")
        assert (error["error"], error["rule"]) == ("ActionParseError", "CL-47")
        assert error["message"] == "'kniffel': roll the dice before entering a score"
        assert error["legal"] == ["roll"]
        await who.send(type="action", action={"type": "score", "box": "kniffel"})
        error = await who.expect("error")
        assert (error["error"], error["rule"]) == ("IllegalActionError", "CL-47")
        await who.send(type="action", action={"type": "score", "box": "kniffle"})
        error = await who.expect("error")
        assert error["error"] == "InvalidStateError"
        assert "box" in error["message"]
        await other.send(type="action", text="roll")
        error = await other.expect("error")
        assert (error["error"], error["rule"]) == ("IllegalActionError", "PR-08")
        # the first roll as JSON
        await step(views, who, action={"type": "roll", "keep": []})
        assert views[ann]["last"] == {
            "seat": views[who]["seat"], "text": "roll", "action": {"type": "roll", "keep": []}
        }
        german = False
        while not views[ann]["finished"]:
            who = mover(views)
            texts = [a["text"] for a in views[who]["legal"]]
            if not german and "score three_of_a_kind" in texts:
                german = True
                await step(views, who, text="Dreierpasch")
                assert views[who]["last"]["action"] == {"type": "score", "box": "three_of_a_kind"}
                continue
            await step(views, who, text=rng.choice(texts))
        assert german
        table = app.tables["k1"]
        state = table.state
        assert views[ann]["scores"] == list(classic.scores(state))
        assert views[ben]["winners"] == list(classic.winners(state))
        assert views[ann]["observation"] == classic.observation_to_dict(
            classic.observation(state, 1)
        )
        await ann.send(type="action", text="roll")
        error = await ann.expect("error")
        assert (error["error"], error["rule"]) == ("IllegalActionError", "PR-05")
        await app.stop(server)
        stored = kniffel_rules.record_from_json((tmp_path / "k1.json").read_text())
        assert stored.final == state
        assert stored.variant == "classic"

    run(body)


# The protocol: junk never crashes the server ---------------------------------------------

JUNK: list[tuple[object, str]] = [
    ("not json", "not a JSON message"),
    ("[1, 2]", "a message is a JSON object"),
    ("{}", 'type: expected "join" or "action"'),
    ('{"type": "hello"}', 'type: expected "join" or "action"'),
    ("[" * 60_000, "not a JSON message"),
    ('{"type": "action", "text": "roll"}', "type: join a table first"),
    ('{"type": "join", "table": "../etc", "name": "Ann"}', "table: a table id is"),
    ('{"type": "join", "table": "t", "name": ""}', "name: a player's name"),
    ('{"type": "join", "table": "t", "name": "A\\u0000"}', "name: a player's name"),
    ('{"type": "join", "table": "t", "name": "Ann"}', "variant: there is no table t"),
    ('{"type": "join", "table": "t", "name": "Ann", "variant": "chess", "players": 2}',
     "unknown game 'chess'"),
    ('{"type": "join", "table": "t", "name": "Ann", "variant": "cards", "players": 9}',
     "players"),
    ('{"type": "join", "table": "t", "name": "Ann", "variant": "cards", "players": true}',
     "players: expected an integer"),
    ('{"type": "join", "table": "t", "name": "Ann", "variant": "classic", "players": 2,'
     ' "rules": {"joker": 7}}', "rules.joker"),
    ('{"type": "join", "table": "t", "name": "Ann", "x": 1}', "x: unknown field"),
    (b"\x00\x01", "send JSON text messages"),
]


def test_junk_messages_get_errors_and_the_server_goes_on(tmp_path: Path) -> None:
    """Every malformed message gets an error naming the field; the connection goes on."""
    async def body() -> None:
        app, server, port = await start(tmp_path)
        eve = Player("Eve")
        await eve.connect(port)
        for raw, words in JUNK:
            await eve.ws.send(raw)  # type: ignore[arg-type]
            error = await eve.expect("error")
            assert words in error["message"], (raw, error)
            assert error["error"] != "InternalError"
        assert app.tables == {}
        # the same connection can still join and play; seats and names are checked
        await eve.join(table="t", variant="classic", players=2)
        await eve.send(type="join", table="t", name="Eve")
        assert "already at table t" in (await eve.expect("error"))["message"]
        await eve.send(type="action", text="roll")
        assert "has not started" in (await eve.expect("error"))["message"]
        twin = Player("Eve")
        await twin.connect(port)
        await twin.send(type="join", table="t", name="Eve")
        assert "already playing" in (await twin.expect("error"))["message"]
        await twin.send(type="join", table="t", name="Tom", seat=0)
        assert "seat 0 of table t is taken" in (await twin.expect("error"))["message"]
        await twin.send(type="join", table="t", name="Tom", variant="cards")
        assert "is a game of classic" in (await twin.expect("error"))["message"]
        await app.stop(server)
        assert not (tmp_path / "t.json").exists()  # a table is stored once its game starts

    run(body)


def test_a_stored_file_that_does_not_read_is_left_alone(tmp_path: Path) -> None:
    """On start, a record that does not read is skipped (and kept); the others resume."""
    (tmp_path / "bad.json").write_text('{"format": "kniffel-rules/record"}')
    record = kniffel_rules.record("classic", [kniffel_rules.random_policy], seed=1)
    (tmp_path / "done.json").write_text(kniffel_rules.record_to_json(record))
    app = KniffelServer(tmp_path)
    assert sorted(app.tables) == ["done"]
    assert app.tables["done"].state == record.final
    assert (tmp_path / "bad.json").exists()


def test_every_game_starts_and_takes_a_move(tmp_path: Path) -> None:
    """Each of the five games starts at a table and takes a move sent as JSON."""
    async def body() -> None:
        app, server, port = await start(tmp_path)
        for variant in kniffel_rules.VARIANTS:
            game = kniffel_rules.get_variant(variant)
            players = [Player(f"{variant}-{i}") for i in range(2)]
            for p in players:
                await p.connect(port)
            await players[0].join(table=variant, variant=variant, players=2)
            views = {players[1]: await players[1].join(table=variant)}
            views[players[0]] = await players[0].expect("update")
            who = mover(views)
            choice = views[who]["legal"][0]
            await step(views, who, action=choice["action"])
            table = app.tables[variant]
            assert table.last == {"seat": views[who]["seat"], **choice}
            assert game.action_from_dict(choice["action"]) in table.actions
            assert game.current_player(table.state) != CHANCE
            for p in players:
                await p.ws.close()
        await app.stop(server)

    run(body)
