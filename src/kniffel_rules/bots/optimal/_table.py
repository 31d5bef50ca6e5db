"""Value tables: the expected points still to come from every position.

A table belongs to one rule set of one game and holds, for every reachable position at
the start of a turn (see ``_model``), the expected number of points the
optimal player still scores until the sheet is full, the upper bonus
included if it is not yet reached. Tables are stored compactly and read
without numpy.

File format (``.kvt``), version 1: one line of JSON (the header: ``format``
``"kniffel-rules/classic-values"``, ``version``, ``game`` (the registry
name; absent in the first files: `_model.DEFAULT_GAME`), ``rules`` (every
option), ``flags``, ``scale_bits``, ``states``, ``expected_score``), a newline, then
the values compressed with LZMA: every reachable position in storage order
(mask ascending, then ``Model.states``), rounded to multiples of
``2 ** -scale_bits``, as differences from the previous value, zigzag-coded
into unsigned 64-bit little-endian integers, stored byte plane by byte
plane.
"""

from __future__ import annotations

import json
import lzma
import math
import sys
from array import array
from collections.abc import Iterator
from functools import cache
from importlib import resources
from itertools import accumulate
from os import PathLike
from pathlib import Path
from typing import Any, Final

from kniffel_rules._fields import check_int
from kniffel_rules._json import get_int, get_object
from kniffel_rules._text import brief
from kniffel_rules.bots.optimal._model import DEFAULT_GAME, Model, solver_rules
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.variant import UnknownVariantError, get_variant

__all__ = ["FORMAT", "SHIPPED", "ValueTable", "shipped_table"]

FORMAT: Final = "kniffel-rules/classic-values"
VERSION: Final = 1
SCALE_BITS: Final = 24
"""Values are stored to ``2 ** -24`` points (about 6e-8)."""

_Rules = get_variant(DEFAULT_GAME).Rules

SHIPPED: Final[dict[str, Any]] = {
    "kniffel": _Rules(),
    "verhoeff": _Rules(joker="free", extra_kniffel_bonus=100),
    "no-joker-no-bonus": _Rules(joker="none", extra_kniffel_bonus=0),
    "yatzy": get_variant("yatzy").Rules(),
}
"""The tables in the wheel: file name (without ``.kvt``) -> their rules.

Classic Kniffel's rulebook, Verhoeff's and Glenn's conventions, and
Scandinavian Yatzy's rulebook (2.7 MB: it spares a Yatzy player numpy and
ten seconds of computing; its house rules are computed on first use)."""


_HEADER_KEYS = (
    "format",
    "version",
    "rules",
    "flags",
    "scale_bits",
    "states",
    "expected_score",
)
_OPTIONAL_KEYS = ("game",)


