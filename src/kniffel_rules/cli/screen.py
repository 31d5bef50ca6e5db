r"""A decision's screen that fits the terminal: whose turn and the dice first, the menu, the prompt.

A game's ``render`` is its status (the first paragraph: whose turn, the
dice, what to decide; the card game's display and hand) and its body (the
sheets or boards). `fit_body` gives the body the lines the status, the menu
and the prompt leave: the whole body when it fits, else the most of it that
fits, tried in this order: folded into two columns; without the rows nobody
has written in yet (every value ``-``); both; cut, each paragraph keeping
its first lines. `columns` lays out a menu in as many columns as the width
takes. Nothing here knows a game: it reads only the lines of the picture.

Examples:
    >>> status, body = split_picture("Ann to move\nDice: 1 2 3 4 5\n\nOnes  -  -\nTotal 0 0")
    >>> status, body
    (['Ann to move', 'Dice: 1 2 3 4 5'], ['Ones  -  -', 'Total 0 0'])
    >>> fit_body(body, 80, 1)
    (['Total 0 0'], True)
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence

from kniffel_rules._text import cut, display_width, pad

__all__ = [
    "CLEAR",
    "columns",
    "fit_body",
    "height",
    "split_picture",
    "terminal_size",
]

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""Clear the screen and the scrollback, cursor home (ECMA-48 ED 2, xterm's ED 3, CUP)."""

_GAP = "   "  # between two columns
_OPEN = re.compile(r"^\s*\S.*?(?:\s{2,}-)+\s*$")  # a labelled row whose every value is "-"
_VALUES = re.compile(r"\s{2,}")


def terminal_size() -> tuple[int, int]:
    """The terminal's columns and lines (``COLUMNS``/``LINES`` first; 80x24 when unknown)."""
    size = shutil.get_terminal_size((80, 24))
    return max(size.columns, 20), max(size.lines, 10)


def height(lines: Sequence[str], width: int) -> int:
    """How many terminal lines ``lines`` take at ``width`` columns (long lines wrap)."""
    return sum(max(1, -(-display_width(line) // width)) for line in lines)


def split_picture(text: str) -> tuple[list[str], list[str]]:
    """A picture's status (its first paragraph) and its body (the rest, without edge blanks)."""
    lines = text.split("\n")
    if "" in lines:
        at = lines.index("")
        status, body = lines[:at], lines[at + 1 :]
    else:
        status, body = lines, []
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    return status, body


def _is_open(line: str) -> bool:
    """A labelled row of two or more columns, every value ``-`` (nobody wrote in it yet)."""
    if not _OPEN.match(line):
        return False
    parts = _VALUES.split(line.strip())
    return len(parts) >= 2 and all(p == "-" for p in parts[1:])


def _head(lines: Sequence[str]) -> int:
    """How many lines of a table's head to repeat over a second column (a rule line under it)."""
    for i, line in enumerate(lines[:3]):
        if line.strip() and set(line.strip()) <= {"-", " "}:
            return i + 1
    return 0


def _fold(lines: list[str], width: int) -> list[str] | None:
    """``lines`` in two columns side by side (a table's head over both), or None if too wide."""
    head = _head(lines)
    top, rows = lines[:head], lines[head:]
    if len(rows) < 4:
        return None
    half = -(-len(rows) // 2)
    left, right = top + rows[:half], top + rows[half:]
    inner = max(display_width(line) for line in left)
    if inner + len(_GAP) + max(display_width(line) for line in right) > width - 1:
        return None
    out = []
    for i in range(len(left)):
        other = right[i] if i < len(right) else ""
        out.append(f"{pad(left[i], inner)}{_GAP}{other}".rstrip())
    return out


def _paragraphs(lines: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [p for p in out if p]


def _join(paragraphs: list[list[str]]) -> list[str]:
    out: list[str] = []
    for p in paragraphs:
        if out:
            out.append("")
        out.extend(p)
    return out


def _folded(lines: list[str], width: int) -> list[str]:
    return _join([_fold(p, width) or p for p in _paragraphs(lines)])


def _cut(lines: list[str], room: int) -> list[str]:
    """Each paragraph's head and last lines (the totals), the rooms shared out in order.

    A paragraph keeps its head (a table's names over their rule, else its
    first two lines: a board's owner and tally) and then its last lines:
    the rows between go first.
    """
    paragraphs = _paragraphs(lines)
    if room <= 0 or not paragraphs:
        return []
    count = len(paragraphs)
    while count > 1 and room < 2 * count - 1:
        count -= 1  # fewer paragraphs, each at least one line (and a blank between)
    paragraphs = paragraphs[:count]
    share = room - (count - 1)
    sizes = [0] * count
    while share > 0 and any(sizes[i] < len(p) for i, p in enumerate(paragraphs)):
        for i, p in enumerate(paragraphs):
            if share > 0 and sizes[i] < len(p):
                sizes[i] += 1
                share -= 1
    kept = []
    for p, n in zip(paragraphs, sizes, strict=True):
        head = min(_head(p) or 2, n)
        kept.append(p[:head] + p[len(p) - (n - head) :] if n > head else p[:head])
    return _join(kept)


def fit_body(body: list[str], width: int, room: int) -> tuple[list[str], bool]:
    """The most of ``body`` that fits in ``room`` lines of ``width`` columns.

    Returns:
        The lines, and whether something of the body was left out (the
        caller then says how to see it all).
    """
    body = [cut(line, width - 1) for line in body]
    if height(body, width) <= room:
        return body, False
    folded = _folded(body, width)
    if height(folded, width) <= room:
        return folded, False
    written = [line for line in body if not _is_open(line)]
    if height(written, width) <= room:
        return written, True
    both = _folded(written, width)
    if height(both, width) <= room:
        return both, True
    for size in range(min(len(written), 2 * room), 0, -1):
        shortened = _cut(written, size)
        for candidate in (_folded(shortened, width), shortened):
            if height(candidate, width) <= room:
                return candidate, True
    return [], True


def columns(items: Sequence[str], width: int, *, most: int = 3) -> list[str]:
    """``items`` in up to ``most`` columns (read down, then across) within ``width`` columns."""
    if not items:
        return []
    cell = max(display_width(item) for item in items)
    count = 1
    for n in range(most, 1, -1):
        if n * cell + (n - 1) * len(_GAP) <= width - 1 and len(items) > n:
            count = n
            break
    rows = -(-len(items) // count)
    out = []
    for r in range(rows):
        row = [items[c * rows + r] for c in range(count) if c * rows + r < len(items)]
        out.append(_GAP.join(pad(item, cell) for item in row).rstrip())
    return out
