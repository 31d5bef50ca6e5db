"""Kniffel Master's boards: tasks with stars, number rows with markers, the coin row.

Internal: `kniffel_rules.svg.master_sheet` imports it when called. One panel
per player (two to a line), the player to move shaded; below, the turn strip.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import master
from kniffel_rules._common import with_shown_names
from kniffel_rules._dicegame import Phase
from kniffel_rules._text import type_name
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang
from kniffel_rules.master.pieces import ROW_LENGTH
from kniffel_rules.svg._draw import HIGHLIGHT, INK, Canvas, fit_name, short, text_width
from kniffel_rules.svg._turn import STRIP_HEIGHT, turn_strip
from kniffel_rules.svg._words import name, say

__all__ = ["draw_master"]

_MARGIN: Final = 12
_PANEL_W: Final = 330
_PANEL_H: Final = 430
_GAP: Final = 14
_CELL: Final = 24
_PER_LINE: Final = 2
_MARKER: Final = "#3a6fd8"
_PASSED: Final = "#dbe8ff"


def _panel(
    canvas: Canvas, x: float, y: float, sheet: master.Sheet, who: str, lang: Lang, moving: bool
) -> None:
    canvas.rect(
        x,
        y,
        _PANEL_W,
        _PANEL_H,
        fill=HIGHLIGHT if moving else "#ffffff",
        stroke=INK,
        width=1.5,
        rx=6,
    )
    # right to left: the word, the number of stars, a star; the name in what is left
    right = x + _PANEL_W - 10
    label = say("stars", lang)
    canvas.text(right, y + 24, label, size=11, anchor="end")
    right -= text_width(label, 11) + 4
    canvas.text(right, y + 24, f"{sheet.stars}", size=15, bold=True, anchor="end")
    right -= text_width(f"{sheet.stars}", 15) + 12
    canvas.star(right, y + 19, 8, filled=True)
    shown = fit_name(lambda n: n, who, right - 12 - (x + 10), 15)
    canvas.text(x + 10, y + 24, shown, size=15, bold=True)
    # the tasks, each with as many stars as it earns
    top = y + 50
    canvas.text(x + 10, top, say("tasks", lang), size=12, bold=True)
    for i, task in enumerate(master.Task):
        row_y = top + 8 + i * 20
        canvas.text(x + 10, row_y + 14, short(name(task, lang), 26), size=12)
        for k in range(task.stars):
            canvas.star(x + _PANEL_W - 20 - k * 18, row_y + 9, 7, filled=sheet.has_task(task))
    # the number rows: 8 spaces each, the marker where it stands, a star once complete
    top = y + 190
    free = sheet.free_markers
    canvas.text(x + 10, top, say("rows", lang), size=12, bold=True)
    canvas.text(x + _PANEL_W - 10, top, f"{say('markers', lang)}: {free}", size=11, anchor="end")
    for face in range(1, 7):
        row_y = top + 8 + (face - 1) * (_CELL + 3)
        canvas.die(x + 10, row_y, _CELL - 2, face)
        spaces = sheet.row(face)
        for cell in range(ROW_LENGTH):
            cx = x + 44 + cell * _CELL
            canvas.rect(
                cx, row_y, _CELL - 2, _CELL - 2, fill=_PASSED if cell < spaces else "#ffffff", rx=3
            )
        if 0 < spaces < ROW_LENGTH:
            cx = x + 44 + (spaces - 1) * _CELL + (_CELL - 2) / 2
            canvas.circle(cx, row_y + (_CELL - 2) / 2, 7, fill=_MARKER, stroke=INK)
        elif spaces >= ROW_LENGTH:
            canvas.star(x + 44 + ROW_LENGTH * _CELL + 12, row_y + 11, 9, filled=True)
    # the coin row: the current lap's spaces, the marker, the laps done as stars
    top = y + 370
    lap = sheet.lap_length
    canvas.text(x + 10, top, say("coins", lang), size=12, bold=True)
    canvas.text(
        x + _PANEL_W - 10, top, f"{say('lap', lang)} {sheet.coin_laps + 1}", size=11, anchor="end"
    )
    row_y = top + 8
    for cell in range(lap):
        cx = x + 10 + cell * _CELL
        canvas.rect(
            cx,
            row_y,
            _CELL - 2,
            _CELL - 2,
            fill=_PASSED if cell < sheet.coin_position else "#ffffff",
            rx=11,
        )
    if sheet.coin_position:
        cx = x + 10 + (sheet.coin_position - 1) * _CELL + (_CELL - 2) / 2
        canvas.circle(cx, row_y + (_CELL - 2) / 2, 7, fill="#d4a017", stroke=INK)
    stars_x = x + 10 + ROW_LENGTH * _CELL + 14
    if sheet.coin_laps <= 6:  # a star for each lap
        for k in range(sheet.coin_laps):
            canvas.star(stars_x + k * 18, row_y + 11, 7, filled=True)
    else:  # more do not fit: one star and the count beside it
        canvas.star(stars_x, row_y + 11, 7, filled=True)
        canvas.text(stars_x + 11, row_y + 16, f"\u00d7{sheet.coin_laps}", size=11)


def draw_master(view: Any, lang: Lang, size: int | None) -> str:
    """The SVG of a Master `State` or `Observation`.

    Raises:
        InvalidStateError: ``view`` is neither.
    """
    if isinstance(view, master.Observation):
        view = view.state
    if not isinstance(view, master.State):
        raise InvalidStateError(
            "view", f"expected a Master State or Observation, got {type_name(view)}"
        )
    view = with_shown_names(view, lang)
    players = len(view.names)
    lines = (players + _PER_LINE - 1) // _PER_LINE
    across = min(players, _PER_LINE)
    width = 2 * _MARGIN + across * _PANEL_W + (across - 1) * _GAP
    top = 44.0
    height = top + lines * (_PANEL_H + _GAP) + STRIP_HEIGHT + _MARGIN
    canvas = Canvas(width, height)
    title = master.INFO.title("de")  # the published title, in every language
    canvas.text(_MARGIN, 28, title, size=18, bold=True)
    over = master.is_terminal(view)
    mover = None if over or view.phase is Phase.ROLL_OFF else view.player
    for i, (sheet, who) in enumerate(zip(view.sheets, view.names, strict=True)):
        x = _MARGIN + (i % _PER_LINE) * (_PANEL_W + _GAP)
        y = top + (i // _PER_LINE) * (_PANEL_H + _GAP)
        _panel(canvas, x, y, sheet, who, lang, i == mover)
    turn_strip(
        canvas,
        _MARGIN,
        top + lines * (_PANEL_H + _GAP),
        view,
        winners=master.winners(view) if over else (),
        lang=lang,
    )
    return canvas.to_svg(size, title)