class ValueTable:
    """The optimal expected points to come from every position of one rule set.

    Build one with `kniffel_rules.bots.optimal.build_table` (numpy), read one
    with `load` or `shipped_table`.

    Args:
        rules: The rules the values belong to (any game's with an exact
            solitaire player; the game is found from them).
        flags: The number of values of the five-of-a-kind-holds-its-value
            coordinate (1, 2; always 1 for a game without jokers).
        values: The dense value array (``Model.index`` order; NaN where a
            position cannot be reached).

    Raises:
        KniffelError: ``rules`` are not a game's with an exact solitaire player.
        InvalidStateError: ``flags`` is not 1 or 2 (path ``flags``), or
            ``values`` is not an ``array("d")`` of the model's size (path ``values``).
    """

    def __init__(self, rules: Any, flags: int, values: array[float]) -> None:
        self.model = Model(rules, check_int(flags, "flags", 1, 2))
        self.rules = self.model.rules
        if not isinstance(values, array) or values.typecode != "d":
            raise InvalidStateError("values", f'expected an array("d"), got {brief(values)}')
        if len(values) != self.model.size:
            raise InvalidStateError(
                "values", f"expected {self.model.size} values, got {len(values)}"
            )
        self.values = values

    def value(self, mask: int, upper: int, fifty: int) -> float:
        """The expected points to come from a position (see ``_model``)."""
        return self.values[self.model.index(mask, upper, fifty)]

    @property
    def expected_score(self) -> float:
        """The optimal expected final score of a new game."""
        return self.value(0, 0, 0)

    def _stored(self) -> Iterator[int]:
        model = self.model
        for mask in model.masks():
            for upper, fifty in model.states(mask):
                yield model.index(mask, upper, fifty)

    def to_bytes(self) -> bytes:
        """The table in the ``.kvt`` format."""
        values = self.values
        scale = 1 << SCALE_BITS
        ints = [round(values[i] * scale) for i in self._stored()]
        prev = 0
        coded = array("Q")
        for q in ints:
            d = q - prev
            prev = q
            coded.append(d << 1 if d >= 0 else ((-d) << 1) - 1)
        if sys.byteorder == "big":
            coded.byteswap()
        raw = coded.tobytes()
        planes = b"".join(raw[i::8] for i in range(8))
        header = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.model.game.INFO.name,
            "rules": self.rules.to_dict(),
            "flags": self.model.flags,
            "scale_bits": SCALE_BITS,
            "states": len(ints),
            "expected_score": self.expected_score,
        }
        head = json.dumps(header, sort_keys=True).encode()
        return head + b"\n" + lzma.compress(planes)

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "table") -> ValueTable:
        """Read a table written by `to_bytes`.

        Args:
            data: The file's bytes.
            source: A name for the table in error messages.

        Raises:
            InvalidStateError: Not a valid table file.
        """
        head, sep, body = data.partition(b"\n")
        try:
            header = json.loads(head)
        except (ValueError, UnicodeDecodeError):
            raise InvalidStateError(source, "not a kniffel-rules value table") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT or not sep:
            raise InvalidStateError(source, f"not a {FORMAT} file")
        doc = get_object(header, source, required=_HEADER_KEYS, optional=_OPTIONAL_KEYS)
        if doc["version"] != VERSION:
            raise InvalidStateError(f"{source}.version", f"only version {VERSION} can be read")
        name = doc.get("game", DEFAULT_GAME)
        try:
            game = get_variant(name)
        except UnknownVariantError as exc:
            raise InvalidStateError(f"{source}.game", str(exc)) from None
        rules = game.Rules.from_dict(doc["rules"], f"{source}.rules")
        flags = get_int(doc, "flags", source, 1, 2)
        bits = get_int(doc, "scale_bits", source, 0, 40)
        count = get_int(doc, "states", source, 0, 10**8)
        try:
            model = Model(rules, flags)
            planes = lzma.decompress(body)
        except (KniffelError, lzma.LZMAError) as exc:
            raise InvalidStateError(source, str(exc)) from None
        stored = sum(len(model.states(mask)) for mask in model.masks())
        if count != stored or len(planes) != 8 * stored:
            raise InvalidStateError(source, f"expected {stored} values for these rules")
        raw = bytearray(8 * stored)
        for i in range(8):
            raw[i::8] = planes[i * stored : (i + 1) * stored]
        coded = array("Q")
        coded.frombytes(bytes(raw))
        if sys.byteorder == "big":
            coded.byteswap()
        scale = 1.0 / (1 << bits)
        ints = accumulate(z >> 1 if not z & 1 else -((z + 1) >> 1) for z in coded)
        values = array("d", [math.nan]) * model.size
        table = cls(rules, flags, values)
        for i, q in zip(table._stored(), ints, strict=True):
            values[i] = q * scale
        return table

    def save(self, path: str | PathLike[str]) -> None:
        """Write the table to a ``.kvt`` file."""
        Path(path).write_bytes(self.to_bytes())

    @classmethod
    def load(cls, path: str | PathLike[str]) -> ValueTable:
        """Read a table from a ``.kvt`` file.

        Raises:
            InvalidStateError: Not a valid table file, or ``path`` no path
                (not text nor a path object, or text with a NUL; path ``table``).
            OSError: The file cannot be read.
        """
        if not isinstance(path, (str, PathLike)):
            raise InvalidStateError("table", f"expected the path of a .kvt file, got {brief(path)}")
        try:
            data = Path(path).read_bytes()
        except (TypeError, ValueError):  # a path object that is none, a NUL in the text
            raise InvalidStateError("table", f"not a path: {brief(path)}") from None
        return cls.from_bytes(data, str(path))

    def __repr__(self) -> str:
        return f"ValueTable(expected_score={self.expected_score:.4f}, rules={self.rules!r})"


def shipped_name(rules: object) -> str | None:
    """The shipped table for ``rules`` (games and ranking aside), if there is one."""
    key = solver_rules(rules)
    for name, shipped in SHIPPED.items():
        if shipped == key:
            return name
    return None


def shipped_header(name: str) -> dict[str, Any]:
    """The header of a shipped table, read without decoding its values."""
    with (resources.files("kniffel_rules.bots.optimal") / "data" / f"{name}.kvt").open("rb") as f:
        header: dict[str, Any] = json.loads(f.readline())
    return header


@cache
def shipped_table(name: str) -> ValueTable:
    """Read one of the tables in the wheel (see `SHIPPED`), once per process."""
    data = (resources.files("kniffel_rules.bots.optimal") / "data" / f"{name}.kvt").read_bytes()
    return ValueTable.from_bytes(data, f"{name}.kvt")
