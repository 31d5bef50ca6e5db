"""The message catalogue: every sentence in German, the files up to date, `localized` everywhere.

* Every msgid the source marks with ``N_`` (an AST scan, `tools/i18n.py`)
  has a German entry with the same placeholders; the ``.pot``, the ``.po``
  and the compiled ``.mo`` are what the tools write from the source (the
  shipped ``.mo`` is never stale).
* Over random games of every game of the registry: each refusal of
  ``why_illegal``, each `IllegalActionError` of ``apply`` and each
  `ActionParseError` of ``parse_action`` gives ``str()`` for ``"en"`` and a
  German sentence, built from catalogue entries, for ``"de"``.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
import random
import re
import string
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import (
    CHANCE,
    TERMINAL,
    VARIANTS,
    InvalidStateError,
    get_variant,
    record,
    record_to_json,
    verify_sheet,
)
from kniffel_rules._i18n import N_, Named, Text, catalogue, localize
from kniffel_rules.bots import RandomBot
from kniffel_rules.errors import (
    ActionParseError,
    IllegalActionError,
    KniffelError,
    Rejection,
)
from kniffel_rules.lang import UnknownLanguageError
from kniffel_rules.sheets import SHEET_VARIANTS

ROOT = Path(__file__).resolve().parent.parent


def _tools() -> Any:
    spec = importlib.util.spec_from_file_location("kniffel_i18n_tools", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOLS = _tools()
PO = TOOLS.LOCALE / "de" / "LC_MESSAGES" / "kniffel_rules.po"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# -- the catalogue --------------------------------------------------------------


def test_every_message_has_a_german_entry() -> None:
    found = TOOLS.extract()
    assert len(found) > 100  # the scan sees the markers
    entries = TOOLS.read_po(PO.read_text(encoding="utf-8"))
    lacking = [m for m in found if not entries.get(m, ("", True))[0] or entries[m][1]]
    assert not lacking, f"no German entry (run tools/i18n.py, then translate): {lacking}"
    for msgid in found:
        assert _fields(entries[msgid][0]) == _fields(msgid), msgid


def test_the_files_are_what_the_tools_write() -> None:
    """The .pot, the .po and the shipped .mo match the source (run ``tools/i18n.py``)."""
    stale = [
        str(path.relative_to(ROOT))
        for path, data in TOOLS.outputs()
        if not path.exists() or path.read_bytes() != data
    ]
    assert not stale, f"out of date, run python tools/i18n.py: {stale}"


def test_the_compiled_catalogue_reads_back_with_gettext(tmp_path: Path) -> None:
    import gettext

    entries = TOOLS.read_po(PO.read_text(encoding="utf-8"))
    mo = tmp_path / "de" / "LC_MESSAGES" / "kniffel_rules.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(TOOLS.compile_mo(PO.read_text(encoding="utf-8")))
    read = gettext.translation("kniffel_rules", tmp_path, ["de"])
    for msgid, (msgstr, _) in entries.items():
        if msgid:
            assert read.gettext(msgid) == msgstr
    assert catalogue("de").gettext("roll the dice before passing") == "Erst würfeln, dann passen"


def test_a_marker_takes_a_literal(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text("x = 'a'\nN_(x)\n")
    with pytest.raises(TOOLS.MarkerError, match=r"m\.py:2"):
        TOOLS.extract(package)


def test_po_strings_with_escapes_round_trip() -> None:
    text = TOOLS._entry("", TOOLS.HEADER) + "\n" + TOOLS._entry('say "hi"\\', 'sag "hallo"\\')
    assert TOOLS.read_po(text)['say "hi"\\'] == ('sag "hallo"\\', False)


# -- the API ----------------------------------------------------------------------


def test_a_rejection_of_a_template() -> None:
    from kniffel_rules.classic import Box

    reason = Rejection.of(
        N_("box {box} is already filled ({filled})"), "CL-07", box=Box.FULL_HOUSE, filled=25
    )
    assert isinstance(reason, str)
    assert (reason, reason.rule) == ("box Full House is already filled (25)", "CL-07")
    assert reason.localized("en") == str(reason)
    assert reason.localized("DE") == "Das Feld Full House ist schon belegt (25)"
    assert Rejection(reason, "X-1").localized("de") == reason.localized("de")  # kept
    copy = pickle.loads(pickle.dumps(reason))
    assert (copy, copy.rule, copy.localized("de")) == (reason, "CL-07", reason.localized("de"))
    with pytest.raises(UnknownLanguageError):
        reason.localized("fr")


def test_plain_texts_and_names() -> None:
    plain = Rejection("the game is over: no more actions", "PR-05")
    assert plain.localized("de") == "Das Spiel ist vorbei: Es gibt keine Züge mehr"
    assert Rejection("not in the catalogue").localized("de") == "not in the catalogue"
    assert localize("the game is over: no more actions", "de").startswith("Das Spiel")
    text = Text.of(
        N_("the {area} disc is secured in {owner}'s hole and never moves again"),
        area=Named({"en": "Pair", "de": "Paar"}),
        owner=Named({"en": "red", "de": "rot"}),
    )
    assert str(text) == "the Pair disc is secured in red's hole and never moves again"
    assert (
        text.localized("de")
        == "Die Scheibe Paar ist im Loch von rot gesichert und zieht nie wieder"
    )


def test_the_errors_localize_and_keep_their_english() -> None:
    from kniffel_rules import classic

    state = classic.new_game(players=1)
    with pytest.raises(IllegalActionError) as caught:
        classic.apply(state, classic.Score(classic.Box.TWOS))
    err = caught.value
    assert str(err) == "roll the dice before entering a score"
    assert err.localized("en") == str(err)
    assert err.localized("de") == "Erst würfeln, dann eintragen"
    assert pickle.loads(pickle.dumps(err)).localized("de") == err.localized("de")
    with pytest.raises(IllegalActionError) as caught:
        classic.winners(state)
    assert caught.value.localized("de").startswith("Das Spiel ist noch nicht vorbei")
    with pytest.raises(ActionParseError) as parsed:
        classic.parse_action(state, "blub")
    message = parsed.value.localized("de")
    assert message == "'blub': nicht verstanden; hier erlaubt: alle Würfel werfen"  # the menu's
    assert classic.parse_action(state, "alle Würfel werfen") == classic.Roll()  # typed back
    assert str(parsed.value) == "'blub': not understood; legal here: roll"  # English unchanged
    assert pickle.loads(pickle.dumps(parsed.value)).localized("de") == message
    with pytest.raises(UnknownLanguageError):
        parsed.value.localized("xx")


# -- every refusal of random games --------------------------------------------------

_WORDS = re.compile(r"[A-Za-z]{3,}")


def _resolves(text: object) -> bool:
    """Whether ``text`` (and every sentence quoted in it) is an entry of the catalogue."""
    de = catalogue("de")
    if not isinstance(text, Text):
        return de.gettext(str(text)) != str(text)
    if text.template is None:  # a finished text: its words, if any, from the catalogue
        return not _WORDS.search(str(text)) or de.gettext(str(text)) != str(text)
    if de.gettext(text.template) == text.template and text.template not in _SAME:
        return False
    return all(_resolves(v) for v in text.args.values() if isinstance(v, Text))


_SAME = {"{reason}{then}", "{message}; {listing}", "{shown}: {reason}", "{who}: {message}"}
"""Templates whose German is the English (nothing but placeholders and punctuation)."""


def _check(message: Any, english: str, where: object) -> None:
    assert isinstance(message, (Text, IllegalActionError, ActionParseError)), where
    localize_ = message.localized
    assert localize_("en") == english, where
    german = localize_("de")
    if _WORDS.search(english):
        assert german != english, (where, english)
    if isinstance(message, KniffelError):
        message = getattr(message, "message", english)
    assert _resolves(message), (where, english, german)


_FOREIGN: list[Any] = [None, 3, "x", (1, 2), 1.5]


def _positions(name: str, rng: random.Random, steps: int = 300) -> tuple[list[Any], list[Any]]:
    game = get_variant(name)
    info = game.INFO
    states: list[Any] = []
    actions: list[Any] = []
    state = game.new_game(rng.randint(info.min_players, min(info.max_players, 3)))
    for _ in range(steps):
        who = game.current_player(state)
        states.append(state)
        if who == TERMINAL:
            break
        action = (
            game.sample_chance(state, rng)
            if who == CHANCE
            else rng.choice(game.legal_actions(state))
        )
        actions.append(action)
        state = game.apply(state, action)
    return states, list(dict.fromkeys(actions))


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_refusal_of_random_games_is_german(name: str, seed: int) -> None:
    _refusals_are_german(name, seed)


def _refusals_are_german(name: str, seed: int) -> None:
    game = get_variant(name)
    rng = random.Random(seed)
    states, actions = _positions(name, rng)
    others = [a for other in VARIANTS if other != name for a in _positions(other, rng, 40)[1][:8]]
    lines = ["xyz", "keep 1 2 3", "behalte 6 6 6", "score chance", "13", "", "a" * 600]
    lines += [game.action_to_text(a) for a in rng.sample(actions, min(5, len(actions)))]
    for state in rng.sample(states, min(10, len(states))):
        for action in [*rng.sample(actions, min(15, len(actions))), *others, *_FOREIGN]:
            reason = game.why_illegal(state, action)
            if reason is None:
                continue
            _check(reason, str(reason), (name, action))
            with pytest.raises(IllegalActionError) as caught:
                game.apply(state, action)
            _check(caught.value, str(caught.value), (name, action))
        for line in lines:
            try:
                game.parse_action(state, line)
            except ActionParseError as err:
                _check(err, str(err), (name, line))
        for ask in (game.chance_outcomes, game.winners):
            try:
                ask(state)
            except IllegalActionError as err:
                _check(err, str(err), (name, ask))


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_refusal_of_many_random_games_is_german(name: str, seed: int) -> None:
    _refusals_are_german(name, seed)


# -- every finding of damaged sheets and records -------------------------------------


def _damaged(doc: Any, rng: random.Random) -> Any:
    """``doc`` with a few of its integers changed (a box, a sum, a die, a count)."""
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                spots.append((node, key))
            elif isinstance(value, (dict, list)):
                walk(value)

    walk(doc)
    for node, key in rng.sample(spots, min(4, len(spots))):
        node[key] = rng.choice([node[key] + rng.randint(1, 7), 0, 1, 6])
    return doc


@pytest.mark.parametrize("name", SHEET_VARIANTS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), rolls=st.booleans(), players=st.integers(1, 2))
def test_every_finding_of_a_damaged_sheet_is_german(
    name: str, seed: int, rolls: bool, players: int
) -> None:
    module: Any = get_variant(name)
    rng = random.Random(seed)
    rec = record(name, [RandomBot()] * players, seed=seed)
    docs = [_damaged(module.write_sheet(rec, rolls=rolls, derived=True), rng)]
    if name != "yatzy":
        docs.append(_damaged(json.loads(record_to_json(rec)), rng))
    for doc in docs:
        try:
            report = verify_sheet(doc)
        except InvalidStateError:
            continue
        for finding in report.findings:
            assert finding.localized("en") == finding.message
            _check(finding.message, finding.message, (name, finding))
            assert finding.localized("de") == localize(finding.message, "de")
