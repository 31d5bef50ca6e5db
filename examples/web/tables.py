"""The tables of the web app: seats and their secrets, the game, bots, hints, undo, views, records.

Nothing here knows HTTP or WebSocket (that is ``app.py``); everything here
knows no game by name: it asks the registry (`kniffel_rules.VARIANTS`,
`kniffel_rules.get_variant`, each game's ``INFO``) and the bots registry
(`kniffel_rules.bots.BOTS`), and it uses only the library's public
functions. A `Table` is changed only on the event loop; the slow work (a
bot's decision, a hint, writing a record) gets a snapshot to work on in a
thread, and its result is used only if the table has not changed since
(`Table.version`).

Every message for a seat is built from that seat's observation
(``game.observation(state, seat)``): its picture, its legal actions and its
refusals. In the card game the other hands are only counts there, so no
card of another hand can reach a browser it does not belong to.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
import re
import secrets
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import kniffel_rules
from kniffel_rules import (
    CHANCE,
    GameRecord,
    IllegalActionError,
    KniffelError,
    Variant,
    get_variant,
    svg,
)
from kniffel_rules.bots import BOTS, RandomBot, make_bot
from kniffel_rules.game import GAME_OVER
from kniffel_rules.lang import LANGS, Lang

__all__ = [
    "BOT_LABEL",
    "MAX_NAME",
    "STORE_FORMAT",
    "TABLE_ID",
    "Refusal",
    "Table",
    "fold_name",
    "game_list",
    "hint",
    "lang_of",
    "never_played",
    "say",
]

log = logging.getLogger("kniffel_web")

TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""What a table id may be (`secrets.token_urlsafe` makes them; it names the record file)."""

MAX_NAME: Final = 32
"""The longest player name the app takes, in characters (the library allows more)."""

LOG_LENGTH: Final = 8
"""How many of the last decisions an update lists."""

STORE_FORMAT: Final = "kniffel-web/table"
"""The ``format`` tag of a stored table (``<store>/<table>.json``)."""

STRONGEST: Final = ("optimal", "ismcts", "strong", "greedy", "random")
"""The bots' names from the strongest down: a hint asks the first one a game has."""

