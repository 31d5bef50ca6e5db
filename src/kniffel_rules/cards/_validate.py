"""The invariants of a card-game state, checked for `from_json` (internal to ``serial``).

`check_state` raises `InvalidStateError` naming the field path for a state
that ``apply`` cannot have produced: cards missing or twice, tokens not
conserved, a part-filled level, or bookkeeping that does not fit the phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kniffel_rules._i18n import N_, Text
from kniffel_rules.cards._flow import DEAL_SIZE, DISPLAY_SIZE, START_ACTIVE, finished
from kniffel_rules.cards.combinations import SIZES, Combination
from kniffel_rules.cards.engine import _check_capacity
from kniffel_rules.cards.legality import (
    _exchanging_problem,
    _hand_limit,
    _is_out,
    _place_options,
    _placement_problem,
    _row_value,
    _setup_actions,
    _setup_order,
    _whole_plays,
)
from kniffel_rules.cards.pieces import CARDS, ROWS, Card, Row, _holds, card_names
from kniffel_rules.cards.rules import MAX_PLAYERS, MIN_PLAYERS
from kniffel_rules.cards.state import Phase, State
from kniffel_rules.errors import InvalidStateError

__all__ = ["check_state"]

_PRE_GAME = (Phase.START, Phase.SETUP, Phase.DEAL)
_UNTOUCHED = (Phase.TURN, Phase.DRAW, Phase.TAKE, Phase.SECOND, Phase.PICK, Phase.PLACE)
"""The phases of a turn before its tokens move: the mover's tokens are as the turn began."""
_NOTHING_DISCARDED = (Phase.DRAW, Phase.TAKE, Phase.SECOND, Phase.PICK)
"""The phases of a turn before it discards a card (a play, an exchange or a discard)."""
_BEFORE_PLACING = (
    Phase.TURN,
    Phase.DRAW,
    Phase.TAKE,
    Phase.SECOND,
    Phase.PICK,
    Phase.PLACE,
    Phase.EXCHANGE,
)


def _fail(path: str, message: str) -> None:
    raise InvalidStateError(path, message)


def check_state(state: State) -> None:
    """Check every relation between the fields of ``state``.

    Raises:
        InvalidStateError: The first broken invariant, with its field path.
    """
    n = state.num_players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        _fail(
            "players",
            Text.of(
                N_("this game needs {least} to {most} players, got {count}"),
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=n,
            ),
        )
    _check_capacity(state.rules, n)
    _check_cards(state)
    _check_known(state)
    _check_tokens(state)
    if state.phase in _PRE_GAME:
        _check_pre_game(state)
    else:
        _check_play(state)


def _check_cards(state: State) -> None:
    places = [(f"players[{i}].hand", h) for i, h in enumerate(state.hands)]
    places += [("pile", state.pile), ("display", state.display), ("discards", state.discards)]
    seen: dict[int, str] = {}
    for path, cards in places:
        for card in cards:
            if card.index in seen:
                _fail(
                    path,
                    Text.of(
                        N_("{card} is also in {other}: every card exists once"),
                        card=card_names((card,)),
                        other=seen[card.index],
                    ),
                )
            seen[card.index] = path
    if len(seen) != len(CARDS):
        missing = next(c for c in CARDS if c.index not in seen)
        _fail(
            "pile",
            Text.of(
                N_("{card} is nowhere: all 65 cards are in play ({found} found)"),
                card=card_names((missing,)),
                found=len(seen),
            ),
        )
    if len(state.display) > DISPLAY_SIZE:
        _fail(
            "display", Text.of(N_("the open display holds at most {size} cards"), size=DISPLAY_SIZE)
        )


def _in_order(cards: tuple[Card, ...], path: str) -> None:
    for i in range(1, len(cards)):
        if cards[i - 1].index >= cards[i].index:
            _fail(f"{path}[{i}]", N_("cards are kept in card order, each once"))


