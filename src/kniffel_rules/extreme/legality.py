"""The rules of play of Kniffel Extreme, each written once.

`problem` is the one judge of a player's action (the judge of `kniffel_rules.game.Game`,
``why_illegal`` and ``apply`` ask it): `_roll_problem` for a `Roll`,
`_score_problem` for a `Score`, each a `Rejection` naming the clause of
``docs/rules/extreme.md`` (``EX-``), or ``None``. `candidates` lists a
superset of the legal actions in the documented order, and `listing` is the
fast listing that is the candidates `problem` lets through (the conformance
suite compares the two at every node it visits).

Order of the legal actions (stable within a minor version): at the start of
a turn exactly ``(Roll(),)``; after a throw, first ``Score(box)`` for every
open box in sheet order, then every ``Roll`` that throws at least one die,
by the number of six-sided dice kept, then lexicographically, the d10
thrown before the d10 kept. After the third throw the ``Roll`` actions are
offered only while the player has a chip (the fourth roll hands one in);
never after the fourth.
"""

from __future__ import annotations

from functools import cache

from kniffel_rules._fields import OpenBoxes
from kniffel_rules._i18n import N_
from kniffel_rules.dice import all_multisets, is_sub_multiset, keep_shortfall, sub_multisets
from kniffel_rules.errors import Rejection
from kniffel_rules.extreme.actions import Action, Roll, Score
from kniffel_rules.extreme.pieces import BOXES
from kniffel_rules.extreme.state import State

__all__ = [
    "candidates",
    "listing",
    "problem",
]

_FIRST_ROLL: tuple[Action, ...] = (Roll(),)
_SCORE = {box: Score(box) for box in BOXES}
_ALL_SCORES: tuple[Action, ...] = tuple(_SCORE.values())
# Score(box) for every box, indexed by ``Box.value`` (BOXES is in value order):
# the open boxes' Score actions are ``_open_boxes(_BY_INDEX, entries)``.
_BY_INDEX: tuple[Action, ...] = tuple(_SCORE[box] for box in sorted(BOXES, key=lambda b: b.value))
_open_boxes = OpenBoxes()
assert _BY_INDEX == _ALL_SCORES
# Every keep of five sorted d6 (their distinct sub-multisets): a set lookup
# instead of counting the faces for every roll.
_KEEPS: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {
    m: frozenset(sub_multisets(m)) for m in all_multisets(5)
}

_NO_FIFTH = Rejection(N_("at most one chip per turn: there is no fifth roll"), "EX-04")
_NO_CHIP = Rejection(N_("a fourth roll costs a chip, and all the chips are used up"), "EX-04")
_FIRST_THROWS_ALL = Rejection(N_("the first roll of a turn throws all six dice"), "EX-02")
_KEEP_ALL = Rejection(
    N_("keeping all six dice throws nothing: to stop, enter the dice in a box"), "EX-36"
)
_BEFORE_ROLL = Rejection(N_("roll the dice before entering a score"), "EX-36")


@cache
def _roll_actions(d6: tuple[int, ...]) -> tuple[Roll, ...]:
    """Every keep of ``d6`` (and the d10) that throws at least one die, in listing order."""
    return tuple(
        [
            _roll(keep, keep_d10)
            for keep in sub_multisets(d6)
            for keep_d10 in (False, True)
            if not (keep_d10 and len(keep) == len(d6))
        ]
    )


_set = object.__setattr__


def _roll(keep: tuple[int, ...], keep_d10: bool) -> Roll:
    """``Roll(keep, keep_d10)`` of a sub-multiset of sorted dice, without the converters.

    ``keep`` is already what the converter makes of it (a sorted tuple of
    ints), so the object equals the constructor's; the listing builds
    thousands of these once.
    """
    roll: Roll = object.__new__(Roll)
    _set(roll, "keep_d6", keep)
    _set(roll, "keep_d10", keep_d10)
    return roll


def _turn_roll_problem(state: State) -> Rejection | None:
    """Why the player may not roll at all now (after the first roll), or None.

    The part of `_roll_problem` that does not depend on the dice kept: no
    fifth roll, and a fourth roll only with a chip (EX-04).
    """
    if state.rolls >= 4:
        return _NO_FIFTH
    if state.rolls == 3 and state.sheets[state.player].chips == 0:
        return _NO_CHIP
    return None


def _roll_problem(state: State, action: Roll) -> Rejection | None:
    """Why ``action`` may not be taken now, or None (the one check of a `Roll`).

    The first roll throws all six dice (EX-02); at most one chip per turn,
    and a fourth roll costs one (EX-04); keeping all six dice is no roll
    (EX-36); only dice that show can be kept (EX-02).
    """
    if state.rolls == 0:
        if action.keep_d6 or action.keep_d10:
            return _FIRST_THROWS_ALL
        return None
    turn = _turn_roll_problem(state)
    if turn is not None:
        return turn
    if len(action.keep_d6) == 5 and action.keep_d10:
        return _KEEP_ALL
    keep = action.keep_d6
    keeps = _KEEPS.get(state.d6)  # five dice showing: their keeps are known
    if (keeps is not None and keep in keeps) or is_sub_multiset(keep, state.d6):
        return None
    return Rejection(keep_shortfall(keep, state.d6, "six-sided"), "EX-02")


def _score_problem(state: State, action: Score) -> Rejection | None:
    """Why ``action`` may not be taken now, or None (the one check of a `Score`).

    Not before the first roll (EX-36); only an open box (EX-03). The box is
    an Extreme `Box`: `Score` refuses anything else at construction.
    """
    if state.rolls == 0:
        return _BEFORE_ROLL
    box = action.box
    filled = state.sheets[state.player].entries[box._value_]
    if filled is not None:
        return Rejection.of(
            N_("box {box} is already filled ({filled})"), "EX-03", box=box, filled=filled
        )
    return None


def problem(state: State, action: Action) -> Rejection | None:
    """Why a player's action (a `Roll` or `Score`) is illegal in ``state``, or None."""
    if isinstance(action, Score):
        return _score_problem(state, action)
    return _roll_problem(state, action)


def candidates(state: State) -> tuple[Action, ...]:
    """A superset of the legal actions at a player's node, in the documented order.

    Every `Score` in sheet order, then the first roll before any throw, or
    every `Roll` that throws at least one of the dice showing.
    """
    if state.rolls == 0:
        return (*_ALL_SCORES, *_FIRST_ROLL)
    return (*_ALL_SCORES, *_roll_actions(state.d6))


def listing(state: State) -> tuple[Action, ...]:
    """The legal actions at a player's node: `candidates` that `problem` lets through.

    Fast, and the same set in the same order: before the first roll every
    `Score` is refused (EX-36) and ``Roll()`` is legal; after it, a `Score`
    of a `Box` is refused only when the box is filled, and the candidate
    rolls (sub-multisets of the dice showing, never all six) are refused
    exactly when `_turn_roll_problem` refuses any roll.
    """
    rolls = state.rolls
    if rolls == 0:
        return _FIRST_ROLL
    entries = state.sheets[state.player].entries
    scores = _open_boxes(_BY_INDEX, entries)
    if rolls >= 3 and _turn_roll_problem(state) is not None:  # never refuses before
        return scores
    return scores + _roll_actions(state.d6)
