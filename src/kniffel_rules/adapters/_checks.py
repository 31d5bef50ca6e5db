"""The adapters' checks of the numbers a framework's caller passes (one for all three).

Frameworks hand over Python's and numpy's integers alike (a seed, a player
count, an action number), and sometimes a bool, a float or text; every
adapter reads them with `integer` and `finite`, so that a bad one is the
library's `InvalidStateError` naming the argument, never a ``TypeError``
from deep inside.
"""

from __future__ import annotations

import math
import numbers
import operator

from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = ["finite", "integer"]


def integer(
    value: object,
    path: str,
    what: str,
    least: int | None = None,
    most: int | None = None,
    error: type[InvalidStateError] = InvalidStateError,
) -> int:
    """``value`` as an ``int``: Python's or numpy's integers, never a bool, a float or text.

    Args:
        value: What the caller passed.
        path: The argument's name for the message.
        what: What is expected, for the message (``"an integer >= 1"``).
        least: The least value allowed (``None``: no bound).
        most: The greatest value allowed (``None``: no bound).
        error: The error to raise (a subclass of `InvalidStateError`).

    Raises:
        InvalidStateError: Not an integer, or out of ``least .. most`` (path ``path``).
    """
    try:
        number = None if isinstance(value, bool) else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if (
        number is None
        or (least is not None and number < least)
        or (most is not None and number > most)
    ):
        raise error(path, f"expected {what}, got {brief(value)}")
    return number


def finite(value: object, path: str) -> float:
    """``value`` as a ``float``: a real number that is finite (not a bool, text, NaN or infinity).

    Raises:
        InvalidStateError: Anything else (path ``path``).
    """
    number = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int beyond the floats: not finite either
            number = math.inf
    if not math.isfinite(number):
        raise InvalidStateError(path, f"expected a finite number, got {brief(value)}")
    return number
