"""Player names refuse control characters at every door, so nothing printed carries them.

Issue 26, item 3: a name may otherwise hold ESC, OSC, BEL or bidirectional
controls that a terminal acts on (clear the screen, retitle the window, fake
output). The choice, made once in `kniffel_rules._common.check_name`: a name
refuses Unicode categories Cc, Cs, Co, Cn, Zl, Zp and the bidirectional
controls of Cf; the other format characters (a zero-width joiner in an emoji
sequence) stay. Every door goes through it: ``new_game``, every
``from_json`` and ``observation_from_dict``, records (full and cut down to one
player), score sheets, the CLI's ``--players``. And every text picture and CLI
output of games with any allowed names holds no C0 or C1 control but newline.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kniffel_rules
from kniffel_rules import (
    CHANCE,
    GameRecord,
    InvalidStateError,
    player_record_from_json,
    random_policy,
    record,
    record_from_json,
    record_to_json,
    verify_sheet,
)
from kniffel_rules._common import BIDI_CONTROLS, MAX_MARKS, check_name, name_problem
from kniffel_rules.cli import main
from kniffel_rules.cli.players import parse_players
from kniffel_rules.sheets import SHEET_VARIANTS
from test_common_messages import UNSEEN_NAMES

VARIANTS = sorted(kniffel_rules.VARIANTS)
_REFUSED_CATEGORIES: Final = ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")
_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # C0 and C1 but newline

refused_char = st.characters(categories=_REFUSED_CATEGORIES) | st.sampled_from(
    sorted(BIDI_CONTROLS)
)
plain_text = st.text(
    st.characters(exclude_categories=_REFUSED_CATEGORIES), max_size=8
).map(lambda t: "".join(c for c in t if c not in BIDI_CONTROLS))


@st.composite
def bad_names(draw: st.DrawFn) -> str:
    """A name of 1..100 characters holding at least one refused character."""
    before, after = draw(plain_text), draw(plain_text)
    return before + draw(refused_char) + after


def _tamed(text: str) -> str:
    """``text`` with a visible letter first and at most `MAX_MARKS` combining marks in a row."""
    out: list[str] = ["A"]
    marks = 0
    for char in text:
        marks = marks + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if marks <= MAX_MARKS:
            out.append(char)
    return "".join(out)


good_names = (
    st.text(
        st.characters(exclude_categories=_REFUSED_CATEGORIES),
        min_size=0,
        max_size=11,
    )
    .map(lambda t: "".join(c for c in t if c not in BIDI_CONTROLS))
    .map(_tamed)
)


def _json_path(path: tuple[Any, ...]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _name_paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where a document holds a player's name (a key ``name`` with a string value)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "name" and isinstance(value, str):
                yield (*path, key)
            else:
                yield from _name_paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _name_paths(value, (*path, i))


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(doc))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def _midgame(variant: str, seed: int = 5) -> Any:
    game = kniffel_rules.get_variant(variant)
    state = game.new_game(["Ann", "Ben"])
    rng = random.Random(seed)
    for _ in range(25):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


_STATES = {v: _midgame(v) for v in VARIANTS}


# --- the check itself ------------------------------------------------------------------


@given(name=bad_names())
def test_check_name_refuses_every_refused_character(name: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        check_name(name, "players[3].name")
    assert info.value.path == "players[3].name"
    assert "a player's name refuses control characters" in info.value.detail
    assert _CONTROLS.search(str(info.value)) is None  # named by code point, never printed


@given(name=good_names)
def test_check_name_takes_visible_text(name: str) -> None:
    if len(name) <= 100:
        assert check_name(name, "p") == name


@pytest.mark.parametrize(
    "name",
    ["Zoë", "李雷", "👨\u200d👩\u200d👧", "Ann\u00a0Lee", "Jo\u00adhn", "x\u200by",
     "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"],
)  # fmt: skip
def test_format_characters_that_build_text_stay_allowed(name: str) -> None:
    assert check_name(name, "p") == name


@pytest.mark.parametrize(
    ("name", "code"),
    [("A\x1b[2J", "U+001B"), ("\x07", "U+0007"), ("A\nB", "U+000A"), ("A\tB", "U+0009"),
     ("\x9b31m", "U+009B"), ("\x7f", "U+007F"), ("ab\u202etxt.exe", "U+202E"),
     ("\u2066x", "U+2066"), ("\u200fx", "U+200F"), ("\ue000", "U+E000"), ("a\u2028b", "U+2028"),
     ("\ud800", "U+D800"), ("\U000e0000", "U+E0000")],
)  # fmt: skip
def test_the_refusal_names_the_character_by_its_code_point(name: str, code: str) -> None:
    problem = name_problem(name)
    assert problem is not None and problem.startswith(code + " at index ")
    category = unicodedata.category(name[int(problem.split()[3].rstrip("is"))])
    assert f"(Unicode category {category})" in problem


@pytest.mark.parametrize("name", UNSEEN_NAMES)
def test_a_name_that_shows_nothing_is_refused_everywhere(name: str) -> None:
    """Spaces, zero-width and format characters, lone marks and blank fillers alone."""
    with pytest.raises(InvalidStateError) as info:
        check_name(name, "players[0].name")
    assert info.value.detail == "a player's name needs a visible character"
    assert info.value.localized("de").endswith("ein Spielername braucht ein sichtbares Zeichen")
    for variant in VARIANTS:
        with pytest.raises(InvalidStateError):
            kniffel_rules.get_variant(variant).new_game(["Ann", name])


@pytest.mark.parametrize(
    "name",
    ["Nge\u0323\u0302n", "a\u0301\u0302\u0303\u0304", "\u05e9\u05c1\u05b8\u0591\u05bd",
     " x", "x ", "Ann\u200b", "X", "XX X", "\u00c9"],
)  # fmt: skip
def test_marks_as_languages_stack_them_stay_allowed(name: str) -> None:
    assert check_name(name, "p") == name


def test_a_pile_of_marks_is_refused_at_the_fifth() -> None:
    """Five or more marks on one character draw over the lines above and below (Zalgo text)."""
    name = "Ann a" + "\u0301" * 99
    problem = name_problem(name)
    assert problem == (
        "U+0301 at index 9 is the 5th mark on one character; a player's name stacks at most 4 "
        "marks"
    )
    assert name_problem("a" + "\u0301" * 4 + "b" + "\u0301" * 4) is None  # per character
    assert name_problem("a\u0301\u20dd\u0302\u20de\u0303") is not None  # enclosing marks too
    with pytest.raises(InvalidStateError) as info:
        parse_players("classic", f"Ann,{name}", humans=True)
    assert info.value.path == "--players"


# --- every door ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(name=bad_names(), seat=st.integers(0, 1))
def test_new_game_refuses(variant: str, name: str, seat: int) -> None:
    names = ["Ann", "Ben"]
    names[seat] = name
    with pytest.raises(InvalidStateError) as info:
        kniffel_rules.get_variant(variant).new_game(names)
    assert info.value.path == f"players[{seat}]"


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=bad_names(), pick=st.randoms(use_true_random=False))
def test_from_json_refuses(variant: str, name: str, pick: random.Random) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = json.loads(game.to_json(_STATES[variant]))
    path = pick.choice(list(_name_paths(doc)))
    with pytest.raises(InvalidStateError) as info:
        game.from_json(json.dumps(_replaced(doc, path, name)))
    assert info.value.path == _json_path(path)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=bad_names(), pick=st.randoms(use_true_random=False), seat=st.integers(0, 1))
def test_observation_from_dict_refuses(
    variant: str, name: str, pick: random.Random, seat: int
) -> None:
    game = kniffel_rules.get_variant(variant)
    doc = game.observation_to_dict(game.observation(_STATES[variant], seat))
    path = pick.choice(list(_name_paths(doc)))
    with pytest.raises(InvalidStateError) as info:
        game.observation_from_dict(_replaced(doc, path, name))
    assert info.value.path == _json_path(path)


def _record_doc(variant: str, player: int | None = None) -> dict[str, Any]:
    state = _STATES[variant]
    doc: dict[str, Any] = json.loads(
        record_to_json(GameRecord(state, (), state, variant), player=player)
    )
    return doc


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=bad_names(), pick=st.randoms(use_true_random=False))
def test_records_refuse(variant: str, name: str, pick: random.Random) -> None:
    full = _record_doc(variant)
    readers: list[tuple[Any, dict[str, Any]]] = [(record_from_json, full)]
    readers.append((player_record_from_json, _record_doc(variant, player=1)))
    for read, doc in readers:
        path = pick.choice([("players", pick.randrange(2)), *_name_paths(doc)])
        with pytest.raises(InvalidStateError) as info:
            read(json.dumps(_replaced(doc, path, name)))
        assert info.value.path == _json_path(path)


@pytest.mark.parametrize("variant", SHEET_VARIANTS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=bad_names(), pick=st.randoms(use_true_random=False))
def test_score_sheets_refuse(variant: str, name: str, pick: random.Random) -> None:
    game: Any = kniffel_rules.get_variant(variant)
    sheet = game.write_sheet(record(variant, [random_policy] * 2, seed=2))
    for doc in (sheet, json.loads(record_to_json(record(variant, [random_policy] * 2, seed=2)))):
        path = pick.choice([*_name_paths(doc)] or [("players", 0)])
        with pytest.raises(InvalidStateError) as info:
            verify_sheet(_replaced(doc, path, name))
        assert info.value.path == _json_path(path)


@settings(max_examples=25, deadline=None)
@given(name=bad_names().filter(lambda n: "," not in n and n.strip() == n and n.strip()))
def test_cli_players_refuse(name: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        parse_players("classic", f"Ann,{name}", humans=True)
    assert info.value.path == "--players"


# --- nothing printed holds a control character -------------------------------------------


def _play(variant: str, names: list[str], seed: int) -> list[Any]:
    """The states of a seeded random game (every fifth, and the last)."""
    game = kniffel_rules.get_variant(variant)
    state = game.new_game(names)
    rng = random.Random(seed)
    seen = [state]
    step = 0
    while not game.is_terminal(state) and step < 400:
        if game.current_player(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        step += 1
        if step % 5 == 0:
            seen.append(state)
    return [*seen, state]


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(good_names, min_size=2, max_size=2, unique=True), seed=st.integers(0, 99))
def test_no_picture_holds_a_control_character(variant: str, names: list[str], seed: int) -> None:
    game = kniffel_rules.get_variant(variant)
    for state in _play(variant, names, seed):
        for view in (state, game.observation(state, 0), game.observation(state, 1)):
            for lang in ("en", "de"):
                text = game.render(view, lang=lang)
                assert _CONTROLS.search(text) is None, (names, text)


def _cli(argv: list[str], stdin: str = "") -> str:
    """What ``kniffel ARGV`` prints, on stdout and stderr together."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        main(argv, out=out, stdin=io.StringIO(stdin))
    return out.getvalue() + err.getvalue()


