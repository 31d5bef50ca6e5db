"""The rules of play of Kniffel Master, each written once: rolls, the four uses, passing.

`problem` is the one judge the protocol (`kniffel_rules.game.Game`) calls: ``None`` for a legal
action, else the `Rejection` (the sentence and its clause id on
``docs/rules/master.md``) that ``apply`` raises. The rules it applies:

* a roll: the shared five-dice rule (`kniffel_rules._dicegame.check_keep`),
  with Master's clause ids (MA-04, MA-05, MA-42);
* a use: `use_problem`, the checks of every use of the final dice
  (MA-06..MA-19, MA-44..MA-54);
* a pass: `_pass_problem`, legal only when the dice allow no use (MA-42);
* nothing but a roll before the first roll of a turn (MA-56).

`candidates` lists a superset of the legal actions in the documented order,
and `legal_actions` is the candidates that `problem` lets through; `listing`
gives the same set faster (`legal_uses`, memoised on what its checks read).
`use_outcome` adds the effects of a legal use that depend on the other
players (the race) and the coins.

Examples:
    >>> from kniffel_rules.master import Combo, Coins, NumberRows, Sheet
    >>> from kniffel_rules.master.legality import legal_uses
    >>> legal_uses(Sheet(), (2, 2, 5, 5, 6))
    (row 2 (+2), row 5 (+2), rows 2 (+2) and 5 (+2), coins: pair (+1),
     coins: two pairs (+2), row 2 (+2) and coins: pair (+1), row 5 (+2) and coins: pair (+1))
    >>> reason = use_problem(Sheet(), (2, 2, 5, 5, 6), NumberRows([(6, 1)]))
    >>> reason, reason.rule
    ('row 6 needs at least two dice showing 6; the dice show 1', 'MA-10')
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

import attrs

from kniffel_rules._dicegame import FIRST_ROLL, check_keep, keep_actions
from kniffel_rules._fields import is_int
from kniffel_rules._i18n import N_
from kniffel_rules._memo import memo_table
from kniffel_rules._text import brief
from kniffel_rules.dice import all_multisets, sub_multisets
from kniffel_rules.errors import InvalidStateError, Rejection
from kniffel_rules.master.actions import (
    Action,
    Coins,
    Fulfil,
    NumberRows,
    Pass,
    Roll,
    RowAndCoins,
    Use,
)
from kniffel_rules.master.combinations import _sorted_combos, _sorted_tasks, dice_faces
from kniffel_rules.master.pieces import NUMBER_ROW_MARKERS, ROW_LENGTH, Combo, Task
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.state import Sheet, State
from kniffel_rules.master.wire import action_to_text
from kniffel_rules.notation import dice_text, said

__all__ = [
    "Outcome",
    "candidates",
    "legal_uses",
    "listing",
    "problem",
    "race_coins",
    "use_outcome",
    "use_problem",
]

Dice = tuple[int, ...]
_Shown = tuple[int, ...] | Counter[int]

_ROLL_RULES = {"rolls": "MA-05", "first": "MA-04", "all": "MA-42", "keep": "MA-04"}
"""Master's clause ids of the shared roll rule (`kniffel_rules._dicegame.check_keep`)."""

_PASS = Pass()
_USE_BEFORE_ROLL = Rejection(N_("roll the dice before using them"), "MA-56")
_PASS_BEFORE_ROLL = Rejection(N_("roll the dice before passing"), "MA-56")


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


# --- what depends only on the dice ----------------------------------------------

# The memo tables of this module: a line marked `pragma: no mutate` only
# looks an answer up, stores it or bounds a table; a change there makes a
# table miss (or fill) and gives the same answers, so mutation testing
# leaves it alone (docs/quality.md).

