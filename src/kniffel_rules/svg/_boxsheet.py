"""The score sheet of any box-sheet dice game (`kniffel_rules._boxgame`), drawn like the paper one.

Internal: `kniffel_rules.svg.render` draws it for a game whose ``INFO.picture``
is ``"box_sheet"``. The rows are the game's own (``GAME.rows``: its boxes in
its labels, the sums, the bonus and the totals); the layout is the classic
sheet's: one column per player, the player to move shaded, the turn strip below.
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicegame import Phase
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.svg._draw import Canvas, check_size
from kniffel_rules.svg._sheet import _COLUMN, _HEADER, _LABEL_WIDTH, _MARGIN, _ROW, _table
from kniffel_rules.svg._turn import STRIP_HEIGHT, turn_strip

__all__ = ["draw_box_sheet"]


def draw_box_sheet(game: Any, view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """The SVG of a box-sheet game's ``State`` or ``Observation`` (``game`` its module).

    Raises:
        InvalidStateError: ``view`` is not of the game, a bad ``lang`` or ``size``.
    """
    lang, size = check_lang(lang), check_size(size)
    state = game.GAME.view_state(view)
    lines = [  # an open box is left blank, as on paper
        (label, tuple("" if v == "-" and not is_sum else v for v in values), is_sum)
        for label, values, is_sum in game.GAME.rows(state, lang)
    ]
    over = game.is_terminal(state)
    mover = None if over or state.phase is Phase.ROLL_OFF else state.player
    names = state.names
    width = 2 * _MARGIN + _LABEL_WIDTH + _COLUMN * max(len(names), 2)
    table_top = 44.0
    table_height = _HEADER + _ROW * len(lines)
    canvas = Canvas(width, table_top + table_height + 16 + STRIP_HEIGHT + _MARGIN)
    title = game.INFO.title(lang)
    canvas.text(_MARGIN, 28, title, size=18, bold=True)
    _table(canvas, table_top, names, lines, mover)
    turn_strip(
        canvas,
        _MARGIN,
        table_top + table_height + 12,
        state,
        winners=game.winners(state) if over else (),
        lang=lang,
    )
    return canvas.to_svg(size, title)
