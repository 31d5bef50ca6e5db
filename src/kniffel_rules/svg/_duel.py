"""The board of Kniffel: Das Duell: eleven areas, their discs, the holes and the jokers.

Internal: `kniffel_rules.svg.duel_board` imports it when called. Red's side
is drawn at the top, blue's at the bottom; each area is a lane from red's
hole over red's space, the centre line and blue's space to blue's hole
(Kniffel has no spaces). Below the board: each player's jokers and the
supply, then the turn strip.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import duel
from kniffel_rules._common import with_shown_names
from kniffel_rules._dicegame import Phase
from kniffel_rules._text import type_name
from kniffel_rules.duel.pieces import AREAS
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang
from kniffel_rules.svg._draw import HIGHLIGHT, INK, Canvas, fit_name, short
from kniffel_rules.svg._turn import STRIP_HEIGHT, turn_strip
from kniffel_rules.svg._words import name, say

__all__ = ["draw_duel"]

_MARGIN: Final = 12
_LANE: Final = 66
_SLOT: Final = 46
_LABELS_H: Final = 44
_COLOURS: Final = ("#2f6fdf", "#d9342b")  # blue, red, by seat
_TINTS: Final = ("#dce8fb", "#f9dcda")
# the slots of a lane, top to bottom, and the spot each shows
_SLOTS: Final = (
    duel.Spot.RED_HOLE,
    duel.Spot.RED_SPACE,
    duel.Spot.CENTRE,
    duel.Spot.BLUE_SPACE,
    duel.Spot.BLUE_HOLE,
)


def _label(canvas: Canvas, cx: float, y: float, area: duel.Area, lang: Lang) -> None:
    if area.face is not None:
        canvas.die(cx - 13, y + 8, 26, area.face)
        return
    words = name(area, lang).split()
    lines = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2 :])]
    lines = [line for line in lines if line]
    for i, line in enumerate(lines):
        canvas.text(
            cx,
            y + 18 + i * 13 + (6 if len(lines) == 1 else 0),
            short(line, 11),
            size=10.5,
            anchor="middle",
            bold=True,
        )


def _lane(canvas: Canvas, x: float, top: float, area: duel.Area, spot: duel.Spot) -> None:
    cx = x + _LANE / 2
    for i, slot in enumerate(_SLOTS):
        cy = top + _SLOT * (i + 0.5)
        owner = slot.owner
        if slot is duel.Spot.CENTRE:
            canvas.line(x + 4, cy, x + _LANE - 4, cy, stroke=INK, width=2)
        elif slot.secured and owner is not None:
            canvas.circle(cx, cy, 17, fill="#ffffff", stroke=_COLOURS[owner], width=2.5)
        elif area.has_spaces and owner is not None:
            canvas.rect(
                x + 8, cy - 16, _LANE - 16, 32, fill=_TINTS[owner], stroke=_COLOURS[owner], rx=4
            )
        if slot is spot:
            fill = _COLOURS[owner] if slot.secured and owner is not None else "#f4f1e8"
            canvas.circle(cx, cy, 13, fill=fill, stroke=INK, width=1.5)


def _jokers(
    canvas: Canvas,
    x: float,
    y: float,
    seat: int,
    who: str,
    held: int,
    supply: int,
    won: int | None,
    lang: Lang,
    moving: bool,
) -> None:
    width = _LANE * len(AREAS)
    if moving:
        canvas.rect(x, y, width, 26, fill=HIGHLIGHT, stroke=None)
    canvas.circle(x + 10, y + 13, 7, fill=_COLOURS[seat])
    jokers = f" \u00b7 {say('jokers', lang)}: {held}"
    text = fit_name(lambda n: n + jokers, who, 250 - 24 - 6, 13)  # the tiles start at 250
    canvas.text(x + 24, y + 18, text, size=13, bold=True)
    for k in range(held):
        canvas.rect(x + 250 + k * 18, y + 5, 14, 16, fill=_COLOURS[seat], stroke=INK, rx=2)
    tail = f"{say('supply', lang)}: {supply}"
    if won is not None:
        tail = f"{say('games_won', lang)}: {won} \u00b7 {tail}"
    canvas.text(x + width - 6, y + 18, tail, size=12, anchor="end")


def draw_duel(view: Any, lang: Lang, size: int | None) -> str:
    """The SVG of a Duell `State` or `Observation`.

    Raises:
        InvalidStateError: ``view`` is neither.
    """
    if isinstance(view, duel.Observation):
        view = view.state
    if not isinstance(view, duel.State):
        raise InvalidStateError(
            "view", f"expected a Duell State or Observation, got {type_name(view)}"
        )
    view = with_shown_names(view, lang, duel.GAME.default_names)
    width = 2 * _MARGIN + _LANE * len(AREAS)
    board_top = 44.0 + 30
    board_h = _SLOT * len(_SLOTS)
    jokers_top = board_top + _LABELS_H + board_h + 40
    height = jokers_top + 64 + STRIP_HEIGHT + _MARGIN
    canvas = Canvas(width, height)
    title = duel.INFO.title("de")  # the published title, in every language
    canvas.text(_MARGIN, 28, title, size=18, bold=True)
    over = duel.is_terminal(view)
    mover = None if over or view.phase is Phase.ROLL_OFF else view.player
    names = view.names
    # red's name above the board, blue's below, as the players sit
    canvas.circle(_MARGIN + 8, board_top - 14, 6, fill=_COLOURS[1])
    room = width - _MARGIN - (_MARGIN + 20)  # from beside the colour's dot to the edge
    canvas.text(_MARGIN + 20, board_top - 9, fit_name(str, names[1], room, 13), size=13, bold=True)
    lanes_top = board_top + _LABELS_H
    canvas.rect(
        _MARGIN,
        board_top,
        _LANE * len(AREAS),
        _LABELS_H + board_h,
        fill="#fbfaf5",
        stroke=INK,
        width=1.5,
        rx=6,
    )
    for i, (area, spot) in enumerate(zip(AREAS, view.board, strict=True)):
        x = _MARGIN + i * _LANE
        _label(canvas, x + _LANE / 2, board_top, area, lang)
        _lane(canvas, x, lanes_top, area, spot)
        if i:
            canvas.line(x, board_top + 6, x, lanes_top + board_h - 6)
    canvas.circle(_MARGIN + 8, lanes_top + board_h + 18, 6, fill=_COLOURS[0])
    below = lanes_top + board_h + 23
    canvas.text(_MARGIN + 20, below, fit_name(str, names[0], room, 13), size=13, bold=True)
    match = view.rules.match_wins > 1
    won = view.games_won
    for seat in (0, 1):
        _jokers(
            canvas,
            _MARGIN,
            jokers_top + seat * 30,
            seat,
            names[seat],
            view.jokers[seat],
            view.supply[seat],
            won[seat] if match else None,
            lang,
            seat == mover,
        )
    turn_strip(
        canvas,
        _MARGIN,
        jokers_top + 64,
        view,
        winners=duel.winners(view) if over else (),
        lang=lang,
    )
    return canvas.to_svg(size, title)
