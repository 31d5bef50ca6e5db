"""Kniffel Extreme as a player reads it: `render` (the table) and `render_action`.

`render` draws the 22-box sheets side by side with the labels in the
player's language, the upper sum, the bonus with its threshold, the totals
and the chips left (each buys a fourth roll, EX-04; there is no
extra-Kniffel bonus, EX-21); above them whose turn it is, the five
six-sided dice and the d10 (German: W10), the throw count, or the winners.
Nothing is hidden: a `State` and any seat's `Observation` show the same.

Examples:
    >>> from kniffel_rules import extreme
    >>> s = extreme.new_game(players=["Ann", "Ben"], first_player=0)
    >>> s = extreme.apply(extreme.apply(s, extreme.Roll()), extreme.ExtremeRoll((2, 3, 3, 4, 5), 7))
    >>> print(render(s))  # doctest: +ELLIPSIS
    Ann to move
    Dice: 2 3 3 4 5  d10: 7   roll 1 of 3
    <BLANKLINE>
    ...
    Two triples         -   -
    ...
    Chips left          3   3
    >>> render_action(extreme.Roll((3, 3), True), lang="de")
    '3 3 und W10 behalten, Rest würfeln'
    >>> render_action(extreme.Score(extreme.Box.TEN_OR_LESS))
    'score 10 or less'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicerender import (
    WORDS,
    faces,
    sheet_picture,
    throw_phrase,
    thrown_phrase,
    turn_lines,
)
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._labels import word
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme._rows import THROWS, sheet_rows_of
from kniffel_rules.extreme.actions import ExtremeRoll, Roll, Score
from kniffel_rules.extreme.engine import winners
from kniffel_rules.extreme.state import Observation, State
from kniffel_rules.lang import Lang, check_lang

__all__ = ["render", "render_action"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "d10": N_("d10"),
        "fourth": N_("a 4th costs a chip"),
        "fourth_roll": N_("roll 4 of 4, with a chip"),
        "keep_with": N_("{dice} and the d10"),
        "keep_d10": N_("the d10"),
        "thrown": N_("the dice show {dice}, the d10 {d10}"),
        "d10_shows": N_("the d10 shows {d10}"),
    }
)
_THROWS = THROWS


def _status(state: State, lang: Lang) -> list[str]:
    return turn_lines(state, lang, winners, dice=_dice_line)


def _count(state: State, n: int, lang: Lang) -> str:
    if n > _THROWS:
        return _WORDS["fourth_roll"][lang]
    count = word(WORDS, "throw_of", lang).format(n=n, m=_THROWS)
    if n == _THROWS and state.sheets[state.player].chips > 0 and state.phase is Phase.DECIDE:
        count = f"{count}, {_WORDS['fourth'][lang]}"
    return count


def _dice(d6: tuple[int, ...], d10: int | None, lang: Lang) -> str:
    shown = faces(d6)
    if d10 is not None:
        shown = f"{shown}  {_WORDS['d10'][lang]}: {d10}".strip()
    return shown


def _dice_line(state: State, lang: Lang) -> str:
    if state.phase is Phase.THROW:
        count = _count(state, state.rolls + 1, lang)
        if not state.d6 and state.d10 is None:
            return f"{word(WORDS, 'throwing_all', lang)} ({count})"
        kept = _dice(state.d6, state.d10, lang)
        return f"{word(WORDS, 'kept', lang)}: {kept}, {word(WORDS, 'throwing', lang)} ({count})"
    dice = word(WORDS, "dice", lang)
    if state.rolls == 0:
        return f"{dice}: {word(WORDS, 'not_thrown', lang)}"
    return f"{dice}: {_dice(state.d6, state.d10, lang)}   {_count(state, state.rolls, lang)}"


PICTURE: Final = sheet_picture(State, Observation, "an Extreme", _status, sheet_rows_of)
"""Kniffel Extreme's text picture (`kniffel_rules._dicerender.sheet_picture`)."""

render = PICTURE.render
"""``render(view, *, lang="en")``: the picture of the module docstring, as text."""


def render_action(action: Roll | Score | ExtremeRoll | DiceRoll, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"keep 3 3 and the d10, throw the rest"``.

    ``"throw all dice"``, ``"score Two pairs"`` (German ``"Zwei Paare
    eintragen"``), a throw: ``"the dice show 1 2 3 4 5, the d10 7"``, and a
    roll-off die: ``"the dice show 4"``. `kniffel_rules.extreme.action_to_text`
    stays the canonical machine text.

    Raises:
        UnknownLanguageError: ``lang`` is not one the library speaks.
        InvalidStateError: ``action`` is not an Extreme action, throw or
            `DiceRoll` (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, Score):
        return word(WORDS, "score", lang).format(box=action.box.labels[lang])
    if isinstance(action, Roll):
        if not action.keep_d6 and not action.keep_d10:
            return word(WORDS, "throw_all", lang)
        if not action.keep_d6:
            kept = _WORDS["keep_d10"][lang]
        elif action.keep_d10:
            kept = _WORDS["keep_with"][lang].format(dice=faces(action.keep_d6))
        else:
            kept = faces(action.keep_d6)
        return word(WORDS, "keep", lang).format(dice=kept)
    if isinstance(action, ExtremeRoll):
        if action.d10 is None:
            return thrown_phrase(action.d6, lang)
        if not action.d6:
            return _WORDS["d10_shows"][lang].format(d10=action.d10)
        return _WORDS["thrown"][lang].format(dice=faces(action.d6), d10=action.d10)
    if isinstance(action, DiceRoll):
        return throw_phrase(action, lang)
    raise InvalidStateError(
        "action", f"expected an Extreme action or a DiceRoll, got {type(action).__name__}"
    )
