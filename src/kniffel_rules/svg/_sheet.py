"""The score sheet of classic Kniffel and Kniffel Extreme, drawn like the paper one.

Internal: `kniffel_rules.svg.sheet` imports it when called. One column per
player (the player to move shaded), the boxes in sheet order with their
names in the chosen language, the upper sum, bonus and totals; below, the
turn strip with the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kniffel_rules import classic, extreme
from kniffel_rules._dicegame import Phase
from kniffel_rules.classic.pieces import sheet_boxes
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.pieces import LOWER, UPPER
from kniffel_rules.lang import Lang
from kniffel_rules.svg._draw import HIGHLIGHT, INK, Canvas, short
from kniffel_rules.svg._turn import STRIP_HEIGHT, turn_strip
from kniffel_rules.svg._words import name, say

__all__ = ["draw_sheet", "sheet_svg"]

_MARGIN: Final = 12
_LABEL_WIDTH: Final = 190
_COLUMN: Final = 92
_ROW: Final = 24
_HEADER: Final = 30
_SUM_FILL: Final = "#eeeeee"

# A row of the sheet: its text, each player's value ("" while open), whether it is a sum.
_Line = tuple[str, tuple[str, ...], bool]


def _value(value: int | None) -> str:
    return "" if value is None else str(value)


def _classic_lines(state: classic.State, lang: Lang) -> list[_Line]:
    rules = state.rules
    boxes = sheet_boxes(rules)
    sheets = state.sheets
    lines: list[_Line] = []
    for box in boxes:
        if box.face is not None:
            lines.append((name(box, lang), tuple(_value(s[box]) for s in sheets), False))
    lines.append((say("upper_sum", lang), tuple(str(s.upper_sum) for s in sheets), True))
    lines.append((say("bonus", lang), tuple(str(s.upper_bonus(rules)) for s in sheets), True))
    lines.append((say("upper_total", lang), tuple(str(s.upper_total(rules)) for s in sheets), True))
    for box in boxes:
        if box.face is None:
            lines.append((name(box, lang), tuple(_value(s[box]) for s in sheets), False))
    lines.append((say("lower_total", lang), tuple(str(s.lower_total(rules)) for s in sheets), True))
    if rules.extra_kniffel_bonus and not rules.croatian:
        lines.append((say("extra_bonus", lang), tuple(str(s.extra_bonus) for s in sheets), True))
    lines.append((say("total", lang), tuple(str(s.total(rules)) for s in sheets), True))
    if rules.games > 1:
        lines.append((say("score", lang), tuple(str(v) for v in classic.scores(state)), True))
    return lines


def _extreme_lines(state: extreme.State, lang: Lang) -> list[_Line]:
    rules = state.rules
    sheets = state.sheets
    lines: list[_Line] = [
        (name(box, lang), tuple(_value(s[box]) for s in sheets), False) for box in UPPER
    ]
    lines.append((say("upper_sum", lang), tuple(str(s.upper_sum) for s in sheets), True))
    lines.append((say("bonus", lang), tuple(str(s.upper_bonus(rules)) for s in sheets), True))
    lines.append((say("upper_total", lang), tuple(str(s.upper_total(rules)) for s in sheets), True))
    lines.extend(
        (name(box, lang), tuple(_value(s[box]) for s in sheets), False) for box in LOWER
    )
    lines.append((say("lower_total", lang), tuple(str(s.lower_total) for s in sheets), True))
    lines.append((say("total", lang), tuple(str(s.total(rules)) for s in sheets), True))
    lines.append((say("chips", lang), tuple(str(s.chips) for s in sheets), True))
    return lines


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
        canvas.text(cx, top + 20, short(who, 10), size=12, anchor="middle", bold=True)
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


def draw_sheet(view: Any, lang: Lang, size: int | None) -> str:
    """The SVG of a classic or Extreme `State` or `Observation`.

    Raises:
        InvalidStateError: ``view`` is neither.
    """
    if isinstance(view, (classic.Observation, extreme.Observation)):
        view = view.state
    if isinstance(view, classic.State):
        game: Any = classic
        lines = _classic_lines(view, lang)
        title = classic.INFO.title("de")  # the published title, in every language
        if view.rules.games > 1:
            shown = min(view.game + 1, view.rules.games)
            of = f"{say('game', lang)} {shown} {say('of', lang)} {view.rules.games}"
            title = f"{title} \u00b7 {of}"
        d6: tuple[int, ...] = view.dice
        d10 = None
        max_rolls = 3
    elif isinstance(view, extreme.State):
        game = extreme
        lines = _extreme_lines(view, lang)
        title = extreme.INFO.title("de")
        d6, d10 = view.d6, view.d10
        max_rolls = 3 if view.rolls < 4 else 4
        if view.rolls >= 3 and view.sheets[view.player].chips:
            max_rolls = 4
    else:
        raise InvalidStateError(
            "view", f"expected a classic or Extreme State or Observation, got {type(view).__name__}"
        )
    over = game.is_terminal(view)
    return sheet_svg(
        title, view, lines, game.winners(view) if over else None, lang, size,
        max_rolls=max_rolls, total=5 if game is classic else 6, d6=d6, d10=d10,
    )  # fmt: skip


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
