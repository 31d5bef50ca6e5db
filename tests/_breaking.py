"""Documents broken at random, for the tests of refusals (one value replaced, removed or added)."""

from __future__ import annotations

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
