"""The web app in a real browser: the system's Chromium, driven by Playwright.

The server runs in a thread on a free loopback port; each test opens its own
browser context (its own localStorage, so its own seats) and plays through
the page as a person would: it picks a game in the lobby, clicks the action
buttons, types moves, reloads. Nothing is downloaded: the browser is the
Debian package ``chromium`` (``/usr/bin/chromium``). Without it the tests
skip, unless ``KNIFFEL_REQUIRE_BROWSER=1`` (CI sets it), which makes a
missing browser a failure.

``KNIFFEL_SCREENSHOTS=docs/img`` saves the screenshots of the docs'
walk-through (``docs/app.md``) there.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import kniffel_rules
from kniffel_rules import ActionParseError

try:
    import uvicorn
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, sync_playwright
except ImportError as missing:  # pragma: no cover - the `web` extra is not installed
    _IMPORT_PROBLEM: str | None = f"the web extra is not installed ({missing})"
else:
    _IMPORT_PROBLEM = None

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
    mock = os.environ.get("KNIFFEL_WEB_MOCK")
    if mock:  # DEV ONLY
        import importlib.util
        spec = importlib.util.spec_from_file_location("mock_web", mock)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.app
    from kniffel_web import create_app
    return create_app(store=store)


@pytest.fixture(scope="session")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of the server's game records."""
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="session")
def base_url(store: Path) -> Iterator[str]:
    """The app's address: ``http://127.0.0.1:<port>``."""
    if _IMPORT_PROBLEM:
        _unavailable(_IMPORT_PROBLEM)
    with Served(_make_app(store)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The system's Chromium, headless."""
    if _IMPORT_PROBLEM:
        _unavailable(_IMPORT_PROBLEM)
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(executable):
        _unavailable("no chromium on this machine (apt-get install chromium)")
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
        socket.on("framereceived", lambda payload: self.raw.append(payload if isinstance(payload, str) else payload.decode()))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.raw]

    def errors(self) -> list[dict[str, Any]]:
        return [message for message in self.messages() if message.get("type") == "error"]


def seq(page: Page) -> int:
    """How many server messages the page has handled (the client counts them in ``body[data-seq]``)."""
    return int(page.evaluate("Number(document.body.dataset.seq || 0)"))


def wait_after(page: Page, count: int) -> None:
    """Wait until the page has handled a message after the first ``count``."""
    page.wait_for_function("n => Number(document.body.dataset.seq || 0) > n", arg=count)


def game_info(page: Page, variant: str) -> dict[str, Any]:
    """The game's entry as the lobby read it from /api/games."""
    games = page.evaluate("fetch('/api/games').then(r => r.json())")
    listed = games if isinstance(games, list) else games.get("games", list(games.values()))
    return next(game for game in listed if game["name"] == variant)


def a_bot(page: Page, seat: int = 1) -> str:
    """A bot of the chosen game from the seat menu: the greedy one where there is one."""
    values: list[str] = page.eval_on_selector_all(
        f"[data-testid=seat-{seat}] option", "options => options.map(o => o.value)")
    bots = [value for value in values if value.startswith("bot:")]
    assert bots, f"the lobby offers no bot: {values}"
    return "bot:greedy" if "bot:greedy" in bots else bots[0]


def open_table(page: Page, variant: str, seats: list[str], *, lang: str = "en", name: str = "Ann") -> str:
    """Open a table in the lobby; ``"bot"`` in ``seats`` is a bot of the game. Returns the table id."""
    page.goto("/")
    page.select_option("[data-testid=lang]", lang)
    page.select_option("[data-testid=game-select]", variant)
    page.fill("[data-testid=players]", str(len(seats)))
    for n, seat in enumerate(seats):
        page.select_option(f"[data-testid=seat-{n}]", a_bot(page, n) if seat == "bot" else seat)
    page.fill("[data-testid=name]", name)
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    return page.url.rsplit("/", 1)[1]


