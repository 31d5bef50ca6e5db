"""The web app's server: its HTTP API and WebSocket protocol, through Starlette's TestClient.

The tests that need the real thing (the Origin check at the handshake, the
message limit of the WebSocket layer) run a uvicorn on a free loopback port
(the ``live_server`` fixture of ``conftest.py``) with the ``websockets``
client. Everything a test asks of the server goes through its protocol; the
tests look at the server's tables only to check what they were sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import re
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tables
from app import Limits, WebApp, client_key, create_app, request_lang
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.datastructures import Headers
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from tables import Table
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import kniffel_rules
from conftest import LiveServer
from kniffel_rules import cards, classic, get_variant, svg
from kniffel_rules.cards.notation import COLOUR_NAMES
from kniffel_rules.lang import LANGS
from kniffel_rules.notation import normalize

FAST = Limits(rate=1e6, burst=1_000_000, new_tables_rate=1e6, new_tables_burst=1_000_000)
"""The bounds, but a test plays (and opens tables) faster than a person may."""

# -- helpers ------------------------------------------------------------------------


class Client:
    """One tab: a WebSocket session and every message it received."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}

    def send(self, **message: Any) -> None:
        """Send ``message`` as JSON."""
        self.ws.send_json(message)

    def recv(self) -> dict[str, Any]:
        """The next message (kept in ``received``; an update also in ``view``)."""
        message: dict[str, Any] = self.ws.receive_json()
        self.received.append(message)
        if message["type"] == "update":
            self.view = message
        return message

    def expect(self, kind: str) -> dict[str, Any]:
        """The next message, which must be of type ``kind``."""
        message = self.recv()
        assert message["type"] == kind, message
        return message

    def until_my_turn(self) -> dict[str, Any]:
        """Read updates until the seat is to move (the roll-off and bots play meanwhile)."""
        while not self.view["your_turn"]:
            self.expect("update")
        return self.view

    def error(self, code: str) -> dict[str, Any]:
        """The next message, which must be the error ``code``."""
        message = self.expect("error")
        assert message["code"] == code, message
        return message

    def hello(self, seat: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        """Sit down at ``seat`` (an answer of create or join); returns the first update."""
        self.send(type="hello", table=seat["table"], token=seat["token"], lang=lang)
        return self.expect("update")

    def closed(self) -> int:
        """Read until the server closes the connection; returns the close code."""
        with pytest.raises(WebSocketDisconnect) as closing:
            self.drain()
        return closing.value.code

    def drain(self) -> None:
        """Read every message until the connection is closed (`WebSocketDisconnect`)."""
        while True:
            self.recv()


@contextlib.contextmanager
def tab(client: TestClient, seat: dict[str, Any] | None = None, lang: str = "en",
        **headers: str) -> Iterator[Client]:  # fmt: skip
    """A WebSocket to the app; sat down at ``seat`` when given."""
    with client.websocket_connect("/ws", headers=headers) as ws:
        c = Client(ws)
        if seat is not None:
            c.hello(seat, lang)
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Open a table; returns the answer (table, seat, token, link)."""
    body.setdefault("name", "Ann")
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def join(client: TestClient, table: str, name: str, lang: str = "en") -> dict[str, Any]:
    """Join ``table``; returns the answer."""
    response = client.post(f"/api/tables/{table}/join", json={"name": name, "lang": lang})
    assert response.status_code == 200, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def table_of(client: TestClient, seat: dict[str, Any]) -> Table:
    """The server's table (to check what was sent against the truth)."""
    table: Table = client.app.state.web.tables[seat["table"]]  # type: ignore[attr-defined]
    return table


def app_for(store: Path, **options: Any) -> TestClient:
    """A TestClient of a fresh app on ``store`` (use it in ``with``: the lifespan runs)."""
    options.setdefault("seed", 1)
    options.setdefault("limits", FAST)
    return TestClient(create_app(store, **options))


def play_out(me: Client, rng: random.Random, typed: float = 0.0,
             on_turn: Callable[[dict[str, Any]], None] | None = None) -> list[Any]:  # fmt: skip
    """Play ``me``'s seat to the end with random legal actions; returns the actions sent.

    A share ``typed`` of them is typed as the button's own words (the label in
    the tab's language, read back by ``parse_action``), the rest sent by id.
    """
    sent: list[Any] = []
    acted = -1
    view = me.view
    while not view.get("over"):
        if view.get("your_turn") and view["step"] != acted:
            acted = view["step"]
            if on_turn is not None:
                on_turn(view)
            choice = rng.choice(view["legal"])
            if rng.random() < typed:
                me.send(type="action", text=choice["label"], step=view["step"])
            else:
                me.send(type="action", id=choice["id"], step=view["step"])
            sent.append(choice["action"])
        message = me.recv()
        assert message["type"] == "update", message
        view = message
    return sent


# -- the API ------------------------------------------------------------------------------


def test_the_games_are_listed_from_the_registry(tmp_path: Path) -> None:
    """Every registered game, as its INFO and the bots registry describe it."""
    with app_for(tmp_path) as client:
        games = client.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == list(kniffel_rules.VARIANTS)
    for entry in games:
        info = get_variant(entry["name"]).INFO
        assert entry["titles"] == {"en": info.title("en"), "de": info.title("de")}
        assert (entry["min_players"], entry["max_players"]) == (info.min_players,
                                                                info.max_players)
        assert "random" in entry["bots"]
        assert entry["strongest_bot"] in entry["bots"]
        assert entry["rules"] == get_variant(entry["name"]).Rules().to_dict()


def test_every_sentence_of_the_app_is_in_every_language() -> None:
    """The app's own table: each sentence in English and German, with the same placeholders."""
    fields = re.compile(r"{(\w+)")
    for key, texts in tables.WORDS.items():
        assert set(texts) == set(LANGS), key
        assert len({frozenset(fields.findall(text)) for text in texts.values()}) == 1, key
        assert texts["de"] != texts["en"], key


def test_the_pages_are_served(tmp_path: Path) -> None:
    """The page at / and at a table's link, and the client's files."""
    with app_for(tmp_path) as client:
        for path in ("/", "/t/abcdefgh12345678", "/static/index.html"):
            response = client.get(path)
            assert response.status_code == 200, path
            assert "<html" in response.text.lower()
        assert client.get("/static/nothing.js").status_code == 404


# -- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_whole_game_of_each_game_against_bots(tmp_path: Path, variant: str) -> None:
    """A person plays a whole game against bots: by button and by typed German words."""
    game = get_variant(variant)
    players = max(2, game.INFO.min_players)
    with app_for(tmp_path, seed=7) as client:
        seat = create(client, variant=variant, seats=["me"] + ["bot:greedy"] * (players - 1),
                      lang="de")  # fmt: skip
        assert seat["seat"] == 0
        assert seat["link"] == f"/t/{seat['table']}"
        with tab(client, seat, lang="de") as me:
            assert me.view["started"]
            assert me.view["lang"] == "de"
            assert me.view["svg"].startswith("<svg")
            sent = play_out(me, random.Random(3), typed=0.3)
            assert not [m for m in me.received if m["type"] == "error"]
        table = table_of(client, seat)
        final = me.view
        assert final["over"]
        assert table.over
        assert final["winners"] == list(game.winners(table.state))
        assert final["scores"] == list(game.scores(table.state))
        assert final["result"]
        mine = [game.action_to_dict(a) for s, a in table.log if s == 0]
        assert mine == sent
        assert all(s == 0 for s, _ in table.log if table.seats[s].kind == "human")
    # a clean stop wrote the whole game
    stored = json.loads((tmp_path / f"{seat['table']}.json").read_text(encoding="utf-8"))
    record = kniffel_rules.record_from_json(json.dumps(stored["record"]))
    assert record.actions == tuple(table.actions)
    assert game.is_terminal(record.final)


# -- the card game: no hand reaches another seat ---------------------------------------------

_COLOUR_BY_WORD = {
    normalize(name): colour
    for colour, names in COLOUR_NAMES.items()
    for name in (*names, colour.value)
}
_WORD = "|".join(sorted((re.escape(w) for w in _COLOUR_BY_WORD), key=len, reverse=True))
_CARD_WORDS = re.compile(rf"\b({_WORD}) ?(1[0-3]|[1-9])\b")
_CARD_REPR = re.compile(r"Card\(\s*(\d+),\s*(?:Colour\.)?'?(\w+)'?\s*\)")


def _card(value: str, word: str) -> cards.Card:
    return cards.Card(int(value), _COLOUR_BY_WORD[normalize(word)])


def cards_in(message: object) -> set[cards.Card]:
    """Every card a message names, in every form a card can be printed in.

    As text in any string (the SVG picture included): the canonical ``"red
    7"``, a German or other name of the colour (``"rot 7"``), the ``repr``
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


def _states(initial: Any, actions: list[Any]) -> list[Any]:
    states = [initial]
    for action in actions:
        states.append(cards.apply(states[-1], action))
    return states


def _taken(states: list[Any], actions: list[Any]) -> list[list[frozenset[cards.Card]]]:
    """At each step, the cards of each hand that everyone saw go there (from the display)."""
    seen = [frozenset[cards.Card]() for _ in states[0].names]
    result = [list(seen)]
    for state, action, after in zip(states, actions, states[1:], strict=False):
        if isinstance(action, cards.Take):
            who = cards.current_player(state)
            seen[who] = seen[who] | {action.card}
        seen = [s & frozenset(hand) for s, hand in zip(seen, after.hands, strict=True)]
        result.append(seen)
    return result


def decided_before(decided: list[tuple[int, Any]], step: int) -> Any:
    """The last decision taken before ``step`` (``decided``: the steps and actions of decisions)."""
    return [a for i, a in decided if i < step][-1]


def two_people_at_a_card_table(store: Path, decisions: int | None) -> None:
    """Two people play a card game (``decisions`` of it, or all); each message is checked.

    Neither seat is ever sent a card of the other hand that is not public
    (taken from the display, or laid down), in any form: the observation,
    the buttons, the log, the refusals (checked by every way a card can be
    written, against the true state at the message's step); the picture is
    the library's picture of the seat's own observation at that step. The
    other seat's attempts (acting out of turn naming a card of the mover's
    hand, probing the pile by value) are refused without naming one.
    """
    rng = random.Random(5)
    with app_for(store, seed=3) as client:
        ann_seat = create(client, variant="cards", players=2)
        with tab(client, ann_seat) as ann:
            assert ann.view["started"] is False
            assert ann.view["players"] == ["Ann", None]
            ben_seat = join(client, ann_seat["table"], "Ben", lang="de")
            ann.expect("update")
            with tab(client, ben_seat, lang="de") as ben:
                ann.expect("update")  # Ben is online
                views = {ann: ann.view, ben: ben.view}
                table = table_of(client, ann_seat)
                probes = 0
                while not views[ann]["over"] and (decisions is None or len(table.log) < decisions):
                    (who,) = [c for c, v in views.items() if v["your_turn"]]
                    other = ben if who is ann else ann
                    if rng.random() < 0.05:
                        hand = table.state.hands[views[who]["seat"]]
                        other.send(type="action", text=f"discard {hand[0]}" if hand else "x")
                        assert other.error("not_your_turn")["rule"] == "PR-08"
                        probes += 1
                    if rng.random() < 0.05:
                        verb = rng.choice(["card", "karte", "draw", "ziehen"])
                        who.send(type="action", text=f"{verb} {rng.randint(1, 13)}")
                        assert who.expect("error")["code"] in ("illegal", "ambiguous")
                        probes += 1
                    choice = rng.choice(views[who]["legal"])
                    who.send(type="action", id=choice["id"], step=views[who]["step"])
                    for c in (ann, ben):
                        views[c] = c.expect("update")
                    assert views[ann]["step"] == views[ben]["step"]
                assert probes > 0
                actions = list(table.actions)
    states = _states(table.initial, actions)
    assert states[-1] == table.state
    taken = _taken(states, actions)
    # the log tells the decisions everyone saw made (a discard names its card), never a chance
    # event: a card discarded long ago may be back in a hand by now, unseen, and its old log
    # line tells nothing of where it is now
    decided = [(i, a) for i, a in enumerate(actions) if cards.current_player(states[i]) >= 0]
    checked = 0
    for c in (ann, ben):
        seat, lang = c.view["seat"], c.view["lang"]
        for message in c.received:
            state = states[message["step"]]
            picture = message.get("svg")
            if picture is not None:
                assert picture == svg.render(cards.observation(state, seat), lang=lang)
            if message.get("log"):
                step = message["step"]
                said = [cards.render_action(a, lang=lang) for i, a in decided if i < step]
                lines = [line.split(": ", 1)[1] for line in message["log"]]
                assert lines == said[-len(lines):]
            if message.get("last"):
                assert cards.action_from_dict(message["last"]["action"]) == decided_before(
                    decided, message["step"])
            news = {k: v for k, v in message.items() if k not in ("svg", "log", "last")}
            named = cards_in(news)
            if message["type"] == "update" and message["started"]:
                assert set(state.hands[seat]) <= named  # the check does see cards
            hidden = set(state.hands[1 - seat]) - taken[message["step"]][1 - seat]
            hidden -= set(state.picked)
            assert not named & hidden, (message["type"], named & hidden)
            checked += len(hidden)
    assert checked > 1000


def test_no_message_to_one_seat_names_a_card_of_the_other_hand(tmp_path: Path) -> None:
    """250 decisions of a two-person card game (the whole game: the slow test below)."""
    two_people_at_a_card_table(tmp_path, decisions=250)


@pytest.mark.slow
def test_no_message_names_a_card_of_the_other_hand_in_a_whole_game(tmp_path: Path) -> None:
    """A whole two-person card game, every message checked."""
    two_people_at_a_card_table(tmp_path, decisions=None)


# -- seats, turns, refusals ----------------------------------------------------------------


def test_nobody_takes_another_seat(tmp_path: Path) -> None:
    """A seat needs its token: a wrong one, another table's, or a name are refused."""
    with app_for(tmp_path) as client:
        ann = create(client, variant="classic", players=2)
        other = create(client, variant="classic", players=1, name="Cem")
        # a name is no key: Ann's name does not give Ann's seat
        response = client.post(f"/api/tables/{ann['table']}/join", json={"name": "Ann"})
        assert response.status_code == 409
        assert response.json()["error"] == "name_taken"
        response = client.post(f"/api/tables/{ann['table']}/join",
                               json={"name": " Ann ", "lang": "de"})  # fmt: skip
        assert response.json()["message"] == (
            "Ann sitzt schon an diesem Tisch: bitte einen anderen Namen wählen"
        )
        ben = join(client, ann["table"], "Ben")
        assert ben["seat"] == 1
        assert ben["token"] != ann["token"]
        response = client.post(f"/api/tables/{ann['table']}/join", json={"name": "Eve"})
        assert (response.status_code, response.json()["error"]) == (409, "table_full")
        response = client.post("/api/tables/nosuchtable0/join", json={"name": "Eve"})
        assert (response.status_code, response.json()["error"]) == (404, "unknown_table")
        wrong = [
            {"table": ann["table"], "token": ann["token"][:-1] + "x"},
            {"table": ann["table"], "token": other["token"]},
            {"table": ann["table"], "token": ""},
            {"table": ann["table"], "token": None},
            {"table": ann["table"], "name": "Ann"},
            {"table": other["table"], "token": ann["token"]},
            {"table": "../../etc/passwd", "token": ann["token"]},
        ]
        for hello in wrong:
            with tab(client) as eve:
                eve.send(type="hello", **hello)
                eve.error("bad_token")
                assert eve.closed() == 4401
        # the right token gives its own seat, and only that one
        with tab(client, ben) as b:
            assert b.view["seat"] == 1
            b.send(type="hello", table=ann["table"], token=ann["token"])
            b.error("bad_message")
            assert b.view["seat"] == 1
        assert ann["token"] not in json.dumps(table_of(client, ann).snapshot()[0])


def test_acting_out_of_turn_and_the_rules_refusals(tmp_path: Path) -> None:
    """Out of turn, before the start, illegal and stale actions: refused, in the tab's language."""
    with app_for(tmp_path) as client:
        ann = create(client, variant="classic", players=2)
        with tab(client, ann, lang="de") as a:
            a.send(type="action", id=0)
            assert a.error("not_started")["message"] == (
                "das Spiel beginnt, wenn alle Plätze besetzt sind (noch 1 frei)"
            )
            ben = join(client, ann["table"], "Ben")
            a.expect("update")
            with tab(client, ben) as b:
                a.expect("update")
                mover, waiter = (a, b) if a.view["your_turn"] else (b, a)
                waiter.send(type="action", id=0)
                error = waiter.error("not_your_turn")
                assert error["rule"] == "PR-08"
                waiter.send(type="hint")
                waiter.error("hint_not_now")
                # the rules' own refusal, in the mover's language, with its clause id
                mover.send(type="action", action={"type": "score", "box": "kniffel"})
                error = mover.error("illegal")
                state = table_of(client, ann).state
                expected = classic.why_illegal(state, classic.Score(classic.Box.KNIFFEL))
                assert expected is not None
                assert error["rule"] == expected.rule == "CL-47"
                assert error["message"] == expected.localized(mover.view["lang"])
                mover.send(type="action", text="Kniffel")
                assert mover.error("illegal")["rule"] == "CL-47"
                mover.send(type="action", action={"type": "score", "box": "kniffle"})
                assert "box" in mover.error("illegal")["message"]
                mover.send(type="action", id=99)
                mover.error("bad_id")
                mover.send(type="action", id=0, step=mover.view["step"] - 1)
                mover.error("stale")
                for step in (float(mover.view["step"]), True):  # 5.0 or true is no step number
                    mover.send(type="action", id=0, step=step)
                    mover.error("stale")
                mover.send(type="action")
                mover.error("bad_message")
                assert table_of(client, ann).state == state  # nothing changed
                mover.send(type="action", text="würfeln", step=mover.view["step"])
                assert mover.expect("update")["last"]["text"] == "roll"
                waiter.expect("update")
                # a German box name, typed
                if "score three_of_a_kind" in [e["text"] for e in mover.view["legal"]]:
                    mover.send(type="action", text="Dreierpasch")
                    assert mover.expect("update")["last"]["text"] == "score three_of_a_kind"


def test_undo_takes_back_only_the_own_last_decision(tmp_path: Path) -> None:
    """Undo goes back to the asker's own last decision, never past another person's."""
    with app_for(tmp_path, seed=4) as client:
        ann = create(client, variant="classic", players=2, lang="de")
        ben = join(client, ann["table"], "Ben")
        with tab(client, ann, lang="de") as a, tab(client, ben) as b:
            a.expect("update")  # Ben online
            mover, waiter = (a, b) if a.view["your_turn"] else (b, a)
            assert not mover.view["can_undo"]
            mover.send(type="undo")
            mover.error("nothing_to_undo")
            mover.send(type="action", id=0)  # roll
            first = mover.expect("update")
            waiter.expect("update")
            assert first["can_undo"]
            assert not waiter.view["can_undo"]
            keep = next(e for e in first["legal"] if e["text"].startswith("roll "))
            mover.send(type="action", id=keep["id"])
            second = mover.expect("update")
            waiter.expect("update")
            mover.send(type="undo")
            back = mover.expect("update")
            waiter.expect("update")
            assert waiter.expect("notice")["code"] == "undone"  # the other seat is told
            assert back["step"] == first["step"]
            assert back["svg"] == first["svg"]
            assert back["legal"] == first["legal"]
            # the same decision again meets the same dice: undo does not throw again
            mover.send(type="action", id=keep["id"])
            assert mover.expect("update")["observation"] == second["observation"]
            waiter.expect("update")
            score = next(e for e in mover.view["legal"] if e["text"].startswith("score"))
            mover.send(type="action", id=score["id"])
            mover.expect("update")
            waiter.expect("update")
            waiter.send(type="action", id=0)  # the other person decides
            waiter.expect("update")
            mover.expect("update")
            mover.send(type="undo")
            other_name = "Ben" if mover is a else "Ann"
            assert other_name in mover.error("undo_not_theirs")["message"]
            last_step = waiter.view["step"]
            waiter.send(type="undo")  # the other person's own last decision: nobody decided since
            assert waiter.expect("update")["step"] < last_step
            assert mover.expect("update")["step"] < last_step
            assert mover.expect("notice")["code"] == "undone"


def no_win_advisor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start the test with no chance-to-win player built or being built in this process.

    The advisors are cached process-wide (another test, a browser test, may have
    built one or left one half-built); the optimal players stay cached, and the
    test's own state is dropped when it ends.
    """
    with tables._ADVISORS_LOCK:
        kept = OrderedDict((k, made) for k, made in tables._ADVISORS.items() if k[1] != "win")
        monkeypatch.setattr(tables, "_ADVISORS", kept)
        monkeypatch.setattr(tables, "_BUILDING", set())


def test_hints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The strongest advice of each kind: expected scores, the chance to win, a bot's move."""
    # the chance-to-win player takes tens of seconds to build: not in the fast tests (and what
    # this test leaves half-built is not seen by the next one)
    no_win_advisor(monkeypatch)
    monkeypatch.setattr(tables, "build_in_background", lambda build: None)
    with app_for(tmp_path) as client:
        solo = create(client, variant="classic", players=1)
        with tab(client, solo, lang="de") as me:
            me.send(type="action", id=0)
            view = me.expect("update")
            me.send(type="hint")
            hint = me.expect("hint")
            assert hint["bot"] == "optimal"
            assert hint["step"] == view["step"]
            assert hint["text"].startswith("der optimale Spieler")
            assert re.search(r"\(erwartete Endsumme \d+,\d\)$", hint["text"]), hint["text"]
            values = [o["value"] for o in hint["options"]]
            assert values == sorted(values, reverse=True)
            assert len(values) == 5
            labels = {e["id"]: e["label"] for e in view["legal"]}
            assert all(labels[o["id"]] == o["label"] for o in hint["options"])
        duo = create(client, variant="classic", seats=["me", "bot:greedy"])
        with tab(client, duo) as me:
            me.until_my_turn()  # the roll-off, and the bot's turn if it won it
            me.send(type="hint")
            hint = me.expect("hint")  # the chance-to-win player is being built meanwhile
            assert hint["bot"] == "optimal"
            assert hint["win_pending"]
            assert hint["options"]
            assert hint["win_chance"] is None
        croatian = create(client, variant="classic", seats=["me", "bot:greedy"],
                          rules={"croatian": True})  # fmt: skip
        with tab(client, croatian) as me:
            me.until_my_turn()
            me.send(type="hint")
            hint = me.expect("hint")  # neither exact player covers it: the strongest bot that does
            assert hint["bot"] == "greedy"
        card_table = create(client, variant="cards", seats=["me", "bot:greedy"])
        with tab(client, card_table) as me:
            me.until_my_turn()
            me.send(type="hint")
            hint = me.expect("hint")
            assert hint["bot"] == "ismcts"
            assert len(hint["options"]) == 1
            assert hint["options"][0]["id"] in [e["id"] for e in me.view["legal"]]


@pytest.mark.slow
def test_the_hint_against_opponents_gives_the_chance_to_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once built, classic's chance-to-win player answers hints against opponents."""
    no_win_advisor(monkeypatch)  # this test builds its own
    with app_for(tmp_path) as client:
        duo = create(client, variant="classic", seats=["me", "bot:greedy"])
        with tab(client, duo) as me:
            me.until_my_turn()  # the roll-off, and the bot's turn if it won it
            hint: dict[str, Any] = {"win_pending": True}
            for _ in range(600):  # the player is built in the background meanwhile
                me.send(type="hint")
                hint = me.expect("hint")
                if not hint.get("win_pending"):
                    break
                time.sleep(1)
            assert not hint.get("win_pending"), "the chance-to-win player was never built"
            assert hint["bot"] == "win"
            assert 0 <= hint["win_chance"] <= 1
            assert all(0 <= o["win"] <= 1 for o in hint["options"])


# -- bounds ----------------------------------------------------------------------------------


def test_flooding_is_refused_while_another_table_plays_on(tmp_path: Path) -> None:
    """A connection that floods is refused, then closed; a game at another table goes on."""
    now = [0.0]
    limits = Limits(rate=1.0, burst=5, max_refusals=10)
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        flood = create(client, variant="classic", players=1, name="Eve")
        calm = create(client, variant="classic", seats=["me", "bot:greedy"])
        with tab(client, calm) as ann, tab(client, flood) as eve:
            rng = random.Random(1)

            def slowly(view: dict[str, Any]) -> None:
                now[0] += 10.0  # Ann keeps to the rate
                if view["step"] > 20 and eve.received[-1:] != [{"closed": True}]:
                    for _ in range(40):  # Eve does not
                        eve.send(type="lang", lang="de")
                    codes = []
                    with contextlib.suppress(WebSocketDisconnect):
                        while True:
                            codes.append(eve.recv().get("code"))
                    assert codes.count("too_fast") == limits.max_refusals + 1
                    assert codes.count(None) <= limits.burst
                    eve.received.append({"closed": True})

            play_out(ann, rng, on_turn=slowly)
            assert ann.view["over"]
            assert eve.received[-1] == {"closed": True}


def test_an_oversized_message_is_refused(tmp_path: Path) -> None:
    """A message over 4 KiB is refused and the connection closed; a body over 4 KiB too."""
    with app_for(tmp_path) as client:
        seat = create(client, variant="classic", players=1)
        with tab(client, seat) as me:
            me.send(type="action", text="x" * 5000)
            me.error("too_big")
            assert me.closed() == 1009
        response = client.post("/api/tables", json={"variant": "classic", "name": "x" * 5000})
        assert (response.status_code, response.json()["error"]) == (413, "too_big")


def test_bounds_on_tables_names_and_connections(tmp_path: Path) -> None:
    """Too many tables, a bad name, too many seats online at a table: each refused with its code.

    A bad request is refused for what is wrong with it (400), even when there
    is no room for a table (it was 503 before its body was read).
    """
    limits = Limits(max_tables=2, max_connections_per_table=2)
    with app_for(tmp_path, limits=limits) as client:
        first = create(client, variant="classic", players=3)
        create(client, variant="classic", players=2)
        response = client.post("/api/tables", json={"variant": "duel", "name": "Ann"})
        assert (response.status_code, response.json()["error"]) == (503, "too_many_tables")
        for name in ("", "x" * 33, "A\u202eB", 7, None):
            response = client.post("/api/tables", json={"variant": "classic", "name": name})
            assert (response.status_code, response.json()["error"]) == (400, "bad_name")
        for body in ({"variant": "chess", "name": "Ann"}, {"variant": "classic", "seats": "me"}):
            assert client.post("/api/tables", json=body).status_code == 400
        ben = join(client, first["table"], "Ben")
        cem = join(client, first["table"], "Cem")
        with tab(client, first), tab(client, ben), tab(client) as third:
            # every connection is another seat's only one: the third seat is refused
            third.send(type="hello", table=cem["table"], token=cem["token"])
            third.error("too_many_connections")
            assert third.closed() == 1013


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"variant": "chess", "name": "Ann"}, 400, "UnknownVariantError"),
        # too many players: the game's own refusal, which says how many it takes
        ({"variant": "cards", "players": 9, "name": "Ann"}, 400, "InvalidStateError"),
        ({"variant": "duel", "seats": ["me", "open", "open"], "name": "Ann"}, 400,
         "InvalidStateError"),
        ({"variant": "duel", "players": 1, "name": "Ann"}, 400, "InvalidStateError"),
        ({"variant": "classic", "rules": {"joker": 7}, "name": "Ann"}, 400, "InvalidStateError"),
        ({"variant": "classic", "seats": ["me", "bot:nobody"], "name": "Ann"}, 400, "bad_seats"),
        ({"variant": "classic", "seats": ["open", "open"], "name": "Ann"}, 400, "bad_seats"),
        ({"variant": "classic", "seats": "me", "name": "Ann"}, 400, "bad_seats"),
    ],
)
def test_bad_tables_are_refused(tmp_path: Path, body: dict[str, Any], status: int,
                                error: str) -> None:  # fmt: skip
    """A table the library or the app cannot open is refused, saying why."""
    with app_for(tmp_path) as client:
        response = client.post("/api/tables", json=body)
        assert (response.status_code, response.json()["error"]) == (status, error)
        assert response.json()["message"]
        assert client.app.state.web.tables == {}


