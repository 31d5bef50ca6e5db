"""What reached a German player in English: the JSON reader's reasons, a name's refused
character, a record's illegal action, the system's file errors, the solver's progress line
and a solved player's refusal; and ``kniffel verify``'s lines fit the terminal.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kniffel_rules import _json, classic, random_policy, record, record_from_json, record_to_json
from kniffel_rules._common import check_name
from kniffel_rules._text import display_width
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.cli import main
from kniffel_rules.cli.words import WORDS, say, system_reason
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.lang import Lang

_ENGLISH = re.compile(
    r"\b(the|is|not|expecting|expected|got|appears|twice|one|object|value|character|index|"
    r"refuses|control|line|column|char|such|file|directory|denied|made|for|"
    r"other|rules|solving|delimiter|property|name|data|unexpected)\b",
    re.IGNORECASE,
)


def _german(exc: KniffelError) -> str:
    localized: Any = getattr(exc, "localized", None)
    said = localized("de") if callable(localized) else exc.args[0].localized("de")
    return str(said)


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("{", "not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2"
              " (char 1))"),
        ('{"a" 1}', "not valid JSON (Expecting ':' delimiter: line 1 column 6 (char 5))"),
        ("[1] 2", "not valid JSON (Extra data: line 1 column 5 (char 4))"),
        ('"\\q"', "not valid JSON (Invalid \\escape: line 1 column 2 (char 1))"),
        ("\ufeff{}", "not valid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig): line 1"
                     " column 1 (char 0))"),
        ("", "not valid JSON (Expecting value: line 1 column 1 (char 0))"),
        ('{"a": 1, "a": 2}', "the key 'a' appears twice in one object"),
        ("[NaN]", "not valid JSON (NaN is not a JSON number)"),
        (b'{"a": "\xc3"}', "not valid JSON (byte 0xc3 at position 7 is not UTF-8)"),
    ],
)  # fmt: skip
def test_the_json_reader_says_why_in_german(text: str | bytes, english: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        _json.loads(text)
    assert str(info.value) == english
    german = _german(info.value)
    assert german != english
    assert not _ENGLISH.search(re.sub(r"'[^']*'|utf-8-sig|UTF-8|NaN", "", german)), german


def test_a_refused_character_of_a_name_is_said_in_german() -> None:
    with pytest.raises(InvalidStateError) as info:
        check_name("A\x1bB", "players[0]")
    assert str(info.value).startswith("players[0]: U+001B at index 1 is a control character")
    german = _german(info.value)
    assert german.startswith("players[0]: U+001B an Stelle 1 ist ein Steuerzeichen")
    assert not _ENGLISH.search(german.split(": ", 1)[1]), german


def test_an_illegal_action_of_a_record_is_said_in_german() -> None:
    doc = json.loads(record_to_json(record("classic", [random_policy], seed=1)))
    doc["actions"][1] = {"type": "score", "box": "ones"}
    with pytest.raises(KniffelError) as info:
        record_from_json(json.dumps(doc))
    assert str(info.value) == (
        "actions[1]: score ones: the dice are being thrown: expected a DiceRoll of 5 dice, "
        "got 'score ones' [PR-03]"
    )
    assert _german(info.value) == (  # the action as the German menu names it
        "actions[1]: Einser eintragen: Die Würfel werden geworfen: erwartet wird ein DiceRoll "
        "(5 Würfel), erhalten: 'Einser eintragen' [PR-03]"
    )


@pytest.mark.parametrize(
    ("exc", "english", "german"),
    [
        (FileNotFoundError(2, "No such file or directory"), "no such file or directory",
         "Datei oder Verzeichnis nicht gefunden"),
        (IsADirectoryError(21, "Is a directory"), "it is a directory", "das ist ein Verzeichnis"),
        (PermissionError(13, "Permission denied"), "permission denied", "keine Berechtigung"),
        (UnicodeDecodeError("utf-8", b"ab\xff", 2, 3, "invalid start byte"),
         "not UTF-8 text (byte 2)", "kein UTF-8-Text (Byte 2)"),
        (OSError(28, "No space left on device"), "the system refused it (ENOSPC)",
         "vom System abgelehnt (ENOSPC)"),
    ],
)  # fmt: skip
def test_a_file_error_is_said_in_the_player_s_language(
    exc: BaseException, english: str, german: str
) -> None:
    assert system_reason(exc, "en") == english
    assert system_reason(exc, "de") == german


def test_kniffel_verify_says_a_file_error_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d").mkdir()
    out = io.StringIO()
    assert main(["verify", "--lang", "de", "missing.json", "d"], out=out) == 2
    assert out.getvalue().splitlines() == [
        "missing.json: Datei nicht lesbar: Datei oder Verzeichnis nicht gefunden",
        "d: Datei nicht lesbar: das ist ein Verzeichnis",
    ]


class _Terminal(io.StringIO):
    """Output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_kniffel_verify_fits_its_lines_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal findings and refusals wrap with a hanging indent; to a file, one line each."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    files = ["docs/examples/classic-rolls-wrong.json", "docs/examples/classic-wrong.json"]
    for columns in (60, 80):
        monkeypatch.setenv("COLUMNS", str(columns))
        for lang in ("en", "de"):
            out = _Terminal()
            assert main(["verify", "--lang", lang, *files], out=out) == 1
            lines = out.getvalue().splitlines()
            assert all(display_width(line) < columns for line in lines), lines
            assert len([x for x in lines if x.startswith("  - ")]) == 6
            assert all(x.startswith(("  - ", "    ")) for x in lines if x.startswith(" "))
            flat = io.StringIO()
            main(["verify", "--lang", lang, *files], out=flat)
            one = flat.getvalue().splitlines()
            assert len(one) == 8 and max(display_width(x) for x in one) > columns
            joined = " ".join(x.strip() for x in lines)
            assert joined == " ".join(x.strip() for x in one)  # nothing lost, nothing added
    flat = io.StringIO()
    main(["verify", *files], out=flat)
    line = "  - Ann, game 1: Full House holds 20, but Full House can only hold 0 or 25. [CL-12]"
    assert line in flat.getvalue().splitlines()


