"""One or more tests for every clause of docs/rules/duel.md, by id."""

from __future__ import annotations

from fractions import Fraction

import pytest

from duel.helpers import B, R, moves, position, rolled, throw
from kniffel_rules import CHANCE, TERMINAL, IllegalActionError, InvalidStateError
from kniffel_rules.duel import (
    Area,
    DiceRoll,
    Joker,
    Miss,
    Move,
    Phase,
    Roll,
    Rules,
    Spot,
    apply,
    chance_outcomes,
    combinations,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    winners,
)
from kniffel_rules.duel.combinations import adjacent_triples
from kniffel_rules.duel.legality import win_reason
from kniffel_rules.duel.pieces import AREAS, JOKERS_PER_COLOUR

A = Area
rule = pytest.mark.rule


# --- players and setup -------------------------------------------------------


@rule("DU-01", "DU-40")
def test_exactly_two_players_blue_is_seat_0_red_seat_1() -> None:
    s = new_game()
    assert s.names == ("Blue", "Red")
    assert new_game(["Ann", "Ben"]).names == ("Ann", "Ben")
    assert new_game(2).names == ("Blue", "Red")
    for bad in (1, 3, 0, [], ["Ann"], ["Ann", "Ben", "Cy"], ["Ann", ""], "AB", True):
        with pytest.raises(InvalidStateError):
            new_game(players=bad)
    with pytest.raises(InvalidStateError):
        new_game(rules="linear")  # type: ignore[arg-type]
    s = rolled(new_game(first_player=0), 1, 2, 3, 4, 6)
    assert apply(s, Move(A.SMALL_STRAIGHT)).spot(A.SMALL_STRAIGHT) is Spot.BLUE_SPACE
    s = rolled(new_game(first_player=1), 1, 2, 3, 4, 6)
    assert apply(s, Move(A.SMALL_STRAIGHT)).spot(A.SMALL_STRAIGHT) is Spot.RED_SPACE


@rule("DU-02")
def test_setup_discs_on_the_centre_line_22_jokers_in_the_supply() -> None:
    for s in (new_game(), new_game(first_player=0)):
        assert s.board == (Spot.CENTRE,) * 11
        assert len(AREAS) == 11
        assert s.jokers == (0, 0)
        assert s.supply == (JOKERS_PER_COLOUR, JOKERS_PER_COLOUR)
        assert sum(s.supply) == 22


@rule("DU-03", "DU-41")
def test_rolloff_one_die_each_higher_begins_ties_roll_again() -> None:
    s = new_game()
    assert current_player(s) == CHANCE
    assert chance_outcomes(s) == tuple((DiceRoll((f,)), Fraction(1, 6)) for f in range(1, 7))
    assert legal_actions(s) == tuple(DiceRoll((f,)) for f in range(1, 7))
    s = throw(throw(s, 4), 4)  # a tie: both roll again
    assert current_player(s) == CHANCE
    assert s.roll_off is not None and s.roll_off.contenders == (0, 1) and s.roll_off.faces == ()
    s = throw(throw(s, 6), 2)
    assert current_player(s) == 0 and s.first_player == 0
    assert legal_actions(s) == (Roll(),)
    s = throw(throw(new_game(), 1), 3)
    assert current_player(s) == 1 and s.first_player == 1


@rule("DU-41")
def test_first_player_can_be_named_and_rolloff_outcomes_are_checked() -> None:
    assert current_player(new_game(first_player=1)) == 1
    for bad in (2, -1, True, "0"):
        with pytest.raises(InvalidStateError):
            new_game(first_player=bad)  # type: ignore[arg-type]
    s = new_game()
    for action in (DiceRoll((7,)), DiceRoll((1, 2)), DiceRoll(()), Roll(), None):
        with pytest.raises(IllegalActionError):
            apply(s, action)  # type: ignore[arg-type]


@rule("DU-04")
def test_turns_alternate() -> None:
    s = new_game(first_player=1)
    order = []
    for _ in range(6):
        order.append(current_player(s))
        s = apply(rolled(s, 1, 1, 2, 2, 4), Miss())
    assert order == [1, 0, 1, 0, 1, 0]