def test_too_many_players_are_refused_with_the_count_the_game_takes(tmp_path: Path) -> None:
    """It was "seats: one me, and open or bot:NAME ...", which does not say what is wrong."""
    with app_for(tmp_path) as client:
        cards = client.post("/api/tables", json={"variant": "cards", "players": 9, "name": "A"})
        assert cards.json()["message"] == "players: this game needs 2 to 4 players, got 9"
        duel = client.post("/api/tables", json={"variant": "duel", "seats": ["me", "open", "open"],
                                                "name": "A", "lang": "de"})  # fmt: skip
        said = "players: Dieses Spiel braucht genau 2 Spieler, erhalten: 3"
        assert duel.json()["message"] == said


def test_junk_gets_a_refusal_and_the_connection_goes_on(tmp_path: Path) -> None:
    """Malformed messages get refusals; the connection still sits down and plays."""
    with app_for(tmp_path) as client:
        seat = create(client, variant="classic", players=1)
        with tab(client) as me:
            for raw in ("not json", "[1, 2]", "{}", '{"type": 7}', "[" * 3000,
                        '{"type": "action", "id": 0}', '{"type": "undo"}'):  # fmt: skip
                me.ws.send_text(raw)
                assert me.expect("error")["code"] in ("bad_message", "hello_first")
            me.ws.send_bytes(b"\x00\x01")
            me.error("bad_message")
            me.hello(seat)
            me.send(type="dance")
            me.error("bad_message")
            me.send(type="action", id=0)
            assert me.expect("update")["step"] > 0
        response = client.post("/api/tables", content=b"{}",
                               headers={"content-type": "text/plain"})  # fmt: skip
        assert response.status_code == 415