_COUNTS: dict[Dice, tuple[int, ...]] = memo_table()
_CANON: dict[Dice, Dice] = {d: d for d in all_multisets(5)}
"""The 252 sorted five-dice tuples, each its own value: ``_CANON.get(d) is d``
proves that ``d`` is five sorted int faces 1..6 without looking at them."""
_JOINED: dict[tuple[Dice, Dice], Dice] = memo_table()
_KEEPS: dict[Dice, frozenset[Dice]] = memo_table()


def _canonical(dice: object) -> bool:
    """Whether ``dice`` is one of the shared five-dice tuples of `_CANON`."""
    return type(dice) is tuple and _CANON.get(dice) is dice


def _counts(dice: Dice) -> tuple[int, ...] | Counter[int]:
    """How many dice show each face: ``shown[face]`` for a face 1..6.

    A tuple indexed by the face, memoised, for the shared five dice of
    `_CANON`; a `Counter` for any other dice.
    """
    if not _canonical(dice):
        return Counter(dice)
    found = _COUNTS.get(dice)  # pragma: no mutate
    if found is None:
        counts = [0] * 7
        for d in dice:
            counts[d] += 1
        found = tuple(counts)
        _COUNTS[dice] = found  # pragma: no mutate
    return found


def _joined(kept: Dice, thrown: Dice) -> Dice:
    """The dice after a throw, sorted: the dice kept and those thrown.

    For five dice the result is the one shared tuple of `_CANON`, which
    later checks recognise by identity.
    """
    key = (kept, thrown)
    found = _JOINED.get(key)  # pragma: no mutate
    if found is None:
        dice = tuple(sorted(kept + thrown))
        found = _CANON.get(dice, dice)
        if found is not dice and len(_JOINED) < 8192:  # pragma: no mutate
            # five dice (one of `_CANON`): the 4,116 pairs of a kept and a thrown part
            _JOINED[key] = found  # pragma: no mutate
    return found


def _legal_keeps(dice: Dice) -> frozenset[Dice]:
    """The keeps `check_keep` allows after the first or second throw of ``dice``.

    Only for the five dice of `_CANON`: every sub-multiset but all five.
    """
    found = _KEEPS.get(dice)  # pragma: no mutate
    if found is None:
        found = frozenset(k for k in sub_multisets(dice) if len(k) < 5)
        _KEEPS[dice] = found  # pragma: no mutate
    return found


# --- the uses of the final dice -----------------------------------------------


def _row_problem(sheet: Sheet, shown: _Shown, face: int, count: int) -> Rejection | None:
    # the action's constructor made face and count ints (kniffel_rules._fields)
    if not 1 <= face <= 6:
        return Rejection.of(
            N_("the number rows are 1 to 6, there is no row {face}"), "MA-10", face=face
        )
    have = shown[face]
    if have < 2:
        return Rejection.of(
            N_("row {face} needs at least two dice showing {face}; the dice show {have}"),
            "MA-10",
            face=face,
            have=have,
        )
    if count != have:
        return Rejection.of(
            N_("row {face} moves by every die showing {face}: {have}, not {count}"),
            "MA-45",
            face=face,
            have=have,
            count=count,
        )
    if sheet.row(face) >= ROW_LENGTH:
        return Rejection.of(
            N_("row {face} is completed: it cannot be used for the rest of the game"),
            "MA-11",
            face=face,
        )
    return None


def _move_rows(sheet: Sheet, moves: Sequence[tuple[int, int]], shown: _Shown) -> _Step | Rejection:
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
            # no marker free with a row not started: at most two rows are
            # completed, so none is retired and all three stand on rows
            started = ", ".join(str(f) for f in range(1, 7) if 0 < sheet.row(f) < ROW_LENGTH)
            return Rejection.of(
                N_(
                    "no free marker to start row {face}: at most {limit} markers may stand on "
                    "number rows (rows {started} are started); one of them must be completed first"
                ),
                "MA-13",
                face=face,
                limit=NUMBER_ROW_MARKERS,
                started=started,
            )
        overhang += max(0, pos + count - ROW_LENGTH)
        if pos + count >= ROW_LENGTH:
            done.append(face)
        sheet = sheet.with_row(face, pos + count)
    return _Step(sheet, overhang, overhang, rows=tuple(sorted(done)))


