"""Helpers for reading untrusted JSON: every failure names the field path.

Shared by every game's ``from_json`` and by the score-sheet readers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from kniffel_rules._fields import check_int, type_name
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_DEPTH, MAX_DOCUMENT_LENGTH

T = TypeVar("T")

__all__ = [
    "check_faces",
    "check_int",
    "check_list",
    "check_tree",
    "dumps",
    "get_bool",
    "get_int",
    "get_list",
    "get_object",
    "get_opt_int",
    "get_str",
    "loads",
]


def dumps(doc: Mapping[str, Any]) -> str:
    """Serialise a document compactly and deterministically."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(f"the key {brief(key)} appears twice in one object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str | bytes | bytearray) -> Any:
    """Parse untrusted JSON text; any failure is an `InvalidStateError`.

    Beyond the JSON grammar it refuses what no document of the library holds:
    text longer than `limits.MAX_DOCUMENT_LENGTH`, nesting deeper than
    `limits.MAX_DEPTH`, a key twice in one object, ``NaN`` and ``Infinity``,
    and strings that cannot be written as UTF-8 (lone surrogates).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidStateError("", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_LENGTH:
        raise InvalidStateError("", f"the document is longer than {MAX_DOCUMENT_LENGTH} characters")
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _DuplicateKey as exc:
        raise InvalidStateError("", str(exc)) from None
    except RecursionError:  # nested far deeper than any document of the library
        raise InvalidStateError("", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise InvalidStateError("", f"not valid JSON ({exc})") from None
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
    """Check a parsed document (or a dict given directly) before reading it.

    Iterative, so that no nesting reaches Python's recursion limit: the
    nesting is at most `limits.MAX_DEPTH`, object keys are strings, and every
    string can be written as UTF-8.

    Raises:
        InvalidStateError: Naming the path of the first offending node.
    """
    try:
        if _tree_ok(value, 0):
            return  # the common case: no path is built
    except RecursionError:  # a deep call stack already: the iterative walk decides
        pass
    _check_tree_paths(value, path)


_STR = {str}
_LEAVES = frozenset({int, bool, float, type(None)})
_TEXT = frozenset({str})


def _tree_ok(node: Any, depth: int) -> bool:
    """True when `check_tree` finds nothing in ``node`` at ``depth`` (no paths built)."""
    if isinstance(node, str):
        return node.isascii() or not _bad_text(node)
    if isinstance(node, dict):
        if depth >= MAX_DEPTH:
            return False
        if set(map(type, node)) != _STR or not "".join(node).isascii():
            for key in node:
                if not isinstance(key, str) or (not key.isascii() and _bad_text(key)):
                    return False
        children: Any = node.values()
    elif isinstance(node, (list, tuple)):
        if depth >= MAX_DEPTH:
            return False
        children = node
    else:
        return True
    kinds = set(map(type, children))
    if kinds <= _LEAVES:
        return True  # numbers, booleans and nulls only
    if kinds <= _TEXT and "".join(children).isascii():
        return True
    depth += 1
    for child in children:
        kind = type(child)
        if kind is int or kind is bool or kind is float or child is None:
            continue
        if kind is str:
            if not child.isascii() and _bad_text(child):
                return False
        elif not _tree_ok(child, depth):
            return False
    return True


def _check_tree_paths(value: Any, path: str) -> None:
    """`check_tree`'s walk naming the path of the first offending node."""
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        node, where, depth = stack.pop()
        if isinstance(node, str):
            if _bad_text(node):
                raise InvalidStateError(where, "a string that is not valid Unicode text")
            continue
        if isinstance(node, dict):
            items: Any = node.items()
        elif isinstance(node, (list, tuple)):
            items = enumerate(node)
        else:
            continue
        if depth >= MAX_DEPTH:
            raise InvalidStateError(where, f"nested deeper than {MAX_DEPTH} levels")
        for key, child in items:
            if isinstance(node, dict):
                if not isinstance(key, str):
                    raise InvalidStateError(where, f"object keys are strings, got {brief(key)}")
                if _bad_text(key):
                    raise InvalidStateError(where, "a key that is not valid Unicode text")
            stack.append((child, _join(where, key), depth + 1))


def get_object(
    value: Any,
    path: str,
    *,
    required: Collection[str] = (),
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """Check that ``value`` is an object with exactly the allowed keys.

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
    if not isinstance(value, dict):
        raise InvalidStateError(path, f"expected an object, got {type_name(value)}")
    for key in required:
        if key not in value:
            raise InvalidStateError(path, f"missing field {key!r}")
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise InvalidStateError(path, f"unknown field {brief(key)}")
    return value


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
            _join(path, key), f"expected true or false, got {type_name(value)}"
        )
    return value


def get_str(
    obj: Mapping[str, Any], key: str, path: str, choices: Collection[str] | None = None
) -> str:
    """Read a string field, optionally one of ``choices``."""
    value = obj[key]
    if not isinstance(value, str):
        raise InvalidStateError(_join(path, key), f"expected a string, got {type_name(value)}")
    if choices is not None and value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise InvalidStateError(_join(path, key), f"{brief(value)} is not one of {options}")
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


def check_faces(value: Any, path: str, lo: int, hi: int, max_length: int) -> tuple[int, ...]:
    """Check a sorted array of die faces within ``lo..hi``."""
    faces = check_list(value, path, lambda v, p: check_int(v, p, lo, hi), max_length=max_length)
    if list(faces) != sorted(faces):
        raise InvalidStateError(path, "dice are stored sorted")
    return faces


def check_list(
    value: Any,
    path: str,
    item: Callable[[Any, str], T],
    *,
    length: int | None = None,
    max_length: int | None = None,
) -> tuple[T, ...]:
    """Check that ``value`` is an array and convert each item."""
    if not isinstance(value, list):
        raise InvalidStateError(path, f"expected an array, got {type_name(value)}")
    if length is not None and len(value) != length:
        raise InvalidStateError(path, f"expected {length} items, got {len(value)}")
    if max_length is not None and len(value) > max_length:
        raise InvalidStateError(path, f"at most {max_length} items allowed, got {len(value)}")
    return tuple(item(v, _join(path, i)) for i, v in enumerate(value))


def read_document(
    text: str | bytes,
    fmt: str,
    version: int,
    required: Collection[str],
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """Parse a state document and check its header: an object, its ``format`` and ``version``.

    Args:
        text: The JSON text.
        fmt: The ``format`` tag the document must carry.
        version: The only ``version`` read.
        required: Every key the object must have.
        optional: Keys it may have besides (no others are allowed).

    Returns:
        The document's top-level object.

    Raises:
        InvalidStateError: Not JSON, not such an object, or another format or version.
    """
    doc = get_object(loads(text), "", required=required, optional=optional)
    if doc["format"] != fmt:
        raise InvalidStateError("format", f"expected {fmt!r}, got {brief(doc['format'])}")
    get_int(doc, "version", "", version, version)
    return doc
