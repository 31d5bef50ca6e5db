"""One or more tests for every clause of docs/rules/classic.md, by id."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from classic.helpers import boxes, enter, position, throw
from kniffel_rules import CHANCE, IllegalActionError, InvalidStateError, play, random_policy
from kniffel_rules.classic import (
    Box,
    DiceRoll,
    Roll,
    Rules,
    Score,
    Sheet,
    State,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    winners,
)
from kniffel_rules.classic.engine import ranking_points, totals
from kniffel_rules.classic.pieces import BOXES, CROATIAN_BOXES, LOWER, UPPER

B = Box
rule = pytest.mark.rule


# --- players and turns -------------------------------------------------------


@rule("CL-01")
def test_any_number_of_players() -> None:
    assert new_game().names == ("Player 1",)
    assert current_player(new_game()) == 0  # solitaire: no roll-off
    assert len(new_game(players=12).sheets) == 12
    assert new_game(["Ann", "Ben"]).names == ("Ann", "Ben")
    for bad in (0, -1, [], ["Ann", ""], "Ann", True, [3]):
        with pytest.raises(InvalidStateError):
            new_game(players=bad)  # type: ignore[arg-type]


@rule("CL-02")
def test_rolloff_highest_starts_ties_roll_again_among_themselves() -> None:
    s = new_game(players=3)
    assert current_player(s) == CHANCE
    assert chance_outcomes(s) == tuple((DiceRoll((f,)), Fraction(1, 6)) for f in range(1, 7))
    for face in (4, 6, 6):  # seats 1 and 2 tie on 6
        s = throw(s, face)
    assert s.roll_off is not None and s.roll_off.contenders == (1, 2)
    s = throw(throw(s, 2), 5)  # seat 1 throws 2, seat 2 throws 5
    assert current_player(s) == 2 and s.first_player == 2
    assert legal_actions(s) == (Roll(),)


@rule("CL-02")
def test_first_player_can_be_named_and_rolloff_outcomes_are_checked() -> None:
    assert current_player(new_game(players=3, first_player=1)) == 1
    with pytest.raises(InvalidStateError):
        new_game(players=3, first_player=3)
    s = new_game(players=2)
    for bad in (DiceRoll((7,)), DiceRoll((1, 2)), Roll()):
        with pytest.raises(IllegalActionError):
            apply(s, bad)


@rule("CL-03")
def test_turns_go_clockwise_one_box_per_turn() -> None:
    s = new_game(players=3, first_player=1)
    order = []
    for _ in range(6):
        order.append(current_player(s))
        s = throw(apply(s, Roll()), 1, 2, 3, 4, 6)
        s = apply(s, Score(B.CHANCE if s.sheets[s.player].filled() == 0 else B.ONES))
    assert order == [1, 2, 0, 1, 2, 0]
    assert [sh.filled() for sh in s.sheets] == [2, 2, 2]


@rule("CL-04")
def test_at_most_three_rolls_the_first_throws_all_five() -> None:
    s = new_game()
    assert legal_actions(s) == (Roll(),)
    with pytest.raises(IllegalActionError, match="first roll"):
        apply(s, Roll(keep=(6,)))
    s = apply(s, Roll())
    assert chance_outcomes(s)[0][0] == DiceRoll((1, 1, 1, 1, 1)) and len(chance_outcomes(s)) == 252
    s = throw(s, 1, 2, 3, 4, 6)
    s = throw(apply(s, Roll(keep=(6,))), 1, 1, 2, 2)
    s = throw(apply(s, Roll(keep=(1, 1))), 3, 3, 3)
    assert s.rolls == 3 and s.rolls_left == 0
    assert all(isinstance(a, Score) for a in legal_actions(s))
    with pytest.raises(IllegalActionError, match="at most three rolls"):
        apply(s, Roll(keep=(1,)))


@rule("CL-05")
def test_any_dice_may_be_kept_and_kept_dice_rethrown() -> None:
    s = throw(apply(new_game(), Roll()), 2, 3, 3, 5, 6)
    keeps = [a.keep for a in legal_actions(s) if isinstance(a, Roll)]
    assert len(keeps) == len(set(keeps)) == 2 * 3 * 2 * 2 - 1  # all sub-multisets but all five
    assert (3, 3) in keeps and () in keeps
    s = throw(apply(s, Roll(keep=[3, 3])), 4, 4, 6)
    assert s.dice == (3, 3, 4, 4, 6)
    s = apply(s, Roll(keep=(4, 4)))  # the Threes kept before are thrown again
    assert s.dice == (4, 4)
    s = throw(s, 4, 4, 4)
    assert s.dice == (4, 4, 4, 4, 4)


@rule("CL-05")
def test_a_keep_must_be_part_of_the_dice() -> None:
    s = position(dice=(2, 3, 3, 5, 6))
    for keep in ((3, 3, 3), (1,), (7,)):
        with pytest.raises(IllegalActionError, match="cannot keep"):
            apply(s, Roll(keep=keep))
    with pytest.raises(InvalidStateError):
        Roll(keep="33")  # type: ignore[arg-type]


@rule("CL-06")
def test_the_player_may_stop_after_any_roll() -> None:
    s = throw(apply(new_game(), Roll()), 6, 6, 6, 6, 6)
    assert Score(B.KNIFFEL) in legal_actions(s)
    assert enter(s, B.KNIFFEL)[B.KNIFFEL] == 50


@rule("CL-07")
def test_any_open_box_takes_any_roll_and_holds_one_entry() -> None:
    s = position({B.CHANCE: 20}, dice=(1, 2, 3, 5, 6))
    assert boxes(s) == set(BOXES) - {B.CHANCE}
    assert enter(s, B.KNIFFEL)[B.KNIFFEL] == 0  # struck
    assert enter(s, B.FULL_HOUSE)[B.FULL_HOUSE] == 0
    with pytest.raises(IllegalActionError, match="already filled"):
        apply(s, Score(B.CHANCE))
    with pytest.raises(IllegalActionError, match="roll the dice before"):
        apply(position(), Score(B.CHANCE))


# --- the boxes ----------------------------------------------------------------


@rule("CL-08")
def test_upper_boxes_count_matching_dice() -> None:
    s = position(dice=(5, 5, 5, 2, 1))
    assert enter(s, B.FIVES)[B.FIVES] == 15
    assert enter(s, B.ONES)[B.ONES] == 1
    assert enter(s, B.SIXES)[B.SIXES] == 0


@rule("CL-09")
@pytest.mark.parametrize(("ones", "upper", "bonus"), [(2, 62, 0), (3, 63, 35), (4, 64, 35)])
def test_upper_bonus_at_63(ones: int, upper: int, bonus: int) -> None:
    entries = {B.ONES: ones, B.TWOS: 6, B.THREES: 9, B.FOURS: 12, B.FIVES: 15}
    sh = enter(position(entries, dice=(6, 6, 6, 1, 1)), B.SIXES)
    r = Rules()
    assert sh.upper_sum == upper
    assert sh.upper_bonus(r) == bonus
    assert sh.upper_total(r) == upper + bonus
    assert sh.total(r) == upper + bonus


@rule("CL-10")
def test_three_of_a_kind_scores_all_dice() -> None:
    s = position(dice=(5, 5, 5, 4, 3))
    assert enter(s, B.THREE_OF_A_KIND)[B.THREE_OF_A_KIND] == 22  # the page's example
    assert enter(position(dice=(5, 5, 4, 4, 3)), B.THREE_OF_A_KIND)[B.THREE_OF_A_KIND] == 0
    assert enter(position(dice=(2, 2, 2, 2, 6)), B.THREE_OF_A_KIND)[B.THREE_OF_A_KIND] == 14


@rule("CL-11")
def test_four_of_a_kind_scores_all_dice() -> None:
    assert enter(position(dice=(3, 3, 3, 3, 6)), B.FOUR_OF_A_KIND)[B.FOUR_OF_A_KIND] == 18
    assert enter(position(dice=(3, 3, 3, 6, 6)), B.FOUR_OF_A_KIND)[B.FOUR_OF_A_KIND] == 0


@rule("CL-12")
def test_full_house_three_and_two_of_another_value() -> None:
    assert enter(position(dice=(3, 3, 3, 4, 4)), B.FULL_HOUSE)[B.FULL_HOUSE] == 25
    assert enter(position(dice=(3, 3, 3, 3, 4)), B.FULL_HOUSE)[B.FULL_HOUSE] == 0


@rule("CL-13")
def test_small_straight() -> None:
    for d in ((1, 2, 3, 4, 6), (2, 3, 4, 5, 5), (1, 3, 4, 5, 6), (1, 2, 3, 4, 5)):
        assert enter(position(dice=d), B.SMALL_STRAIGHT)[B.SMALL_STRAIGHT] == 30
    assert enter(position(dice=(1, 2, 3, 5, 6)), B.SMALL_STRAIGHT)[B.SMALL_STRAIGHT] == 0


@rule("CL-14")
def test_large_straight() -> None:
    assert enter(position(dice=(2, 3, 4, 5, 6)), B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 40
    assert enter(position(dice=(1, 2, 3, 4, 6)), B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 0


@rule("CL-15")
def test_kniffel_five_equal() -> None:
    assert enter(position(dice=(2,) * 5), B.KNIFFEL)[B.KNIFFEL] == 50
    assert enter(position(dice=(2, 2, 2, 2, 3)), B.KNIFFEL)[B.KNIFFEL] == 0


@rule("CL-16")
def test_chance_takes_the_sum_once() -> None:
    s = position(dice=(1, 3, 4, 6, 6))
    sh = enter(s, B.CHANCE)
    assert sh[B.CHANCE] == 20
    s2 = position({B.CHANCE: 20}, dice=(6,) * 5)
    assert B.CHANCE not in boxes(s2)


# --- extra Kniffel and joker (default "schmidt") ------------------------------


@rule("CL-17")
def test_extra_kniffel_needs_a_filled_kniffel_box_50_or_struck() -> None:
    first = position(dice=(4,) * 5)
    assert boxes(first) == set(BOXES)  # the first Kniffel is an ordinary roll
    for kniffel in (50, 0):
        s = position({B.KNIFFEL: kniffel}, dice=(4,) * 5)
        assert boxes(s) == {B.FOURS}  # the joker rules apply either way


@rule("CL-18", "CL-40")
def test_extra_kniffel_with_matching_box_open_goes_there_with_bonus() -> None:
    s = position({B.KNIFFEL: 50}, dice=(4,) * 5)
    rolls = tuple(a for a in legal_actions(s) if isinstance(a, Roll))
    assert legal_actions(s) == (Score(B.FOURS), *rolls)
    sh = enter(s, B.FOURS)
    assert sh[B.FOURS] == 20 and sh.extra_bonus == 50  # the page: 20 + 50
    for box in set(BOXES) - {B.FOURS, B.KNIFFEL}:
        with pytest.raises(IllegalActionError, match="must be entered in Fours"):
            apply(s, Score(box))


@rule("CL-19", "CL-21", "CL-40")
def test_extra_kniffel_with_matching_box_filled_is_a_joker_without_bonus() -> None:
    s = position({B.KNIFFEL: 50, B.FOURS: 8}, dice=(4,) * 5)
    assert boxes(s) == set(LOWER) - {B.KNIFFEL}
    expected = {
        B.THREE_OF_A_KIND: 20,
        B.FOUR_OF_A_KIND: 20,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.CHANCE: 20,
    }
    for box, value in expected.items():
        sh = enter(s, box)
        assert (sh[box], sh.extra_bonus) == (value, 0)
    with pytest.raises(IllegalActionError, match="open lower box"):
        apply(s, Score(B.SIXES))


@rule("CL-20")
def test_extra_kniffel_with_lower_section_full_strikes_an_upper_box() -> None:
    entries = {**dict.fromkeys(LOWER, 0), B.CHANCE: 20, B.KNIFFEL: 50, B.FOURS: 12}
    s = position(entries, dice=(4,) * 5)
    assert boxes(s) == set(UPPER) - {B.FOURS}
    for box in boxes(s):
        sh = enter(s, box)
        assert (sh[box], sh.extra_bonus) == (0, 0)


@rule("CL-22")
def test_no_bonus_after_a_struck_kniffel_box_unless_the_option_says_so() -> None:
    s = position({B.KNIFFEL: 0}, dice=(6,) * 5)
    assert enter(s, B.SIXES).extra_bonus == 0
    r = Rules(extra_bonus_requires_fifty=False)
    assert enter(position({B.KNIFFEL: 0}, dice=(6,) * 5, rules=r), B.SIXES).extra_bonus == 50


@rule("CL-21")
def test_bonuses_accumulate_one_per_extra_kniffel() -> None:
    s = position({B.KNIFFEL: 50, B.ONES: 5}, dice=(2,) * 5, extra_bonus=50)
    assert enter(s, B.TWOS).extra_bonus == 100


# --- end, totals, winner --------------------------------------------------------


@rule("CL-23")
@pytest.mark.parametrize(("rules", "turns"), [(Rules(), 13), (Rules(croatian=True), 8)])
def test_game_ends_when_every_box_is_filled(rules: Rules, turns: int) -> None:
    s = new_game(players=2, rules=rules, first_player=0)
    for t in range(2 * turns):
        assert not is_terminal(s)
        s = throw(apply(s, Roll()), 1, 2, 3, 4, 6)
        s = apply(s, legal_actions(s)[0])
        assert [sh.filled() for sh in s.sheets] == [(t + 2) // 2, (t + 1) // 2]
    assert is_terminal(s) and legal_actions(s) == ()


@rule("CL-24")
def test_totals() -> None:
    entries = {
        B.ONES: 3,
        B.TWOS: 6,
        B.THREES: 9,
        B.FOURS: 12,
        B.FIVES: 15,
        B.SIXES: 18,
        B.THREE_OF_A_KIND: 22,
        B.FOUR_OF_A_KIND: 0,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.KNIFFEL: 50,
    }
    s = position(entries, dice=(1, 2, 3, 6, 6))
    sh = enter(s, B.CHANCE)  # 18; the API.md sheet has Chance 21 for a total of 286
    r = Rules()
    assert (sh.upper_sum, sh.upper_bonus(r), sh.upper_total(r)) == (63, 35, 98)
    assert sh.lower_total(r) == 22 + 25 + 30 + 40 + 50 + 18
    assert sh.total(r) == 98 + 185
    bonus = Sheet(sh.entries, extra_bonus=50)
    assert bonus.total(r) == 98 + 185 + 50
    assert bonus.lower_total(r) == 185  # the extra bonus is an entry of its own


@rule("CL-25")
def test_highest_total_wins_ties_share() -> None:
    s = new_game(players=3, first_player=0)
    for _ in range(13):
        for faces in ((6, 6, 6, 6, 6), (6, 6, 6, 6, 6), (1, 1, 1, 1, 2)):
            s = throw(apply(s, Roll()), *faces)
            s = apply(s, legal_actions(s)[0])
    assert is_terminal(s)
    assert scores(s)[0] == scores(s)[1] > scores(s)[2]
    assert winners(s) == (0, 1)
    with pytest.raises(IllegalActionError, match="not over"):
        winners(new_game())


# --- series ---------------------------------------------------------------------


def _finish_game(s: State, faces: tuple[int, ...] = (1, 2, 3, 4, 6)) -> State:
    game = s.game
    while not is_terminal(s) and s.game == game:
        s = throw(apply(s, Roll()), *faces)
        s = apply(s, legal_actions(s)[0])
    return s


@rule("CL-26")
def test_series_start_player_moves_clockwise() -> None:
    s = new_game(players=3, rules=Rules(games=4))
    for face in (2, 5, 1):
        s = throw(s, face)
    starts = []
    while not is_terminal(s):
        starts.append(current_player(s))
        s = _finish_game(s)
    assert starts == [1, 2, 0, 1]
    assert len(s.results) == 4


@rule("CL-26")
def test_series_rotates_from_a_chosen_first_player() -> None:
    s = new_game(players=3, rules=Rules(games=3), first_player=2)
    assert (s.first_player, current_player(s)) == (2, 2)
    starts = []
    while not is_terminal(s):
        starts.append(current_player(s))
        s = _finish_game(s)
    assert starts == [2, 0, 1]


@rule("CL-27")
def test_total_ranking_adds_all_games() -> None:
    s = new_game(players=2, rules=Rules(games=2), first_player=0)
    s = _finish_game(s)
    first = s.results[0]
    s = throw(apply(s, Roll()), 6, 6, 6, 6, 6)
    s = apply(s, Score(B.KNIFFEL))
    assert current_player(s) == 0  # game 2 started with seat 1
    assert scores(s) == (first[0], first[1] + 50)
    s = _finish_game(s)
    assert scores(s) == tuple(a + b for a, b in zip(*s.results, strict=True))


@rule("CL-28", "CL-48")
def test_placement_ranking_points_ties_share_the_better_place() -> None:
    assert ranking_points((300, 200, 250)) == (3, 1, 2)
    assert ranking_points((200, 250, 250, 100)) == (2, 4, 4, 1)
    assert ranking_points(tuple(range(8))) == (1, 2, 3, 4, 5, 6, 7, 8)
    s = new_game(players=2, rules=Rules(games=2, ranking="placement"), first_player=0)
    s = throw(apply(s, Roll()), 6, 6, 6, 6, 6)
    s = apply(s, Score(B.KNIFFEL))  # seat 0's Kniffel puts it ahead in game 1
    assert scores(s) == (0, 0)  # placement counts finished games only
    s = _finish_game(s)
    assert s.results[0][0] > s.results[0][1] and scores(s) == (2, 1)
    s = _finish_game(s)
    assert s.results[1][0] == s.results[1][1]
    assert scores(s) == (2 + 2, 1 + 2) and winners(s) == (0,)  # game 2 tied: 2 points each


# --- house variants --------------------------------------------------------------


@rule("CL-29")
def test_full_cup_no_die_may_be_kept() -> None:
    rules = Rules(full_cup=True)
    s = throw(apply(new_game(rules=rules), Roll()), 1, 2, 3, 3, 3)
    rolls = [a for a in legal_actions(s) if isinstance(a, Roll)]
    assert rolls == [Roll()]
    assert Score(B.THREE_OF_A_KIND) in legal_actions(s)  # may stop at once
    with pytest.raises(IllegalActionError, match="full cup"):
        apply(s, Roll(keep=(3, 3, 3)))
    s = apply(s, Roll())
    assert len(chance_outcomes(s)) == 252


@rule("CL-30", "CL-49")
def test_croatian_sheet_has_maximum_and_minimum() -> None:
    rules = Rules(croatian=True)
    s = position(dice=(2, 3, 5, 6, 6), rules=rules)
    assert boxes(s) == set(CROATIAN_BOXES)
    assert enter(s, B.MAXIMUM)[B.MAXIMUM] == 22 and enter(s, B.MINIMUM)[B.MINIMUM] == 22
    with pytest.raises(IllegalActionError, match="no box Full House"):
        apply(s, Score(B.FULL_HOUSE))
    with pytest.raises(IllegalActionError, match="no box Maximum"):
        apply(position(dice=(1, 2, 3, 4, 5)), Score(B.MAXIMUM))


@rule("CL-31")
def test_croatian_lower_worth_is_a_product_and_may_be_negative() -> None:
    rules = Rules(croatian=True)
    s = position({B.ONES: 3, B.MAXIMUM: 12, B.TWOS: 4}, dice=(4, 5, 6, 6, 6), rules=rules)
    sh = enter(s, B.MINIMUM)  # minimum 27 > maximum 12
    assert sh.lower_total(rules) == (12 - 27) * 3 == -45
    assert sh.total(rules) == 3 + 4 - 45
    s = position({B.ONES: 2, B.MINIMUM: 10}, dice=(6, 6, 6, 6, 6), rules=rules)
    assert boxes(s) == set(CROATIAN_BOXES) - {B.ONES, B.MINIMUM}  # a Kniffel is just equal dice
    sh = enter(s, B.MAXIMUM)
    assert sh.extra_bonus == 0 and sh.lower_total(rules) == (30 - 10) * 2
    assert sh.total(rules) == 2 + 40  # Maximum and Minimum are not added themselves


@rule("CL-50")
def test_full_cup_and_croatian_combine() -> None:
    final = play("classic", [random_policy], seed=3, rules=Rules(full_cup=True, croatian=True))
    assert is_terminal(final) and final.sheets[0].filled() == 8


# --- the other joker modes -----------------------------------------------------------


@rule("CL-41")
def test_forced_joker_same_order_bonus_wherever_it_goes() -> None:
    r = Rules(joker="forced")
    s = position({B.KNIFFEL: 50}, dice=(4,) * 5, rules=r)
    assert boxes(s) == {B.FOURS} and enter(s, B.FOURS).extra_bonus == 50
    s = position({B.KNIFFEL: 50, B.FOURS: 8}, dice=(4,) * 5, rules=r)
    assert boxes(s) == set(LOWER) - {B.KNIFFEL}
    sh = enter(s, B.LARGE_STRAIGHT)
    assert (sh[B.LARGE_STRAIGHT], sh.extra_bonus) == (40, 50)
    full = {**dict.fromkeys(LOWER, 0), B.CHANCE: 20, B.KNIFFEL: 50, B.FOURS: 8}
    sh = enter(position(full, dice=(4,) * 5, rules=r), B.SIXES)
    assert (sh[B.SIXES], sh.extra_bonus) == (0, 50)
    struck = position({B.KNIFFEL: 0, B.FOURS: 8}, dice=(4,) * 5, rules=r)
    assert enter(struck, B.FULL_HOUSE).extra_bonus == 0


@rule("CL-42")
def test_free_joker_any_box() -> None:
    r = Rules(joker="free", extra_kniffel_bonus=100)
    s = position({B.KNIFFEL: 50}, dice=(4,) * 5, rules=r)
    assert boxes(s) == set(BOXES) - {B.KNIFFEL}
    assert (enter(s, B.FULL_HOUSE)[B.FULL_HOUSE], enter(s, B.FULL_HOUSE).extra_bonus) == (0, 100)
    assert enter(s, B.FOURS)[B.FOURS] == 20
    s = position({B.KNIFFEL: 50, B.FOURS: 8}, dice=(4,) * 5, rules=r)
    assert boxes(s) == set(BOXES) - {B.KNIFFEL, B.FOURS}
    assert enter(s, B.FULL_HOUSE)[B.FULL_HOUSE] == 25
    assert enter(s, B.SMALL_STRAIGHT)[B.SMALL_STRAIGHT] == 30
    assert enter(s, B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 40
    assert enter(s, B.CHANCE)[B.CHANCE] == 20
    assert (enter(s, B.ONES)[B.ONES], enter(s, B.ONES).extra_bonus) == (0, 100)
    s = position({B.KNIFFEL: 0, B.FOURS: 8}, dice=(4,) * 5, rules=r)
    assert enter(s, B.ONES).extra_bonus == 0


@rule("CL-43")
def test_no_joker_scores_naturally() -> None:
    r = Rules(joker="none")
    s = position({B.KNIFFEL: 50, B.FOURS: 8}, dice=(4,) * 5, rules=r)
    assert boxes(s) == set(BOXES) - {B.KNIFFEL, B.FOURS}
    sh = enter(s, B.FULL_HOUSE)
    assert (sh[B.FULL_HOUSE], sh.extra_bonus) == (0, 50)
    r0 = Rules(joker="none", extra_kniffel_bonus=0)
    assert enter(position({B.KNIFFEL: 50}, dice=(4,) * 5, rules=r0), B.CHANCE).extra_bonus == 0


@rule("CL-44")
def test_extra_bonus_amount() -> None:
    r = Rules(extra_kniffel_bonus=100)
    assert enter(position({B.KNIFFEL: 50}, dice=(3,) * 5, rules=r), B.THREES).extra_bonus == 100
    r0 = Rules(extra_kniffel_bonus=0)
    assert enter(position({B.KNIFFEL: 50}, dice=(3,) * 5, rules=r0), B.THREES).extra_bonus == 0


@rule("CL-46")
def test_defaults_are_the_rulebook() -> None:
    r = Rules()
    assert (r.joker, r.extra_kniffel_bonus, r.extra_bonus_requires_fifty) == ("schmidt", 50, True)
    assert (r.games, r.ranking, r.full_cup, r.croatian) == (1, "total", False, False)
    assert not r.kniffel_counts_as_full_house
    bads: tuple[dict[str, Any], ...] = (
        {"joker": "wild"},
        {"games": 0},
        {"ranking": "elo"},
        {"full_cup": 1},
        {"extra_kniffel_bonus": -50},
        {"games": True},
    )
    for bad in bads:
        with pytest.raises(InvalidStateError, match="rules\\."):
            Rules(**bad)


@rule("CL-47")
def test_keeping_all_five_is_no_roll_and_scoring_needs_a_roll() -> None:
    s = position(dice=(1, 2, 3, 4, 5))
    assert Roll(keep=(1, 2, 3, 4, 5)) not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="keeping all five"):
        apply(s, Roll(keep=(1, 2, 3, 4, 5)))
    with pytest.raises(IllegalActionError, match="roll the dice before"):
        apply(new_game(), Score(B.CHANCE))


@rule("CL-51")
def test_upper_bonus_amount_and_threshold_are_options() -> None:
    r = Rules(upper_bonus=50, upper_bonus_threshold=60)
    s = position({B.SIXES: 30, B.FIVES: 25}, dice=(1, 1, 1, 2, 2), rules=r)
    assert enter(s, B.ONES).upper_bonus(r) == 0
    s = position({B.SIXES: 30, B.FIVES: 25}, dice=(4, 4, 1, 2, 2), rules=r)
    assert enter(s, B.FOURS).upper_total(r) == 113


def test_totals_function_matches_sheets() -> None:
    s = position({B.SIXES: 30}, dice=(1, 2, 3, 4, 5))
    assert totals(s) == (30,) == scores(s)