def _check_known(state: State) -> None:
    """``shown`` cards are in hands; ``picked`` cards in the mover's hand, only in PICK."""
    _in_order(state.shown, "shown")
    for card in state.shown:
        if not any(_holds(hand, card) for hand in state.hands):
            _fail(
                "shown",
                Text.of(
                    N_("{card} is known to be in a hand, but no hand holds it"),
                    card=card_names((card,)),
                ),
            )
    _in_order(state.picked, "picked")
    if state.phase is not Phase.PICK:
        if state.picked:
            _fail("picked", N_("cards are picked only while laying down a combination"))
        return
    if state.combination is None:
        _fail("combination", N_("the combination being laid down is missing"))
    hand = state.hands[state.player] if 0 <= state.player < len(state.hands) else ()
    for card in state.picked:
        if not _holds(hand, card):
            _fail(
                "picked",
                Text.of(
                    N_("{card} is not in the hand of the player laying it down"),
                    card=card_names((card,)),
                ),
            )


def _check_shown(state: State) -> None:
    """A card is known in a hand only once that seat has taken from the display (KA-10).

    ``shown`` grows only by a `Take`: nothing is known before the first
    turn, nor in the hand of a seat that has not had a turn; in the first
    turn of the player to move at most the cards taken this turn (the
    display held 4 when it began and is refilled only after it).
    """
    phase = state.phase
    if phase is Phase.OVER or not state.shown:
        return
    for i, hand in enumerate(state.hands):
        known = [c for c in state.shown if _holds(hand, c)]
        if not known or (phase not in _PRE_GAME and _had_turn(state, i)):
            continue
        path = f"players[{i}].shown"
        if phase in _PRE_GAME or i != state.player:
            _fail(
                path,
                Text.of(
                    N_(
                        "{card} is known to be taken from the display, but this player "
                        "has not had a turn yet (KA-10)"
                    ),
                    card=card_names((known[0],)),
                ),
            )
        if phase is Phase.REFILL:
            tokens = state.tokens[i]
            taken = min(_row_value(state.rules, tokens, Row.COLOUR), DISPLAY_SIZE)
        else:
            taken = DISPLAY_SIZE - len(state.display)
        if len(known) > taken:
            _fail(
                path,
                Text.of(
                    N_(
                        "more cards are known to be taken from the display than this "
                        "first turn has taken: {count} (KA-10)"
                    ),
                    count=taken,
                ),
            )


def _check_tokens(state: State) -> None:
    rules, board = state.rules, state.rules.board
    total = rules.tokens(state.num_players)
    for i, t in enumerate(state.tokens):
        path = f"players[{i}]"
        partial = []
        for row, count in zip(ROWS, t.rows, strict=True):
            brow = board.row(row)
            if count > brow.capacity:
                _fail(
                    f"{path}.board.{row.value}",
                    Text.of(N_("the row has {capacity} spaces"), capacity=brow.capacity),
                )
            if not brow.is_whole(count):
                partial.append(row)
        if partial and not (rules.end_game_rule and t.left == 0 and len(partial) == 1):
            _fail(
                f"{path}.board.{partial[0].value}",
                N_("levels are filled whole; only the very last tokens may part-fill one"),
            )
        if t.left + t.placed != total:
            _fail(
                path,
                Text.of(
                    N_("reserve + active + board must be {total} tokens, got {count}"),
                    total=total,
                    count=t.left + t.placed,
                ),
            )


