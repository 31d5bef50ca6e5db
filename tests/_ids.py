"""Test ids that are the same in every process (pytest-xdist compares them)."""

from __future__ import annotations

import re


def shown(value: object) -> str:
    """``repr(value)`` without the memory addresses (``<object object at 0x...>``)."""
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))