_NOT_SHOWN = N_("the dice {dice} do not show {combo}")
_OTHERS_NOT_SHOWN = N_("the other dice {dice} do not show {combo}")


def _coin_problem(values: Dice, combo: Combo, template: str, rule: str) -> Rejection | None:
    if combo not in _sorted_combos(values):
        return Rejection.of(template, rule, dice=dice_text(values), combo=combo)
    return None


def _fulfil(sheet: Sheet, dice: Dice, task: Task) -> _Step | Rejection:
    if sheet.has_task(task):
        return Rejection.of(
            N_(
                "the task {task} is already fulfilled: the dice may go in the coin row "
                "as 'task already fulfilled' instead"
            ),
            "MA-09",
            task=task,
        )
    if task not in _sorted_tasks(dice):
        return Rejection.of(
            N_("the dice {dice} do not show {task}"), "MA-07", dice=dice_text(dice), task=task
        )
    return _Step(sheet.with_task(task), 0, 0, tasks=(task,))


def _number_rows(sheet: Sheet, dice: Dice, moves: tuple[tuple[int, int], ...]) -> _Step | Rejection:
    if not 1 <= len(moves) <= 2:
        return Rejection.of(
            N_("a number-row use moves one or two rows, not {count}"), "MA-10", count=len(moves)
        )
    if len(moves) == 2 and moves[0][0] == moves[1][0]:
        return Rejection(N_("the two number rows of one use must be different rows"), "MA-10")
    return _move_rows(sheet, moves, _counts(dice))


def _coins(sheet: Sheet, dice: Dice, combo: Combo, task: Task | None) -> _Step | Rejection:
    if combo is Combo.TASK_DONE:
        if task is None:
            return Rejection(N_("'task already fulfilled' must name the task it fulfils"), "MA-52")
        if not sheet.has_task(task):
            return Rejection.of(
                N_("the task {task} is not fulfilled yet: fulfil it for its stars"),
                "MA-15",
                task=task,
            )
        if task not in _sorted_tasks(dice):
            return Rejection.of(
                N_("the dice {dice} do not show {task}"), "MA-52", dice=dice_text(dice), task=task
            )
        return _Step(sheet, combo.coins, 0)
    problem = _coin_problem(dice, combo, _NOT_SHOWN, "MA-14")
    if problem is not None:
        return problem
    if task is not None:
        return Rejection.of(
            N_("only 'task already fulfilled' names a task, not {combo}"), "MA-52", combo=combo
        )
    return _Step(sheet, combo.coins, 0)


def _row_and_coins(
    sheet: Sheet, dice: Dice, face: int, count: int, combo: Combo
) -> _Step | Rejection:
    step = _move_rows(sheet, ((face, count),), _counts(dice))  # checks face and count too
    if isinstance(step, Rejection):
        return step
    if combo is Combo.TASK_DONE:
        return Rejection(
            N_(
                "beside a number row, the coin row takes a dice combination, "
                "not 'task already fulfilled'"
            ),
            "MA-47",
        )
    others = tuple(d for d in dice if d != face)
    problem = _coin_problem(others, combo, _OTHERS_NOT_SHOWN, "MA-47")
    if problem is not None:
        return problem
    return _Step(step.sheet, step.coins + combo.coins, step.overhang, step.tasks, step.rows)


def _evaluate(sheet: Sheet, dice: Dice, action: object) -> _Step | Rejection:
    if isinstance(action, Fulfil):
        return _fulfil(sheet, dice, action.task)
    if isinstance(action, NumberRows):
        return _number_rows(sheet, dice, action.moves)
    if isinstance(action, Coins):
        return _coins(sheet, dice, action.combo, action.task)
    if isinstance(action, RowAndCoins):
        return _row_and_coins(sheet, dice, action.face, action.dice, action.combo)
    return Rejection.of(
        N_("expected a use of the dice, got {shown}"),
        "MA-06",
        shown=said(action, action_to_text, __package__),
    )


