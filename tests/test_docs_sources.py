"""The docs cite only what the repository holds (issue 16: no file outside it).

The rulebooks are Schmidt Spiele's printed rules and are not in the
repository; the rulings are docs/rulings.md. A page that names a rulebook
file or the design notes (``RULINGS.md``, ``classic-kniffel.txt``) points a
reader at something they cannot open, and every relative link must resolve.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
OUTSIDE = re.compile(r"RULINGS\.md|API\.md|STYLE\.md|\b[\w-]*kniffel[\w-]*\.txt\b|\.\./shared")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_a_page_names_no_file_outside_the_repository(page: Path) -> None:
    found = OUTSIDE.findall(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name} cites {found}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_relative_link_resolves(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if "://" in target or target.startswith("mailto:"):
            continue
        resolved = (page.parent / target).resolve()
        generated = resolved.suffix in {".svg", ".png"}  # drawn at docs build time
        assert generated or resolved.exists(), f"{page.name} links to missing {target}"


def test_the_rulings_page_has_a_section_per_game() -> None:
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for title in ("Classic Kniffel", "Kniffel Extreme", "Kniffel Master", "Kniffel: Das Duell",
                  "Kniffel: Das Kartenspiel"):  # fmt: skip
        assert f"\n## {title}\n" in text
