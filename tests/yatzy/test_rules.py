"""Scandinavian Yatzy's clauses (docs/rules/yatzy.md), each with worked examples."""

from __future__ import annotations

import random

import pytest

from kniffel_rules import CHANCE, TERMINAL, DiceRoll, yatzy
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.yatzy import Box, Phase, Roll, Rules, Score, State, score

rule = pytest.mark.rule


def position(
    entries: dict[Box, int] | None = None, dice: tuple[int, ...] = (), rules: Rules | None = None
) -> State:
    """A solitaire position: the sheet as given, ``dice`` showing after one throw."""
    values: list[int | None] = [None] * len(Box)
    for box, v in (entries or {}).items():
        values[box.value] = v
    state = State(rules or Rules(), ("Solo",), (tuple(values),), Phase.DECIDE, 0,
                  tuple(sorted(dice)), 1 if dice else 0, 0)  # fmt: skip
    assert yatzy.from_dict(yatzy.to_dict(state)) == state  # a reachable position
    return state


def entered(state: State, box: Box) -> int:
    after = yatzy.apply(state, Score(box))
    value: int | None = after.sheets[0][box.value]
    assert value is not None
    return value


@rule("YA-01")
def test_any_number_of_players_each_with_fifteen_boxes() -> None:
    assert yatzy.INFO.min_players == 1
    for n in (1, 2, 7):
        state = yatzy.new_game(players=n, first_player=0)
        assert len(state.sheets) == n
        assert all(len(sheet) == 15 and set(sheet) == {None} for sheet in state.sheets)
    with pytest.raises(InvalidStateError):
        yatzy.new_game(players=0)


@rule("YA-02")
def test_the_roll_off_finds_the_start_player_and_play_goes_round() -> None:
    state = yatzy.new_game(players=["Ann", "Ben", "Cid"])
    assert yatzy.current_player(state) == CHANCE
    for face in (4, 6, 6, 2, 5):  # Ben and Cid tie with 6, then Ben 2, Cid 5
        state = yatzy.apply(state, DiceRoll((face,)))
    assert yatzy.current_player(state) == 2 and state.first_player == 2
    state = yatzy.apply(yatzy.apply(state, Roll()), DiceRoll((1, 1, 2, 3, 4)))
    state = yatzy.apply(state, Score(Box.ONES))
    assert yatzy.current_player(state) == 0


@rule("YA-03")
def test_at_most_three_throws_the_first_of_all_five_dice() -> None:
    state = yatzy.new_game()
    assert yatzy.legal_actions(state) == (Roll(),)
    assert yatzy.why_illegal(state, Roll((3,))).rule == "YA-03"  # type: ignore[union-attr]
    state = yatzy.apply(state, Roll())
    assert [len(o.values) for o, _ in yatzy.chance_outcomes(state)] == [5] * 252
    state = yatzy.apply(state, DiceRoll((1, 2, 3, 3, 6)))
    state = yatzy.apply(yatzy.apply(state, Roll((3, 3))), DiceRoll((1, 3, 5)))
    state = yatzy.apply(yatzy.apply(state, Roll((3, 3, 3))), DiceRoll((3, 4)))
    assert state.rolls == 3
    assert not any(isinstance(a, Roll) for a in yatzy.legal_actions(state))
    with pytest.raises(IllegalActionError) as info:
        yatzy.apply(state, Roll((3, 3)))
    assert info.value.rule == "YA-03"


@rule("YA-04")
def test_any_dice_showing_may_be_kept_and_only_those() -> None:
    state = position(dice=(2, 3, 3, 5, 6))
    kept = yatzy.apply(state, Roll((3, 3)))
    assert kept.dice == (3, 3) and yatzy.current_player(kept) == CHANCE
    assert yatzy.apply(kept, DiceRoll((1, 4, 4))).dice == (1, 3, 3, 4, 4)
    reason = yatzy.why_illegal(state, Roll((4,)))
    assert reason is not None and reason.rule == "YA-04"
    assert len([a for a in yatzy.legal_actions(state) if isinstance(a, Roll)]) == 23


