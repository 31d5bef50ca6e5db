"""Floats added the same way on every supported Python.

Python 3.12 made ``sum()`` of floats a compensated sum, so a bot that sums
floats with ``sum()`` can rank two moves differently on 3.11 and 3.13 and a
seeded game then differs between versions. The bots add floats with
`plain_sum`, left to right, as ``sum()`` did before 3.12.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["plain_sum"]


def plain_sum(values: Iterable[float]) -> float:
    """The floats added left to right (what ``sum`` gave before Python 3.12).

    Examples:
        >>> plain_sum([0.1] * 10)
        0.9999999999999999
    """
    total = 0.0
    for v in values:
        total += v
    return total