def _check_pre_game(state: State) -> None:
    rules, n, phase = state.rules, state.num_players, state.phase
    if state.round or state.combination is not None or state.discards:
        _fail("round", N_("no round has begun and nothing is discarded before the first turn"))
    _check_shown(state)
    _check_setup_tokens(state, range(n), before_game=True)
    if phase is Phase.START:
        if state.start_player is not None or state.player or state.pending:
            _fail("start_player", N_("the start player is not drawn yet"))
        if any(t.placed for t in state.tokens) or len(state.pile) != len(CARDS):
            _fail("pile", N_("nothing happens before the start player is drawn"))
        return
    start = state.start_player
    if start is None:
        _fail("start_player", N_("the start player is drawn before the setup"))
        return
    order = _setup_order(n, start, rules.trickier)
    if phase is Phase.SETUP:
        if len(state.pile) != len(CARDS):
            _fail("pile", N_("the cards are dealt after the setup"))
        if not state.pending < len(order) or state.player != order[state.pending]:
            _fail("player", N_("not the player whose setup placement is due"))
        steps = Counter(order[: state.pending])
        for i, t in enumerate(state.tokens):
            if t.placed > steps[i]:
                _fail(f"players[{i}].board", N_("more setup tokens than placements so far"))
        _check_skipped(state, range(n), steps)
        if not _setup_actions(state, state.player):
            _fail("player", N_("a player without a legal setup space is skipped"))
        return
    # the deal
    _check_skipped(state, range(n), Counter(order))
    dealt = sum(len(h) for h in state.hands)
    for i, hand in enumerate(state.hands):
        due = sum(1 for k in range(min(dealt, DEAL_SIZE * n)) if (start + k) % n == i)
        if len(hand) != due:
            _fail(f"players[{i}].hand", N_("the cards are dealt one at a time in turn"))
    if state.pending or not state.pile or (state.display and dealt < DEAL_SIZE * n):
        _fail("display", N_("the display is dealt after the hands"))
    if len(state.display) >= DISPLAY_SIZE:
        _fail("display", N_("the deal is over once the display holds 4 cards"))
    expected = (start + dealt) % n if dealt < DEAL_SIZE * n else start
    if state.player != expected:
        _fail("player", N_("not the seat the next card is dealt to"))


def _check_setup_tokens(state: State, seats: Iterable[int], *, before_game: bool) -> None:
    """The tokens of ``seats`` are as the setup leaves them (KA-05, KA-45, KA-55).

    Before the game every seat's; in the first round a seat's until its first
    turn moves a token (``before_game`` false: the words say so).
    """
    rules, chosen = state.rules, tuple(seats)
    for i in chosen:
        t, path = state.tokens[i], f"players[{i}]"
        if t.active != START_ACTIVE:
            if before_game:
                text = N_("{count} tokens are in play before the game")
            else:
                text = N_(
                    "before their first turn a player has the {count} tokens of the start "
                    "in play (KA-05)"
                )
            _fail(f"{path}.active", Text.of(text, count=START_ACTIVE))
        for row, count in zip(ROWS, t.rows, strict=True):
            if count > 2 or any(s != 1 for s in rules.board.row(row).spaces[:count]):
                if before_game:
                    _fail(f"{path}.board.{row.value}", N_("not a placement made before the game"))
                _fail(
                    f"{path}.board.{row.value}",
                    N_("before their first turn a player's board holds only setup tokens (KA-45)"),
                )
        if t.placed > rules.preplaced:
            if before_game:
                _fail(
                    f"{path}.board",
                    Text.of(
                        N_("only {count} tokens are placed before the game"), count=rules.preplaced
                    ),
                )
            _fail(
                f"{path}.board",
                N_("before their first turn a player's board holds only setup tokens (KA-45)"),
            )
    if rules.trickier:
        for row in ROWS:
            counts = [state.tokens[i].on(row) for i in chosen]
            for level in range(2):
                if sum(1 for c in counts if c > level) > 1:
                    _fail(
                        "players",
                        Text.of(N_("two players' setup tokens share a space of {row}"), row=row),
                    )


