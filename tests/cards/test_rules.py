"""One or more tests for every clause KA-01..KA-36 of docs/rules/cards.md."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from cards.helpers import apply_play, card, hand, play_until, position, tokens
from kniffel_rules import CHANCE, IllegalActionError, InvalidStateError
from kniffel_rules.cards import (
    Begin,
    Card,
    Combination,
    Discard,
    Draw,
    Exchange,
    Phase,
    Pick,
    Place,
    PlaceToken,
    Play,
    Row,
    Rules,
    StartPlayer,
    State,
    Stop,
    Take,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    scores,
    why_illegal,
    winners,
)
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import hand_limit, row_value
from kniffel_rules.cards.pieces import BLUE_BOARD, CARDS, RED_BOARD, Colour

rule = pytest.mark.rule
FH, COL, TOAK, ST, TP = Row.FULL_HOUSE, Row.COLOUR, Row.THREE_OF_A_KIND, Row.STRAIGHT, Row.TWO_PAIRS
OTHER = hand("blue 1", "green 3", "purple 6")  # a harmless hand for the other player


def plays_of(state: State, combo: Combination) -> list[Play]:
    return [p for p in whole_plays(state) if p.combination is combo]


def play(state: State, combo: Combination, *texts: str) -> State:
    return apply_play(state, Play(combo, [card(t) for t in texts]))


def after_setup(players: int = 2, rules: Rules | None = None, start: int = 0) -> State:
    """A game after the setup: every player put their tokens on Full House and Colour."""
    s = new_game(players, rules=rules, first_player=start)
    while s.phase is Phase.SETUP:
        s = apply(s, legal_actions(s)[0])
    return s


def dealt(state: State, *texts: str) -> State:
    for t in texts:
        state = apply(state, card(t))
    return state


# --- material and setup -------------------------------------------------------------


@rule("KA-01")
def test_sixty_five_unique_cards() -> None:
    assert len(CARDS) == 65 == len(set(CARDS))
    assert {c.value for c in CARDS} == set(range(1, 14))
    assert {c.colour for c in CARDS} == set(Colour) and len(Colour) == 5
    assert all(sum(1 for c in CARDS if c.value == v) == 5 for v in range(1, 14))
    assert new_game(2).pile == CARDS
    bads: list[Any] = [
        (0, "red"),
        (14, "red"),
        (7, "pink"),
        ("7", "red"),
        (True, "red"),
    ]
    for bad in bads:
        with pytest.raises(InvalidStateError):
            Card(*bad)


@rule("KA-02")
@pytest.mark.parametrize(("players", "count"), [(2, 24), (3, 20), (4, 18)])
def test_two_to_four_players_and_their_tokens(players: int, count: int) -> None:
    s = new_game(players)
    assert len(s.tokens) == players
    assert all(t.reserve + t.active + t.placed == count for t in s.tokens)
    assert Rules().tokens(players) == count


@rule("KA-02")
def test_other_player_counts_are_refused() -> None:
    for bad in (1, 5, ["Ann"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(InvalidStateError, match="2 to 4 players"):
            new_game(bad)
    with pytest.raises(InvalidStateError, match="2 to 4 players"):
        Rules().tokens(5)


@rule("KA-03")
def test_blue_side_rows_fill_from_the_front_and_set_the_values() -> None:
    assert Rules().board == BLUE_BOARD
    straight = BLUE_BOARD.row(ST)
    assert [straight.value(t) for t in range(8)] == [5, 6, 7, 7, 8, 8, 8, 9]
    s = position([hand("red 9", "blue 9", "green 9"), OTHER], [tokens({TOAK: 1}), tokens()])
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert s.tokens[0].on(TOAK) == 2  # the second (front-most free) level
    assert row_value(s.rules, s.tokens[0], TOAK) == 3


@rule("KA-04", "KA-05")
def test_tokens_start_in_the_reserve_and_three_in_play() -> None:
    for t in new_game(3).tokens:
        assert (t.reserve, t.active, t.placed) == (17, 3, 0)


@rule("KA-06")
def test_setup_three_tokens_front_first_at_most_two_in_a_row() -> None:
    s = new_game(2, first_player=0)
    assert s.phase is Phase.SETUP and current_player(s) == 0
    assert legal_actions(s) == (PlaceToken(FH), PlaceToken(COL), PlaceToken(TOAK), PlaceToken(ST))
    s = apply(apply(s, PlaceToken(ST)), PlaceToken(ST))  # 2 tokens in one row are allowed
    assert s.tokens[0].on(ST) == 2
    assert PlaceToken(ST) not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="at most 2 tokens go in one row"):
        apply(s, PlaceToken(ST))
    with pytest.raises(IllegalActionError, match="1-space levels"):
        apply(s, PlaceToken(TP))  # a 2-space column cannot take a single token
    s = apply(s, PlaceToken(FH))
    assert current_player(s) == 1  # Ann's 3 are placed
    assert s.tokens[0].reserve == 18 and s.tokens[0].placed == 3


@rule("KA-07")
def test_start_player_deal_display_and_pile() -> None:
    s = new_game(3)
    assert current_player(s) == CHANCE
    assert chance_outcomes(s) == tuple((StartPlayer(i), Fraction(1, 3)) for i in range(3))
    s = apply(s, StartPlayer(2))
    assert s.start_player == 2 and current_player(s) == 2
    while s.phase is Phase.SETUP:
        s = apply(s, legal_actions(s)[0])
    rng = random.Random(5)
    while s.phase is Phase.DEAL:
        outcomes = chance_outcomes(s)
        assert len(outcomes) == len(s.pile)
        assert all(p == Fraction(1, len(s.pile)) for _, p in outcomes)
        s = apply(s, outcomes[rng.randrange(len(outcomes))][0])
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert len(s.display) == 4 and len(s.pile) == 65 - 9 - 4
    assert s.phase is Phase.TURN and current_player(s) == 2


# --- turns --------------------------------------------------------------------------------


@rule("KA-08")
def test_start_player_begins_and_play_goes_clockwise() -> None:
    s = after_setup(3, start=1)
    s = play_until(s, lambda x: x.phase is Phase.TURN, random.Random(1))
    seen: list[tuple[int, int]] = []
    rng = random.Random(2)
    while len(seen) < 7:
        if s.phase is Phase.TURN:
            seen.append((s.player, s.round))
            s = apply(s, Draw())
        elif current_player(s) == CHANCE:
            s = apply(s, s.pile[rng.randrange(len(s.pile))])
        else:
            s = apply(s, legal_actions(s)[0])
    assert [p for p, _ in seen] == [1, 2, 0, 1, 2, 0, 1]
    assert [r for _, r in seen] == [0, 0, 0, 1, 1, 1, 2]


@rule("KA-09")
def test_exactly_one_action_per_turn() -> None:
    s = position([hand("red 9", "blue 9", "green 9", "red 2"), OTHER])
    assert legal_actions(s)[0] == Draw()
    assert {type(a) for a in legal_actions(s)} == {Draw, Begin, Exchange}
    with pytest.raises(IllegalActionError, match="cannot be passed"):
        apply(s, Stop())
    after_play = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert after_play.phase is Phase.TURN and after_play.player == 1
    drawing = apply(apply(s, Draw()), card("blue 13"))
    assert drawing.phase is Phase.TAKE
    with pytest.raises(IllegalActionError, match="chosen an action already"):
        apply(drawing, Begin(Combination.THREE_OF_A_KIND))


@rule("KA-10")
def test_draw_from_the_pile_by_full_house_then_the_display_by_colour() -> None:
    t = tokens({FH: 2, COL: 1})  # Full House value 3, Colour value 2
    s = position([hand("red 2"), OTHER], [t, tokens()])
    s = apply(s, Draw())
    for _ in range(3):
        assert current_player(s) == CHANCE and s.phase is Phase.DRAW
        s = apply(s, s.pile[-1])
    assert s.phase is Phase.TAKE and s.pending == 2
    assert legal_actions(s) == tuple(Take(c) for c in s.display)
    s = apply(s, Take(s.display[0]))
    s = apply(s, Take(s.display[-1]))
    assert len(s.hands[0]) == 6
    s = apply(s, Discard(s.hands[0][0]))  # hand limit 5
    assert s.phase is Phase.REFILL and len(s.display) == 2  # two display cards to replace


@rule("KA-11")
def test_display_refilled_before_the_next_player() -> None:
    s = position([hand("red 2"), OTHER])
    s = apply(s, Draw())
    s = apply(s, s.pile[0])
    s = apply(s, Take(s.display[0]))
    assert len(s.display) == 3 and s.phase is Phase.REFILL and current_player(s) == CHANCE
    s = apply(s, s.pile[0])
    assert len(s.display) == 4 and s.phase is Phase.TURN and s.player == 1


@rule("KA-11")
def test_an_empty_pile_takes_the_shuffled_discards() -> None:
    hands = [hand("red 2"), OTHER]
    display = hand("red 10", "red 11", "red 12", "red 13")
    used = {*hands[0], *hands[1], *display}
    discards = [c for c in CARDS if c not in used]
    s = position(hands, display=display, discards=discards)
    assert s.pile == ()
    s = apply(s, Draw())
    assert s.phase is Phase.DRAW and s.discards == () and len(s.pile) == len(discards)
    assert {c for c, _ in chance_outcomes(s)} == set(discards)


@rule("KA-12")
def test_at_level_zero_one_card_from_each_and_a_hand_limit_of_five() -> None:
    t = tokens({TOAK: 2})  # nothing in Full House, Colour, Straight
    h = hand("red 2", "red 4", "blue 6", "green 8", "yellow 10")
    s = position([h, OTHER], [t, tokens()])
    assert hand_limit(s.rules, t) == 5
    s = apply(s, Draw())
    s = apply(s, s.pile[0])  # exactly one from the pile ...
    assert s.phase is Phase.TAKE and s.pending == 1  # ... and one from the display
    s = apply(s, Take(s.display[0]))
    assert len(s.hands[0]) == 7 and s.phase is Phase.DISCARD


# --- action B -------------------------------------------------------------------------------


@rule("KA-13")
def test_one_combination_per_turn_and_the_cards_are_discarded() -> None:
    h = hand("red 9", "blue 9", "green 9", "red 4", "blue 4")
    s = position([h, OTHER])
    assert plays_of(s, Combination.FULL_HOUSE) and plays_of(s, Combination.THREE_OF_A_KIND)
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert s.hands[0] == hand("red 4", "blue 4")
    assert s.discards == hand("red 9", "blue 9", "green 9")
    assert s.player == 1  # the turn is over: no second combination


@rule("KA-13")
def test_only_combinations_in_hand_can_be_played() -> None:
    s = position([hand("red 9", "blue 9", "green 8"), OTHER])
    assert plays_of(s, Combination.THREE_OF_A_KIND) == []
    with pytest.raises(IllegalActionError, match="three cards of one value") as caught:
        apply(s, Begin(Combination.THREE_OF_A_KIND))
    assert caught.value.rule == "KA-19"
    begun = apply(
        position([hand("red 9", "blue 9", "green 9"), OTHER]), Begin(Combination.THREE_OF_A_KIND)
    )
    with pytest.raises(IllegalActionError, match="yellow 9 is not in your hand") as caught:
        apply(begun, Pick(card("yellow 9")))
    assert caught.value.rule == "KA-19"
    begun = apply(
        position([hand("red 9", "blue 9", "green 9", "red 10"), OTHER]),
        Begin(Combination.THREE_OF_A_KIND),
    )
    begun = apply(apply(begun, Pick(card("blue 9"))), Pick(card("green 9")))
    reason = why_illegal(begun, Pick(card("red 10")))
    assert reason is not None and reason.rule == "KA-19"
    assert str(reason) == (
        "Three of a kind means three cards of one value, not 9-9-10 (2+1); pick red 9"
    )


@rule("KA-14")
def test_tokens_come_from_the_active_area_and_stay() -> None:
    h = hand("red 9", "blue 9", "green 9", "red 4", "blue 4")
    s = position([h, OTHER], [tokens({TOAK: 1}, active=2), tokens()])
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    t = s.tokens[0]
    assert (t.active, t.reserve, t.on(TOAK)) == (1, 24 - 1 - 2, 2)
    # the row is full after its last level: no more Three of a kind there
    full = position([h, OTHER], [tokens({TOAK: 7}, active=3), tokens()])
    assert plays_of(full, Combination.THREE_OF_A_KIND) == []
    with pytest.raises(IllegalActionError, match="Three of a kind row is full"):
        play(full, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")


@rule("KA-15")
def test_a_level_takes_exactly_its_spaces_from_the_active_area() -> None:
    h = hand("red 9", "blue 9", "green 9")
    two = position([h, OTHER], [tokens({TOAK: 2}, active=2), tokens()])
    s = play(two, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert s.tokens[0].on(TOAK) == 4 and s.tokens[0].active == 0
    short = position([h, OTHER], [tokens({TOAK: 2}, active=1), tokens()])
    assert plays_of(short, Combination.THREE_OF_A_KIND) == []
    with pytest.raises(IllegalActionError, match="a 2-space level needs exactly 2 tokens; you"):
        play(short, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    three = position([h, OTHER], [tokens({TOAK: 4}, active=2), tokens()])
    with pytest.raises(IllegalActionError, match="a 3-space level needs exactly 3 tokens"):
        play(three, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    ok = play(
        position([h, OTHER], [tokens({TOAK: 4}, active=3), tokens()]),
        Combination.THREE_OF_A_KIND,
        "red 9",
        "blue 9",
        "green 9",
    )
    assert ok.tokens[0].on(TOAK) == 7


# --- the combinations -------------------------------------------------------------------------


@rule("KA-17")
def test_full_house_fills_full_house_and_draws_more_next_time() -> None:
    h = hand("red 5", "blue 5", "green 5", "red 9", "blue 9")
    s = position([h, OTHER])
    assert plays_of(s, Combination.FULL_HOUSE) == [Play(Combination.FULL_HOUSE, h)]
    s = play(s, Combination.FULL_HOUSE, *map(str, h))
    assert s.tokens[0].on(FH) == 1 and row_value(s.rules, s.tokens[0], FH) == 2
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player == 0, random.Random(0))
    s = apply(s, Draw())
    assert s.pending == 2  # two cards from the pile now


@rule("KA-18")
def test_colour_fills_colour_and_takes_more_from_the_display() -> None:
    h = hand("blue 2", "blue 4", "blue 7", "blue 8", "blue 10", "red 3")
    t = tokens({ST: 1})  # hand limit 6
    s = position([h, OTHER], [t, tokens()])
    (p,) = plays_of(s, Combination.COLOUR)
    assert p.cards == hand("blue 2", "blue 4", "blue 7", "blue 8", "blue 10")
    s = apply_play(s, p)
    assert s.tokens[0].on(COL) == 1 and row_value(s.rules, s.tokens[0], COL) == 2
    with pytest.raises(IllegalActionError, match="red 3 cannot complete your Colour with blue 2"):
        play(
            position([h, OTHER], [t, tokens()]),
            Combination.COLOUR,
            *("blue 2", "blue 4", "blue 7", "blue 8", "red 3"),
        )


@rule("KA-19")
def test_three_of_a_kind_raises_the_exchange_limit() -> None:
    h = hand("red 9", "blue 9", "green 9", "red 1", "red 2", "red 3")
    s = position([h, OTHER], [tokens({ST: 1}), tokens()])
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert row_value(s.rules, s.tokens[0], TOAK) == 2
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player == 0, random.Random(0))
    s = apply(s, Exchange(card("red 1")))
    assert s.phase is Phase.EXCHANGE  # a second card may follow
    s = apply(s, Exchange(card("red 2")))
    assert s.player == 1 and s.tokens[0].active == 2 + 2


@rule("KA-20")
def test_straight_raises_the_hand_limit() -> None:
    h = hand("red 6", "blue 7", "green 8", "yellow 9", "red 10")
    s = position([h, OTHER])
    (p,) = plays_of(s, Combination.STRAIGHT)
    s = apply_play(s, p)
    assert hand_limit(s.rules, s.tokens[0]) == 6
    gap = position([hand("red 6", "blue 7", "green 8", "yellow 9", "red 11"), OTHER])
    assert plays_of(gap, Combination.STRAIGHT) == []
    with pytest.raises(IllegalActionError, match="6-7-8-9-11 is not a straight"):
        play(gap, Combination.STRAIGHT, "red 6", "blue 7", "green 8", "yellow 9", "red 11")


@rule("KA-21")
def test_no_straight_wraps_from_thirteen_to_one() -> None:
    h = hand("red 12", "blue 13", "green 1", "yellow 2", "red 3")
    s = position([h, OTHER])
    assert plays_of(s, Combination.STRAIGHT) == []
    with pytest.raises(IllegalActionError, match="12-13-1-2-3 does not count as a straight"):
        play(s, Combination.STRAIGHT, *map(str, h))
    low = position([hand("red 1", "blue 2", "yellow 3", "yellow 4", "red 5"), OTHER])
    high = position([hand("red 9", "blue 10", "green 11", "yellow 12", "red 13"), OTHER])
    assert plays_of(low, Combination.STRAIGHT) and plays_of(high, Combination.STRAIGHT)


@rule("KA-22")
def test_two_pairs_put_two_tokens_in_the_two_pairs_row() -> None:
    h = hand("red 4", "blue 4", "red 8", "blue 8", "green 8")
    s = position([h, OTHER])
    assert len(plays_of(s, Combination.TWO_PAIRS)) == 3  # the 8s pair in three ways
    s = play(s, Combination.TWO_PAIRS, "red 4", "blue 4", "red 8", "blue 8")
    t = s.tokens[0]
    assert t.on(TP) == 2 and t.active == 1
    assert all(row_value(s.rules, t, r) == row_value(s.rules, tokens(), r) for r in Row)
    one = position([h, OTHER], [tokens(active=1), tokens()])
    with pytest.raises(
        IllegalActionError, match="2-space level needs exactly 2 tokens; you have 1"
    ):
        play(one, Combination.TWO_PAIRS, "red 4", "blue 4", "red 8", "blue 8")


@rule("KA-23")
def test_four_of_a_kind_takes_its_two_tokens_from_reserve_or_play() -> None:
    h = hand("red 5", "blue 5", "green 5", "yellow 5")
    s = position([h, OTHER], [tokens(active=1), tokens()])
    s = play(s, Combination.FOUR_OF_A_KIND, *map(str, h))
    assert s.phase is Phase.PLACE and current_player(s) == 0
    assert legal_actions(s) == (Place(TP, 1), Place(TP, 2))  # at most 1 from play
    with pytest.raises(IllegalActionError, match="would come from the active area"):
        apply(s, Place(TP, 0))
    with pytest.raises(IllegalActionError, match="puts its tokens in the Two pairs row"):
        apply(s, Place(FH, 1))
    done = apply(s, Place(TP, 2))
    t = done.tokens[0]
    assert (t.on(TP), t.active, t.reserve) == (2, 1, 24 - 1 - 2)
    assert done.player == 1


@rule("KA-24")
def test_kniffel_fills_the_next_level_of_any_row_with_any_split() -> None:
    h = hand("blue 7", "green 7", "purple 7", "red 7", "yellow 7")
    s = position([h, OTHER], [tokens({ST: 2}, active=1), tokens()])
    s = play(s, Combination.KNIFFEL, *map(str, h))
    options = legal_actions(s)
    assert Place(FH, 0) in options and Place(FH, 1) in options
    assert Place(ST, 2) in options and Place(ST, 1) in options and Place(ST, 0) not in options
    assert Place(TP, 2) in options
    s = apply(s, Place(ST, 2))
    t = s.tokens[0]
    assert (t.on(ST), t.active, t.reserve) == (4, 1, 24 - 1 - 4)
    assert hand_limit(s.rules, t) == 8


@rule("KA-25")
def test_kniffel_may_fill_two_columns_of_two_pairs() -> None:
    h = hand("blue 7", "green 7", "purple 7", "red 7", "yellow 7")
    s = position([h, OTHER], [tokens({TP: 4}, active=2), tokens()])
    s = play(s, Combination.KNIFFEL, *map(str, h))
    doubles = [a for a in legal_actions(s) if isinstance(a, Place) and a.levels == 2]
    assert doubles == [Place(TP, r, levels=2) for r in (2, 3)]
    with pytest.raises(IllegalActionError, match="at least 1 token from the active"):
        apply(s, Place(TP, 4, levels=2))
    s = apply(s, Place(TP, 3, levels=2))
    assert s.tokens[0].on(TP) == 8 and s.tokens[0].active == 1
    only_one_column = position([h, OTHER], [tokens({TP: 6}, active=2), tokens()])
    s = play(only_one_column, Combination.KNIFFEL, *map(str, h))
    assert not [a for a in legal_actions(s) if isinstance(a, Place) and a.levels == 2]
    with pytest.raises(IllegalActionError, match="fewer than 2 free columns"):
        apply(s, Place(TP, 1, levels=2))
    with pytest.raises(IllegalActionError, match="only a Kniffel"):
        apply(
            play(
                position([hand("red 5", "blue 5", "green 5", "yellow 5"), OTHER]),
                Combination.FOUR_OF_A_KIND,
                "red 5",
                "blue 5",
                "green 5",
                "yellow 5",
            ),
            Place(TP, 0, levels=2),
        )


@rule("KA-26")
def test_the_last_token_may_go_on_a_bigger_level() -> None:
    h = hand("red 9", "blue 9", "green 9")
    board = {FH: 7, COL: 7, TOAK: 2, ST: 7}  # 23 of 24 placed
    s = position([h, OTHER], [tokens(board, active=1), tokens()])
    (p,) = plays_of(s, Combination.THREE_OF_A_KIND)
    s = apply_play(s, p)
    t = s.tokens[0]
    assert t.left == 0 and t.on(TOAK) == 3  # the 2-space level stays part-filled
    # not while a token is still in the reserve
    reserve = position(
        [h, OTHER], [tokens({FH: 7, COL: 7, TOAK: 2, ST: 4, TP: 2}, active=1), tokens()]
    )
    assert reserve.tokens[0].reserve == 1
    assert plays_of(reserve, Combination.THREE_OF_A_KIND) == []


# --- action C, the hand limit, the end ------------------------------------------------------------


@rule("KA-27")
def test_exchange_cards_for_tokens_up_to_the_three_of_a_kind_value() -> None:
    h = hand("red 1", "red 2", "red 3", "red 4")
    s = position([h, OTHER], [tokens({TOAK: 2}, active=0), tokens()])  # value 3
    assert [a for a in legal_actions(s) if isinstance(a, Exchange)] == [Exchange(c) for c in h]
    s = apply(s, Exchange(card("red 2")))
    assert s.phase is Phase.EXCHANGE and s.pending == 1
    assert legal_actions(s)[-1] == Stop()
    s = apply(s, Exchange(card("red 4")))
    s = apply(s, Exchange(card("red 1")))  # the third: the limit ends the action
    t = s.tokens[0]
    assert s.player == 1 and (t.active, t.reserve) == (3, 24 - 2 - 3)
    assert s.hands[0] == hand("red 3") and s.discards == hand("red 1", "red 2", "red 4")
    fewer = apply(
        apply(position([h, OTHER], [tokens({TOAK: 2}), tokens()]), Exchange(h[0])), Stop()
    )
    assert fewer.player == 1 and fewer.tokens[0].active == 4
    level0 = apply(position([h, OTHER]), Exchange(h[0]))
    assert level0.player == 1  # one card at level 0


@rule("KA-27")
@pytest.mark.parametrize(
    ("level", "limit", "en", "de"),
    [(0, 1, "1 card", "1 Karte"), (2, 3, "3 cards", "3 Karten")],
)
def test_the_exchange_limit_is_counted_in_cards(level: int, limit: int, en: str, de: str) -> None:
    h = hand("red 1", "red 2", "red 3", "red 4")
    s = position(
        [h, OTHER], [tokens({TOAK: level}), tokens()], phase=Phase.EXCHANGE, pending=limit,
        check=False,
    )  # fmt: skip
    reason = why_illegal(s, Exchange(h[0]))
    assert reason is not None and reason.rule == "KA-27"
    assert str(reason) == f"your Three-of-a-kind row allows {en} per exchange"
    assert reason.localized("de") == f"Deine Reihe Dreierpasch erlaubt {de} pro Tausch"


@rule("KA-28")
def test_excess_cards_are_discarded_at_the_end_of_the_turn() -> None:
    h = hand("red 1", "red 2", "red 3", "red 4", "red 6")
    s = position([h, OTHER])
    s = apply(s, Draw())
    s = apply(s, card("blue 13"))
    s = apply(s, Take(s.display[0]))
    assert s.phase is Phase.DISCARD and len(s.hands[0]) == 7
    assert legal_actions(s) == tuple(Discard(c) for c in s.hands[0])
    s = apply(s, Discard(card("blue 13")))
    assert s.phase is Phase.DISCARD
    s = apply(s, Discard(card("red 6")))
    assert len(s.hands[0]) == 5 and card("blue 13") in s.discards
    assert s.phase is Phase.REFILL


@rule("KA-29")
def test_the_round_is_played_to_its_end() -> None:
    last = {FH: 7, COL: 7, TOAK: 2, ST: 1, TP: 2}  # 19 of 20 placed
    h = hand("red 9", "blue 9", "green 9")
    s = position(
        [h, hand("red 1"), hand("red 2")],
        [tokens(last, active=1, total=20), tokens(total=20), tokens(total=20)],
        rules=Rules(),
    )
    s = play(s, Combination.THREE_OF_A_KIND, *map(str, h))
    assert s.tokens[0].left == 0 and not is_terminal(s)
    assert s.player == 1
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player == 2, random.Random(0))
    assert not is_terminal(s)
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player != 2, random.Random(0))
    assert is_terminal(s) and winners(s) == (0,)
    assert scores(s)[0] == 20 == max(scores(s))


@rule("KA-30")
def test_finishers_with_the_most_cards_win_and_ties_share() -> None:
    last = {FH: 7, COL: 7, TOAK: 2, ST: 7}  # 23 placed; one more 2-space TOAK level
    h0 = hand("red 9", "blue 9", "green 9", "red 1")
    h1 = hand("red 8", "blue 8", "green 8", "blue 1", "green 1")
    for extra, expected in ((0, (1,)), (1, (0, 1))):
        hand0 = h0 + (hand("yellow 13") if extra else ())
        s = position([hand0, h1], [tokens(last, active=1), tokens(last, active=1)])
        s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
        s = play_until(s, lambda x: x.phase is Phase.TURN, random.Random(0))
        s = play(s, Combination.THREE_OF_A_KIND, "red 8", "blue 8", "green 8")
        s = play_until(s, lambda x: False, random.Random(0))
        assert is_terminal(s)
        assert winners(s) == expected, (extra, [len(h) for h in s.hands])


# --- variants ----------------------------------------------------------------------------------


@rule("KA-31")
def test_simpler_draw_then_play_or_exchange() -> None:
    rules = Rules(simpler=True)
    h = hand("red 9", "blue 9", "green 9")
    s = position([h, OTHER], rules=rules)
    assert legal_actions(s) == (Draw(),)
    with pytest.raises(IllegalActionError, match="simpler variant: every turn begins with 'draw'"):
        play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    s = apply(apply(s, Draw()), card("yellow 9"))
    s = apply(s, Take(s.display[0]))
    assert s.phase is Phase.SECOND
    actions = legal_actions(s)
    assert {type(a) for a in actions} == {Begin, Exchange, Stop}
    assert len(plays_of(s, Combination.FOUR_OF_A_KIND)) == 1
    with pytest.raises(IllegalActionError, match="drawn already"):
        apply(s, Draw())
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert s.tokens[0].on(TOAK) == 1 and s.phase is Phase.REFILL and len(s.hands[0]) == 2


@rule("KA-32")
def test_trickier_plays_the_red_side_with_one_more_level() -> None:
    assert Rules(trickier=True).board == RED_BOARD
    for row in (FH, COL, TOAK, ST):
        assert len(RED_BOARD.row(row).spaces) == len(BLUE_BOARD.row(row).spaces) + 1
    h = hand("red 9", "blue 9", "green 9")
    t = tokens({TOAK: 2}, active=1, total=30)
    s = position([h, OTHER], [t, tokens(total=30)], rules=Rules(trickier=True))
    s = play(s, Combination.THREE_OF_A_KIND, "red 9", "blue 9", "green 9")
    assert s.tokens[0].on(TOAK) == 3  # the third level has 1 space on the red side


@rule("KA-33")
@pytest.mark.parametrize(("players", "count"), [(2, 30), (3, 24), (4, 18)])
def test_trickier_tokens(players: int, count: int) -> None:
    s = new_game(players, rules=Rules(trickier=True))
    assert all(t.left == count for t in s.tokens)


@rule("KA-34")
def test_trickier_setup_two_tokens_in_reverse_order_on_distinct_spaces() -> None:
    s = new_game(3, rules=Rules(trickier=True), first_player=1)
    order = []
    while s.phase is Phase.SETUP:
        order.append(s.player)
        s = apply(s, legal_actions(s)[0])
    assert order == [0, 2, 1, 0, 2, 1]  # right of the start player first, one at a time
    assert [t.placed for t in s.tokens] == [2, 2, 2]
    firsts = [next(r for r in Row if t.on(r)) for t in s.tokens]
    assert len(set(firsts)) == 3  # nobody shares a space
    s = new_game(2, rules=Rules(trickier=True), first_player=0)
    s = apply(s, PlaceToken(FH))  # seat 1 places first
    assert s.player == 0
    with pytest.raises(IllegalActionError, match="already has a token on that space"):
        apply(s, PlaceToken(FH))


@rule("KA-35")
def test_trickier_the_hand_limit_caps_the_active_area() -> None:
    rules = Rules(trickier=True)
    h = hand("red 1", "red 2", "red 3")
    full = position([h, OTHER], [tokens(active=5, total=30), tokens(total=30)], rules=rules)
    assert not [a for a in legal_actions(full) if isinstance(a, Exchange)]
    with pytest.raises(IllegalActionError, match="at most 5 tokens"):
        apply(full, Exchange(card("red 1")))
    basic = position([h, OTHER], [tokens(active=5), tokens()])
    assert Exchange(card("red 1")) in legal_actions(basic)


@rule("KA-36")
def test_trickier_no_end_game_rule_and_a_blocked_player_is_out() -> None:
    rules = Rules(trickier=True)
    h = hand("red 9", "blue 9", "green 9")
    # red side: TOAK level 4 has 2 spaces; 1 token left: not placeable there
    t = tokens({FH: 8, COL: 5, TOAK: 5, ST: 3, TP: 2}, active=1, total=24)
    three = [h, OTHER, hand("red 1")]
    s = position(three, [t, tokens(total=24), tokens(total=24)], rules=rules, player=2)
    assert scores(s)[0] == 0  # out: every free level needs 2 tokens or more
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player != 2, random.Random(0))
    assert s.player == 1  # player 0 is skipped
    s2 = position(
        [h, OTHER],
        [tokens({FH: 8, COL: 8, TOAK: 3, ST: 8}, active=2, total=30), tokens(total=30)],
        rules=rules,
    )
    options = plays_of(s2, Combination.THREE_OF_A_KIND)
    assert options  # 2 tokens fill the 2-space level ...
    after = apply_play(s2, options[0])
    assert after.tokens[0].left == 1 and scores(after)[0] == 0  # ... and leave 1: out
