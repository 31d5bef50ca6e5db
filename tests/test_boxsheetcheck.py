"""The box-sheet kit serves a game it was not written for (issue 27).

Scandinavian Yatzy (15 boxes, 50 for 63 in the upper section, no extra
bonus, no jokers) is built here from nothing but its layout, its scoring
function and the four hooks of a toy engine: the kit reads its sheets,
checks each box, judges the sums as written and replays recorded rolls.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from kniffel_rules._boxsheetcheck import (
    DiceTurn,
    Entered,
    Refused,
    Report,
    SheetSpec,
    SheetVerifier,
    box_infos,
    five_dice_replay,
    five_dice_turns,
)
from kniffel_rules.boxsheet import Layout
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import IllegalActionError, InvalidStateError


class Box(enum.Enum):
    """The boxes of a Scandinavian Yatzy sheet."""

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    ONE_PAIR = 6
    TWO_PAIRS = 7
    THREE_OF_A_KIND = 8
    FOUR_OF_A_KIND = 9
    SMALL_STRAIGHT = 10
    LARGE_STRAIGHT = 11
    FULL_HOUSE = 12
    CHANCE = 13
    YATZY = 14

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


def score(box: Box, dice: tuple[int, ...]) -> int:
    """What five sorted dice score in ``box`` (the game's scoring function)."""
    counts = {face: dice.count(face) for face in set(dice)}
    pairs = sorted((f for f, n in counts.items() if n >= 2), reverse=True)
    if box.value < 6:
        return (box.value + 1) * counts.get(box.value + 1, 0)
    if box is Box.ONE_PAIR:
        return 2 * pairs[0] if pairs else 0
    if box is Box.TWO_PAIRS:
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if box in (Box.THREE_OF_A_KIND, Box.FOUR_OF_A_KIND):
        need = 3 if box is Box.THREE_OF_A_KIND else 4
        return max((need * f for f, n in counts.items() if n >= need), default=0)
    if box is Box.SMALL_STRAIGHT:
        return 15 if dice == (1, 2, 3, 4, 5) else 0
    if box is Box.LARGE_STRAIGHT:
        return 20 if dice == (2, 3, 4, 5, 6) else 0
    if box is Box.FULL_HOUSE:
        return sum(dice) if sorted(counts.values()) == [2, 3] else 0
    if box is Box.CHANCE:
        return sum(dice)
    return 50 if len(counts) == 1 else 0


ALL_DICE = [tuple(d) for d in itertools.combinations_with_replacement(range(1, 7), 5)]
POSSIBLE = {b: frozenset({0, *(score(b, d) for d in ALL_DICE)}) for b in Box}
LAYOUT = Layout(
    keys=tuple(b.key for b in Box),
    boxes=tuple(range(15)),
    upper=tuple(range(6)),
    lower=tuple(range(6, 15)),
    threshold=63,
    bonus=50,
    extra_bonus=False,
)


@attrs.frozen
class State:
    """The toy engine's solo game: the dice showing, the rolls made, the boxes filled."""

    dice: tuple[int, ...] = ()
    rolls: int = 0
    filled: frozenset[Box] = frozenset()


@attrs.frozen
class Roll:
    keep: tuple[int, ...]


@attrs.frozen
class Score:
    box: Box


def apply(state: State, action: Any) -> State:
    if isinstance(action, Roll):
        if state.rolls >= 3:
            raise IllegalActionError("three rolls a turn at most", "SY-02")
        return attrs.evolve(state, dice=action.keep)
    if isinstance(action, DiceRoll):
        return attrs.evolve(
            state, dice=tuple(sorted(state.dice + action.values)), rolls=state.rolls + 1
        )
    assert isinstance(action, Score)
    return State(filled=state.filled | {action.box})


def enter(start: State, state: State, box: Box, written: Mapping[str, int]) -> Entered | Refused:
    if box in state.filled:
        return Refused("SY-03", "that box was already filled", attrs.evolve(start))
    return Entered(score(box, state.dice), "SY-05", apply(state, Score(box)))


def resume(start: State, turn: DiceTurn) -> State:
    return attrs.evolve(start, dice=turn.rolls[-1][1], rolls=min(len(turn.rolls), 3))


SPEC = SheetSpec(
    variant="yatzy",
    boxes=box_infos(Box, dict.fromkeys(Box, "SY-05"), POSSIBLE.__getitem__, {}),
    layout=LAYOUT,
    rules={
        "bonus": "SY-06",
        "totals": "SY-07",
        "filled": "SY-07",
        "games": "SY-07",
        "series": "SY-07",
        "placement": "SY-07",
        "extra": "SY-07",
    },
    max_games=1,
    check_extra_bonus=lambda entries, bonus, doubtful, emit: None,
    read_turn=five_dice_turns({b.key: b for b in Box}),
    replay=five_dice_replay(
        start=State(),
        apply=apply,
        roll=Roll,
        resume=resume,
        enter=enter,
        extra_bonus=lambda state: None,
        roll_rule="SY-02",
        turn_rule="SY-03",
    ),
)
VERIFIER = SheetVerifier("yatzy", lambda rules: SPEC)


def verify(game: dict[str, Any]) -> Report:
    return VERIFIER.verify({"variant": "yatzy", "players": [{"name": "Ann", "games": [game]}]})


def found(report: Report) -> list[tuple[str, Any, Any, str]]:
    return [(f.field, f.found, f.expected, f.rule) for f in report.findings]


def test_a_right_sheet_with_the_bonus_at_63() -> None:
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    game = {**upper, "yatzy": 50, "upper_sum": 63, "upper_bonus": 50, "total": 163}
    assert verify(game).ok


def test_each_box_holds_what_the_scoring_gives() -> None:
    report = verify({"small_straight": 20, "one_pair": 7, "chance": 30})
    assert found(report) == [
        ("one_pair", 7, (0, 2, 4, 6, 8, 10, 12), "SY-05"),
        ("small_straight", 20, (0, 15), "SY-05"),
    ]


def test_the_sums_are_judged_as_written() -> None:
    game = {"sixes": 30, "fives": 25, "fours": 8, "upper_sum": 62, "upper_bonus": 50}
    report = verify(game)
    assert found(report) == [("upper_sum", 62, 63, "SY-07")]  # the bonus follows from 63


def test_a_sheet_of_this_game_has_no_extra_bonus_line() -> None:
    with pytest.raises(InvalidStateError, match="extra_kniffel_bonus"):
        verify({"ones": 3, "extra_kniffel_bonus": 0})


def test_recorded_rolls_are_replayed_against_the_dice() -> None:
    turns = [
        {"box": "full_house", "rolls": [{"dice": [2, 2, 3, 5, 6]},
                                        {"keep": [2, 2], "dice": [2, 2, 3, 3, 3]}]},
        {"box": "yatzy", "rolls": [{"dice": [1, 1, 4, 4, 6]}]},
        {"box": "chance", "rolls": [{"dice": [1, 2, 3, 4, 6]},
                                    {"keep": [5], "dice": [1, 2, 3, 4, 6]}]},
    ]  # fmt: skip
    report = verify({"full_house": 13, "yatzy": 50, "chance": 16, "turns": turns})
    assert found(report) == [
        ("yatzy", 50, 0, "SY-05"),
        ("turns[2]", [1, 2, 3, 4, 6], "five dice including the kept [5]", "SY-02"),
    ]
    assert report.findings[0].message == (
        "Ann, game 1: Yatzy holds 50, but the dice 1, 1, 4, 4, 6 score 0 there (turn 2)."
    )


def test_a_fourth_roll_is_refused_by_the_engine() -> None:
    roll = {"keep": [6], "dice": [1, 2, 3, 4, 6]}
    turns = [{"box": "chance", "rolls": [{"dice": [1, 2, 3, 4, 6]}, roll, roll, roll]}]
    report = verify({"chance": 16, "turns": turns})
    assert found(report) == [("turns[0]", [6], None, "SY-02")]
    assert "roll 4 of turn 1: three rolls a turn at most." in report.findings[0].message
