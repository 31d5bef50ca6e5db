"""The turn strip of the dice games' pictures: who is to move, the throw, the dice.

Internal. Classic, Extreme, Master and Duell share the phases of
``kniffel_rules._dicegame``: this draws the line saying whose turn it is (or
the roll-off, or the end and its winners) and the dice as faces with pips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kniffel_rules._dicegame import Phase
from kniffel_rules.lang import Lang
from kniffel_rules.svg._draw import Canvas, fit_name, short, text_width
from kniffel_rules.svg._words import say

__all__ = ["DIE", "STRIP_HEIGHT", "turn_strip", "winners_text"]

DIE: Final = 34
"""The side of a die in the strip."""
STRIP_HEIGHT: Final = 80
"""The height of the strip: a line of text and a row of dice."""
_KEPT_FILL: Final = "#dbe8ff"


def winners_text(names: Sequence[str], seats: Sequence[int], lang: Lang, room: float) -> str:
    """The end of the game and its winners, like "Game over, winner: Ann", fitted to ``room``.

    Each winner's name is cut alike (16 columns at most, 3 at least)
    until the line fits ``room`` at the status lines' size (15).
    """
    if not seats:
        return say("over", lang)
    head = f"{say('over', lang)}, {say('winner' if len(seats) == 1 else 'winners', lang)}: "
    most = 16
    while True:
        text = head + ", ".join(short(names[i], most) for i in seats)
        if most <= 3 or text_width(text, 15) <= room:
            return text
        most -= 1


def turn_strip(
    canvas: Canvas,
    x: float,
    y: float,
    state: Any,
    *,
    winners: Sequence[int],
    lang: Lang,
    max_rolls: int = 3,
    total: int = 5,
    d6: Sequence[int] | None = None,
    d10: int | None = None,
) -> None:
    """Draw the strip with its top left corner at ``x, y``.

    Args:
        canvas: The picture.
        x: Left edge.
        y: Top edge.
        state: A dice game's state (``phase``, ``player``, ``rolls``, ``dice``, ``names``).
        winners: The winners, read when the game is over.
        lang: The language.
        max_rolls: Throws a turn has (Extreme: 4 with a chip).
        total: The dice of the game (Extreme: 6).
        d6: The six-sided dice (default ``state.dice``).
        d10: Extreme's ten-sided die, if showing or kept.
    """
    names: Sequence[str] = state.names
    phase = state.phase
    base = y + 20
    if phase is Phase.ROLL_OFF:
        canvas.text(x, base, say("roll_off", lang), size=15, bold=True)
        return
    if phase is Phase.OVER:
        over = winners_text(names, winners, lang, canvas.width - 2 * x)
        canvas.text(x, base, over, size=15, bold=True)
        return
    kept = phase is Phase.THROW
    rolls = state.rolls + 1 if kept else state.rolls
    max_rolls = max(max_rolls, rolls)
    count = f" \u00b7 {say('roll_of', lang, rolls, m=max_rolls)}" if rolls else ""  # no "roll 0"
    line = fit_name(
        lambda who: f"{say('to_move', lang, name=who)}{count}",
        names[int(state.player)],
        canvas.width - 2 * x,
        15,
    )
    canvas.text(x, base, line, size=15, bold=True)
    dice = tuple(state.dice if d6 is None else d6)
    top = y + 34
    fill = _KEPT_FILL if kept else "#ffffff"
    at = x
    for face in dice:
        canvas.die(at, top, DIE, face, fill=fill)
        at += DIE + 8
    if d10 is not None:
        canvas.d10(at, top, DIE, d10, fill=fill)
        at += DIE + 8
    if kept:
        shown = len(dice) + (d10 is not None)
        label = f"{say('kept', lang, shown)} \u00b7 {say('throwing', lang, total - shown)}"
        canvas.text(at + 4, top + DIE * 0.65, label, size=13, italic=True)
