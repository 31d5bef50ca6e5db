"""Players for Kniffel: Das Kartenspiel: a greedy rule of thumb and a planning heuristic.

The hands are hidden, so both bots decide from
``cards.observation(state, player)`` alone (their own hand, the boards, the
display, the discards, the counts) and the legal actions, which depend on
nothing else: two states that differ only in another player's hand get the
same action. Both are policies (``policy(state, legal_actions, rng) ->
action``) that never draw from ``rng``. Both choose a whole play of action B
among ``cards.engine.whole_plays`` and make it one decision at a time: the
``Begin`` of its combination, then at each ``PICK`` the ``Pick`` of its next
card (`cards.legality.steps`); the same choice is found again at every step, since
the hand and the boards do not change while the cards are picked.

* `CardsGreedy` plays the biggest combination it holds, exchanges a card
  while it has fewer than 3 tokens in play, and otherwise draws; every other
  choice (the display card, the discard, the setup row, the placement) is the
  first legal one.
* `CardsPlanner` values a hand by how close it is to each combination
  (`hand_potential`) and chooses every action by that value: the play that
  places the most tokens and upgrades the most useful row for the least
  loss of potential, exchanges only when its tokens in play cannot fill the
  next levels, the display card that adds the most potential, the discard
  that loses the least, and placements from the reserve first.

Examples:
    >>> from kniffel_rules import cards, play
    >>> from kniffel_rules.bots import CardsGreedy, CardsPlanner
    >>> final = play("cards", [CardsPlanner(), CardsGreedy()], seed=3)
    >>> cards.is_terminal(final)
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kniffel_rules import cards
from kniffel_rules._text import brief
from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.cards import (
    Card,
    Combination,
    Discard,
    Draw,
    Exchange,
    Observation,
    Phase,
    Place,
    PlaceToken,
    Play,
    Row,
    State,
    Stop,
    Take,
)
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import steps
from kniffel_rules.cards.pieces import ROWS
from kniffel_rules.errors import InvalidStateError

__all__ = ["CardsGreedy", "CardsPlanner", "hand_potential", "view_of"]

Action = cards.Action

_KIND = (0.0, 0.0, 1.0, 2.6, 4.0, 6.0)
_RUN = (0.0, 0.0, 0.2, 0.7, 1.8, 3.5)
_SUIT = (0.0, 0.0, 0.2, 0.7, 1.8, 3.5)


def hand_potential(hand: Sequence[Card]) -> float:
    """How close a hand is to the combinations: the `CardsPlanner`'s value of a hand.

    Sums, over the values, a weight growing with the cards of that value (a
    pair 1, three 2.6, four 4, five 6); over the colours, a weight growing with
    the cards of that colour (five 3.5); and the weight of the best window of
    five consecutive values by the distinct values it holds (five 3.5).

    Args:
        hand: The cards.

    Returns:
        The potential (0 for no card).

    Raises:
        InvalidStateError: ``hand`` is not a sequence of cards (path ``hand``).
    """
    if (
        not isinstance(hand, Sequence)
        or isinstance(hand, str)
        or not all(isinstance(c, Card) for c in hand)
    ):
        raise InvalidStateError("hand", f"expected a sequence of cards, got {brief(hand)}")
    values = Counter(c.value for c in hand)
    colours = Counter(c.colour for c in hand)
    kind = plain_sum(_KIND[min(n, 5)] for n in values.values())
    suit = plain_sum(_SUIT[min(n, 5)] for n in colours.values())
    run = max((sum(1 for v in range(lo, lo + 5) if v in values) for lo in range(1, 10)), default=0)
    return kind + suit + _RUN[run]


def view_of(state: State | Observation) -> Observation:
    """What the player to move sees: ``state`` itself when it is their observation.

    Raises:
        InvalidStateError: Neither a card game state nor an observation (path ``state``).
    """
    if isinstance(state, Observation):  # a policy called with what the player sees
        return state
    return cards.observation(state, cards.current_player(state))


def _step(view: Observation, play: Play) -> Action:
    """The next decision of ``play``: its `Begin`, or at ``PICK`` the `Pick` of its next card."""
    done = len(view.picked) + 1 if view.phase is Phase.PICK else 0
    return steps(play)[done]


class CardsGreedy:
    """Greedy card player: play the biggest combination, keep 3 tokens in play, else draw.

    Plays the combination with the most cards (the first in
    `cards.engine.whole_plays` order on a tie), one `Begin` or `Pick` at a time;
    with no combination, exchanges a card while fewer than 3 tokens are in
    play and the reserve has some, else draws; stops exchanging at 3 tokens
    in play. Takes, discards, places setup tokens and
    Four-of-a-kind/Kniffel tokens by the first legal action. It reads only its
    own tokens (from the observation). Deterministic: it never draws from
    ``rng``.
    """

    def __call__(
        self, state: State | Observation, actions: tuple[Any, ...], rng: random.Random
    ) -> Any:
        """Choose an action for the player to move."""
        obs = view_of(state)
        plays = whole_plays(obs)
        if plays:
            return _step(obs, max(plays, key=lambda p: len(p.cards)))
        mine = obs.tokens[obs.player]
        wants = mine.active < 3 and mine.reserve > 0
        if obs.phase in (Phase.TURN, Phase.SECOND):
            exchanges = [a for a in actions if isinstance(a, Exchange)]
            if exchanges and wants:
                return exchanges[0]
            for a in (Draw(), Stop()):
                if a in actions:
                    return a
        if obs.phase is Phase.EXCHANGE:
            return actions[0] if wants and len(actions) > 1 else Stop()
        return actions[0]

    def __repr__(self) -> str:
        return "CardsGreedy()"


# The worth of a level filled in a row, per point of row value gained.
_UPGRADE = {
    Row.FULL_HOUSE: 1.6,
    Row.COLOUR: 1.4,
    Row.THREE_OF_A_KIND: 0.5,
    Row.STRAIGHT: 0.7,
    Row.TWO_PAIRS: 0.0,
}
_SETUP_ORDER = (Row.FULL_HOUSE, Row.COLOUR, Row.STRAIGHT, Row.THREE_OF_A_KIND, Row.TWO_PAIRS)


class CardsPlanner:
    """Strong card player: every choice by tokens placed, rows upgraded and hand potential.

    The value of a position for the player is ``tokens placed + upgrade
    worth of the rows + loss weight x hand_potential(hand)``. It plays the
    combination of the best value (a Four of a kind or Kniffel placed from
    the reserve first, a Kniffel on the row it upgrades most); exchanges its
    least useful cards only while its tokens in play cannot fill the next
    level of the rows its hand is closest to; otherwise draws. It takes the
    display card that adds the most potential and discards the one whose
    loss costs the least. Decides from `cards.observation` only;
    deterministic: it never draws from ``rng``.

    Args:
        loss_weight: What a point of `hand_potential` is worth in tokens.
    """

    def __init__(self, loss_weight: float = 0.6) -> None:
        self.loss_weight = loss_weight

    def __call__(
        self, state: State | Observation, actions: tuple[Any, ...], rng: random.Random
    ) -> Any:
        """Choose an action for the player to move."""
        return self.decide(view_of(state), actions)

    def decide(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        """Choose an action from a player's observation and the legal actions."""
        if len(actions) == 1:
            return actions[0]
        phase = obs.phase
        if phase is Phase.SETUP:
            return self._setup(actions)
        if phase is Phase.TAKE:
            return self._take(obs, actions)
        if phase is Phase.DISCARD:
            return self._discard(obs, actions)
        if phase is Phase.PLACE:
            return self._place(obs, actions)
        if phase is Phase.EXCHANGE:
            return self._exchange_more(obs, actions)
        return self._turn(obs, actions)

    # --- the choices -------------------------------------------------------------

    def _setup(self, actions: tuple[Action, ...]) -> Action:
        rank = {r: i for i, r in enumerate(_SETUP_ORDER)}
        setups = [a for a in actions if isinstance(a, PlaceToken)]
        return min(setups, key=lambda a: rank[a.row]) if setups else actions[0]

    def _take(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        hand = list(obs.hand)
        takes = [a for a in actions if isinstance(a, Take)]
        return max(takes, key=lambda a: hand_potential([*hand, a.card]))

    def _loss(self, hand: Sequence[Card], card: Card) -> float:
        rest = list(hand)
        rest.remove(card)
        return hand_potential(hand) - hand_potential(rest)

    def _discard(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        options = [a for a in actions if isinstance(a, Discard)]
        return min(options, key=lambda a: self._loss(obs.hand, a.card))

    def _upgrade(self, obs: Observation, row: Row, tokens: int) -> float:
        """The worth of putting ``tokens`` more tokens on ``row``."""
        board = obs.rules.board.row(row)
        have = obs.tokens[obs.player].on(row)
        return _UPGRADE[row] * (board.value(have + tokens) - board.value(have))

    def _place(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        mine = obs.tokens[obs.player]

        def worth(p: Place) -> float:
            spaces = obs.rules.board.row(p.row).next_spaces(mine.on(p.row), p.levels)
            amount = min(spaces, mine.left)
            return amount + self._upgrade(obs, p.row, amount) + 0.3 * p.from_reserve

        return max((a for a in actions if isinstance(a, Place)), key=worth)

    def _play_worth(self, obs: Observation, play: Play) -> float:
        mine = obs.tokens[obs.player]
        board = obs.rules.board
        rest = [c for c in obs.hand if c not in play.cards]
        loss = self.loss_weight * (hand_potential(obs.hand) - hand_potential(rest))
        combo = play.combination
        if combo.row is not None:
            spaces = min(board.row(combo.row).next_spaces(mine.on(combo.row)), mine.left)
            gain = spaces + self._upgrade(obs, combo.row, spaces)
        else:  # a Kniffel: the best single level anywhere
            gain = max(
                min(board.row(r).next_spaces(mine.on(r)), mine.left)
                + self._upgrade(obs, r, min(board.row(r).next_spaces(mine.on(r)), mine.left))
                for r in ROWS
            )
        if combo in (Combination.FOUR_OF_A_KIND, Combination.KNIFFEL):
            gain += 0.6 * min(mine.reserve, 3)  # tokens from the reserve save exchanges
        return gain - loss

    def _wants_tokens(self, obs: Observation) -> bool:
        mine = obs.tokens[obs.player]
        if mine.reserve == 0:
            return False
        board = obs.rules.board
        biggest = max(
            (board.row(r).next_spaces(mine.on(r)) for r in ROWS if r is not Row.TWO_PAIRS),
            default=0,
        )
        target = min(max(biggest, 2), mine.left)
        return mine.active < target

    def _cheapest_exchange(self, obs: Observation, actions: tuple[Action, ...]) -> Exchange | None:
        exchanges = [a for a in actions if isinstance(a, Exchange)]
        if not exchanges:
            return None
        return min(exchanges, key=lambda a: self._loss(obs.hand, a.card))

    def _turn(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        plays = whole_plays(obs)
        if plays:
            return _step(obs, max(plays, key=lambda p: self._play_worth(obs, p)))
        if self._wants_tokens(obs):
            found = self._cheapest_exchange(obs, actions)
            if found is not None:
                return found
        for a in (Draw(), Stop()):
            if a in actions:
                return a
        return actions[0]

    def _exchange_more(self, obs: Observation, actions: tuple[Action, ...]) -> Action:
        found = self._cheapest_exchange(obs, actions)
        wanted = found is not None and self._wants_tokens(obs)
        if wanted and found is not None and self._loss(obs.hand, found.card) < 1.0:
            return found
        return Stop()

    def __repr__(self) -> str:
        return f"CardsPlanner(loss_weight={self.loss_weight})"
