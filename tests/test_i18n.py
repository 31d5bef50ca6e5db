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
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _breaking import broken
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
    AmbiguousActionError,
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


def test_a_game_of_a_series_or_a_match_is_a_spiel() -> None:
    """One German word for one game of a series or a Duell match: "Spiel", as the screens say.

    ("Partie" stays for the game a person plays at the keyboard: saved, left, simulated.)
    """
    entries = TOOLS.read_po(PO.read_text(encoding="utf-8"))
    mixed = [
        (msgid, german)
        for msgid, (german, _) in entries.items()
        if ("match" in msgid or "series" in msgid or "last game" in msgid) and "Partie" in german
    ]
    assert not mixed


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


@pytest.mark.parametrize("name", VARIANTS)
def test_an_object_of_no_game_is_named_in_german(name: str) -> None:
    """A refusal names an object it cannot write as a move by its kind, in either language."""
    game = get_variant(name)
    states, _ = _positions(name, random.Random(5), 60)
    kinds = {game.current_player(s) == CHANCE: s for s in states if not game.is_terminal(s)}
    assert set(kinds) == {False, True}  # a player's node and a chance node
    for state in kinds.values():
        for junk, kind in ((object(), "object"), (Fraction(1, 2), "Fraction")):
            reason = game.why_illegal(state, junk)
            assert reason is not None
            english, german = str(reason), reason.localized("de")
            assert english.endswith(f"got {'an' if kind == 'object' else 'a'} {kind}"), english
            assert german.endswith(f"ein Objekt vom Typ {kind}"), german


_SHORT = ["13", "7", "6", "2", "grün", "straight", "coins", "münzen", "paar", "row 2", "1 1"]


def test_an_ambiguous_text_lists_its_actions_as_the_german_menu_shows_them() -> None:
    """Each action an ambiguity lists in German is read back as that action."""
    found: dict[str, int] = {}
    for name in VARIANTS:
        game = get_variant(name)
        states, _ = _positions(name, random.Random(2), 400)
        for state in states[::3]:
            if game.current_player(state) < 0:
                continue
            for text in _SHORT:
                try:
                    game.parse_action(state, text)
                except AmbiguousActionError as err:
                    german = err.localized("de")
                    listed = german.split("bedeuten: ", 1)[1].rsplit("; sag, welchen", 1)[0]
                    lines = listed.split("; ")
                    shown = list(err.candidates[: len(lines)])
                    assert lines == [game.render_action(a, lang="de") for a in shown], german
                    assert [game.parse_action(state, line) for line in lines] == shown, german
                    found[name] = found.get(name, 0) + 1
                except ActionParseError:
                    pass
    assert len(found) >= 2, found  # the card game's cards, Master's coin row


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


# -- the word tables and the pieces' names ---------------------------------------------


def test_every_name_and_word_of_a_picture_is_a_catalogue_entry() -> None:
    """The renderers' words and the pieces' names: English msgids, German from the .po."""
    import importlib

    from kniffel_rules._i18n import CONTEXT, Phrase
    from kniffel_rules._labels import _LABELS

    for name in VARIANTS:
        get_variant(name)
    games = tuple(f"kniffel_rules.{name}." for name in VARIANTS)  # not a docstring's example
    tables: list[Any] = [v for k, v in _LABELS.items() if type(k).__module__.startswith(games)]
    for module, attr in [
        ("_dicerender", "WORDS"),
        ("svg._words", "WORDS"),
        ("classic.render", "_WORDS"),
        ("classic._rows", "_WORDS"),
        ("extreme.render", "_WORDS"),
        ("master.render", "_WORDS"),
        ("duel.render", "_WORDS"),
        ("cards.render", "_WORDS"),
    ]:
        tables += getattr(importlib.import_module(f"kniffel_rules.{module}"), attr).values()
    entries = TOOLS.read_po(PO.read_text(encoding="utf-8"))
    assert len(tables) > 200
    for phrase in tables:
        assert isinstance(phrase, Phrase), phrase
        assert phrase.msgid in entries, phrase.msgid  # translated (the test above: not empty)
        assert phrase["en"] == phrase.msgid.rpartition(CONTEXT)[2]
        assert phrase["de"] == entries[phrase.msgid][0]


def test_one_english_word_two_german_ones_through_a_context() -> None:
    from kniffel_rules import classic, duel
    from kniffel_rules._i18n import C_, translate

    assert duel.Area.FOUR_OF_A_KIND.labels == {"en": "Four of a kind", "de": "Vier Gleiche"}
    assert classic.Box.FOUR_OF_A_KIND.labels == {"en": "Four of a kind", "de": "Viererpasch"}
    assert translate(C_("cards", "none"), "de") == "keine"
    assert translate("none", "de") == "nichts"