def use_problem(sheet: Sheet, dice: Sequence[int], action: object) -> Rejection | None:
    """Why ``action`` is not a legal use of the final ``dice`` on ``sheet``, or ``None``.

    Args:
        sheet: The player's board.
        dice: The five dice, sorted.
        action: The candidate use.

    Returns:
        ``None`` if the use is legal, else the reason in a sentence, its
        ``.rule`` the clause id.

    Raises:
        InvalidStateError: ``sheet`` is not a `Sheet` or ``dice`` not five faces.
    """
    step = _evaluate(_check_sheet(sheet, "sheet"), dice_faces(dice, "dice", 5), action)
    return step if isinstance(step, Rejection) else None


# The last legal use `problem` judged, with its step: `apply` asks `problem`,
# then the transition needs the same step (`_use_outcome`), and finds it here
# instead of evaluating the use a second time. Everything in it is immutable
# and it is matched by identity, so a stale entry (another thread, another
# state) only misses.
_LAST: tuple[object, object, object, object] = (None, None, None, None)


def _judged(sheet: Sheet, dice: Dice, action: object) -> _Step | Rejection:
    """`_evaluate`, reusing the step `problem` just found for these very objects."""
    last = _LAST
    if last[2] is action and last[0] is sheet and last[1] is dice:
        return last[3]  # type: ignore[return-value]
    return _evaluate(sheet, dice, action)


@lru_cache(maxsize=512)
def _candidates(dice: Dice) -> tuple[Use, ...]:
    """Every use the dice could support on some sheet, in the documented order."""
    shown = Counter(dice)
    faces = sorted(f for f, c in shown.items() if c >= 2)
    out: list[Use] = [Fulfil(t) for t in _sorted_tasks(dice)]
    out += [NumberRows(((f, shown[f]),)) for f in faces]
    out += [NumberRows(((f, shown[f]), (g, shown[g]))) for f, g in itertools.combinations(faces, 2)]
    out += [Coins(c) for c in _sorted_combos(dice)]
    out += [Coins(Combo.TASK_DONE, t) for t in _sorted_tasks(dice)]
    for f in faces:
        others = tuple(d for d in dice if d != f)
        out += [RowAndCoins(f, shown[f], c) for c in _sorted_combos(others)]
    return tuple(out)


_Listed = tuple[tuple[Use, ...], tuple[Action, ...], tuple[Action, ...]]
_LEGAL: dict[tuple[object, ...], _Listed] = memo_table()
_T = TypeVar("_T")
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


