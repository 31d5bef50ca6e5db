"""Documents broken at random, for the tests of refusals (one value replaced, removed or added)."""

from __future__ import annotations

import copy
import random
from typing import Any

JUNK: tuple[Any, ...] = ("x", [], {}, 10**7, -5, None, 1.5, True)
"""The values put in place of a document's value."""


def spots(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a JSON document, depth first."""
    out: list[tuple[Any, Any]] = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for key, value in items:
        out.append((doc, key))
        if isinstance(value, (dict, list)):
            out += spots(value)
    return out


def paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (keys and indexes), the document's own ``()`` first."""
    found = [at]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += paths(value, (*at, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += paths(value, (*at, i))
    return found


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``doc`` with the part at ``path`` replaced by ``value`` (``()``: ``value``)."""
    if not path:
        return value
    new = copy.deepcopy(doc)
    node = new
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return new


def broken(doc: Any, rng: random.Random, *, reshape: bool = True) -> Any:
    """``doc`` with one value replaced by junk (``reshape``: or removed, or joined by a new key)."""
    node, key = rng.choice(spots(doc))
    bad: Any = rng.choice([*JUNK, "[delete]", "[unknown]"] if reshape else JUNK)
    if bad == "[delete]" and isinstance(node, dict):
        del node[key]
    elif bad == "[unknown]" and isinstance(node, dict):
        node["zzz"] = 1
    else:
        node[key] = "x" if bad in ("[delete]", "[unknown]") else bad
    return doc
