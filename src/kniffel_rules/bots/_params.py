"""attrs validators for the tuning parameters of the bots' heuristics."""

from __future__ import annotations

import math
from typing import Any

import attrs

from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = ["check_floats", "check_number", "check_positive"]


def _number(value: object, path: str) -> float:
    if not isinstance(value, bool) and isinstance(value, (int, float)):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float
            number = math.inf
        if math.isfinite(number):
            return number
    raise InvalidStateError(path, f"expected a finite number, got {brief(value)}")


def check_number(inst: Any, attr: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: a finite int or float (`InvalidStateError` naming the field)."""
    _number(value, attr.name)


def check_positive(inst: Any, attr: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: a finite number greater than 0."""
    if _number(value, attr.name) <= 0:
        raise InvalidStateError(attr.name, f"expected a positive number, got {brief(value)}")


def check_floats(n: int) -> Any:
    """An attrs validator: a tuple of exactly ``n`` finite numbers."""

    def check(inst: Any, attr: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, tuple) or len(value) != n:
            raise InvalidStateError(
                attr.name, f"expected a tuple of {n} numbers, got {brief(value)}"
            )
        for i, v in enumerate(value):
            _number(v, f"{attr.name}[{i}]")

    return check
