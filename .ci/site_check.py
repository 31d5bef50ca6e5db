"""Fail when the built documentation shows a docstring or page example as quoted text.

A ``>>>`` line that Markdown reads as prose becomes three nested blockquotes
(``>`` is Markdown's quote mark) and the example loses its code formatting.
Usage: ``python .ci/site_check.py SITE_DIR``. Every example must be a code
block instead: a Google-style ``Examples:`` section in a docstring (griffe
renders it as ``pycon``; ``Example:`` is only an admonition), or a fenced
````` ```pycon ````` block on a page.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

NESTED = re.compile(r"<blockquote>\s*<blockquote>")


def main(site: Path) -> int:
    """Report every page with a nested blockquote; the exit status counts them."""
    bad = []
    for page in sorted(site.rglob("*.html")):
        found = len(NESTED.findall(page.read_text(encoding="utf-8")))
        if found:
            bad.append(f"{page.relative_to(site)}: {found} example(s) rendered as quoted text")
    for line in bad:
        print(line)
    if not bad:
        print(f"site check: no example rendered as quoted text in {site}")
    return min(len(bad), 1)


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
