"""kniffel_rules.svg: well-formed, deterministic pictures of every game, in both languages."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kniffel_rules as k
from kniffel_rules import cards, classic, duel, extreme, master, svg
from kniffel_rules.cards.pieces import BLUE_BOARD, Board
from kniffel_rules.cards.state import Tokens
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.pieces import AREAS
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.lang import LANGS, UnknownLanguageError
from kniffel_rules.svg._draw import text_width

NS = "{http://www.w3.org/2000/svg}"
GAMES = k.VARIANTS
HOSTILE = ("<script>alert(1)</script>", "Tom & Jerry", "\"quoted\" 'single'")
REPR = re.compile(
    r"\b(Box|Area|Spot|Task|Combo|Phase|Row|Colour)\.[A-Z_]+|(State|Card|Sheet|Tokens)\("
)


def names_for(game: str, n: int) -> list[str]:
    pool = [*HOSTILE, "Dora"]
    return pool[: 2 if game == "duel" else n]


def walk(game: str, players: list[str], steps: int, seed: int, rules: Any = None) -> Any:
    """A seeded random playout of ``steps`` actions (or to the end)."""
    module: Any = k.get_variant(game)
    rng = random.Random(seed)
    state = module.new_game(players=players, rules=rules)
    for _ in range(steps):
        if module.is_terminal(state):
            break
        if module.current_player(state) < 0:
            state = module.apply(state, module.sample_chance(state, rng))
        else:
            state = module.apply(state, rng.choice(module.legal_actions(state)))
    return state


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") is not None
    assert float(root.get("width", "0")) > 0
    assert float(root.get("height", "0")) > 0
    return root


def texts(root: ET.Element) -> str:
    return "\n".join("".join(e.itertext()) for e in root.iter(f"{NS}text"))


def card_titles(root: ET.Element) -> list[str]:
    return [t.text or "" for g in root.iter(f"{NS}g") for t in g.iter(f"{NS}title")]


# the initial position, one in the middle, the end
STAGES = (0, 60, 100_000)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("steps", STAGES)
def test_every_game_draws_well_formed_deterministic_svg(game: str, lang: Any, steps: int) -> None:
    players = names_for(game, 3)
    state = walk(game, players, steps, seed=7)
    module: Any = k.get_variant(game)
    picture = svg.render(state, lang=lang)
    assert picture == svg.render(state, lang=lang)
    root = parse(picture)
    shown = texts(root)
    for who in players:
        assert who[:9] in shown  # names are cut to fit, never lost at the start
    assert not REPR.search(picture)
    assert not list(root.iter(f"{NS}script")), "a name became an element"
    assert "<script>" not in picture
    if steps == STAGES[-1]:
        assert module.is_terminal(state)
        assert ("Game over" if lang == "en" else "Spielende") in shown
    # an observation of a dice game draws the same; of the card game it adds a hand
    observed = svg.render(module.observation(state, 0), lang=lang)
    parse(observed)
    if game != "cards":
        assert observed == picture


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Ones", "Three of a kind", "Upper sum", "Bonus 35 at 63", "Total"]),
        ("de", ["Einser", "Dreierpasch", "Kleine Straße", "Summe oben", "Endsumme"]),
    ],
)
def test_classic_sheet_names_boxes_in_the_language(lang: Any, words: list[str]) -> None:
    shown = texts(parse(svg.sheet(classic.new_game(players=2), lang=lang)))
    for w in words:
        assert w in shown


def test_extreme_sheet_names_boxes_and_chips_in_german() -> None:
    shown = texts(parse(svg.sheet(extreme.new_game(players=2), lang="de")))
    for w in ["Einser", "Zwei Paare", "Super-Chance", "Chips übrig", "Bonus 45 ab 73"]:
        assert w in shown


def test_dice_are_drawn_as_pips() -> None:
    state = classic.apply(classic.new_game(players=1), classic.Roll())
    state = classic.apply(state, DiceRoll((1, 2, 3, 5, 6)))
    root = parse(svg.sheet(state))
    pips = [c for c in root.iter(f"{NS}circle") if c.get("r") == "3.09"]
    assert len(pips) == 1 + 2 + 3 + 5 + 6


def test_extreme_d10_is_drawn_with_its_number() -> None:
    state = extreme.apply(extreme.new_game(players=1), extreme.Roll())
    state = extreme.apply(state, extreme.ExtremeRoll((2, 2, 3, 4, 4), 0))
    root = parse(svg.sheet(state))
    assert len(list(root.iter(f"{NS}polygon"))) == 1
    pips = [c for c in root.iter(f"{NS}circle") if c.get("r") == "3.09"]
    assert len(pips) == 15
    assert "0" in [t.text for t in root.iter(f"{NS}text")]


def test_sheet_shows_entries_and_totals() -> None:
    state = classic.new_game(players=["Ann", "Ben"])
    sheet = classic.Sheet().with_entry(classic.Box.SIXES, 24).with_entry(classic.Box.CHANCE, 27)
    state = attrs.evolve(state, sheets=(sheet, classic.Sheet()))
    shown = texts(parse(svg.sheet(state))).split("\n")
    assert "24" in shown
    assert "27" in shown
    assert "51" in shown  # Ann's total


def test_master_sheet_shows_stars() -> None:
    state = walk("master", ["Ann", "Ben"], 100_000, seed=3)
    root = parse(svg.master_sheet(state, lang="de"))
    shown = texts(root).split("\n")
    for stars in master.scores(state):
        assert str(stars) in shown
    assert "Sterne" in texts(root)
    assert "Münzreihe" in texts(root)


@pytest.mark.parametrize("laps", [0, 1, 6, 7, 12, 99])
def test_master_coin_laps_beyond_six_are_one_star_and_a_count(laps: int) -> None:
    """Seven laps and more: one star and "x N" to its right, not on the sixth star."""
    rules = master.Rules(target_stars=100)
    doc = master.to_dict(master.new_game(["Ann", "Ben"], rules=rules, first_player=0))
    doc["players"][0]["coin_laps"] = laps
    drawn = list(parse(svg.master_sheet(master.from_dict(doc))).iter())
    counts = [i for i, e in enumerate(drawn) if (e.text or "").startswith("\u00d7")]
    if laps <= 6:
        assert not counts
        return
    (i,) = counts
    count, star = drawn[i], drawn[i - 1]
    assert count.text == f"\u00d7{laps}" and count.get("text-anchor") is None
    assert star.tag == f"{NS}polygon"  # the one star, just before its count
    right = max(float(xy.split(",")[0]) for xy in (star.get("points") or "").split())
    assert float(count.get("x") or 0) > right


def _big_board_game(tokens: int) -> cards.State:
    """Two players on a board of their own with the most spaces a board may have (5 levels of 3)."""
    doc = BLUE_BOARD.to_dict()
    for row, top in {"full_house": 6, "colour": 4, "three_of_a_kind": 6, "straight": 10}.items():
        doc[row] = {"spaces": [3, 3, 3, 3, 3], "values": [0, 1, 2, 3, 4, top]}
    rules = cards.Rules(blue_board=Board.from_dict(doc))
    state = cards.new_game(["Ann", "Ben"], rules=rules, first_player=0)
    full = Tokens(reserve=24 - 4 * tokens, active=0, rows=(tokens, tokens, tokens, tokens, 0))
    return attrs.evolve(state, tokens=(full, state.tokens[1]))


@pytest.mark.parametrize("tokens", [0, 6])
def test_a_board_of_ones_own_with_the_most_spaces_ends_before_its_values(tokens: int) -> None:
    state = _big_board_game(tokens)
    root = parse(svg.card_board(state))
    values = [t for t in root.iter(f"{NS}text") if (t.text or "").startswith("= ")]
    spaces = [r for r in root.iter(f"{NS}rect") if r.get("width") == r.get("height")]
    for value in values:
        y = float(value.get("y") or 0)
        x = float(value.get("x") or 0)
        row = [
            r for r in spaces
            if abs(float(r.get("y") or 0) + 13 - y) < 13 and x - 420 < float(r.get("x") or 0) < x
        ]  # fmt: skip
        right = max(float(r.get("x") or 0) + float(r.get("width") or 0) for r in row)
        start = float(value.get("x") or 0) - text_width(value.text or "", 12)  # right-aligned
        assert right < start, (value.text, right, start)
    text = cards.render(state).splitlines()
    rows = [line for line in text if "|" in line]
    assert rows and all(re.search(r"[.x|] +\S", line) for line in rows[:4]), rows


def test_duel_secured_discs_take_their_owners_colour() -> None:
    state = walk("duel", ["Ann", "Ben"], 100_000, seed=11)
    root = parse(svg.duel_board(state))
    discs = [c for c in root.iter(f"{NS}circle") if c.get("r") == "13"]
    assert len(discs) == len(AREAS)
    blue = sum(1 for c in discs if c.get("fill") == "#2f6fdf")
    red = sum(1 for c in discs if c.get("fill") == "#d9342b")
    assert (blue, red) == (len(state.secured(0)), len(state.secured(1)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), players=st.integers(2, 4))
def test_card_pictures_never_show_a_hidden_card(seed: int, steps: int, players: int) -> None:
    state = walk("cards", [f"P{i}" for i in range(players)], steps, seed)
    public = {str(c) for c in state.display}
    shown = set(card_titles(parse(svg.card_board(state))))
    assert shown == public, "a State shows the display and no hand"
    for seat in range(players):
        obs = cards.observation(state, seat)
        shown = set(card_titles(parse(svg.card_board(obs))))
        assert shown == public | {str(c) for c in state.hands[seat]}


def test_card_observation_shows_the_own_hand_face_up_and_counts_the_others() -> None:
    state = walk("cards", ["Ann", "Ben", "Cy"], 40, seed=2)
    root = parse(svg.card_board(cards.observation(state, 1), lang="de"))
    shown = texts(root)
    for size in (len(h) for h in state.hands):
        assert f"Hand: {size} Karten" in shown
    assert f"Stapel: {len(state.pile)} Karten" in shown


@pytest.mark.parametrize("game", GAMES)
def test_bad_language_and_size_are_refused(game: str) -> None:
    state = walk(game, names_for(game, 2), 5, seed=1)
    with pytest.raises(UnknownLanguageError):
        svg.render(state, lang="fr")  # type: ignore[arg-type]
    for size in (0, -5, 2.5, True, "300"):
        with pytest.raises(InvalidStateError, match="size"):
            svg.render(state, size=size)  # type: ignore[arg-type]


def test_size_sets_width_and_keeps_the_aspect() -> None:
    root = parse(svg.render(classic.new_game(players=2), size=300))
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert root.get("width") == "300"
    assert float(root.get("height", "0")) == pytest.approx(300 * h / w, abs=0.01)


@pytest.mark.parametrize(
    ("picture", "view"),
    [
        (svg.sheet, duel.new_game()),
        (svg.master_sheet, classic.new_game()),
        (svg.duel_board, master.new_game()),
        (svg.card_board, extreme.new_game()),
        (svg.sheet, object()),
    ],
)
def test_a_view_of_another_game_is_refused(picture: Any, view: Any) -> None:
    with pytest.raises(InvalidStateError, match="view"):
        picture(view)


@pytest.mark.parametrize("view", [object(), 3, None, "classic", k])
def test_render_refuses_what_is_no_game(view: Any) -> None:
    with pytest.raises(KniffelError):
        svg.render(view)


@pytest.mark.parametrize("game", GAMES)
def test_names_with_characters_xml_cannot_hold_stay_well_formed(game: str) -> None:
    state = walk(game, names_for(game, 2), 30, seed=4)
    n = len(state.names)
    state = attrs.evolve(state, names=("\x00\x1b[31m", "\ud800&<")[:n] + ("x",) * (n - 2))
    parse(svg.render(state, lang="de"))


def test_importing_svg_imports_no_game() -> None:
    code = (
        "import sys, kniffel_rules.svg; "
        "print(sorted(m for m in sys.modules if m.startswith('kniffel_rules.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for game in GAMES:
        assert f"kniffel_rules.{game}" not in out


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 600),
    players=st.integers(1, 4),
    lang=st.sampled_from(LANGS),
    size=st.none() | st.integers(1, 2000),
)
def test_any_position_draws_well_formed(
    game: str, seed: int, steps: int, players: int, lang: Any, size: int | None
) -> None:
    n = 2 if game == "duel" else max(players, 2 if game == "cards" else 1)
    state = walk(game, [f"{HOSTILE[i % 3]}{i}" for i in range(n)], steps, seed)
    picture = svg.render(state, lang=lang, size=size)
    root = parse(picture)
    assert picture == svg.render(state, lang=lang, size=size)
    assert not REPR.search(picture)
    if size is not None:
        assert root.get("width") == str(size)


def test_croatian_sheet_has_maximum_and_minimum_and_no_kniffel() -> None:
    state = walk("classic", ["Ann", "Ben"], 100_000, 5, classic.Rules(croatian=True))
    shown = texts(parse(svg.sheet(state)))
    assert "Maximum" in shown
    assert "Minimum" in shown
    assert [t for t in shown.split("\n") if t == "Kniffel"] == ["Kniffel"]  # the title only
    assert "Kniffel bonus" not in shown
    assert "Kniffel bonus" in texts(parse(svg.sheet(walk("classic", ["Ann"], 100_000, 5))))


def test_a_series_names_the_game_and_the_points() -> None:
    state = walk("classic", ["Ann", "Ben"], 100_000, 5, classic.Rules(games=3))
    root = parse(svg.sheet(state, lang="de"))
    shown = texts(root).split("\n")
    assert "Kniffel \u00b7 Spiel 3 von 3" in shown  # the title
    assert {"Spiel 1", "Spiel 2", "Spiel 3", "Serienstand"} <= set(shown)  # the text picture's rows


def test_a_duel_match_shows_the_games_won() -> None:
    state = walk("duel", ["Ann", "Ben"], 100_000, 5, duel.Rules(match_wins=2))
    shown = texts(parse(svg.duel_board(state)))
    won = state.games_won
    assert f"games won: {won[0]}" in shown
    assert f"games won: {won[1]}" in shown


def test_extreme_fourth_throw_with_a_chip_counts_to_four() -> None:
    state = extreme.new_game(players=1)
    rng = random.Random(0)
    while state.rolls < 3 or state.phase is not extreme.Phase.DECIDE:
        if extreme.current_player(state) < 0:
            state = extreme.apply(state, extreme.sample_chance(state, rng))
        else:
            state = extreme.apply(state, extreme.Roll())
    assert "roll 3 of 4" in texts(parse(svg.sheet(state)))
    state = extreme.apply(state, extreme.Roll())
    assert "roll 4 of 4" in texts(parse(svg.sheet(state)))


def test_trickier_card_game_draws_the_red_board() -> None:
    rules = cards.Rules(trickier=True)
    state = walk("cards", ["A", "B", "C", "D"], 300, 9, rules)
    root = parse(svg.card_board(cards.observation(state, 2), lang="de"))
    spaces = sum(sum(r.spaces) for r in rules.board.rows)
    squares = [r for r in root.iter(f"{NS}rect") if r.get("width") == "15"]
    assert len(squares) == 4 * spaces


def load_hook() -> Any:
    """docs/hooks/pictures.py, the mkdocs hook that draws the docs' pictures."""
    pytest.importorskip("mkdocs")
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "hooks" / "pictures.py"
    spec = importlib.util.spec_from_file_location("docs_pictures_hook", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_pictures_are_of_games_in_progress(game: str) -> None:
    hook = load_hook()
    view = hook.position(game)
    module: Any = k.get_variant(game)
    assert not module.is_terminal(view)
    assert view == hook.position(game), "seeded: the same position every build"
    if game == "cards":
        assert isinstance(view, cards.Observation)  # the hand of the player to move only
    parse(svg.render(view))


def test_the_distribution_page_gets_its_plot_and_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    hook = load_hook()
    monkeypatch.setattr(hook, "GAMES", 300)
    made = hook._distribution()
    assert made is not None
    plot, table = made
    assert ET.fromstring(plot).tag == f"{NS}svg"
    assert "| games | 300 (seed 2024) |" in table
    assert "| standard deviation |" in table
    hook._STATE["table"] = table
    page = hook.on_page_markdown("a\n\n<!-- distribution -->\n\nb", None, None, None)
    assert "pictures/distribution.svg" in page
    assert table in page
    hook._STATE["table"] = None
    page = hook.on_page_markdown("<!-- distribution -->", None, None, None)
    assert "matplotlib is not installed" in page
    assert hook.on_page_markdown("no marker", None, None, None) == "no marker"


def test_card_status_names_the_start_draw_and_the_combination_placed() -> None:
    state = cards.new_game(players=["Ann", "Ben"])
    assert "Der Startspieler wird gezogen" in texts(parse(svg.card_board(state, lang="de")))
    state = walk("cards", ["Ann", "Ben"], 80, 1)  # placing a Four of a kind's tokens
    state = attrs.evolve(
        state, phase=cards.Phase.PLACE, combination=cards.Combination.FOUR_OF_A_KIND
    )
    assert "Four of a kind" in texts(parse(svg.card_board(state, lang="en")))
    assert "Viererpasch" in texts(parse(svg.card_board(state, lang="de")))


def test_one_card_is_a_card() -> None:
    state = walk("cards", ["Ann", "Ben"], 60, 3)
    hands = ((state.hands[0][0],), state.hands[1])
    state = attrs.evolve(state, hands=hands)
    shown = texts(parse(svg.card_board(state)))
    assert "Hand: 1 card \u00b7" in shown
    assert f"Hand: {len(hands[1])} cards" in shown


# ---------------------------------------------------------------- long names fit


LONG = ("W" * 30, "Bartholomäus-Maximilian von Ötzingen", "M" + "m" * 25)
# Latin letters wider than W, and the widest characters of the BMP as Chromium sets them
WIDE = ("\u01c4" * 30, "\u0152" * 12 + "\u00c6" * 12, "\u2031" * 20 + "\u1671" * 10)


def _extents(root: ET.Element) -> list[tuple[float, float, float, float, str]]:
    """Every text element as (left, right, baseline, size, text), by `_draw.text_width`."""
    from kniffel_rules.svg._draw import text_width

    found = []
    for e in root.iter(f"{NS}text"):
        text = "".join(e.itertext())
        size = float(e.get("font-size", "0"))
        x = float(e.get("x", "0"))
        wide = text_width(text, size)
        anchor = e.get("text-anchor", "start")
        left = x - wide if anchor == "end" else x - wide / 2 if anchor == "middle" else x
        found.append((left, left + wide, float(e.get("y", "0")), size, text))
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.parametrize("long", [LONG, WIDE], ids=["long", "wide"])
def test_long_names_are_cut_to_fit_the_picture(
    game: str, lang: Any, players: int, long: tuple[str, ...]
) -> None:
    """No text runs past the picture's edge or into text beside it, however long a name.

    Widths are `_draw.text_width`'s upper bounds (DejaVu Sans, as Chromium
    sets it): the status line, the sheet's column heads, the Master and card
    panels' heads and the winners cut names to fit.
    """
    module: Any = k.get_variant(game)
    info = module.INFO
    if not info.min_players <= players <= info.max_players:
        pytest.skip("not a number of players this game takes")
    names = [(long[i % len(long)] + str(i))[i % 3 :] for i in range(players)]
    for steps in (0, 3, 9, 40, 100_000):
        root = parse(svg.render(walk(game, names, steps, seed=5), lang=lang))
        width = float(root.get("viewBox", "0 0 0 0").split()[2])
        boxes = _extents(root)
        for left, right, _, _, text in boxes:
            assert left >= 0 and right <= width, (steps, text, left, right, width)
        for i, (l1, r1, y1, s1, t1) in enumerate(boxes):
            for l2, r2, y2, s2, t2 in boxes[i + 1 :]:
                same_line = abs(y1 - y2) < min(s1, s2) * 0.8
                assert not (same_line and l1 < r2 - 1 and l2 < r1 - 1), (steps, t1, t2)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "cards"])