# -- the real server: origins, the message limit -----------------------------------------------


def test_a_foreign_origin_is_refused(live_server: Callable[..., LiveServer]) -> None:
    """A page of another site can neither open a WebSocket nor a table (no hijacking)."""
    server = live_server(allowed_origins=["https://kniffel.example.org"])

    async def body() -> None:
        uri = f"ws://127.0.0.1:{server.port}/ws"
        with pytest.raises(InvalidStatus) as refused:
            await connect(uri, origin="https://evil.example.com")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        for origin in (server.url, "https://kniffel.example.org", None):
            async with connect(uri, origin=origin) as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"type": "hello", "table": "x" * 16, "token": "t"}))
                assert json.loads(await ws.recv())["code"] == "bad_token"

    asyncio.run(body())
    import httpx2 as httpx

    response = httpx.post(f"{server.url}/api/tables", json={"variant": "classic", "name": "A"},
                          headers={"origin": "https://evil.example.com"})  # fmt: skip
    assert response.status_code == 403
    response = httpx.post(f"{server.url}/api/tables", json={"variant": "classic", "name": "A"},
                          headers={"origin": server.url})  # fmt: skip
    assert response.status_code == 201


async def drain(ws: Any) -> None:
    """Read every message until the connection is closed."""
    while True:
        await ws.recv()


