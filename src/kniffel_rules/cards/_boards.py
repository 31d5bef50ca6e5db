"""The player boards: five rows of levels, and the two printed sides (KA-03, KA-40).

Internal: `kniffel_rules.cards.pieces` re-exports every public name here
(the material of the game is one room; the boards are kept apart for size).

The printed boards' numbers are not in the rulebook. `BLUE_BOARD` and
`RED_BOARD` are the reconstruction of the rulings (docs/rulings.md, card game
2); any other `Board` can be passed through `Rules`.

A row is a sequence of levels, front (lowest) first; each level has a number
of spaces. Tokens fill a row from the front, one whole level at a time, so a
row is described in a state by the number of tokens on it. The row's *value*
(cards drawn from the pile, cards taken from the display, cards that may be
exchanged, the hand limit) is read at the number of levels completely filled.

Examples:
    >>> from kniffel_rules.cards.pieces import BLUE_BOARD, Row
    >>> straight = BLUE_BOARD.row(Row.STRAIGHT)
    >>> straight.spaces, straight.values
    ((1, 1, 2, 3), (5, 6, 7, 8, 9))
    >>> straight.value(2), straight.next_spaces(2), straight.value(4)
    (7, 2, 8)
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from kniffel_rules import _json
from kniffel_rules._i18n import N_, Text
from kniffel_rules._labels import Labelled, name_pieces
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = ["BLUE_BOARD", "OWN_NAMES", "RED_BOARD", "ROWS", "Board", "BoardRow", "Row"]

# The bounds of a board `Rules` accepts (KA-61): the printed sides' own. Levels of
# 1 to 3 spaces (KA-15), at most 5 levels (the red side), and no row worth more
# than on the red side, so that no hand can grow beyond 20 cards (10 kept, 6
# drawn, 4 taken) and no list of legal actions beyond a few thousand plays.
_MAX_SPACES = 3
_MAX_LEVELS = 5
_MAX_VALUE = 10


class Row(Labelled):
    """The five rows of a player board, in board order.

    ``row.labels`` are its names in each language, ``row.label`` the English
    one as printed ("Full House", "Two pairs").
    """

    FULL_HOUSE = "full_house"
    """Value: the cards drawn from the pile in action A."""
    COLOUR = "colour"
    """Value: the cards taken from the open display in action A."""
    THREE_OF_A_KIND = "three_of_a_kind"
    """Value: the most cards that may be exchanged for tokens in action C."""
    STRAIGHT = "straight"
    """Value: the hand limit at the end of a turn."""
    TWO_PAIRS = "two_pairs"
    """No effect; its levels ("columns") have 2 spaces each."""

    __repr__ = enum.Enum.__repr__  # the enum's own: <Row.COLOUR: 'colour'>


OWN_NAMES: Final[Mapping[str, str]] = {
    "colour": N_("Colour"),
    "straight": N_("Straight"),
}
"""The card game's own names of rows and combinations (English msgids), by key.

