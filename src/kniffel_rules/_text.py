"""Untrusted text on screens and in messages: measured, cut and padded in terminal columns.

And a ``repr`` for an error message that never raises.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Literal

__all__ = ["brief", "cut", "display_width", "pad", "short", "shorts", "type_name", "wrap"]

_LIMIT = 200


def _char_columns(char: str) -> int:
    """The terminal columns of one character: 0, 1 or 2."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0  # an accent on the letter before it, a zero-width joiner
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """How many columns ``text`` takes in a terminal with a fixed-width font.

    East Asian wide and fullwidth characters (CJK, most emoji) take two,
    combining marks and format characters (a zero-width joiner) none, every
    other character one, as terminals show them (Unicode's East Asian Width
    property; an emoji sequence is counted character by character, so an
    upper bound where a terminal draws it as one picture).

    Examples:
        >>> [display_width(name) for name in ("Ann", "Jürgen", "山田", "Jose\u0301")]
        [3, 6, 4, 4]
    """
    if text.isascii():
        return len(text)
    return sum(map(_char_columns, text))


def cut(text: str, most: int) -> str:
    """The longest start of ``text`` that takes at most ``most`` columns (`display_width`).

    Never half of a wide character, nor an accent without its letter.

    Examples:
        >>> cut("Bartholomew", 4), cut("山田太郎", 5), cut("Ann", 5)
        ('Bart', '山田', 'Ann')
    """
    used = end = 0
    for i, char in enumerate(text):
        used += _char_columns(char)
        if used > most:
            break
        end = i + 1
    return text[:end]


def short(text: str, most: int) -> str:
    """``text`` in at most ``most`` columns, an ellipsis marking a cut (a name in a narrow place).

    Counted in terminal columns (`display_width`, `cut`).

    Examples:
        >>> short("Bartholomew", 6), short("Ann", 6), short("山田太郎", 6)
        ('Barth…', 'Ann', '山田…')
    """
    if display_width(text) <= most:
        return text
    return cut(text, most - 1) + "\u2026"  # the ellipsis takes one column


def _end(text: str, most: int) -> str:
    """The longest end of ``text`` in at most ``most`` columns, never starting with an accent."""
    used, start = 0, len(text)
    for i in range(len(text) - 1, -1, -1):
        used += _char_columns(text[i])
        if used > most:
            break
        start = i
    while start < len(text) and _char_columns(text[start]) == 0:
        start += 1  # its letter was cut off
    return text[start:]


def shorts(texts: Sequence[str], widths: Sequence[int]) -> list[str]:
    """Each text `short` in its width, still told apart: column heads of names.

    Where two texts would be cut alike (``"Spieler…"`` for seats 7 and 8),
    they are cut in the middle instead, keeping their ends.

    Examples:
        >>> shorts(["Spieler 7", "Spieler 8", "Bartholomew"], [8, 8, 8])
        ['Spi…er 7', 'Spi…er 8', 'Barthol…']
    """
    heads = [short(text, width) for text, width in zip(texts, widths, strict=True)]
    alike = Counter(heads)
    for i, (text, width) in enumerate(zip(texts, widths, strict=True)):
        if alike[heads[i]] > 1 and heads[i] != text and width >= 3:  # cut, and cut alike
            tail = _end(text, width // 2)
            heads[i] = cut(text, width - 1 - display_width(tail)) + "\u2026" + tail
    return heads


def type_name(value: object) -> str:
    """The class of ``value`` for a message: a game's own with its game (``"classic State"``).

    Examples:
        >>> from kniffel_rules import classic
        >>> type_name(classic.new_game(1)), type_name(3)
        ('classic State', 'int')
    """
    cls = type(value)
    parts = cls.__module__.split(".")
    if len(parts) >= 3 and parts[0] == "kniffel_rules" and not parts[1].startswith("_"):
        return f"{parts[1]} {cls.__name__}"
    return cls.__name__


def pad(text: str, width: int, align: Literal["<", ">"] = "<") -> str:
    """``text`` padded with spaces to ``width`` columns (`display_width`), left- or right-aligned.

    ``f"{text:<{width}}"`` counts characters, so a wide character would push
    the rest of a table's row one column to the right.

    Examples:
        >>> pad("Ann", 5, ">"), pad("山田", 5)
        ('  Ann', '山田 ')
    """
    fill = " " * max(0, width - display_width(text))
    return fill + text if align == ">" else text + fill


def wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped into lines of at most ``width`` columns (`display_width`); one at least.

    `textwrap.wrap` (long words broken) counts characters; where a line it
    makes is wider in columns (wide characters), the text is wrapped again
    at the most characters a line may have for every line to fit, found by
    halving (a few passes, not one per character).

    Examples:
        >>> wrap("Ann and Ben", 7), wrap("山田太郎 and Ann", 8)
        (['Ann and', 'Ben'], ['山田太郎', 'and Ann'])
    """

    def at(most: int) -> list[str]:
        return textwrap.wrap(text, most, break_long_words=True) or [""]

    lines = at(width)
    if all(display_width(line) <= width for line in lines):
        return lines
    # Lines of ``width // 2`` characters fit (no character is wider than 2):
    # look for the most characters a line may have between the two, halving.
    low, high = max(1, width // 2), width
    fitting: list[str] | None = None  # the lines at ``low``, once wrapped
    while high - low > 1:
        middle = (low + high) // 2
        lines = at(middle)
        if all(display_width(line) <= width for line in lines):
            low, fitting = middle, lines
        else:
            high = middle
    return at(low) if fitting is None else fitting


def brief(value: object) -> str:
    """``repr(value)`` for an error message: at most 200 characters, and never an exception.

    A hostile value can make ``repr`` fail (an ``int`` beyond Python's
    4,300-digit conversion limit, a broken ``__repr__``) or huge; a message
    must neither crash nor carry megabytes.

    Examples:
        >>> brief(1.5), brief("x" * 300)[-5:], brief(10**5000)
        ('1.5', 'xx...', '<int of 16610 bits>')
    """
    try:
        text = repr(value)
    except Exception:
        if isinstance(value, int):
            return f"<int of {value.bit_length()} bits>"
        return f"<{type(value).__name__}>"
    return text if len(text) <= _LIMIT else text[: _LIMIT - 3] + "..."