def test_the_websocket_layer_refuses_an_oversized_frame(
    live_server: Callable[..., LiveServer],
) -> None:
    """The WebSocket layer (uvicorn's) closes on a frame over the limit (1009)."""
    server = live_server()

    async def body() -> None:
        async with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
            await ws.send("x" * 100_000)
            with pytest.raises(ConnectionClosed) as closed:
                await drain(ws)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1009

    asyncio.run(body())


# -- records, restarts, reloads ----------------------------------------------------------------


def test_a_reload_sits_down_again_at_the_same_seat(tmp_path: Path) -> None:
    """A new connection with the seat's token (a reloaded page) gets the same view."""
    with app_for(tmp_path) as client:
        seat = create(client, variant="master", seats=["me", "bot:greedy"])
        with tab(client, seat) as me:
            me.until_my_turn()
            me.send(type="action", id=0, step=me.view["step"])
            before = me.expect("update")
        with tab(client, seat) as again:  # the page reloaded: the token from localStorage
            assert {k: v for k, v in again.view.items() if k != "seats"} == {
                k: v for k, v in before.items() if k != "seats"
            }


def test_the_tables_are_stored_and_resumed(tmp_path: Path) -> None:
    """A clean stop writes every table; a new app reads them back, seats and all."""
    with app_for(tmp_path, seed=2) as client:
        waiting = create(client, variant="duel", players=2)
        playing = create(client, variant="extreme", seats=["me", "bot:greedy"])
        with tab(client, playing) as me:
            for _ in range(5):
                me.until_my_turn()
                me.send(type="action", id=0, step=me.view["step"])
                me.expect("update")
            before = me.view
    text = (tmp_path / f"{playing['table']}.json").read_text(encoding="utf-8")
    assert playing["token"] not in text
    assert not list(tmp_path.glob("*.tmp"))
    with app_for(tmp_path, seed=2) as client:
        with tab(client, playing) as me:
            assert me.view["step"] == before["step"]
            assert me.view["svg"] == before["svg"]
            assert me.view["legal"] == before["legal"]
            assert me.view["can_undo"]
            play_out(me, random.Random(1))
            assert me.view["over"]
        ben = join(client, waiting["table"], "Ben")
        with tab(client, ben) as b:
            assert b.view["started"]
            assert b.view["players"] == ["Ann", "Ben"]