# --- rolling -----------------------------------------------------------------


@rule("DU-05")
def test_at_most_three_rolls_the_first_throws_all_five() -> None:
    s = new_game(first_player=0)
    assert legal_actions(s) == (Roll(),)
    with pytest.raises(IllegalActionError, match="first roll of a turn throws all five"):
        apply(s, Roll(keep=(6,)))
    s = apply(s, Roll())
    assert current_player(s) == CHANCE and len(chance_outcomes(s)) == 252
    s = throw(s, 1, 2, 2, 5, 6)
    s = throw(apply(s, Roll(keep=(2, 2))), 2, 3, 4)
    assert s.dice == (2, 2, 2, 3, 4) and s.rolls == 2
    s = throw(apply(s, Roll(keep=(2, 2, 2))), 2, 6)
    assert s.rolls == 3 and s.rolls_left == 0
    assert not any(isinstance(a, Roll) for a in legal_actions(s))
    with pytest.raises(IllegalActionError, match="at most three rolls"):
        apply(s, Roll(keep=(2,)))


@rule("DU-05")
def test_any_dice_may_be_kept_and_kept_dice_rethrown() -> None:
    s = rolled(new_game(first_player=0), 1, 2, 2, 5, 6)
    keeps = [a.keep for a in legal_actions(s) if isinstance(a, Roll)]
    assert keeps[0] == () and len(keeps) == len(set(keeps)) == 23  # 24 sub-multisets - all five
    s = throw(apply(s, Roll(keep=(5, 6))), 1, 2, 3)
    s = apply(s, Roll(keep=(1, 2)))  # the 5 and 6 kept before are thrown again
    assert s.dice == (1, 2) and chance_outcomes(s)[0][0] == DiceRoll((1, 1, 1))
    with pytest.raises(IllegalActionError, match="throws nothing"):
        apply(rolled(new_game(first_player=0), 1, 2, 2, 5, 6), Roll(keep=(1, 2, 2, 5, 6)))
    with pytest.raises(IllegalActionError, match="cannot keep"):
        apply(rolled(new_game(first_player=0), 1, 2, 2, 5, 6), Roll(keep=(6, 6)))


@rule("DU-06")
def test_the_player_may_stop_after_any_roll() -> None:
    s = rolled(new_game(first_player=0), 3, 3, 3, 5, 6)
    assert Move(A.THREES) in legal_actions(s) and s.rolls == 1
    s = rolled(new_game(first_player=0), 1, 2, 4, 5, 5)  # nothing shown: stop with a miss
    assert legal_actions(s)[0] == Miss()
    assert current_player(apply(s, Miss())) == 1


@rule("DU-07")
def test_a_shown_combination_allows_a_move_none_is_a_miss() -> None:
    s = rolled(new_game(first_player=0), 2, 2, 2, 5, 5)
    assert moves(s) == [A.TWOS, A.FULL_HOUSE]
    assert Miss() not in legal_actions(s)
    s = rolled(new_game(first_player=0), 1, 2, 3, 5, 6)
    assert moves(s) == []
    assert legal_actions(s)[0] == Miss()


# --- moving and securing discs -------------------------------------------------


@rule("DU-08")
def test_the_first_move_pulls_a_disc_from_the_centre_onto_the_movers_space() -> None:
    for player, space in ((0, Spot.BLUE_SPACE), (1, Spot.RED_SPACE)):
        s = position(dice=(4, 4, 4, 1, 2), player=player)
        after = apply(s, Move(A.FOURS))
        assert after.spot(A.FOURS) is space
        assert [a for a in AREAS if after.spot(a) is not Spot.CENTRE] == [A.FOURS]


