"""Every ``>>>`` example in the README, the docs pages and the docstrings runs."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

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
