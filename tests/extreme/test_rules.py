"""One or more tests for every clause of docs/rules/extreme.md, by id."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from extreme.helpers import enter, position, throw
from kniffel_rules import (
    CHANCE,
    DiceRoll,
    IllegalActionError,
    InvalidStateError,
    play,
    random_policy,
)
from kniffel_rules.extreme import (
    Box,
    ExtremeRoll,
    Roll,
    Rules,
    Score,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    winners,
)
from kniffel_rules.extreme.pieces import BOXES

B = Box
rule = pytest.mark.rule


@rule("EX-01")
def test_five_d6_and_a_d10_all_thrown_on_the_first_roll() -> None:
    s = apply(new_game(), Roll())
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 2520
    assert sum(p for _, p in outcomes) == 1
    rolls = [o for o, _ in outcomes if isinstance(o, ExtremeRoll)]
    assert len(rolls) == 2520
    assert {o.d10 for o in rolls} == set(range(10))
    assert outcomes[0] == (ExtremeRoll((1, 1, 1, 1, 1), 0), Fraction(1, 77760))
    s = throw(s, (2, 3, 4, 5, 6), 0)
    assert (s.d6, s.d10, s.dice) == ((2, 3, 4, 5, 6), 0, (0, 2, 3, 4, 5, 6))


@rule("EX-02")
def test_any_dice_may_be_kept_the_d10_included() -> None:
    s = position(d6=(1, 3, 3, 5, 6), d10=7)
    rolls = [a for a in legal_actions(s) if isinstance(a, Roll)]
    assert len(rolls) == 2 * 2 * 3 * 2 * 2 - 1  # every keep but all six dice
    s2 = apply(s, Roll(keep_d6=(3, 3), keep_d10=True))
    outcomes = chance_outcomes(s2)
    assert len(outcomes) == 56
    assert all(isinstance(o, ExtremeRoll) and o.d10 is None for o, _ in outcomes)
    s3 = throw(s2, (1, 2, 6))
    assert (s3.d6, s3.d10, s3.rolls) == ((1, 2, 3, 3, 6), 7, 2)
    s4 = throw(apply(s3, Roll(keep_d6=(1, 2, 3, 3, 6))), (), 4)  # only the d10 thrown again
    assert (s4.d6, s4.d10) == ((1, 2, 3, 3, 6), 4)
    with pytest.raises(IllegalActionError, match="first roll"):
        apply(new_game(), Roll(keep_d10=True))
    with pytest.raises(IllegalActionError, match="cannot keep"):
        apply(s, Roll(keep_d6=(3, 3, 3)))


@rule("EX-03")
def test_after_the_third_roll_enter_or_strike() -> None:
    s = position(d6=(1, 1, 2, 2, 4), d10=9, rolls=3, chips=0, rules=Rules(chips=0))
    assert all(isinstance(a, Score) for a in legal_actions(s))
    assert enter(s, B.HIGHWAY) == 0
    with pytest.raises(IllegalActionError, match="already filled"):
        apply(position({B.CHANCE: 19}, d6=(1, 1, 2, 2, 4), d10=9), Score(B.CHANCE))


@rule("EX-04")
def test_a_chip_buys_a_fourth_roll_at_most_one_per_turn() -> None:
    s = position(d6=(1, 1, 2, 2, 4), d10=9, rolls=3, chips=3)
    assert Roll() in legal_actions(s)
    s = apply(s, Roll(keep_d6=(1, 1)))
    assert s.sheets[0].chips == 2
    s = throw(s, (1, 1, 1), 1)
    assert s.rolls == 4 and s.dice == (1, 1, 1, 1, 1, 1)
    assert all(isinstance(a, Score) for a in legal_actions(s))  # never a fifth roll
    with pytest.raises(IllegalActionError, match="no fifth roll"):
        apply(s, Roll())
    s = apply(s, Score(B.KNIFFEL_EXTREME))
    assert s.sheets[0].chips == 2  # chips stay used for the whole game


@rule("EX-04")
def test_no_fourth_roll_without_a_chip() -> None:
    used_up = {B.ONES: 1, B.TWOS: 2, B.THREES: 3}  # three turns, a chip in each
    s = position(used_up, d6=(1, 1, 2, 2, 4), d10=9, rolls=3, chips=0)
    with pytest.raises(IllegalActionError, match="costs a chip"):
        apply(s, Roll())
    assert not any(isinstance(a, Roll) for a in legal_actions(s))
    early = position(d6=(1, 1, 2, 2, 4), d10=9, rolls=2, chips=3)
    assert apply(early, Roll()).sheets[0].chips == 3  # rolls 2 and 3 are free


@rule("EX-04", "EX-38")
def test_three_chips_per_game() -> None:
    assert new_game().sheets[0].chips == 3
    assert new_game(rules=Rules(chips=1)).sheets[0].chips == 1
    s = new_game()
    used = 0
    for _turn in range(4):
        s = throw(apply(s, Roll()), (1, 2, 2, 3, 5), 8)
        s = throw(apply(s, Roll()), (1, 2, 2, 3, 5), 8)
        s = throw(apply(s, Roll()), (1, 2, 2, 3, 5), 8)
        if s.sheets[0].chips:
            s = throw(apply(s, Roll()), (1, 2, 2, 3, 5), 8)
            used += 1
        s = apply(s, next(a for a in legal_actions(s) if isinstance(a, Score)))
    assert used == 3 and s.sheets[0].chips == 0


@rule("EX-05")
def test_chips_are_not_on_the_sheet() -> None:
    s = position({B.ONES: 2, B.HIGHWAY: 0}, d6=(1, 1, 2, 2, 4), d10=9, chips=1)
    assert scores(s) == (2,)
    assert scores(position({B.ONES: 2}, d6=(1, 1, 2, 2, 4), d10=9, chips=3)) == (2,)


@rule("EX-06")
def test_upper_boxes_count_the_d10_when_it_shows_the_face() -> None:
    assert enter(position(d6=(5, 5, 5, 5, 5), d10=5), B.FIVES) == 30
    assert enter(position(d6=(5, 5, 5, 5, 5), d10=0), B.FIVES) == 25
    assert enter(position(d6=(1, 2, 2, 3, 3), d10=1), B.ONES) == 2


@rule("EX-07")
@pytest.mark.parametrize(("sixes", "bonus"), [(12, 0), (18, 45)])
def test_bonus_45_at_73(sixes: int, bonus: int) -> None:
    entries = {B.ONES: 5, B.TWOS: 10, B.THREES: 15, B.FOURS: 20}  # 50
    die = sixes // 6
    s = apply(
        position({**entries, B.FIVES: 5}, d6=(6,) * die + (2,) * (5 - die), d10=0), Score(B.SIXES)
    )
    sheet = s.sheets[0]
    assert sheet.upper_sum == 55 + sixes
    assert sheet.upper_bonus(Rules()) == bonus
    assert sheet.total(Rules()) == 55 + sixes + bonus


@rule("EX-08", "EX-09", "EX-10")
def test_sum_boxes_count_all_six_dice() -> None:
    s = position(d6=(4, 4, 4, 1, 2), d10=9)
    assert enter(s, B.THREE_OF_A_KIND) == 24
    assert enter(s, B.FOUR_OF_A_KIND) == 0
    assert enter(position(d6=(4, 4, 4, 1, 2), d10=4), B.FOUR_OF_A_KIND) == 19
    assert enter(position(d6=(3, 3, 5, 5, 1), d10=9), B.TWO_PAIRS) == 26


@rule("EX-11", "EX-12", "EX-13", "EX-14")
def test_fixed_value_combinations() -> None:
    assert enter(position(d6=(1, 1, 3, 3, 6), d10=6), B.THREE_PAIRS) == 35
    assert enter(position(d6=(2, 2, 2, 5, 5), d10=5), B.TWO_TRIPLES) == 45
    assert enter(position(d6=(2, 2, 2, 5, 5), d10=9), B.FULL_HOUSE) == 25
    assert enter(position(d6=(2, 2, 2, 2, 5), d10=5), B.BIG_FULL_HOUSE) == 45
    assert enter(position(d6=(2, 2, 2, 2, 5), d10=6), B.BIG_FULL_HOUSE) == 0


@rule("EX-15", "EX-16")
def test_straights_with_the_d10() -> None:
    assert enter(position(d6=(1, 2, 3, 6, 6), d10=0), B.SMALL_STRAIGHT) == 30
    assert enter(position(d6=(3, 4, 5, 6, 1), d10=7), B.LARGE_STRAIGHT) == 40
    assert enter(position(d6=(2, 3, 4, 5, 6), d10=7), B.HIGHWAY) == 50
    assert enter(position(d6=(1, 2, 3, 4, 5), d10=0), B.HIGHWAY) == 50
    assert enter(position(d6=(1, 2, 3, 4, 6), d10=9), B.HIGHWAY) == 0


@rule("EX-17", "EX-18", "EX-19")
def test_kniffels_sum_limits_and_chances() -> None:
    assert enter(position(d6=(3, 3, 3, 3, 3), d10=0), B.KNIFFEL) == 50
    assert enter(position(d6=(3, 3, 3, 3, 3), d10=3), B.KNIFFEL_EXTREME) == 75
    assert enter(position(d6=(3, 3, 3, 3, 3), d10=0), B.KNIFFEL_EXTREME) == 0
    assert enter(position(d6=(1, 1, 2, 2, 3), d10=1), B.TEN_OR_LESS) == 40
    assert enter(position(d6=(1, 1, 2, 2, 3), d10=2), B.TEN_OR_LESS) == 0
    assert enter(position(d6=(6, 6, 6, 5, 1), d10=9), B.THIRTY_THREE_OR_MORE) == 40
    assert enter(position(d6=(6, 6, 6, 5, 1), d10=8), B.THIRTY_THREE_OR_MORE) == 0
    assert enter(position(d6=(1, 2, 3, 4, 5), d10=9), B.CHANCE) == 24
    assert enter(position(d6=(1, 2, 3, 4, 5), d10=9), B.SUPER_CHANCE) == 48


@rule("EX-20", "EX-37")
def test_the_game_ends_after_22_turns_each_highest_total_wins() -> None:
    s = new_game(players=2, first_player=0)
    for t in range(44):
        assert not is_terminal(s)
        s = throw(apply(s, Roll()), (6, 6, 6, 6, 6), 6)
        s = apply(s, next(a for a in legal_actions(s) if isinstance(a, Score)))
        assert [sh.filled() for sh in s.sheets] == [(t + 2) // 2, (t + 1) // 2]
    assert is_terminal(s) and legal_actions(s) == ()
    assert scores(s)[0] == scores(s)[1]
    assert winners(s) == (0, 1)
    # six Sixes in every box: Sixes 36 (no bonus), both paschs 36, Kniffel 50,
    # Kniffel Extreme 75, "33 or more" 40, Chance 36, Super-Chance 72; the rest 0
    assert scores(s)[0] == 36 + 36 + 36 + 50 + 75 + 40 + 36 + 72


@rule("EX-21")
def test_a_second_kniffel_earns_nothing_extra_and_goes_anywhere() -> None:
    s = position({B.KNIFFEL: 50, B.SIXES: 18}, d6=(6, 6, 6, 6, 6), d10=2)
    assert {a.box for a in legal_actions(s) if isinstance(a, Score)} == set(BOXES) - {
        B.KNIFFEL,
        B.SIXES,
    }
    after = apply(s, Score(B.FULL_HOUSE))
    assert after.sheets[0][B.FULL_HOUSE] == 0  # 6+6+6+6+6+2 is no Full House
    assert scores(after) == (68,)
    assert enter(s, B.THREE_OF_A_KIND) == 32


@rule("EX-30")
def test_any_number_of_players_and_a_rolloff() -> None:
    assert current_player(new_game()) == 0
    s = new_game(players=3)
    assert current_player(s) == CHANCE
    for face in (6, 6, 2):
        s = apply(s, DiceRoll((face,)))
    assert s.roll_off is not None and s.roll_off.contenders == (0, 1)
    with pytest.raises(InvalidStateError):
        new_game(players=0)
    final = play("extreme", [random_policy] * 3, seed=4)
    assert is_terminal(final) and all(sh.filled() == 22 for sh in final.sheets)


@rule("EX-36")
def test_keeping_everything_or_scoring_before_rolling_is_illegal() -> None:
    s = position(d6=(1, 2, 3, 4, 5), d10=0)
    with pytest.raises(IllegalActionError, match="keeping all six"):
        apply(s, Roll(keep_d6=(1, 2, 3, 4, 5), keep_d10=True))
    assert Roll(keep_d6=(1, 2, 3, 4, 5), keep_d10=False) in legal_actions(s)
    with pytest.raises(IllegalActionError, match="roll the dice before"):
        apply(new_game(), Score(B.CHANCE))


@rule("EX-38")
def test_rules_options_are_validated() -> None:
    r = Rules()
    assert (r.chips, r.upper_bonus, r.upper_bonus_threshold) == (3, 45, 73)
    bads: tuple[dict[str, Any], ...] = ({"chips": -1}, {"chips": "3"}, {"upper_bonus": True})
    for bad in bads:
        with pytest.raises(InvalidStateError, match="rules\\."):
            Rules(**bad)
    with pytest.raises(InvalidStateError, match="unknown rule option"):
        Rules.from_dict({"joker": "free"})
