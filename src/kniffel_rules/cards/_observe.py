"""What one player may see: their own hand, never another's (KA-58).

Internal: `Observation` and `observation` are public through the package
(``kniffel_rules.cards``).

Example:
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(2, first_player=0)
    >>> obs = cards.observation(s, 1)
    >>> obs.hand, obs.hand_sizes, obs.pile_size
    ((), (0, 0), 65)
"""

from __future__ import annotations

import attrs

from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.engine import SHELL, current_player
from kniffel_rules.cards.pieces import Card
from kniffel_rules.cards.rules import Rules
from kniffel_rules.cards.state import Phase, State, Tokens
from kniffel_rules.errors import InvalidStateError

__all__ = ["Observation", "observation"]


@attrs.frozen(slots=True)
class Observation:
    """A player's view of a `State`: everything public, and their own hand.

    Attributes:
        player: Whose view this is.
        rules: The rules in force.
        names: The players' names, in seat order.
        hand: The player's own hand, in card order.
        hand_sizes: How many cards each player holds.
        tokens: Every player's tokens (the boards are public).
        display: The open display.
        discards: The face-up discard pile.
        pile_size: The number of cards in the face-down pile.
        phase: What happens next.
        to_move: ``current_player`` of the state (a seat, CHANCE or TERMINAL).
        turn_of: The seat whose turn (or setup placement) it is.
        start_player: The start player, once drawn.
        round: The rounds completed.
        pending: As `State.pending` (public: it is counted aloud).
        combination: As `State.combination`.
    """

    player: int
    rules: Rules
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    tokens: tuple[Tokens, ...]
    display: tuple[Card, ...]
    discards: tuple[Card, ...]
    pile_size: int
    phase: Phase
    to_move: int
    turn_of: int
    start_player: int | None
    round: int
    pending: int
    combination: Combination | None


def observation(state: State, player: int) -> Observation:
    """What ``player`` may see of ``state``: the other hands only as counts.

    Raises:
        InvalidStateError: ``state`` is not a card-game `State`, or
            ``player`` is not a seat of the game.
    """
    SHELL.check_state(state)
    if isinstance(player, bool) or not isinstance(player, int):
        raise InvalidStateError("player", f"expected a seat, got {player!r}")
    if not 0 <= player < state.num_players:
        raise InvalidStateError("player", f"expected a seat 0..{state.num_players - 1}")
    return Observation(
        player=player,
        rules=state.rules,
        names=state.names,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        tokens=state.tokens,
        display=state.display,
        discards=state.discards,
        pile_size=len(state.pile),
        phase=state.phase,
        to_move=current_player(state),
        turn_of=state.player,
        start_player=state.start_player,
        round=state.round,
        pending=state.pending,
        combination=state.combination,
    )