# --8<-- [start:words]
WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "unknown_table": {"en": "there is no such table", "de": "diesen Tisch gibt es nicht"},
    "bad_token": {
        "en": "this seat's link is not valid (or the table is gone)",
        "de": "der Link zu diesem Platz ist ungültig (oder der Tisch ist nicht mehr da)",
    },
    "table_full": {"en": "the table is full", "de": "der Tisch ist voll"},
    "too_many_tables": {
        "en": "too many tables are open; try again later",
        "de": "es sind zu viele Tische offen; bitte später noch einmal",
    },
    "too_many_connections": {
        "en": "too many connections; try again later",
        "de": "zu viele Verbindungen; bitte später noch einmal",
    },
    "too_many_tabs": {
        "en": "this seat is open in too many tabs (at most {count}): this one, the oldest, "
        "was closed",
        "de": "dieser Platz ist in zu vielen Tabs offen (höchstens {count}): dieser, der "
        "älteste, wurde geschlossen",
    },
    "tab_gives_way": {
        "en": "the table has no room for more connections: this seat's oldest tab was closed "
        "to make room for a newer one",
        "de": "der Tisch hat keinen Platz für weitere Verbindungen: der älteste Tab dieses "
        "Platzes wurde für eine neuere Verbindung geschlossen",
    },
    "too_many_new_tables": {
        "en": "too many new tables from this address: try again in a minute",
        "de": "zu viele neue Tische von dieser Adresse: bitte in einer Minute noch einmal",
    },
    "too_big": {
        "en": "message too long: at most {size} bytes",
        "de": "Nachricht zu lang: höchstens {size} Bytes",
    },
    "too_fast": {
        "en": "too many messages: slow down",
        "de": "zu viele Nachrichten: bitte langsamer",
    },
    "bad_message": {"en": "not understood: {detail}", "de": "nicht verstanden: {detail}"},
    "want_origin": {"en": "a request from another site", "de": "eine Anfrage einer anderen Seite"},
    "want_content_type": {
        "en": "the Content-Type must be application/json",
        "de": "der Content-Type muss application/json sein",
    },
    "want_json": {"en": "not JSON", "de": "kein JSON"},
    "want_object": {"en": "a JSON object was expected", "de": "ein JSON-Objekt wurde erwartet"},
    "want_typed_object": {
        "en": 'a JSON object with a "type" was expected',
        "de": 'ein JSON-Objekt mit "type" wurde erwartet',
    },
    "want_text": {"en": "send JSON text, not binary", "de": "JSON als Text senden, nicht binär"},
    "want_kind": {"en": "no message of type {kind}", "de": "keine Nachricht vom Typ {kind}"},
    "want_one_hello": {"en": "hello twice", "de": "zweimal hello"},
    "want_action": {
        "en": 'an action has "id", "text" or "action"',
        "de": 'eine Aktion hat "id", "text" oder "action"',
    },
    "hello_late": {
        "en": "no hello in time: connect again and send hello (table and seat token) first",
        "de": "kein hello rechtzeitig: neu verbinden und zuerst hello senden (Tisch und "
        "Platz-Token)",
    },
    "hello_first": {
        "en": "say hello first (table and seat token)",
        "de": "zuerst hello senden (Tisch und Platz-Token)",
    },
    "bad_name": {
        "en": "a name is 1 to {size} printable characters",
        "de": "ein Name hat 1 bis {size} druckbare Zeichen",
    },
    "bot_name": {
        "en": "{name} is how this app names a bot: choose another name",
        "de": "{name} ist ein Name, wie ihn diese App einem Bot gibt: bitte einen anderen "
        "Namen wählen",
    },
    "name_taken": {
        "en": "{name} already sits at this table: choose another name",
        "de": "{name} sitzt schon an diesem Tisch: bitte einen anderen Namen wählen",
    },
    "bad_seats": {
        "en": "seats: one \"me\", and \"open\" or \"bot:NAME\" for each other seat "
        "(bots of this game: {bots})",
        "de": "Plätze: ein \"me\", und \"open\" oder \"bot:NAME\" für jeden anderen Platz "
        "(Bots dieses Spiels: {bots})",
    },
    "not_started": {
        "en": "the game starts when every seat is taken ({count} still open)",
        "de": "das Spiel beginnt, wenn alle Plätze besetzt sind (noch {count} frei)",
    },
    "not_your_turn": {
        "en": "it is {name}'s turn, not yours",
        "de": "{name} ist am Zug, nicht du",
    },
    "stale": {
        "en": "the game has moved on: choose again",
        "de": "das Spiel ist weitergegangen: bitte neu wählen",
    },
    "bad_id": {
        "en": "there is no action number {id} now",
        "de": "eine Aktion Nummer {id} gibt es gerade nicht",
    },
    "nothing_to_undo": {"en": "nothing to undo yet", "de": "noch nichts zurückzunehmen"},
    "undo_not_theirs": {
        "en": "cannot undo: {names} decided since your last decision; undo takes back only "
        "your own",
        "de": "Zurücknehmen geht nicht: seit deiner letzten Entscheidung wurde schon "
        "weitergespielt (von {names}); zurücknehmen kannst du nur deine eigene",
    },
    "undo_hidden": {
        "en": "cannot undo: in a game with hidden cards, nothing is taken back once a card was "
        "drawn or dealt or another player moved since your decision",
        "de": "Zurücknehmen geht nicht: in einem Spiel mit verdeckten Karten wird nichts "
        "zurückgenommen, sobald seit deiner Entscheidung eine Karte gezogen oder ausgeteilt "
        "wurde oder jemand anderes gezogen hat",
    },
    "undone": {
        "en": "{name} took back a decision",
        "de": "{name} hat eine Entscheidung zurückgenommen",
    },
    "hint_busy": {
        "en": "a hint is being worked out",
        "de": "ein Tipp wird gerade berechnet",
    },
    "hint_not_now": {"en": "hints are for your turn", "de": "Tipps gibt es, wenn du am Zug bist"},
    "hint_optimal": {
        "en": "the optimal player: {action} (expected final score {value})",
        "de": "der optimale Spieler: {action} (erwartete Endsumme {value})",
    },
    "hint_win": {
        "en": "to win: {action} (chance to win {win} %, expected final score {value})",
        "de": "um zu gewinnen: {action} (Siegchance {win} %, erwartete Endsumme {value})",
    },
    "hint_bot": {
        "en": "the {bot} bot would play: {action}",
        "de": "der Bot {bot} würde spielen: {action}",
    },
    "no_hint": {"en": "no hint: {reason}", "de": "kein Tipp: {reason}"},
    "winner": {"en": "{names} wins", "de": "{names} gewinnt"},
    "winners": {"en": "{names} win (a tie)", "de": "{names} gewinnen (Gleichstand)"},
    "server_error": {
        "en": "internal error: nothing was changed",
        "de": "interner Fehler: nichts wurde geändert",
    },
}
"""The app's own sentences, in every language of `kniffel_rules.lang.LANGS`.

Everything about the games (refusals, parse errors, action names, the
pictures, the titles) is the library's, from its message catalogue.
"""
# --8<-- [end:words]


def decimal(value: float, lang: Lang) -> str:
    """``value`` to one decimal as ``lang`` writes it (German: a decimal comma, ``236,4``)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def say(key: str, lang: Lang, /, **args: object) -> str:
    """The app's sentence ``key`` in ``lang``, filled with ``args``."""
    return WORDS[key][lang].format(**args)


def lang_of(value: object) -> Lang:
    """A language the library speaks (``"en"`` for anything else)."""
    for lang in LANGS:
        if value == lang:
            return lang
    return "en"


