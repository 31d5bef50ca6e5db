"""Helpers for reading untrusted JSON: every failure names the field path.

Shared by every game's ``from_json`` and by the score-sheet readers.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, TypeVar

from kniffel_rules._fields import check_int, type_name
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_DEPTH, MAX_DOCUMENT_LENGTH, MAX_PLAYERS

T = TypeVar("T")

__all__ = [
    "check_faces",
    "check_int",
    "check_keys",
    "check_list",
    "check_tree",
    "dumps",
    "get_bool",
    "get_int",
    "get_list",
    "get_object",
    "get_opt_int",
    "get_players",
    "get_str",
    "loads",
    "read_document",
    "read_header",
]


def dumps(doc: Mapping[str, Any]) -> str:
    """Serialise a document compactly and deterministically."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


class _Refused(ValueError):
    """What the reader refuses beyond the JSON grammar, said in every language."""

    def __init__(self, text: Text) -> None:
        super().__init__(text)
        self.text = text


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(
                    Text.of(N_("the key {key} appears twice in one object"), key=brief(key))
                )
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    number = Text.of(N_("{name} is not a JSON number"), name=name)
    raise _Refused(Text.of(N_("not valid JSON ({reason})"), reason=number))


_GRAMMAR: Final = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Unexpected UTF-8 BOM (decode using utf-8-sig)"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)
"""What Python's JSON reader says of a grammar error (``JSONDecodeError.msg``): msgids, so
that the reason is said in every language (one not listed stays as Python says it)."""


_DIGITS: Final = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
"""The most digits Python reads in a number (0 means no bound: then 4,300 is said)."""


_ALL = slice(None)


def loads(text: str | bytes | bytearray) -> Any:
    """Parse untrusted JSON text; any failure is an `InvalidStateError`.

    A subclass of ``str``, ``bytes`` or ``bytearray`` is read as the text it
    holds, none of its methods asked. Beyond the JSON grammar it refuses what
    no document of the library holds:
    text longer than `limits.MAX_DOCUMENT_LENGTH`, nesting deeper than
    `limits.MAX_DEPTH`, a key twice in one object, ``NaN`` and ``Infinity``,
    and strings that cannot be written as UTF-8 (lone surrogates).
    """
    kind = type(text)
    if kind is not str and kind is not bytes and kind is not bytearray:
        # A subclass is read as the text it holds, asking none of its methods.
        # (by the type itself: ``isinstance`` alone would believe a ``__class__``)
        if issubclass(kind, str) and isinstance(text, str):
            text = str.__str__(text)
        elif issubclass(kind, bytes) and isinstance(text, bytes):
            text = bytes.__getitem__(text, _ALL)
        elif issubclass(kind, bytearray) and isinstance(text, bytearray):
            text = bytearray.__getitem__(text, _ALL)
        else:
            raise InvalidStateError(
                "", Text.of(N_("expected JSON text, got {type}"), type=kind.__name__)
            )
    if len(text) > MAX_DOCUMENT_LENGTH:
        raise InvalidStateError(
            "",
            Text.of(
                N_("the document is longer than {length} characters"), length=MAX_DOCUMENT_LENGTH
            ),
        )
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _Refused as exc:
        raise InvalidStateError("", exc.text) from None
    except RecursionError:  # nested far deeper than any document of the library
        raise InvalidStateError(
            "", Text.of(N_("nested deeper than {depth} levels"), depth=MAX_DEPTH)
        ) from None
    except json.JSONDecodeError as exc:
        where = Text.of(
            N_("{reason}: line {line} column {column} (char {char})"),
            reason=Text(exc.msg),
            line=exc.lineno,
            column=exc.colno,
            char=exc.pos,
        )
        raise InvalidStateError(
            "", Text.of(N_("not valid JSON ({reason})"), reason=where)
        ) from None
    except UnicodeDecodeError as exc:  # bytes that are no UTF-8 (nor UTF-16 or -32) text
        bad = Text.of(
            N_("byte 0x{byte:02x} at position {position} is not UTF-8"),
            byte=exc.object[exc.start],
            position=exc.start,
        )
        raise InvalidStateError("", Text.of(N_("not valid JSON ({reason})"), reason=bad)) from None
    except ValueError as exc:  # anything else the JSON reader refuses
        said = str(exc)
        reason: str = said
        if "integer string conversion" in said:  # Python's bound on the digits of a number
            reason = Text.of(N_("a number has more than {digits} digits"), digits=_DIGITS)
        raise InvalidStateError(
            "", Text.of(N_("not valid JSON ({reason})"), reason=reason)
        ) from None
    check_tree(value)
    return value