def test_a_turn_before_its_first_roll_counts_no_roll(game: str) -> None:
    """"Ann to move", not "Ann to move · roll 0 of 3", before a turn's first roll."""
    module: Any = k.get_variant(game)
    rng = random.Random(4)
    state = module.new_game(players=names_for(game, 2), first_player=0)
    words = {"en": (" to move\n", "roll 0 "), "de": (" ist am Zug\n", "Wurf 0 ")}
    seen = 0
    for _ in range(300):
        if module.is_terminal(state):
            break
        for lang in LANGS:
            to_move, zero = words[lang]
            status = texts(parse(svg.render(state, lang=lang)))
            assert zero not in status, status
            if state.rolls == 0 and state.phase.value == "decide":
                assert to_move in status + "\n", status
                seen += 1
        if module.current_player(state) < 0:
            state = module.apply(state, module.sample_chance(state, rng))
        else:
            state = module.apply(state, rng.choice(module.legal_actions(state)))
    assert seen


@pytest.mark.parametrize("game", GAMES)
def test_short_wide_names_are_drawn_whole(game: str) -> None:
    """A CJK name that fits is not cut: names are cut by the room they take, not their letters."""
    module: Any = k.get_variant(game)
    state = module.new_game(players=["山田太郎", "李小龍"], first_player=0)
    for lang in LANGS:
        status = texts(parse(svg.render(state, lang=lang)))
        assert "山田太郎" in status and "李小龍" in status, status
        assert "\u2026" not in status, status