def _check_sheet(sheet: object, path: str) -> Sheet:
    if not isinstance(sheet, Sheet):
        raise InvalidStateError(path, f"expected a master Sheet, got {type(sheet).__name__}")
    return sheet


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

    Raises:
        InvalidStateError: ``sheet`` is not a `Sheet` or ``dice`` not five faces.
    """
    return _legal_uses(_check_sheet(sheet, "sheet"), dice_faces(dice, "dice", 5))


_Parts = tuple[tuple[Use, ...], tuple[Use, ...], tuple[Use, ...], tuple[Use, ...]]
_DiceInfo = tuple[tuple[int, ...], tuple[tuple[int, int], ...], _Parts]
_DICE_INFO: dict[Dice, _DiceInfo] = memo_table()


def _dice_info(values: Dice) -> _DiceInfo:
    """What the legality of a use reads of the dice: the shown tasks' indices, the pairs.

    With them the candidates in four parts, in their order: `Fulfil`,
    `NumberRows`, `Coins` (the "task already fulfilled" ones last), `RowAndCoins`.
    """
    found = _DICE_INFO.get(values)  # pragma: no mutate
    if found is None:
        every = _candidates(values)
        parts = (
            tuple(a for a in every if isinstance(a, Fulfil)),
            tuple(a for a in every if isinstance(a, NumberRows)),
            tuple(a for a in every if isinstance(a, Coins)),
            tuple(a for a in every if isinstance(a, RowAndCoins)),
        )
        assert sum(parts, ()) == every  # the candidates come in these four parts
        found = (tuple(t.value for t in _sorted_tasks(values)), _pairs(values), parts)
        if len(_DICE_INFO) < 1024:  # pragma: no mutate
            _DICE_INFO[values] = found  # pragma: no mutate
    return found


# The legal uses are memoised on what the checks of the candidates read
# (`_evaluate`): the whole listing under one key, and, to fill it, each part
# of the candidates under the key of what its own checks read. Each entry
# is the candidates that the checks let through on the first board with
# that key; the keys are chosen so that every board with it gives the same.
_TASK_PARTS: dict[tuple[object, ...], tuple[tuple[Use, ...], tuple[Use, ...]]] = memo_table()
_ROW_PARTS: dict[tuple[object, ...], tuple[Use, ...]] = memo_table()
_MIXED_PARTS: dict[tuple[object, ...], tuple[Use, ...]] = memo_table()


def _passed(sheet: Sheet, values: Dice, uses: tuple[Use, ...]) -> tuple[Use, ...]:
    return tuple(a for a in uses if isinstance(_evaluate(sheet, values, a), _Step))


def _remember(memo: dict[tuple[object, ...], _T], key: tuple[object, ...], value: _T) -> _T:
    if len(memo) >= _LEGAL_LIMIT:  # pragma: no mutate
        memo.clear()
    memo[key] = value  # pragma: no mutate
    return value


def _legal_uses(sheet: Sheet, values: Dice) -> tuple[Use, ...]:
    return _listed(sheet, values)[0]


def _listed(sheet: Sheet, values: Dice) -> _Listed:
    """The legal uses, and the player's legal actions after the last and an earlier throw."""
    # What the checks read:
    # * a `Fulfil` and a "task already fulfilled" whether their task is
    #   fulfilled; a `Coins` of a combination the dice show nothing else;
    # * a number row whether the row is not started, moves, is completed by
    #   the move, or was completed (`_row_status`); only a row that is not
    #   started reads the markers: whether one is free (two, for two new
    #   rows). The other row of the use, completed first (`_move_rows`),
    #   frees its marker, or from the fourth completed row retires it
    #   (MA-12); that never decides: with a row not started and no free
    #   marker, at most two rows are completed (three markers, six rows);

    # * a `RowAndCoins` whether its row may move at all.
    info = _DICE_INFO.get(values)  # pragma: no mutate
    tidx, pairs, parts = _dice_info(values) if info is None else info  # pragma: no mutate
    tasks = sheet.tasks
    done = tuple([bool(tasks[i]) for i in tidx])
    rows = sheet.rows
    status = 0
    starts = False
    for face, count in pairs:
        here = _row_status(rows[face - 1], count)
        status = status * 4 + here
        starts = starts or here == 0
    markers: tuple[object, ...] = ()
    if starts:
        free = sheet.free_markers
        markers = (free if free < 2 else 2,)
    key = (values, done, status, *markers)
    found = _LEGAL.get(key)  # pragma: no mutate
    if found is None:
        uses = _assembled(sheet, values, parts, done, status, markers)
        final: tuple[Action, ...] = uses or (_PASS,)
        found = _remember(_LEGAL, key, (uses, final, (*final, *keep_actions(values))))
    return found


