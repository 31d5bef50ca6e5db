"""The command line's conventions: help, version, languages, stdin, exit statuses."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kniffel_rules.cli as cli
from kniffel_rules import __version__
from kniffel_rules._i18n import catalogue
from kniffel_rules.cli import main
from kniffel_rules.cli.play import Table
from kniffel_rules.cli.words import WORDS, say
from kniffel_rules.variant import VARIANTS, get_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out, stdin=io.StringIO(stdin))
    return status, out.getvalue()


def test_bare_kniffel_prints_help_and_exits_0() -> None:
    status, text = run()
    assert status == 0
    assert text.startswith("usage: kniffel")
    for command in ("show", "simulate", "play", "advise", "verify"):
        assert command in text


def test_version() -> None:
    assert run("--version") == (0, f"kniffel {__version__}\n")


@pytest.mark.parametrize("command", ["show", "simulate", "play", "advise", "verify"])
def test_every_help_shows_defaults_and_languages(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: " in text
    assert "{en,de}" in text
    if command in ("show", "simulate", "play"):
        assert "classic: random, greedy, optimal" in text  # the bots of each game
        assert "cards: simpler, trickier" in text  # the rule options of each game
        assert "{" + ",".join(VARIANTS) + "}" in text  # every registered game


def test_every_word_in_both_languages() -> None:
    german = catalogue("de")
    for key, template in WORDS.items():  # English templates; the catalogue holds the German
        assert template, key
        words = re.sub(r"\{[^}]*\}", "", template)  # a layout of placeholders needs no German
        same = template in ("OK", "max", "min") or not re.search(r"[A-Za-z]{3,}", words)
        assert german.gettext(template) != template or same, key
    assert say("winner", "de", names="Ann") == "Gewinner: Ann"


def test_a_bad_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["show", "--lang", "fr"])
    assert stop.value.code == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err
    header = run("show", "--lang", "DE", "--seed", "2")[1]
    assert header.startswith("Kniffel (classic), Startwert 2")


def test_verify_reads_standard_input() -> None:
    text = (EXAMPLES / "classic-wrong.json").read_text(encoding="utf-8")
    status, out = run("verify", "-", stdin=text)
    assert status == 1 and out.startswith("-: 4 problems")
    status, out = run("verify", "-", "--json", stdin=text)
    assert status == 1 and json.loads(out)[0]["file"] == "-"
    status, out = run("verify", "-", "--lang", "de", stdin="{")
    assert status == 2 and "kein gültiger Spielzettel" in out


def test_verify_counts_one_problem_in_the_singular() -> None:
    sheet = json.loads((EXAMPLES / "classic-ok.json").read_text(encoding="utf-8"))
    sheet["players"][0]["games"][0]["total"] += 1  # one wrong total, nothing else
    for lang, count in (("en", "-: 1 problem\n"), ("de", "-: 1 Fehler\n")):
        status, out = run("verify", "-", "--lang", lang, stdin=json.dumps(sheet))
        assert status == 1 and out.startswith(count)


def test_simulate_in_german() -> None:
    status, text = run("simulate", "--games", "5", "--lang", "de")
    assert status == 0
    assert text.startswith("Kniffel (classic): 5 Partien, Startwert 1")
    assert "Siegquote" in text and "95-%-KI" in text


def test_numbers_are_written_as_each_language_writes_them() -> None:
    """German: a decimal comma and a space before the percent sign; English as before."""
    rows = {}
    for lang in ("en", "de"):
        _, text = run("simulate", "--games", "20", "--players", "greedy,random", "--lang", lang)
        rows[lang] = text.splitlines()[2]
    assert re.search(r" 100\.0%  +\d+\.\d%-100\.0% +\d+\.\d +\d+\.\d ", rows["en"]), rows
    assert re.search(r" 100,0 %  +\d+,\d %-100,0 % +\d+,\d +\d+,\d ", rows["de"]), rows
    assert "." not in rows["de"].split(")", 1)[1]


def test_ctrl_c_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(self: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Table, "play", interrupted)
    assert run("show")[0] == 130
    assert capsys.readouterr().err == "\ninterrupted\n"
    monkeypatch.setattr(cli, "run_games", lambda *a: interrupted(None))
    assert run("simulate")[0] == 130


def test_run_turns_the_status_into_the_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["kniffel", "--version"])
    with pytest.raises(SystemExit) as stop:
        cli.run()
    assert stop.value.code == 0

    def interrupted() -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "main", interrupted)
    with pytest.raises(SystemExit) as stop:
        cli.run()
    assert stop.value.code == 130


def test_python_dash_m_has_a_main_guard() -> None:
    import kniffel_rules.__main__  # importing it runs nothing  # noqa: F401

    proc = subprocess.run([sys.executable, "-m", "kniffel_rules"], capture_output=True,
                          text=True, check=False)  # fmt: skip
    assert proc.returncode == 0 and proc.stdout.startswith("usage: kniffel")


def test_progress_only_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("simulate", "--games", "3")[0] == 0
    assert capsys.readouterr().err == ""  # stderr is not a terminal under pytest


@pytest.mark.parametrize("game", VARIANTS)
def test_show_json_for_every_game(game: str) -> None:
    status, text = run("show", "--game", game, "--players", "random,random", "--json")
    assert status == 0
    doc = json.loads(text)
    assert doc["variant"] == game and doc["finished"] is True
    initial = get_variant(game).from_json(json.dumps(doc["initial"]))
    assert not get_variant(game).is_terminal(initial)


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "Kniffel (classic): 1 game, seed 1"),
        ("de", "Kniffel (classic): 1 Partie, Startwert 1"),
    ],
)
def test_one_simulated_game_is_said_in_the_singular(lang: str, title: str) -> None:
    status, text = run("simulate", "--games", "1", "--lang", lang)
    assert status == 0 and text.startswith(title + "\n")