def _bad_text(value: str) -> bool:
    if value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_tree(value: Any, path: str = "") -> None:
    """Check a parsed document, or a dict given directly, before reading it.

    What `loads` accepts from text, and nothing a text could not hold, so
    that a dict handed to a ``from_dict`` gets the protection text gets:

    - only JSON data, by exact type: ``dict`` (string keys), ``list`` (or
      ``tuple``), ``str``, ``int``, ``float``, ``bool``, ``None``; no
      subclass, whose methods could answer differently each time asked;
    - nested at most `limits.MAX_DEPTH` deep (so a cycle is refused too);
    - no larger than the shortest JSON text that writes it could be within
      `limits.MAX_DOCUMENT_LENGTH` characters (counted from below: quotes,
      commas and colons, each value at least one character), so that an
      object shared many times over, which no text can write, cannot make a
      small dict cost an unbounded walk;
    - integers of at most 4,300 digits (what Python reads from text),
      finite floats (no ``NaN``, no ``Infinity``), and strings that can be
      written as UTF-8 (no lone surrogates).

    Where it names the path the walk is iterative, so that no nesting
    reaches Python's recursion limit.

    Raises:
        InvalidStateError: Naming the path of the first offending node
            (the whole document, path ``""``, when it is too large).
    """
    try:
        if _tree_ok(value, 0, MAX_DOCUMENT_LENGTH) >= 0:
            return  # the common case: no path is built
    except RecursionError:  # a deep call stack already: the iterative walk decides
        pass
    _check_tree_paths(value, path)


_STR = {str}
_NONE = type(None)
_SCALARS = frozenset({int, bool, _NONE})
_TEXT = frozenset({str})
_BIG = 10**4300
"""Integers read are smaller than this in size: text holds at most 4,300 digits."""


def _tree_ok(node: Any, depth: int, budget: int) -> int:
    """The size budget left once ``node`` (at ``depth``) passes `check_tree`; -1 if not.

    The fast walk, building no path; `_check_tree_paths` is the walk that
    names the path, and checks exactly the same. The budget counts from
    below the characters a text needs: an object or array one for its
    brackets and one per item (its comma or a number's digit), each key
    and string its length. It is spent before a string is read, and
    running out raises at once, so no string shared many times is read
    more often than a text could repeat it.

    Raises:
        InvalidStateError: Out of budget: the document is too large.
    """
    kind = type(node)
    if kind is dict:
        if depth >= MAX_DEPTH:
            return -1
        budget -= 1 + len(node)
        if node:
            if set(map(type, node)) != _STR:
                return -1
            keys = "".join(node)  # no longer than the keys held: each is another string
            budget -= len(keys)
            if budget < 0:
                raise _too_large()
            if not keys.isascii() and any(map(_bad_text, node)):
                return -1
        children: Any = node.values()
    elif kind is list or kind is tuple:
        if depth >= MAX_DEPTH:
            return -1
        budget -= 1 + len(node)
        children = node
    else:
        if _leaf_problem(node, kind):
            return -1
        budget -= len(node) if kind is str else 0
        if budget < 0:
            raise _too_large()
        return budget
    kinds = set(map(type, children))
    if kinds <= _SCALARS:  # integers, booleans and nulls only
        if budget < 0:
            raise _too_large()
        if int in kinds:
            if _NONE in kinds:
                if not all(-_BIG < v < _BIG for v in children if v is not None):
                    return -1
            elif min(children) <= -_BIG or max(children) >= _BIG:
                return -1
        return budget
    if kinds <= _TEXT:
        budget -= sum(map(len, children))
        if budget < 0:
            raise _too_large()
        if not "".join(children).isascii() and any(map(_bad_text, children)):
            return -1
        return budget
    depth += 1
    for child in children:
        kind = type(child)
        if kind is int:
            if not -_BIG < child < _BIG:
                return -1
        elif kind is str:
            budget -= len(child)
            if budget < 0:
                raise _too_large()
            if not child.isascii() and _bad_text(child):
                return -1
        elif kind is not bool and child is not None:
            budget = _tree_ok(child, depth, budget)
            if budget < 0:
                return -1
    if budget < 0:
        raise _too_large()
    return budget