def _assembled(
    sheet: Sheet,
    values: Dice,
    parts: _Parts,
    done: tuple[bool, ...],
    status: int,
    markers: tuple[object, ...],
) -> tuple[Use, ...]:
    """The legal uses from the memoised legal parts of the candidates (`_legal_uses`)."""
    fulfils, rows, coins, mixed = parts
    tkey = (values, done)
    tpart = _TASK_PARTS.get(tkey)  # pragma: no mutate
    if tpart is None:
        tpart = (_passed(sheet, values, fulfils), _passed(sheet, values, coins))
        _remember(_TASK_PARTS, tkey, tpart)  # pragma: no mutate
    rkey = (_pairs(values), status, *markers)
    rpart = _ROW_PARTS.get(rkey)  # pragma: no mutate
    if rpart is None:
        rpart = _remember(_ROW_PARTS, rkey, _passed(sheet, values, rows))
    # a row may move alone unless it was completed, or is not started and
    # no marker is free
    free = bool(markers) and markers[0] > 0  # type: ignore[operator]
    movable = 0
    for face, count in _pairs(values):
        here = _row_status(sheet.rows[face - 1], count)
        movable = movable * 2 + (here != 3 and (here != 0 or free))
    mkey = (values, movable)
    mpart = _MIXED_PARTS.get(mkey)  # pragma: no mutate
    if mpart is None:
        mpart = _remember(_MIXED_PARTS, mkey, _passed(sheet, values, mixed))
    return tpart[0] + rpart + tpart[1] + mpart


def race_coins(rank: int, rules: Rules) -> int:
    """The race bonus for the ``rank``-th player (0: first) to fulfil a task or complete a row.

    Args:
        rank: How many other players did it before.
        rules: The rules (``race=False`` pays nothing).

    Returns:
        2 for the first, 1 for the second, 0 after that (MA-19).

    Raises:
        InvalidStateError: ``rank`` is not an int >= 0 or ``rules`` not master `Rules`.
    """
    if not is_int(rank) or rank < 0:
        raise InvalidStateError("rank", f"expected a count of players, got {brief(rank)}")
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected master.Rules, got {type(rules).__name__}")
    return _race_coins(rank, rules)


def _race_coins(rank: int, rules: Rules) -> int:
    if not rules.race:
        return 0
    return max(0, 2 - rank)


def use_outcome(
    sheets: Sequence[Sheet], player: int, dice: Sequence[int], action: object, rules: Rules
) -> Outcome | Rejection:
    """The effect of a use by ``player``, or the reason it is not legal.

    Args:
        sheets: Every player's board (the others decide the race).
        player: The seat using the dice.
        dice: The five dice, sorted.
        action: The use.
        rules: The rules.

    Returns:
        The `Outcome`, or the reason (from `use_problem`'s checks).

    Raises:
        InvalidStateError: ``sheets`` are not master `Sheet` objects (1 to 4),
            ``player`` not one of their seats, ``dice`` not five faces or
            ``rules`` not master `Rules`.
    """
    if isinstance(sheets, (str, bytes)) or not isinstance(sheets, Sequence):
        raise InvalidStateError("sheets", "expected a sequence of master Sheets")
    if not 1 <= len(sheets) <= 4:
        raise InvalidStateError("sheets", f"1 to 4 boards, got {len(sheets)}")
    boards = tuple(_check_sheet(s, f"sheets[{i}]") for i, s in enumerate(sheets))
    if not is_int(player) or not 0 <= player < len(boards):
        raise InvalidStateError(
            "player", f"expected a seat 0..{len(boards) - 1}, got {brief(player)}"
        )
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected master.Rules, got {type(rules).__name__}")
    return _use_outcome(boards, player, dice_faces(dice, "dice", 5), action, rules)


def _use_outcome(
    sheets: Sequence[Sheet], player: int, dice: Dice, action: object, rules: Rules
) -> Outcome | Rejection:
    sheet = sheets[player]
    step = _judged(sheet, dice, action)
    if isinstance(step, Rejection):
        return step
    race = 0
    if step.tasks or step.rows:  # nothing to race for otherwise
        others = [s for i, s in enumerate(sheets) if i != player]
        race = sum(_race_coins(sum(o.has_task(t) for o in others), rules) for t in step.tasks)
        race += sum(
            _race_coins(sum(o.row(f) >= ROW_LENGTH for o in others), rules) for f in step.rows
        )
    coins = step.coins + race
    after = step.sheet.with_coins(coins)
    return Outcome(after, after.stars - sheet.stars, coins, step.overhang, race)


