"""One or more tests for every clause and ruling of docs/rules/master.md, by id."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from kniffel_rules import CHANCE, TERMINAL, IllegalActionError, InvalidStateError
from kniffel_rules.master import (
    Action,
    Coins,
    Combo,
    DiceRoll,
    Fulfil,
    NumberRows,
    Pass,
    Roll,
    RowAndCoins,
    Rules,
    Sheet,
    State,
    Task,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    winners,
)
from kniffel_rules.master.engine import outcome
from kniffel_rules.master.legality import use_problem
from kniffel_rules.master.state import _lap_length
from master.helpers import after, board, position, throw, uses

rule = pytest.mark.rule
T = Task
C = Combo


def rows(*moves: tuple[int, int]) -> NumberRows:
    return NumberRows(moves)


# --- players and turns -------------------------------------------------------


@rule("MA-01", "MA-40")
def test_one_to_four_players_each_with_a_board_and_four_markers() -> None:
    for n in (1, 2, 3, 4):
        s = new_game(players=n, first_player=0)
        assert len(s.sheets) == n and all(b == Sheet() for b in s.sheets)
    assert new_game(["Ann", "Ben"], first_player=1).names == ("Ann", "Ben")
    for bad in (0, 5, ["a"] * 5, [], ["Ann", ""]):
        with pytest.raises(InvalidStateError, match="players"):
            new_game(players=bad)
    # four markers: three for the number rows, one for the coin row
    assert Sheet().free_markers == 3
    assert (Sheet().coin_laps, Sheet().coin_position) == (0, 0)


@rule("MA-02", "MA-41")
def test_the_start_player_is_found_by_a_rolloff_or_named() -> None:
    s = new_game(players=3)
    assert current_player(s) == CHANCE
    assert chance_outcomes(s) == tuple((DiceRoll((f,)), Fraction(1, 6)) for f in range(1, 7))
    for face in (5, 2, 5):  # seats 0 and 2 tie
        s = throw(s, face)
    assert s.roll_off is not None and s.roll_off.contenders == (0, 2)
    s = throw(throw(s, 3), 4)
    assert current_player(s) == 2 and s.first_player == 2
    assert current_player(new_game(players=3, first_player=1)) == 1
    assert current_player(new_game()) == 0  # one player: no roll-off
    with pytest.raises(InvalidStateError, match="first_player"):
        new_game(players=2, first_player=2)


@rule("MA-03")
def test_one_turn_each_clockwise_then_the_dice_pass_on() -> None:
    s = new_game(players=3, first_player=1)
    order = []
    for _ in range(4):
        order.append(current_player(s))
        s = throw(apply(s, Roll()), 1, 2, 3, 5, 6)
        s = apply(s, Pass())  # no use is possible with these dice
    assert order == [1, 2, 0, 1]


@rule("MA-04")
def test_up_to_three_rolls_keeping_any_dice_rerolling_kept_ones() -> None:
    s = new_game()
    assert legal_actions(s) == (Roll(),)
    with pytest.raises(IllegalActionError, match="first roll"):
        apply(s, Roll(keep=(3,)))
    with pytest.raises(IllegalActionError, match="roll the dice before"):
        apply(s, Coins(C.PAIR))
    s = apply(s, Roll())
    assert len(chance_outcomes(s)) == 252
    s = throw(s, 1, 3, 3, 5, 6)
    s = throw(apply(s, Roll(keep=(3, 3))), 2, 2, 4)
    assert s.dice == (2, 2, 3, 3, 4) and s.rolls == 2
    s = apply(s, Roll(keep=(2, 4)))  # the Threes kept before are thrown again
    assert s.dice == (2, 4) and len(chance_outcomes(s)) == 56
    s = throw(s, 1, 1, 6)
    assert s.rolls == 3
    with pytest.raises(IllegalActionError, match="at most three rolls"):
        apply(s, Roll(keep=(1,)))


@rule("MA-04")
def test_keeps_must_come_from_the_dice_and_throw_something() -> None:
    s = position(Sheet(), (1, 3, 3, 5, 6))
    with pytest.raises(IllegalActionError, match="cannot keep"):
        apply(s, Roll(keep=(4,)))
    with pytest.raises(IllegalActionError, match="throws nothing"):
        apply(s, Roll(keep=(1, 3, 3, 5, 6)))
    keeps = [a for a in legal_actions(s) if isinstance(a, Roll)]
    assert len(keeps) == 23 and Roll(keep=(1, 3, 3, 5, 6)) not in keeps  # 24 sub-multisets


@rule("MA-05")
def test_the_player_may_stop_early_and_must_use_after_the_third_roll() -> None:
    s = position(Sheet(), (2, 2, 5, 5, 6))
    assert uses(s) and any(isinstance(a, Roll) for a in legal_actions(s))
    third = position(Sheet(), (2, 2, 5, 5, 6), rolls=3)
    assert all(not isinstance(a, Roll) for a in legal_actions(third))
    assert legal_actions(third) == tuple(uses(s))


@rule("MA-06")
def test_exactly_one_of_the_four_uses_then_the_turn_ends() -> None:
    s = position([Sheet(), Sheet()], (3, 3, 3, 5, 5))
    kinds = {type(a) for a in uses(s)}
    assert kinds == {Fulfil, NumberRows, Coins, RowAndCoins}
    s2 = apply(s, Fulfil(T.FULL_HOUSE))
    assert current_player(s2) == 1 and s2.dice == () and s2.rolls == 0
    assert s2.sheets[0].has_task(T.FULL_HOUSE)
    assert s2.sheets[0].rows == (0,) * 6  # nothing else was used
    with pytest.raises(IllegalActionError, match="expected Roll, a use of the dice or Pass"):
        apply(s, "fulfil")  # type: ignore[arg-type]


# --- tasks -------------------------------------------------------------------


@rule("MA-07")
@pytest.mark.parametrize(
    ("dice", "task"),
    [
        ((6, 6, 6, 6, 6), T.KNIFFEL),
        ((2, 2, 2, 5, 5), T.FULL_HOUSE),
        ((1, 2, 3, 4, 6), T.SMALL_STRAIGHT),
        ((3, 4, 5, 6, 6), T.SMALL_STRAIGHT),
        ((1, 2, 3, 4, 5), T.LARGE_STRAIGHT),
        ((2, 3, 4, 5, 6), T.LARGE_STRAIGHT),
        ((1, 1, 1, 1, 1), T.CHANCE_LOW),
        ((1, 1, 2, 3, 3), T.CHANCE_LOW),
        ((2, 2, 2, 2, 2), T.CHANCE_LOW),
        ((4, 5, 5, 5, 6), T.CHANCE_HIGH),
        ((6, 6, 6, 6, 6), T.CHANCE_HIGH),
    ],
)
def test_each_task_is_shown_by_its_dice(dice: tuple[int, ...], task: Task) -> None:
    s = position(Sheet(), dice)
    assert Fulfil(task) in uses(s)
    assert after(s, Fulfil(task)).has_task(task)


@rule("MA-07")
@pytest.mark.parametrize(
    ("dice", "task"),
    [
        ((6, 6, 6, 6, 5), T.KNIFFEL),
        ((2, 2, 5, 5, 6), T.FULL_HOUSE),
        ((1, 2, 3, 5, 6), T.SMALL_STRAIGHT),
        ((1, 2, 3, 4, 6), T.LARGE_STRAIGHT),
        ((1, 2, 2, 3, 3), T.CHANCE_LOW),  # 11
        ((4, 4, 5, 5, 6), T.CHANCE_HIGH),  # 24
        ((6, 6, 6, 6, 6), T.FULL_HOUSE),
    ],
)
def test_a_task_the_dice_do_not_show_is_refused(dice: tuple[int, ...], task: Task) -> None:
    s = position(Sheet(), dice)
    assert Fulfil(task) not in uses(s)
    with pytest.raises(IllegalActionError, match=re.escape(f"do not show {task.label}")):
        apply(s, Fulfil(task))


@rule("MA-08")
@pytest.mark.parametrize(
    ("dice", "task", "stars"),
    [
        ((5, 5, 5, 5, 5), T.KNIFFEL, 3),
        ((2, 2, 2, 5, 5), T.FULL_HOUSE, 1),
        ((1, 2, 3, 4, 6), T.SMALL_STRAIGHT, 1),
        ((2, 3, 4, 5, 6), T.LARGE_STRAIGHT, 2),
        ((1, 1, 2, 2, 3), T.CHANCE_LOW, 1),
        ((5, 5, 5, 6, 6), T.CHANCE_HIGH, 1),
    ],
)
def test_task_stars(dice: tuple[int, ...], task: Task, stars: int) -> None:
    s = position(Sheet(), dice, rules=Rules(race=False))
    assert task.stars == stars
    result = outcome(s, Fulfil(task))
    assert result.stars == stars and result.coins == 0
    assert scores(apply(s, Fulfil(task))) == (stars,)


@rule("MA-09")
def test_a_task_earns_its_stars_once() -> None:
    s = position(board(tasks=[T.KNIFFEL]), (4, 4, 4, 4, 4))
    assert Fulfil(T.KNIFFEL) not in uses(s)
    with pytest.raises(IllegalActionError, match="already fulfilled"):
        apply(s, Fulfil(T.KNIFFEL))
    assert Coins(C.TASK_DONE, T.KNIFFEL) in uses(s)
    assert after(s, Coins(C.TASK_DONE, T.KNIFFEL)).stars == 3  # no new star


# --- number rows ---------------------------------------------------------------


@rule("MA-10")
def test_a_row_moves_by_the_dice_showing_its_number() -> None:
    s = position(board(rows={4: 3}), (1, 4, 4, 4, 6))
    assert rows((4, 3)) in uses(s)
    assert after(s, rows((4, 3))).row(4) == 6
    assert not any(isinstance(a, NumberRows) and 1 in a.faces for a in uses(s))
    with pytest.raises(IllegalActionError, match="at least two dice showing 6"):
        apply(s, rows((6, 1)))


@rule("MA-10")
def test_one_or_two_rows_never_three() -> None:
    s = position(Sheet(), (2, 2, 3, 3, 3))
    assert {a for a in uses(s) if isinstance(a, NumberRows)} == {
        rows((2, 2)),
        rows((3, 3)),
        rows((2, 2), (3, 3)),
    }
    b = after(s, rows((2, 2), (3, 3)))
    assert b.rows == (0, 2, 3, 0, 0, 0)
    with pytest.raises(IllegalActionError, match="one or two rows"):
        apply(s, NumberRows(()))
    with pytest.raises(IllegalActionError, match="different rows"):
        apply(s, rows((3, 3), (3, 3)))


@rule("MA-11")
def test_the_eighth_space_completes_the_row_with_a_star() -> None:
    s = position(board(rows={5: 6, 2: 3, 3: 4}), (1, 5, 5, 6, 6), rules=Rules(race=False))
    assert Sheet(rows=(0, 3, 4, 0, 6, 0)).free_markers == 0
    b = after(s, rows((5, 2)))
    assert b.row(5) == 8 and b.stars == 1
    assert b.free_markers == 1  # the marker leaves the row
    assert b.completed_rows == 1 and b.rows_in_progress == 2


@rule("MA-11")
def test_a_completed_row_cannot_be_used_again() -> None:
    s = position(board(rows={5: 8}), (1, 5, 5, 5, 6))
    assert not any(isinstance(a, (NumberRows, RowAndCoins)) for a in uses(s))
    with pytest.raises(IllegalActionError, match="row 5 is completed"):
        apply(s, rows((5, 3)))
    with pytest.raises(IllegalActionError, match="row 5 is completed"):
        apply(s, RowAndCoins(5, 3, C.PAIR))


@rule("MA-12")
def test_the_fourth_fifth_and_sixth_rows_retire_a_marker_and_add_a_star() -> None:
    no_race = Rules(race=False)
    s = position(board(rows={1: 8, 2: 8, 3: 8, 4: 7, 5: 7, 6: 7}), (4, 4, 5, 5, 1), rules=no_race)
    before = s.sheets[0]
    assert (before.stars, before.retired_markers, before.free_markers) == (3, 0, 0)
    b = after(s, rows((4, 2)))
    assert (b.stars, b.retired_markers, b.free_markers) == (5, 1, 0)
    both = after(s, rows((4, 2), (5, 2)))
    assert (both.stars, both.retired_markers) == (3 + 2 + 2, 2)
    last = position(
        board(rows=dict.fromkeys(range(1, 6), 8) | {6: 6}), (6, 6, 1, 2, 3), rules=no_race
    )
    assert last.sheets[0].stars == 5 + 2
    final = after(last, rows((6, 2)))
    assert (final.stars, final.retired_markers, final.free_markers) == (6 + 3, 3, 0)


@rule("MA-13")
def test_at_most_three_markers_on_number_rows() -> None:
    s = position(board(rows={1: 2, 2: 3, 3: 2}), (2, 4, 4, 6, 6))
    assert s.sheets[0].free_markers == 0
    row_uses = {a for a in uses(s) if isinstance(a, NumberRows)}
    assert row_uses == set()
    with pytest.raises(IllegalActionError, match="no free marker to start row 4"):
        apply(s, rows((4, 2)))
    with pytest.raises(IllegalActionError, match="rows 1, 2, 3 are started"):
        apply(s, RowAndCoins(6, 2, C.PAIR))
    assert Coins(C.TWO_PAIRS) in uses(s)  # the coin row is still open


# --- the coin row ----------------------------------------------------------------


@rule("MA-14", "MA-44")
@pytest.mark.parametrize(
    ("dice", "combos"),
    [
        ((1, 1, 3, 4, 6), [C.PAIR]),
        ((1, 1, 3, 3, 6), [C.PAIR, C.TWO_PAIRS]),
        ((1, 1, 1, 4, 6), [C.PAIR, C.THREE_OF_A_KIND]),
        ((1, 1, 1, 1, 6), [C.PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND]),
        ((2, 2, 2, 6, 6), [C.PAIR, C.TWO_PAIRS, C.THREE_OF_A_KIND]),
        ((3, 3, 3, 3, 3), [C.PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND]),
        ((1, 2, 4, 5, 6), []),
    ],
)
def test_coin_combinations_count_at_least(dice: tuple[int, ...], combos: list[Combo]) -> None:
    s = position(Sheet(), dice)
    offered = [a for a in uses(s) if isinstance(a, Coins) and a.combo is not C.TASK_DONE]
    assert offered == [Coins(c) for c in combos]
    for c in combos:
        assert after(s, Coins(c)).coin_position == c.coins
    assert [c.coins for c in Combo] == [1, 2, 2, 3, 3]


@rule("MA-14")
def test_a_combination_the_dice_do_not_show_is_refused() -> None:
    s = position(Sheet(), (1, 1, 3, 4, 6))
    with pytest.raises(IllegalActionError, match="do not show two pairs"):
        apply(s, Coins(C.TWO_PAIRS))
    with pytest.raises(IllegalActionError, match="only 'task already fulfilled' names a task"):
        apply(s, Coins(C.PAIR, T.KNIFFEL))


@rule("MA-15", "MA-52")
def test_a_task_already_fulfilled_pays_three_coins() -> None:
    done = [T.FULL_HOUSE, T.CHANCE_HIGH]
    s = position(board(tasks=done), (5, 5, 5, 6, 6))
    offered = [a for a in uses(s) if isinstance(a, Coins) and a.combo is C.TASK_DONE]
    assert offered == [Coins(C.TASK_DONE, T.FULL_HOUSE), Coins(C.TASK_DONE, T.CHANCE_HIGH)]
    assert after(s, offered[0]) == after(s, offered[1])
    assert after(s, offered[0]).coin_position == 3
    with pytest.raises(IllegalActionError, match="not fulfilled yet"):
        apply(position(Sheet(), (5, 5, 5, 6, 6)), Coins(C.TASK_DONE, T.FULL_HOUSE))
    with pytest.raises(IllegalActionError, match="do not show Kniffel"):
        apply(position(board(tasks=[T.KNIFFEL]), (5, 5, 5, 6, 6)), Coins(C.TASK_DONE, T.KNIFFEL))
    with pytest.raises(IllegalActionError, match="must name the task"):
        apply(s, Coins(C.TASK_DONE))


@rule("MA-16", "MA-46")
def test_coin_laps_of_8_7_6_5_then_4_each_a_star() -> None:
    assert [_lap_length(k) for k in range(8)] == [8, 7, 6, 5, 4, 4, 4, 4]
    b = Sheet()
    for lap, length in enumerate([8, 7, 6, 5, 4, 4]):
        b = b.with_coins(length - 1)
        assert (b.coin_laps, b.coin_position, b.stars) == (lap, length - 1, lap)
        b = b.with_coins(1)
        assert (b.coin_laps, b.coin_position, b.stars) == (lap + 1, 0, lap + 1)
    # surplus carries on; a big move may cover two short laps
    assert Sheet(coin_laps=0, coin_position=6).with_coins(3) == Sheet(coin_laps=1, coin_position=1)
    far = Sheet(coin_laps=4, coin_position=3).with_coins(7)
    assert (far.coin_laps, far.coin_position, far.stars) == (6, 2, 6)


@rule("MA-16")
def test_a_use_that_completes_a_lap_earns_its_star() -> None:
    s = position(board(laps=1, coins=5), (2, 2, 2, 2, 6))
    result = outcome(s, Coins(C.FOUR_OF_A_KIND))
    assert result.stars == 1 and result.coins == 3
    assert (result.sheet.coin_laps, result.sheet.coin_position) == (2, 1)


@rule("MA-17", "MA-47")
def test_one_row_and_the_coin_row_from_the_other_dice() -> None:
    s = position(Sheet(), (2, 2, 4, 4, 4))
    offered = [a for a in uses(s) if isinstance(a, RowAndCoins)]
    assert offered == [
        RowAndCoins(2, 2, C.PAIR),
        RowAndCoins(2, 2, C.THREE_OF_A_KIND),
        RowAndCoins(4, 3, C.PAIR),
    ]
    b = after(s, RowAndCoins(2, 2, C.THREE_OF_A_KIND))
    assert b.rows == (0, 2, 0, 0, 0, 0) and b.coin_position == 2
    with pytest.raises(IllegalActionError, match="the other dice"):
        apply(s, RowAndCoins(4, 3, C.THREE_OF_A_KIND))
    with pytest.raises(IllegalActionError, match="dice combination"):
        apply(s, RowAndCoins(4, 3, C.TASK_DONE))
    with pytest.raises(IllegalActionError, match="every die showing 4"):
        apply(s, RowAndCoins(4, 2, C.PAIR))


@rule("MA-47")
def test_the_row_of_use_4_takes_overhang_and_race_too() -> None:
    s = position([board(rows={3: 7}), Sheet()], (3, 3, 3, 5, 5))
    result = outcome(s, RowAndCoins(3, 3, C.PAIR))
    assert (result.overhang, result.race, result.coins) == (2, 2, 2 + 2 + 1)
    assert result.stars == 1
    assert not any(isinstance(a, RowAndCoins) for a in uses(position(Sheet(), (6, 6, 6, 6, 6))))


@rule("MA-18")
def test_overhang_dice_move_the_coin_marker() -> None:
    s = position(board(rows={6: 5}), (2, 6, 6, 6, 6), rules=Rules(race=False))
    result = outcome(s, rows((6, 4)))
    assert result.sheet.row(6) == 8
    assert (result.overhang, result.coins, result.sheet.coin_position) == (1, 1, 1)
    exact = outcome(
        position(board(rows={6: 4}), (2, 6, 6, 6, 6), rules=Rules(race=False)), rows((6, 4))
    )
    assert exact.overhang == 0 and exact.coins == 0


@rule("MA-19", "MA-50")
def test_race_two_coins_for_the_first_one_for_the_second() -> None:
    done = board(tasks=[T.SMALL_STRAIGHT], rows={2: 8})
    for others, race in (([Sheet(), Sheet()], 2), ([done, Sheet()], 1), ([done, done], 0)):
        s = position([Sheet(), *others], (1, 2, 3, 4, 6))
        assert outcome(s, Fulfil(T.SMALL_STRAIGHT)).race == race
        r = position([board(rows={2: 6}), *others], (2, 2, 3, 5, 6))
        result = outcome(r, rows((2, 2)))
        assert result.race == race and result.coins == race
    # a row moved without completing it is no first
    s = position([board(rows={2: 2}), Sheet()], (2, 2, 3, 5, 6))
    assert outcome(s, rows((2, 2))).race == 0


@rule("MA-19")
def test_each_task_and_row_of_a_use_races_separately() -> None:
    s = position([board(rows={1: 6, 2: 6}), board(rows={2: 8})], (1, 1, 2, 2, 6))
    result = outcome(s, rows((1, 2), (2, 2)))
    assert result.race == 2 + 1 and result.stars == 2


# --- the end ---------------------------------------------------------------------


def _finish_turn(state: State, dice: tuple[int, ...], use: Action) -> State:
    """The player to move throws ``dice`` at once and takes ``use``."""
    return apply(apply(apply(state, Roll()), DiceRoll(dice)), use)


@rule("MA-20", "MA-51")
def test_fifteen_stars_start_the_last_round() -> None:
    near = board(tasks=[T.FULL_HOUSE, T.SMALL_STRAIGHT, T.LARGE_STRAIGHT, T.CHANCE_LOW], laps=9)
    assert near.stars == 14
    s = position([Sheet(), near, Sheet()], player=1, first_player=0)
    s = _finish_turn(s, (5, 5, 5, 5, 5), Fulfil(T.KNIFFEL))  # seat 1 reaches 17
    assert scores(s)[1] == 17 and current_player(s) == 2  # the round goes on
    s = _finish_turn(s, (1, 2, 3, 5, 6), Pass())
    assert is_terminal(s) and current_player(s) == TERMINAL
    assert legal_actions(s) == () and winners(s) == (1,)


@rule("MA-20", "MA-51")
def test_a_trigger_in_the_last_seat_ends_the_game_at_once() -> None:
    near = board(tasks=[T.FULL_HOUSE, T.SMALL_STRAIGHT, T.LARGE_STRAIGHT, T.CHANCE_LOW], laps=9)
    s = position([Sheet(), near], player=1, first_player=0)
    s = _finish_turn(s, (2, 2, 2, 2, 2), Fulfil(T.KNIFFEL))
    assert is_terminal(s) and winners(s) == (1,) and scores(s) == (0, 17)


@rule("MA-51")
def test_the_target_is_an_option_and_the_star_supply_is_unlimited() -> None:
    s = position(Sheet(), rules=Rules(target_stars=2))
    s = _finish_turn(s, (2, 3, 4, 5, 6), Fulfil(T.LARGE_STRAIGHT))
    assert is_terminal(s) and scores(s) == (2 + 0,)
    many = [board(tasks=list(Task), rows=dict.fromkeys(range(1, 7), 8)) for _ in range(4)]
    assert sum(b.stars for b in many) == 4 * 18 > 64
    with pytest.raises(InvalidStateError, match="target_stars"):
        Rules(target_stars=0)


@rule("MA-21")
def test_most_stars_wins_and_ties_share() -> None:
    near = board(tasks=[T.FULL_HOUSE, T.SMALL_STRAIGHT, T.LARGE_STRAIGHT, T.CHANCE_LOW], laps=9)
    s = position([near, near], player=1, first_player=1)
    s = _finish_turn(s, (1, 1, 1, 1, 1), Fulfil(T.KNIFFEL))  # seat 1: 17
    s = _finish_turn(s, (3, 3, 3, 3, 3), Fulfil(T.KNIFFEL))  # seat 0: 17 as well
    assert is_terminal(s) and scores(s) == (17, 17) and winners(s) == (0, 1)
    with pytest.raises(IllegalActionError, match="not over"):
        winners(position(near))


# --- order of the rows --------------------------------------------------------


@rule("MA-22", "MA-54")
def test_a_completed_row_frees_its_marker_within_the_same_use() -> None:
    s = position(board(rows={1: 2, 2: 3, 5: 6}), (4, 4, 5, 5, 6))
    assert rows((4, 2), (5, 2)) in uses(s)
    b = after(s, rows((4, 2), (5, 2)))
    assert b.rows == (2, 3, 0, 2, 8, 0) and b.free_markers == 0
    t = position(board(rows={1: 2, 2: 3, 5: 4}), (4, 4, 5, 5, 6))
    assert rows((4, 2), (5, 2)) not in uses(t)  # row 5 is not completed: no marker for 4
    with pytest.raises(IllegalActionError, match="no free marker to start row 4"):
        apply(t, rows((4, 2), (5, 2)))
    assert rows((5, 2)) in uses(t)


# --- rulings ---------------------------------------------------------------------


@rule("MA-40")
def test_a_solitaire_game_ends_with_the_turn_of_the_fifteenth_star() -> None:
    near = board(tasks=[T.FULL_HOUSE, T.SMALL_STRAIGHT, T.LARGE_STRAIGHT, T.CHANCE_LOW], laps=9)
    s = position(near)
    s = _finish_turn(s, (1, 1, 2, 2, 5), RowAndCoins(1, 2, C.PAIR))  # 14 stars: go on
    assert not is_terminal(s)
    s = _finish_turn(s, (6, 6, 6, 6, 6), Fulfil(T.KNIFFEL))
    assert is_terminal(s) and winners(s) == (0,)


@rule("MA-42")
def test_pass_only_when_no_use_is_possible() -> None:
    stuck = position(Sheet(), (1, 2, 3, 5, 6))
    assert uses(stuck) == [Pass()]
    assert Roll(keep=(1, 2)) in legal_actions(stuck)  # the player may still roll
    assert legal_actions(position(Sheet(), (1, 2, 3, 5, 6), rolls=3)) == (Pass(),)
    s = apply(stuck, Pass())
    assert s.sheets == stuck.sheets and s.rolls == 0
    busy = position(Sheet(), (1, 2, 3, 5, 5))
    assert Pass() not in legal_actions(busy)
    with pytest.raises(IllegalActionError, match="pass only when the dice allow no use"):
        apply(busy, Pass())
    # a fulfilled task the dice show is still a use (3 coins)
    done = position(board(tasks=[T.SMALL_STRAIGHT]), (1, 2, 3, 4, 6))
    assert uses(done) == [Coins(C.TASK_DONE, T.SMALL_STRAIGHT)]


@rule("MA-43")
def test_task_details() -> None:
    assert Task.FULL_HOUSE.shown_by((4, 4, 4, 4, 4)) is False
    s = position(Sheet(), (2, 3, 4, 5, 6))
    tasks = [a for a in uses(s) if isinstance(a, Fulfil)]
    assert tasks == [Fulfil(T.SMALL_STRAIGHT), Fulfil(T.LARGE_STRAIGHT)]
    assert Task.CHANCE_LOW.shown_by((1, 1, 2, 3, 3)) and Task.CHANCE_LOW.shown_by((1, 1, 1, 1, 1))
    assert Task.CHANCE_HIGH.shown_by((4, 5, 5, 5, 6)) and Task.CHANCE_HIGH.shown_by((6,) * 5)
    assert not Task.CHANCE_HIGH.shown_by((4, 4, 5, 5, 6))
    # a task may be fulfilled after the first roll
    assert Fulfil(T.LARGE_STRAIGHT) in legal_actions(position(Sheet(), (2, 3, 4, 5, 6), rolls=1))


@rule("MA-44")
def test_two_pairs_need_two_different_numbers() -> None:
    s = position(Sheet(), (2, 2, 2, 2, 5))
    assert Coins(C.TWO_PAIRS) not in uses(s)
    assert use_problem(s.sheets[0], s.dice, Coins(C.TWO_PAIRS)) is not None


@rule("MA-45")
def test_a_row_takes_every_die_of_its_number() -> None:
    s = position(Sheet(), (3, 3, 3, 4, 4))
    assert rows((3, 2)) not in uses(s)
    with pytest.raises(IllegalActionError, match="every die showing 3: 3, not 2"):
        apply(s, rows((3, 2)))
    assert repr(rows((3, 3))) == "row 3 (+3)"


@rule("MA-46")
def test_a_use_can_complete_two_laps() -> None:
    # two rows completed first (2 x 2 race coins) with 3 overhang: 7 coins
    s = position([board(rows={1: 7, 2: 7}, laps=4, coins=3), Sheet()], (1, 1, 1, 2, 2))
    result = outcome(s, rows((1, 3), (2, 2)))
    assert (result.coins, result.overhang, result.race) == (7, 3, 4)
    assert (result.sheet.coin_laps, result.sheet.coin_position) == (6, 2)
    assert result.stars == 2 + 2


@rule("MA-48")
def test_overhang_and_race_are_always_taken_refulfilling_is_no_first() -> None:
    s = position([board(tasks=[T.LARGE_STRAIGHT]), Sheet()], (1, 2, 3, 4, 5))
    result = outcome(s, Coins(C.TASK_DONE, T.LARGE_STRAIGHT))
    assert (result.race, result.coins) == (0, 3)
    fresh = outcome(s, Fulfil(T.SMALL_STRAIGHT))
    assert (fresh.race, fresh.coins, fresh.stars) == (2, 2, 1)


@rule("MA-49")
def test_solitaire_race_and_the_race_option() -> None:
    s = position(board(rows={3: 6}), (3, 3, 1, 2, 6))
    assert outcome(s, rows((3, 2))).race == 2
    off = position(board(rows={3: 6}), (3, 3, 1, 2, 6), rules=Rules(race=False))
    assert outcome(off, rows((3, 2))).race == 0
    straight = position(Sheet(), (1, 2, 3, 4, 6), rules=Rules(race=False))
    assert outcome(straight, Fulfil(T.SMALL_STRAIGHT)).coins == 0


@rule("MA-53")
def test_started_rows_cannot_be_abandoned_and_retired_markers_lower_the_limit() -> None:
    b = board(rows={1: 8, 2: 8, 3: 8, 4: 8, 5: 3})
    assert (b.retired_markers, b.rows_in_progress, b.free_markers) == (1, 1, 1)
    s = position(b, (6, 6, 1, 2, 3))
    assert rows((6, 2)) in uses(s)  # the last free marker starts row 6
    three = board(rows={1: 2, 2: 2, 3: 2})
    assert three.free_markers == 0
    with pytest.raises(InvalidStateError, match="markers"):
        position(board(rows={1: 2, 2: 2, 3: 2, 4: 2}))
    # no use lifts a marker off a started row: only the started row 1 moves
    stuck = position(three, (1, 1, 4, 4, 6))
    moved = [a for a in uses(stuck) if isinstance(a, (NumberRows, RowAndCoins))]
    assert moved == [rows((1, 2)), RowAndCoins(1, 2, C.PAIR)]
    assert after(stuck, rows((1, 2))).rows == (4, 2, 2, 0, 0, 0)


@rule("MA-55")
def test_scores_are_the_stars_at_any_time() -> None:
    b = board(tasks=[T.KNIFFEL, T.FULL_HOUSE], rows={1: 8, 2: 8, 3: 8, 4: 8}, laps=2)
    assert b.stars == 3 + 1 + 4 + 1 + 2
    s = position([b, Sheet()])
    assert scores(s) == (11, 0)
    assert scores(new_game(players=3)) == (0, 0, 0)


@rule("MA-06")
@pytest.mark.parametrize(
    ("action", "message"),
    [
        (NumberRows([(7, 2)]), "there is no row 7"),
        (RowAndCoins(9, 2, C.PAIR), "there is no row 9"),
        (RowAndCoins(2, 3, C.PAIR), "2, not 3"),
        (Coins(C.PAIR, T.KNIFFEL), "only 'task already fulfilled' names a task"),
        (None, "expected Roll, a use of the dice or Pass"),
        ("fulfil kniffel", "expected Roll, a use of the dice or Pass"),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(action: object, message: str) -> None:
    s = position(Sheet(), (2, 2, 3, 3, 6))
    with pytest.raises(IllegalActionError, match=message):
        apply(s, action)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "args", "field"),
    [
        (NumberRows, ([("a", 2)],), "moves"),
        (NumberRows, ([(2, 2.0)],), "moves"),
        (NumberRows, ([(True, 2)],), "moves"),
        (RowAndCoins, ("x", 2, C.PAIR), "face"),
        (RowAndCoins, (2, [2], C.PAIR), "dice"),
        (RowAndCoins, (2, 2.0, C.PAIR), "dice"),
        (RowAndCoins, (2, Fraction(2), C.PAIR), "dice"),
        (RowAndCoins, (True, 2, C.PAIR), "face"),
        (RowAndCoins, (2, 2, "pair"), "combo"),
        (RowAndCoins, (2, 2, T.KNIFFEL), "combo"),
        (Coins, ([1],), "combo"),
        (Coins, (1,), "combo"),
        (Coins, (C.PAIR, "k"), "task"),
        (Coins, (C.TASK_DONE, C.PAIR), "task"),
        (Fulfil, (None,), "task"),
        (Fulfil, ("kniffel",), "task"),
        (Fulfil, (C.PAIR,), "task"),
    ],
)
def test_malformed_actions_cannot_be_built(cls: Any, args: tuple[Any, ...], field: str) -> None:
    # an action equal to a legal one must be one (2.0 == 2, True == 1): refused when built
    with pytest.raises(InvalidStateError) as info:
        cls(*args)
    assert info.value.path == field
