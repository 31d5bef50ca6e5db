"""Exact refusals and clause ids of Master's rules: why_illegal, is_legal, apply.

Every refusal a rule of the game causes names its clause on
``docs/rules/master.md``; protocol misuse names a ``PR-`` clause of
``docs/protocol.md``. ``apply`` raises exactly what ``why_illegal`` returns,
and ``legal_actions`` is the candidates ``why_illegal`` lets through.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from kniffel_rules import CHANCE, DiceRoll, IllegalActionError, master
from kniffel_rules.errors import Rejection
from kniffel_rules.game import PROTOCOL_CLAUSES
from kniffel_rules.master import (
    Coins,
    Combo,
    Fulfil,
    NumberRows,
    Pass,
    Roll,
    RowAndCoins,
    Rules,
    Sheet,
    Task,
    is_legal,
    legality,
    new_game,
    why_illegal,
)
from kniffel_rules.master.engine import GAME, outcome
from kniffel_rules.master.legality import use_problem
from master.helpers import board, position

C, T = Combo, Task

_DOCS = Path(__file__).resolve().parents[2] / "docs"
_CLAUSE = re.compile(r"\b(?:MA|PR)-\d{2}\b")
DOCUMENTED = set(_CLAUSE.findall((_DOCS / "rules" / "master.md").read_text(encoding="utf-8")))
PROTOCOL = set(_CLAUSE.findall((_DOCS / "protocol.md").read_text(encoding="utf-8")))
DOCUMENTED |= {i for i in PROTOCOL if i.startswith("PR-")} & set(PROTOCOL_CLAUSES)


def reason(state: master.State, action: object) -> tuple[str, str]:
    """The refusal of ``action`` as (text, clause id); ``apply`` raises the same."""
    got = why_illegal(state, action)
    assert isinstance(got, Rejection), (state, action)
    with pytest.raises(IllegalActionError) as info:
        master.apply(state, action)  # type: ignore[arg-type]
    assert (str(info.value), info.value.rule) == (str(got), got.rule)
    return str(got), got.rule


# --- the refusals, one by one -------------------------------------------------


@pytest.mark.rule("MA-56")
def test_before_the_first_roll_the_dice_can_be_neither_used_nor_passed() -> None:
    s = new_game()
    assert reason(s, Coins(C.PAIR)) == ("roll the dice before using them", "MA-56")
    assert reason(s, Fulfil(T.KNIFFEL)) == ("roll the dice before using them", "MA-56")
    assert reason(s, Pass()) == ("roll the dice before passing", "MA-56")
    assert master.legal_actions(s) == (Roll(),)
    with pytest.raises(IllegalActionError) as info:
        outcome(s, Coins(C.PAIR))
    assert (str(info.value), info.value.rule) == ("roll the dice before using them", "MA-56")


@pytest.mark.rule("MA-04", "MA-05", "MA-42")
def test_roll_refusals_name_the_clause() -> None:
    assert reason(new_game(), Roll((3,))) == (
        "the first roll of a turn throws all five dice",
        "MA-04",
    )
    s = position(Sheet(), (1, 3, 3, 5, 6))
    assert reason(s, Roll((4,))) == (
        "cannot keep 4: there is no 4 among 1 3 3 5 6",
        "MA-04",
    )
    assert reason(s, Roll((1, 3, 3, 5, 6))) == (
        "keeping all five dice throws nothing: to stop, use the dice",
        "MA-42",
    )
    third = position(Sheet(), (1, 3, 3, 5, 6), rolls=3)
    assert reason(third, Roll((1,))) == (
        "a turn has at most three rolls: use the dice",
        "MA-05",
    )


@pytest.mark.rule("MA-42")
def test_a_pass_while_a_use_is_possible_names_the_use() -> None:
    s = position(Sheet(), (2, 2, 5, 5, 6))
    assert reason(s, Pass()) == (
        "you may pass only when the dice allow no use; they allow 'rows 2x2'",
        "MA-42",
    )
    stuck = position(Sheet(), (1, 2, 3, 5, 6))
    assert why_illegal(stuck, Pass()) is None and is_legal(stuck, Pass())


@pytest.mark.rule("MA-07", "MA-09", "MA-10", "MA-11", "MA-13", "MA-45")
def test_task_and_row_refusals_name_the_clause() -> None:
    s = position(board(tasks=[T.FULL_HOUSE], rows={5: 8}), (2, 2, 5, 5, 6))
    assert reason(s, Fulfil(T.KNIFFEL)) == ("the dice 2 2 5 5 6 do not show Kniffel", "MA-07")
    full = position(board(tasks=[T.FULL_HOUSE]), (3, 3, 3, 5, 5))
    assert reason(full, Fulfil(T.FULL_HOUSE)) == (
        "the task Full House is already fulfilled: the dice may go in the coin row "
        "as 'task already fulfilled' instead",
        "MA-09",
    )
    assert reason(s, NumberRows([(7, 2)])) == (
        "the number rows are 1 to 6, there is no row 7",
        "MA-10",
    )
    assert reason(s, NumberRows([(6, 1)])) == (
        "row 6 needs at least two dice showing 6; the dice show 1",
        "MA-10",
    )
    assert reason(s, NumberRows([(2, 3)])) == (
        "row 2 moves by every die showing 2: 2, not 3",
        "MA-45",
    )
    assert reason(s, NumberRows([(5, 2)])) == (
        "row 5 is completed: it cannot be used for the rest of the game",
        "MA-11",
    )
    assert reason(s, NumberRows([])) == ("a number-row use moves one or two rows, not 0", "MA-10")
    assert reason(s, NumberRows([(2, 2), (5, 2), (6, 1)])) == (
        "a number-row use moves one or two rows, not 3",
        "MA-10",
    )
    assert reason(s, NumberRows([(2, 2), (2, 2)])) == (
        "the two number rows of one use must be different rows",
        "MA-10",
    )
    three = position(board(rows={1: 3, 3: 4, 4: 2}), (2, 2, 5, 5, 6))
    assert reason(three, NumberRows([(2, 2)])) == (
        "no free marker to start row 2: at most 3 markers may stand on number rows "
        "(rows 1, 3, 4 are started); one of them must be completed first",
        "MA-13",
    )
    # the rows listed are those with a marker on them: not the completed
    # one (row 2), and row 6 (the last) once
    mixed = position(board(rows={1: 2, 2: 8, 4: 2, 6: 7}), (2, 3, 5, 5, 6))
    assert reason(mixed, NumberRows([(5, 2)])) == (
        "no free marker to start row 5: at most 3 markers may stand on number rows "
        "(rows 1, 4, 6 are started); one of them must be completed first",
        "MA-13",
    )


@pytest.mark.rule("MA-14", "MA-15", "MA-18", "MA-19")
def test_only_completed_rows_overhang() -> None:
    """A task or a coin use moves the coin row by its coins and the race, never by an overhang."""
    sheets = (board(rows={3: 6}), board(tasks=[T.FULL_HOUSE]))
    dice = (3, 3, 3, 5, 5)
    seen = {}
    for seat, action in [
        (0, Fulfil(T.FULL_HOUSE)),
        (0, Coins(C.THREE_OF_A_KIND)),
        (1, Coins(C.TASK_DONE, T.FULL_HOUSE)),
        (0, NumberRows([(3, 3)])),
    ]:
        got = legality.use_outcome(sheets, seat, dice, action, Rules())
        assert isinstance(got, legality.Outcome), got
        seen[str(action)] = (got.stars, got.coins, got.overhang, got.race)
    assert seen == {
        "fulfil Full House (+1 star)": (1, 1, 0, 1),  # second to fulfil it: 1 race coin
        "coins: three of a kind (+2)": (0, 2, 0, 0),
        "coins: Full House already fulfilled (+3)": (0, 3, 0, 0),
        "row 3 (+3)": (1, 3, 1, 2),  # 6 + 3 spaces of 8: one over, first to complete it
    }


def test_a_judged_use_is_reused_only_for_the_same_board_dice_and_use() -> None:
    """`problem` remembers its last legal use for `turn_outcome`: by identity of all three."""
    dice = legality._joined((), (3, 3, 3, 5, 5))  # the shared five-dice tuple `problem` trusts
    s = attrs.evolve(position(board(), (3, 3, 3, 5, 5)), dice=dice)
    use = Fulfil(T.FULL_HOUSE)

    def judged_then(state: master.State, action: object) -> object:
        assert legality.problem(s, use) is None  # remembers (board, dice, use)
        return legality._turn_outcome(state, action)

    def fresh(state: master.State, action: object) -> object:  # with a new tuple of the dice
        return legality._turn_outcome(attrs.evolve(state, dice=(*state.dice,)), action)

    other_use = Coins(C.PAIR)
    done_board = attrs.evolve(s, sheets=(board(tasks=[T.FULL_HOUSE]),))
    other_dice = attrs.evolve(s, dice=legality._joined((), (2, 2, 5, 5, 6)))
    assert done_board.dice is s.dice and other_dice.sheets is s.sheets
    for state, action in [(s, other_use), (done_board, use), (other_dice, use), (s, use)]:
        assert judged_then(state, action) == fresh(state, action), (state, action)
    assert isinstance(judged_then(done_board, use), Rejection)  # MA-09, not the remembered step
    assert isinstance(judged_then(other_dice, use), Rejection)  # MA-07


@pytest.mark.rule("MA-06", "MA-14", "MA-15", "MA-47", "MA-52")
def test_coin_refusals_name_the_clause() -> None:
    s = position(board(tasks=[T.SMALL_STRAIGHT]), (2, 2, 3, 3, 6))
    assert reason(s, Coins(C.FOUR_OF_A_KIND)) == (
        "the dice 2 2 3 3 6 do not show four of a kind",
        "MA-14",
    )
    assert reason(s, Coins(C.PAIR, T.KNIFFEL)) == (
        "only 'task already fulfilled' names a task, not pair",
        "MA-52",
    )
    assert reason(s, Coins(C.TASK_DONE)) == (
        "'task already fulfilled' must name the task it fulfils",
        "MA-52",
    )
    assert reason(s, Coins(C.TASK_DONE, T.KNIFFEL)) == (
        "the task Kniffel is not fulfilled yet: fulfil it for its stars",
        "MA-15",
    )
    assert reason(s, Coins(C.TASK_DONE, T.SMALL_STRAIGHT)) == (
        "the dice 2 2 3 3 6 do not show Small straight",
        "MA-52",
    )
    assert reason(s, RowAndCoins(2, 2, C.TASK_DONE)) == (
        "beside a number row, the coin row takes a dice combination, not 'task already fulfilled'",
        "MA-47",
    )
    assert reason(s, RowAndCoins(2, 2, C.THREE_OF_A_KIND)) == (
        "the other dice 3 3 6 do not show three of a kind",
        "MA-47",
    )
    not_a_use = use_problem(s.sheets[0], s.dice, Roll())
    assert not_a_use is not None
    assert (str(not_a_use), not_a_use.rule) == (
        "expected a use of the dice, got 'roll'",
        "MA-06",
    )
    assert not_a_use.localized("de") == (  # the action as the German menu names it
        "Erwartet wird eine Nutzung der Würfel, erhalten: 'alle Würfel werfen'"
    )
    passing = master.why_illegal(s, Pass())
    assert passing is not None and passing.rule == "MA-42"
    assert str(passing) == "you may pass only when the dice allow no use; they allow 'rows 2x2'"
    assert passing.localized("de") == (
        "Passen darf nur, wessen Würfel sich nicht nutzen lassen; diese erlauben 'Reihe 2 (+2)'"
    )


@pytest.mark.rule("PR-01", "PR-02", "PR-03", "PR-04", "PR-05")
def test_protocol_misuse_names_a_protocol_clause() -> None:
    s = position(Sheet(), (2, 2, 3, 3, 6))
    expected = "it is P1's turn: expected Roll, a use of the dice or Pass, got "
    assert reason(s, "fulfil") == (expected + "'fulfil'", "PR-01")
    assert reason(s, DiceRoll((1, 2, 3, 4, 5))) == (expected + "'dice 1 2 3 4 5'", "PR-02")
    throwing = master.apply(s, Roll((2, 2)))
    assert reason(throwing, Roll()) == (
        "the dice are being thrown: expected a DiceRoll of 3 dice, got 'roll'",
        "PR-03",
    )
    assert reason(throwing, DiceRoll((1, 2))) == (
        "this throw is of 3 dice; the outcome has 2 dice",
        "PR-04",
    )
    assert reason(throwing, DiceRoll((0, 2, 7))) == ("die faces are 1..6, got 0 2 7", "PR-04")
    rolloff = new_game(players=2)
    assert reason(rolloff, DiceRoll((1, 2))) == (
        "this throw is of 1 die; the outcome has 2 dice",
        "PR-04",
    )
    over = new_game(rules=Rules(target_stars=1))
    over = master.apply(master.apply(over, Roll()), DiceRoll((1, 2, 3, 4, 5)))
    over = master.apply(over, Fulfil(T.LARGE_STRAIGHT))
    assert master.is_terminal(over)
    assert reason(over, Roll()) == ("the game is over: no more actions", "PR-05")
    for state, rule in ((throwing, "PR-03"), (over, "PR-05")):
        with pytest.raises(IllegalActionError) as info:
            outcome(state, Coins(C.PAIR))
        assert (str(info.value), info.value.rule) == (
            "the dice can only be used by the player to move",
            rule,
        )


@pytest.mark.rule("PR-06", "PR-07")
def test_chance_and_winners_at_the_wrong_moment() -> None:
    s = new_game()
    for call in (
        lambda: master.chance_outcomes(s),
        lambda: master.sample_chance(s, random.Random(0)),
    ):
        with pytest.raises(IllegalActionError) as info:
            call()
        assert (str(info.value), info.value.rule) == (
            "this is not a chance node: no dice are being thrown",
            "PR-06",
        )
    with pytest.raises(IllegalActionError) as late:
        master.winners(s)
    assert (str(late.value), late.value.rule) == (
        "the game is not over yet: there are no winners",
        "PR-07",
    )


# --- every refusal of seeded games ----------------------------------------------

_JUNK: list[Any] = [
    None,
    3,
    "pass",
    object(),
    Roll((1, 1, 1, 1, 1, 1)),
    Roll((6, 6)),
    Pass(),
    Fulfil(T.KNIFFEL),
    NumberRows([]),
    NumberRows([(0, 2)]),
    NumberRows([(3, 2), (3, 2)]),
    NumberRows([(1, 2), (2, 2), (3, 2)]),
    Coins(C.TASK_DONE),
    Coins(C.TASK_DONE, T.CHANCE_LOW),
    Coins(C.PAIR, T.KNIFFEL),
    RowAndCoins(4, 2, C.TASK_DONE),
    RowAndCoins(4, 2, C.FOUR_OF_A_KIND),
    RowAndCoins(9, 2, C.PAIR),
    DiceRoll(()),
    DiceRoll((1,)),
    DiceRoll((1, 2, 3, 4, 5)),
    DiceRoll((0, 2, 3, 4, 5)),
]


def _check(state: master.State, action: Any, seen: set[str]) -> None:
    got = why_illegal(state, action)
    assert is_legal(state, action) is (got is None)
    assert (action in master.legal_actions(state)) is (got is None), (state, action, got)
    if got is None:
        return
    assert isinstance(got, Rejection)
    assert got.rule in DOCUMENTED, (str(got), got.rule)
    seen.add(got.rule)
    with pytest.raises(IllegalActionError) as info:
        master.apply(state, action)
    assert (str(info.value), info.value.rule) == (str(got), got.rule)


_STARTS = [
    lambda: new_game(players=2, rules=Rules(target_stars=6)),
    lambda: new_game(players=3, rules=Rules(target_stars=4, race=False)),
    lambda: new_game(rules=Rules(target_stars=8)),
]


@pytest.mark.rule("MA-04", "MA-05", "MA-42", "MA-56")
@pytest.mark.parametrize("start", range(len(_STARTS)))
def test_every_refusal_names_a_documented_clause_and_apply_raises_it(start: int) -> None:
    """Actions legal elsewhere in the same games, and junk, at every node of seeded games."""
    seen: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = _STARTS[start]()
        elsewhere: list[Any] = []
        while not master.is_terminal(state):
            if master.current_player(state) != CHANCE:
                assert GAME.legal_actions(state) == GAME.checked_actions(state)
            for action in [*_JUNK, *elsewhere[-30:]]:
                _check(state, action, seen)
            if master.current_player(state) == CHANCE:
                action = master.sample_chance(state, rng)
            else:
                actions = master.legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            elsewhere.append(action)
            state = master.apply(state, action)
        for action in [*_JUNK, *elsewhere[-10:]]:
            _check(state, action, seen)
    expected = {"PR-01", "PR-02", "PR-03", "PR-04", "PR-05", "MA-04", "MA-10", "MA-42", "MA-56"}
    assert expected <= seen, expected - seen
