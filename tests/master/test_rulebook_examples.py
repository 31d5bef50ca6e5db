"""The rulebook's worked examples 1 to 6, replayed through ``apply``.

The illustrations are not in the text; each example uses dice that match
its words. Example 5's printed numbers (4 dice, 3 unused) disagree with its
illustration (5 dice): both readings are tested against the rule, as
docs/rules/master.md explains.
"""

from __future__ import annotations

import pytest

from kniffel_rules.master import (
    Coins,
    Combo,
    Fulfil,
    NumberRows,
    Roll,
    RowAndCoins,
    Rules,
    Sheet,
    Task,
    apply,
    legal_actions,
    new_game,
)
from kniffel_rules.master.engine import outcome
from master.helpers import board, position, throw, uses

rule = pytest.mark.rule


@rule("MA-07", "MA-08")
def test_example_1_ruediger_fulfils_chance_5_10() -> None:
    s = new_game(["Rüdiger", "Melanie"], first_player=0)
    s = throw(apply(s, Roll()), 1, 1, 1, 2, 3)  # the dice total 8
    assert Fulfil(Task.CHANCE_LOW) in legal_actions(s)
    result = outcome(s, Fulfil(Task.CHANCE_LOW))
    assert result.stars == 1
    s = apply(s, Fulfil(Task.CHANCE_LOW))
    assert s.sheets[0].has_task(Task.CHANCE_LOW) and s.sheets[0].task_stars == 1


@rule("MA-10")
def test_example_2_melanie_moves_two_rows_two_spaces_each() -> None:
    s = position([Sheet(), Sheet()], (2, 2, 5, 5, 6), player=1)
    both = NumberRows([(2, 2), (5, 2)])
    assert both in uses(s)
    assert repr(both) == "rows 2 (+2) and 5 (+2)"
    # "She cannot move the point marker of the row for the third number"
    assert not any(isinstance(a, NumberRows) and 6 in a.faces for a in uses(s))
    assert not any(isinstance(a, RowAndCoins) and a.face == 6 for a in uses(s))
    after = apply(s, both).sheets[1]
    assert (after.row(2), after.row(5), after.row(6)) == (2, 2, 0)


@rule("MA-15", "MA-16")
def test_example_3_ruediger_takes_three_coins_for_a_task_already_fulfilled() -> None:
    # rows of his two pairs completed, Chance (25-30) fulfilled, coin marker 2 before the end
    ruediger = board(tasks=[Task.CHANCE_HIGH], rows={5: 8, 6: 8}, laps=0, coins=6)
    s = position([ruediger, Sheet()], (4, 5, 5, 6, 6))
    assert uses(s) == [
        Coins(Combo.PAIR),
        Coins(Combo.TWO_PAIRS),
        Coins(Combo.TASK_DONE, Task.CHANCE_HIGH),
    ]  # no task (Chance 25-30 has its star), no row (one 4; rows 5 and 6 completed)
    result = outcome(s, Coins(Combo.TASK_DONE, Task.CHANCE_HIGH))
    assert result.coins == 3 and result.stars == 1  # 2 spaces complete the row: a star
    assert (result.sheet.coin_laps, result.sheet.coin_position) == (1, 1)  # 3rd move: space 1
    assert outcome(s, Coins(Combo.TWO_PAIRS)).coins == 2  # "only 2 spaces forward"
    assert apply(s, Coins(Combo.TASK_DONE, Task.CHANCE_HIGH)).sheets[0].stars == 3 + 1


@rule("MA-17")
def test_example_4_yasmin_uses_a_number_row_and_the_coin_row() -> None:
    yasmin = board(laps=1, coins=6)  # one space before completing the coin row again
    s = position([yasmin, Sheet()], (1, 1, 3, 3, 6))
    use = RowAndCoins(1, 2, Combo.PAIR)
    assert use in uses(s)
    assert repr(use) == "row 1 (+2) and coins: pair (+1)"
    result = outcome(s, use)
    assert result.sheet.row(1) == 2 and result.coins == 1
    assert result.sheet.coin_laps == 2 and result.stars == 1  # completed for the second time


@rule("MA-18")
def test_example_5_carsten_overhang_as_printed() -> None:
    # 4 dice of the row's number, 1 space needed: 3 unused dice are overhang.
    # Two other players completed that row before, so no race coins blur the count.
    done = board(rows={4: 8})
    s = position([board(rows={4: 7}), done, done], (1, 4, 4, 4, 4))
    result = outcome(s, NumberRows([(4, 4)]))
    assert result.sheet.row(4) == 8 and result.stars == 1
    assert (result.overhang, result.race, result.coins) == (3, 0, 3)


@rule("MA-18", "MA-45")
def test_example_5_carsten_overhang_with_five_dice_as_illustrated() -> None:
    # If all five dice show the number, the rule moves the row by all five:
    # 1 space and 4 overhang (the printed "3" does not fit this reading).
    done = board(rows={4: 8})
    s = position([board(rows={4: 7}), done, done], (4, 4, 4, 4, 4))
    assert NumberRows([(4, 4)]) not in uses(s)
    result = outcome(s, NumberRows([(4, 5)]))
    assert (result.overhang, result.coins, result.stars) == (4, 4, 1)


@rule("MA-19")
@pytest.mark.parametrize(("before", "race"), [(0, 2), (1, 1), (2, 0)])
def test_example_6_carsten_first_or_second_to_complete_the_row(before: int, race: int) -> None:
    others = [board(rows={4: 8}) if i < before else Sheet() for i in range(2)]
    s = position([board(rows={4: 7}), *others], (1, 4, 4, 4, 4))
    result = outcome(s, NumberRows([(4, 4)]))
    assert result.race == race and result.coins == 3 + race


@rule("MA-19", "MA-49")
def test_example_6_without_the_race() -> None:
    s = position(board(rows={4: 7}), (1, 4, 4, 4, 4), rules=Rules(race=False))
    assert outcome(s, NumberRows([(4, 4)])).coins == 3
