"""The web app in a real browser: the system's Chromium, driven by Playwright.

The server runs in a thread on a free loopback port; each test opens its own
browser context (its own localStorage, so its own seats) and plays through
the page as a person would: it picks a game in the lobby, clicks the action
buttons, types moves, reloads. Nothing is downloaded: the browser is the
Debian package ``chromium`` (``/usr/bin/chromium``; ``KNIFFEL_CHROMIUM``
names another executable). Without it the tests skip, unless
``KNIFFEL_REQUIRE_BROWSER=1`` (``.ci/run`` sets it), which makes a missing
browser a failure.

``KNIFFEL_SCREENSHOTS=docs/img`` saves the screenshots of the docs'
walk-through (``docs/app.md``) there.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import kniffel_rules
from kniffel_rules import VARIANTS, ActionParseError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocket

_MISSING = [name for name in ("playwright", "starlette", "uvicorn") if find_spec(name) is None]
_IMPORT_PROBLEM = f"the web extra is not installed (no {', '.join(_MISSING)})" if _MISSING else None

HERE = Path(__file__).resolve().parent

STEP_TIMEOUT_MS = 30_000
"""How long a page may take to show the answer to one click (bots think on the server)."""


def _unavailable(reason: str) -> None:
    """Skip, or fail when the environment says the browser tests must run."""
    if os.environ.get("KNIFFEL_REQUIRE_BROWSER", "") not in ("", "0"):
        pytest.fail(f"KNIFFEL_REQUIRE_BROWSER is set, but {reason}")
    pytest.skip(reason)


# ---------------------------------------------------------------- the server and the browser


class Served:
    """The app on a loopback port, in a thread of this process."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web app did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def _make_app(store: Path) -> Any:
    """The app of ``app.py`` (beside this file), seeded, with room for a robot's pace.

    A test clicks faster than a person, and opens more tables: the messages'
    and the new tables' rate limits are raised (``test_server.py`` tests the
    real ones); bots do not wait between moves.
    """
    sys.path.insert(0, str(HERE))
    from app import Limits, create_app

    limits = Limits(rate=100.0, burst=200, new_tables_rate=100.0, new_tables_burst=1000)
    return create_app(store=store, seed=1, limits=limits, bot_delay=0.0)


@pytest.fixture(scope="session")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of the server's game records."""
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="session")
def served(store: Path) -> Iterator[tuple[str, Any]]:
    """The app's address (``http://127.0.0.1:<port>``) and the app."""
    if _IMPORT_PROBLEM:
        _unavailable(_IMPORT_PROBLEM)
    app = _make_app(store)
    with Served(app) as url:
        yield url, app


@pytest.fixture(scope="session")
def base_url(served: tuple[str, Any]) -> str:
    """The app's address: ``http://127.0.0.1:<port>``."""
    return served[0]