# --- the turn: rolls, uses, passing -------------------------------------------


def _roll_problem(state: State, keep: tuple[int, ...]) -> Rejection | None:
    """Why keeping ``keep`` and throwing the other dice is not allowed now, or ``None``.

    The shared five-dice rule (MA-04, MA-05; keeping all five throws
    nothing, MA-42).
    """
    rolls, dice = state.rolls, state.dice
    # after a throw, `check_keep` allows exactly these keeps of five dice
    fast = (rolls == 1 or rolls == 2) and type(keep) is tuple and _canonical(dice)
    if fast and keep in _legal_keeps(dice):
        return None
    return check_keep(rolls, dice, keep, N_("use the dice"), _ROLL_RULES)


def _pass_problem(state: State) -> Rejection | None:
    """Why the player to move may not pass now, or ``None``.

    A turn passes only after a throw (MA-56) that allows no use (MA-42).
    """
    if state.rolls == 0:
        return _PASS_BEFORE_ROLL
    uses = _legal_uses(state.sheets[state.player], state.dice)
    if uses:
        return Rejection.of(
            N_("you may pass only when the dice allow no use; they allow {use}"),
            "MA-42",
            use=said(uses[0], action_to_text, __package__),
        )
    return None


def _turn_outcome(state: State, action: object) -> Outcome | Rejection:
    """The effect of a use by the player to move, or the reason it is not legal.

    A use follows a throw (MA-56), then `use_outcome` decides.

    Args:
        state: A state where a player decides (``Phase.DECIDE``).
        action: The use.
    """
    if state.rolls == 0:
        return _USE_BEFORE_ROLL
    return _use_outcome(state.sheets, state.player, state.dice, action, state.rules)


def problem(state: State, action: Action) -> Rejection | None:
    """Why the player to move may not take ``action``, or ``None`` (the ``problem`` hook).

    Args:
        state: A state where a player decides (``Phase.DECIDE``).
        action: One of the player actions of Master (any other object is the
            protocol misuse of `kniffel_rules.game.Game`).

    Returns:
        ``None`` if ``action`` is legal, else the reason with its clause id.
    """
    if isinstance(action, Roll):
        return _roll_problem(state, action.keep)
    if isinstance(action, Pass):
        return _pass_problem(state)
    if state.rolls == 0:
        return _USE_BEFORE_ROLL
    sheet, dice = state.sheets[state.player], state.dice
    if type(dice) is not tuple or _CANON.get(dice) is not dice or type(sheet) is not Sheet:
        return use_problem(sheet, dice, action)  # checks the board and the dice
    step = _evaluate(sheet, dice, action)
    if isinstance(step, Rejection):
        return step
    global _LAST
    _LAST = (sheet, dice, action, step)
    return None


def candidates(state: State) -> tuple[Action, ...]:
    """A superset of the legal actions of the player to move, in the documented order.

    Every use the dice could support on some board, then `Pass`, then the
    rolls (the first roll before the first throw, else every keep that
    throws a die); `problem` decides which are legal.
    """
    rolls = FIRST_ROLL if state.rolls == 0 else keep_actions(state.dice)
    return (*_candidates(state.dice), _PASS, *rolls)


def listing(state: State) -> tuple[Action, ...]:
    """The legal actions of the player to move, faster: the candidates `problem` lets through.

    The uses come from `legal_uses` (the same checks, memoised); `Pass` is
    there exactly when there is no use (`_pass_problem`); the rolls are
    every keep `_roll_problem` allows (`keep_actions` lists exactly the keeps
    that throw a die, and none is allowed after the third throw).
    """
    rolls = state.rolls
    if rolls == 0:
        return FIRST_ROLL
    listed = _listed(state.sheets[state.player], state.dice)
    return listed[1] if rolls >= 3 else listed[2]
