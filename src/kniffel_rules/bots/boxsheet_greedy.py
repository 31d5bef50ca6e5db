"""A greedy player for any game scored on a box sheet, from the sheet as the solver reads it.

`BoxSheetGreedy` plays a game whose ``INFO.solitaire(rules)`` describes its
sheet (`kniffel_rules.boxsheet.Solitaire`: the layout, the points of every
throw in every box, the forced order): with throws left it keeps the dice
whose one re-throw promises the best entry, else it enters the dice where
they are worth most. Nothing in it names a game.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from kniffel_rules._i18n import N_, Text
from kniffel_rules.bots._seen import entries_of, seen
from kniffel_rules.boxsheet import Solitaire
from kniffel_rules.dice import roll_outcomes
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["BoxSheetGreedy"]


@lru_cache(maxsize=6)
def _throws(k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    return tuple((dice, float(p)) for dice, p in roll_outcomes(k))


class BoxSheetGreedy:
    """One look ahead on a box sheet: the best entry now, or the keep whose next throw is best.

    An upper box is valued at its points less a third of the bonus share it
    misses (three of its face is par for the bonus), so the bot aims at the
    bonus; a lower box at its points. Works for every registered game whose
    ``INFO`` has ``solitaire`` (its state has ``rules``, ``sheets`` of entries
    by box number, ``player``, ``dice`` and ``rolls``).
    """

    def __call__(self, view: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        """Pick one of ``actions``: a ``Score`` by box value, or the best ``Roll``.

        ``view`` is the state or the player's observation of it.

        Raises:
            InvalidStateError: Not a state (or observation) of a game with a
                box sheet (path ``state``).
        """
        state = seen(view)
        sheet = _solitaire(type(state), state)
        entries = entries_of(state.sheets[state.player])
        open_boxes = tuple(b for b in sheet.layout.boxes if entries[b] is None)
        scores = [a for a in actions if hasattr(a, "box")]
        rolls = [a for a in actions if hasattr(a, "keep")]
        if not state.dice:
            return rolls[0] if rolls else actions[0]
        best: Any = None
        value = -1.0
        for a in scores:
            worth = _worth(sheet, a.box.value, state.dice)
            if worth > value:
                best, value = a, worth
        for a in rolls:
            thrown = 5 - len(a.keep)
            expect = sum(
                p * _best(sheet, open_boxes, tuple(sorted(a.keep + d))) for d, p in _throws(thrown)
            )
            if expect > value + 1e-9:
                best, value = a, expect
        return best if best is not None else actions[0]

    def __repr__(self) -> str:
        return "BoxSheetGreedy()"


def _worth(sheet: Solitaire, box: int, dice: tuple[int, ...]) -> float:
    points = sheet.points(box, dice)
    if box in sheet.layout.upper:
        par = 3 * (sheet.layout.upper.index(box) + 1)
        return points + (points - par) / 3 * sheet.layout.bonus / sheet.layout.threshold
    return float(points)


def _best(sheet: Solitaire, open_boxes: tuple[int, ...], dice: tuple[int, ...]) -> float:
    if sheet.forced_order:
        return _worth(sheet, open_boxes[0], dice)
    return max(_worth(sheet, b, dice) for b in open_boxes)


_SHEETS: dict[tuple[type, Any], Solitaire] = {}


def _solitaire(state_class: type, state: Any) -> Solitaire:
    """The sheet of the game whose ``State`` is ``state_class``, under its rules (remembered).

    Raises:
        InvalidStateError: No game of the registry with a box sheet has that ``State``.
    """
    rules = getattr(state, "rules", None)
    found = _SHEETS.get((state_class, rules))
    if found is not None:
        return found
    for name in VARIANTS:
        game = get_variant(name)
        if getattr(game, "State", None) is state_class and game.INFO.solitaire is not None:
            if len(_SHEETS) > 64:
                _SHEETS.clear()
            found = _SHEETS[state_class, rules] = game.INFO.solitaire(rules)
            return found
    raise InvalidStateError(
        "state",
        Text.of(
            N_("expected a state of a game with a box sheet, got {type}"),
            type=state_class.__name__,
        ),
    )