@rule("YA-05")
def test_keeping_all_five_dice_is_no_throw() -> None:
    state = position(dice=(2, 3, 3, 5, 6))
    reason = yatzy.why_illegal(state, Roll((2, 3, 3, 5, 6)))
    assert reason is not None and reason.rule == "YA-05"


@rule("YA-06")
def test_the_dice_go_in_one_open_box_once_and_may_score_zero() -> None:
    assert yatzy.why_illegal(yatzy.new_game(), Score(Box.CHANCE)).rule == "YA-06"  # type: ignore[union-attr]
    state = position({Box.CHANCE: 20}, dice=(1, 2, 3, 4, 6))
    reason = yatzy.why_illegal(state, Score(Box.CHANCE))
    assert reason is not None and reason.rule == "YA-06" and "already filled" in str(reason)
    assert entered(state, Box.YATZY) == 0  # struck: the dice do not fit
    boxes = [a.box for a in yatzy.legal_actions(state) if isinstance(a, Score)]
    assert boxes == [b for b in Box if b is not Box.CHANCE]


@rule("YA-07")
def test_ones_to_sixes_sum_their_face() -> None:
    assert score(Box.FIVES, (5, 5, 5, 2, 1)) == 15
    assert score(Box.ONES, (2, 3, 4, 5, 6)) == 0
    assert entered(position(dice=(6, 6, 1, 6, 2)), Box.SIXES) == 18


@rule("YA-08")
def test_the_upper_bonus_is_50_at_63() -> None:
    upper = {Box.ONES: 3, Box.TWOS: 6, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15}
    state = position(upper, dice=(6, 6, 6, 1, 2))
    after = yatzy.apply(state, Score(Box.SIXES))
    assert yatzy.scores(after) == (63 + 50,)
    short = position({**upper, Box.FIVES: 10}, dice=(6, 6, 6, 1, 2))
    assert yatzy.scores(yatzy.apply(short, Score(Box.SIXES))) == (58,)
    assert yatzy.layout(Rules()).bonus == 50 and yatzy.layout(Rules()).threshold == 63


@rule("YA-09")
def test_one_pair_scores_the_highest_pair() -> None:
    assert score(Box.ONE_PAIR, (3, 3, 5, 5, 1)) == 10
    assert score(Box.ONE_PAIR, (3, 3, 3, 3, 3)) == 6
    assert score(Box.ONE_PAIR, (1, 2, 3, 4, 6)) == 0


@rule("YA-10")
def test_two_pairs_need_different_faces() -> None:
    assert score(Box.TWO_PAIRS, (1, 5, 5, 6, 6)) == 22  # the Vinga manual's example
    assert score(Box.TWO_PAIRS, (1, 5, 5, 5, 5)) == 0
    assert score(Box.TWO_PAIRS, (2, 2, 3, 3, 3)) == 10
    assert score(Box.TWO_PAIRS, (4, 4, 4, 4, 4)) == 0


@rule("YA-11", "YA-12")
def test_three_and_four_of_a_kind_score_only_the_equal_dice() -> None:
    assert score(Box.THREE_OF_A_KIND, (5, 5, 5, 4, 3)) == 15
    assert score(Box.THREE_OF_A_KIND, (2, 2, 2, 2, 2)) == 6
    assert score(Box.FOUR_OF_A_KIND, (6, 6, 6, 6, 6)) == 24
    assert score(Box.FOUR_OF_A_KIND, (6, 6, 6, 5, 5)) == 0


@rule("YA-13", "YA-14")
def test_the_straights_are_exact() -> None:
    assert score(Box.SMALL_STRAIGHT, (5, 4, 3, 2, 1)) == 15
    assert score(Box.SMALL_STRAIGHT, (2, 3, 4, 5, 6)) == 0
    assert score(Box.LARGE_STRAIGHT, (2, 3, 4, 5, 6)) == 20
    assert score(Box.LARGE_STRAIGHT, (1, 2, 3, 4, 5)) == 0


