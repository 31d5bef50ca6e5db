"""One or more tests for every ruling KA-40..KA-61 of docs/rules/cards.md."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import attrs
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
    from_json,
    is_terminal,
    legal_actions,
    new_game,
    observation,
    scores,
    to_json,
    winners,
)
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import hand_limit, is_out
from kniffel_rules.cards.pieces import BLUE_BOARD, CARDS, RED_BOARD, Board, BoardRow, Colour

rule = pytest.mark.rule
FH, COL, TOAK, ST, TP = Row.FULL_HOUSE, Row.COLOUR, Row.THREE_OF_A_KIND, Row.STRAIGHT, Row.TWO_PAIRS
OTHER = hand("blue 1", "green 3", "purple 6")
KNIFFEL = hand("blue 7", "green 7", "purple 7", "red 7", "yellow 7")


def play(state: State, combo: Combination, cards: tuple[Card, ...]) -> State:
    return apply_play(state, Play(combo, cards))


def combos(state: State) -> set[Combination]:
    return {a.combination for a in legal_actions(state) if isinstance(a, Begin)}


# --- the boards -----------------------------------------------------------------------


@rule("KA-40")
def test_the_blue_side() -> None:
    for row in (FH, COL, TOAK, ST):
        assert BLUE_BOARD.row(row).spaces == (1, 1, 2, 3)
    assert BLUE_BOARD.row(FH).values == (1, 2, 3, 4, 5)
    assert BLUE_BOARD.row(COL).values == (1, 2, 2, 3, 3)
    assert BLUE_BOARD.row(TOAK).values == (1, 2, 3, 4, 5)
    assert BLUE_BOARD.row(ST).values == (5, 6, 7, 8, 9)
    assert BLUE_BOARD.row(TP).spaces == (2, 2, 2, 2)
    assert BLUE_BOARD.capacity == 36
    straight = BLUE_BOARD.row(ST)
    assert (straight.value(2), straight.next_spaces(2), straight.value(4)) == (7, 2, 8)


@rule("KA-41")
def test_the_red_side() -> None:
    for row in (FH, COL, TOAK, ST):
        assert RED_BOARD.row(row).spaces == (1, 1, 1, 2, 3)
    assert RED_BOARD.row(FH).values == (1, 2, 3, 4, 5, 6)
    assert RED_BOARD.row(COL).values == (1, 2, 2, 3, 3, 4)
    assert RED_BOARD.row(TOAK).values == (1, 2, 3, 4, 5, 6)
    assert RED_BOARD.row(ST).values == (5, 6, 7, 8, 9, 10)
    assert RED_BOARD.row(TP).spaces == (2,) * 5
    assert RED_BOARD.capacity == 42


def _board(**rows: BoardRow) -> Board:
    fields = {r.value: BLUE_BOARD.row(r) for r in Row}
    fields.update(rows)
    return Board(**fields)


@rule("KA-42")
def test_a_custom_board_is_played() -> None:
    generous = _board(full_house=BoardRow((2, 2), (4, 5, 6)))
    rules = Rules(blue_board=generous)
    assert rules.board.row(FH).values == (4, 5, 6)
    s = position([hand("red 2"), OTHER], rules=rules)
    s = apply(s, Draw())
    assert s.pending == 4  # four cards from the pile at level 0
    assert from_json(to_json(s)).rules == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    tricky = Rules(trickier=True, red_board=generous)
    assert tricky.board is generous


@rule("KA-42")
def test_custom_boards_are_validated() -> None:
    with pytest.raises(InvalidStateError, match="Two pairs row has 2 spaces"):
        _board(two_pairs=BoardRow((2, 3), (0, 0, 0)))
    with pytest.raises(InvalidStateError, match="no effect"):
        _board(two_pairs=BoardRow((2, 2), (0, 0, 1)))
    with pytest.raises(InvalidStateError, match="values"):
        BoardRow((1, 2), (1, 2))
    with pytest.raises(InvalidStateError, match=r"spaces\[0\]"):
        BoardRow((0, 2), (1, 2, 3))
    with pytest.raises(InvalidStateError, match=r"rules\.blue_board"):
        Rules(blue_board="blue")  # type: ignore[arg-type]
    small = Rules(blue_board=_board(straight=BoardRow((1,), (5, 6))))
    assert small.board.capacity == 30
    new_game(2, rules=attrs.evolve(small, trickier=False))  # 24 tokens fit
    tiny = _board(
        full_house=BoardRow((1,), (1, 1)),
        colour=BoardRow((1,), (1, 1)),
        three_of_a_kind=BoardRow((1,), (1, 1)),
    )
    with pytest.raises(InvalidStateError, match="fewer than the 24 tokens"):
        new_game(2, rules=Rules(blue_board=tiny))
    doc = Rules().to_dict()
    doc["blue_board"]["straight"]["values"] = [5, 6, 7, 8]
    with pytest.raises(InvalidStateError, match=r"rules\.blue_board\.straight\.values"):
        Rules.from_dict(doc)


@rule("KA-43")
def test_colours_card_order_and_card_text() -> None:
    assert [c.value for c in Colour] == ["blue", "green", "purple", "red", "yellow"]
    assert CARDS[:6] == (*(Card(1, c) for c in Colour), Card(2, Colour.BLUE))
    assert [c.index for c in CARDS] == list(range(65))
    assert str(Card(7, "red")) == "red 7" and Card.parse("red 7") == Card(7, Colour.RED)
    with pytest.raises(InvalidStateError, match="expected a card"):
        Card.parse("red seven")


@rule("KA-44")
def test_full_house_and_two_pairs_need_two_values() -> None:
    s = position([KNIFFEL, OTHER])
    assert Combination.FULL_HOUSE not in combos(s) and Combination.TWO_PAIRS not in combos(s)
    with pytest.raises(IllegalActionError, match="three cards of one value and two of another"):
        play(s, Combination.FULL_HOUSE, KNIFFEL)
    four = position([hand("red 7", "blue 7", "green 7", "yellow 7"), OTHER])
    with pytest.raises(IllegalActionError, match="two cards of one value and two of another"):
        apply(four, Begin(Combination.TWO_PAIRS))
    toak = [a for a in whole_plays(four) if len(a.cards) == 3]
    assert len(toak) == 4  # any three of the four Sevens
    assert combos(four) == {Combination.THREE_OF_A_KIND, Combination.FOUR_OF_A_KIND}


# --- setup, drawing, placing ---------------------------------------------------------------


@rule("KA-45")
def test_start_player_first_then_setup_in_turn_order() -> None:
    s = new_game(3)
    assert s.phase is Phase.START and s.tokens[0].placed == 0
    assert chance_outcomes(s)[0] == (StartPlayer(0), Fraction(1, 3))
    s = apply(s, StartPlayer(1))
    order = []
    while s.phase is Phase.SETUP:
        order.append(s.player)
        assert Stop() not in legal_actions(s)  # all three are placed
        s = apply(s, legal_actions(s)[-1])
    assert order == [1, 1, 1, 2, 2, 2, 0, 0, 0]
    assert all(t.placed == 3 for t in s.tokens)
    with pytest.raises(IllegalActionError, match="not a chance node"):
        chance_outcomes(new_game(2, first_player=0))


@rule("KA-45")
def test_a_setup_token_without_a_legal_space_stays_in_the_reserve() -> None:
    wide = BoardRow((2, 3), (1, 2, 3))
    board = Board(
        full_house=wide,
        colour=wide,
        three_of_a_kind=BoardRow((2, 3), (1, 2, 3)),
        straight=BoardRow((1, 2, 3), (5, 6, 7, 8)),
        two_pairs=BoardRow((2,) * 4, (0,) * 5),
    )
    s = new_game(2, rules=Rules(blue_board=board), first_player=0)
    assert legal_actions(s) == (PlaceToken(ST),)
    s = apply(s, PlaceToken(ST))
    assert s.player == 1  # Ann's 2nd and 3rd tokens have no 1-space level: skipped
    s = apply(s, PlaceToken(ST))
    assert s.phase is Phase.DEAL
    assert [t.placed for t in s.tokens] == [1, 1] and s.tokens[0].reserve == 20


@rule("KA-46")
def test_cards_are_dealt_one_at_a_time_clockwise_then_the_display() -> None:
    s = new_game(3, first_player=2)
    while s.phase is Phase.SETUP:
        s = apply(s, legal_actions(s)[0])
    receivers = []
    while s.phase is Phase.DEAL:
        assert current_player(s) == CHANCE
        assert chance_outcomes(s) == tuple((c, Fraction(1, len(s.pile))) for c in s.pile)
        receivers.append(s.player if sum(len(h) for h in s.hands) < 9 else "display")
        s = apply(s, s.pile[0])
    assert receivers == [2, 0, 1] * 3 + ["display"] * 4
    assert s.hands[2] == (CARDS[0], CARDS[3], CARDS[6])


@rule("KA-47")
def test_pile_cards_first_then_display_picks_one_at_a_time() -> None:
    t = tokens({COL: 2})  # Colour value 2
    s = position([hand("red 2"), OTHER], [t, tokens()])
    before = s.display
    s = apply(s, Draw())
    assert s.phase is Phase.DRAW  # the pile comes first
    s = apply(s, s.pile[0])
    assert s.phase is Phase.TAKE and s.display == before
    s = apply(s, Take(before[1]))
    assert s.display == (before[0], *before[2:])  # not refilled between picks
    with pytest.raises(IllegalActionError, match="not in the open display"):
        apply(s, Take(before[1]))
    s = apply(s, Take(before[3]))
    assert s.phase is Phase.REFILL
    wide = Rules(blue_board=attrs.evolve(BLUE_BOARD, colour=BoardRow((1,), (4, 4))))
    s = apply(apply(position([hand("red 2"), OTHER], rules=wide), Draw()), card("red 13"))
    assert s.pending == 4  # the whole display


@rule("KA-48")
def test_with_no_card_left_fewer_are_drawn() -> None:
    # No game reaches this with the boards Rules accepts (KA-61: at most 54 cards are
    # out of the pile and the discards, see test_no_card_left_anywhere_is_unreachable);
    # the flow still copes with such a State built by hand.
    display = CARDS[-4:]
    rest = list(CARDS[:-4])
    s = position([tuple(rest[:31]), tuple(rest[31:])], display=display, check=False)
    assert s.pile == () and s.discards == ()
    s = apply(s, Draw())  # nothing to draw from the pile: straight to the display
    assert s.phase is Phase.TAKE
    s = apply(s, legal_actions(s)[0])
    assert len(s.display) == 3 and s.phase is Phase.DISCARD  # no refill to come


@rule("KA-49")
def test_four_of_a_kind_and_kniffel_choose_where_and_from_where() -> None:
    s = position([KNIFFEL, OTHER], [tokens({FH: 7, TP: 8}, active=2), tokens()])
    s = play(s, Combination.KNIFFEL, KNIFFEL)
    assert s.phase is Phase.PLACE and s.combination is Combination.KNIFFEL
    assert legal_actions(s) == (
        *(Place(COL, r) for r in (0, 1)),
        *(Place(TOAK, r) for r in (0, 1)),
        *(Place(ST, r) for r in (0, 1)),
    )
    with pytest.raises(IllegalActionError, match="Full House row is full"):
        apply(s, Place(FH, 0))
    with pytest.raises(IllegalActionError, match=r"from_reserve must be 0\.\.1"):
        apply(s, Place(COL, 2))
    with pytest.raises(IllegalActionError, match="expected 'place "):
        apply(s, Draw())


@rule("KA-50")
def test_the_end_game_rule_places_all_the_last_tokens() -> None:
    # a Kniffel with 3 tokens left: two columns of Two pairs, part-filled
    board = {FH: 7, COL: 7, TOAK: 7}
    s = position([KNIFFEL, OTHER], [tokens(board, active=1), tokens()])
    assert s.tokens[0].left == 3
    s = play(s, Combination.KNIFFEL, KNIFFEL)
    assert Place(TP, 2, levels=2) in legal_actions(s)
    assert Place(ST, 0) in legal_actions(s)  # 1 space: an ordinary placement of 1
    assert Place(TP, 0) not in legal_actions(s)  # one column takes 2: 1 in play is too few
    done = apply(s, Place(TP, 2, levels=2))
    assert done.tokens[0].left == 0 and done.tokens[0].on(TP) == 3
    # a Four of a kind with the last token still in the reserve
    four = hand("red 5", "blue 5", "green 5", "yellow 5")
    last = {FH: 7, COL: 7, TOAK: 7, ST: 2}
    s = position([four, OTHER], [tokens(last, active=0), tokens()])
    assert s.tokens[0].reserve == 1
    s = play(s, Combination.FOUR_OF_A_KIND, four)
    assert legal_actions(s) == (Place(TP, 1),)
    assert apply(s, Place(TP, 1)).tokens[0].left == 0


@rule("KA-51")
def test_the_hand_limit_is_read_after_this_turns_placement() -> None:
    straight = hand("red 2", "blue 3", "green 4", "yellow 5", "red 6")
    start = (*straight, *hand("blue 9", "green 10"))  # 7 cards, limit 7
    t = tokens({FH: 7, COL: 7, ST: 2}, active=2)  # draws 5 + takes 3
    s = position([start, OTHER], [t, tokens()], rules=Rules(simpler=True))
    assert hand_limit(s.rules, t) == 7
    s = play_until(s, lambda x: x.phase is Phase.SECOND, random.Random(0))
    assert len(s.hands[0]) == 15
    s = play(s, Combination.STRAIGHT, straight)
    assert hand_limit(s.rules, s.tokens[0]) == 8 and len(s.hands[0]) == 10
    assert s.phase is Phase.DISCARD
    s = apply(s, Discard(s.hands[0][-1]))
    s = apply(s, Discard(s.hands[0][0]))
    assert len(s.hands[0]) == 8 and s.phase is Phase.REFILL  # 2 discards, not 3


@rule("KA-52")
def test_exchange_is_limited_by_the_reserve_and_needs_a_card() -> None:
    h = hand("red 1", "red 2", "red 3")
    t = tokens({FH: 7, COL: 7, TOAK: 4, ST: 1, TP: 4}, active=0)  # value 4, 1 in reserve
    s = position([h, OTHER], [t, tokens()])
    assert t.reserve == 1
    s = apply(s, Exchange(card("red 1")))
    assert s.player == 1  # the reserve is empty: the exchange is over
    empty = position([(), OTHER])
    assert legal_actions(empty) == (Draw(),)
    with pytest.raises(IllegalActionError, match="no cards to exchange"):
        apply(empty, Exchange(card("red 1")))
    no_reserve = position(
        [h, OTHER], [tokens({FH: 7, COL: 7, TOAK: 4, ST: 1, TP: 4}, active=1), tokens()]
    )
    with pytest.raises(IllegalActionError, match="no tokens left"):
        apply(no_reserve, Exchange(card("red 1")))


@rule("KA-53")
def test_drawing_is_always_allowed_and_a_turn_is_never_empty() -> None:
    rest = list(CARDS[:-4])  # not reachable (KA-61), built by hand: still a draw
    s = position([tuple(rest[:31]), tuple(rest[31:])], display=CARDS[-4:], check=False)
    assert legal_actions(s)[0] == Draw()
    rng = random.Random(3)
    s = new_game(4, rules=Rules(max_rounds=3))
    while not is_terminal(s):
        actions = legal_actions(s)
        assert actions
        s = apply(s, actions[rng.randrange(len(actions))])


# --- the end, the variants, observations --------------------------------------------------------


@rule("KA-54")
def test_out_players_are_skipped_and_score_zero() -> None:
    rules = Rules(trickier=True)
    stuck = tokens({FH: 8, COL: 5, TOAK: 5, ST: 3, TP: 2}, active=1, total=24)
    assert stuck.left == 1 and is_out(rules, stuck)
    h = hand("red 9", "blue 9", "green 9")
    nearly = tokens({FH: 8, COL: 5, TOAK: 3, ST: 3, TP: 2}, active=2, total=24)
    fresh = tokens({ST: 2}, total=24)
    s = position([h, OTHER, hand("red 1")], [nearly, fresh, fresh], rules=rules)
    assert scores(s) == (21, 2, 2)
    s = play(s, Combination.THREE_OF_A_KIND, h)  # 1 token left, no 1-space level: out
    assert scores(s)[0] == 0 and not is_terminal(s)  # two players are still in
    s = play_until(s, lambda x: x.phase is Phase.TURN, random.Random(0))
    assert s.player == 1
    s = position([hand("red 1"), OTHER, hand("red 2")], [fresh, stuck, fresh], rules=rules)
    s = play_until(s, lambda x: x.phase is Phase.TURN and x.player != 0, random.Random(0))
    assert s.player == 2  # seat 1 is out: skipped


@rule("KA-55")
def test_trickier_setup_spaces_are_not_shared() -> None:
    s = new_game(2, rules=Rules(trickier=True), first_player=0)
    assert s.player == 1
    s = apply(s, PlaceToken(FH))
    assert PlaceToken(FH) not in legal_actions(s)  # Full House level 1 is taken
    s = apply(s, PlaceToken(COL))
    assert PlaceToken(FH) in legal_actions(s)  # seat 1's own second level
    s = apply(s, PlaceToken(FH))
    assert set(legal_actions(s)) == {PlaceToken(COL), PlaceToken(TOAK), PlaceToken(ST)}


@rule("KA-56")
def test_max_rounds_ends_the_game_and_most_tokens_win() -> None:
    rules = Rules(max_rounds=3)
    t0 = tokens({FH: 2, COL: 2})
    t1 = tokens({FH: 2, COL: 2})
    s = position([hand("red 1"), hand("red 2", "red 3")], [t0, t1], rules=rules, round_=2)
    s = apply(s, Draw())
    s = play_until(s, lambda x: x.phase is Phase.TURN, random.Random(0))
    assert s.player == 1 and s.round == 2
    s = apply(s, Exchange(card("red 2")))
    assert is_terminal(s) and s.round == 3
    assert scores(s) == (4, 4)
    assert winners(s) == (0,)  # tied on tokens: 4 cards against 1
    with pytest.raises(InvalidStateError):
        Rules(max_rounds=0)
    for seed in range(3):
        game = play_until(new_game(2, rules=rules), lambda x: False, random.Random(seed))
        assert game.round <= 3 and is_terminal(game)


@rule("KA-57")
def test_simpler_drawing_is_compulsory_then_stop_is_allowed() -> None:
    s = position([hand("red 1"), OTHER], rules=Rules(simpler=True))
    assert legal_actions(s) == (Draw(),)
    with pytest.raises(IllegalActionError, match="must draw"):
        apply(s, Exchange(card("red 1")))
    s = play_until(s, lambda x: x.phase is Phase.SECOND, random.Random(0))
    assert legal_actions(s)[-1] == Stop()
    s = apply(s, Stop())
    assert s.phase in (Phase.REFILL, Phase.TURN) and s.player in (0, 1)
    assert len(s.hands[0]) == 3


@rule("KA-58")
def test_an_observation_shows_only_the_own_hand() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")])
    obs = observation(s, 1)
    assert obs.hand == hand("blue 13", "green 13", "red 13")
    assert obs.hand_sizes == (2, 3) and obs.pile_size == len(s.pile)
    assert "Card(1, 'red')" not in repr(obs) and "Card(2, 'red')" not in repr(obs)
    assert obs.display == s.display and obs.tokens == s.tokens
    with pytest.raises(InvalidStateError):
        observation(s, 2)


@rule("KA-59")
def test_simpler_and_trickier_combine() -> None:
    rules = Rules(simpler=True, trickier=True)
    s = new_game(2, rules=rules, first_player=0)
    assert s.player == 1 and all(t.left == 30 for t in s.tokens)
    s = play_until(s, lambda x: x.phase is Phase.TURN, random.Random(0))
    assert legal_actions(s) == (Draw(),)
    assert all(t.placed == 2 for t in s.tokens)


@rule("KA-60")
def test_a_player_who_is_out_never_wins_and_the_last_one_in_does() -> None:
    # issue 14: seat 0 blocked with one token left, seat 1 blocked afterwards, and
    # winners == (0,) by the cards-in-hand tie-break. Now the game ends the moment
    # seat 0 is out, and seat 1, the one still in, wins.
    rules = Rules(trickier=True)
    h = hand("red 9", "blue 9", "green 9")
    nearly = tokens({FH: 8, COL: 8, TOAK: 3, ST: 8}, active=2, total=30)
    behind = tokens({ST: 2}, total=30)
    more = hand("red 1", "red 2", "red 3", "red 4")
    s = position([(*h, *more), OTHER], [nearly, behind], rules=rules)
    s = play(s, Combination.THREE_OF_A_KIND, h)
    assert is_out(rules, s.tokens[0]) and len(s.hands[0]) > len(s.hands[1])
    assert is_terminal(s) and s.round == 1
    assert winners(s) == (1,)  # fewer tokens placed and fewer cards: still the winner
    assert scores(s) == (0, 2)
    # with three players the game goes on while two are in; out players never win
    stuck = tokens({FH: 8, COL: 5, TOAK: 5, ST: 3, TP: 2}, active=1, total=24)
    near3 = tokens({FH: 8, COL: 5, TOAK: 3, ST: 3, TP: 2}, active=2, total=24)
    fresh = tokens({ST: 2}, total=24)
    many = hand("red 1", "red 2", "red 3", "red 4", "red 5", "red 6")
    s = position([h, many, hand("blue 1")], [near3, stuck, fresh], rules=rules)
    s = play(s, Combination.THREE_OF_A_KIND, h)  # seat 0 out too: only seat 2 is in
    assert is_terminal(s) and winners(s) == (2,)  # seat 1 holds the most cards: out
    # after max_rounds, the highest score among the players still in
    last = Rules(trickier=True, max_rounds=2)
    s = position(
        [many, hand("blue 1"), hand("blue 2", "blue 3")],
        [stuck, fresh, tokens({ST: 2, FH: 1}, total=24)],
        rules=last,
        player=2,
    )
    s = apply(s, Exchange(card("blue 2")))
    s = play_until(s, lambda x: False, random.Random(0))
    assert is_terminal(s) and s.round == 2 and winners(s) == (2,)


@rule("KA-60")
def test_no_state_with_everyone_out_or_one_player_left_in_is_read() -> None:
    rules = Rules(trickier=True)
    stuck = tokens({FH: 8, COL: 8, TOAK: 3, ST: 8, TP: 2}, active=1, total=30)
    fresh = tokens({ST: 2}, total=30)
    built = position([hand("red 1"), OTHER], [fresh, stuck], rules=rules, check=False)
    with pytest.raises(InvalidStateError, match="every other player is out"):
        from_json(to_json(built))
    over = attrs.evolve(built, tokens=(stuck, stuck), phase=Phase.OVER, player=0)
    with pytest.raises(InvalidStateError, match="still in"):
        from_json(to_json(over))
    assert winners(over)  # a hand-built State: never an empty tuple


@rule("KA-61")
def test_boards_are_bounded_by_the_printed_sides() -> None:
    assert Rules(blue_board=RED_BOARD).board is RED_BOARD  # the printed sides fit
    for row, top in ((FH, 6), (COL, 4), (TOAK, 6), (ST, 10)):
        fine = attrs.evolve(BLUE_BOARD, **{row.value: BoardRow((1, 1, 2, 3), (0, 1, 2, 3, top))})
        Rules(blue_board=fine)
        where = r"values\[1\]" if row is ST else f"{row.value}.values"
        with pytest.raises(InvalidStateError, match=where):
            attrs.evolve(BLUE_BOARD, **{row.value: BoardRow((1,), (top, top + 1))})
    with pytest.raises(InvalidStateError, match=r"values\[1\]: a filled level never lowers"):
        BoardRow((1, 2), (5, 4, 6))
    with pytest.raises(InvalidStateError, match=r"spaces\[0\]"):
        BoardRow((4,), (1, 2))
    with pytest.raises(InvalidStateError, match=r"1\.\.5 entries"):
        BoardRow((1,) * 6, (1,) * 7)
    doc = Rules().to_dict()
    doc["blue_board"]["straight"]["values"] = [5, 6, 7, 8, 65]
    with pytest.raises(InvalidStateError, match=r"rules\.blue_board\.straight\.values"):
        Rules.from_dict(doc)


@rule("KA-61")
def test_no_card_left_anywhere_is_unreachable() -> None:
    # at most 10 cards kept per hand (the red Straight row), and the player to move
    # draws at most 6 + 4 more: 3 x 10 + 20 + 4 in the display = 54 < 65, so the
    # pile and the discards never run dry together. The largest hand, 20 cards:
    rules = Rules(trickier=True, simpler=True)
    top = tokens({FH: 8, COL: 8, ST: 8}, active=3, total=30)
    s = position([CARDS[:10], CARDS[10:20]], [top, top], rules=rules)
    s = play_until(s, lambda x: x.phase is Phase.SECOND, random.Random(0))
    assert len(s.hands[0]) == 20 and len(s.pile) + len(s.discards) == 65 - 30
    assert from_json(to_json(s)) == s
    doc = json.loads(to_json(s))
    doc["players"][0]["hand"].append(str(s.pile[0]))
    doc["pile"] = doc["pile"][1:]
    with pytest.raises(InvalidStateError, match=r"players\[0\]\.hand"):
        from_json(json.dumps(doc))
