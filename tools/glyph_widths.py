"""Measure how wide every character a name may hold sets in the pictures' font.

Prints the table `kniffel_rules.svg._draw._EMS` is made of: each character's
width in ems, the wider of the regular and the bold weight of the pictures'
font stack (DejaVu Sans first) as the system's Chromium measures it on a
canvas, rounded up to 0.05; only characters narrower than the default (to fit
Latin text closely) and every character wider than it (so that the widths stay
upper bounds). Run it where the pictures' fonts are installed:

    python tools/glyph_widths.py > /tmp/table.txt

Needs ``chromium`` on the path; downloads nothing.
"""

from __future__ import annotations

import html
import json
import math
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from kniffel_rules.svg._draw import _EMS  # the table as it stands

_PAGE = """<!doctype html><html><body><canvas id=c></canvas><pre id=out></pre><script>
const S = %s; const ctx = document.getElementById('c').getContext('2d'); const r = [];
for (const s of S) { let m = 0;
  for (const w of ['normal', 'bold']) {
    ctx.font = w + ' 100px "DejaVu Sans", Helvetica, Arial, sans-serif';
    m = Math.max(m, ctx.measureText(s).width / 100); }
  r.push(Math.round(m * 1000) / 1000); }
document.getElementById('out').textContent = JSON.stringify(r);
</script></body></html>"""


def _default(char: str) -> float:
    return 0.85 if char <= "\u024f" else 1.15


def measure(chars: list[str]) -> list[float]:
    """Each character's width in ems in Chromium (the wider weight)."""
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "m.html"
        page.write_text(_PAGE % json.dumps("".join(chars)), encoding="utf-8")
        out = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
             f"--user-data-dir={folder}/profile", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=900, check=True,
        ).stdout  # fmt: skip
    shown = out.split('<pre id="out">')[1].split("</pre>")[0]
    found: list[float] = json.loads(html.unescape(shown))
    return found


def main() -> None:
    """Print the table's entries, grouped by width."""
    kinds = {cp: unicodedata.category(chr(cp)) for cp in range(0x20, 0x10000)}
    chars = [chr(cp) for cp, kind in kinds.items() if kind[0] != "C" and kind not in ("Zl", "Zp")]
    table = dict(_EMS)
    for char, em in zip(chars, measure(chars), strict=True):
        if em > table.get(char, _default(char)) + 1e-9:
            table[char] = math.ceil(em * 20 - 1e-6) / 20
    groups: dict[float, list[str]] = {}
    for char, em in table.items():
        groups.setdefault(em, []).append(char)
    for em in sorted(groups):
        print(em, json.dumps("".join(sorted(groups[em]))))


if __name__ == "__main__":
    main()