def _check_skipped(state: State, seats: Iterable[int], due: Counter[int]) -> None:
    """A seat with fewer setup tokens than its ``due`` placements had no legal space (KA-45).

    A skipped placement had no legal space, and none opens later: a seat's
    own tokens do not move while it is skipped, and the others' only add
    tokens, which close spaces (KA-55). So such a seat has no legal space now.
    """
    for i in seats:
        if state.tokens[i].placed < due[i] and _setup_actions(state, i):
            _fail(
                f"players[{i}].board",
                Text.of(
                    N_(
                        "fewer than the {count} setup tokens due, yet a legal setup space "
                        "is left: only a player without one is skipped (KA-45)"
                    ),
                    count=due[i],
                ),
            )


def _check_play(state: State) -> None:
    rules, n, phase, seat = state.rules, state.num_players, state.phase, state.player
    start = state.start_player
    if start is None:
        _fail("start_player", N_("the start player is drawn before the game"))
        return
    _check_shown(state)
    if phase is not Phase.OVER and state.round >= rules.max_rounds:
        _fail("round", Text.of(N_("the game ends after {rounds} rounds"), rounds=rules.max_rounds))
    if phase is Phase.SECOND and not rules.simpler:
        _fail("phase", N_("a second action after drawing is the simpler variant only"))
    tokens = state.tokens[seat]
    if phase in _BEFORE_PLACING and _is_out(rules, tokens):
        _fail("player", N_("a player who is out takes no turns"))
    if phase not in (Phase.PICK, Phase.PLACE) and state.combination is not None:
        _fail(
            "combination",
            N_("only while placing a Four of a kind or a Kniffel, or laying down a combination"),
        )
    # the display was refilled at the end of the last turn unless no card was left; in
    # action B or C (basic game) cards may have been discarded since, but none drawn
    short = len(state.display) != DISPLAY_SIZE
    if (
        short and phase in (Phase.TURN, Phase.DRAW, Phase.OVER) and (state.pile or state.discards)
    ) or (short and phase in (Phase.PLACE, Phase.EXCHANGE) and not rules.simpler and state.pile):
        _fail(
            "display",
            Text.of(
                N_("the display is refilled to {size} cards after every turn"), size=DISPLAY_SIZE
            ),
        )
    if not state.round and phase is not Phase.OVER:
        if seat == start:
            _check_first_discards(state)
        fresh = [i for i in range(n) if _as_set_up(state, i)]
        _check_setup_tokens(state, fresh, before_game=False)
        _check_skipped(state, fresh, Counter(_setup_order(n, start, rules.trickier)))
    if rules.active_limit:
        for i, t in enumerate(state.tokens):
            if t.active > max(_hand_limit(rules, t), START_ACTIVE):
                _fail(f"players[{i}].active", N_("the active area holds at most the hand limit"))
    _check_hands(state)
    _check_phase(state)
    done = finished(state)
    still_in = [i for i, t in enumerate(state.tokens) if not _is_out(rules, t)]
    if phase is Phase.OVER:
        if state.player or state.pending:
            _fail("player", N_("no player and nothing pending once the game is over"))
        if not still_in:
            _fail("players", N_("the game ends while at least one player is still in"))
        ended = (done and state.round >= 1) or state.round == rules.max_rounds
        if not ended and len(still_in) > 1:
            _fail("phase", N_("the game is not over: nobody has placed all tokens"))
        return
    if not [i for i in still_in if i != seat]:
        _fail("players", N_("the game is over once every other player is out"))
    for i in done:
        ahead = (i - start) % n < (seat - start) % n
        if not (ahead or (i == seat and phase in (Phase.DISCARD, Phase.REFILL))):
            _fail(f"players[{i}]", N_("a player who placed all tokens has had their last turn"))


def _had_turn(state: State, seat: int) -> bool:
    """Whether ``seat`` has finished a turn (``state`` is in play, not over)."""
    assert state.start_player is not None
    n, start = state.num_players, state.start_player
    return state.round >= 1 or (seat - start) % n < (state.player - start) % n


def _as_set_up(state: State, seat: int) -> bool:
    """Whether ``seat``'s tokens are still as the setup left them (in play, round 0).

    Until its first turn moves a token: a play places them, an exchange
    brings more into play.
    """
    if _had_turn(state, seat):
        return False
    return seat != state.player or state.phase in _UNTOUCHED


