"""How a card game moves on: setup, the deal, the parts of a turn, the end.

Internal: the transitions of `kniffel_rules.cards.engine`. Each takes a state whose
action has just been carried out and returns the state where the next
decision (or chance node) is due, skipping steps in which nothing is left
to decide.
"""

from __future__ import annotations

from kniffel_rules.cards.actions import Place
from kniffel_rules.cards.combinations import SIZES, Combination
from kniffel_rules.cards.legality import (
    _COLOUR_AT,
    _FULL_HOUSE_AT,
    _exchanging_problem,
    _hand_limit,
    _is_out,
    _place_amount,
    _place_options,
    _setup_actions,
    _setup_order,
    _value_at,
)
from kniffel_rules.cards.pieces import Card, Row, _holds, _with_card, _without_card
from kniffel_rules.cards.state import Phase, State, Tokens, _evolve
from kniffel_rules.errors import Rejection

__all__ = [
    "DEAL_SIZE",
    "DISPLAY_SIZE",
    "START_ACTIVE",
    "after_chance_card",
    "begin_play",
    "begin_setup",
    "discard_card",
    "do_exchange",
    "do_place",
    "do_play",
    "end_turn",
    "finished",
    "pick_card",
    "place_setup_token",
    "start_draw",
    "take_card",
]

DEAL_SIZE = 3
"""Cards dealt to each player (KA-07)."""
DISPLAY_SIZE = 4
"""Cards in the open display (KA-07, KA-11)."""
START_ACTIVE = 3
"""Tokens each player starts with in the active area (KA-05)."""


