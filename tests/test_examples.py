"""Every ``>>>`` example in the README, the docs pages and the docstrings runs.

Also the training example (``examples/train_maskable_ppo.py --smoke``), where
sb3-contrib is installed (the ``train`` extra); ``.ci/train`` installs it and
sets ``KNIFFEL_TRAIN_REQUIRED=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import pkgutil
from pathlib import Path
from typing import Any

import pytest

import kniffel_rules

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(kniffel_rules.__path__, "kniffel_rules.")
    if not m.name.endswith("__main__")
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# The framework adapters import their optional framework (.ci/extras installs them).
OPTIONAL = {
    "kniffel_rules.adapters.gymnasium": "gymnasium",
    "kniffel_rules.adapters.vector": "gymnasium",
    "kniffel_rules.adapters.pettingzoo": "pettingzoo",
    "kniffel_rules.adapters.openspiel": "pyspiel",
}


def _available(name: str) -> bool:
    return name not in OPTIONAL or importlib.util.find_spec(OPTIONAL[name]) is not None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_examples(page: Path) -> None:
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=FLAGS, verbose=False, report=True
    )
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if not _available(name):
        pytest.skip(f"{OPTIONAL[name]} is not installed")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False, report=True)
    assert result.failed == 0


def test_there_are_examples_to_run() -> None:
    finder = doctest.DocTestFinder()
    count = sum(
        len(t.examples)
        for name in MODULES
        if _available(name)
        for t in finder.find(importlib.import_module(name))
    )
    assert count >= 20


@pytest.mark.slow
def test_training_example_runs(tmp_path: Path) -> None:
    """``train_maskable_ppo.py --smoke`` trains, evaluates and draws its curve."""
    if not os.environ.get("KNIFFEL_TRAIN_REQUIRED"):
        pytest.importorskip("sb3_contrib")
    path = ROOT / "examples" / "train_maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", path)
    assert spec is not None and spec.loader is not None
    example: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    curve, log = tmp_path / "curve.svg", tmp_path / "curve.csv"
    assert example.main(["--smoke", "--curve", str(curve), "--log", str(log)]) == 0
    assert "<svg" in curve.read_text()
    header, *points = log.read_text().splitlines()
    assert header == "steps,cpu_seconds,mean_score_last_100,episodes"
    assert points
