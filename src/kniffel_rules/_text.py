"""Untrusted values in messages: a short ``repr`` that never raises."""

from __future__ import annotations

__all__ = ["brief", "short"]

_LIMIT = 200


def short(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters, an ellipsis marking a cut (a name in a narrow place).

    Examples:
        >>> short("Bartholomew", 6), short("Ann", 6)
        ('Barth…', 'Ann')
    """
    return text if len(text) <= most else text[: most - 1] + "\u2026"


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