_CLI_NAMES = good_names.filter(
    lambda n: "," not in n and n.strip() == n and not n.startswith(("bot:", "-"))
)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(_CLI_NAMES, min_size=2, max_size=2, unique=True))
def test_no_cli_output_holds_a_control_character(variant: str, names: list[str]) -> None:
    game: Any = kniffel_rules.get_variant(variant)
    state = _play(variant, names, 3)[-1]
    start = game.new_game(names)
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "game.json"
        saved.write_text(record_to_json(GameRecord(start, (), start, variant)), encoding="utf-8")
        outputs = [_cli(["play", "--resume", str(saved), "--seed", "1"], "quit\n")]
        if variant in SHEET_VARIANTS:
            sheet = Path(folder) / "sheet.json"
            written = game.write_sheet(GameRecord(state, (), state, variant))
            sheet.write_text(json.dumps(written), encoding="utf-8")
            outputs.append(_cli(["verify", str(sheet)]))
    outputs.append(_cli(["show", "--game", variant, "--players", "random,random", "--seed", "2"]))
    for text in outputs:
        assert _CONTROLS.search(text) is None, (names, text)
    assert any(names[0] in text for text in outputs)


def test_cli_refuses_a_file_whose_names_hold_escapes(tmp_path: Path) -> None:
    start = kniffel_rules.get_variant("classic").new_game(["Ann", "Ben"])
    doc = json.loads(record_to_json(GameRecord(start, (), start, "classic")))
    doc["players"][1] = doc["initial"]["players"][1]["name"] = "\x1b]0;pwned\x07\x1b[2J"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    for argv in (["verify", str(bad)], ["play", "--resume", str(bad)]):
        text = _cli(argv, "quit\n")
        assert _CONTROLS.search(text) is None, text
        assert "U+001B" in text, text


def test_a_hand_built_card_view_refuses_an_escape_in_a_name() -> None:
    game = kniffel_rules.get_variant("cards")
    obs = game.observation(_STATES["cards"], 0)
    bad = attrs.evolve(obs, names=("Ann", "Ben\x1b[2J"))
    for call in (game.legal_actions, game.current_player, game.render):
        with pytest.raises(InvalidStateError) as info:
            call(bad)
        assert info.value.path == "observation.names[1]"