@rule("DU-08", "DU-11")
def test_every_spot_knows_its_colour_and_whether_it_secures() -> None:
    owners = {Spot.CENTRE: None, Spot.BLUE_SPACE: 0, Spot.BLUE_HOLE: 0}
    owners |= {Spot.RED_SPACE: 1, Spot.RED_HOLE: 1}
    assert {s: s.owner for s in Spot} == owners
    assert [s for s in Spot if s.secured] == [Spot.BLUE_HOLE, Spot.RED_HOLE]


@rule("DU-09")
def test_a_disc_moves_directly_between_the_two_spaces() -> None:
    s = position({A.FIVES: Spot.RED_SPACE}, dice=(5, 5, 5, 1, 2), player=0)
    assert apply(s, Move(A.FIVES)).spot(A.FIVES) is Spot.BLUE_SPACE
    s = position({A.FIVES: Spot.BLUE_SPACE}, dice=(5, 5, 5, 1, 2), player=1)
    assert apply(s, Move(A.FIVES)).spot(A.FIVES) is Spot.RED_SPACE


@rule("DU-10")
def test_a_disc_on_the_own_space_goes_into_the_own_hole() -> None:
    s = position({A.FULL_HOUSE: Spot.BLUE_SPACE}, dice=(3, 3, 6, 6, 6), player=0, jokers=(0, 1))
    after = apply(s, Move(A.FULL_HOUSE))
    assert after.spot(A.FULL_HOUSE) is Spot.BLUE_HOLE
    assert after.secured(0) == (A.FULL_HOUSE,) and scores(after) == (1, 0)
    s = position({A.FULL_HOUSE: Spot.RED_SPACE}, dice=(3, 3, 6, 6, 6), player=1, jokers=(1, 0))
    assert apply(s, Move(A.FULL_HOUSE)).spot(A.FULL_HOUSE) is Spot.RED_HOLE


@rule("DU-11")
def test_a_secured_disc_never_moves_its_roll_is_a_miss() -> None:
    for hole in (B, R):
        s = position({A.SIXES: hole}, dice=(6, 6, 6, 1, 3), player=0, jokers=(1, 1))
        assert moves(s) == []
        assert legal_actions(s)[0] == Miss()
        with pytest.raises(IllegalActionError, match=r"secured .* never moves again"):
            apply(s, Move(A.SIXES))
    s = position({A.SIXES: R, A.KNIFFEL: B}, dice=(6, 6, 6, 6, 6), player=0)
    assert moves(s) == [A.FOUR_OF_A_KIND]  # only the free disc may move


# --- jokers ------------------------------------------------------------------------


@rule("DU-12")
def test_a_miss_takes_a_joker_of_the_players_colour() -> None:
    s = position(dice=(1, 2, 3, 5, 6), player=1, jokers=(2, 1))
    after = apply(s, Miss())
    assert after.jokers == (2, 2) and after.supply == (9, 9)
    assert current_player(after) == 0 and after.dice == () and after.rolls == 0
    # only a secured disc shown:
    s = position({A.THREES: B}, dice=(3, 3, 3, 5, 6), player=0, jokers=(0, 1))
    assert apply(s, Miss()).jokers == (1, 1)


@rule("DU-13")
def test_a_joker_turns_one_die_to_any_value_and_several_may_be_used() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=0, jokers=(3, 1), rolls=3)
    jokers = [a for a in legal_actions(s) if isinstance(a, Joker)]
    assert len(jokers) == 4 * 5 and Joker(6, 3) in jokers
    s = apply(s, Joker(6, 3))
    assert s.dice == (1, 2, 3, 4, 6) and s.jokers == (2, 1) and s.jokers_used == 1
    assert moves(s) == [A.SMALL_STRAIGHT]
    s = apply(s, Joker(1, 5))
    assert s.dice == (2, 3, 4, 5, 6) and s.jokers == (1, 1) and s.jokers_used == 2
    assert moves(s) == [A.SMALL_STRAIGHT, A.LARGE_STRAIGHT]
    for bad in (Joker(5, 7), Joker(0, 2), Joker(1, 2)):
        with pytest.raises(IllegalActionError):
            apply(s, bad)
    for die in (True, 2.0):  # a joker's faces are integers: refused at construction
        with pytest.raises(InvalidStateError, match="die: expected an integer"):
            Joker(die, 3)  # type: ignore[arg-type]


