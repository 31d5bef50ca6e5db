"""Validators for the fields of actions and chance outcomes, shared by every game.

An action that compares equal to a legal one must be one: ``StartPlayer(True)``
or ``Joker(1.0, 4)`` would pass ``x in legal_actions(s)`` (``True == 1``,
``1.0 == 1``) and then break serialisation. So every integer field takes an
``int`` that is not a ``bool``, and every enum field an instance of its enum;
anything else raises `InvalidStateError` naming the field, at construction.

Use them as attrs validators::

    seat: int = attrs.field(validator=int_field(0, 3))
"""

from __future__ import annotations

from typing import Any

import attrs

from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = ["enum_field", "int_field", "is_int"]


def is_int(value: object) -> bool:
    """Whether ``value`` is exactly an ``int`` (not a bool, an IntEnum, a float, a Fraction)."""
    return type(value) is int


@attrs.frozen
class _Int:
    lo: int | None
    hi: int | None

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if not is_int(value):
            raise InvalidStateError(attr.name, f"expected an integer, got {brief(value)}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise InvalidStateError(attr.name, f"{brief(value)} is not within {self.lo}..{self.hi}")


@attrs.frozen
class _Enum:
    cls: type

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, self.cls):
            raise InvalidStateError(
                attr.name, f"expected a {self.cls.__name__}, got {brief(value)}"
            )


def int_field(lo: int | None = None, hi: int | None = None) -> Any:
    """An attrs validator: an ``int`` (not a ``bool``), optionally within ``lo..hi``."""
    return _Int(lo, hi)


def enum_field(cls: type) -> Any:
    """An attrs validator: an instance of the enum (or class) ``cls``."""
    return _Enum(cls)
