"""The worked examples of the Duell rulebook, played through apply."""

from __future__ import annotations

import pytest

from duel.helpers import B, R, moves, position, rolled, throw
from kniffel_rules.duel import (
    Area,
    Joker,
    Miss,
    Move,
    Roll,
    Rules,
    Spot,
    State,
    apply,
    combinations,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    winners,
)
from kniffel_rules.duel.legality import win_reason


def _red_small_straight() -> State:
    """Blue misses (and takes a joker), then red rolls a small straight and moves its disc."""
    s = new_game(first_player=0)
    s = apply(rolled(s, 1, 1, 2, 5, 6), Miss())
    assert s.jokers == (1, 0) and current_player(s) == 1
    s = rolled(s, 1, 2, 3, 4, 6)  # "four consecutive dice plus a fifth"
    assert moves(s) == [Area.SMALL_STRAIGHT]
    return apply(s, Move(Area.SMALL_STRAIGHT))


@pytest.mark.rule("DU-18", "DU-08")
def test_example_1_red_moves_the_small_straight_disc_to_their_side() -> None:
    s = _red_small_straight()
    assert s.spot(Area.SMALL_STRAIGHT) is Spot.RED_SPACE
    assert current_player(s) == 0


@pytest.mark.rule("DU-13", "DU-09", "DU-14")
def test_example_2_a_joker_turns_the_6_into_a_5_for_a_small_straight() -> None:
    s = _red_small_straight()
    s = rolled(s, 1, 2, 2, 5, 6)
    s = throw(apply(s, Roll(keep=(2, 2, 6))), 3, 4)
    s = throw(apply(s, Roll(keep=(2, 2, 3, 4))), 6)  # the third roll
    assert s.dice == (2, 2, 3, 4, 6) and s.rolls == 3
    assert combinations(s.dice) == ()  # no combination without the joker
    assert Joker(6, 5) in legal_actions(s)
    s = apply(s, Joker(6, 5))
    assert s.dice == (2, 2, 3, 4, 5) and s.jokers == (0, 0) and s.supply == (11, 11)
    assert moves(s) == [Area.SMALL_STRAIGHT]  # "you also have a Small Straight"
    s = apply(s, Move(Area.SMALL_STRAIGHT))
    assert s.spot(Area.SMALL_STRAIGHT) is Spot.BLUE_SPACE  # from red's space onto blue's


@pytest.mark.rule("DU-21", "DU-10", "DU-46")
@pytest.mark.parametrize("adjacency", ["linear", "within_parts"])
def test_example_3_securing_sixes_wins_with_three_adjacent_discs(adjacency: str) -> None:
    rules = Rules(adjacency=adjacency)  # type: ignore[arg-type]
    spots = {Area.FOURS: B, Area.FIVES: B, Area.SIXES: Spot.BLUE_SPACE}
    spots |= {Area.ONES: R, Area.FULL_HOUSE: R, Area.KNIFFEL: R, Area.TWOS: Spot.RED_SPACE}
    s = position(spots, rules=rules)
    s = rolled(s, 2, 3, 6, 6, 6)
    assert moves(s) == [Area.SIXES]
    s = apply(s, Move(Area.SIXES))
    assert is_terminal(s) and winners(s) == (0,)
    assert win_reason(s.board, 0, rules) == "three adjacent secured discs (Fours, Fives, Sixes)"
    assert scores(s) == (5, 3)