@rule("YA-15")
def test_full_house_scores_the_sum_and_five_of_a_kind_is_none() -> None:
    assert score(Box.FULL_HOUSE, (6, 6, 6, 2, 2)) == 22
    assert score(Box.FULL_HOUSE, (3, 3, 3, 3, 3)) == 0
    assert score(Box.FULL_HOUSE, (3, 3, 3, 3, 2)) == 0


@rule("YA-16", "YA-17")
def test_chance_and_yatzy_and_no_joker() -> None:
    assert score(Box.CHANCE, (1, 3, 3, 5, 6)) == 18
    assert score(Box.YATZY, (4, 4, 4, 4, 4)) == 50
    assert score(Box.YATZY, (4, 4, 4, 4, 5)) == 0
    # a second Yatzy earns nothing extra and is entered like any throw
    state = position({Box.YATZY: 50}, dice=(4, 4, 4, 4, 4))
    after = yatzy.apply(state, Score(Box.CHANCE))
    assert yatzy.scores(after) == (70,)
    assert {a.box for a in yatzy.legal_actions(state) if isinstance(a, Score)} == set(Box) - {
        Box.YATZY
    }


@rule("YA-18")
def test_the_game_ends_after_fifteen_rounds_and_the_highest_total_wins() -> None:
    rng = random.Random(5)
    state = yatzy.new_game(players=["Ann", "Ben"], first_player=0)
    turns = 0
    while not yatzy.is_terminal(state):
        if yatzy.current_player(state) == CHANCE:
            state = yatzy.apply(state, yatzy.sample_chance(state, rng))
        else:
            action = rng.choice(yatzy.legal_actions(state))
            turns += isinstance(action, Score)
            state = yatzy.apply(state, action)
    assert turns == 30 and yatzy.current_player(state) == TERMINAL
    totals = yatzy.scores(state)
    sheet = yatzy.layout(state.rules)
    assert totals == tuple(sheet.total(s) for s in state.sheets)
    assert yatzy.winners(state) == tuple(i for i, t in enumerate(totals) if t == max(totals))
    tie = State(Rules(), ("A", "B"), ((0,) * 15, (0,) * 15), Phase.OVER, first_player=0)
    assert yatzy.winners(tie) == (0, 1)


@rule("YA-19")
def test_house_rule_yatzy_counts_as_full_house() -> None:
    rules = Rules(yatzy_counts_as_full_house=True)
    assert score(Box.FULL_HOUSE, (3, 3, 3, 3, 3), rules) == 15
    assert score(Box.FULL_HOUSE, (3, 3, 3, 3, 2), rules) == 0
    assert entered(position(dice=(6,) * 5, rules=rules), Box.FULL_HOUSE) == 30


@rule("YA-20")
def test_house_rule_four_of_a_kind_counts_as_two_pairs() -> None:
    rules = Rules(four_of_a_kind_counts_as_two_pairs=True)
    assert score(Box.TWO_PAIRS, (4, 4, 4, 4, 1), rules) == 16
    assert score(Box.TWO_PAIRS, (4, 4, 4, 4, 4), rules) == 16
    assert score(Box.TWO_PAIRS, (4, 4, 4, 1, 1), rules) == 10
    assert score(Box.TWO_PAIRS, (4, 4, 4, 1, 2), rules) == 0


@rule("YA-21")
def test_house_rule_forced_order_fills_top_to_bottom() -> None:
    rules = Rules(forced_order=True)
    state = position({Box.ONES: 2}, dice=(2, 2, 3, 5, 6), rules=rules)
    assert [a for a in yatzy.legal_actions(state) if isinstance(a, Score)] == [Score(Box.TWOS)]
    reason = yatzy.why_illegal(state, Score(Box.CHANCE))
    assert reason is not None and reason.rule == "YA-21" and "Twos is next" in str(reason)
    bad = yatzy.to_dict(state)
    bad["players"][0]["sheet"] = {"twos": 4}
    with pytest.raises(InvalidStateError) as info:
        yatzy.from_dict(bad)
    assert info.value.path == "players[0].sheet"