class Refusal(Exception):
    """A request the app refuses: a code, the app's sentence key, and the HTTP status.

    Attributes:
        code: The machine-readable reason (``"table_full"``).
        status: The HTTP status of the refusal (400, 403, 404, 409, 413, 503).
        args_: The sentence's arguments.
        rule: The clause id of a rule of the game, or ``""``.
    """

    def __init__(self, code: str, status: int = 400, *, rule: str = "", **args: object) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.rule = rule
        self.args_ = args

    def message(self, lang: Lang) -> str:
        """The sentence to show, in ``lang`` (an argument that is a `Word`: its sentence too)."""
        args = {k: v.say(lang) if isinstance(v, Word) else v for k, v in self.args_.items()}
        return say(self.code, lang, **args)


class Word:
    """An argument of a refusal that is one of the app's own sentences (a key of `WORDS`)."""

    def __init__(self, key: str, **args: object) -> None:
        self.key = key
        self.args = args

    def say(self, lang: Lang) -> str:
        """The sentence in ``lang``."""
        return say(self.key, lang, **self.args)


def localized(error: Exception, lang: Lang) -> str:
    """The library's message of ``error`` in ``lang`` (its ``localized`` where it has one)."""
    method = getattr(error, "localized", None)
    return str(method(lang)) if callable(method) else str(error)


def bots_of(variant: str) -> dict[str, Callable[..., Any]]:
    """The bots of a game by name (`kniffel_rules.bots.BOTS`; every game has ``random``)."""
    return {"random": RandomBot, **BOTS.get(variant, {})}


def game_list() -> list[dict[str, Any]]:
    """What ``GET /api/games`` answers: every registered game, as its ``INFO`` says it."""
    games = []
    for name in kniffel_rules.VARIANTS:
        game = get_variant(name)
        info = game.INFO
        bots = list(bots_of(name))
        games.append({
            "name": info.name,
            "titles": {lang: info.title(lang) for lang in LANGS},
            "min_players": info.min_players,
            "max_players": info.max_players,
            "hidden_information": info.hidden_information,
            "bots": bots,
            "strongest_bot": next(b for b in STRONGEST if b in bots),
            "rules": game.Rules().to_dict(),
        })
    return games


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def fold_name(name: str) -> str:
    """The form in which two names are compared: Unicode-normalised and case-folded.

    NFKC (which includes NFC: ``"A\u030asa"`` is ``"Åsa"``; and full-width or
    other compatibility forms: ``"\uff21nn"`` is ``"Ann"``), then `str.casefold`
    (``"ÅSA"`` is ``"åsa"``), then NFKC again (folding can undo it).
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


BOT_LABEL: Final = re.compile(
    r"\s*(?:{})\s*\(\s*\d+\s*\)\s*".format(
        "|".join(sorted({fold_name(bot) for name in kniffel_rules.VARIANTS
                         for bot in ("random", *BOTS.get(name, {}))}, key=len, reverse=True))
    )
)  # fmt: skip
"""The form of a bot's name at a table (``"greedy (3)"``), matched on `fold_name`'s form.

Any bot of any game, any seat number, spaces or none: a person's name of this
form is refused, so nobody passes for a bot (of this table or of another).
"""


def check_name(value: object) -> str:
    """A player's name as the app takes it: 1 to `MAX_NAME` printable characters.

    The name is trimmed and put in Unicode's composed form (NFC), so that one
    name is stored and shown one way.

    Raises:
        Refusal: Anything else (``bad_name``), or a name of the form of a
            bot's (``bot_name``, `BOT_LABEL`).
    """
    if isinstance(value, str):
        value = unicodedata.normalize("NFC", value.strip())
        if 0 < len(value) <= MAX_NAME and value.isprintable():
            if BOT_LABEL.fullmatch(fold_name(value)):
                raise Refusal("bot_name", name=value)
            return value
    raise Refusal("bad_name", size=MAX_NAME)


class Seat:
    """One seat: a person (``"human"``), a bot (``"bot"``) or not taken yet (``"open"``).

    Attributes:
        kind: ``"human"``, ``"bot"`` or ``"open"``.
        name: The name shown (a bot's: ``"greedy (2)"``); ``None`` while open.
        bot: The bot's name (``"greedy"``), ``""`` for a person.
        token_hash: The SHA-256 of the seat's secret (a person's seat only);
            the secret itself is never stored.
    """

    def __init__(self, kind: str, name: str | None = None, bot: str = "",
                 token_hash: str = "") -> None:  # fmt: skip
        self.kind = kind
        self.name = name
        self.bot = bot
        self.token_hash = token_hash
        self.policy: Any = None

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token_hash}


class _Decision:
    """A person's decision, for ``undo``: who, the state before it, the lengths before it."""

    def __init__(self, seat: int, state: Any, count: int, logged: int) -> None:
        self.seat = seat
        self.state = state
        self.count = count
        self.logged = logged


