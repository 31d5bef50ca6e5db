"""The score sheet of any box-sheet dice game (`kniffel_rules._boxgame`), drawn like the paper one.

Internal: `kniffel_rules.svg.render` draws it for a game whose ``INFO.picture``
is ``"box_sheet"``. The rows are the game's own (``GAME.rows``: its boxes in
its labels, the sums, the bonus and the totals); the layout is the classic
sheet's: one column per player, the player to move shaded, the turn strip below.
"""

from __future__ import annotations

from typing import Any

from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.svg._draw import check_size
from kniffel_rules.svg._sheet import sheet_svg

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
    winners = game.winners(state) if over else None
    return sheet_svg(game.INFO.title(lang), state, lines, winners, lang, size)
