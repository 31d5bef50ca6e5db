"""Classic Kniffel's sheets as rows: what its text picture and its SVG score sheet show.

The boxes in sheet order with their labels, the upper sum, the bonus with
its threshold, the extra-Kniffel bonus where the rules have it, the totals;
in a series, each finished game's totals and the series score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kniffel_rules._dicerender import WORDS, Row, SheetDrawing, sheet_drawing, sheet_rows
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._labels import word
from kniffel_rules.classic.pieces import Box, layout, sheet_boxes
from kniffel_rules.classic.state import State
from kniffel_rules.lang import Lang

__all__ = ["drawing", "sheet_rows_of"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "extra": N_("Kniffel bonus"),
        "finished": N_("Game {n}"),
        "series": N_("Series score"),
    }
)


def sheet_rows_of(state: State, lang: Lang, series: Sequence[int]) -> list[Row]:
    """The rows of every player's sheet in ``lang`` (``series``: each player's series score)."""
    rules = state.rules
    extra = (_WORDS["extra"][lang], [s.extra_bonus for s in state.sheets])
    entries = [s.entries for s in state.sheets]
    rows = sheet_rows(layout(rules), sheet_boxes(rules), entries, lang, extra)
    if rules.games > 1:
        for g, result in enumerate(state.results):
            rows.append((_WORDS["finished"][lang].format(n=g + 1), [str(t) for t in result]))
        rows.append((_WORDS["series"][lang], [str(t) for t in series]))
    return rows


def drawing(state: State, lang: Lang, title: str, series: Sequence[int]) -> SheetDrawing:
    """The SVG score sheet's content: the rows, and the series game after ``title``."""
    rules = state.rules
    if rules.games > 1:
        shown = min(state.game + 1, rules.games)
        title = f"{title} \u00b7 {word(WORDS, 'game_of', lang).format(n=shown, m=rules.games)}"
    return sheet_drawing(title, state, sheet_rows_of(state, lang, series), list(Box), lang)