@rule("DU-13", "DU-43")
def test_no_joker_without_a_tile_in_hand() -> None:
    s = position({A.TWOS: Spot.RED_SPACE}, dice=(1, 2, 4, 6, 6), player=0, jokers=(0, 5))
    assert not any(isinstance(a, Joker) for a in legal_actions(s))
    with pytest.raises(IllegalActionError, match="no joker tile in hand"):
        apply(s, Joker(6, 3))


@rule("DU-14", "DU-51")
def test_used_jokers_go_back_to_the_supply_of_their_colour() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=1, jokers=(4, 2), rolls=2)
    s = apply(apply(s, Joker(6, 3)), Joker(6, 5))
    assert s.jokers == (4, 0) and s.supply == (7, 11)
    assert s.jokers[0] + s.supply[0] == s.jokers[1] + s.supply[1] == 11


# --- combinations ------------------------------------------------------------------


@rule("DU-15")
def test_number_areas_need_three_of_that_number() -> None:
    for face, area in zip(range(1, 7), AREAS[:6], strict=True):
        a, b = [x for x in (1, 2, 4) if x != face][:2]
        assert area.face == face
        assert area in combinations((face, face, face, a, b))
        assert area not in combinations((face, face, a, a, b))
    assert combinations((4, 4, 4, 4, 2))[:1] == (A.FOURS,)


@rule("DU-16")
def test_four_of_a_kind_needs_four_equal() -> None:
    assert A.FOUR_OF_A_KIND in combinations((2, 2, 2, 2, 5))
    assert A.FOUR_OF_A_KIND in combinations((2, 2, 2, 2, 2))
    assert A.FOUR_OF_A_KIND not in combinations((2, 2, 2, 5, 5))


@rule("DU-17")
def test_full_house_three_and_two_of_another_number() -> None:
    assert A.FULL_HOUSE in combinations((3, 3, 3, 4, 4))
    assert A.FULL_HOUSE not in combinations((3, 3, 3, 4, 5))
    assert A.FULL_HOUSE not in combinations((3, 3, 4, 4, 5))


@rule("DU-18")
def test_small_straight_four_consecutive() -> None:
    for dice in ((1, 2, 3, 4, 6), (1, 3, 4, 5, 6), (2, 3, 4, 5, 5), (1, 2, 3, 4, 5)):
        assert A.SMALL_STRAIGHT in combinations(dice)
    assert A.SMALL_STRAIGHT not in combinations((1, 2, 3, 5, 6))


@rule("DU-19")
def test_large_straight_five_consecutive() -> None:
    assert A.LARGE_STRAIGHT in combinations((1, 2, 3, 4, 5))
    assert A.LARGE_STRAIGHT in combinations((6, 5, 4, 3, 2))
    assert A.LARGE_STRAIGHT not in combinations((1, 2, 3, 4, 6))


@rule("DU-20")
def test_kniffel_has_no_spaces_and_secures_at_once() -> None:
    assert not A.KNIFFEL.has_spaces and all(a.has_spaces for a in AREAS[:10])
    assert A.KNIFFEL in combinations((5, 5, 5, 5, 5))
    assert A.KNIFFEL not in combinations((5, 5, 5, 5, 4))
    for player, hole in ((0, B), (1, R)):
        s = position(dice=(5, 5, 5, 5, 5), player=player)
        after = apply(s, Move(A.KNIFFEL))
        assert after.spot(A.KNIFFEL) is hole
        assert after.secured(player) == (A.KNIFFEL,)


@rule("DU-15", "DU-16", "DU-17", "DU-18", "DU-19", "DU-20")
def test_combinations_rejects_a_roll_no_dice_can_show() -> None:
    for bad in ((1, 2, 3, 4), (1, 2, 3, 4, 7), (0, 1, 2, 3, 4), (1, 2, 3, 4, 5, 6), "12345"):
        with pytest.raises(InvalidStateError):
            combinations(bad)  # type: ignore[arg-type]


