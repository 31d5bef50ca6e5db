"""Kniffel Extreme's sheets as rows: what its text picture and its SVG score sheet show.

The 22 boxes in sheet order with their labels, the upper sum, the bonus with
its threshold, the totals and the chips left (each buys a fourth roll, EX-04).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kniffel_rules._dicerender import Row, SheetDrawing, sheet_drawing, sheet_rows
from kniffel_rules._i18n import N_, Phrase
from kniffel_rules.extreme.pieces import BOXES, layout
from kniffel_rules.extreme.state import State
from kniffel_rules.lang import Lang

__all__ = ["THROWS", "drawing", "sheet_rows_of"]

THROWS: Final = 3
"""The throws of a turn without a chip (EX-03)."""

_CHIPS: Final[Mapping[Lang, str]] = Phrase(N_("Chips left"))


def sheet_rows_of(state: State, lang: Lang) -> list[Row]:
    """The rows of every player's sheet in ``lang``, the chips left last."""
    entries = [s.entries for s in state.sheets]
    rows = sheet_rows(layout(state.rules), BOXES, entries, lang)
    rows.append((_CHIPS[lang], [str(s.chips) for s in state.sheets]))
    return rows


def drawing(state: State, lang: Lang, title: str) -> SheetDrawing:
    """The SVG score sheet's content: the rows; six dice and the d10 in the turn strip.

    A turn has three throws, four once the third is thrown by a player with a
    chip left (EX-04).
    """
    fourth = state.rolls >= THROWS and state.sheets[state.player].chips > 0
    max_rolls = THROWS + 1 if state.rolls > THROWS or fourth else THROWS
    rows = sheet_rows_of(state, lang)
    return sheet_drawing(title, state, rows, BOXES, lang,
                         max_rolls=max_rolls, total=6, d6=state.d6, d10=state.d10)  # fmt: skip