def test_a_stored_file_that_does_not_read_is_left_alone(tmp_path: Path) -> None:
    """On start a stored file that does not read is skipped and kept."""
    (tmp_path / "broken-table-1.json").write_text('{"format": "kniffel-web/table"}')
    (tmp_path / "broken-table-2.json").write_text("not json")
    with app_for(tmp_path) as client:
        seat = create(client, variant="yatzy", players=1)
        assert list(client.app.state.web.tables) == [seat["table"]]
    assert (tmp_path / "broken-table-1.json").exists()


def test_undo_in_the_card_game_hides_nothing_that_was_seen(tmp_path: Path) -> None:
    """A card drawn and seen, then undone, would be back in the pile, known: refused."""
    with app_for(tmp_path, seed=2) as client:
        ann = create(client, variant="cards", seats=["me", "bot:greedy"], lang="de")
        with tab(client, ann, lang="de") as me:
            while True:
                view = me.until_my_turn()
                draw = [e for e in view["legal"] if e["action"]["type"] == "draw"]
                if draw:
                    break
                me.send(type="action", id=0, step=view["step"])  # a setup token
                me.expect("update")
            hand = list(view["observation"]["hand"])
            me.send(type="action", id=draw[0]["id"], step=view["step"])
            drawn = me.expect("update")
            assert len(drawn["observation"]["hand"]) > len(hand)  # the cards were seen
            assert not drawn["can_undo"]
            me.send(type="undo")
            refusal = me.error("undo_hidden")
            assert refusal["message"].startswith("Zurücknehmen geht nicht")
            pile = {str(card) for card in table_of(client, ann).state.pile}
            assert not pile & set(drawn["observation"]["hand"])  # still in the hand, not back


def test_a_solved_bot_plays_the_table_s_game_and_rules(tmp_path: Path) -> None:
    """``bot:optimal`` at Yatzy (and at classic under house rules) is solved for them."""
    with app_for(tmp_path) as client:
        for variant, rules in (("yatzy", {}), ("classic", {"upper_bonus": 0})):
            seat = create(client, variant=variant, seats=["me", "bot:optimal"], rules=rules)
            table = table_of(client, seat)
            bot: Any = table.seats[1].policy
            assert bot.rules == get_variant(variant).Rules.from_dict(rules)


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    """Sockets that never join a table cannot hold the server's places."""
    limits = Limits(rate=1e6, burst=1_000_000, hello_within=0.2, max_connections=2)
    with app_for(tmp_path, limits=limits) as client:
        seat = create(client, variant="classic", players=1)
        with tab(client) as idle:
            assert idle.error("hello_late")["message"].startswith("no hello in time")
            assert idle.closed() == 1008
        with tab(client, seat) as me:  # the place is free again
            assert me.view["your_turn"] in (True, False)


def test_the_hello_deadline_runs_from_the_connection_not_from_each_message(
    tmp_path: Path,
) -> None:
    """A socket that keeps talking but never says hello was kept open for good: now closed."""
    limits = Limits(rate=1e6, burst=1_000_000, hello_within=0.5)
    with app_for(tmp_path, limits=limits) as client, tab(client) as chatty:
        start = time.monotonic()
        codes = []
        while time.monotonic() - start < 3.0:  # a message every 0.1 s, each refused until hello
            chatty.send(type="undo")
            codes.append(chatty.recv()["code"])
            if codes[-1] == "hello_late":
                break
            time.sleep(0.1)
        # closed while it kept talking (before, each message gave it another 0.5 s)
        assert codes[-1] == "hello_late", codes
        assert set(codes[:-1]) == {"hello_first"}, codes
        assert chatty.closed() == 1008