class Table:
    """One table: its seats, its game so far, and what each seat may see of it.

    The game starts when every seat is taken (``new_game`` with the seats'
    names). Chance is thrown at once by the table (`Table.chance_rng`);
    bots are moved by the app (``app.py``) through `Table.bot_job` and
    `Table.play`.

    Attributes:
        id: The table id (unguessable).
        variant: The game's registry name.
        game: The game module.
        rules: The game's ``Rules``.
        seats: The seats, in order.
        seed: The seed of the table's chance (the server's ``--seed`` and the
            table id, or a secret of the table's own); never sent to a client.
        initial: The state the game started from (``None`` before the start).
        state: The current state (``None`` before the start).
        actions: Every decision and chance outcome so far.
        log: The decisions so far as ``(seat, action)``, for the updates.
        version: Grows by one with every change: a bot's move or a hint
            worked out on an older version is thrown away.
    """

    def __init__(self, table_id: str, variant: str, rules: Any, seats: list[Seat],
                 seed: str) -> None:  # fmt: skip
        self.id = table_id
        self.variant = variant
        self.game: Variant = get_variant(variant)
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.initial: Any = None
        self.state: Any = None
        self.actions: list[Any] = []
        self.log: list[tuple[int, Any]] = []
        self.history: list[_Decision] = []
        self.version = 0
        self._cache: dict[tuple[Any, ...], Any] = {}
        self._cached_version = -1
        for i, seat in enumerate(seats):
            if seat.kind == "bot":
                seat.policy = make_bot(variant, seat.bot, rules)  # solved for these rules
                seat.name = f"{seat.bot} ({i + 1})"

    # -- creating and joining --------------------------------------------
    @classmethod
    def create(cls, message: Mapping[str, Any], server_seed: int | None) -> tuple[Table, str]:
        """A new table as ``POST /api/tables`` asks for it; returns it and the creator's token.

        Raises:
            Refusal: A bad name or seat list.
            KniffelError: An unknown game, bad rules or a number of players the
                game does not allow (the library's refusal).
        """
        variant: Any = message.get("variant")  # whatever a client sent
        game = get_variant(variant)  # refuses anything but a game's name, in every language
        players = message.get("players")
        seats_spec = message.get("seats")
        if seats_spec is None:
            count = game.INFO.min_players if players is None else players
            if isinstance(count, int) and not isinstance(count, bool) and 0 < count <= 1000:
                seats_spec = ["me"] + ["open"] * (count - 1)
        bots = bots_of(variant)
        if (
            not isinstance(seats_spec, list)  # its length is the game's to judge, below
            or seats_spec.count("me") != 1
            or (players is not None and players != len(seats_spec))
        ):
            raise Refusal("bad_seats", bots=", ".join(bots))
        rules = game.Rules.from_dict(message.get("rules") or {}, "rules")
        game.new_game(players=len(seats_spec), rules=rules)  # the game judges the count
        name = check_name(message.get("name"))
        token = secrets.token_urlsafe(24)
        seats = []
        for spec in seats_spec:
            if spec == "me":
                seats.append(Seat("human", name, token_hash=_hash(token)))
            elif spec == "open":
                seats.append(Seat("open"))
            elif isinstance(spec, str) and spec.removeprefix("bot:") in bots:
                seats.append(Seat("bot", bot=spec.removeprefix("bot:")))
            else:
                raise Refusal("bad_seats", bots=", ".join(bots))
        table_id = secrets.token_urlsafe(12)
        seed = f"{server_seed}/{table_id}" if server_seed is not None else secrets.token_hex(16)
        table = cls(table_id, variant, rules, seats, seed)
        table.start_if_full()
        return table, token

    def seat_of(self, token: object) -> int | None:
        """The seat whose secret ``token`` is, or ``None`` (compared in constant time)."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        digest = _hash(token)
        found = None
        for i, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                found = i
        return found

    def join(self, name_value: object) -> tuple[int, str]:
        """A person takes the lowest open seat; returns the seat and its secret token.

        A name is only a label: it never gives a seat that is taken (the
        token does); two people of one name at a table are refused, so that
        nobody can pass for another: names are compared as `fold_name`
        makes them (``"A\u030asa"``, ``"åsa"`` and ``"Åsa"`` are one name), with
        the bots' names too, and a name of the form of a bot's is refused
        (`check_name`).

        Raises:
            Refusal: A bad name, a name already at the table, a full table.
        """
        name = check_name(name_value)
        folded = fold_name(name)
        if any(seat.name is not None and fold_name(seat.name) == folded for seat in self.seats):
            raise Refusal("name_taken", 409, name=name)
        free = [i for i, seat in enumerate(self.seats) if seat.kind == "open"]
        if not free:
            raise Refusal("table_full", 409)
        token = secrets.token_urlsafe(24)
        self.seats[free[0]] = Seat("human", name, token_hash=_hash(token))
        try:
            self.start_if_full()
        except KniffelError:  # the game refused to start (a name it does not take): no seat
            self.seats[free[0]] = Seat("open")
            raise
        self.version += 1
        return free[0], token

    def start_if_full(self) -> bool:
        """Start the game once every seat is taken; returns whether it started now."""
        if self.state is not None or any(seat.kind == "open" for seat in self.seats):
            return False
        names = [seat.name or "" for seat in self.seats]
        self.state = self.initial = self.game.new_game(players=names, rules=self.rules)
        self.chance()
        return True

    # -- the game --------------------------------------------------------
    @property
    def started(self) -> bool:
        """Whether every seat is taken and the game has begun."""
        return self.state is not None

    @property
    def played(self) -> bool:
        """Whether a person has made a decision here (one not taken back since).

        A table nobody has played at (not started, or started with nobody's
        decision yet) is removed after a while (``Limits.idle_unplayed``).
        """
        return any(self.seats[seat].kind == "human" for seat, _ in self.log)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state is not None and self.game.is_terminal(self.state)

    def to_move(self) -> int | None:
        """The seat to decide now, or ``None`` (not started, or over)."""
        if self.state is None or self.game.is_terminal(self.state):
            return None
        return self.game.current_player(self.state)

    # --8<-- [start:chance]
    def chance_rng(self) -> random.Random:
        """The generator of the chance event at the current step.

        One generator per step, from the table's seed: a game depends only on
        the seed and the players' choices (restarts of the server included),
        and a decision taken back and taken again meets the same dice.
        """
        return random.Random(f"{self.seed}/{len(self.actions)}")

    def chance(self) -> None:
        """Throw every chance event that is due (the server throws; nobody waits for chance)."""
        game = self.game
        while not game.is_terminal(self.state) and game.current_player(self.state) == CHANCE:
            outcome = game.sample_chance(self.state, self.chance_rng())
            self.state = game.apply(self.state, outcome)
            self.actions.append(outcome)
    # --8<-- [end:chance]

    def play(self, seat: int, action: Any) -> None:
        """Apply a legal decision of ``seat``, then every chance event that follows."""
        before = self.state
        if self.seats[seat].kind == "human":
            self.history.append(_Decision(seat, before, len(self.actions), len(self.log)))
        self.state = self.game.apply(before, action)
        self.actions.append(action)
        self.log.append((seat, action))
        self.chance()
        self.version += 1

    def _cached(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()``, made once per `version` (several tabs, several languages)."""
        if self._cached_version != self.version:
            self._cache.clear()
            self._cached_version = self.version
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def view_of(self, seat: int) -> Any:
        """What ``seat`` may see: the game's observation (the card game: only its own hand)."""
        return self._cached(("view", seat), lambda: self.game.observation(self.state, seat))

    def decide_on(self, seat: int) -> Any:
        """The state a seat's decision is judged on: built from its observation alone.

        In a game with hidden information that is the game's stand-in of the
        seat's view (``stand_in``): what it accepts and how it refuses
        cannot depend on, or name, a card of another hand or of the pile.
        """
        stand_in = getattr(self.game, "stand_in", None)
        if not self.game.INFO.hidden_information or not callable(stand_in):
            return self.state
        return self._cached(("stand_in", seat), lambda: stand_in(self.view_of(seat)))

    def check_turn(self, seat: int) -> None:
        """Refuse a decision of ``seat`` unless it is to move.

        Raises:
            Refusal: The game has not started, is over, or it is another's turn.
        """
        if self.state is None:
            count = sum(s.kind == "open" for s in self.seats)
            raise Refusal("not_started", count=count)
        if self.over:
            raise IllegalActionError(GAME_OVER)
        to_move = self.to_move()
        if to_move != seat:
            name = self.seats[to_move].name if to_move is not None and to_move >= 0 else "?"
            raise Refusal("not_your_turn", rule="PR-08", name=name)

    def legal(self, seat: int) -> tuple[Any, ...]:
        """The legal actions of ``seat`` when it is to move (listed on its view), else ``()``."""
        if self.to_move() != seat:
            return ()
        legal: tuple[Any, ...] = self._cached(
            ("legal", seat), lambda: tuple(self.game.legal_actions(self.decide_on(seat)))
        )
        return legal

    def bot_job(self) -> tuple[int, Callable[[], Any]] | None:
        """When a bot is to move: its seat and its decision as a function to run in a thread.

        The function works on its own copy of everything it needs (states
        are immutable); the caller applies its result with `play` only if
        `version` has not changed meanwhile.
        """
        seat = self.to_move()
        if seat is None or self.seats[seat].kind != "bot":
            return None
        policy = self.seats[seat].policy
        view = self.decide_on(seat)
        actions = tuple(self.game.legal_actions(view))
        rng = random.Random(f"{self.seed}/{len(self.actions)}/bot")

        def decide() -> Any:
            return policy(view, actions, rng)

        return seat, decide

    # -- undo --------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Whether `undo` would take back a decision of ``seat`` now."""
        return self._undo_problem(seat) is None

    def _undo_problem(self, seat: int) -> Refusal | None:
        if self.over:
            return Refusal("nothing_to_undo")
        mine = [i for i, d in enumerate(self.history) if d.seat == seat]
        if not mine:
            return Refusal("nothing_to_undo")
        others = [d.seat for d in self.history[mine[-1] + 1 :] if d.seat != seat]
        if others:
            names = ", ".join(dict.fromkeys(self.seats[s].name or "?" for s in others))
            return Refusal("undo_not_theirs", names=names)
        if self.game.INFO.hidden_information:
            # A card drawn or dealt since, or another seat's move (a bot's), showed
            # what undo would hide again: the same draw would then be known in advance.
            decision = self.history[mine[-1]]
            state = decision.state
            for action in self.actions[decision.count :]:
                if self.game.current_player(state) != seat:
                    return Refusal("undo_hidden")
                state = self.game.apply(state, action)
        return None

    def undo(self, seat: int) -> None:
        """Back to before ``seat``'s own last decision, as ``kniffel play`` does it.

        Only the asking person's own decision, and only when no other person
        has decided since (the bots' decisions and the chance after it are
        taken back with it). The same decision taken again meets the same
        dice (`chance_rng`), so undo cannot be used to throw again.

        Raises:
            Refusal: Nothing of this seat's to take back, or another person decided since.
        """
        problem = self._undo_problem(seat)
        if problem is not None:
            raise problem
        last = max(i for i, d in enumerate(self.history) if d.seat == seat)
        decision = self.history[last]
        del self.history[last:]
        self.state = decision.state
        del self.actions[decision.count :]
        del self.log[decision.logged :]
        self.version += 1

    # -- what a seat is sent ------------------------------------------------
    # --8<-- [start:view]
    def update(self, seat: int, lang: Lang) -> dict[str, Any]:
        """The ``update`` message for ``seat``, in ``lang``: built from its observation only."""
        game = self.game
        message: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "variant": self.variant,
            "title": game.INFO.title(lang),
            "seat": seat,
            "lang": lang,
            "players": [s.name for s in self.seats],
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "started": self.started,
            "step": len(self.actions),
            "to_move": None,
            "your_turn": False,
            "svg": None,
            "legal": [],
            "scores": None,
            "over": False,
            "winners": None,
            "result": None,
            "can_undo": False,
            "log": [],
            "last": None,
            "observation": None,
        }
        if self.state is None:
            return message
        view = self.view_of(seat)
        to_move = self.to_move()
        legal = self.legal(seat)
        now = game.scores(self.decide_on(seat))[seat] if legal else 0
        message.update({
            "to_move": to_move,
            "your_turn": to_move == seat,
            "svg": self._cached(("svg", seat, lang), lambda: svg.render(view, lang=lang)),
            "observation": game.observation_to_dict(view),
            "legal": [self._entry(i, a, seat, lang, now) for i, a in enumerate(legal)],
            "scores": list(game.scores(self.state)),
            "over": self.over,
            "can_undo": self.can_undo(seat),
            "log": [
                f"{self.seats[s].name}: {game.render_action(a, lang=lang)}"
                for s, a in self.log[-LOG_LENGTH:]
            ],
        })
        if self.log:
            last_seat, last = self.log[-1]
            message["last"] = {"seat": last_seat, "text": game.action_to_text(last),
                               "action": game.action_to_dict(last)}  # fmt: skip
        if self.over:
            winners = list(game.winners(self.state))
            names = ", ".join(self.seats[w].name or "?" for w in winners)
            message["winners"] = winners
            message["result"] = say("winner" if len(winners) == 1 else "winners", lang,
                                    names=names)  # fmt: skip
        return message
    # --8<-- [end:view]

    def _entry(self, i: int, action: Any, seat: int, lang: Lang, now: int) -> dict[str, Any]:
        game = self.game
        points = game.scores(game.apply(self.decide_on(seat), action))[seat] - now
        return {
            "id": i,
            "label": game.render_action(action, lang=lang),
            "text": game.action_to_text(action),
            "action": game.action_to_dict(action),
            "points": points,
        }

    # -- records -----------------------------------------------------------
    def record(self) -> GameRecord | None:
        """The game so far as a `kniffel_rules.GameRecord` (``None`` before the start)."""
        if self.state is None:
            return None
        return GameRecord(self.initial, tuple(self.actions), self.state, variant=self.variant)

    def snapshot(self) -> tuple[dict[str, Any], GameRecord | None]:
        """What `stored_text` needs, taken on the event loop (cheap: states are immutable)."""
        head = {
            "format": STORE_FORMAT,
            "version": 1,
            "table": self.id,
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seats": [seat.to_dict() for seat in self.seats],
            "history": [[d.seat, d.count, d.logged] for d in self.history],
        }
        return head, self.record()

    @classmethod
    def resume(cls, doc: Any) -> Table:
        """A stored table read back (``record_from_json`` replays and so checks every action).

        Raises:
            KniffelError: A document that does not read (`kniffel_rules.InvalidStateError`).
            ValueError: A document of another shape.
        """
        if not isinstance(doc, dict) or doc.get("format") != STORE_FORMAT:
            raise ValueError("not a stored table")
        table_id, variant = doc["table"], doc["variant"]
        if not isinstance(table_id, str) or TABLE_ID.fullmatch(table_id) is None:
            raise ValueError("bad table id")
        game = get_variant(variant)
        rules = game.Rules.from_dict(doc["rules"], "rules")
        seats = []
        for entry in doc["seats"]:
            kind = entry["kind"]
            if kind not in ("human", "bot", "open") or (
                kind == "bot" and entry["bot"] not in bots_of(variant)
            ):
                raise ValueError(f"bad seat {entry!r}")
            seats.append(Seat(kind, entry["name"], entry["bot"], entry["token"]))
        table = cls(table_id, variant, rules, seats, str(doc["seed"]))
        if doc.get("record") is not None:
            record = kniffel_rules.record_from_json(json.dumps(doc["record"]))
            table.initial, table.state = record.initial, record.final
            table.actions = list(record.actions)
            table.log = _decisions(table.game, record)
            states = _states(table.game, record)
            table.history = _history(table, states, doc.get("history", []))
        return table


