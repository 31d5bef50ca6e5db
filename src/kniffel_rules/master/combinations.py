"""What five Master dice show: the tasks and the coin-row combinations.

Pure functions of the dice, read with the shared detectors of
`kniffel_rules.dice`; whether a player may use what the dice show is decided
in ``kniffel_rules.master.legality``.

Examples:
    >>> from kniffel_rules.master.combinations import coin_combos, tasks_shown
    >>> tasks_shown((3, 3, 3, 5, 5))
    (Task.FULL_HOUSE,)
    >>> coin_combos((3, 3, 3, 5, 5))
    (Combo.PAIR, Combo.TWO_PAIRS, Combo.THREE_OF_A_KIND)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from kniffel_rules import dice as _dice
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.master.pieces import COIN_COMBOS, Combo, Task, _shows_task

__all__ = ["coin_combos", "dice_faces", "tasks_shown"]

Dice = tuple[int, ...]


def _shows_combo(combo: Combo, d: Sequence[int]) -> bool:
    if combo is Combo.TWO_PAIRS:
        return _dice.groups(d, 2) >= 2
    need = {Combo.PAIR: 2, Combo.THREE_OF_A_KIND: 3, Combo.FOUR_OF_A_KIND: 4}[combo]
    return _dice.has_of_a_kind(d, need)


def dice_faces(values: object, path: str = "values", length: int | None = None) -> Dice:
    """Check dice given to a public function: at most five ints 1..6 (any order), sorted.

    Args:
        values: The faces.
        path: The argument's name, for the error.
        length: The exact number of dice needed, if any.

    Raises:
        InvalidStateError: Not such dice.
    """
    faces = _dice.sorted_faces(values, path)  # type: ignore[arg-type]
    if len(faces) > 5 or (faces and (faces[0] < 1 or faces[-1] > 6)):
        raise InvalidStateError(path, f"expected up to five dice faces 1..6, got {faces}")
    if length is not None and len(faces) != length:
        raise InvalidStateError(path, f"expected {length} dice, got {len(faces)}")
    return faces


def tasks_shown(values: Sequence[int]) -> tuple[Task, ...]:
    """The tasks that five dice show, in `Task` order.

    Args:
        values: The five faces (any order; they are sorted).

    Returns:
        Every task whose combination the dice show (MA-07); ``()`` for
        fewer than five dice.

    Raises:
        InvalidStateError: ``values`` are not up to five faces 1..6.
    """
    return _sorted_tasks(dice_faces(values))


@lru_cache(maxsize=1024)
def _sorted_tasks(values: Dice) -> tuple[Task, ...]:
    """`tasks_shown` for dice known to be sorted faces (unchecked, memoised)."""
    return _tasks_shown(values)


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _tasks_shown(values: Dice) -> tuple[Task, ...]:
    if len(values) != 5:
        return ()
    return tuple(t for t in Task if _shows_task(t, values))


def coin_combos(values: Sequence[int]) -> tuple[Combo, ...]:
    """The coin-row combinations that sorted dice show, "at least" counting (MA-44).

    A Full House is a pair, two pairs and three of a kind; five equal dice
    are a pair, three and four of a kind (two pairs need two different
    faces). ``TASK_DONE`` is never listed here: it depends on the sheet.

    Args:
        values: Up to five faces, in any order (the five dice, or the dice
            left over beside a number row).

    Returns:
        The combinations in `Combo` order.

    Raises:
        InvalidStateError: ``values`` are not up to five faces 1..6.
    """
    return _sorted_combos(dice_faces(values))


@lru_cache(maxsize=1024)
def _sorted_combos(values: Dice) -> tuple[Combo, ...]:
    """`coin_combos` for dice known to be sorted faces (unchecked, memoised)."""
    return _coin_combos(values)


def _coin_combos(values: Dice) -> tuple[Combo, ...]:
    return tuple(c for c in COIN_COMBOS if _shows_combo(c, values))