# --- end of the game ---------------------------------------------------------------


@rule("DU-21")
def test_five_secured_discs_win_at_once() -> None:
    spots = {A.ONES: B, A.THREES: B, A.FIVES: B, A.FULL_HOUSE: B, A.SMALL_STRAIGHT: R}
    spots |= {A.KNIFFEL: Spot.CENTRE, A.SIXES: R, A.TWOS: R, A.FOURS: R}
    s = position(spots, dice=(5, 5, 5, 5, 5), player=0)
    assert win_reason(s.board, 0, s.rules) is None
    after = apply(s, Move(A.KNIFFEL))
    assert is_terminal(after) and current_player(after) == TERMINAL
    assert winners(after) == (0,) and after.results == (0,)
    assert win_reason(after.board, 0, after.rules) == "five secured discs"
    assert scores(after) == (5, 4)
    assert legal_actions(after) == ()


@rule("DU-21")
def test_three_adjacent_secured_discs_win_at_once() -> None:
    s = position(
        {A.TWOS: R, A.THREES: R, A.FOURS: Spot.RED_SPACE},
        dice=(4, 4, 4, 1, 1),
        player=1,
        jokers=(1, 0),
    )
    after = apply(s, Move(A.FOURS))
    assert is_terminal(after) and winners(after) == (1,)
    assert win_reason(after.board, 1, after.rules) == (
        "three adjacent secured discs (Twos, Threes, Fours)"
    )
    s = position(
        {A.TWOS: R, A.FOURS: R, A.SIXES: Spot.RED_SPACE},
        dice=(6, 6, 6, 1, 1),
        player=1,
        jokers=(1, 0),
    )
    assert not is_terminal(apply(s, Move(A.SIXES)))  # three, but not adjacent


@rule("DU-21")
def test_a_move_onto_a_space_never_ends_the_game() -> None:
    s = position({A.TWOS: B, A.THREES: B}, dice=(4, 4, 4, 1, 1), player=0, jokers=(0, 1))
    after = apply(s, Move(A.FOURS))  # Fours only reaches blue's space
    assert not is_terminal(after) and after.spot(A.FOURS) is Spot.BLUE_SPACE


@rule("DU-22", "DU-47")
def test_a_match_goes_on_until_match_wins_games() -> None:
    rules = Rules(match_wins=3)
    spots = {A.ONES: B, A.TWOS: B, A.THREES: Spot.BLUE_SPACE}
    s = position(spots, dice=(3, 3, 3, 1, 1), rules=rules, jokers=(0, 1))
    after = apply(s, Move(A.THREES))
    assert not is_terminal(after)
    assert after.results == (0,) and after.games_won == (1, 0) and scores(after) == (1, 0)
    assert after.phase is Phase.ROLL_OFF and current_player(after) == CHANCE
    s = position(spots, dice=(3, 3, 3, 1, 1), rules=rules, results=(0, 1, 1, 0), jokers=(0, 1))
    assert scores(s) == (2, 2)
    final = apply(s, Move(A.THREES))
    assert is_terminal(final) and final.results == (0, 1, 1, 0, 0)
    assert winners(final) == (0,) and scores(final) == (3, 2)
    single = apply(position(spots, dice=(3, 3, 3, 1, 1), jokers=(0, 1)), Move(A.THREES))
    assert is_terminal(single) and winners(single) == (0,)  # match_wins=1: one game


# --- rulings -------------------------------------------------------------------------


@rule("DU-42")
def test_board_order_and_at_least_readings() -> None:
    assert [a.label for a in AREAS] == [
        "Ones",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "Four of a kind",
        "Full House",
        "Small straight",
        "Large straight",
        "Kniffel",
    ]
    assert combinations((3, 3, 3, 3, 3)) == (A.THREES, A.FOUR_OF_A_KIND, A.KNIFFEL)
    assert combinations((2, 3, 4, 5, 6)) == (A.SMALL_STRAIGHT, A.LARGE_STRAIGHT)
    assert A.FULL_HOUSE not in combinations((4, 4, 4, 4, 4))
    s = position(dice=(3, 3, 3, 3, 3), player=1)
    assert moves(s) == [A.THREES, A.FOUR_OF_A_KIND, A.KNIFFEL]  # the player chooses
    for area in moves(s):
        apply(s, Move(area))


