"""The command line's own parser speaks the reader's language: help, usage and its refusals.

``kniffel COMMAND --lang de --help`` (or a German locale) prints German help,
usage and headings; argparse's own refusals (an unknown option, a missing
argument, a bad choice, a bad number) are German lines too; English stays
exactly as argparse and the library always wrote it.
"""

from __future__ import annotations

import argparse
import re

import pytest

from kniffel_rules._i18n import translate
from kniffel_rules.cli import main
from kniffel_rules.cli.parser import ARGPARSE_WORDS, argparse_speaks, build_parser, scan_lang

COMMANDS = ("show", "simulate", "play", "advise", "verify")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No German from the machine's locale: ``--lang`` alone decides."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def _refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and len(lines) == 1, captured
    return lines[0]


def _help_sentences(lang: str) -> list[str]:
    """Every help line of every command, as the parser of ``lang`` holds it."""
    with argparse_speaks("de" if lang == "de" else "en"):
        parser = build_parser("de" if lang == "de" else "en")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    texts = [a.help or "" for p in sub.choices.values() for a in p._actions]
    texts += [p.description or "" for p in sub.choices.values()]
    return [t for t in texts if t]


@pytest.mark.parametrize("command", COMMANDS)
def test_german_help_has_german_headings_and_no_english_sentence(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help([command, "--lang", "de", "--help"], capsys)
    assert text.startswith(f"Aufruf: kniffel {command} ")
    assert "Optionen: -h, --help diese Hilfe zeigen und beenden" in text
    assert "usage:" not in text and "options:" not in text and "(default: " not in text
    english = {" ".join(s.split()) for s in _help_sentences("en")}
    german = {" ".join(s.split()) for s in _help_sentences("de")}
    for sentence in english - german:  # what English says that German says otherwise
        head = sentence.split(" (")[0]
        if len(head.split()) >= 3:
            assert head not in text, head
    if command != "verify":
        assert "(Vorgabe: en)" in text  # --lang's default, in the German words


@pytest.mark.parametrize("command", COMMANDS)
def test_english_help_keeps_argparse_words(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help([command, "--help"], capsys)
    assert text.startswith(f"usage: kniffel {command} ")
    assert "options: -h, --help show this help message and exit" in text
    assert "Aufruf" not in text and "Vorgabe" not in text


def test_german_locale_gives_german_help_without_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: kniffel [-h] [--version] BEFEHL ...")
    assert "Die Regeln von Kniffel, spielbar." in out
    assert "verify    Spielzettel oder Spielprotokolle" in " ".join(out.split(" \n"))


# (arguments after the command, the English line, the German line)
REFUSALS: list[tuple[list[str], str, str]] = [
    (["play", "--bogus"], "kniffel: error: unrecognized arguments: --bogus",
     "kniffel: Fehler: unbekannte Argumente: --bogus"),
    (["play", "--seed", "x"],
     "kniffel play: error: argument --seed: expected a whole number of at most 100 digits, "
     "got 'x'",
     "kniffel play: Fehler: Argument --seed: Erwartet wird eine ganze Zahl mit höchstens 100 "
     "Ziffern, erhalten: 'x'"),
    (["simulate", "--games"], "kniffel simulate: error: argument --games: expected one argument",
     "kniffel simulate: Fehler: Argument --games: erwartet wird ein Argument"),
    (["advise"], "kniffel advise: error: the following arguments are required: --dice, "
     "--rolls-left",
     "kniffel advise: Fehler: diese Argumente fehlen: --dice, --rolls-left"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "english", "german"), REFUSALS)
def test_argparse_refusals_in_both_languages(
    argv: list[str], english: str, german: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _refusal(argv, capsys) == english
    assert _refusal([*argv, "--lang", "de"], capsys) == german
    assert _refusal([argv[0], "--lang=de", *argv[1:]], capsys) == german
    assert _refusal([*argv, "--lang", "DE"], capsys) == german  # any case, all of it German


def test_a_bad_choice_is_refused_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    line = _refusal(["play", "--lang", "de", "--game", "nope"], capsys)
    assert line.startswith("kniffel play: Fehler: Argument --game: ungültige Wahl: 'nope' ")
    assert "(zur Wahl stehen " in line and "classic" in line and "yatzy" in line
    assert "invalid" not in line and "choose" not in line


def test_an_unknown_language_is_refused_in_the_locale_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _refusal(["show", "--lang", "fr"], capsys)
    assert line.startswith("kniffel show: error: argument --lang: invalid choice: 'fr'")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    line = _refusal(["show", "--lang", "fr"], capsys)
    assert line.startswith("kniffel show: Fehler: Argument --lang: ungültige Wahl: 'fr'")


def test_argparse_is_english_again_after_a_german_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    english = vars(argparse)["_"]("usage: ")
    _refusal(["play", "--lang", "de", "--bogus"], capsys)
    _help(["show", "--lang", "de", "--help"], capsys)
    assert vars(argparse)["_"]("usage: ") == english == "usage: "
    assert vars(argparse)["ngettext"]("a", "b", 2) == "b"
    def german_then_fail() -> None:
        with argparse_speaks("de"):
            words = vars(argparse)
            assert words["_"]("usage: ") == "Aufruf: "
            assert words["ngettext"]("expected %s argument", "expected %s arguments", 1) == (
                "erwartet wird %s Argument"
            )
            assert words["ngettext"]("expected %s argument", "expected %s arguments", 2) == (
                "erwartet werden %s Argumente"
            )
            raise RuntimeError

    with pytest.raises(RuntimeError):
        german_then_fail()
    assert vars(argparse)["_"]("usage: ") == "usage: "


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--lang", "de"], "de"),
        (["play", "--lang=de"], "de"),
        (["play", "--lang", "DE"], "de"),  # any case, as the option itself reads it
        (["play", "--lang= De "], "de"),
        (["play", "--la", "de"], "de"),  # argparse reads an abbreviation too
        (["play", "--lan=de", "--seed", "3"], "de"),
        (["play", "--lang", "de", "--lang", "en"], "en"),  # the last one counts, as in argparse
        (["play", "--lang"], "en"),  # no value: the locale's
        (["play", "--lang", "fr"], "en"),  # not spoken: the locale's
        (["play", "--", "--lang", "de"], "en"),  # after "--": not an option
        (["play", "-l", "de"], "en"),
        (["play", "--players", "x", "--l", "de"], "de"),  # the shortest abbreviation
        (["play", "--langs", "de"], "en"),  # not --lang
        ([], "en"),
    ],
)
def test_scan_lang(argv: list[str], expected: str) -> None:
    assert scan_lang(argv) == expected


def test_scan_lang_falls_back_to_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert scan_lang(["show"]) == "de"
    assert scan_lang(["show", "--lang", "en"]) == "en"


_SPECIFIER = re.compile(r"%(?:\(\w+\))?[sr]")


@pytest.mark.parametrize("msgid", ARGPARSE_WORDS)
def test_argparse_words_keep_their_placeholders_in_german(msgid: str) -> None:
    german = translate(msgid, "de")
    assert german, msgid
    assert sorted(_SPECIFIER.findall(german)) == sorted(_SPECIFIER.findall(msgid))
    if msgid not in ("%(heading)s:",):
        assert german != msgid  # a German sentence, not the English one kept