def _leaf_problem(node: Any, kind: type) -> str:  # a `Text`, or ""
    """Why `check_tree` refuses a value that is no object or array (``""``: it does not)."""
    if kind is str:
        return Text.of(N_("a string that is not valid Unicode text")) if _bad_text(node) else ""
    if kind is int:
        return "" if -_BIG < node < _BIG else Text.of(N_("an integer of more than 4300 digits"))
    if kind is float:
        return (
            ""
            if math.isfinite(node)
            else Text.of(N_("{value} is not a JSON number"), value=repr(node))
        )
    if kind is bool or node is None:
        return ""
    return Text.of(
        N_(
            "expected JSON data (an object, array, string, number, true, false or null), got {type}"
        ),
        type=kind.__name__,
    )


def _check_tree_paths(value: Any, path: str) -> None:
    """`check_tree`'s walk naming the path of the first offending node."""
    budget = MAX_DOCUMENT_LENGTH
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        node, where, depth = stack.pop()
        kind = type(node)
        if kind is dict:
            items: Any = node.items()
        elif kind is list or kind is tuple:
            items = enumerate(node)
        else:
            budget -= len(node) if kind is str else 0
            if budget < 0:
                raise _too_large()
            problem = _leaf_problem(node, kind)
            if problem:
                raise InvalidStateError(where, problem)
            continue
        if depth >= MAX_DEPTH:
            raise InvalidStateError(
                where, Text.of(N_("nested deeper than {depth} levels"), depth=MAX_DEPTH)
            )
        budget -= 1 + len(node)
        for key, child in items:
            if kind is dict:
                if type(key) is not str:
                    raise InvalidStateError(
                        where, Text.of(N_("object keys are strings, got {key}"), key=brief(key))
                    )
                budget -= len(key)
                if budget < 0:
                    raise _too_large()
                if _bad_text(key):
                    raise InvalidStateError(
                        where, Text.of(N_("a key that is not valid Unicode text"))
                    )
            stack.append((child, _join(where, key), depth + 1))
        if budget < 0:
            raise _too_large()


def _too_large() -> InvalidStateError:
    return InvalidStateError(
        "",
        Text.of(
            N_("larger than a document of {length} characters could be"),
            length=MAX_DOCUMENT_LENGTH,
        ),
    )


