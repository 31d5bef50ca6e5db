"""Yatzy score sheets: verify one (`verify_sheet`) or write one from a game (`write_sheet`).

The format is classic's (``docs/sheets.md``) with Yatzy's box keys and no
extra bonus or series: one game per player, a turn recorded as
``{"box": "two_pairs", "rolls": [{"dice": [..]}, {"keep": [..], "dice": [..]}]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from kniffel_rules._boxpaper import sheet_spec, sheet_writer
from kniffel_rules._boxsheetcheck import Report, SheetSpec, SheetVerifier
from kniffel_rules.yatzy.engine import GAME
from kniffel_rules.yatzy.pieces import Rules

__all__ = ["verify_sheet", "write_sheet"]

_IDS: Final = {"bonus": "YA-08", "totals": "YA-18", "filled": "YA-06", "games": "YA-18",
               "series": "YA-18", "placement": "YA-18", "keep": "YA-04"}  # fmt: skip


@lru_cache(maxsize=16)
def _spec(rules: Rules) -> SheetSpec:
    """The sheet description the shared checker (`kniffel_rules._boxsheetcheck`) uses."""
    return sheet_spec(GAME, rules, GAME.box_ids, _IDS)


_VERIFIER: Final = SheetVerifier("yatzy", lambda doc: _spec(Rules.from_dict(doc)))

verify_checked = _VERIFIER.verify_checked
"""`verify_sheet` of a dict `kniffel_rules.sheets.read_document` has read already."""


def verify_sheet(doc: Mapping[str, Any] | str | bytes) -> Report:
    """Verify a Yatzy score sheet and report every problem.

    Without recorded turns each box is checked to hold a value it can hold;
    with them the turns are replayed and every box checked against the
    dice. The sums, the bonus (YA-08) and the totals (YA-18) are checked
    either way.

    Args:
        doc: The sheet, as a dict or JSON text.

    Returns:
        The report; ``report.ok`` is True for a right sheet.

    Raises:
        InvalidStateError: The document is malformed; the message names the field.

    Examples:
        >>> from kniffel_rules import yatzy
        >>> sheet = {"variant": "yatzy", "players": [{"name": "Ann", "games": [{"two_pairs": 9}]}]}
        >>> [(f.field, f.rule) for f in yatzy.verify_sheet(sheet).findings]
        [('two_pairs', 'YA-10')]
    """
    return _VERIFIER.verify(doc)


write_sheet = sheet_writer(GAME)
"""The score sheet of a recorded Yatzy game, which `verify_sheet` accepts without findings."""