A row is named after its combination (``Row.labels`` and ``Combination.labels``);
the others are the family's (`kniffel_rules._labels.FAMILY_NAMES`).
"""

name_pieces(Row, OWN_NAMES)

ROWS: Final[tuple[Row, ...]] = tuple(Row)
"""The rows in board order (the order of `Tokens.rows`)."""


def _ints(value: Any, path: str, lo: int, hi: int, most: int) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise InvalidStateError(
            path, Text.of(N_("expected a sequence of integers, got {value}"), value=brief(value))
        )
    items = tuple(value)
    if not 1 <= len(items) <= most:
        raise InvalidStateError(
            path,
            Text.of(N_("expected 1..{most} entries, got {count}"), most=most, count=len(items)),
        )
    return tuple(_json.check_int(v, f"{path}[{i}]", lo, hi) for i, v in enumerate(items))


def _spaces(value: Any) -> tuple[int, ...]:
    return _ints(value, "spaces", 1, _MAX_SPACES, _MAX_LEVELS)


def _values(value: Any) -> tuple[int, ...]:
    return _ints(value, "values", 0, _MAX_VALUE, _MAX_LEVELS + 1)


def _check_values(inst: BoardRow, attr: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    if len(value) != len(inst.spaces) + 1:
        raise InvalidStateError(
            "values",
            Text.of(
                N_(
                    "one value per number of filled levels (0..{levels}): {values} values, "
                    "got {count}"
                ),
                levels=len(inst.spaces),
                values=len(inst.spaces) + 1,
                count=len(value),
            ),
        )
    for i in range(1, len(value)):
        if value[i] < value[i - 1]:
            raise InvalidStateError(
                f"values[{i}]", N_("a filled level never lowers a row's value (KA-61)")
            )


def repath(exc: InvalidStateError, prefix: str) -> InvalidStateError:
    """The same error with its field path put under ``prefix``."""
    return InvalidStateError(f"{prefix}.{exc.path}" if exc.path else prefix, exc.detail)


@attrs.frozen(slots=True, cache_hash=True)
class BoardRow:
    """One row of a board: its levels' spaces and its value per filled level.

    Attributes:
        spaces: The spaces of each level, front (lowest level) first: 1 to 5
            levels of 1 to 3 spaces (KA-61).
        values: The row's value with 0, 1, ..., ``len(spaces)`` levels filled,
            never decreasing (KA-61); `Board` bounds each row's top value.
    """

    spaces: tuple[int, ...] = attrs.field(converter=_spaces)
    values: tuple[int, ...] = attrs.field(converter=_values, validator=_check_values)
    _starts: tuple[int, ...] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda self: self._starts_default(), takes_self=True),
    )

    def _starts_default(self) -> tuple[int, ...]:
        starts = [0]
        for s in self.spaces:
            starts.append(starts[-1] + s)
        return tuple(starts)

    @property
    def capacity(self) -> int:
        """The number of spaces in the row."""
        return self._starts[-1]

    def levels(self, tokens: int) -> int:
        """The number of levels completely filled by ``tokens`` tokens."""
        # the starts rise strictly from 0 (every level has 1 to 3 spaces): the
        # levels filled are the starts after the first that ``tokens`` reaches
        n = bisect.bisect_right(self._starts, tokens) - 1
        return n if n > 0 else 0

    def value(self, tokens: int) -> int:
        """The row's value with ``tokens`` tokens on it."""
        return self.values[self.levels(tokens)]

    def is_whole(self, tokens: int) -> bool:
        """Whether ``tokens`` fills whole levels only (no level part-filled)."""
        return tokens in self._starts

    def next_spaces(self, tokens: int, levels: int = 1) -> int:
        """The spaces of the next ``levels`` free levels (0 if the row has fewer left)."""
        done = self.levels(tokens)
        if done + levels > len(self.spaces):
            return 0
        return self._starts[done + levels] - self._starts[done]

    def to_dict(self) -> dict[str, list[int]]:
        """The row as a JSON-ready dict."""
        return {"spaces": list(self.spaces), "values": list(self.values)}

    @classmethod
    def from_dict(cls, doc: Any, path: str) -> BoardRow:
        """Read a row from a dict ``{"spaces": [...], "values": [...]}``.

        Raises:
            InvalidStateError: Malformed; the message names the field path.
        """
        d = _json.get_object(doc, path, required=("spaces", "values"))
        spaces = _json.get_list(d, "spaces", path, lambda v, p: v, max_length=_MAX_LEVELS)
        values = _json.get_list(d, "values", path, lambda v, p: v, max_length=_MAX_LEVELS + 1)
        try:
            return cls(spaces, values)
        except InvalidStateError as exc:
            raise repath(exc, path) from None


def _check_two_pairs(inst: Any, attr: attrs.Attribute[Any], row: BoardRow) -> None:
    if not isinstance(row, BoardRow):
        raise InvalidStateError(
            attr.name, Text.of(N_("expected a BoardRow, got {value}"), value=brief(row))
        )
    if any(s != 2 for s in row.spaces):
        raise InvalidStateError(
            "two_pairs.spaces", N_("every column of the Two pairs row has 2 spaces")
        )
    if any(row.values):
        raise InvalidStateError("two_pairs.values", N_("the Two pairs row has no effect: values 0"))


