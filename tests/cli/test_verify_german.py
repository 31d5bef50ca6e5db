"""``kniffel verify --lang de`` on broken documents of every game: no English sentence.

Each game's example record (``docs/examples/<game>-record.json``), its final
state and, for the score-sheet games, its sheet are broken in a few fixed
ways and at random (seeded); every line ``verify`` prints in German differs
from the line it prints in English, except the bare ``OK`` both say.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from _breaking import broken
from kniffel_rules import VARIANTS, get_variant, record, record_to_json
from kniffel_rules.bots import RandomBot
from kniffel_rules.cli.verify import verify
from kniffel_rules.sheets import SHEET_VARIANTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"

# Words of an English sentence that no German one of ours contains (the field
# paths, the option values and the pieces' keys quoted in a German sentence
# are words like ``players``, ``'roll'`` or ``first_player``).
_ENGLISH = re.compile(r"\b(the|is|are|not|expected|got|must|only|once|has|have|when|and|or)\b")


def _outputs(path: Path) -> tuple[list[str], list[str]]:
    said: dict[str, list[str]] = {}
    for lang in ("en", "de"):
        out = io.StringIO()
        verify([str(path)], False, out, lang=lang)
        said[lang] = out.getvalue().splitlines()
    return said["en"], said["de"]


def _unquoted(line: str) -> str:
    """``line`` without what it quotes (values, options) and the field paths before a colon."""
    line = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\([^)]*'[^)]*\)", "", line)
    return re.sub(r"[\w.\[\]]+: ", "", line)


def _assert_german(path: Path) -> None:
    english, german = _outputs(path)
    assert len(english) == len(german)
    for en, de in zip(english, german, strict=True):
        if en.endswith(": OK"):
            assert de == en
            continue
        assert de != en, de
        assert not _ENGLISH.search(_unquoted(de.split(": ", 1)[-1])), (de, en)


def _breakers() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def drop_players(doc: dict[str, Any]) -> None:
        del doc["players"]

    def junk_action(doc: dict[str, Any]) -> None:
        doc["actions"][0] = "x"

    def unknown_action(doc: dict[str, Any]) -> None:
        doc["actions"][0] = {"type": "zz"}

    def wrong_format(doc: dict[str, Any]) -> None:
        doc["format"] = "kniffel-rules/other"

    def finished_flipped(doc: dict[str, Any]) -> None:
        doc["finished"] = not doc["finished"]

    def initial_junk(doc: dict[str, Any]) -> None:
        doc["initial"] = [1]

    def initial_names(doc: dict[str, Any]) -> None:
        doc["players"] = [f"{name}x" for name in doc["players"]]

    return [
        ("no players", drop_players),
        ("junk action", junk_action),
        ("unknown action", unknown_action),
        ("another format", wrong_format),
        ("finished flipped", finished_flipped),
        ("initial junk", initial_junk),
        ("other names", initial_names),
    ]


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize(("what", "breaks"), _breakers(), ids=[w for w, _ in _breakers()])
def test_a_broken_example_record_is_refused_in_german(
    name: str, what: str, breaks: Callable[[dict[str, Any]], None], tmp_path: Path
) -> None:
    doc = json.loads((EXAMPLES / f"{name}-record.json").read_text(encoding="utf-8"))
    broken = copy.deepcopy(doc)
    breaks(broken)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    _assert_german(path)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", range(4))
def test_documents_broken_at_random_are_refused_in_german(
    name: str, seed: int, tmp_path: Path
) -> None:
    game = get_variant(name)
    rng = random.Random(seed)
    rec = record(name, [RandomBot()] * game.INFO.min_players, seed=seed)
    docs: list[Any] = [json.loads(record_to_json(rec)), json.loads(game.to_json(rec.final))]
    if name in SHEET_VARIANTS:
        module: Any = game
        docs.append(json.loads(json.dumps(module.write_sheet(rec, rolls=True, derived=True))))
    for i, doc in enumerate(docs):
        path = tmp_path / f"broken{i}.json"
        path.write_text(json.dumps(broken(doc, rng, reshape=False)), encoding="utf-8")
        _assert_german(path)
