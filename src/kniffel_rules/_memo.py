"""Memo tables: module-level dicts that remember a computed answer, registered in one place.

A rule module that remembers answers by hand (a dict it fills lazily, often
with a size limit, where `functools.lru_cache` would cost a call too many on
a hot path) takes its dict from `memo_table`. Forgetting every table
(`forget_memos`) never changes an answer, only how soon it comes; the
mutation-testing run does it before each test (``tests/conftest.py``), so a
table filled by the original code cannot hide a mutant in the code that
fills it.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["forget_memos", "memo_table"]

_TABLES: Final[list[dict[Any, Any]]] = []


def memo_table() -> dict[Any, Any]:
    """A new, empty memo table, registered so that `forget_memos` empties it.

    Returns:
        A plain dict; annotate the variable that holds it with its key and value types.

    Examples:
        >>> squares: dict[int, int] = memo_table()
        >>> squares[3] = 9
        >>> forget_memos()
        >>> squares
        {}
    """
    table: dict[Any, Any] = {}
    _TABLES.append(table)
    return table


def forget_memos() -> None:
    """Empty every table `memo_table` gave out (answers stay the same, only slower at first)."""
    for table in _TABLES:
        table.clear()