def _history(table: Table, states: list[Any], entries: Any) -> list[_Decision]:
    """The undo history of a stored table, each entry checked against its record.

    Raises:
        ValueError: An entry that is not ``[seat, count, logged]`` of a decision
            of that seat in the record, in order.
    """
    if not isinstance(entries, list):
        raise ValueError("bad history")
    history: list[_Decision] = []
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 3 and all(type(v) is int for v in entry)):
            raise ValueError(f"bad history entry {entry!r:.80}")
        seat, count, logged = entry
        after = history[-1].count if history else -1
        if not (
            after < count < len(table.actions)
            and 0 <= logged <= len(table.log)
            and table.game.current_player(states[count]) == seat
        ):
            raise ValueError(f"history entry {entry!r} is no decision of the record")
        history.append(_Decision(seat, states[count], count, logged))
    return history


def never_played(doc: Any) -> bool:
    """Whether a stored table (its document) is one nobody has played at (`Table.played`).

    Read from the document without replaying it: no game yet, or no decision
    of a person in its undo history. A document without that history (of
    another shape) counts as played: it is never removed for this.
    """
    if not isinstance(doc, dict) or doc.get("format") != STORE_FORMAT:
        return False
    return doc.get("record") is None or doc.get("history", None) == []


# --8<-- [start:store]
def stored_text(head: dict[str, Any], record: GameRecord | None) -> str:
    """The stored form of a table: its seats and the library's record document of its game.

    Slow for a long game (``record_to_json`` replays it to check it): called in a thread.
    """
    doc = dict(head)
    doc["record"] = None if record is None else json.loads(kniffel_rules.record_to_json(record))
    return json.dumps(doc, ensure_ascii=False)
