"""What a final roll may be used for, and with what effect: the single checking path.

`use_problem` decides whether a use is legal and says why not; ``legal_actions``
lists the candidate uses it accepts, ``apply`` raises with the reason it gives,
and `use_outcome` adds the effects that depend on the other players (the race).

Example:
    >>> from kniffel_rules.master import Combo, Coins, NumberRows, Sheet, legal_uses
    >>> legal_uses(Sheet(), (2, 2, 5, 5, 6))
    (row 2 (+2), row 5 (+2), rows 2 (+2) and 5 (+2), coins: pair (+1),
     coins: two pairs (+2), row 2 (+2) and coins: pair (+1), row 5 (+2) and coins: pair (+1))
    >>> use_problem(Sheet(), (2, 2, 5, 5, 6), NumberRows([(6, 1)]))
    'row 6 needs at least two dice showing 6; the dice show 1'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import attrs

from kniffel_rules.master.actions import Coins, Fulfil, NumberRows, RowAndCoins, Use
from kniffel_rules.master.combos import Combo, Task, coin_combos, tasks_shown
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.sheet import NUMBER_ROW_MARKERS, ROW_LENGTH, Sheet

__all__ = ["Outcome", "legal_uses", "race_coins", "use_outcome", "use_problem"]

Dice = tuple[int, ...]


@attrs.frozen(slots=True)
class Outcome:
    """The effect of a use on the player's board.

    Attributes:
        sheet: The player's board after the use.
        stars: The stars gained (tasks, rows, bonus stars, coin laps).
        coins: The spaces the coin marker moved in all: the combination,
            the overhang and the race bonus.
        overhang: Of ``coins``, the overhang of completed number rows (MA-18).
        race: Of ``coins``, the race bonus (MA-19).
    """

    sheet: Sheet
    stars: int
    coins: int
    overhang: int
    race: int


@attrs.frozen(slots=True)
class _Step:
    """A legal use before the coin row moves: the board, coins, and race items."""

    sheet: Sheet
    coins: int
    overhang: int
    tasks: tuple[Task, ...] = ()
    rows: tuple[int, ...] = ()


def _row_problem(sheet: Sheet, shown: Counter[int], face: object, count: object) -> str | None:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        return f"the number rows are 1 to 6, there is no row {face!r}"
    have = shown[face]
    if have < 2:
        return f"row {face} needs at least two dice showing {face}; the dice show {have}"
    if count != have:
        return f"row {face} moves by every die showing {face}: {have}, not {count!r}"
    if sheet.row(face) >= ROW_LENGTH:
        return f"row {face} is completed: it cannot be used for the rest of the game"
    return None


def _move_rows(sheet: Sheet, moves: Sequence[tuple[int, int]], shown: Counter[int]) -> _Step | str:
    """Move the rows, completions first (MA-22), checking the markers (MA-13)."""
    for face, count in moves:
        problem = _row_problem(sheet, shown, face, count)
        if problem is not None:
            return problem
    order = sorted(moves, key=lambda m: sheet.row(m[0]) + m[1] < ROW_LENGTH)
    overhang = 0
    done: list[int] = []
    for face, count in order:
        pos = sheet.row(face)
        if pos == 0 and sheet.free_markers <= 0:
            limit = NUMBER_ROW_MARKERS - sheet.retired_markers
            started = ", ".join(str(f) for f in range(1, 7) if 0 < sheet.row(f) < ROW_LENGTH)
            return (
                f"no free marker to start row {face}: at most {limit} markers may stand on "
                f"number rows (rows {started} are started); one of them must be completed first"
            )
        overhang += max(0, pos + count - ROW_LENGTH)
        if pos + count >= ROW_LENGTH:
            done.append(face)
        sheet = sheet.with_row(face, pos + count)
    return _Step(sheet, overhang, overhang, rows=tuple(sorted(done)))


def _coin_problem(values: Dice, combo: object, what: str) -> str | None:
    if not isinstance(combo, Combo):
        return f"expected a coin-row Combo, got {combo!r}"
    if combo not in coin_combos(values):
        return f"{what} {values} do not show {combo.label}"
    return None


def _fulfil(sheet: Sheet, dice: Dice, task: object) -> _Step | str:
    if not isinstance(task, Task):
        return f"Fulfil needs a master Task, got {task!r}"
    if sheet.has_task(task):
        return (
            f"the task {task.label} is already fulfilled: the dice may go in the coin row "
            f"as 'task already fulfilled' instead"
        )
    if task not in tasks_shown(dice):
        return f"the dice {dice} do not show {task.label}"
    return _Step(sheet.with_task(task), 0, 0, tasks=(task,))


def _number_rows(sheet: Sheet, dice: Dice, moves: tuple[tuple[int, int], ...]) -> _Step | str:
    if not 1 <= len(moves) <= 2:
        return f"a number-row use moves one or two rows, not {len(moves)}"
    if len(moves) == 2 and moves[0][0] == moves[1][0]:
        return "the two number rows of one use must be different rows"
    return _move_rows(sheet, moves, Counter(dice))


def _coins(sheet: Sheet, dice: Dice, combo: object, task: object) -> _Step | str:
    if combo is Combo.TASK_DONE:
        if not isinstance(task, Task):
            return f"'task already fulfilled' names the task, got {task!r}"
        if not sheet.has_task(task):
            return f"the task {task.label} is not fulfilled yet: fulfil it for its stars"
        if task not in tasks_shown(dice):
            return f"the dice {dice} do not show {task.label}"
        return _Step(sheet, combo.coins, 0)
    problem = _coin_problem(dice, combo, "the dice")
    if problem is not None:
        return problem
    if task is not None:
        return f"only 'task already fulfilled' names a task, not {combo!r}"
    assert isinstance(combo, Combo)
    return _Step(sheet, combo.coins, 0)


def _row_and_coins(sheet: Sheet, dice: Dice, face: int, count: int, combo: object) -> _Step | str:
    step = _move_rows(sheet, ((face, count),), Counter(dice))  # checks face and count too
    if isinstance(step, str):
        return step
    if combo is Combo.TASK_DONE:
        return "the coin-row part of a number row and coin row use is a dice combination"
    others = tuple(d for d in dice if d != face)
    problem = _coin_problem(others, combo, "the other dice")
    if problem is not None:
        return problem
    assert isinstance(combo, Combo)
    return attrs.evolve(step, coins=step.coins + combo.coins)


def _evaluate(sheet: Sheet, dice: Dice, action: object) -> _Step | str:
    if isinstance(action, Fulfil):
        return _fulfil(sheet, dice, action.task)
    if isinstance(action, NumberRows):
        return _number_rows(sheet, dice, action.moves)
    if isinstance(action, Coins):
        return _coins(sheet, dice, action.combo, action.task)
    if isinstance(action, RowAndCoins):
        return _row_and_coins(sheet, dice, action.face, action.dice, action.combo)
    return f"expected a use of the dice, got {action!r}"


def use_problem(sheet: Sheet, dice: Sequence[int], action: object) -> str | None:
    """Why ``action`` is not a legal use of the final ``dice`` on ``sheet``, or ``None``.

    Args:
        sheet: The player's board.
        dice: The five dice, sorted.
        action: The candidate use.

    Returns:
        ``None`` if the use is legal, else the reason in a sentence naming
        the rule.
    """
    step = _evaluate(sheet, tuple(dice), action)
    return step if isinstance(step, str) else None


@lru_cache(maxsize=512)
def _candidates(dice: Dice) -> tuple[Use, ...]:
    """Every use the dice could support on some sheet, in the documented order."""
    shown = Counter(dice)
    faces = sorted(f for f, c in shown.items() if c >= 2)
    out: list[Use] = [Fulfil(t) for t in tasks_shown(dice)]
    out += [NumberRows(((f, shown[f]),)) for f in faces]
    out += [NumberRows(((f, shown[f]), (g, shown[g]))) for f, g in itertools.combinations(faces, 2)]
    out += [Coins(c) for c in coin_combos(dice)]
    out += [Coins(Combo.TASK_DONE, t) for t in tasks_shown(dice)]
    for f in faces:
        others = tuple(d for d in dice if d != f)
        out += [RowAndCoins(f, shown[f], c) for c in coin_combos(others)]
    return tuple(out)


_LEGAL: dict[tuple[object, ...], tuple[Use, ...]] = {}
_LEGAL_LIMIT = 200_000


@lru_cache(maxsize=512)
def _pairs(dice: Dice) -> tuple[tuple[int, int], ...]:
    """The faces shown by two or more dice, with their counts."""
    return tuple(sorted((f, c) for f, c in Counter(dice).items() if c >= 2))


def _row_status(spaces: int, count: int) -> int:
    """What legality needs to know of a row about to move by ``count``."""
    if spaces == 0:
        return 0  # needs a free marker
    if spaces >= ROW_LENGTH:
        return 3  # completed: unusable
    return 2 if spaces + count >= ROW_LENGTH else 1  # completes (frees a marker) / moves


def legal_uses(sheet: Sheet, dice: Sequence[int]) -> tuple[Use, ...]:
    """Every legal use of the final ``dice`` on ``sheet``, in the documented order.

    The order: `Fulfil` by task; `NumberRows` with one row by face, then
    with two rows by faces; `Coins` by combination, then "task already
    fulfilled" by task; `RowAndCoins` by face, then combination. Each
    candidate is accepted or refused by `use_problem`'s checks; the result
    is memoised on what those checks read (the dice, the tasks they show,
    the rows they could move, the markers).

    Args:
        sheet: The player's board.
        dice: The five dice, sorted.

    Returns:
        The uses (``()``: none is possible, the turn passes).
    """
    values = tuple(dice)
    key = (
        values,
        tuple(sheet.tasks[t.value] for t in tasks_shown(values)),
        tuple(_row_status(sheet.rows[f - 1], c) for f, c in _pairs(values)),
        sheet.free_markers,
        sheet.completed_rows,
    )
    found = _LEGAL.get(key)
    if found is None:
        found = tuple(
            a for a in _candidates(values) if isinstance(_evaluate(sheet, values, a), _Step)
        )
        if len(_LEGAL) >= _LEGAL_LIMIT:
            _LEGAL.clear()
        _LEGAL[key] = found
    return found


def race_coins(rank: int, rules: Rules) -> int:
    """The race bonus for the ``rank``-th player (0: first) to fulfil a task or complete a row.

    Args:
        rank: How many other players did it before.
        rules: The rules (``race=False`` pays nothing).

    Returns:
        2 for the first, 1 for the second, 0 after that (MA-19).
    """
    if not rules.race:
        return 0
    return max(0, 2 - rank)


def use_outcome(
    sheets: Sequence[Sheet], player: int, dice: Sequence[int], action: object, rules: Rules
) -> Outcome | str:
    """The effect of a use by ``player``, or the reason it is not legal.

    Args:
        sheets: Every player's board (the others decide the race).
        player: The seat using the dice.
        dice: The five dice, sorted.
        action: The use.
        rules: The rules.

    Returns:
        The `Outcome`, or the reason (from `use_problem`'s checks).
    """
    sheet = sheets[player]
    step = _evaluate(sheet, tuple(dice), action)
    if isinstance(step, str):
        return step
    others = [s for i, s in enumerate(sheets) if i != player]
    race = sum(race_coins(sum(o.has_task(t) for o in others), rules) for t in step.tasks)
    race += sum(race_coins(sum(o.row(f) >= ROW_LENGTH for o in others), rules) for f in step.rows)
    coins = step.coins + race
    after = step.sheet.with_coins(coins)
    return Outcome(after, after.stars - sheet.stars, coins, step.overhang, race)
