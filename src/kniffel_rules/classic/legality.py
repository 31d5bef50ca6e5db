"""The rules of play of classic Kniffel, each written once.

* `entry_problem` is the rule of an entry: whether five final dice may go in
  a box (an open box of the sheet; an extra Kniffel under the joker rules,
  CL-17..CL-21); `_entry` is the effect of a legal entry (points, extra
  bonus, joker). `check_entry`, `entry_options` and `allowed_boxes` are
  built on these two.
* `_roll_problem` is the rule of a roll (`kniffel_rules._dicegame.check_keep`,
  then the full cup, CL-29); `_score_problem` the rule of a `Score`.
* `problem` is what the protocol (`kniffel_rules.game.Game`) asks of every player's action;
  `candidates` is the superset it filters and `listing` the fast listing
  that is provably the same set.
"""

from __future__ import annotations

from typing import Any

import attrs

from kniffel_rules._dicegame import FIRST_ROLL, check_keep, keep_actions
from kniffel_rules._fields import OpenBoxes
from kniffel_rules._i18n import N_
from kniffel_rules._text import brief
from kniffel_rules.classic.actions import Action, Roll, Score
from kniffel_rules.classic.combinations import _natural_scores
from kniffel_rules.classic.pieces import (
    BOXES,
    CROATIAN_BOXES,
    LOWER,
    UPPER,
    Box,
    check_rules,
    sheet_boxes,
)
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Sheet, State
from kniffel_rules.dice import all_multisets
from kniffel_rules.errors import InvalidStateError, Rejection

__all__ = [
    "Entry",
    "allowed_boxes",
    "candidates",
    "check_entry",
    "entry_options",
    "entry_problem",
    "listing",
    "problem",
]


@attrs.frozen(slots=True)
class Entry:
    """The effect of entering a roll in a box.

    Attributes:
        value: The points written in the box.
        bonus: The extra-Kniffel bonus points credited with it.
        joker: Whether the entry uses the joker rule.
    """

    value: int
    bonus: int = 0
    joker: bool = False


