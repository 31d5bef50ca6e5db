"""Every rule clause id on the docs pages has a test, and every tested id exists.

Ids are read from ``docs/rules/*.md``; tests name them with
``@pytest.mark.rule("CL-07", ...)`` (or an alias ``rule = pytest.mark.rule``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kniffel_rules.game import PROTOCOL_CLAUSES

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"\b(?:CL|EX|MA|DU|KA|PR)-\d{2,3}\b")


def documented_ids() -> dict[str, set[str]]:
    pages = sorted((ROOT / "docs" / "rules").glob("*.md"))
    ids = {p.stem: set(ID.findall(p.read_text(encoding="utf-8"))) for p in pages}
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    ids["protocol"] = {i for i in ID.findall(protocol) if i.startswith("PR-")}
    return ids


def _is_rule_marker(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "rule") or (
        isinstance(func, ast.Attribute) and func.attr == "rule"
    )


def ids_in_tests() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _is_rule_marker(node.func):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
    return found


def test_the_rules_pages_list_clauses() -> None:
    ids = documented_ids()
    assert "classic" in ids
    assert len(ids["classic"]) >= 30


@pytest.mark.parametrize("page", sorted(documented_ids()))
def test_every_documented_clause_has_a_test(page: str) -> None:
    missing = sorted(documented_ids()[page] - ids_in_tests())
    assert not missing, f"docs/rules/{page}.md clauses without a test: {missing}"


def test_the_protocol_page_lists_every_protocol_clause() -> None:
    assert documented_ids()["protocol"] == set(PROTOCOL_CLAUSES)


def test_every_tested_clause_is_documented() -> None:
    documented = set().union(*documented_ids().values())
    unknown = sorted(ids_in_tests() - documented)
    assert not unknown, f"tests name clause ids that no docs page lists: {unknown}"
