"""Classic Kniffel as a player reads it: `render` (the table) and `render_action`.

`render` draws the score sheets side by side with the boxes' labels in the
player's language, the upper sum, the bonus with its threshold, the
extra-Kniffel bonus where the rules have it, the totals; above them the
series game, whose turn it is, the dice and the throw count, or the
winners. Nothing is hidden in classic Kniffel: a `State` and any seat's
`Observation` show the same picture.

Examples:
    >>> from kniffel_rules import classic
    >>> s = classic.new_game(players=["Ann", "Ben"], first_player=0)
    >>> s = classic.apply(classic.apply(s, classic.Roll()), classic.DiceRoll((2, 3, 3, 3, 5)))
    >>> print(render(s, lang="de"))  # doctest: +ELLIPSIS
    Ann ist am Zug
    Würfel: 2 3 3 3 5   Wurf 1 von 3
    <BLANKLINE>
                   Ann Ben
    -------------- --- ---
    Einser           -   -
    ...
    Dreierpasch      -   -
    ...
    Endsumme         0   0
    >>> render_action(classic.Roll((3, 3))), render_action(classic.Roll((3, 3)), lang="de")
    ('keep 3 3, throw the rest', '3 3 behalten, Rest würfeln')
    >>> render_action(classic.Score(classic.Box.FULL_HOUSE), lang="de")
    'Full House eintragen'
"""

from __future__ import annotations

from typing import Final

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicerender import (
    WORDS,
    Row,
    sheet_picture,
    throw_phrase,
    turn_lines,
)
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._labels import word
from kniffel_rules.classic._rows import sheet_rows_of
from kniffel_rules.classic.actions import Roll, Score
from kniffel_rules.classic.engine import scores, winners
from kniffel_rules.classic.state import Observation, State
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang

__all__ = ["render", "render_action"]

_WORDS = phrases(
    {
        "series_over": N_("Series of {m} games over."),
    }
)


def _status(state: State, lang: Lang) -> list[str]:
    """The series game (or its end), then `turn_lines`."""
    rules = state.rules
    if rules.games <= 1:
        return turn_lines(state, lang, winners)
    if state.phase is Phase.OVER:
        series = _WORDS["series_over"][lang].format(m=rules.games)
    else:
        series = word(WORDS, "game_of", lang).format(n=state.game + 1, m=rules.games)
    return [series, *turn_lines(state, lang, winners)]


def _rows(state: State, lang: Lang) -> list[Row]:
    return sheet_rows_of(state, lang, scores(state))


PICTURE: Final = sheet_picture(State, Observation, "a classic", _status, _rows)
"""Classic Kniffel's text picture (`kniffel_rules._dicerender.sheet_picture`)."""

render = PICTURE.render
"""``render(view, *, lang="en")``: the picture of the module docstring, as text."""


def render_action(action: Roll | Score | DiceRoll, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"keep 3 3, throw the rest"``.

    ``"throw all dice"``, ``"score Full House"`` (German ``"Full House
    eintragen"``), and a throw: ``"the dice show 2 3 3 5 6"``.
    `kniffel_rules.classic.action_to_text` stays the canonical machine text.

    Raises:
        UnknownLanguageError: ``lang`` is not one the library speaks.
        InvalidStateError: ``action`` is not a classic action or a
            `DiceRoll` (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, Score):
        return word(WORDS, "score", lang).format(box=action.box.labels[lang])
    if isinstance(action, (Roll, DiceRoll)):
        return throw_phrase(action, lang)
    raise InvalidStateError(
        "action", f"expected a classic action or a DiceRoll, got {type(action).__name__}"
    )