def _check_first_discards(state: State) -> None:
    """The discards in the game's first turn: only what this turn put there.

    The deal discards nothing, and no card is drawn back from the discards
    in the first round (the pile holds far more than a round draws), so the
    discards are the played, exchanged or discarded cards of this turn.
    """
    rules, phase, seat = state.rules, state.phase, state.player
    discards, hand, tokens = state.discards, state.hands[seat], state.tokens[seat]
    if phase is Phase.TURN:
        if discards:
            _fail("discards", N_("nothing is discarded before the first turn"))
    elif phase in _NOTHING_DISCARDED:
        if discards:
            _fail(
                "discards",
                N_(
                    "nothing is discarded in the game's first turn before a combination "
                    "is played or a card exchanged (KA-13, KA-27)"
                ),
            )
    elif phase is Phase.PLACE:
        combo = state.combination
        if combo is not None and (
            len(discards) != SIZES[combo] or len({c.value for c in discards}) != 1
        ):
            _fail(
                "discards",
                Text.of(
                    N_(
                        "in the game's first turn the discards are the {combination} "
                        "just played (KA-13)"
                    ),
                    combination=combo,
                ),
            )
    elif phase is Phase.EXCHANGE:
        if len(discards) != state.pending:
            _fail(
                "discards",
                Text.of(
                    N_(
                        "in the game's first turn the discards are the cards exchanged "
                        "so far: {cards} (KA-27)"
                    ),
                    cards=Text.counted(state.pending, N_("{n} card"), N_("{n} cards")),
                ),
            )
    else:  # DISCARD, REFILL: the dealt cards and those drawn, in the hand or discarded
        drawn = _row_value(rules, tokens, Row.FULL_HOUSE) + min(
            _row_value(rules, tokens, Row.COLOUR), DISPLAY_SIZE
        )
        held = len(hand) + len(discards)
        if rules.simpler:
            # a play after the draw may have raised the values since: at most
            wrong = held > DEAL_SIZE + drawn
        else:
            # action A alone draws, and its values are still today's; after a play or
            # an exchange the hand and the discards hold just the 3 dealt cards
            wrong = held not in (DEAL_SIZE, DEAL_SIZE + drawn)
        if wrong:
            _fail(
                "discards",
                Text.of(
                    N_(
                        "in the game's first turn the hand and the discards hold the "
                        "{dealt} cards dealt and what this turn drew (at most {drawn}) (KA-10)"
                    ),
                    dealt=DEAL_SIZE,
                    drawn=drawn,
                ),
            )


def _check_hands(state: State) -> None:
    """The hand limit after a turn; the dealt cards before one; a turn's draws during it."""
    rules, phase, seat = state.rules, state.phase, state.player
    for i, (hand, t) in enumerate(zip(state.hands, state.tokens, strict=True)):
        path, limit = f"players[{i}].hand", _hand_limit(rules, t)
        if phase is Phase.OVER:
            if len(hand) > max(limit, DEAL_SIZE):
                _fail(path, N_("more cards than the hand limit after a turn"))
        elif i != seat or phase is Phase.TURN:
            if not _had_turn(state, i):
                if len(hand) != DEAL_SIZE:
                    _fail(
                        path,
                        Text.of(
                            N_("before their first turn a player holds the {size} cards dealt"),
                            size=DEAL_SIZE,
                        ),
                    )
            elif len(hand) > limit:
                _fail(path, N_("more cards than the hand limit after a turn"))
        elif len(hand) > _most_in_turn(state, limit):
            _fail(path, N_("more cards than the hand held at the turn's start and its draws"))