def test_po_entries_with_a_context_round_trip(tmp_path: Path) -> None:
    import gettext
    import io

    text = "\n".join(
        [
            TOOLS._entry("", TOOLS.HEADER),
            TOOLS._entry("a\x04word", "ein Wort"),
            TOOLS._entry("word", "Wort"),
            TOOLS._entry("b\x04word", "das Wort"),
        ]
    )
    assert 'msgctxt "a"\nmsgid "word"' in text
    entries = TOOLS.read_po(text)
    assert entries["a\x04word"] == ("ein Wort", False)
    assert entries["word"] == ("Wort", False)
    assert entries["b\x04word"] == ("das Wort", False)
    read = gettext.GNUTranslations(io.BytesIO(TOOLS.compile_mo(text)))
    assert (read.pgettext("a", "word"), read.gettext("word"), read.pgettext("b", "word")) == (
        "ein Wort",
        "Wort",
        "das Wort",
    )
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text("C_('ctx', 'word')\nN_('word')\n")
    assert list(TOOLS.extract(package)) == ["ctx\x04word", "word"]
    (package / "m.py").write_text("C_('word')\n")
    with pytest.raises(TOOLS.MarkerError, match="two string literals"):
        TOOLS.extract(package)


def test_a_third_language_is_only_a_catalogue() -> None:
    """A catalogue mapping every msgid to "X" + msgid: every word of a picture changes."""
    import gettext
    import io

    from kniffel_rules import classic, svg
    from kniffel_rules._i18n import CONTEXT, add_language, remove_language
    from kniffel_rules.lang import check_lang

    found = TOOLS.extract()
    parts = [TOOLS._entry("", TOOLS.HEADER)]
    parts += [TOOLS._entry(m, "X" + m.rpartition(CONTEXT)[2]) for m in found]
    read = gettext.GNUTranslations(io.BytesIO(TOOLS.compile_mo("\n".join(parts))))
    state = classic.apply(classic.new_game(["Ann", "Ben"], first_player=0), classic.Roll())
    state = classic.apply(state, classic.DiceRoll((2, 3, 3, 5, 6)))
    with pytest.raises(UnknownLanguageError):
        check_lang("zz")
    add_language("zz", read)
    try:
        picture = classic.render(state, lang="zz")  # type: ignore[arg-type]
        assert picture != classic.render(state)
        assert "XDice: 2 3 3 5 6" in picture and "XTwos" in picture and "XTotal" in picture
        assert picture.startswith("XAnn to move\n")  # the template "X{name} to move"
        score = classic.render_action(classic.Score(classic.Box.TWOS), lang="zz")  # type: ignore[arg-type]
        assert score == "Xscore XTwos"
        fresh = classic.new_game(players=1)
        reason = classic.why_illegal(fresh, classic.Score(classic.Box.TWOS))
        assert (
            reason is not None
            and reason.localized("zz") == "Xroll the dice before entering a score"
        )
        assert "XTwos" in svg.render(state, lang="zz")  # type: ignore[arg-type]
        assert check_lang("ZZ") == "zz"  # type: ignore[comparison-overlap]
    finally:
        remove_language("zz")
    with pytest.raises(UnknownLanguageError):
        check_lang("zz")
    assert classic.render(state, lang="de").startswith("Ann ist am Zug")
    assert dict(classic.Box.TWOS.labels) == {"en": "Twos", "de": "Zweier"}  # "zz" forgotten


# -- documents refused: the path as it is, the reason in German ----------------------------


def _raised_in(err: BaseException) -> str:
    while isinstance(err.__context__, InvalidStateError):  # raised again with a longer path
        err = err.__context__
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename if tb is not None else ""


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_document_broken_at_random_is_refused_in_german(name: str, seed: int) -> None:
    game = get_variant(name)
    rng = random.Random(seed)
    rec = record(name, [RandomBot()] * game.INFO.min_players, seed=seed)
    states = [rec.initial, rec.final]
    doc = broken(json.loads(game.to_json(rng.choice(states))), rng)
    try:
        game.from_json(json.dumps(doc))
    except InvalidStateError as err:
        refused: InvalidStateError | None = err
    else:
        refused = None
    if refused is not None:
        assert refused.localized("en") == str(refused)
        german = refused.localized("de")
        assert german.startswith(f"{refused.path}: " if refused.path else "")
        assert german != str(refused), (str(refused), _raised_in(refused))


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_an_observation_broken_at_random_is_refused_in_german(name: str, seed: int) -> None:
    """A seat's view sent as JSON (a bot behind a server) and broken: the reason in German."""
    game = get_variant(name)
    rng = random.Random(seed)
    rec = record(name, [RandomBot()] * game.INFO.min_players, seed=seed)
    states = [s for s in (rec.initial, rec.final) if game.current_player(s) >= 0]
    state = rng.choice(states or [rec.initial])
    seat = rng.randrange(len(state.names))
    doc = broken(
        json.loads(json.dumps(game.observation_to_dict(game.observation(state, seat)))), rng
    )
    try:
        game.observation_from_dict(doc)
    except InvalidStateError as err:
        refused: InvalidStateError | None = err
    else:
        refused = None
    if refused is not None:
        assert refused.localized("en") == str(refused)
        assert refused.localized("de") != str(refused), (str(refused), _raised_in(refused))