def test_a_stored_history_that_is_no_decision_of_its_record_does_not_read(
    tmp_path: Path,
) -> None:
    """A hand-edited undo history stopped the app from starting (IndexError), or gave a 500."""
    with app_for(tmp_path, seed=1) as client:
        seat = create(client, variant="classic", players=1)
        with tab(client, seat) as me:
            me.send(type="action", id=0, step=me.view["step"])
            me.expect("update")
    path = tmp_path / f"{seat['table']}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["history"]
    for history in ([[0, 999, 0]], [5], [["x", 0, 0]], [[1, 0, 0]], {"0": 1}, [[0, 0, 99]]):
        path.write_text(json.dumps({**doc, "history": history}), encoding="utf-8")
        with app_for(tmp_path, seed=1) as client:
            assert seat["table"] not in client.app.state.web.tables
            answer = client.post(f"/api/tables/{seat['table']}/join", json={"name": "Ben"})
            assert answer.status_code < 500, (history, answer.status_code)
        assert path.exists()  # left alone


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(history=st.one_of(_JSON, st.lists(st.lists(st.integers(-3, 40), max_size=4), max_size=4)))
def test_any_stored_history_is_read_or_refused_as_a_file_that_does_not_read(history: Any) -> None:
    """Junk in a stored table's undo history: `Table.resume` reads it or refuses it, no crash."""
    doc = _stored_table()
    try:
        table = Table.resume({**doc, "history": history})
    except ValueError:
        return
    for decision in table.history:  # read: each is a decision of its seat in the record
        assert table.game.current_player(decision.state) == decision.seat


@functools.cache
def _stored_table() -> dict[str, Any]:
    """A stored classic table some decisions in (the app's own file)."""
    with tempfile.TemporaryDirectory() as store:
        with app_for(Path(store), seed=1) as client:  # a clean stop writes every table
            seat = create(client, variant="classic", players=1)
            with tab(client, seat) as me:
                for _ in range(3):
                    me.send(type="action", id=0, step=me.view["step"])
                    me.expect("update")
        path = Path(store) / f"{seat['table']}.json"
        stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert len(stored["history"]) == 3
    return stored


def test_the_advisors_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """One advisor per rule set a client sends was kept for good (tens of MB each)."""

    class Advisor:
        def __init__(self, rules: Any) -> None:
            self.rules = rules

        def advise(self, state: Any) -> None:
            """Ranks the actions (here: nothing)."""

    monkeypatch.setattr(tables, "bots_of", lambda variant: {"fake": Advisor})
    monkeypatch.setattr(tables, "_ADVISORS", OrderedDict())
    monkeypatch.setattr(tables, "_BUILDING", set())
    rules = [classic.Rules(upper_bonus=n) for n in range(tables.MAX_ADVISORS + 5)]
    for r in rules:
        made = tables._advisor("classic", "fake", r)
        assert isinstance(made, tuple)
        assert made[0].rules == r
    assert len(tables._ADVISORS) == tables.MAX_ADVISORS
    kept = [json.loads(key[2])["upper_bonus"] for key in tables._ADVISORS]
    assert kept == [r.upper_bonus for r in rules[-tables.MAX_ADVISORS :]]  # the oldest gave way
    started: list[Any] = []
    monkeypatch.setattr(tables, "build_in_background", started.append)
    more = [classic.Rules(upper_bonus=n) for n in range(100, 110)]
    assert all(tables._advisor("classic", "fake", r, wait=False) == tables.PENDING for r in more)
    assert len(started) == tables.MAX_BUILDING  # the others wait for a later hint


def test_a_malformed_message_is_refused_in_german(tmp_path: Path) -> None:
    """The app's reasons for "not understood" were English in a German tab."""
    with app_for(tmp_path) as client:
        seat = create(client, variant="classic", players=1, lang="de")
        with tab(client, seat, lang="de") as me:
            for raw in ('{"type":"action"}', "[]", "x", '{"type":"bogus"}',
                        json.dumps({"type": "hello", **seat})):  # fmt: skip
                me.ws.send_text(raw)
                message = me.error("bad_message")["message"]
                assert message.startswith("nicht verstanden: "), message
                words = re.sub(r'"[^"]*"', "", message.split(": ", 1)[1])  # quoted keys stay
                assert not re.search(r"\b(an|has|or|with|send|not|twice|type)\b", words), message
            me.ws.send_bytes(b"x")
            assert me.error("bad_message")["message"] == (
                "nicht verstanden: JSON als Text senden, nicht binär"
            )
        for body in ({"variant": "nope", "lang": "de"}, {"variant": 5, "lang": "de"}):
            answer = client.post("/api/tables", json=body).json()
            assert answer["message"].startswith("Unbekanntes Spiel"), answer


# -- what the audit as a hostile client found ---------------------------------------------------


def gave_way(me: Client) -> dict[str, Any]:
    """Read ``me``'s messages up to the error that closed it to make room; returns the error.

    A message of no type is sent first: a tab still open is refused it
    (``bad_message``), so a tab that was not closed fails here, not hangs.
    """
    me.send(type="probe")
    while (message := me.recv())["type"] != "error":
        pass
    assert message["code"] == "too_many_tabs", message
    assert me.closed() == 4409
    return message


def test_one_seat_s_tabs_never_lock_its_co_players_out(tmp_path: Path) -> None:
    """A seat's many tabs cannot take the places the other seats need.

    Its fifth tab closes its oldest (at most 4 per seat); at a full table a
    seat that has no connection yet gets the place of another seat's oldest
    extra tab; each closed tab is told why, in its language.
    """
    with app_for(tmp_path) as client:  # 16 per table, 4 per seat
        ann = create(client, variant="classic", players=2)
        ben = join(client, ann["table"], "Ben")
        with contextlib.ExitStack() as stack:
            tabs = [stack.enter_context(tab(client, ann, lang="de")) for _ in range(5)]
            message = gave_way(tabs[0])
            assert message["message"] == (
                "dieser Platz ist in zu vielen Tabs offen (höchstens 4): dieser, der älteste, "
                "wurde geschlossen"
            )
            web = client.app.state.web
            assert len(web.watching[ann["table"]]) == 4
            b = stack.enter_context(tab(client, ben))
            assert b.view["seat"] == 1
            assert [s["online"] for s in b.view["seats"]] == [True, True]
            tabs[1].send(type="action", id=0)  # a live tab of Ann's still plays
            assert tabs[1].recv()["type"] in ("update", "error")
    limits = Limits(rate=1e6, burst=1_000_000, max_connections_per_table=4)
    with app_for(tmp_path, limits=limits) as client:
        ann = create(client, variant="classic", players=2)
        ben = join(client, ann["table"], "Ben", lang="de")
        with contextlib.ExitStack() as stack:
            tabs = [stack.enter_context(tab(client, ann)) for _ in range(4)]  # the table is full
            b = stack.enter_context(tab(client, ben, lang="de"))  # Ben sits down all the same
            assert b.view["seat"] == 1
            assert gave_way(tabs[0])["message"].startswith(
                "the table has no room for more connections: this seat's oldest tab was closed"
            )
            another = stack.enter_context(tab(client, ben))  # Ben's own tab: Ben's oldest goes
            assert another.view["seat"] == 1
            assert gave_way(b)["message"].startswith("der Tisch hat keinen Platz")


