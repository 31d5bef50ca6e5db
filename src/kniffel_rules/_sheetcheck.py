"""The box-sheet kit as the sheet layer knew it: the names of `kniffel_rules._boxsheetcheck`.

The kit moved to the core (``_boxsheetcheck``) so that the games use it
without importing the sheet layer; this module keeps the names the tests
and the sheet layer read.
"""

from __future__ import annotations

from kniffel_rules._boxsheetcheck import (
    DERIVED,
    FACE_TUPLES,
    BoxInfo,
    Replay,
    SheetSpec,
    box_names,
    check,
    key_named,
    placement_points,
    plain_faces,
    spec_cache,
    verify_document,
    verify_read,
)

__all__ = [
    "DERIVED",
    "FACE_TUPLES",
    "BoxInfo",
    "Replay",
    "SheetSpec",
    "box_names",
    "check",
    "key_named",
    "placement_points",
    "plain_faces",
    "spec_cache",
    "verify_document",
    "verify_read",
]
