"""The card game from one player's view: the boards, the display, the pile, one hand.

Internal: `kniffel_rules.svg.card_board` imports it when called. One panel
per player (two to a line): the board's five rows with their levels, the
tokens on them and the row's value, the reserve and the active area, the
number of cards in hand. Only an `Observation` shows a hand, its own
player's, face up; a `State` shows no hand at all. Every card drawn carries
its name as its ``<title>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kniffel_rules import cards
from kniffel_rules._common import shown_names
from kniffel_rules._text import type_name
from kniffel_rules._types import TERMINAL
from kniffel_rules.cards.engine import stand_in
from kniffel_rules.cards.pieces import ROWS, Colour
from kniffel_rules.cards.state import Tokens
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang
from kniffel_rules.svg._draw import CARD_SIZE, HIGHLIGHT, INK, Canvas, fit_name, short, text_width
from kniffel_rules.svg._turn import winners_text
from kniffel_rules.svg._words import name, say

__all__ = ["draw_cards"]

_MARGIN: Final = 12
_PANEL_W: Final = 440
_LABEL_W: Final = 130
_SPACE: Final = 17
_LEVEL_GAP: Final = 7
_SPACES_ROOM: Final = _PANEL_W - 20 - 44 - _LABEL_W  # from the label to the row's value
_ROW_H: Final = 26
_PER_LINE: Final = 2
_TOKEN: Final = "#7a4b2a"
_FILLS: Final = {
    Colour.BLUE: "#2f6fdf",
    Colour.GREEN: "#2e9e4f",
    Colour.PURPLE: "#7e3fb5",
    Colour.RED: "#d9342b",
    Colour.YELLOW: "#f2c40f",
}
_CARD_GAP: Final = 4


def _count(n: int, lang: Lang) -> str:
    return say("card" if n == 1 else "n_cards", lang, n)


def _card(canvas: Canvas, x: float, y: float, card: cards.Card, lang: Lang) -> None:
    caption = f"{name(card.colour, lang)} {card.value}"
    canvas.card(
        x, y, card.value, _FILLS[card.colour], caption, dark_text=card.colour is Colour.YELLOW
    )


def _cards_line(
    canvas: Canvas, x: float, y: float, shown: Sequence[cards.Card], lang: Lang, width: float
) -> None:
    step: float = CARD_SIZE[0] + _CARD_GAP
    if shown and len(shown) * step > width:
        step = (width - CARD_SIZE[0]) / max(len(shown) - 1, 1)
    for i, card in enumerate(shown):
        _card(canvas, x + i * step, y, card, lang)


def _board(
    canvas: Canvas, x: float, y: float, rules: cards.Rules, tokens: Tokens, lang: Lang
) -> None:
    board = rules.board
    # A board of one's own may have more spaces than a printed side: drawn smaller then,
    # so that its longest row ends before the row's value.
    need = max(sum(spec.spaces) * _SPACE + _LEVEL_GAP * len(spec.spaces) for spec in board.rows)
    scale = min(1.0, _SPACES_ROOM / need)
    space, gap = _SPACE * scale, _LEVEL_GAP * scale
    for r, (row, spec) in enumerate(zip(ROWS, board.rows, strict=True)):
        row_y = y + r * _ROW_H
        canvas.text(x, row_y + 15, short(name(row, lang), 18), size=12)
        on = tokens.rows[r]
        at = x + _LABEL_W
        filled = 0
        for spaces in spec.spaces:
            for _ in range(spaces):
                canvas.rect(at, row_y + 2, space - 2, space - 2, fill="#ffffff", rx=2)
                if filled < on:
                    middle = (space - 2) / 2
                    canvas.circle(at + middle, row_y + 2 + middle, 5.5 * scale, fill=_TOKEN)
                filled += 1
                at += space
            at += gap
        if any(spec.values):
            canvas.text(
                x + _PANEL_W - 20,
                row_y + 15,
                f"= {spec.value(on)}",
                size=12,
                anchor="end",
                bold=True,
            )


def _panel(
    canvas: Canvas,
    x: float,
    y: float,
    height: float,
    *,
    who: str,
    rules: cards.Rules,
    tokens: Tokens,
    held: int,
    hand: Sequence[cards.Card] | None,
    lang: Lang,
    moving: bool,
) -> None:
    canvas.rect(
        x, y, _PANEL_W, height, fill=HIGHLIGHT if moving else "#ffffff", stroke=INK, width=1.5, rx=6
    )
    placed = f"{say('tokens', lang)}: {tokens.placed}"
    canvas.text(x + _PANEL_W - 10, y + 22, placed, size=12, anchor="end")
    room = _PANEL_W - 20 - text_width(placed, 12) - 8  # the name, left of the tokens
    canvas.text(x + 10, y + 22, fit_name(lambda n: n, who, room, 15), size=15, bold=True)
    line = (
        f"{say('hand', lang)}: {_count(held, lang)} \u00b7 "
        f"{say('reserve', lang)}: {tokens.reserve} \u00b7 {say('active', lang)}: {tokens.active}"
    )
    canvas.text(x + 10, y + 42, line, size=12)
    top = y + 54
    if hand is not None:
        _cards_line(canvas, x + 10, top, hand, lang, _PANEL_W - 20)
        top += CARD_SIZE[1] + 10
    _board(canvas, x + 10, top, rules, tokens, lang)


def draw_cards(view: Any, lang: Lang, size: int | None) -> str:
    """The SVG of a card-game `State` (public only) or `Observation` (with its hand).

    Raises:
        InvalidStateError: ``view`` is neither.
    """
    if isinstance(view, cards.Observation):
        state = stand_in(view)  # also refuses a view whose fields do not fit
        own: int | None = view.player
        hand_sizes = view.hand_sizes
        pile = view.pile_size
        turn_of = view.turn_of
        to_move = cards.current_player(view)
    elif isinstance(view, cards.State):
        state = view
        own = None
        hand_sizes = tuple(len(h) for h in view.hands)
        pile = len(view.pile)
        turn_of = view.player
        to_move = cards.current_player(view)
    else:
        raise InvalidStateError(
            "view", f"expected a card-game State or Observation, got {type_name(view)}"
        )
    rules = view.rules
    names = shown_names(view.names, lang)
    players = len(names)
    lines = (players + _PER_LINE - 1) // _PER_LINE
    across = min(players, _PER_LINE)
    panel_h = 54 + _ROW_H * len(ROWS) + 10
    width = 2 * _MARGIN + across * _PANEL_W + (across - 1) * 14
    top = 44.0 + 34
    own_extra = CARD_SIZE[1] + 10
    line_heights = [
        panel_h + (own_extra if own is not None and own // _PER_LINE == k else 0)
        for k in range(lines)
    ]
    table_top = top + sum(line_heights) + 14 * lines
    height = table_top + 30 + CARD_SIZE[1] + 26 + _MARGIN
    canvas = Canvas(width, height)
    title = cards.INFO.title("de")  # the published title, in every language
    canvas.text(_MARGIN, 28, title, size=18, bold=True)
    over = to_move == TERMINAL
    if over:
        status = winners_text(names, cards.winners(state), lang, width - 2 * _MARGIN)
    elif view.start_player is None:
        status = say("start_draw", lang)
    else:
        tail = f" \u00b7 {say('round', lang)} {view.round + 1}"
        if view.combination is not None:
            tail += f" \u00b7 {name(view.combination, lang)}"
        status = fit_name(
            lambda who: say("to_move", lang, name=who) + tail,
            names[turn_of],
            width - 2 * _MARGIN,
            15,
        )
    canvas.text(_MARGIN, 58, status, size=15, bold=True)
    mover = None if over or view.start_player is None else turn_of
    y = top
    for k in range(lines):
        for j in range(_PER_LINE):
            seat = k * _PER_LINE + j
            if seat >= players:
                break
            _panel(
                canvas,
                _MARGIN + j * (_PANEL_W + 14),
                y,
                line_heights[k],
                who=names[seat],
                rules=rules,
                tokens=view.tokens[seat],
                held=hand_sizes[seat],
                hand=view.hand if own == seat and isinstance(view, cards.Observation) else None,
                lang=lang,
                moving=seat == mover,
            )
        y += line_heights[k] + 14
    # the table: the open display, the pile and the discards (counts)
    canvas.text(_MARGIN, table_top + 16, say("display", lang), size=13, bold=True)
    _cards_line(canvas, _MARGIN, table_top + 24, view.display, lang, width / 2)
    counts = (
        f"{say('pile', lang)}: {_count(pile, lang)} \u00b7 "
        f"{say('discards', lang)}: {_count(len(view.discards), lang)}"
    )
    canvas.text(width - _MARGIN, table_top + 16, counts, size=13, anchor="end")
    return canvas.to_svg(size, title)