def _is_extra_kniffel(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> bool:
    """Five equal dice while the Kniffel box is already filled (50 or struck 0; CL-17)."""
    return (
        not rules.croatian
        and len(dice) == 5
        and dice[0] == dice[4]
        and sheet.entries[Box.KNIFFEL.value] is not None
    )


def _off_sheet(box: Box, rules: Rules) -> Rejection:
    """The refusal of ``box`` where the sheet under ``rules`` lacks it (CL-30).

    The words of the Croatian sheet or of the standard one; the caller has
    found ``box`` missing from `sheet_boxes`.
    """
    template = (
        N_("the Croatian sheet has no box {box}")
        if rules.croatian
        else N_("the standard sheet has no box {box}")
    )
    return Rejection.of(template, "CL-30", box=box)


def entry_problem(sheet: Sheet, dice: tuple[int, ...], box: Box, rules: Rules) -> Rejection | None:
    """Why five final dice may not go in ``box``, or ``None``: the one rule of an entry.

    A box must be on the sheet (CL-30) and open (CL-07). Only an extra
    Kniffel under the ``"schmidt"`` and ``"forced"`` joker rules is
    restricted further: the matching upper box while it is open (CL-18),
    else an open lower box, and an upper box only once every lower box is
    filled (CL-19, CL-20).

    Args:
        sheet: The player's sheet before the entry.
        dice: The five dice, sorted and valid.
        box: The box asked for.
        rules: The rules.

    Returns:
        ``None`` for a legal box, else the `Rejection` (text and clause id).
    """
    if box not in sheet_boxes(rules):
        return _off_sheet(box, rules)
    filled = sheet.entries[box._value_]  # ``box.value`` without the enum property's calls
    if filled is not None:
        return Rejection.of(
            N_("box {box} is already filled ({filled})"), "CL-07", box=box, filled=filled
        )
    if rules.joker not in ("schmidt", "forced") or not _is_extra_kniffel(sheet, dice, rules):
        return None
    match = UPPER[dice[0] - 1]
    if sheet.entries[match.value] is None:
        if box is not match:
            return Rejection.of(
                N_(
                    "an extra Kniffel of {match} must be entered in {match} "
                    "while that box is open (joker rule)"
                ),
                "CL-18",
                match=match,
            )
        return None
    if box in UPPER and any(sheet.entries[b.value] is None for b in LOWER):
        return Rejection.of(
            N_(
                "an extra Kniffel with {match} filled is a joker: it must go in an "
                "open lower box, not {box} (joker rule)"
            ),
            "CL-19",
            match=match,
            box=box,
        )
    return None


def _bonus_earned(sheet: Sheet, rules: Rules) -> int:
    if rules.extra_kniffel_bonus == 0:
        return 0
    kniffel = sheet.entries[Box.KNIFFEL.value]
    if rules.extra_bonus_requires_fifty and kniffel != rules.kniffel_score:
        return 0
    return rules.extra_kniffel_bonus


def _joker_value(box: Box, natural: tuple[int, ...], rules: Rules) -> int:
    index: int = box.value
    if box is Box.FULL_HOUSE:
        return rules.full_house_score
    if box is Box.SMALL_STRAIGHT:
        return rules.small_straight_score
    if box is Box.LARGE_STRAIGHT:
        return rules.large_straight_score
    return natural[index]


def _entry(sheet: Sheet, dice: tuple[int, ...], box: Box, rules: Rules) -> Entry:
    """The effect of entering five final dice in ``box``, a box `entry_problem` allows.

    The value is the natural score, except for an extra Kniffel: under
    ``"free"`` once its upper box is filled, and under ``"schmidt"`` and
    ``"forced"`` in a lower box, it is a joker (Full House and the straights
    their fixed values, CL-19); struck in an upper box it scores 0 (CL-20).
    The bonus follows the joker mode (CL-21, CL-22, CL-41..CL-44).

    Args:
        sheet: The player's sheet before the entry.
        dice: The five dice, sorted and valid.
        box: A box that `entry_problem` accepts (not checked again).
        rules: The rules.

    Returns:
        The `Entry`.
    """
    natural = _natural_scores(dice, rules)
    if not _is_extra_kniffel(sheet, dice, rules):
        return Entry(natural[box.value])
    bonus = _bonus_earned(sheet, rules)
    match_open = sheet.entries[UPPER[dice[0] - 1].value] is None
    if rules.joker == "none":
        return Entry(natural[box.value], bonus)
    if rules.joker == "free":
        if match_open:
            return Entry(natural[box.value], bonus)
        return Entry(_joker_value(box, natural, rules), bonus, joker=box in LOWER)
    # "schmidt" and "forced": the matching upper box, else the lower section, else strike.
    if match_open:
        return Entry(natural[box.value], bonus)
    forced_bonus = bonus if rules.joker == "forced" else 0
    if box in UPPER:
        return Entry(0, forced_bonus)
    return Entry(_joker_value(box, natural, rules), forced_bonus, joker=True)


_ROLLS = frozenset(all_multisets(5))


def _check_arguments(sheet: object, dice: object, rules: object) -> None:
    """The arguments of the public entry functions: a `Sheet`, five sorted dice, `Rules`."""
    if not isinstance(sheet, Sheet):
        raise InvalidStateError("sheet", f"expected a classic Sheet, got {type(sheet).__name__}")
    if not isinstance(dice, tuple) or dice not in _ROLLS:
        raise InvalidStateError("dice", f"expected five sorted faces 1..6, got {brief(dice)}")
    check_rules(rules)


def check_entry(sheet: Sheet, dice: tuple[int, ...], box: Box, rules: Rules) -> Entry | Rejection:
    """Whether five final dice may go in ``box``, and with what effect.

    `entry_problem` and `_entry` in one call.

    Args:
        sheet: The player's sheet before the entry.
        dice: The five dice, sorted and valid.
        box: The box asked for.
        rules: The rules.

    Returns:
        The `Entry`, or the reason why the roll may not go there: a
        `Rejection`, a ``str`` carrying the clause id in ``.rule``.
    """
    _check_arguments(sheet, dice, rules)
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected a classic Box, got {brief(box)}")
    reason = entry_problem(sheet, dice, box, rules)
    return _entry(sheet, dice, box, rules) if reason is None else reason


def entry_options(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> dict[Box, Entry]:
    """Every box the final roll may go in, with its effect, in sheet order.

    Raises:
        InvalidStateError: Not a `Sheet`, five sorted dice 1..6 and `Rules`.
    """
    _check_arguments(sheet, dice, rules)
    return {
        box: _entry(sheet, dice, box, rules)
        for box in sheet_boxes(rules)
        if entry_problem(sheet, dice, box, rules) is None
    }


_INDEXED = {
    False: tuple((b, b.value) for b in BOXES),
    True: tuple((b, b.value) for b in CROATIAN_BOXES),
}


def allowed_boxes(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> tuple[Box, ...]:
    """The boxes `entry_problem` accepts, in sheet order, computed faster.

    Unless the roll is an extra Kniffel, `entry_problem` accepts exactly the
    open boxes of the sheet (its joker clauses apply to an extra Kniffel
    only); then every box of the sheet is asked.

    Raises:
        InvalidStateError: Not a `Sheet`, five sorted dice 1..6 and `Rules`.
    """
    _check_arguments(sheet, dice, rules)
    return _allowed_boxes(sheet, dice, rules)


def _allowed_boxes(sheet: Sheet, dice: tuple[int, ...], rules: Rules) -> tuple[Box, ...]:
    if _is_extra_kniffel(sheet, dice, rules):
        return tuple(b for b in sheet_boxes(rules) if entry_problem(sheet, dice, b, rules) is None)
    return _open(sheet.entries, _INDEXED[rules.croatian])


def _open(entries: tuple[int | None, ...], table: tuple[tuple[Any, int], ...]) -> tuple[Any, ...]:
    """The items of ``table`` (item, box index) whose box is open in ``entries``, in order."""
    return tuple([item for item, i in table if entries[i] is None])


_ROLL_RULES = {"rolls": "CL-04", "first": "CL-04", "all": "CL-47", "keep": "CL-05"}


def _roll_problem(state: State, roll: Roll) -> Rejection | None:
    """Why ``roll`` is not allowed now, or ``None``: the one rule of a roll.

    At most three rolls, the first throws all five dice (CL-04); only dice
    showing can be kept (CL-05); keeping all five is no roll (CL-47); under
    full cup no die is kept (CL-29).
    """
    keep = roll.keep
    reason = check_keep(state.rolls, state.dice, keep, N_("enter the dice in a box"), _ROLL_RULES)
    if reason is None and keep and state.rules.full_cup:
        return Rejection(
            N_("full cup (St. Galler) rules: every roll throws all five dice, none may be kept"),
            "CL-29",
        )
    return reason


def _score_problem(state: State, action: Score) -> Rejection | None:
    """Why ``action`` may not be entered now, or ``None``.

    Not before the first roll (CL-47); a `Score` whose box is not a classic
    `Box` is not an action of this game (``PR-01``); then `entry_problem`.
    """
    if state.rolls == 0:
        return Rejection(N_("roll the dice before entering a score"), "CL-47")
    box: object = action.box
    if not isinstance(box, Box):
        return Rejection.of(
            N_("Score needs a {game} Box, got {got}"), "PR-01", game="classic", got=brief(box)
        )
    return entry_problem(state.sheets[state.player], state.dice, box, state.rules)


def problem(state: State, action: Action) -> Rejection | None:
    """Why a player's ``action`` is illegal in ``state`` (a player's node), or ``None``."""
    if isinstance(action, Score):
        return _score_problem(state, action)
    return _roll_problem(state, action)


_SCORE = {box: Score(box) for box in BOXES + CROATIAN_BOXES[6:]}
# `Score` of each box of a sheet with the box's index, as `_INDEXED`.
_SCORES_INDEXED = {
    croatian: tuple((_SCORE[b], i) for b, i in table) for croatian, table in _INDEXED.items()
}


# The `Score` of each box of the standard sheet, whose boxes are entries
# 0..12 in sheet order (`listing` relies on it).
_STANDARD_SCORES = tuple(score for score, _ in _SCORES_INDEXED[False])
assert all(i == n for n, (_, i) in enumerate(_SCORES_INDEXED[False]))
# Their open ones for a sheet's entries, remembered for the last sheet listed.
_open_boxes = OpenBoxes()


def candidates(state: State) -> tuple[Action, ...]:
    """A superset of the legal actions at a player's node, in the documented order.

    Every box of the sheet, then ``Roll()`` and every other keep of the dice
    showing that throws a die (`kniffel_rules._dicegame.keep_actions`).
    """
    scores: tuple[Action, ...] = tuple(_SCORE[b] for b in sheet_boxes(state.rules))
    if state.rolls == 0:
        return (*scores, *FIRST_ROLL)
    return (*scores, *keep_actions(state.dice))


def listing(state: State) -> tuple[Action, ...]:
    """The legal actions at a player's node, fast: provably ``candidates`` filtered by `problem`.

    Before the first roll `_score_problem` refuses every box and
    `_roll_problem` all but ``Roll()``; after it, the boxes are
    `allowed_boxes` (= `entry_problem`'s), and the rolls are none after the
    third (CL-04), only ``Roll()`` under full cup (CL-29), else every keep
    that throws a die (``Roll()`` is the first of `keep_actions`).
    """
    rolls = state.rolls
    if rolls == 0:
        return FIRST_ROLL
    sheet = state.sheets[state.player]
    dice = state.dice
    rules = state.rules
    scores: tuple[Action, ...]
    if _is_extra_kniffel(sheet, dice, rules):
        scores = tuple(_SCORE[b] for b in _allowed_boxes(sheet, dice, rules))
    elif rules.croatian:
        # `_allowed_boxes` of a roll that is no extra Kniffel, as actions.
        scores = _open(sheet.entries, _SCORES_INDEXED[True])
    else:
        # The same for the standard sheet, whose boxes are entries 0..12 in
        # sheet order: read without a Python frame per box, once per sheet.
        scores = _open_boxes(_STANDARD_SCORES, sheet.entries)
    if rolls >= 3:
        return scores
    if rules.full_cup:
        return scores + FIRST_ROLL
    return scores + keep_actions(dice)