def test_a_table_nobody_played_at_is_removed_after_a_while(tmp_path: Path) -> None:
    """Tables never started, or started with nobody's decision, give way once idle, file and all.

    A table someone played at, or someone is connected to, stays; so do the
    tables before their idle time is up.
    """
    now = [0.0]
    limits = Limits(rate=1e6, burst=1_000_000, max_tables=4, idle_unplayed=100.0)
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        waiting = create(client, variant="classic", players=2)  # never started
        solo = create(client, variant="classic", players=1)  # started, nobody moved
        played = create(client, variant="classic", players=1)
        watched = create(client, variant="classic", players=2)
        with tab(client, played) as me:
            me.send(type="action", id=0)
            me.expect("update")
        with tab(client, watched):
            now[0] = 50.0
            response = client.post("/api/tables", json={"variant": "yatzy", "name": "Eve"})
            assert (response.status_code, response.json()["error"]) == (503, "too_many_tables")
            assert (tmp_path / f"{waiting['table']}.json").exists()
            now[0] = 101.0
            fresh = create(client, variant="yatzy", players=1)
            kept = set(client.app.state.web.tables)
            assert kept == {played["table"], watched["table"], fresh["table"]}
            for gone in (waiting, solo):
                assert not (tmp_path / f"{gone['table']}.json").exists()
                response = client.post(f"/api/tables/{gone['table']}/join", json={"name": "B"})
                assert response.status_code == 404
        now[0] = 150.0  # the watched table's idle time starts when its last tab goes
        create(client, variant="yatzy", players=1)
        assert watched["table"] in client.app.state.web.tables


def test_a_game_left_for_a_day_gives_way_when_the_places_run_out(tmp_path: Path) -> None:
    """Games played a move and left cannot hold every place: the one left longest gives way.

    Only when all places are taken and no finished table nobody watches is
    left; only after `Limits.idle_abandoned` with nobody connected; in
    memory only (its file stays).
    """
    now = [0.0]
    limits = Limits(rate=1e6, burst=1_000_000, max_tables=2, idle_abandoned=1000.0)
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        first = create(client, variant="classic", players=1)
        with tab(client, first) as me:
            me.send(type="action", id=0)
            me.expect("update")
        now[0] = 10.0
        second = create(client, variant="classic", players=1)
        with tab(client, second) as me:
            me.send(type="action", id=0)
            me.expect("update")
        now[0] = 500.0
        response = client.post("/api/tables", json={"variant": "yatzy", "name": "Eve"})
        assert (response.status_code, response.json()["error"]) == (503, "too_many_tables")
        now[0] = 1005.0  # the first game was left at 0 (its last change), the second at 10
        with tab(client, second):  # someone is at the second one: it never gives way
            create(client, variant="yatzy", players=1)
            kept = set(client.app.state.web.tables)
            assert first["table"] not in kept
            assert second["table"] in kept
        assert (tmp_path / f"{first['table']}.json").exists()  # its file stays


def test_a_table_put_aside_comes_back_when_asked_for(tmp_path: Path) -> None:
    """A game that gave way is read back from its file by its seat's link or a join.

    It takes a place like a new table: when every place is held it is refused
    (503) and the tab is told to try later; once a place is free it is back
    where it was left.
    """
    now = [0.0]
    limits = Limits(rate=1e6, burst=1_000_000, max_tables=2, idle_abandoned=1000.0,
                    idle_unplayed=3000.0)  # fmt: skip
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        web = client.app.state.web
        first = create(client, variant="classic", players=1)
        with tab(client, first) as me:
            me.send(type="action", id=0)
            left = me.expect("update")
        second = create(client, variant="classic", players=1)
        now[0] = 1005.0
        with tab(client, second):  # someone is at the second table: it never gives way
            fresh = create(client, variant="yatzy", players=1)  # the first game gives way
            assert set(web.tables) == {second["table"], fresh["table"]}
            with tab(client) as me:
                me.send(type="hello", table=first["table"], token=first["token"], lang="de")
                assert me.error("too_many_tables")["message"].startswith("es sind zu viele Tische")
                assert me.closed() == 1013
            response = client.post(f"/api/tables/{first['table']}/join", json={"name": "Bo"})
            assert (response.status_code, response.json()["error"]) == (503, "too_many_tables")
            now[0] = 4100.0  # the yatzy table nobody played at gives way now
        with tab(client) as me:
            back = me.hello(first)
            assert back["step"] == left["step"]
            assert back["observation"] == left["observation"]
        assert set(web.tables) == {first["table"], second["table"]}
        full = client.post(f"/api/tables/{first['table']}/join", json={"name": "Bo"})
        assert (full.status_code, full.json()["error"]) == (409, "table_full")  # found
        unknown = client.post("/api/tables/" + "0" * len(first["table"]) + "/join", json={})
        assert unknown.status_code == 404


def let_go(web: WebApp, table_id: str) -> None:
    """Wait (5 s at most) until the server is done with ``table_id``: no tab, write or chance step.

    A closed test socket, the table's last write and its pending throw are
    handled by the server's own thread a moment later; until then the table
    does not give way.
    """
    deadline = time.monotonic() + 5.0
    while web.watching.get(table_id) or table_id in web.saving or table_id in web.drivers:
        assert time.monotonic() < deadline, f"the server still holds {table_id}"
        time.sleep(0.005)


def test_reading_tables_back_is_charged_to_the_address_like_opening_them(
    tmp_path: Path,
) -> None:
    """A table read back from its file takes a place: the asking address pays as for a new one.

    Whoever knows many finished tables' links cannot make the server replay
    them one after another; another address is not held up, and a link to
    no table costs nothing.
    """
    now = [0.0]
    limits = Limits(rate=1e6, burst=1_000_000, max_tables=1, idle_abandoned=10.0,
                    new_tables_rate=1e-9, new_tables_burst=3)  # fmt: skip
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        web = client.app.state.web
        seats = []
        for clock in (0.0, 20.0):  # two games played a move and left; the first gives way
            now[0] = clock
            seats.append(create(client, variant="classic", players=1))
            with tab(client, seats[-1]) as me:
                me.send(type="action", id=0)
                me.expect("update")
            let_go(web, seats[-1]["table"])
        first, second = seats
        assert set(web.tables) == {second["table"]}
        now[0] = 40.0
        for _ in range(3):  # no such table: nothing read, nothing charged
            unknown = client.post("/api/tables/" + "0" * 16 + "/join", json={})
            assert unknown.status_code == 404
        with tab(client, first):  # the third place this address takes: read back
            assert set(web.tables) == {first["table"]}
        let_go(web, first["table"])
        now[0] = 60.0
        with tab(client) as me:
            me.send(type="hello", table=second["table"], token=second["token"], lang="de")
            refused = me.error("too_many_new_tables")
            assert refused["message"].startswith("zu viele neue Tische von dieser Adresse")
            assert me.closed() == 1013
        response = client.post(f"/api/tables/{second['table']}/join", json={"name": "Bo"})
        assert (response.status_code, response.json()["error"]) == (429, "too_many_new_tables")
        assert set(web.tables) == {first["table"]}  # nothing was read back
        other = TestClient(client.app, client=("2001:db8::7", 50000))
        full = other.post(f"/api/tables/{second['table']}/join", json={"name": "Bo"})
        assert (full.status_code, full.json()["error"]) == (409, "table_full")  # read back
        assert set(web.tables) == {second["table"]}