def _with_hand(state: State, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = hand
    return tuple(hands)


def _unshown(shown: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``shown`` without ``card`` if it holds it: a known card leaves the hand."""
    return _without_card(shown, card) if shown and _holds(shown, card) else shown


def finished(state: State) -> tuple[int, ...]:
    """The seats that have placed all their tokens."""
    return tuple(i for i, t in enumerate(state.tokens) if t.left == 0)


# --- setup and the deal ------------------------------------------------------------


def begin_setup(state: State, start: int) -> State:
    """After the start player is known: the setup placements (KA-06, KA-34)."""
    state = _evolve(state, start_player=start, phase=Phase.SETUP, pending=0)
    return next_setup(state)


def next_setup(state: State) -> State:
    """The next setup placement that has a legal space; then the deal.

    A player with no legal space for a setup token keeps it in the reserve
    (KA-45).
    """
    assert state.start_player is not None
    order = _setup_order(state.num_players, state.start_player, state.rules.trickier)
    for i in range(state.pending, len(order)):
        if _setup_actions(state, order[i]):
            return _evolve(state, phase=Phase.SETUP, player=order[i], pending=i)
    return _deal_next(_evolve(state, phase=Phase.DEAL, pending=0))


def place_setup_token(state: State, row: Row) -> State:
    """A setup token from the reserve onto the next level of ``row``."""
    seat = state.player
    all_tokens = list(state.tokens)
    all_tokens[seat] = state.tokens[seat].moved(row, 1, 0)
    return next_setup(_evolve(state, tokens=tuple(all_tokens), pending=state.pending + 1))


def _deal_next(state: State) -> State:
    assert state.start_player is not None
    n = state.num_players
    dealt = sum(len(h) for h in state.hands)
    if dealt < DEAL_SIZE * n:
        return _evolve(state, player=(state.start_player + dealt) % n)
    if len(state.display) < DISPLAY_SIZE and state.pile:
        return _evolve(state, player=state.start_player)
    return _start_turn(state, state.start_player, 0)


def deal_card(state: State, card: Card) -> State:
    """The dealt card goes to the next hand in turn, then to the display."""
    pile = _without_card(state.pile, card)
    n = state.num_players
    if sum(len(h) for h in state.hands) < DEAL_SIZE * n:
        seat = state.player
        hands = _with_hand(state, seat, _with_card(state.hands[seat], card))
        return _deal_next(_evolve(state, pile=pile, hands=hands))
    return _deal_next(_evolve(state, pile=pile, display=_with_card(state.display, card)))


# --- action A: drawing -------------------------------------------------------------


def _restock(state: State) -> State:
    """An empty pile takes the discards, shuffled (KA-11, KA-48; their order is not stored)."""
    if state.pile or not state.discards:
        return state
    return _evolve(state, pile=state.discards, discards=())


def start_draw(state: State) -> State:
    """Action A: as many cards from the pile as the Full House row says (KA-10)."""
    count = _value_at(state.rules, state.tokens[state.player], _FULL_HOUSE_AT)
    return _draw_next(_evolve(state, phase=Phase.DRAW, pending=count))


def _draw_next(state: State) -> State:
    if state.pending > 0:
        state = _restock(state)
        if state.pile:
            return state
    # all drawn, or no card left anywhere: fewer are drawn (KA-48)
    take = min(_value_at(state.rules, state.tokens[state.player], _COLOUR_AT), len(state.display))
    if take:
        return _evolve(state, phase=Phase.TAKE, pending=take)
    return _after_draw(state)


def _after_draw(state: State) -> State:
    if state.rules.simpler:
        return _evolve(state, phase=Phase.SECOND, pending=0)
    return end_turn(state)


def take_card(state: State, card: Card) -> State:
    """Action A: ``card`` from the display into the hand (KA-10)."""
    seat = state.player
    hands = _with_hand(state, seat, _with_card(state.hands[seat], card))
    display = _without_card(state.display, card)
    left = state.pending - 1
    shown = _with_card(state.shown, card)  # everyone saw it taken
    state = _evolve(state, hands=hands, display=display, pending=left, shown=shown)
    if left and display:
        return state
    return _after_draw(state)


# --- action B: playing and placing ------------------------------------------------------


def begin_play(state: State, combo: Combination) -> State:
    """Action B announced: its cards follow, one `Pick` each (KA-62)."""
    return _evolve(state, phase=Phase.PICK, combination=combo, picked=(), pending=0)


def pick_card(state: State, card: Card) -> State:
    """One more card of the combination begun; the last one plays it (KA-13, KA-62)."""
    combo = state.combination
    assert combo is not None
    picked = (*state.picked, card)
    if len(picked) < SIZES[combo]:
        return _evolve(state, picked=picked)
    return do_play(_evolve(state, picked=()), combo, picked)


def do_play(state: State, combo: Combination, cards: tuple[Card, ...]) -> State:
    """The cards go to the discards; the tokens are placed (KA-13, KA-14)."""
    seat = state.player
    hand = state.hands[seat]
    discards = state.discards
    shown = state.shown
    for card in cards:
        hand = _without_card(hand, card)
        discards = _with_card(discards, card)
        shown = _unshown(shown, card)
    state = _evolve(state, hands=_with_hand(state, seat, hand), discards=discards, shown=shown)
    if combo in (Combination.FOUR_OF_A_KIND, Combination.KNIFFEL):
        return _evolve(state, phase=Phase.PLACE, combination=combo, pending=0)
    (place,) = _place_options(state.rules, state.tokens[seat], combo)
    return do_place(state, place)


def do_place(state: State, place: Place) -> State:
    """The tokens go on the board; the turn ends (KA-14, KA-15, KA-22..KA-26)."""
    seat = state.player
    tokens = state.tokens[seat]
    amount = _place_amount(state.rules, tokens, place.row, place.levels)
    assert not isinstance(amount, Rejection)
    new = tokens.moved(place.row, place.from_reserve, amount - place.from_reserve)
    all_tokens = list(state.tokens)
    all_tokens[seat] = new
    return end_turn(_evolve(state, tokens=tuple(all_tokens), combination=None))


# --- action C: exchanging -----------------------------------------------------------


def do_exchange(state: State, card: Card) -> State:
    """One card to the discards, one token from the reserve into play (KA-27)."""
    seat = state.player
    tokens = state.tokens[seat]
    all_tokens = list(state.tokens)
    all_tokens[seat] = Tokens(tokens.reserve - 1, tokens.active + 1, tokens.rows)
    done = (state.pending if state.phase is Phase.EXCHANGE else 0) + 1
    state = _evolve(
        state,
        hands=_with_hand(state, seat, _without_card(state.hands[seat], card)),
        discards=_with_card(state.discards, card),
        shown=_unshown(state.shown, card),
        tokens=tuple(all_tokens),
        phase=Phase.EXCHANGE,
        pending=done,
    )
    if _exchanging_problem(state) is None:
        return state
    return end_turn(state)


# --- the end of a turn, rounds and the game -------------------------------------------


def end_turn(state: State) -> State:
    """The hand limit, then the display refill, then the next player (KA-28, KA-51, KA-11)."""
    seat = state.player
    if len(state.hands[seat]) > _hand_limit(state.rules, state.tokens[seat]):
        return _evolve(state, phase=Phase.DISCARD, pending=0, combination=None)
    if len(state.display) >= DISPLAY_SIZE:
        # nothing to refill: `_next_turn` sets every field the REFILL step would
        return _next_turn(state)
    return _refill(_evolve(state, phase=Phase.REFILL, pending=0, combination=None))


def discard_card(state: State, card: Card) -> State:
    """One card from the hand to the discards, at the end of the turn."""
    seat = state.player
    hand = _without_card(state.hands[seat], card)
    hands = _with_hand(state, seat, hand)
    discards = _with_card(state.discards, card)
    shown = _unshown(state.shown, card)
    if (
        len(hand) > _hand_limit(state.rules, state.tokens[seat])
        and state.pending == 0
        and state.combination is None
    ):
        # still over the limit: `end_turn` would keep this phase as it is
        return _evolve(state, hands=hands, discards=discards, shown=shown)
    return end_turn(_evolve(state, hands=hands, discards=discards, shown=shown))


def _refill(state: State) -> State:
    if len(state.display) < DISPLAY_SIZE:
        state = _restock(state)
        if state.pile:
            return state
    return _next_turn(state)


def refill_card(state: State, card: Card) -> State:
    """A card from the pile into the display; more until it holds 4 (KA-11)."""
    state = _evolve(
        state, pile=_without_card(state.pile, card), display=_with_card(state.display, card)
    )
    return _refill(state)


def after_chance_card(state: State, card: Card) -> State:
    """Apply a card outcome at a ``DEAL``, ``DRAW`` or ``REFILL`` chance node."""
    if state.phase is Phase.DEAL:
        return deal_card(state, card)
    if state.phase is Phase.REFILL:
        return refill_card(state, card)
    seat = state.player
    state = _evolve(
        state,
        pile=_without_card(state.pile, card),
        hands=_with_hand(state, seat, _with_card(state.hands[seat], card)),
        pending=state.pending - 1,
    )
    return _draw_next(state)


def _start_turn(state: State, seat: int, round_: int) -> State:
    return _evolve(state, phase=Phase.TURN, player=seat, round=round_, pending=0, combination=None)


def _over(state: State, round_: int) -> State:
    return _evolve(state, phase=Phase.OVER, player=0, round=round_, pending=0, combination=None)


def _next_turn(state: State) -> State:
    """Clockwise to the next player who is not out; the end of a round may end the game.

    KA-29 (the round is played to its end), KA-54 (players who are out are
    skipped), KA-60 (the game ends once at most one player is still in),
    KA-56 (``max_rounds``).
    """
    assert state.start_player is not None
    rules, n = state.rules, state.num_players
    out = [_is_out(rules, t) for t in state.tokens]
    if out.count(False) <= 1:
        return _over(state, state.round)
    seat, round_ = state.player, state.round
    while True:
        seat = (seat + 1) % n
        if seat == state.start_player:
            round_ += 1
            if finished(state) or round_ >= rules.max_rounds:
                return _over(state, round_)
        if not out[seat]:
            return _start_turn(state, seat, round_)
