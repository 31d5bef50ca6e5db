"""The material of Kniffel Master: the tasks, the coin-row combinations, rows and laps.

What the pieces are and what they are worth (stars, coins, lengths); what a
throw shows is read in ``kniffel_rules.master.combinations``, whether a
player may use it is decided in ``kniffel_rules.master.legality``.

Examples:
    >>> from kniffel_rules.master import Combo, Task
    >>> Task.LARGE_STRAIGHT.stars, Combo.FOUR_OF_A_KIND.coins
    (2, 3)
    >>> Task.CHANCE_HIGH.label, Combo.TASK_DONE.label
    ('Chance (25-30)', 'task already fulfilled')
    >>> Task.SMALL_STRAIGHT.labels["de"], Combo.THREE_OF_A_KIND.labels["de"]
    ('Kleine Straße', 'Drilling')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kniffel_rules import dice as _dice
from kniffel_rules._i18n import N_
from kniffel_rules._labels import Labelled, name_pieces

__all__ = [
    "COIN_COMBOS",
    "LAP_LENGTHS",
    "NUMBER_ROW_MARKERS",
    "ROW_LENGTH",
    "Combo",
    "Task",
]


class Task(Labelled):
    """A task on the left of the player sheet (MA-07..MA-09), in rulebook order.

    ``task.key`` is the lower-case name used in JSON documents.
    """

    _value_: int

    KNIFFEL = 0
    FULL_HOUSE = 1
    SMALL_STRAIGHT = 2
    LARGE_STRAIGHT = 3
    CHANCE_LOW = 4
    CHANCE_HIGH = 5

    @property
    def stars(self) -> int:
        """The stars the task earns: Kniffel 3, Large straight 2, the others 1."""
        return _TASK_STARS[self]

    def shown_by(self, values: Sequence[int]) -> bool:
        """Whether five dice show the task's combination.

        Args:
            values: The five faces, sorted.

        Returns:
            True if the dice fulfil the task.
        """
        return _shows_task(self, values)


def _shows_task(task: Task, d: Sequence[int]) -> bool:
    """Whether the sorted faces ``d`` show ``task``'s combination (MA-07..MA-09)."""
    if task is Task.CHANCE_LOW:
        return 5 <= _dice.total(d) <= 10
    if task is Task.CHANCE_HIGH:
        return 25 <= _dice.total(d) <= 30
    return _dice.COMBINATIONS[task.key](d)  # Kniffel, Full House, the straights: the family's


# The tasks' names: the family's, English and German (the German straights are
# the rulebook's "Kleine Straße", "Große Straße", MA-07), and the two chances.
name_pieces(
    Task,
    {
        "chance_low": N_("Chance (5-10)"),
        "chance_high": N_("Chance (25-30)"),
    },
)

_TASK_STARS = {
    Task.KNIFFEL: 3,
    Task.FULL_HOUSE: 1,
    Task.SMALL_STRAIGHT: 1,
    Task.LARGE_STRAIGHT: 2,
    Task.CHANCE_LOW: 1,
    Task.CHANCE_HIGH: 1,
}


class Combo(Labelled):
    """A way to use dice in the coin row (MA-14, MA-15), with its coins.

    ``TASK_DONE`` is "task already fulfilled": the dice show a task whose
    star the player already has.
    """

    _value_: int

    PAIR = 0
    TWO_PAIRS = 1
    THREE_OF_A_KIND = 2
    FOUR_OF_A_KIND = 3
    TASK_DONE = 4

    @property
    def coins(self) -> int:
        """The coins the combination earns: 1, 2, 2, 3 and 3."""
        return _COMBO_COINS[self]


# The coin row's combinations, English and German (the rulebook's "Drilling",
# "Vierling", "2 Paare" and "Aufgabe bereits erfüllt", MA-14, MA-15).
name_pieces(
    Combo,
    {
        "pair": N_("pair"),
        "two_pairs": N_("two pairs"),
        "three_of_a_kind": N_("three of a kind"),
        "four_of_a_kind": N_("four of a kind"),
        "task_done": N_("task already fulfilled"),
    },
)

_COMBO_COINS = {
    Combo.PAIR: 1,
    Combo.TWO_PAIRS: 2,
    Combo.THREE_OF_A_KIND: 2,
    Combo.FOUR_OF_A_KIND: 3,
    Combo.TASK_DONE: 3,
}

COIN_COMBOS: tuple[Combo, ...] = (
    Combo.PAIR,
    Combo.TWO_PAIRS,
    Combo.THREE_OF_A_KIND,
    Combo.FOUR_OF_A_KIND,
)
"""The combinations read from the dice themselves (all but ``TASK_DONE``)."""


ROW_LENGTH: Final = 8
"""Spaces of a number row; moving onto the 8th completes it (MA-11)."""

NUMBER_ROW_MARKERS: Final = 3
"""Markers that may stand on number rows at once (MA-13)."""

LAP_LENGTHS: Final[tuple[int, ...]] = (8, 7, 6, 5, 4)
"""Spaces of the coin row's first laps; every later lap has 4 (MA-16)."""