def test_a_stored_table_nobody_played_at_is_removed_on_start(tmp_path: Path) -> None:
    """On start, the files of tables nobody played at that are older than the idle time go."""
    with app_for(tmp_path) as client:
        old_waiting = create(client, variant="duel", players=2)
        old_solo = create(client, variant="classic", players=1)
        new_waiting = create(client, variant="duel", players=2)
        old_played = create(client, variant="classic", players=1)
        with tab(client, old_played) as me:
            me.send(type="action", id=0)
            me.expect("update")
    long_ago = time.time() - Limits().idle_unplayed - 60
    for seat in (old_waiting, old_solo, old_played):
        path = tmp_path / f"{seat['table']}.json"
        os.utime(path, (long_ago, long_ago))
    with app_for(tmp_path) as client:
        resumed = set(client.app.state.web.tables)
        assert resumed == {new_waiting["table"], old_played["table"]}
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == sorted(
        [new_waiting["table"], old_played["table"]]
    )


def test_opening_tables_is_limited_per_client_address(tmp_path: Path) -> None:
    """One address opens a few tables at once, then one a while; another address is not held up."""
    now = [0.0]
    limits = Limits(new_tables_rate=0.1, new_tables_burst=3)
    with app_for(tmp_path, limits=limits, clock=lambda: now[0]) as client:
        for _ in range(3):
            create(client, variant="classic", players=1)
        body = {"variant": "classic", "name": "A", "lang": "de"}
        response = client.post("/api/tables", json=body)
        assert (response.status_code, response.json()["error"]) == (429, "too_many_new_tables")
        assert response.json()["message"].startswith("zu viele neue Tische von dieser Adresse")
        response = client.post("/api/tables", json={"variant": "classic", "name": ""})
        assert response.status_code == 400  # a bad request is refused for what it is
        other = TestClient(client.app, client=("2001:db8::7", 50000))
        assert other.post("/api/tables", json=body).status_code == 201
        now[0] = 10.0
        create(client, variant="classic", players=1)
        assert client.post("/api/tables", json=body).status_code == 429
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:2") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") != client_key("2001:db8::1")
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1") == "192.0.2.1"
    assert client_key("testclient") == "testclient"


def test_names_are_compared_normalised_and_nobody_passes_for_a_bot(tmp_path: Path) -> None:
    """Names are compared normalised: "A\u030asa" is "Åsa" (NFC) is "åSA" (case); no bot's form."""
    with app_for(tmp_path) as client:
        asa = create(client, variant="classic", seats=["me", "bot:greedy", "open", "open"],
                     name="A\u030asa")  # fmt: skip
        table = table_of(client, asa)
        assert table.seats[0].name == "Åsa"  # stored, and shown, composed
        for name in ("Åsa", "A\u030asa", " åSA ", "ÅSA", "\uff21\u030asa"):
            response = client.post(f"/api/tables/{asa['table']}/join", json={"name": name})
            assert (response.status_code, response.json()["error"]) == (409, "name_taken"), name
        for name in ("greedy (2)", "Greedy(2)", "GREEDY ( 3 )", "random (7)", "optimal (\uff11)"):
            response = client.post(f"/api/tables/{asa['table']}/join",
                                   json={"name": name, "lang": "de"})  # fmt: skip
            assert (response.status_code, response.json()["error"]) == (400, "bot_name"), name
            assert "einem Bot" in response.json()["message"]
        response = client.post("/api/tables", json={"variant": "classic", "name": "win (1)"})
        assert (response.status_code, response.json()["error"]) == (400, "bot_name")
        join(client, asa["table"], "Ben (2)")  # a person's name with a number is no bot's
        join(client, asa["table"], "Be\u0301a")
        assert table.seats[3].name == "B\u00e9a"
        assert [s.name for s in table.seats] == ["Åsa", "greedy (2)", "Ben (2)", "Béa"]


def test_the_other_seats_are_told_of_an_undo(tmp_path: Path) -> None:
    """Undo sends the other seats a notice, each in its own language; the undoer gets none."""
    with app_for(tmp_path, seed=4) as client:
        ann = create(client, variant="classic", players=2)
        ben = join(client, ann["table"], "Ben")
        with tab(client, ann) as a, tab(client, ben, lang="de") as b:
            a.expect("update")  # Ben online
            mover, waiter = (a, b) if a.view["your_turn"] else (b, a)
            mover.send(type="action", id=0)
            mover.expect("update")
            waiter.expect("update")
            mover.send(type="undo")
            back = mover.expect("update")
            waiter.send(type="probe")  # answered after the notice (a refusal): nothing hangs
            waiter.expect("update")
            notice = waiter.expect("notice")
            assert notice["code"] == "undone"
            assert notice["seat"] == mover.view["seat"]
            assert notice["step"] == back["step"]
            said = {a: "Ann hat eine Entscheidung zurückgenommen", b: "Ben took back a decision"}
            assert notice["message"] == said[mover]  # in the receiver's language
            waiter.error("bad_message")
            mover.send(type="lang", lang="en")
            assert mover.recv()["type"] == "update"  # no notice for the one who undid


def test_too_many_connections_is_said_in_the_request_s_language(tmp_path: Path) -> None:
    """Before hello the language is the address's ``?lang=``, else the browser's Accept-Language."""
    limits = Limits(max_connections=1)
    with app_for(tmp_path, limits=limits) as client, tab(client):
        for path, headers, start in (
            ("/ws?lang=de", {}, "zu viele Verbindungen"),
            ("/ws", {"accept-language": "fr-CH, fr;q=0.9, de-AT;q=0.8"}, "zu viele Verbindungen"),
            ("/ws?lang=en", {"accept-language": "de"}, "too many connections"),
            ("/ws?lang=xx", {"accept-language": "de;q=0.1"}, "zu viele Verbindungen"),
            ("/ws", {"accept-language": "de;q=0, en;q=nonsense, *"}, "too many connections"),
            ("/ws", {}, "too many connections"),
        ):
            with client.websocket_connect(path, headers=headers) as ws:
                c = Client(ws)
                assert c.error("too_many_connections")["message"].startswith(start), path
                assert c.closed() == 1013
        response = client.post("/api/tables", content=b"{}", headers={
            "content-type": "text/plain", "accept-language": "de-DE,de;q=0.9"})  # fmt: skip
        assert response.json()["message"].startswith("nicht verstanden")
    assert request_lang(Headers({"accept-language": "x" * 10_000}), {}) == "en"


def test_a_broken_or_foreign_file_is_not_read_back(tmp_path: Path) -> None:
    """A table id whose file is junk, another table's, or missing is unknown: 404, ``bad_token``.

    A start reads the good files past them (a file nested too deep for
    Python's JSON reader stopped the app's start).
    """
    with app_for(tmp_path) as client:
        real = create(client, variant="classic", players=1)
    stored = json.loads((tmp_path / f"{real['table']}.json").read_text(encoding="utf-8"))
    files = {
        "junk0000": "{not json",
        "nested00": "[" * 100_000,
        "notadict": "[1, 2]",
        "foreign0": json.dumps({**stored, "seats": [{**stored["seats"][0], "name": "Eve"}]}),
        "badseats": json.dumps({**stored, "table": "badseats", "seats": [{"kind": "x"}]}),
    }
    for name, text in files.items():
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
    with app_for(tmp_path) as client:
        assert set(client.app.state.web.tables) == {real["table"]}
        assert table_of(client, real).seats[0].name == "Ann"
        for name in [*files, "missing0", "../" + real["table"], ""]:
            response = client.post(f"/api/tables/{name}/join", json={"name": "Bo"})
            assert response.status_code == 404, name
            with tab(client) as me:
                me.send(type="hello", table=name, token=real["token"])
                assert me.error("bad_token")
        for table in (None, 7, ["junk0000"], {"id": 1}):
            with tab(client) as me:
                me.send(type="hello", table=table, token=real["token"])
                assert me.error("bad_token")
        assert set(client.app.state.web.tables) == {real["table"]}