def test_rules_refuse_what_is_not_a_bool() -> None:
    with pytest.raises(InvalidStateError):
        Rules(forced_order=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError) as info:
        Rules.from_dict({"forced_order": True, "joker": "free"})
    assert "joker" in str(info.value) and info.value.path == "rules"
    with pytest.raises(InvalidStateError):
        yatzy.new_game(rules=object())
    with pytest.raises(InvalidStateError):
        score(Box.ONES, (1, 2, 3))
    with pytest.raises(InvalidStateError):
        score("ones", (1, 2, 3, 4, 5))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        Score("ones")  # type: ignore[arg-type]


def test_a_decision_offered_at_a_throw_is_refused_with_the_protocol_clause() -> None:
    """A roll or a score while the dice are thrown: PR-03, named as players write it.

    (The game once lacked the ``action_text`` hook, and this raised AttributeError.)
    """
    state = yatzy.apply(yatzy.new_game(first_player=0), Roll())
    for action, text in ((Roll(), "'roll'"), (Score(Box.CHANCE), "'score chance'")):
        reason = yatzy.why_illegal(state, action)
        assert reason is not None and reason.rule == "PR-03" and text in str(reason)
        with pytest.raises(IllegalActionError, match="expected a DiceRoll of 5 dice"):
            yatzy.apply(state, action)
    reason = yatzy.why_illegal(state, "roll")
    assert reason is not None and reason.rule == "PR-01"


@pytest.mark.rule("YA-07", "YA-16")
@pytest.mark.parametrize(
    ("args", "path", "message"),
    [
        (("ones", (1, 1, 1, 1, 1)), "box", "expected a yatzy Box, got str"),
        ((Box.CHANCE, {1, 2, 3, 4, 5}), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, frozenset({1, 2, 3, 4, 5})), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, "12345"), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, b"\x01\x02\x03\x04\x05"), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, bytearray(b"\x01\x02\x03\x04\x05")), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (1, "")), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (1, 2, 3, 4, None)), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, 12345), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (True, True, True, True, True)), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (1, 2, 3, 4, 7)), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (1, 2, 3, 4)), "dice", "expected five faces 1..6"),
        ((Box.CHANCE, (1, 2, 3, 4, 5), "plain"), "rules", "expected yatzy.Rules, got str"),
    ],
)
def test_score_refuses_what_is_no_box_no_throw_or_no_rules(
    args: tuple[object, ...], path: str, message: str
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        score(*args)  # type: ignore[arg-type]
    assert caught.value.path == path
    assert str(caught.value) == f"{path}: {message}"


@pytest.mark.rule("YA-07", "YA-16")
def test_score_reads_dice_in_any_order_and_any_sequence() -> None:
    assert score(Box.CHANCE, [6, 1, 5, 2, 4]) == 18
    assert score(Box.SIXES, (6, 1, 6, 2, 6)) == 18
    assert score(Box.CHANCE, (6, 1, 5, 2, 4), None) == 18
    assert score(Box.FULL_HOUSE, (3, 3, 3, 3, 3), Rules(yatzy_counts_as_full_house=True)) == 15


def test_the_boxes_yatzy_names_itself_in_both_languages() -> None:
    # the names are catalogue msgids in yatzy/pieces.py (mutation testing changes them)
    assert Box.ONE_PAIR.labels == {"en": "One pair", "de": "Ein Paar"}
    assert Box.FULL_HOUSE.labels == {"en": "Full house", "de": "Full House"}
    assert Box.YATZY.labels == {"en": "Yatzy", "de": "Yatzy"}
    assert Box.TWO_PAIRS.labels == {"en": "Two pairs", "de": "Zwei Paare"}  # the family's