# --8<-- [end:store]


def _states(game: Variant, record: GameRecord) -> list[Any]:
    states = [record.initial]
    for action in record.actions:
        states.append(game.apply(states[-1], action))
    return states


def _decisions(game: Variant, record: GameRecord) -> list[tuple[int, Any]]:
    out = []
    state = record.initial
    for action in record.actions:
        mover = game.current_player(state)
        if mover != CHANCE:
            out.append((mover, action))
        state = game.apply(state, action)
    return out


# -- hints -------------------------------------------------------------------

MAX_ADVISORS: Final = 8
"""The advisors kept at once (one per game, bot and rule set; tens of MB each for house
rules): the one asked least recently gives way, so rules sent by clients cannot fill memory."""
MAX_BUILDING: Final = 2
"""Advisors built at once in the background; another one waits for a later hint."""

_ADVISORS: OrderedDict[tuple[str, str, str], tuple[Any, threading.Lock] | None] = OrderedDict()
_BUILDING: set[tuple[str, str, str]] = set()
_ADVISORS_LOCK = threading.Lock()


def _keep(key: tuple[str, str, str], made: tuple[Any, threading.Lock] | None) -> None:
    """Remember an advisor (under `_ADVISORS_LOCK`), forgetting the least recently asked."""
    _ADVISORS[key] = made
    _ADVISORS.move_to_end(key)
    while len(_ADVISORS) > MAX_ADVISORS:
        _ADVISORS.popitem(last=False)


