"""The score sheet of any box-sheet game (the rows its `GAME.drawing` gives), like the paper one.

Internal: `kniffel_rules.svg.sheet` imports it when called. One column per
player (the player to move shaded), the game's rows (``GAME.drawing``: the
boxes in sheet order with their names in the chosen language, the upper sum,
bonus and totals); below, the turn strip with the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kniffel_rules._common import with_shown_names
from kniffel_rules._dicegame import Phase
from kniffel_rules.lang import Lang
from kniffel_rules.svg._draw import HIGHLIGHT, INK, Canvas, fit_name, short
from kniffel_rules.svg._turn import STRIP_HEIGHT, turn_strip

__all__ = ["draw_sheet", "sheet_svg"]

_MARGIN: Final = 12
_LABEL_WIDTH: Final = 190
_COLUMN: Final = 92
_ROW: Final = 24
_HEADER: Final = 30
_SUM_FILL: Final = "#eeeeee"

# A row of the sheet: its text, each player's value ("" while open), whether it is a sum.
_Line = tuple[str, tuple[str, ...], bool]


def _table(
    canvas: Canvas, top: float, names: Sequence[str], lines: Sequence[_Line], mover: int | None
) -> None:
    players = len(names)
    left = _MARGIN
    width = _LABEL_WIDTH + _COLUMN * players
    if mover is not None:
        canvas.rect(
            left + _LABEL_WIDTH + _COLUMN * mover,
            top,
            _COLUMN,
            _HEADER + _ROW * len(lines),
            fill=HIGHLIGHT,
            stroke=None,
        )
    for i, who in enumerate(names):
        cx = left + _LABEL_WIDTH + _COLUMN * (i + 0.5)
        shown = fit_name(lambda n: n, who, _COLUMN - 4, 12)
        canvas.text(cx, top + 20, shown, size=12, anchor="middle", bold=True)
    y = top + _HEADER
    for text, values, is_sum in lines:
        if is_sum:
            canvas.rect(left, y, _LABEL_WIDTH, _ROW, fill=_SUM_FILL, stroke=None)
        canvas.text(left + 6, y + 17, short(text, 24), size=13, bold=is_sum)
        for i, value in enumerate(values):
            cx = left + _LABEL_WIDTH + _COLUMN * (i + 0.5)
            canvas.text(cx, y + 17, value, size=13, anchor="middle", bold=is_sum)
        canvas.line(left, y, left + width, y)
        y += _ROW
    canvas.rect(left, top, width, _HEADER + _ROW * len(lines), stroke=INK, width=1.5)
    for i in range(players + 1):
        x = left + _LABEL_WIDTH + _COLUMN * i
        canvas.line(x, top, x, y, stroke=INK if i == 0 else "#888888")


def draw_sheet(game: Any, view: Any, lang: Lang, size: int | None) -> str:
    """The SVG of a box-sheet game's `State` or `Observation` (``game`` its module).

    The rows, the title and the turn strip's options are the game's own
    (``game.GAME.drawing``, a `kniffel_rules._dicerender.SheetDrawing`).

    Raises:
        InvalidStateError: ``view`` is not the game's.
    """
    drawn = game.GAME.drawing(view, lang)
    state = with_shown_names(drawn.state, lang, game.GAME.default_names)
    winners = game.winners(state) if game.is_terminal(state) else None
    return sheet_svg(drawn.title, state, drawn.rows, winners, lang, size, **drawn.strip)


def sheet_svg(title: str, view: Any, lines: Sequence[_Line], winners: Sequence[int] | None,
              lang: Lang, size: int | None, **strip: Any) -> str:  # fmt: skip
    """A box sheet's picture: the title, the table of ``lines`` and the turn strip.

    Args:
        title: The heading.
        view: The state drawn (``names``, ``phase``, ``player`` and the turn strip's fields).
        lines: The table's rows: label, one value per player, whether a sum row.
        winners: The winners of a finished game, ``None`` while it runs.
        lang: The language of the strip's words.
        size: The width in pixels; ``None``: natural size.
        **strip: More arguments of `kniffel_rules.svg._turn.turn_strip` (``max_rolls``, dice ...).
    """
    names = view.names
    mover = None if winners is not None or view.phase is Phase.ROLL_OFF else view.player
    width = 2 * _MARGIN + _LABEL_WIDTH + _COLUMN * max(len(names), 2)
    table_top = 44.0
    table_height = _HEADER + _ROW * len(lines)
    canvas = Canvas(width, table_top + table_height + 16 + STRIP_HEIGHT + _MARGIN)
    canvas.text(_MARGIN, 28, title, size=18, bold=True)
    _table(canvas, table_top, names, lines, mover)
    turn_strip(canvas, _MARGIN, table_top + table_height + 12, view,
               winners=winners or (), lang=lang, **strip)  # fmt: skip
    return canvas.to_svg(size, title)