def _most_in_turn(state: State, limit: int) -> int:
    """The most cards the player to move can hold now, in the middle of their turn.

    A turn starts with at most the hand limit (the 3 dealt cards in the first
    turn); values never fall as a row fills, so today's values bound the
    turn's draws: the Full House value from the pile, the Colour value from
    the display.
    """
    rules, phase, pending = state.rules, state.phase, state.pending
    tokens = state.tokens[state.player]
    if phase is Phase.REFILL:
        return limit  # the hand limit has been met
    most = limit if state.round else DEAL_SIZE
    pile = _row_value(rules, tokens, Row.FULL_HOUSE)
    drawn = pile + _row_value(rules, tokens, Row.COLOUR)
    if phase is Phase.DRAW:
        return most + pile - pending
    if phase is Phase.TAKE:
        return most + drawn - pending
    if phase in (Phase.SECOND, Phase.DISCARD) or rules.simpler:
        most += drawn
    if phase is Phase.PLACE:
        return most - 4  # a Four of a kind or a Kniffel has left the hand
    if phase is Phase.EXCHANGE:
        return most - pending
    return most


def _check_phase(state: State) -> None:
    rules, phase, tokens = state.rules, state.phase, state.tokens[state.player]
    pending = state.pending
    hand = state.hands[state.player]
    if phase is Phase.DRAW:
        if not 1 <= pending <= _row_value(rules, tokens, Row.FULL_HOUSE) or not state.pile:
            _fail("pending", N_("cards still to draw from the pile: 1..the Full House value"))
    elif phase is Phase.TAKE:
        colour = _row_value(rules, tokens, Row.COLOUR)
        top = min(colour, len(state.display))
        if not 1 <= pending <= top:
            _fail("pending", N_("cards still to take from the display: 1..the Colour value"))
        if state.pile or state.discards:
            # the turn began with a full display (a short one means no card was left in
            # the pile or the discards, and a draw adds none there); it is not refilled
            # while taking (KA-47), and the Colour value is the turn's: no play came first
            taken = DISPLAY_SIZE - len(state.display)
            due = min(colour, DISPLAY_SIZE) - taken
            if pending != due:
                _fail(
                    "pending",
                    Text.of(
                        N_(
                            "cards still to take from the display: {due}, the Colour value "
                            "less the {taken} taken already (KA-47)"
                        ),
                        taken=taken,
                        due=due,
                    ),
                )
    elif phase is Phase.PICK:
        # fewer cards than the combination has, room for its tokens, and a hand that
        # completes it (KA-62: only completable cards are picked; a stand-in deals so)
        combo = state.combination
        if pending or combo is None or len(state.picked) >= SIZES[combo]:
            _fail("picked", N_("the cards laid down so far: fewer than the combination has"))
        elif _placement_problem(rules, tokens, combo) is not None:
            _fail("combination", N_("its tokens must have somewhere to go"))
        elif not _whole_plays(state):
            _fail(
                "picked",
                Text.of(
                    N_("the hand cannot complete the {combination} begun with these cards (KA-62)"),
                    combination=combo,
                ),
            )
    elif phase is Phase.PLACE:
        combo = state.combination
        if combo not in (Combination.FOUR_OF_A_KIND, Combination.KNIFFEL):
            _fail("combination", N_("a Four of a kind or a Kniffel is being placed"))
        elif pending or not _place_options(rules, tokens, combo):
            _fail("combination", N_("its tokens must have somewhere to go"))
    elif phase is Phase.EXCHANGE:
        if pending < 1 or _exchanging_problem(state) is not None:
            _fail("pending", N_("cards exchanged so far, with a further exchange possible"))
    elif phase is Phase.DISCARD:
        if pending or len(hand) <= _hand_limit(rules, tokens):
            _fail("phase", N_("discarding is due only over the hand limit"))
    elif phase is Phase.REFILL:
        if pending or len(state.display) >= DISPLAY_SIZE or not state.pile:
            _fail("phase", N_("the display is refilled from the pile up to 4 cards"))
    elif pending:
        _fail(
            "pending", Text.of(N_("nothing is pending in phase {phase}"), phase=repr(phase.value))
        )
