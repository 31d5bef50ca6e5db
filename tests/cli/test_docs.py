"""docs/cli.md shows real output: every ``$ kniffel ...`` block is run and compared.

``KNIFFEL_UPDATE_DOCS=1 pytest tests/cli/test_docs.py`` rewrites the page's
outputs from a run (then read the diff before committing it).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import shlex
from pathlib import Path

import pytest

from kniffel_rules.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"```console\n\$ (?P<command>[^\n]+)\n(?P<output>.*?)```", re.DOTALL)


def run_command(command: str) -> str:
    """What the documented command prints on standard output (run in-process)."""
    words = shlex.split(command)
    stdin = ""
    if words[0] == "printf":
        stdin = codecs.decode(words[1], "unicode_escape")
        assert words[2] == "|", command
        words = words[3:]
    assert words[0] == "kniffel", command
    words = words[1:]
    keep: tuple[str, int] | None = None
    if "|" in words:
        at = words.index("|")
        tool, flag, number = words[at + 1 :]
        assert tool in ("head", "tail") and flag == "-n", command
        keep = (tool, int(number))
        words = words[:at]
    if "<" in words:
        at = words.index("<")
        stdin = Path(words[at + 1]).read_text(encoding="utf-8")
        words = words[:at]
    out = io.StringIO()
    main(words, out=out, stdin=io.StringIO(stdin))
    lines = out.getvalue().splitlines()
    if keep is not None:
        tool, count = keep
        lines = lines[:count] if tool == "head" else lines[-count:]
    return "".join(line.rstrip() + "\n" for line in lines)


def _fresh_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")  # play's screens fit a terminal of this size
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    monkeypatch.chdir(tmp_path)  # play's 'save game.json' writes here
    text = PAGE.read_text(encoding="utf-8")

    def fill(match: re.Match[str]) -> str:
        command = match["command"]
        return f"```console\n$ {command}\n{run_command(command)}```"

    return text, BLOCK.sub(fill, text)


def test_the_page_shows_every_command() -> None:
    page = PAGE.read_text(encoding="utf-8")
    commands = {w for m in BLOCK.finditer(page) for w in re.findall(r"kniffel (\w+)", m["command"])}
    assert {"show", "simulate", "play", "advise", "verify"} <= commands


def test_the_outputs_on_the_page_are_real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, fresh = _fresh_page(tmp_path, monkeypatch)
    if os.environ.get("KNIFFEL_UPDATE_DOCS"):
        PAGE.write_text(fresh, encoding="utf-8")
        return
    old = [line.rstrip() for line in text.splitlines()]
    new = [line.rstrip() for line in fresh.splitlines()]
    assert old == new, "docs/cli.md is out of date: run KNIFFEL_UPDATE_DOCS=1 pytest " + __file__