def glance(page: Page) -> dict[str, Any]:
    """The page at one moment: messages handled, action buttons shown, game over (one round trip)."""
    return page.evaluate(
        """() => ({seq: Number(document.body.dataset.seq || 0),
                   buttons: document.querySelectorAll('[data-testid=action]').length,
                   over: !document.querySelector('[data-testid=result]').hidden})"""
    )


def is_over(page: Page) -> bool:
    return page.locator("[data-testid=result]").is_visible()


def buttons(page: Page) -> list[str]:
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
    """Type the label of a seeded-random legal action in the text field on each turn."""
    for moves in range(limit):
        if is_over(page):
            return moves
        count = seq(page)
        labels = buttons(page)
        if labels:
            page.fill("[data-testid=move-input]", rng.choice(labels))
            page.press("[data-testid=move-input]", "Enter")
        wait_after(page, count)
    raise AssertionError(f"the game was not over after {limit} typed moves")


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_whole_game_against_a_bot_by_clicking(new_page: Callable[..., Page], variant: str) -> None:
    page = new_page()
    frames = Frames(page)
    info = kniffel_rules.get_variant(variant).INFO
    players = max(2, info.min_players)
    open_table(page, variant, ["me", *["bot"] * (players - 1)])
    if variant == kniffel_rules.VARIANTS[0]:
        screenshot(page, "table")
    clicks = play_by_clicking(page, random.Random(variant), limit=3000)
    assert clicks > 0
    screenshot(page, f"{variant}-over")
    result = page.locator("[data-testid=result]").inner_text()
    final = [message for message in frames.messages() if message.get("type") == "update"][-1]
    assert final["over"] and not final["legal"]
    for score in final["scores"]:
        assert str(score) in result
    assert page.locator("[data-testid=action]").count() == 0
    assert frames.errors() == []


def test_a_game_typed_in_german(new_page: Callable[..., Page]) -> None:
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
    page = new_page()
    open_table(page, "classic", ["bot", "me"])
    play_by_clicking_steps(page, random.Random(3), 5)
    table = page.url.rsplit("/", 1)[1]
    kept = page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')")
    token = json.loads(kept)["token"]
    assert token not in page.locator("[data-testid=share-link]").get_attribute("href")
    assert token not in page.url
    before = (page.locator("[data-testid=board]").inner_html(), buttons(page), page.locator("[data-testid=scores]").inner_text())
    page.reload()
    page.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    after = (page.locator("[data-testid=board]").inner_html(), buttons(page), page.locator("[data-testid=scores]").inner_text())
    assert after == before
    assert "(you)" in page.locator("[data-testid=score-1]").inner_text()
    assert page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')") == kept
    play_by_clicking(page, random.Random(4), limit=500)


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


def test_the_hint_and_undo(new_page: Callable[..., Page]) -> None:
    page = new_page()
    open_table(page, "classic", ["me", "bot"])
    play_by_clicking_steps(page, random.Random(5), 1)  # roll
    while not buttons(page):
        wait_after(page, seq(page))
    count = seq(page)
    page.click("[data-testid=hint]")
    wait_after(page, count)
    hint = page.locator("[data-testid=hint-text]")
    assert hint.is_visible()
    assert hint.inner_text().strip()
    screenshot(page, "hint")
    if page.locator("[data-testid=undo]").is_visible():
        board = page.locator("[data-testid=board]").inner_html()
        count = seq(page)
        page.locator("[data-testid=action]").first.click()
        wait_after(page, count)
        while not page.locator("[data-testid=undo]").is_visible():
            wait_after(page, seq(page))
        count = seq(page)
        page.click("[data-testid=undo]")
        wait_after(page, count)
        assert page.locator("[data-testid=board]").inner_html() == board


# ---------------------------------------------------------------- nothing hidden reaches another browser


def _card_patterns(card: Any) -> list[re.Pattern[str]]:
    """The ways a card could be written in a page: its names in every language, its JSON fields."""
    colour, value = str(card.colour.value), int(card.value)
    words = "|".join(re.escape(word) for word in {colour, *card.colour.labels.values()})
    return [
        re.compile(rf"(?<![\w-])(?:{words}) {value}(?!\d)", re.IGNORECASE),
        re.compile(rf'"colou?r": ?"{re.escape(colour)}", ?"value": ?{value}(?!\d)'),
        re.compile(rf'"value": ?{value}, ?"colou?r": ?"{re.escape(colour)}"'),
    ]