def get_object(
    value: Any,
    path: str,
    *,
    required: Collection[str] = (),
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """Check that ``value`` is an object with exactly the allowed keys.

    Values are checked by exact type here and in the other readers of this
    module (a ``dict``, a ``list``, a ``str``, an ``int``: no subclass, whose
    methods could answer differently each time they are asked), so that a
    reader given a part of a document directly is as safe as `check_tree`
    makes a whole one.

    Args:
        value: The parsed JSON value.
        path: Its field path, for messages.
        required: Keys that must be present.
        optional: Keys that may be present.

    Returns:
        ``value`` itself.

    Raises:
        InvalidStateError: Not an object, a key missing, or an unknown key.
    """
    if type(value) is not dict:
        raise InvalidStateError(
            path, Text.of(N_("expected an object, got {type}"), type=type_name(value))
        )
    check_keys(value, path)
    for key in required:
        if key not in value:
            raise InvalidStateError(path, Text.of(N_("missing field {key}"), key=repr(key)))
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise InvalidStateError(path, Text.of(N_("unknown field {key}"), key=brief(key)))
    return value


def check_keys(value: dict[Any, Any], path: str) -> None:
    """Refuse an object with a key that is not exactly a ``str``, before any key is compared.

    Raises:
        InvalidStateError: Such a key, as an unknown field (naming ``path``).
    """
    for key in value:
        if type(key) is not str:
            raise InvalidStateError(path, Text.of(N_("unknown field {key}"), key=brief(key)))


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def get_int(
    obj: Mapping[str, Any], key: str, path: str, lo: int | None = None, hi: int | None = None
) -> int:
    """Read an integer field (not a bool, not a float) within ``lo..hi``."""
    value = obj[key]
    return check_int(value, _join(path, key), lo, hi)


def get_opt_int(
    obj: Mapping[str, Any], key: str, path: str, lo: int | None = None, hi: int | None = None
) -> int | None:
    """Read an integer field that may be ``null``."""
    return None if obj[key] is None else get_int(obj, key, path, lo, hi)


def get_bool(obj: Mapping[str, Any], key: str, path: str) -> bool:
    """Read a boolean field."""
    value = obj[key]
    if not isinstance(value, bool):
        raise InvalidStateError(
            _join(path, key),
            Text.of(N_("expected true or false, got {type}"), type=type_name(value)),
        )
    return value


def get_str(
    obj: Mapping[str, Any], key: str, path: str, choices: Collection[str] | None = None
) -> str:
    """Read a string field, optionally one of ``choices``."""
    value = obj[key]
    if type(value) is not str:
        expected = Text.of(N_("expected a string, got {type}"), type=type_name(value))
        raise InvalidStateError(_join(path, key), expected)
    if choices is not None and value not in choices:
        options = ", ".join(repr(c) for c in choices)
        wrong = Text.of(N_("{value} is not one of {options}"), value=brief(value), options=options)
        raise InvalidStateError(_join(path, key), wrong)
    return value


def get_list(
    obj: Mapping[str, Any],
    key: str,
    path: str,
    item: Callable[[Any, str], T],
    *,
    length: int | None = None,
    max_length: int | None = None,
) -> tuple[T, ...]:
    """Read an array field, converting each item with ``item(value, item_path)``."""
    value = obj[key]
    p = _join(path, key)
    return check_list(value, p, item, length=length, max_length=max_length)


def get_players(
    doc: Mapping[str, Any], item: Callable[[Any, str], T], max_length: int = MAX_PLAYERS
) -> tuple[T, ...]:
    """Read a state document's ``players``: 1 to ``max_length`` of them, each by ``item``.

    Raises:
        InvalidStateError: Not such an array, or no player (path ``players``).
    """
    players = get_list(doc, "players", "", item, max_length=max_length)
    if not players:
        raise InvalidStateError("players", N_("at least 1 player is needed"))
    return players


def check_faces(value: Any, path: str, lo: int, hi: int, max_length: int) -> tuple[int, ...]:
    """Check a sorted array of die faces within ``lo..hi``."""
    faces = check_list(value, path, lambda v, p: check_int(v, p, lo, hi), max_length=max_length)
    if list(faces) != sorted(faces):
        raise InvalidStateError(path, N_("dice are stored sorted"))
    return faces


def check_list(
    value: Any,
    path: str,
    item: Callable[[Any, str], T],
    *,
    length: int | None = None,
    max_length: int | None = None,
) -> tuple[T, ...]:
    """Check that ``value`` is an array (exactly a ``list``) and convert each item."""
    if type(value) is not list:
        raise InvalidStateError(
            path, Text.of(N_("expected an array, got {type}"), type=type_name(value))
        )
    if length is not None and len(value) != length:
        wrong = Text.of(N_("expected {length} items, got {count}"), length=length, count=len(value))
        raise InvalidStateError(path, wrong)
    if max_length is not None and len(value) > max_length:
        many = Text.of(
            N_("at most {most} items allowed, got {count}"), most=max_length, count=len(value)
        )
        raise InvalidStateError(path, many)
    return tuple(item(v, _join(path, i)) for i, v in enumerate(value))


def read_document(
    text: str | bytes,
    fmt: str,
    version: int,
    required: Collection[str],
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """Parse a state document and check its header: `loads`, then `read_header`.

    Raises:
        InvalidStateError: Not JSON, not such an object, or another format or version.
    """
    return read_header(loads(text), fmt, version, required, optional)


def read_header(
    doc: Any,
    fmt: str,
    version: int,
    required: Collection[str],
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """Check a state document's header: an object, its ``format`` and ``version``.

    ``doc`` is parsed text (`loads`) or a dict that passed `check_tree`.

    Args:
        doc: The document.
        fmt: The ``format`` tag the document must carry.
        version: The only ``version`` read.
        required: Every key the object must have.
        optional: Keys it may have besides (no others are allowed).

    Returns:
        The document's top-level object.

    Raises:
        InvalidStateError: Not such an object, or another format or version.
    """
    obj = get_object(doc, "", required=required, optional=optional)
    if obj["format"] != fmt:
        wrong = Text.of(
            N_("expected {expected}, got {value}"), expected=repr(fmt), value=brief(obj["format"])
        )
        raise InvalidStateError("format", wrong)
    get_int(obj, "version", "", version, version)
    return obj
