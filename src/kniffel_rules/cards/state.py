"""The state of a card game and its parts: `State`, `Phase`, `Tokens`, and `Observation`.

All frozen value objects (a changed copy: ``attrs.evolve``). The actions
are in `kniffel_rules.cards.actions`.
`Observation` is what one player may see of a `State` (made by
``cards.observation``; it lives here so that the engine can hand it to the
protocol, `kniffel_rules.game.Game`).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from kniffel_rules._quickinit import quick_init
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.pieces import ROWS, Card, Row
from kniffel_rules.cards.rules import Rules

__all__ = ["Observation", "Phase", "State", "Tokens"]


class Phase(enum.Enum):
    """What happens next in a `State`."""

    START = "start"
    """Chance: the start player is drawn."""
    SETUP = "setup"
    """A player puts one token on their board (`PlaceToken`)."""
    DEAL = "deal"
    """Chance: a card is dealt to a hand, then to the open display."""
    TURN = "turn"
    """The player to move chooses `Draw`, a `Play` or an `Exchange` (simpler: `Draw`)."""
    DRAW = "draw"
    """Chance: a card from the pile for the player to move."""
    TAKE = "take"
    """The player takes a card from the display (`Take`)."""
    SECOND = "second"
    """Simpler variant, after drawing: a `Play`, an `Exchange` or `Stop`."""
    PICK = "pick"
    """The player lays down, one `Pick` per card, the combination they began (`Begin`)."""
    PLACE = "place"
    """The player places the tokens of a Four of a kind or Kniffel (`Place`)."""
    EXCHANGE = "exchange"
    """The player exchanges another card (`Exchange`) or stops (`Stop`)."""
    DISCARD = "discard"
    """End of the turn: the player discards down to the hand limit (`Discard`)."""
    REFILL = "refill"
    """Chance: a card from the pile refills the open display."""
    OVER = "over"
    """The game is over."""


@quick_init
@attrs.frozen(slots=True)
class Tokens:
    """One player's tokens: the reserve, the active area and each row of the board.

    Attributes:
        reserve: Tokens in the personal reserve.
        active: Tokens in the active play area.
        rows: Tokens on each row of the board, in `ROWS` order.
    """

    reserve: int
    active: int
    rows: tuple[int, ...] = (0,) * len(ROWS)

    def on(self, row: Row) -> int:
        """The tokens on ``row``."""
        return self.rows[_ROW_INDEX[row]]

    @property
    def placed(self) -> int:
        """The tokens on the board."""
        return sum(self.rows)

    @property
    def left(self) -> int:
        """The tokens not yet on the board (reserve and active area)."""
        return self.reserve + self.active

    def moved(self, row: Row, from_reserve: int, from_active: int) -> Tokens:
        """A copy with tokens moved from the reserve and the active area onto ``row``."""
        rows = list(self.rows)
        rows[_ROW_INDEX[row]] += from_reserve + from_active
        return Tokens(self.reserve - from_reserve, self.active - from_active, tuple(rows))

    def __repr__(self) -> str:
        board = ", ".join(f"{r.value}={n}" for r, n in zip(ROWS, self.rows, strict=True) if n)
        return f"Tokens(reserve={self.reserve}, active={self.active}, board=({board}))"


_ROW_INDEX = {r: i for i, r in enumerate(ROWS)}


@quick_init
@attrs.frozen(slots=True)
class State:
    """A card game at one moment. Immutable.

    Build states with `new_game` and `apply`;
    `from_json` validates one read from outside. The
    whole state includes every hand: show a player only
    `observation`.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order (clockwise).
        hands: Each player's hand, in card order.
        tokens: Each player's `Tokens`.
        pile: The face-down draw pile, as a set in card order (its order is
            not part of the state: every card left is equally likely next).
        display: The open display, in card order.
        discards: The face-up discard pile, in card order.
        phase: What happens next.
        player: The seat to decide, or whose turn it is at a chance node
            (0 before the start player is drawn).
        start_player: The start player (``None`` before the draw).
        round: The rounds completed so far.
        pending: ``SETUP``: the setup placements made (skipped ones
            included); ``DRAW``: cards still to draw from the pile;
            ``TAKE``: cards still to take from the display; ``EXCHANGE``:
            cards exchanged so far; otherwise 0.
        combination: ``PICK``: the combination begun; ``PLACE``: the
            combination whose tokens are placed.
        picked: ``PICK``: the cards laid down so far, in card order (still in
            the hand of the player to move until the combination is
            complete); otherwise ``()``.
        shown: The cards in hands that every player knows about: taken from
            the open display and not played, exchanged or discarded since, in
            card order (each is in exactly one hand).
    """

    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    tokens: tuple[Tokens, ...]
    pile: tuple[Card, ...]
    display: tuple[Card, ...]
    discards: tuple[Card, ...]
    phase: Phase
    player: int = 0
    start_player: int | None = None
    round: int = 0
    pending: int = 0
    combination: Combination | None = None
    picked: tuple[Card, ...] = ()
    shown: tuple[Card, ...] = ()

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)


_KEEP: Any = object()  # the default of `_evolve`'s fields: keep the state's own


def _evolve(
    state: State,
    *,
    rules: Any = _KEEP,
    names: Any = _KEEP,
    hands: Any = _KEEP,
    tokens: Any = _KEEP,
    pile: Any = _KEEP,
    display: Any = _KEEP,
    discards: Any = _KEEP,
    phase: Any = _KEEP,
    player: Any = _KEEP,
    start_player: Any = _KEEP,
    round: Any = _KEEP,
    pending: Any = _KEEP,
    combination: Any = _KEEP,
    picked: Any = _KEEP,
    shown: Any = _KEEP,
) -> State:
    """A copy of ``state`` with the fields given changed (a fast ``attrs.evolve`` for `State`)."""
    return State(
        state.rules if rules is _KEEP else rules,
        state.names if names is _KEEP else names,
        state.hands if hands is _KEEP else hands,
        state.tokens if tokens is _KEEP else tokens,
        state.pile if pile is _KEEP else pile,
        state.display if display is _KEEP else display,
        state.discards if discards is _KEEP else discards,
        state.phase if phase is _KEEP else phase,
        state.player if player is _KEEP else player,
        state.start_player if start_player is _KEEP else start_player,
        state.round if round is _KEEP else round,
        state.pending if pending is _KEEP else pending,
        state.combination if combination is _KEEP else combination,
        state.picked if picked is _KEEP else picked,
        state.shown if shown is _KEEP else shown,
    )


@attrs.frozen(slots=True)
class Observation:
    """A player's view of a `State`: everything public, and their own hand (KA-58).

    Made by ``cards.observation(state, player)``. The other hands and the
    pile appear only as counts. ``legal_actions(observation)`` gives the
    player's legal actions when they are to move (else ``()``), judged on
    ``cards.stand_in(observation)``, a state that agrees with the view in
    everything the player's decisions depend on.

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
        picked: As `State.picked` (public: the cards lie on the table).
        shown: For each seat, the cards of its hand every player knows about
            (`State.shown`: taken from the open display); the player's own
            entry is part of `hand`.
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
    picked: tuple[Card, ...] = ()
    shown: tuple[tuple[Card, ...], ...] = ()