def build_in_background(build: Callable[[], None]) -> None:
    """Run ``build`` in a thread of its own (an advisor that takes long to build)."""
    threading.Thread(target=build, name="kniffel-advisor", daemon=True).start()


PENDING: Final = "pending"
"""`_advisor`'s answer while the advisor is being built in the background."""


def _advisor(variant: str, kind: str, rules: Any,
             wait: bool = True) -> tuple[Any, threading.Lock] | str | None:  # fmt: skip
    """The game's bot ``kind`` if it advises (ranks every action), built once per rules.

    ``None``: the game has no such bot, or it does not cover these rules. With
    ``wait=False`` an advisor not built yet is built in a thread of its own and
    `PENDING` is returned meanwhile (classic's chance-to-win player takes
    tens of seconds to build: the first hints give the expected scores).
    """
    factory = bots_of(variant).get(kind)
    if factory is None or not callable(getattr(factory, "advise", None)):
        return None
    key = (variant, kind, json.dumps(rules.to_dict(), sort_keys=True))

    def build() -> None:
        try:
            made: tuple[Any, threading.Lock] | None = (factory(rules), threading.Lock())
        except KniffelError:  # rules it does not cover (classic's Croatian variant)
            made = None
        except Exception:  # a missing optional dependency, a bug: no such advice here
            log.exception("could not build the %s advisor of %s", kind, variant)
            made = None
        with _ADVISORS_LOCK:
            _keep(key, made)
            _BUILDING.discard(key)

    with _ADVISORS_LOCK:
        if key in _ADVISORS:
            _ADVISORS.move_to_end(key)
            return _ADVISORS[key]
        if not wait:
            if key not in _BUILDING and len(_BUILDING) < MAX_BUILDING:
                _BUILDING.add(key)
                build_in_background(build)
            return PENDING  # being built, or to be built at a later hint
    build()
    with _ADVISORS_LOCK:
        return _ADVISORS.get(key)


