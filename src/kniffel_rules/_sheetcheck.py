"""The box-sheet kit's names as the sheet layer knew them (`kniffel_rules._boxsheetcheck`).

The kit moved to the core, so that the games use it without importing the
sheet layer; the derived fields' names stay readable here.
"""

from __future__ import annotations

from kniffel_rules._boxsheetcheck import DERIVED

__all__ = ["DERIVED"]