@rule("DU-43")
def test_no_roll_after_a_joker() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=0, jokers=(2, 1), rolls=1)
    assert any(isinstance(a, Roll) for a in legal_actions(s))
    s = apply(s, Joker(6, 5))
    assert not any(isinstance(a, Roll) for a in legal_actions(s))
    with pytest.raises(IllegalActionError, match="no roll may follow a joker"):
        apply(s, Roll(keep=(1,)))


@rule("DU-43")
def test_a_joker_taken_this_turn_is_usable_from_the_next_turn_on() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=0)
    s = apply(s, Miss())  # blue takes a joker: the turn is over
    assert s.jokers == (1, 0) and current_player(s) == 1
    s = apply(rolled(s, 1, 1, 2, 2, 4), Miss())  # red's turn
    s = rolled(s, 1, 2, 4, 6, 6)  # blue's next turn: now the joker can be used
    assert Joker(6, 3) in legal_actions(s)


@rule("DU-44")
def test_a_player_who_can_move_must_move() -> None:
    s = position(dice=(1, 1, 1, 4, 6), player=0, jokers=(1, 1), rolls=3)
    assert Miss() not in legal_actions(s)
    with pytest.raises(IllegalActionError, match=r"a disc can move \(Ones\)"):
        apply(s, Miss())
    with pytest.raises(IllegalActionError, match="do not show Twos"):
        apply(s, Move(A.TWOS))
    with pytest.raises(InvalidStateError, match="area: expected a Area"):
        Move("ones")  # type: ignore[arg-type]


@rule("DU-45")
def test_no_joker_when_the_colours_supply_is_empty() -> None:
    s = position(dice=(1, 2, 4, 5, 5), player=0, jokers=(11, 3))
    after = apply(s, Miss())
    assert after.jokers == (11, 3) and after.supply == (0, 8)
    assert current_player(after) == 1
    s = position(dice=(1, 2, 4, 5, 5), player=1, jokers=(11, 3))
    assert apply(s, Miss()).jokers == (11, 4)  # red's own colour still has tiles


@rule("DU-46")
def test_adjacency_linear_runs_across_both_parts() -> None:
    linear, parts = Rules(), Rules(adjacency="within_parts")
    assert len(adjacent_triples(linear)) == 9 and len(adjacent_triples(parts)) == 7
    spots = {A.FIVES: B, A.SIXES: B, A.FOUR_OF_A_KIND: Spot.BLUE_SPACE}
    for rules, over in ((linear, True), (parts, False)):
        s = position(spots, dice=(2, 2, 2, 2, 6), player=0, rules=rules, jokers=(0, 1))
        assert is_terminal(apply(s, Move(A.FOUR_OF_A_KIND))) is over
    spots = {A.SMALL_STRAIGHT: R, A.LARGE_STRAIGHT: R}
    for rules in (linear, parts):  # Large straight and Kniffel are neighbours in both
        s = position(spots, dice=(1, 1, 1, 1, 1), player=1, rules=rules, jokers=(1, 0))
        after = apply(s, Move(A.KNIFFEL))
        assert is_terminal(after) and winners(after) == (1,)


