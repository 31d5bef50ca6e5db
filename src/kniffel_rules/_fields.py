"""Validators for the fields of actions and chance outcomes, shared by every game.

An action that compares equal to a legal one must be one: ``StartPlayer(True)``
or ``Joker(1.0, 4)`` would pass ``x in legal_actions(s)`` (``True == 1``,
``1.0 == 1``) and then break serialisation. So every integer field takes an
``int`` that is not a ``bool``, and every enum field an instance of its enum;
anything else raises `InvalidStateError` naming the field, at construction.

Use them as attrs validators::

    seat: int = attrs.field(validator=int_field(0, 3))

`check_int` is the library's one integer check: the attrs validators here
and in ``_common``, the JSON readers of ``_json`` and the command line's
number reader all call it, so an integer is refused the same way (and with
the same words) wherever it comes from.

`BoxEntries` is the other shared field: a box sheet's entries, read by box,
as classic's and Extreme's ``Sheet`` hold them; `OpenBoxes` lists the open
boxes of such entries for the games' fast legal-action listings.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import compress, repeat
from operator import is_
from typing import Any, ClassVar, Generic, Protocol, TypeGuard, TypeVar

import attrs

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "BoxEntries",
    "OpenBoxes",
    "check_int",
    "enum_field",
    "int_field",
    "is_int",
    "type_name",
]

B = TypeVar("B", bound=enum.Enum)
"""A game's ``Box``."""
R = TypeVar("R")
"""A game's ``Rules``."""
T = TypeVar("T")


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is exactly an ``int`` (not a bool, an IntEnum, a float, a Fraction)."""
    return type(value) is int


def type_name(value: object) -> str:
    """The name of ``value``'s type for a message (``null`` for ``None``, as JSON says)."""
    return "null" if value is None else type(value).__name__


def check_int(value: object, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """Check that ``value`` is an integer within ``lo..hi`` (inclusive; ``None``: no bound).

    An integer is exactly an ``int``: not a ``bool``, an ``IntEnum``, a float
    or a Fraction, which compare equal to one but are not one.

    Args:
        value: What to check.
        path: The field path for the message (``players[0].score``, ``rules.games``).
        lo: The least value allowed.
        hi: The greatest value allowed.

    Returns:
        ``value``, now known to be an ``int``.

    Raises:
        InvalidStateError: ``value`` is not an integer, or out of range (naming ``path``).
    """
    if type(value) is not int:
        raise InvalidStateError(
            path, Text.of(N_("expected an integer, got {type}"), type=type_name(value))
        )
    if lo is not None and value < lo:
        raise InvalidStateError(
            path, Text.of(N_("{value} is below the minimum {lo}"), value=brief(value), lo=lo)
        )
    if hi is not None and value > hi:
        raise InvalidStateError(
            path, Text.of(N_("{value} is above the maximum {hi}"), value=brief(value), hi=hi)
        )
    return value


def check_seat(value: object, seats: int, path: str) -> int:
    """Check that ``value`` is a seat of a game of ``seats`` players: an integer ``0..seats-1``.

    Args:
        value: What to check.
        seats: The number of players.
        path: The field path for the message (``player``, ``observation.player``).

    Returns:
        ``value``, now known to be a seat.

    Raises:
        InvalidStateError: ``value`` is not an integer (`is_int`) or no seat
            (naming ``path``).
    """
    if not is_int(value) or not 0 <= value < seats:
        raise InvalidStateError(
            path,
            Text.of(N_("expected a seat 0..{last}, got {seat}"), last=seats - 1, seat=brief(value)),
        )
    return value


@attrs.frozen
class _Int:
    lo: int | None
    hi: int | None
    prefix: str = ""

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        check_int(value, self.prefix + attr.name, self.lo, self.hi)


@attrs.frozen
class _Enum:
    cls: type

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, self.cls):
            expected = Text.of(
                N_("expected a {kind}, got {value}"), kind=self.cls.__name__, value=brief(value)
            )
            raise InvalidStateError(attr.name, expected)


def int_field(lo: int | None = None, hi: int | None = None, *, prefix: str = "") -> Any:
    """An attrs validator: `check_int` of the field, its path ``prefix`` + the field's name."""
    return _Int(lo, hi, prefix)


