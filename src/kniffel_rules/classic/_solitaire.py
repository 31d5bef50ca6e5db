"""Classic's sheet as the exact solitaire solver reads it (`kniffel_rules.boxsheet.Solitaire`).

The solver (`kniffel_rules.bots.optimal`) knows no game: it reads the sheet
layout, the ordinary points of every roll in every box, and, for an extra
Kniffel, every entry the joker rules allow, all from here. Each comes from
classic's own rules: `combinations.score` and `legality.check_entry`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from kniffel_rules.boxsheet import Solitaire
from kniffel_rules.classic.combinations import score
from kniffel_rules.classic.legality import Entry, check_entry
from kniffel_rules.classic.pieces import BOXES, Box, layout
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Sheet
from kniffel_rules.errors import KniffelError

__all__ = ["solitaire"]

_BOX = tuple(Box)
"""Every box by its number (``Box.value``)."""


def solitaire(rules: Rules) -> Solitaire:
    """Classic's sheet under ``rules`` for the exact solitaire solver.

    ``games`` and ``ranking`` are reset (each game of a series is played
    the same); an extra Kniffel is entered as `legality.check_entry` allows.

    Raises:
        InvalidStateError: ``rules`` is not a classic `Rules`.
        KniffelError: The Croatian variant (its lower section is a product
            of three entries, outside the solver's state space).
    """
    sheet = layout(rules)
    if sheet.product is not None:
        raise KniffelError(
            "the optimal solitaire player does not cover the Croatian variant: its "
            "lower section, (Maximum - Minimum) x Ones, is not a sum of entries"
        )
    key = attrs.evolve(rules, games=1, ranking="total")

    def points(box: int, dice: tuple[int, ...]) -> int:
        return score(_BOX[box], dice, key)

    def joker(
        entries: Sequence[int | None], dice: tuple[int, ...]
    ) -> tuple[tuple[int, int, int], ...]:
        board = Sheet(tuple(entries))
        found = []
        for box in BOXES:
            if entries[box.value] is None:
                entry = check_entry(board, dice, box, key)
                if isinstance(entry, Entry):
                    found.append((box.value, entry.value, entry.bonus))
        return tuple(found)

    return Solitaire(
        layout=sheet,
        points=points,
        joker=joker,
        kniffel_box=Box.KNIFFEL.value,
        full_cup=key.full_cup,
        rules=key,
    )
