"""The card-game engine: the functions of the `Variant` protocol.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  start-player draw as ``StartPlayer(0)``, ``StartPlayer(1)``, ...; a card
  drawn (dealt, drawn from the pile, refilling the display) as every card of
  the pile, in card order;
* ``SETUP``: ``PlaceToken(row)`` for every row allowed, in board order;
* ``TURN``: ``Draw()``, then every ``Play`` (by combination in
  `Combination` order, then by the cards' positions in card order), then
  ``Exchange(card)`` for every card of the hand in card order; with
  ``simpler`` only ``Draw()``;
* ``SECOND`` (simpler): every ``Play``, every ``Exchange``, then ``Stop()``;
* ``TAKE``: ``Take(card)`` for every card of the display, in card order;
* ``PLACE``: every ``Place`` (see `place_options`);
* ``EXCHANGE``: every further ``Exchange``, then ``Stop()``;
* ``DISCARD``: ``Discard(card)`` for every card of the hand, in card order.

``sample_chance`` makes exactly one call ``rng.randrange(k)``: ``k`` is the
number of players for the start-player draw (the outcome is that seat) and
the number of cards in the pile for a card (the outcome is the card at that
position in card order).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from kniffel_rules._common import player_names
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.cards import flow
from kniffel_rules.cards.deck import CARDS, Card, holds
from kniffel_rules.cards.legal import (
    discard_actions,
    discard_reason,
    exchange_actions,
    exchange_reason,
    is_out,
    place_options,
    place_reason,
    play_actions,
    play_reason,
    setup_actions,
    setup_reason,
    take_actions,
    take_reason,
)
from kniffel_rules.cards.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from kniffel_rules.cards.state import (
    Action,
    Discard,
    Draw,
    Exchange,
    Phase,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    State,
    Stop,
    Take,
    Tokens,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError

__all__ = [
    "Outcome",
    "apply",
    "chance_outcomes",
    "current_player",
    "is_terminal",
    "legal_actions",
    "new_game",
    "sample_chance",
    "scores",
    "winners",
]

Outcome = StartPlayer | Card
"""A chance outcome of the card game."""

_DEFAULT_RULES = Rules()
_DRAW = Draw()
_STOP = Stop()
_START = {n: tuple(StartPlayer(i) for i in range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_CHANCE_PHASES = (Phase.START, Phase.DEAL, Phase.DRAW, Phase.REFILL)


def check_capacity(rules: Rules, players: int, path: str = "rules") -> None:
    """The board in play must have room for every token of a player."""
    tokens, capacity = rules.tokens(players), rules.board.capacity
    if capacity < tokens:
        side = "red" if rules.trickier else "blue"
        raise InvalidStateError(
            f"{path}.{side}_board",
            f"the board has {capacity} spaces, fewer than the {tokens} tokens of a player",
        )


def new_game(
    players: int | Sequence[str] = 2,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> State:
    """Start a card game.

    Each player gets their tokens, 3 of them in the active area (KA-05).

    Args:
        players: The number of players (2 to 4), or their names in seat order.
        rules: The rules (``None``: the rulebook, see `Rules`).
        first_player: The start player. ``None`` starts with the start-player
            draw, one chance node with each seat 1/n (KA-07, KA-45).

    Returns:
        The first state: the start-player draw, or the first setup placement.

    Raises:
        InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

    Example:
        >>> from kniffel_rules import cards
        >>> s = cards.new_game(["Ann", "Ben"], first_player=0)
        >>> cards.legal_actions(s)[:2]
        (PlaceToken(Row.FULL_HOUSE), PlaceToken(Row.COLOUR))
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected cards.Rules, got {type(rules).__name__}")
    names = player_names(players, MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    check_capacity(rules, n)
    total = rules.tokens(n)
    state = State(
        rules,
        names,
        ((),) * n,
        (Tokens(total - flow.START_ACTIVE, flow.START_ACTIVE),) * n,
        CARDS,
        (),
        (),
        Phase.START,
    )
    if first_player is None:
        return state
    if isinstance(first_player, bool) or not isinstance(first_player, int):
        raise InvalidStateError("first_player", f"expected a seat, got {first_player!r}")
    if not 0 <= first_player < n:
        raise InvalidStateError("first_player", f"expected a seat 0..{n - 1}, got {first_player}")
    return flow.begin_setup(state, first_player)


def current_player(state: State) -> int:
    """The seat to act, `CHANCE` or `TERMINAL`."""
    phase = state.phase
    if phase in _CHANCE_PHASES:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    return state.player


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.OVER


@lru_cache(maxsize=128)
def _uniform(k: int) -> Fraction:
    return Fraction(1, k)


def chance_outcomes(state: State) -> tuple[tuple[Outcome, Fraction], ...]:
    """Every outcome of the pending chance event with its exact probability (sum 1).

    The start player: each seat 1/n. A card: each card of the pile, 1/(cards
    in the pile).

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    phase = state.phase
    if phase is Phase.START:
        p = _uniform(state.num_players)
        return tuple((s, p) for s in _START[state.num_players])
    if phase in _CHANCE_PHASES:
        p = _uniform(len(state.pile))
        return tuple((c, p) for c in state.pile)
    raise IllegalActionError("this is not a chance node: no card is being drawn")


def sample_chance(state: State, rng: random.Random) -> Outcome:
    """Draw the pending outcome with ``rng`` (one ``rng.randrange`` call).

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    phase = state.phase
    if phase is Phase.START:
        return _START[state.num_players][rng.randrange(state.num_players)]
    if phase in _CHANCE_PHASES:
        return state.pile[rng.randrange(len(state.pile))]
    raise IllegalActionError("this is not a chance node: no card is being drawn")


def legal_actions(state: State) -> tuple[Action, ...] | tuple[Outcome, ...]:
    """Every legal action, in the order documented in this module.

    At a chance node these are the possible outcomes; ``()`` once the game is
    over.
    """
    phase = state.phase
    if phase is Phase.TURN:
        if state.rules.simpler:
            return (_DRAW,)
        turn: tuple[Action, ...] = (_DRAW, *play_actions(state), *exchange_actions(state))
        return turn
    if phase is Phase.TAKE:
        return take_actions(state)
    if phase is Phase.DISCARD:
        return discard_actions(state)
    if phase is Phase.EXCHANGE:
        more: tuple[Action, ...] = (*exchange_actions(state), _STOP)
        return more
    if phase is Phase.SECOND:
        second: tuple[Action, ...] = (*play_actions(state), *exchange_actions(state), _STOP)
        return second
    if phase is Phase.PLACE:
        assert state.combination is not None
        return place_options(state.rules, state.tokens[state.player], state.combination)
    if phase is Phase.SETUP:
        return setup_actions(state, state.player)
    if phase is Phase.OVER:
        return ()
    return tuple(o for o, _ in chance_outcomes(state))


_EXPECTED = {
    Phase.SETUP: "PlaceToken(row)",
    Phase.TURN: "Draw(), Play(...) or Exchange(card)",
    Phase.SECOND: "Play(...), Exchange(card) or Stop()",
    Phase.TAKE: "Take(card) from the open display",
    Phase.PLACE: "Place(row, from_reserve)",
    Phase.EXCHANGE: "Exchange(card) or Stop()",
    Phase.DISCARD: "Discard(card): your hand is over the limit",
}


def _wrong(state: State, action: object) -> IllegalActionError:
    phase = state.phase
    name = state.names[state.player]
    if phase is Phase.TURN and state.rules.simpler:
        return IllegalActionError(
            f"simpler variant: every turn begins with Draw(); {name} must draw, got {action!r}"
        )
    if phase is Phase.SECOND and isinstance(action, Draw):
        return IllegalActionError(f"{name} has drawn already this turn: one draw per turn")
    if phase is Phase.TURN and isinstance(action, Stop):
        return IllegalActionError("choose one of the three actions: a turn cannot be passed")
    if phase in (Phase.TAKE, Phase.PLACE, Phase.EXCHANGE, Phase.DISCARD) and isinstance(
        action, (Draw, Play, Exchange)
    ):
        return IllegalActionError(
            f"{name} has chosen an action already this turn: expected {_EXPECTED[phase]}"
        )
    return IllegalActionError(f"it is {name}'s move: expected {_EXPECTED[phase]}, got {action!r}")


def _check(reason: str | None) -> None:
    if reason is not None:
        raise IllegalActionError(reason)


def _apply_chance(state: State, action: object) -> State:
    if state.phase is Phase.START:
        n = state.num_players
        if not isinstance(action, StartPlayer) or action not in _START[n]:
            raise IllegalActionError(
                f"the start player is being drawn: expected StartPlayer(0..{n - 1}), got {action!r}"
            )
        return flow.begin_setup(state, action.seat)
    if not isinstance(action, Card):
        raise IllegalActionError(f"a card is being drawn: expected a Card, got {action!r}")
    if not holds(state.pile, action):
        raise IllegalActionError(f"{action} is not in the draw pile")
    return flow.after_chance_card(state, CARDS[action.index])


def apply(state: State, action: Action | Outcome) -> State:
    """The state after ``action`` (a player's action or a chance outcome).

    ``state`` is not changed.

    Raises:
        IllegalActionError: ``action`` is not legal here; the message names
            the rule that forbids it.
    """
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalActionError("the game is over: no more actions")
    if phase in _CHANCE_PHASES:
        return _apply_chance(state, action)
    if phase is Phase.TURN and not state.rules.simpler:
        if isinstance(action, Draw):
            return flow.start_draw(state)
    elif phase is Phase.TURN:
        if isinstance(action, Draw):
            return flow.start_draw(state)
        raise _wrong(state, action)
    if phase in (Phase.TURN, Phase.SECOND) and isinstance(action, Play):
        _check(play_reason(state, action))
        return flow.do_play(state, action.combination, action.cards)
    if phase in (Phase.TURN, Phase.SECOND, Phase.EXCHANGE) and isinstance(action, Exchange):
        _check(exchange_reason(state, action.card))
        return flow.do_exchange(state, CARDS[action.card.index])
    if phase in (Phase.SECOND, Phase.EXCHANGE) and isinstance(action, Stop):
        return flow.end_turn(state)
    if phase is Phase.TAKE and isinstance(action, Take):
        _check(take_reason(state, action.card))
        return flow.take_card(state, CARDS[action.card.index])
    if phase is Phase.DISCARD and isinstance(action, Discard):
        _check(discard_reason(state, action.card))
        return flow.discard_card(state, CARDS[action.card.index])
    if phase is Phase.PLACE and isinstance(action, Place):
        assert state.combination is not None
        _check(place_reason(state.rules, state.tokens[state.player], state.combination, action))
        return flow.do_place(state, action)
    if phase is Phase.SETUP and isinstance(action, PlaceToken):
        _check(setup_reason(state, state.player, action.row))
        return flow.place_setup_token(state, action.row)
    raise _wrong(state, action)


def scores(state: State) -> tuple[int, ...]:
    """Each player's tokens on the board so far (KA-56).

    A player who is out (trickier, KA-54) has lost and scores 0.
    """
    rules = state.rules
    return tuple(0 if is_out(rules, t) else t.placed for t in state.tokens)


def winners(state: State) -> tuple[int, ...]:
    """The winning seats once the game is over (ties share).

    The players who placed all their tokens; among them, the most cards in
    hand (KA-29, KA-30). If nobody did (``max_rounds``, or everyone out):
    the highest `scores`, then the most cards in hand (KA-56).

    Raises:
        IllegalActionError: The game is not over yet.
    """
    if state.phase is not Phase.OVER:
        raise IllegalActionError("the game is not over yet: there are no winners")
    done = flow.finished(state)
    if done:
        contenders = done
    else:
        s = scores(state)
        contenders = tuple(i for i, v in enumerate(s) if v == max(s))
    most = max(len(state.hands[i]) for i in contenders)
    return tuple(i for i in contenders if len(state.hands[i]) == most)
