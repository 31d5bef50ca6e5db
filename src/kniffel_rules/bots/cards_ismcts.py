"""An information-set Monte Carlo tree search player for the card game: `CardsISMCTS`.

The other hands are hidden, so the bot searches over what it saw:
``cards.observation(state, me)``. This is single-observer information-set
MCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012): one tree whose nodes are the observer's
information sets, here the sequences of actions and of *seen* chance
outcomes from the decision (a card another player draws is one outcome,
"hidden"). Every iteration

1. *determinizes*: ``cards.sample_state(observation, rng)`` deals the unseen
   cards, each consistent deal equally likely;
2. *selects* down the tree with UCB1 among the actions legal in that
   determinization, counting for every action how often it was available
   (the availability count replaces the parent's visits in the bonus);
   each seat chooses by its own reward;
3. *expands* one untried action;
4. *rolls out* with a cheap rule of thumb (`rollout_policy`) until the
   observer's next turn begins (``horizon`` turn changes) or the game ends;
5. *evaluates* the end: a finished game by who won; otherwise each seat's
   tokens on the board, the worth of its rows' values (cards drawn, taken,
   exchanged, the hand limit), a little for tokens in play and for the
   promise of its hand (`hand_potential`), turned into a reward in 0..1 by
   the lead over the best other seat; and backs the rewards up the path.

The tree branches only at the choices of a turn (`SEARCHED`: draw, play,
exchange, the placement of tokens), and of the exchanges only the one of
the card that fits the hand least is weighed; the other
decisions inside the tree are the rollout rule's. At the top, a decision
outside `SEARCHED` (the display card to take, the discard, the cards of a
combination begun, the setup) is `CardsPlanner`'s.

The action chosen is the most visited child of the root among the legal
actions. Everything is judged through the protocol (``cards.legal_actions``,
``cards.apply``, ``cards.sample_chance``, ``cards.current_player``), so the
bot plays whatever decisions the engine lists; all randomness comes from the
``rng`` argument. A decision with one legal action is returned at once,
without drawing from ``rng``.

Examples:
    >>> import random
    >>> from kniffel_rules import cards, play
    >>> from kniffel_rules.bots import CardsGreedy
    >>> from kniffel_rules.bots.cards_ismcts import CardsISMCTS
    >>> bot = CardsISMCTS(iterations=8)
    >>> final = play("cards", [bot, CardsGreedy()], seed=5)
    >>> cards.is_terminal(final)
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from kniffel_rules import cards
from kniffel_rules._json import check_int
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.bots._sums import plain_sum
from kniffel_rules.bots.cards_bots import CardsPlanner, hand_potential, view_of
from kniffel_rules.cards import Card, Observation, Phase, State
from kniffel_rules.cards.combinations import SIZES
from kniffel_rules.cards.legality import is_out, row_value
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_ITERATIONS

__all__ = ["SEARCHED", "CardsISMCTS", "rollout_policy"]

SEARCHED: frozenset[Phase] = frozenset({Phase.TURN, Phase.SECOND, Phase.EXCHANGE, Phase.PLACE})
"""The phases `CardsISMCTS` searches by default: the choices of a turn and of token placement."""

_HIDDEN = "hidden"

# What a point of each row's value is worth in the evaluation (the value of a
# row is what it does: cards drawn, taken, exchanged, the hand limit).
_ROW_WORTH = (
    (cards.Row.FULL_HOUSE, 1.6),
    (cards.Row.COLOUR, 1.4),
    (cards.Row.THREE_OF_A_KIND, 0.5),
    (cards.Row.STRAIGHT, 0.7),
)  # the key of a chance outcome the observer does not see


def _fit(hand: Sequence[Card]) -> Callable[[Card], float]:
    """How well a card fits ``hand`` (its own copy not counted): values, colours, runs."""
    values = [0] * 16
    colours: dict[Any, int] = {}
    for c in hand:
        values[c.value] += 1
        colours[c.colour] = colours.get(c.colour, 0) + 1

    def fit(card: Card) -> float:
        v = card.value
        own = 1 if card in hand else 0
        near = sum(1 for w in (v - 2, v - 1, v + 1, v + 2) if 0 < w < 16 and values[w])
        return 2.0 * (values[v] - own) + 0.8 * (colours.get(card.colour, 0) - own) + 0.5 * near

    return fit


_PLANNER = CardsPlanner()


def rollout_policy(state: State, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """The cheap rule the search plays its rollouts with (it reads only the mover's view).

    Plays (``Begin``, or ``Play`` in engines without it) the combination with
    the most cards, picks the first card offered; exchanges the card that
    fits the hand least while fewer than 3 tokens are in play, else draws;
    takes the display card that fits the hand best and discards the one that
    fits it least (by values, colours and runs); the setup and the placement
    of tokens are `CardsPlanner`'s. Never draws from ``rng``.

    Args:
        state: The state (the mover's own hand and tokens are read).
        actions: The legal actions.
        rng: Unused.

    Returns:
        One of ``actions``.
    """
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    seat = state.player
    hand = state.hands[seat]
    if phase is Phase.TAKE:
        fit = _fit(hand)
        return max(actions, key=lambda a: fit(a.card))
    if phase is Phase.DISCARD:
        fit = _fit(hand)
        return min(actions, key=lambda a: fit(a.card))
    if phase is Phase.PICK:
        return actions[0]
    if phase in (Phase.SETUP, Phase.PLACE):
        return _PLANNER(state, actions, rng)
    best: Any = None
    size = 0
    exchanges = []
    stop: Any = None
    for a in actions:
        name = type(a).__name__
        if name == "Begin":
            n = SIZES[a.combination]
            if n > size:
                best, size = a, n
        elif name == "Play":
            if len(a.cards) > size:
                best, size = a, len(a.cards)
        elif name == "Exchange":
            exchanges.append(a)
        elif name in ("Draw", "Stop"):
            stop = a if stop is None or name == "Draw" else stop
    if best is not None:
        return best
    mine = state.tokens[seat]
    if exchanges and mine.active < 3 and mine.reserve > 0:
        fit = _fit(hand)
        return min(exchanges, key=lambda a: fit(a.card))
    return stop if stop is not None else actions[0]


def _candidates(state: State, actions: tuple[Any, ...], exchanges: int = 1) -> tuple[Any, ...]:
    """The actions the search weighs: all but the ``Exchange`` of cards that fit the hand best.

    Of the exchanges only the ``exchanges`` whose card fits the mover's hand
    least (by values, colours and runs) are kept; every other action is.

    Args:
        state: The state (the mover's hand is read).
        actions: The legal actions.
        exchanges: How many exchanges to keep.

    Returns:
        The kept actions, in ``actions`` order.
    """
    found = [a for a in actions if type(a).__name__ == "Exchange"]
    if len(found) <= exchanges:
        return actions
    fit = _fit(state.hands[state.player])
    keep = set(sorted(found, key=lambda a: (fit(a.card), a.card.index))[:exchanges])
    return tuple(a for a in actions if type(a).__name__ != "Exchange" or a in keep)


def _number(name: str, value: object, positive: bool = False) -> None:
    try:
        number = (
            float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else -1
        )
    except OverflowError:  # an int too large for a float
        number = math.inf
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        what = "a positive number" if positive else "a number >= 0"
        raise InvalidStateError(name, f"expected {what}, got {brief(value)}")


class _Node:
    """An information set of the observer's tree: children by action, counts, rewards."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.available: dict[Any, int] = {}
        self.visits = 0
        self.reward = [0.0] * seats


def _phases(searched: object) -> frozenset[Phase]:
    """``searched`` as a set of the card game's phases, or an `InvalidStateError`."""
    expected = "expected phases of the card game, got"
    try:
        phases = frozenset(cast(Iterable[Any], searched))
    except TypeError:  # not iterable, or an item not hashable
        raise InvalidStateError("searched", f"{expected} {brief(searched)}") from None
    if not all(isinstance(phase, Phase) for phase in phases):
        raise InvalidStateError("searched", f"{expected} {brief(searched)}")
    return phases


class CardsISMCTS:
    """Information-set MCTS card player: searches deals consistent with what it saw.

    Decides from ``cards.observation(state, me)`` alone: two states that
    differ only in the hidden cards get the same action for the same
    ``rng`` state. See the module docstring for the algorithm.

    Args:
        iterations: Determinized iterations per decision (with more than
            one legal action), 1 to `limits.MAX_ITERATIONS`.
        exploration: The UCB1 constant ``c`` in ``mean + c * sqrt(ln(n_avail)
            / n)``.
        horizon: Turn changes a rollout plays before it is evaluated
            (``None``: the number of players, so to the observer's next turn).
        token_scale: Tokens of lead that make a reward of about 0.73 (the
            logistic scale of the evaluation).
        potential_weight: What a point of `hand_potential` is worth in tokens
            in the evaluation.
        row_weight: A factor on the worth of the rows' values in the
            evaluation.
        rollout: The policy of the rollouts and of the unsearched decisions
            inside the tree (``None``: `rollout_policy`).
        searched: The phases the tree branches at (`SEARCHED`).
        exchanges: How many ``Exchange`` actions the search weighs at a
            node: those of the cards that fit the mover's hand least.

    Raises:
        InvalidStateError: A bad setting (its name is the path).
    """

    def __init__(
        self,
        iterations: int = 32,
        exploration: float = 0.3,
        horizon: int | None = None,
        token_scale: float = 2.0,
        potential_weight: float = 0.1,
        row_weight: float = 1.0,
        rollout: Callable[[State, tuple[Any, ...], random.Random], Any] | None = None,
        searched: Iterable[Phase] = SEARCHED,
        exchanges: int = 1,
    ) -> None:
        check_int(iterations, "iterations", 1, MAX_ITERATIONS)
        _number("exploration", exploration)
        if horizon is not None:
            check_int(horizon, "horizon", 1)
        _number("token_scale", token_scale, positive=True)
        _number("potential_weight", potential_weight)
        _number("row_weight", row_weight)
        check_int(exchanges, "exchanges", 0)
        if not callable(rollout) and rollout is not None:
            raise InvalidStateError("rollout", f"expected a policy, got {brief(rollout)}")
        phases = _phases(searched)
        self.iterations = iterations
        self.exploration = exploration
        self.horizon = horizon
        self.token_scale = token_scale
        self.potential_weight = potential_weight
        self.row_weight = row_weight
        self.rollout = rollout_policy if rollout is None else rollout
        self.searched = phases
        self.exchanges = exchanges
        self._planner = CardsPlanner()

    def __call__(
        self, state: State | Observation, actions: tuple[Any, ...], rng: random.Random
    ) -> Any:
        """Choose an action for the player to move, from their observation only."""
        obs = view_of(state)
        if len(actions) == 1:
            return actions[0]
        if obs.phase not in self.searched:
            return self._planner.decide(obs, actions)
        return self.search(obs, actions, rng)

    def search(self, obs: Observation, actions: tuple[Any, ...], rng: random.Random) -> Any:
        """The most visited legal action after `iterations` determinized iterations.

        Args:
            obs: The observation of the player to move.
            actions: Their legal actions.
            rng: The generator of every random choice of the search.

        Returns:
            One of ``actions``.
        """
        seats = len(obs.names)
        root = _Node(seats)
        horizon = seats if self.horizon is None else self.horizon
        for _ in range(self.iterations):
            self._iterate(root, cards.sample_state(obs, rng), obs.player, horizon, rng)
        legal = set(actions)

        def visits(a: Any) -> int:
            child = root.children.get(a)
            return child.visits if child is not None else -1

        best = max((a for a in actions if a in legal), key=visits)
        return best

    def _iterate(
        self, root: _Node, state: State, me: int, horizon: int, rng: random.Random
    ) -> None:
        node = root
        path = [root]
        turn_of = state.player
        changes = 0
        expanded = False
        while not expanded and changes < horizon:
            seat = cards.current_player(state)
            if seat < 0 and seat != CHANCE:
                break  # the game is over
            if seat == CHANCE:
                hidden = cards.hidden_from(state, me)
                outcome = cards.sample_chance(state, rng)
                key: Any = (_HIDDEN,) if hidden else outcome
                state = cards.apply(state, outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(len(root.reward))
                    expanded = True
            else:
                legal = cards.legal_actions(state)
                if state.phase not in self.searched or len(legal) == 1:
                    action = self.rollout(state, legal, rng)  # no branching here
                    state = cards.apply(state, action)
                    child = node.children.get(action)
                    if child is None:
                        child = node.children[action] = _Node(len(root.reward))
                    node = child
                    path.append(node)
                    if state.player != turn_of:
                        turn_of = state.player
                        changes += 1
                    continue
                legal = _candidates(state, legal, self.exchanges)
                available = node.available
                untried = []
                for a in legal:
                    available[a] = available.get(a, 0) + 1
                    if a not in node.children:
                        untried.append(a)
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = node.children[action] = _Node(len(root.reward))
                    expanded = True
                else:
                    action = self._select(node, legal, seat)
                    child = node.children[action]
                state = cards.apply(state, action)
            node = child
            path.append(node)
            if state.player != turn_of:
                turn_of = state.player
                changes += 1
        rewards = self._rollout(state, horizon - changes, turn_of, rng)
        for node in path:
            node.visits += 1
            total = node.reward
            for i, r in enumerate(rewards):
                total[i] += r

    def _select(self, node: _Node, legal: tuple[Any, ...], seat: int) -> Any:
        best: Any = None
        best_score = -math.inf
        c = self.exploration
        for a in legal:
            child = node.children[a]
            n = child.visits
            score = child.reward[seat] / n + c * math.sqrt(math.log(node.available[a]) / n)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(
        self, state: State, changes_left: int, turn_of: int, rng: random.Random
    ) -> list[float]:
        while changes_left > 0:
            seat = cards.current_player(state)
            if seat == CHANCE:
                action = cards.sample_chance(state, rng)
            elif seat < 0:
                break
            else:
                action = self.rollout(state, cards.legal_actions(state), rng)
            state = cards.apply(state, action)
            if state.player != turn_of:
                turn_of = state.player
                changes_left -= 1
        return self._evaluate(state)

    def _evaluate(self, state: State) -> list[float]:
        n = state.num_players
        if cards.is_terminal(state):
            won = cards.winners(state)
            return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
        worth = []
        rules = state.rules
        for i, t in enumerate(state.tokens):
            value = t.placed + 0.2 * t.active
            value += self.row_weight * plain_sum(
                w * row_value(rules, t, r) for r, w in _ROW_WORTH
            )
            value += self.potential_weight * hand_potential(state.hands[i])
            if is_out(state.rules, t):
                value = -100.0
            worth.append(value)
        out = []
        scale = self.token_scale
        for i in range(n):
            lead = worth[i] - max(worth[j] for j in range(n) if j != i)
            out.append(1.0 / (1.0 + math.exp(-lead / scale)))
        return out

    def __repr__(self) -> str:
        return (
            f"CardsISMCTS(iterations={self.iterations}, exploration={self.exploration}, "
            f"horizon={self.horizon}, token_scale={self.token_scale}, "
            f"potential_weight={self.potential_weight})"
        )