@rule("DU-47")
def test_every_game_of_a_match_starts_with_a_rolloff() -> None:
    rules = Rules(match_wins=2)
    s = position({A.ONES: R, A.TWOS: R}, dice=(3, 3, 3, 3, 3), player=1, rules=rules, jokers=(1, 0))
    s = apply(s, Move(A.KNIFFEL))
    assert not is_terminal(s)  # Ones, Twos, Kniffel are not adjacent
    s = position({A.ONES: R, A.TWOS: R}, dice=(3, 3, 3, 1, 1), player=1, rules=rules, jokers=(1, 0))
    s = apply(s, Move(A.THREES))
    assert not is_terminal(s) and s.spot(A.THREES) is Spot.RED_SPACE
    s = position(
        {A.ONES: R, A.TWOS: R, A.THREES: Spot.RED_SPACE},
        dice=(3, 3, 3, 1, 1),
        player=1,
        rules=rules,
        jokers=(1, 0),
    )
    s = apply(s, Move(A.THREES))
    assert s.phase is Phase.ROLL_OFF and s.first_player is None and s.results == (1,)
    s = throw(throw(s, 5), 2)
    assert current_player(s) == 0 and s.first_player == 0
    with pytest.raises(InvalidStateError):
        Rules(match_wins=0)
    with pytest.raises(InvalidStateError):
        Rules(adjacency="diagonal")  # type: ignore[arg-type]


@rule("DU-48")
def test_a_joker_must_change_the_die() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=0, jokers=(1, 1))
    assert Joker(6, 6) not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="must change the die"):
        apply(s, Joker(6, 6))
    with pytest.raises(IllegalActionError, match="no die shows 3"):
        apply(s, Joker(3, 5))


@rule("DU-49")
def test_jokers_are_optional_and_the_duty_to_move_follows_the_final_dice() -> None:
    s = position(dice=(1, 2, 4, 6, 6), player=0, jokers=(1, 1), rolls=3)
    assert legal_actions(s)[0] == Miss()  # a joker would make a straight; a miss is allowed
    assert apply(s, Miss()).jokers == (2, 1)
    s = position(dice=(1, 1, 1, 4, 6), player=0, jokers=(1, 1), rolls=3)
    s = apply(s, Joker(1, 5))  # the Ones are gone: now nothing can move
    assert moves(s) == [] and legal_actions(s)[0] == Miss()
    assert apply(s, Miss()).jokers == (1, 1)


@rule("DU-50")
def test_each_game_of_a_match_starts_from_the_setup() -> None:
    rules = Rules(match_wins=2)
    s = position(
        {A.ONES: B, A.TWOS: B, A.THREES: Spot.BLUE_SPACE, A.SIXES: R},
        dice=(3, 3, 3, 1, 1),
        jokers=(4, 6),
        rules=rules,
    )
    s = apply(s, Move(A.THREES))
    assert s.board == (Spot.CENTRE,) * 11
    assert s.jokers == (0, 0) and s.supply == (11, 11)


@rule("DU-52")
def test_scores_count_secured_discs_the_winner_of_a_game_scores_five() -> None:
    spots = {A.ONES: R, A.THREES: R, A.FULL_HOUSE: R, A.KNIFFEL: R}
    spots |= {A.FOURS: B, A.FIVES: B, A.SIXES: Spot.BLUE_SPACE}
    s = position(spots, dice=(6, 6, 6, 1, 1), player=0)
    assert scores(s) == (2, 4)
    after = apply(s, Move(A.SIXES))
    assert winners(after) == (0,) and len(after.secured(0)) == 3
    assert scores(after) == (5, 4)
    match = Rules(match_wins=2)
    s = position(spots, dice=(6, 6, 6, 1, 1), player=0, rules=match, results=(1,))
    assert scores(s) == (0, 1)  # games won, not discs
    assert scores(apply(s, Move(A.SIXES))) == (1, 1)
    with pytest.raises(IllegalActionError, match="not over"):
        winners(s)


@rule("DU-53")
def test_nothing_but_the_first_roll_before_the_first_roll() -> None:
    s = new_game(first_player=0)
    for action in (Miss(), Move(A.ONES), Joker(1, 2), Roll(keep=(1,)), DiceRoll((1,)), None):
        with pytest.raises(IllegalActionError):
            apply(s, action)  # type: ignore[arg-type]
    s = position(jokers=(2, 1))
    assert legal_actions(s) == (Roll(),)
    with pytest.raises(IllegalActionError, match="roll the dice first"):
        apply(s, Joker(1, 2))
