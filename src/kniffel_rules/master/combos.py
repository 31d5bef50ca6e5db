"""The tasks and the coin-row combinations of Kniffel Master, and what dice show.

Both are read from the dice alone with the shared detectors of
`kniffel_rules.dice`; whether a player may use them is decided in
``kniffel_rules.master.uses``.

Example:
    >>> from kniffel_rules.master import Combo, Task, coin_combos, tasks_shown
    >>> tasks_shown((3, 3, 3, 5, 5))
    (Task.FULL_HOUSE,)
    >>> coin_combos((3, 3, 3, 5, 5))
    (Combo.PAIR, Combo.TWO_PAIRS, Combo.THREE_OF_A_KIND)
    >>> Task.LARGE_STRAIGHT.stars, Combo.FOUR_OF_A_KIND.coins
    (2, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import lru_cache

from kniffel_rules import dice as _dice

__all__ = ["COIN_COMBOS", "Combo", "Task", "coin_combos", "tasks_shown"]

Dice = tuple[int, ...]


class Task(enum.Enum):
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
    def key(self) -> str:
        """The JSON key of the task: its name in lower case."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The name printed on the sheet ("Chance (5-10)")."""
        return _TASK_LABELS[self]

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

    def __repr__(self) -> str:
        return f"Task.{self.name}"


_TASK_LABELS = {
    Task.KNIFFEL: "Kniffel",
    Task.FULL_HOUSE: "Full House",
    Task.SMALL_STRAIGHT: "Small straight",
    Task.LARGE_STRAIGHT: "Large straight",
    Task.CHANCE_LOW: "Chance (5-10)",
    Task.CHANCE_HIGH: "Chance (25-30)",
}

_TASK_STARS = {
    Task.KNIFFEL: 3,
    Task.FULL_HOUSE: 1,
    Task.SMALL_STRAIGHT: 1,
    Task.LARGE_STRAIGHT: 2,
    Task.CHANCE_LOW: 1,
    Task.CHANCE_HIGH: 1,
}


def _shows_task(task: Task, d: Sequence[int]) -> bool:
    if task is Task.KNIFFEL:
        return _dice.max_of_a_kind(d) == 5
    if task is Task.FULL_HOUSE:
        return _dice.is_full_house(d)
    if task is Task.SMALL_STRAIGHT:
        return _dice.has_straight(d, 4)
    if task is Task.LARGE_STRAIGHT:
        return _dice.has_straight(d, 5)
    if task is Task.CHANCE_LOW:
        return 5 <= _dice.total(d) <= 10
    return 25 <= _dice.total(d) <= 30


class Combo(enum.Enum):
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
    def key(self) -> str:
        """The name in lower case."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """A readable name ("two pairs", "task already fulfilled")."""
        return _COMBO_LABELS[self]

    @property
    def coins(self) -> int:
        """The coins the combination earns: 1, 2, 2, 3 and 3."""
        return _COMBO_COINS[self]

    def __repr__(self) -> str:
        return f"Combo.{self.name}"


_COMBO_LABELS = {
    Combo.PAIR: "pair",
    Combo.TWO_PAIRS: "two pairs",
    Combo.THREE_OF_A_KIND: "three of a kind",
    Combo.FOUR_OF_A_KIND: "four of a kind",
    Combo.TASK_DONE: "task already fulfilled",
}

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


def _shows_combo(combo: Combo, d: Sequence[int]) -> bool:
    if combo is Combo.TWO_PAIRS:
        return _dice.groups(d, 2) >= 2
    need = {Combo.PAIR: 2, Combo.THREE_OF_A_KIND: 3, Combo.FOUR_OF_A_KIND: 4}[combo]
    return _dice.has_of_a_kind(d, need)


@lru_cache(maxsize=1024)
def tasks_shown(values: Dice) -> tuple[Task, ...]:
    """The tasks that five sorted dice show, in `Task` order.

    Args:
        values: The five faces, sorted.

    Returns:
        Every task whose combination the dice show (MA-07).
    """
    return _tasks_shown(values)


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _tasks_shown(values: Dice) -> tuple[Task, ...]:
    if len(values) != 5:
        return ()
    return tuple(t for t in Task if _shows_task(t, values))


@lru_cache(maxsize=1024)
def coin_combos(values: Dice) -> tuple[Combo, ...]:
    """The coin-row combinations that sorted dice show, "at least" counting (MA-44).

    A Full House is a pair, two pairs and three of a kind; five equal dice
    are a pair, three and four of a kind (two pairs need two different
    faces). ``TASK_DONE`` is never listed here: it depends on the sheet.

    Args:
        values: Any number of faces, sorted (the five dice, or the dice
            left over beside a number row).

    Returns:
        The combinations in `Combo` order.
    """
    return _coin_combos(values)


def _coin_combos(values: Dice) -> tuple[Combo, ...]:
    return tuple(c for c in COIN_COMBOS if _shows_combo(c, values))