def hint(table_variant: str, view: Any, seat: int, actions: Sequence[Any], lang: Lang,
         rng: random.Random) -> dict[str, Any]:  # fmt: skip
    """The ``hint`` message: the strongest advice the library has for this game and position.

    With opponents, a game whose bots include one that ranks actions by the
    chance to win (``win``: classic's `WinProbabilityPlayer`) is asked that
    (once it is built: until then ``win_pending`` is true and the next
    advisor answers);
    a game with an exact solitaire player (``optimal``) gives every action's
    expected final score; any other game asks its strongest bot
    (`STRONGEST`) what it would play. Every advisor sees ``view``, the
    state the seat's decisions are judged on (`Table.decide_on`). Slow (the
    first chance-to-win hint of a rule set takes a while): run in a thread.
    """
    game = get_variant(table_variant)
    ids = {action: i for i, action in enumerate(actions)}
    message: dict[str, Any] = {"type": "hint", "text": "", "options": [], "win_chance": None}

    def option(action: Any, value: float | None, win: float | None) -> dict[str, Any]:
        return {"id": ids.get(action), "label": game.render_action(action, lang=lang),
                "value": value, "win": win}  # fmt: skip

    try:
        found = None
        if len(view.names) > 1:  # the chance to win, against opponents
            found = _advisor(table_variant, "win", view.rules, wait=False)
        if found == PENDING:
            message["win_pending"] = True
        elif isinstance(found, tuple):
            advisor, lock = found
            with lock:
                advice = advisor.advise(view)
                chances = advisor.win_probability(view)
            message["options"] = [option(a.action, a.score, a.win) for a in advice[:5]]
            message["win_chance"] = chances[seat]
            best = advice[0]
            message["text"] = say("hint_win", lang, action=game.render_action(best.action,
                                  lang=lang), win=f"{100 * best.win:.0f}",
                                  value=decimal(best.score, lang))  # fmt: skip
            message["bot"] = "win"
            return message
    except KniffelError:
        pass  # rules the win bot does not cover (Croatian): the next advisor
    try:
        found = _advisor(table_variant, "optimal", view.rules)
        if isinstance(found, tuple):
            advisor, lock = found
            with lock:
                advice = advisor.advise(view)
            message["options"] = [option(a.action, a.value, None) for a in advice[:5]]
            best = advice[0]
            message["text"] = say("hint_optimal", lang,
                                  action=game.render_action(best.action, lang=lang),
                                  value=decimal(best.value, lang))  # fmt: skip
            message["bot"] = "optimal"
            return message
    except KniffelError:
        pass  # rules the optimal player does not cover (Croatian): the strongest bot that does
    problem: KniffelError | None = None
    bots = bots_of(table_variant)
    for name in (b for b in STRONGEST if b in bots):
        if callable(getattr(bots[name], "advise", None)):
            continue  # an exact player: asked above, with the table's rules
        try:
            choice = bots[name]()(view, tuple(actions), rng)
        except KniffelError as error:
            problem = problem or error
            continue
        message["options"] = [option(choice, None, None)]
        message["text"] = say("hint_bot", lang, bot=name,
                              action=game.render_action(choice, lang=lang))  # fmt: skip
        message["bot"] = name
        return message
    if problem is not None:
        message["text"] = say("no_hint", lang, reason=localized(problem, lang))
    return message