def test_the_document_checks_templates_in_german() -> None:
    from kniffel_rules import classic
    from kniffel_rules.errors import StepLimitError

    with pytest.raises(InvalidStateError) as caught:
        classic.from_json('{"format": "kniffel-classic-state", "version": "1"}')
    assert str(caught.value) == "missing field 'rules'"
    assert caught.value.localized("de") == "Der Eintrag 'rules' fehlt"
    with pytest.raises(InvalidStateError) as caught:
        classic.Rules(games=True)
    german = "rules.games: Erwartet wird eine ganze Zahl, erhalten: bool"
    assert caught.value.localized("de") == german
    with pytest.raises(InvalidStateError) as caught:
        classic.from_json("[1,")
    assert caught.value.localized("de").startswith("Kein gültiges JSON (")
    with pytest.raises(InvalidStateError) as caught:
        classic.new_game(players=0)
    assert caught.value.localized("de").startswith("players: Dieses Spiel braucht 1 bis ")
    err = StepLimitError(40, None)
    assert str(err) == "the game did not end within 40 steps"
    german = "Das Spiel ist nach der Höchstzahl an Schritten (40) nicht zu Ende"
    assert err.localized("de") == german
    plain = InvalidStateError("dice", "no dice, rolls or player once the game is over")
    assert plain.localized("de") == (
        "dice: Nach Spielende gibt es keine Würfel, Würfe oder Spieler am Zug mehr"
    )
    assert (
        InvalidStateError("", "not a sentence of ours").localized("de") == "not a sentence of ours"
    )


def test_kniffel_verify_says_why_a_document_is_refused_in_german(tmp_path: Path) -> None:
    import io

    from kniffel_rules.cli.verify import verify

    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "classic", "players": "Ann"}', encoding="utf-8")
    out = io.StringIO()
    assert verify([str(bad)], False, out, lang="de") == 2
    assert "expected" not in out.getvalue()
    assert "Erwartet wird" in out.getvalue() or "Eintrag" in out.getvalue(), out.getvalue()


# -- a finding's expected value and default names ----------------------------------------


def test_a_findings_description_and_a_default_name_in_german() -> None:
    from kniffel_rules import classic
    from kniffel_rules._common import player_named

    rec = record("classic", [RandomBot()] * 2, seed=3)
    sheet = classic.write_sheet(rec, rolls=False, derived=True)
    assert [p["name"] for p in sheet["players"]] == ["Player 1", "Player 2"]
    sheet["players"][1]["games"][0]["extra_kniffel_bonus"] = 7
    report = verify_sheet(sheet)
    (finding,) = [f for f in report.findings if f.field == "extra_kniffel_bonus"]
    assert finding.expected == "a multiple of 50"
    assert finding.localized_expected("de") == "ein Vielfaches von 50"
    assert finding.localized_expected("en") == "a multiple of 50"
    assert finding.localized("de").startswith("Spieler 2, Spiel 1: ")
    assert finding.message.startswith("Player 2, game 1: ")
    assert finding.to_dict() == {**finding.to_dict("en"), "message": finding.message}
    at = report.findings.index(finding)
    german = report.to_dict("de")["findings"][at]
    assert german["expected"] == "ein Vielfaches von 50"
    assert german["message"] == finding.localized("de")
    assert json.loads(json.dumps(report.to_dict()))["findings"][at]["expected"] == (
        "a multiple of 50"
    )
    assert player_named("Player 12").localized("de") == "Spieler 12"  # type: ignore[attr-defined]
    assert player_named("Player 0") == "Player 0" and type(player_named("Ann")) is str


@pytest.mark.parametrize(
    ("count", "english", "german"),
    [
        (8, "here: a0, a1, a2, a3, a4, a5, a6, a7", "erlaubt: a0, a1, a2, a3, a4, a5, a6, a7"),
        (9, ", a7 and 1 more", ", a7 und 1 weiterer"),
        (10, ", a7 and 2 more", ", a7 und 2 weitere"),
    ],
)
def test_the_legal_actions_a_refusal_lists_count_in_both_languages(
    count: int, english: str, german: str
) -> None:
    from kniffel_rules.notation import _listing

    listed = _listing([f"a{i}" for i in range(count)])
    assert localize(listed, "en").endswith(english)
    assert localize(listed, "de").endswith(german)


def test_a_refused_action_is_quoted_as_the_german_menu_names_it() -> None:
    """German refusals quote an action by its German menu line, not its English wire text."""
    from kniffel_rules import ActionParseError, cards, classic

    start = cards.new_game(players=2, first_player=0)
    with pytest.raises(ActionParseError) as typed:
        cards.parse_action(start, "nimm rot 7")
    assert str(typed.value).endswith("got 'take red 7'")  # English as before
    assert typed.value.localized("de").endswith("erhalten: 'rot 7 aus der Auslage nehmen'")
    throwing = classic.apply(classic.new_game(1), classic.Roll())
    reason = classic.why_illegal(throwing, classic.Score(classic.Box.ONES))
    assert reason is not None and reason.endswith("got 'score ones'")
    assert localize(reason, "de").endswith("erhalten: 'Einser eintragen'")