def enum_field(cls: type) -> Any:
    """An attrs validator: an instance of the enum (or class) ``cls``."""
    return _Enum(cls)


class _Bonus(Protocol):
    """What `BoxEntries` reads of its game's sheet layout (`kniffel_rules.boxsheet.Layout`).

    A protocol rather than an import: `kniffel_rules.boxsheet` checks its
    arguments with `check_int`, so this module may not import it.
    """

    def upper_bonus(self, entries: Sequence[int | None]) -> int:
        """The upper bonus the entries earn."""
        ...

    def upper_total(self, entries: Sequence[int | None]) -> int:
        """The upper sum plus the bonus."""
        ...


class BoxEntries(Generic[B, R]):
    """A box sheet's entries read by box: what classic's and Extreme's ``Sheet`` share.

    A mixin of a frozen attrs ``Sheet`` with the field ``entries`` (the value
    entered in each box, indexed by ``Box.value``; ``None`` while the box is
    open) and the class attribute ``_layout``, the game's ``layout(rules)``
    (`kniffel_rules.boxsheet.Layout`). Type parameters: the game's ``Box``
    and ``Rules``.
    """

    __slots__ = ()

    entries: tuple[int | None, ...]
    _box: ClassVar[type[enum.Enum]]  # each Sheet sets its game's Box
    # Read by box, never iterated: without this, ``tuple(sheet)`` would call
    # ``sheet[0]``, ``sheet[1]`` ... (Python's old sequence protocol).
    __iter__ = None

    @staticmethod
    def _layout(rules: Any) -> _Bonus:  # pragma: no cover - each Sheet sets its game's
        """The game's ``layout(rules)``."""
        raise NotImplementedError

    def _index(self, box: object) -> int:
        if not isinstance(box, self._box):
            game = self._box.__module__.rpartition(".")[0]
            raise InvalidStateError("box", f"expected a {game}.Box, got {brief(box)}")
        index: int = box.value  # a Box, checked above
        return index

    def __getitem__(self, box: B) -> int | None:
        """The entry of ``box`` (``None`` while open).

        Raises:
            InvalidStateError: ``box`` is not a box of this sheet's game.
        """
        return self.entries[self._index(box)]

    def is_filled(self, box: B) -> bool:
        """Whether ``box`` holds a value (a struck 0 counts as filled).

        Raises:
            InvalidStateError: ``box`` is not a box of this sheet's game.
        """
        return self.entries[self._index(box)] is not None

    def filled(self) -> int:
        """The number of filled boxes."""
        entries = self.entries
        return len(entries) - entries.count(None)

    @property
    def upper_sum(self) -> int:
        """The sum of the upper section (Ones to Sixes) entered so far."""
        return sum(v for v in self.entries[:6] if v is not None)

    def upper_bonus(self, rules: R) -> int:
        """The upper bonus, once the upper sum reaches the threshold of ``rules``."""
        return self._layout(rules).upper_bonus(self.entries)

    def upper_total(self, rules: R) -> int:
        """The upper sum plus the bonus."""
        return self._layout(rules).upper_total(self.entries)


class OpenBoxes:
    """Where a box sheet's entries are open: the items of a tuple by box, for the open ones.

    ``open_boxes(every, entries)`` is ``every[i]`` for each ``i`` with
    ``entries[i] is None``, in order: a game's ``Score`` actions (``every``,
    one per box in sheet order) of the boxes still open. It remembers the
    last answer, by the identity of the two tuples: a turn lists the same
    sheet after each of its throws, and the answer depends on nothing else.
    One instance serves any number of games and threads (its one slot is
    replaced whole, and only a pair of these very tuple objects can hit it).

    Examples:
        >>> open_boxes = OpenBoxes()
        >>> open_boxes(("a", "b", "c"), (None, 7, None))
        ('a', 'c')
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[tuple[Any, ...], tuple[int | None, ...], tuple[Any, ...]] = ((), (), ())

    def __call__(self, every: tuple[T, ...], entries: tuple[int | None, ...]) -> tuple[T, ...]:
        """The items of ``every`` whose entry in ``entries`` is ``None``, in order."""
        last = self._last
        if last[1] is entries and last[0] is every:
            found: tuple[T, ...] = last[2]
            return found
        found = tuple(compress(every, map(is_, entries, repeat(None))))
        self._last = (every, entries, found)
        return found