def _check_row(inst: Any, attr: attrs.Attribute[Any], row: Any) -> None:
    if not isinstance(row, BoardRow):
        raise InvalidStateError(
            attr.name, Text.of(N_("expected a BoardRow, got {value}"), value=brief(row))
        )
    top = _TOP_VALUE[attr.name]
    if row.values[-1] > top:
        raise InvalidStateError(
            f"{attr.name}.values",
            Text.of(
                N_("the {row} row is worth at most {top}, as on the red side (KA-61)"),
                row=Row(attr.name),
                top=top,
            ),
        )


_TOP_VALUE: Final = {
    "full_house": 6,
    "colour": 4,
    "three_of_a_kind": 6,
    "straight": _MAX_VALUE,
}
"""The most each row may be worth: the red side's last value (KA-41, KA-61)."""


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class Board:
    """One side of a player board: the five rows.

    Attributes:
        full_house: Value: cards drawn from the pile in action A.
        colour: Value: cards taken from the open display in action A.
        three_of_a_kind: Value: the most cards exchanged for tokens in action C.
        straight: Value: the hand limit at the end of a turn.
        two_pairs: Columns of 2 spaces, no effect (values all 0).
    """

    full_house: BoardRow = attrs.field(validator=_check_row)
    colour: BoardRow = attrs.field(validator=_check_row)
    three_of_a_kind: BoardRow = attrs.field(validator=_check_row)
    straight: BoardRow = attrs.field(validator=_check_row)
    two_pairs: BoardRow = attrs.field(validator=_check_two_pairs)
    _rows: tuple[BoardRow, ...] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda self: self._rows_default(), takes_self=True),
    )

    def _rows_default(self) -> tuple[BoardRow, ...]:
        return (self.full_house, self.colour, self.three_of_a_kind, self.straight, self.two_pairs)

    def row(self, row: Row) -> BoardRow:
        """The row ``row`` of this board."""
        return self._rows[_ROW_INDEX[row]]

    @property
    def rows(self) -> tuple[BoardRow, ...]:
        """The rows in board order (`ROWS`)."""
        return self._rows

    @property
    def capacity(self) -> int:
        """The number of spaces on the board."""
        return sum(r.capacity for r in self._rows)

    def to_dict(self) -> dict[str, Any]:
        """The board as a JSON-ready dict, one entry per row."""
        return {r.value: self.row(r).to_dict() for r in ROWS}

    @classmethod
    def from_dict(cls, doc: Any, path: str = "board") -> Board:
        """Read a board written by `to_dict`.

        Raises:
            InvalidStateError: Malformed; the message names the field path.
        """
        d = _json.get_object(doc, path, required=[r.value for r in ROWS])
        rows = {r.value: BoardRow.from_dict(d[r.value], f"{path}.{r.value}") for r in ROWS}
        try:
            return cls(**rows)
        except InvalidStateError as exc:
            raise repath(exc, path) from None


_ROW_INDEX: Final = {r: i for i, r in enumerate(ROWS)}

_BLUE_LEVELS = (1, 1, 2, 3)
_RED_LEVELS = (1, 1, 1, 2, 3)

BLUE_BOARD: Final = Board(
    full_house=BoardRow(_BLUE_LEVELS, (1, 2, 3, 4, 5)),
    colour=BoardRow(_BLUE_LEVELS, (1, 2, 2, 3, 3)),
    three_of_a_kind=BoardRow(_BLUE_LEVELS, (1, 2, 3, 4, 5)),
    straight=BoardRow(_BLUE_LEVELS, (5, 6, 7, 8, 9)),
    two_pairs=BoardRow((2, 2, 2, 2), (0, 0, 0, 0, 0)),
)
"""The blue side (the basic game), as reconstructed in the rulings (docs/rulings.md, KA-40)."""

RED_BOARD: Final = Board(
    full_house=BoardRow(_RED_LEVELS, (1, 2, 3, 4, 5, 6)),
    colour=BoardRow(_RED_LEVELS, (1, 2, 2, 3, 3, 4)),
    three_of_a_kind=BoardRow(_RED_LEVELS, (1, 2, 3, 4, 5, 6)),
    straight=BoardRow(_RED_LEVELS, (5, 6, 7, 8, 9, 10)),
    two_pairs=BoardRow((2, 2, 2, 2, 2), (0, 0, 0, 0, 0, 0)),
)
"""The red side (the trickier variant): one more 1-space level first (KA-41)."""