@pytest.fixture(scope="session")
def web(served: tuple[str, Any]) -> Any:
    """The app's `WebApp` (its tables), to compare the pages with the truth."""
    return served[1].state.web


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """The system's Chromium, headless, for this module.

    Only for this module: Playwright's sync API keeps an event loop in the
    main thread while it is open, and other tests call ``asyncio.run`` there.
    """
    if _IMPORT_PROBLEM:
        _unavailable(_IMPORT_PROBLEM)
    executable = (
        os.environ.get("KNIFFEL_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    )
    if not os.path.exists(executable):
        _unavailable("no chromium on this machine (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """Open pages, each in a browser context of its own (its own localStorage)."""
    contexts: list[BrowserContext] = []

    def open_page(**options: Any) -> Page:
        context = browser.new_context(base_url=base_url, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()


def screenshot(page: Page, name: str) -> None:
    """Save ``web-<name>.png`` for the docs when ``KNIFFEL_SCREENSHOTS`` names a directory."""
    folder = os.environ.get("KNIFFEL_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"web-{name}.png"), full_page=True)


# ---------------------------------------------------------------- what a player does


class Frames:
    """Every WebSocket message a page received, parsed."""

    def __init__(self, page: Page) -> None:
        self.raw: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            self.raw.append(payload if isinstance(payload, str) else payload.decode())

        socket.on("framereceived", received)

    def messages(self) -> list[dict[str, Any]]:
        """The messages, in the order received."""
        return [json.loads(text) for text in self.raw]

    def errors(self) -> list[dict[str, Any]]:
        """The ``error`` messages."""
        return [message for message in self.messages() if message.get("type") == "error"]


def seq(page: Page) -> int:
    """How many server messages the page has handled (the client counts in ``body[data-seq]``)."""
    return int(page.evaluate("Number(document.body.dataset.seq || 0)"))


def wait_after(page: Page, count: int, timeout: float | None = None) -> None:
    """Wait until the page has handled a message after the first ``count``."""
    page.wait_for_function(
        "n => Number(document.body.dataset.seq || 0) > n", arg=count, timeout=timeout
    )


def game_info(page: Page, variant: str) -> dict[str, Any]:
    """The game's entry as the lobby read it from /api/games."""
    games = page.evaluate("fetch('/api/games').then(r => r.json())")
    listed = games if isinstance(games, list) else games.get("games", list(games.values()))
    return next(game for game in listed if game["name"] == variant)


def a_bot(page: Page, seat: int = 1) -> str:
    """A bot of the chosen game from the seat menu: the greedy one where there is one."""
    values: list[str] = page.eval_on_selector_all(
        f"[data-testid=seat-{seat}] option", "options => options.map(o => o.value)"
    )
    bots = [value for value in values if value.startswith("bot:")]
    assert bots, f"the lobby offers no bot: {values}"
    return "bot:greedy" if "bot:greedy" in bots else bots[0]


def open_table(
    page: Page,
    variant: str,
    seats: list[str],
    *,
    lang: str = "en",
    name: str = "Ann",
    shot: str = "",
) -> str:
    """Open a table in the lobby (``"bot"`` in ``seats``: a bot of the game); its id."""
    page.goto("/")
    page.select_option("[data-testid=lang]", lang)
    page.select_option("[data-testid=game-select]", variant)
    page.fill("[data-testid=players]", str(len(seats)))
    for n, seat in enumerate(seats):
        page.select_option(f"[data-testid=seat-{n}]", a_bot(page, n) if seat == "bot" else seat)
    page.fill("[data-testid=name]", name)
    if shot:
        screenshot(page, shot)
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    return page.url.rsplit("/", 1)[1]


def glance(page: Page) -> dict[str, Any]:
    """The page at one moment: messages handled, action buttons, game over (one round trip)."""
    found: dict[str, Any] = page.evaluate(
        """() => {
             const actions = [...document.querySelectorAll('[data-testid=action]')];
             return {seq: Number(document.body.dataset.seq || 0),
                     buttons: actions.length,
                     labels: actions.map(b => b.innerText),
                     over: !document.querySelector('[data-testid=result]').hidden};
           }"""
    )
    return found


def is_over(page: Page) -> bool:
    """Whether the page shows the final result."""
    return page.locator("[data-testid=result]").is_visible()


def buttons(page: Page) -> list[str]:
    """The labels of the action buttons the page shows."""
    return page.locator("[data-testid=action]").all_inner_texts()


def play_by_clicking(page: Page, rng: random.Random, limit: int) -> int:
    """Click a seeded-random action button on each of the page's turns until the game is over."""
    for clicks in range(limit):
        now = glance(page)
        if now["over"]:
            return clicks
        if now["buttons"]:
            page.locator("[data-testid=action]").nth(rng.randrange(now["buttons"])).click()
        wait_after(page, now["seq"])
    raise AssertionError(f"the game was not over after {limit} clicks")


def play_by_typing(page: Page, rng: random.Random, limit: int) -> int:
    """Type the label of a seeded-random legal action in the text field on each turn.

    Each turn reads the page once (`glance`): read in several round trips, the
    last message could land between them (the game over after "not over" was
    read), and the wait would be for a message that never comes.
    """
    for moves in range(limit):
        now = glance(page)
        if now["over"]:
            return moves
        if now["labels"]:
            page.fill("[data-testid=move-input]", rng.choice(now["labels"]))
            page.press("[data-testid=move-input]", "Enter")
        wait_after(page, now["seq"])
    raise AssertionError(f"the game was not over after {limit} typed moves")


# ---------------------------------------------------------------- the tests


LONG_GAMES = {"cards"}
"""Games whose whole game by clicking takes over a minute here (cards: about 85 s): marked slow."""


@pytest.mark.parametrize(
    "variant",
    [pytest.param(v, marks=[pytest.mark.slow] if v in LONG_GAMES else []) for v in VARIANTS],
)
def test_a_whole_game_against_a_bot_by_clicking(
    new_page: Callable[..., Page], variant: str
) -> None:
    """Every registered game, played to its end against bots by clicking its buttons."""
    page = new_page()
    frames = Frames(page)
    info = kniffel_rules.get_variant(variant).INFO
    players = max(2, info.min_players)
    first = variant == VARIANTS[0]
    open_table(page, variant, ["me", *["bot"] * (players - 1)], shot="lobby" if first else "")
    rng = random.Random(variant)
    if first:
        play_by_clicking_steps(page, rng, 3)
        screenshot(page, "table")
    clicks = play_by_clicking(page, rng, limit=3000)
    assert clicks > 0
    if first:
        screenshot(page, "over")
    result = page.locator("[data-testid=result]").inner_text()
    final = [message for message in frames.messages() if message.get("type") == "update"][-1]
    assert final["over"]
    assert not final["legal"]
    for score in final["scores"]:
        assert str(score) in result
    assert page.locator("[data-testid=action]").count() == 0
    assert frames.errors() == []


def test_a_game_typed_in_german(new_page: Callable[..., Page]) -> None:
    """A whole game typed in the text field, in the German words the buttons show."""
    page = new_page()
    frames = Frames(page)
    variant = kniffel_rules.VARIANTS[0]
    open_table(page, variant, ["me", "bot"], lang="de", name="Anna")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("[data-testid=hint]").inner_text() == "Tipp"
    moves = play_by_typing(page, random.Random(7), limit=500)
    assert moves > 0
    assert frames.errors() == []
    typed = [message for message in frames.messages() if message.get("type") == "update"]
    labels = {action["label"] for message in typed for action in message["legal"]}
    game = kniffel_rules.get_variant(variant)
    german = {game.render_action(action, lang="de") for action in _first_actions(variant)}
    english = {game.render_action(action, lang="en") for action in _first_actions(variant)}
    assert german <= labels, "the buttons are labelled in German"
    assert not (english - german) & labels
    assert "Endstand" in page.locator("[data-testid=result]").inner_text()


def _first_actions(variant: str) -> tuple[Any, ...]:
    game = kniffel_rules.get_variant(variant)
    return tuple(game.legal_actions(game.new_game(1)))


def test_an_illegal_typed_move_shows_the_rule(new_page: Callable[..., Page]) -> None:
    """A move the rules refuse shows the library's message, in the player's language."""
    page = new_page()
    frames = Frames(page)
    open_table(page, "classic", ["me"], lang="de")
    game = kniffel_rules.get_variant("classic")
    start = game.new_game(1)
    assert buttons(page) == [game.render_action(game.legal_actions(start)[0], lang="de")]
    with pytest.raises(ActionParseError) as refusal:
        game.parse_action(game.observation(start, 0), "Dreierpasch")
    count = seq(page)
    page.fill("[data-testid=move-input]", "Dreierpasch")
    page.click("[data-testid=move-submit]")
    wait_after(page, count)
    alert = page.get_by_role("alert")
    assert alert.is_visible()
    assert alert.inner_text() == refusal.value.localized("de")
    assert alert.get_attribute("data-rule") == refusal.value.rule
    assert frames.errors()[-1]["rule"] == refusal.value.rule
    screenshot(page, "refusal")
    # the refusal changed nothing: the same one button, and a legal move goes on
    assert len(buttons(page)) == 1
    count = seq(page)
    page.locator("[data-testid=action]").click()
    wait_after(page, count)
    assert alert.is_hidden()


def test_a_reload_sits_down_at_the_same_seat(new_page: Callable[..., Page]) -> None:
    """A reload mid-game reconnects with the token kept in localStorage, to the same view."""
    page = new_page()
    open_table(page, "classic", ["bot", "me"])
    play_by_clicking_steps(page, random.Random(3), 5)
    table = page.url.rsplit("/", 1)[1]
    kept = page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')")
    token = json.loads(kept)["token"]
    assert token not in (page.locator("[data-testid=share-link]").get_attribute("href") or "")
    assert token not in page.url
    before = _looks(page)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    assert _looks(page) == before
    assert "(you)" in page.locator("[data-testid=score-1]").inner_text()
    assert page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')") == kept
    play_by_clicking(page, random.Random(4), limit=500)


def _looks(page: Page) -> tuple[str, list[str], str]:
    """What the table page shows: the board's markup, the buttons, the scores."""
    board = page.locator("[data-testid=board]").inner_html()
    return board, buttons(page), page.locator("[data-testid=scores]").inner_text()


def play_by_clicking_steps(page: Page, rng: random.Random, steps: int) -> None:
    """Click ``steps`` action buttons (waiting for the page's turn between them)."""
    done = 0
    while done < steps:
        now = glance(page)
        assert not now["over"]
        if now["buttons"]:
            page.locator("[data-testid=action]").nth(rng.randrange(now["buttons"])).click()
            done += 1
        wait_after(page, now["seq"])


def ask_for_a_hint(page: Page) -> Any:
    """Click Hint on the page's turn; the hint box once the advice is there."""
    while not glance(page)["buttons"]:
        wait_after(page, glance(page)["seq"])
    count = seq(page)
    page.click("[data-testid=hint]")
    wait_after(page, count, timeout=HINT_TIMEOUT_MS)
    page.locator("[data-testid=hint-advice]").wait_for()
    return page.locator("[data-testid=hint-text]")


HINT_TIMEOUT_MS = 300_000
"""How long one hint may take (the server shares the machine with the advisor being built)."""

HINT_ATTEMPTS = 150
"""Hints asked, 2 s apart, while classic's chance-to-win player is built (a minute or two)."""


def test_the_hint_gives_expected_scores_and_undo_takes_back(
    new_page: Callable[..., Page],
) -> None:
    """Solitaire classic: the hint lists expected scores; undo restores the board."""
    page = new_page()
    open_table(page, "classic", ["me"])
    play_by_clicking_steps(page, random.Random(5), 1)  # the first roll
    hint = ask_for_a_hint(page)
    options = hint.locator("[data-testid=hint-options] li").all_inner_texts()
    assert len(options) > 1
    assert all(re.search(r"\d", option) for option in options)
    screenshot(page, "hint")
    board = page.locator("[data-testid=board]").inner_html()
    count = seq(page)
    page.locator("[data-testid=action]").first.click()
    wait_after(page, count)
    assert hint.is_hidden()  # advice for the old position goes
    page.locator("[data-testid=undo]").wait_for()
    count = seq(page)
    page.click("[data-testid=undo]")
    wait_after(page, count)
    assert page.locator("[data-testid=board]").inner_html() == board


@pytest.mark.slow
def test_the_hint_against_an_opponent_gives_the_chance_to_win(
    new_page: Callable[..., Page],
) -> None:
    """Against a bot, the hint gives the chance to win (its tables take minutes the first time)."""
    import tables  # the app's advisors are built once per process: leave none built here

    built = set(tables._ADVISORS)
    try:
        _chance_to_win(new_page)
    finally:
        for key in set(tables._ADVISORS) - built:
            tables._ADVISORS.pop(key, None)


def _chance_to_win(new_page: Callable[..., Page]) -> None:
    page = new_page()
    open_table(page, "classic", ["me", "bot"], lang="de")
    hint = ask_for_a_hint(page)
    for _ in range(HINT_ATTEMPTS):
        if not hint.locator("[data-testid=hint-win-pending]").count():
            break
        # the first hints say the chance to win is being worked out (in the background)
        assert "Gewinnchance" in hint.inner_text()
        page.wait_for_timeout(2000)
        hint = ask_for_a_hint(page)
    assert "Gewinnchance" in hint.locator("[data-testid=hint-win-chance]").inner_text()
    screenshot(page, "hint-win")


# ---------------------------------------------------------------- nothing hidden leaks


def _card_patterns(card: Any) -> list[re.Pattern[str]]:
    """The ways a card could be written in a page: its names in every language, its JSON fields."""
    colour, value = str(card.colour.value), int(card.value)
    words = "|".join(re.escape(word) for word in {colour, *card.colour.labels.values()})
    return [
        re.compile(rf"(?<![\w-])(?:{words}) {value}(?!\d)", re.IGNORECASE),
        re.compile(rf'"colou?r": ?"{re.escape(colour)}", ?"value": ?{value}(?!\d)'),
        re.compile(rf'"value": ?{value}, ?"colou?r": ?"{re.escape(colour)}"'),
    ]


def _hidden_from(record: Any, viewer: int) -> list[set[Any]]:
    """For each step of the record, the cards of the other hands that ``viewer`` has not seen.

    Replays the server's record. A card the viewer held itself, saw in its
    view (the display, the discards, a play on the table) or was told of (a
    decision of another seat, such as a discard) up to that step may be named
    on its page; the rest of the other hands may not.
    """
    game = kniffel_rules.get_variant(record.variant)
    seen: set[Any] = set()
    hidden: list[set[Any]] = []
    state = record.initial
    for action in (*record.actions, None):
        text = json.dumps(game.observation_to_dict(game.observation(state, viewer)))
        hands = state.hands
        seen.update(hands[viewer])
        others = set().union(*(hand for seat, hand in enumerate(hands) if seat != viewer))
        seen.update(card for card in others - seen if _names(text, card))
        hidden.append(others - seen)
        if action is not None:
            if game.current_player(state) not in (viewer, kniffel_rules.CHANCE):
                # a decision is public (the log names it: "Ben: discard red 13")
                said = game.action_to_text(action)
                seen.update(card for card in others if _names(said, card))
            state = game.apply(state, action)
    return hidden


def _names(text: str, card: Any) -> bool:
    return any(pattern.search(text) for pattern in _card_patterns(card))


def _names_a_card(text: str, cards: set[Any]) -> Any:
    return next((card for card in cards if _names(text, card)), None)


def test_two_card_players_never_see_each_others_hand(
    new_page: Callable[..., Page], web: Any
) -> None:
    """Two browsers at a card table: no page or socket names a hidden card of the other."""
    ann, ben = new_page(), new_page()
    frames = {"ann": Frames(ann), "ben": Frames(ben)}
    pages: dict[str, list[tuple[int, str]]] = {"ann": [], "ben": []}
    table = open_table(ann, "cards", ["me", "open"], name="Ann")
    link = ann.locator("[data-testid=share-link]")
    assert link.is_visible()
    screenshot(ann, "share")
    token = json.loads(ann.evaluate(f"localStorage.getItem('kniffel.seat.{table}')"))["token"]
    href = link.get_attribute("href") or ""
    assert token not in href
    assert token not in ann.locator("body").inner_text()
    ben.goto(href)
    ben.fill("[data-testid=join-name]", "Ben")
    ben.click("[data-testid=join]")
    ben.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    assert ben.locator("[data-testid=share]").is_hidden()  # no open seat left
    rng = random.Random(11)
    clicks = 0
    while clicks < CARD_CLICKS and not (is_over(ann) and is_over(ben)):
        for name, page in (("ann", ann), ("ben", ben)):
            now = glance(page)
            if now["buttons"]:
                page.locator("[data-testid=action]").nth(rng.randrange(now["buttons"])).click()
                clicks += 1
                wait_after(page, now["seq"])
            # the step and the page it shows, read in one go: another update may come between
            # two reads, and a card hidden at the older step may be public at the newer one
            step, html = page.evaluate(
                "() => [Number(document.body.dataset.step), document.documentElement.outerHTML]"
            )
            pages[name].append((step, html))
        if clicks == 40:
            screenshot(ann, "cards-ann")
            screenshot(ben, "cards-ben")
    record = web.tables[table].record()
    assert len(record.actions) > 100

    for seat, name in enumerate(("ann", "ben")):
        hidden = _hidden_from(record, seat)
        step = 0
        for text in frames[name].raw:  # in order; each update says its step
            step = json.loads(text).get("step", step)
            card = _names_a_card(text, hidden[step])
            assert card is None, f"{name} was sent {card} of the other hand at step {step}"
        for step, text in pages[name]:
            card = _names_a_card(text, hidden[step])
            assert card is None, f"{name}'s page showed {card} of the other hand at step {step}"
        # the check would see a card: the other's messages name cards that are hidden from this one
        other = frames["ben" if name == "ann" else "ann"]
        assert any(
            _names_a_card(text, hidden[json.loads(text)["step"]])
            for text in other.raw
            if json.loads(text).get("type") == "update"
        )


CARD_CLICKS = 300
"""Decisions the two card players make (setup, draws, plays, exchanges: every kind of view)."""


# ---------------------------------------------------------------- undo, seen from the other seat


def test_the_other_player_is_told_of_an_undo(new_page: Callable[..., Page]) -> None:
    """Two people: one takes a decision back; the other's page says so, in its own language."""
    ann, ben = new_page(), new_page()
    sockets: list[str] = []
    ben.on("websocket", lambda socket: sockets.append(socket.url))
    open_table(ann, "classic", ["me", "open"], name="Ann")
    ben.goto(ann.locator("[data-testid=share-link]").get_attribute("href") or "")
    ben.select_option("[data-testid=lang]", "de")
    ben.fill("[data-testid=join-name]", "Ben")
    ben.click("[data-testid=join]")
    ben.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    assert sockets
    assert sockets[-1].endswith("/ws?lang=de")  # refusals before hello in German
    while not (glance(ann)["buttons"] or glance(ben)["buttons"]):
        wait_after(ann, glance(ann)["seq"])
    mover, other = (ann, ben) if glance(ann)["buttons"] else (ben, ann)
    notice = other.locator("[data-testid=notice]")
    assert notice.is_hidden()
    count = seq(mover)
    mover.locator("[data-testid=action]").first.click()
    wait_after(mover, count)
    count = seq(other)
    mover.click("[data-testid=undo]")
    notice.wait_for()
    expected = {ann: "Ann hat eine Entscheidung zurückgenommen", ben: "Ben took back a decision"}
    assert notice.inner_text() == expected[mover]
    assert seq(other) > count
    assert mover.locator("[data-testid=notice]").is_hidden()  # the one who undid is not told


# ---------------------------------------------------------------- a page of another site


def test_a_page_of_another_origin_cannot_act(new_page: Callable[..., Page], base_url: str) -> None:
    """A page of another site, even one that holds a seat's token, gets no socket."""
    page = new_page()
    open_table(page, "classic", ["me", "bot"])
    table = page.url.rsplit("/", 1)[1]
    token = json.loads(page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')"))["token"]
    board = page.locator("[data-testid=board]").inner_html()

    evil = new_page()
    evil.route(
        "http://evil.example/",
        lambda route: route.fulfill(
            status=200, content_type="text/html", body="<!doctype html><title>evil</title>"
        ),
    )
    evil.goto("http://evil.example/")
    ws_url = base_url.replace("http://", "ws://") + "/ws"
    outcome = evil.evaluate(
        """([url, table, token]) => new Promise(resolve => {
             const seen = [];
             const socket = new WebSocket(url);
             socket.onopen = () => {
               socket.send(JSON.stringify({type: "hello", table, token, lang: "en"}));
               socket.send(JSON.stringify({type: "action", id: 0}));
             };
             socket.onmessage = event => seen.push(event.data);
             socket.onclose = event => resolve({code: event.code, seen});
             setTimeout(() => resolve({code: "open", seen}), 5000);
           })""",
        [ws_url, table, token],
    )
    assert outcome["code"] != "open"
    assert all(json.loads(text).get("type") != "update" for text in outcome["seen"])
    # the real player's game did not move
    page.reload()
    page.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    assert page.locator("[data-testid=board]").inner_html() == board


# ---------------------------------------------------------------- a phone


def test_a_phone_sized_window_has_no_horizontal_scrolling(new_page: Callable[..., Page]) -> None:
    """At 360x740 the lobby and a table of every game fit the width (the buttons wrap)."""
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto("/")
    page.wait_for_selector("[data-testid=seat-1]")
    _assert_no_overflow(page)
    for variant in kniffel_rules.VARIANTS:
        players = max(2, kniffel_rules.get_variant(variant).INFO.min_players)
        open_table(page, variant, ["me", *["bot"] * (players - 1)])
        play_by_clicking_steps(page, random.Random(1), 2)
        _assert_no_overflow(page)
        if variant == "cards":
            screenshot(page, "phone-cards")


def _assert_no_overflow(page: Page) -> None:
    widths = page.evaluate(
        """() => {
             const root = document.documentElement;
             const wide = [...document.querySelectorAll('body *')]
               .filter(e => e.getBoundingClientRect().right > root.clientWidth + 1)
               .map(e => e.outerHTML.slice(0, 80));
             return {scroll: root.scrollWidth, client: root.clientWidth, wide};
           }"""
    )
    assert widths["scroll"] <= widths["client"], widths
    assert widths["wide"] == [], widths


# ---------------------------------------------------------------- the pictures' text, as set


_LONG_NAMES = ("W" * 30, "Bartholomäus-Maximilian von Ötzingen", "M" + "m" * 20)
# Latin letters wider than W, and the widest characters of the BMP in DejaVu Sans
_WIDE_NAMES = ("\u01c4" * 30, "\u0152" * 12 + "\u00c6" * 12, "\u2031" * 20 + "\u1671" * 10)


def test_long_names_stay_inside_the_pictures(new_page: Callable[..., Page]) -> None:
    """Every game's SVG with the longest names, as Chromium sets its text: nothing runs out.

    The library cuts names by an estimate of the font's widths
    (``kniffel_rules.svg._draw.text_width``); this measures the real text:
    every text element lies inside the picture, and no two on one line overlap.
    """
    from kniffel_rules import random_policy, record, replay, svg

    page = new_page()
    for variant in kniffel_rules.VARIANTS:
        game = kniffel_rules.get_variant(variant)
        players = min(4, game.INFO.max_players)
        played = record(variant, [random_policy] * players, seed=3).actions
        for steps, long in [(0, _LONG_NAMES), (7, _LONG_NAMES), (len(played), _LONG_NAMES),
                            (0, _WIDE_NAMES), (len(played), _WIDE_NAMES)]:  # fmt: skip
            names = [f"{long[i % 3]}{i}" for i in range(players)]
            state = replay(variant, game.new_game(players=names), played[:steps])
            for lang in ("en", "de"):
                page.set_content(f"<body style='margin:0'>{svg.render(state, lang=lang)}</body>")
                found = page.evaluate(
                    """() => {
                         const root = document.querySelector('svg');
                         const width = root.viewBox.baseVal.width;
                         const boxes = [...root.querySelectorAll('text')].map(t => {
                           const b = t.getBBox();
                           const mid = b.y + b.height / 2;
                           const r = b.x + b.width;
                           return {l: b.x, r, y: mid, h: b.height, text: t.textContent};
                         });
                         const out = boxes.filter(b => b.l < -0.5 || b.r > width + 0.5);
                         const overlaps = [];
                         boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => {
                           const sameLine = Math.abs(a.y - b.y) < Math.min(a.h, b.h) * 0.5;
                           const across = a.l < b.r - 1 && b.l < a.r - 1;
                           if (sameLine && across) overlaps.push([a.text, b.text]);
                         }));
                         return {out: out.map(b => b.text), overlaps};
                       }"""
                )
                assert found == {"out": [], "overlaps": []}, (variant, steps, lang, found)