def test_a_solved_player_refuses_other_rules_in_words() -> None:
    bot = OptimalSolitaire(classic.Rules())
    state = classic.new_game(1, rules=classic.Rules(joker="free", full_house_score=30))
    state = classic.apply(state, classic.Roll())
    state = classic.apply(state, classic.DiceRoll((1, 2, 3, 4, 5)))
    with pytest.raises(KniffelError) as info:
        bot.advise(state)
    assert str(info.value) == (
        "this player is made for other rules: the state's differ in joker, full_house_score"
    )
    assert _german(info.value) == (
        "dieser Spieler ist für andere Regeln gemacht: die der Partie weichen ab in joker, "
        "full_house_score"
    )


def test_the_solver_s_progress_line_is_in_the_player_s_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numpy")
    from kniffel_rules import yatzy
    from kniffel_rules.bots.optimal.build import build_table

    build_table(yatzy.Rules(forced_order=True), lang="de")  # a forced order: under a second
    err = capsys.readouterr().err
    assert "Yatzy wird berechnet: 100%" in err and "solving" not in err


def test_an_unknown_game_is_said_in_german() -> None:
    from kniffel_rules import UnknownVariantError, get_variant

    with pytest.raises(UnknownVariantError) as info:
        get_variant("nope")
    assert str(info.value) == (
        "unknown game 'nope'; known games: classic, extreme, master, duel, cards, yatzy"
    )
    assert info.value.localized("de") == (
        "Unbekanntes Spiel 'nope'; bekannte Spiele: classic, extreme, master, duel, cards, yatzy"
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_block_of_lines_of_the_command_line_fits_79_columns(lang: Lang) -> None:
    """A block laid out in lines by hand (the help) is printed as it is: each line fits the screen.

    (A one-line sentence is wrapped to the screen where it is printed.)
    """
    blocks = [key for key, english in WORDS.items() if "\n" in english and "{" not in english]
    assert "help" in blocks
    for key in blocks:
        text = say(key, lang)
        assert max(map(display_width, text.splitlines())) <= 79, (key, lang, text)