def _secret_cards(record: Any, seat: int, other: int) -> set[Any]:
    """Cards that were in ``seat``'s hand and never in ``other``'s sight.

    Replays the server's record: a card ``other`` held itself, or saw in the
    display, the discards or on the table, may be named on ``other``'s page.
    """
    game = kniffel_rules.get_variant(record.variant)
    held: set[Any] = set()
    seen: set[Any] = set()
    state = record.initial
    for action in (*record.actions, None):
        view = game.observation_to_dict(game.observation(state, other))
        text = json.dumps(view)
        hands = state.hands
        held.update(hands[seat])
        for card in set().union(*hands):
            if card in hands[other] or any(p.search(text) for p in _card_patterns(card)):
                seen.add(card)
        if action is not None:
            state = game.apply(state, action)
    return held - seen


def test_two_card_players_never_see_each_others_hand(
    new_page: Callable[..., Page], store: Path
) -> None:
    ann, ben = new_page(), new_page()
    frames = {"ann": Frames(ann), "ben": Frames(ben)}
    pages: dict[str, list[str]] = {"ann": [], "ben": []}
    table = open_table(ann, "cards", ["me", "open"], name="Ann")
    link = ann.locator("[data-testid=share-link]")
    assert link.is_visible()
    href = link.get_attribute("href") or ""
    ben.goto(href)
    ben.fill("[data-testid=join-name]", "Ben")
    ben.click("[data-testid=join]")
    ben.wait_for_function("Number(document.body.dataset.seq || 0) > 0")
    screenshot(ann, "cards-ann")
    rng = random.Random(11)
    for _ in range(4000):
        if is_over(ann) and is_over(ben):
            break
        for name, page in (("ann", ann), ("ben", ben)):
            offered = page.locator("[data-testid=action]")
            if offered.count():
                count = seq(page)
                offered.nth(rng.randrange(offered.count())).click()
                wait_after(page, count)
            pages[name].append(page.content())
        if not buttons(ann) and not buttons(ben) and not (is_over(ann) and is_over(ben)):
            ann.wait_for_timeout(50)
    else:
        raise AssertionError("the card game did not end")
    screenshot(ben, "cards-ben-over")

    record = kniffel_rules.record_from_json((store / f"{table}.json").read_text(encoding="utf-8"))
    for seat, other, name in ((0, 1, "ben"), (1, 0, "ann")):
        secrets = _secret_cards(record, seat, other)
        assert secrets, "a whole game leaves some cards only one player ever saw"
        for text in (*pages[name], *frames[name].raw):
            for card in secrets:
                for pattern in _card_patterns(card):
                    assert not pattern.search(text), f"{name}'s page shows {card} of the other hand"
    # the check can see a card at all: each player's own frames name its own cards
    own = _secret_cards(record, 0, 1)
    assert any(p.search(text) for text in frames["ann"].raw for card in own for p in _card_patterns(card))


# ---------------------------------------------------------------- a page of another site


def test_a_page_of_another_origin_cannot_act(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    open_table(page, "classic", ["me", "bot"])
    table = page.url.rsplit("/", 1)[1]
    token = json.loads(page.evaluate(f"localStorage.getItem('kniffel.seat.{table}')"))["token"]
    board = page.locator("[data-testid=board]").inner_html()

    evil = new_page()
    evil.route("http://evil.example/", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>evil</title>"))
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
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto("/")
    page.wait_for_selector("[data-testid=seat-1]")
    screenshot(page, "phone-lobby")
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
        "({scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,"
        " wide: [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > "
        "document.documentElement.clientWidth + 1).map(e => e.outerHTML.slice(0, 80))})"
    )
    assert widths["scroll"] <= widths["client"], widths
    assert widths["wide"] == [], widths
