"""Building card-game positions for tests, and a simple greedy player."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from kniffel_rules import CHANCE
from kniffel_rules import cards as C
from kniffel_rules.cards import (
    Begin,
    Card,
    Draw,
    Exchange,
    Phase,
    Pick,
    Play,
    Row,
    Rules,
    State,
    Stop,
)
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import steps
from kniffel_rules.cards.pieces import CARDS
from kniffel_rules.cards.state import Tokens
from kniffel_rules.errors import Rejection

ROW_ORDER = (Row.FULL_HOUSE, Row.COLOUR, Row.THREE_OF_A_KIND, Row.STRAIGHT, Row.TWO_PAIRS)


def card(text: str) -> Card:
    """``card("red 7")``."""
    return Card.parse(text)


def hand(*texts: str) -> tuple[Card, ...]:
    """Cards in card order: ``hand("red 7", "blue 2")``."""
    return tuple(sorted((card(t) for t in texts), key=lambda c: c.index))


def tokens(rows: dict[Row, int] | None = None, active: int = 3, total: int = 24) -> Tokens:
    """A player's tokens: ``rows`` on the board, ``active`` in play, the rest in reserve."""
    placed = tuple((rows or {}).get(r, 0) for r in ROW_ORDER)
    return Tokens(total - active - sum(placed), active, placed)


def position(
    hands: Sequence[Sequence[Card]],
    token_sets: Sequence[Tokens] | None = None,
    *,
    display: Sequence[Card] = (),
    discards: Sequence[Card] = (),
    rules: Rules | None = None,
    player: int = 0,
    start_player: int = 0,
    phase: Phase = Phase.TURN,
    round_: int = 1,
    fill_display: bool = True,
    pending: int = 0,
    check: bool = True,
) -> State:
    """A position in the middle of a game: the given hands, tokens and cards.

    The display is completed to 4 cards from the lowest cards left, and every
    other card is in the pile. The position is checked with from_json
    (``check=False``: not, for the defensive paths of states no game reaches).
    """
    rules = rules or Rules()
    n = len(hands)
    total = rules.tokens(n)
    token_sets = token_sets or [tokens(total=total) for _ in range(n)]
    used = {c for h in hands for c in h} | set(display) | set(discards)
    rest = [c for c in CARDS if c not in used]
    disp = list(display)
    while fill_display and len(disp) < 4:
        disp.append(rest.pop(0))
    state = State(
        rules,
        tuple(f"P{i}" for i in range(n)),
        tuple(tuple(sorted(h, key=lambda c: c.index)) for h in hands),
        tuple(token_sets),
        tuple(rest),
        tuple(sorted(disp, key=lambda c: c.index)),
        tuple(sorted(discards, key=lambda c: c.index)),
        phase,
        player=player,
        start_player=start_player,
        round=round_,
        pending=pending,
    )
    if check:
        assert C.from_json(C.to_json(state)) == state  # a position the checks accept
    return state


def apply_play(state: State, play: Play) -> State:
    """The state after the whole ``play``: its `Begin` and a `Pick` per card (KA-62)."""
    for step in steps(play):
        state = C.apply(state, step)
    return state


def play_refusal(state: State, play: Play) -> Rejection | None:
    """The first refusal met on the steps of ``play`` (the legal steps before it applied)."""
    for step in steps(play):
        reason = C.why_illegal(state, step)
        if reason is not None:
            return reason
        state = C.apply(state, step)
    return None


def next_step(state: State, play: Play) -> Begin | Pick:
    """The next decision of ``play``: its `Begin`, or at ``PICK`` the next `Pick`."""
    done = len(state.picked) + 1 if state.phase is Phase.PICK else 0
    return steps(play)[done]


def random_nodes(state: State, rng: random.Random, limit: int = 4000) -> Iterator[State]:
    """The nodes of one random playout from ``state``: random legal actions, chance from ``rng``.

    At most ``limit`` nodes; the last is terminal if the game ended within them.
    """
    for _ in range(limit):
        yield state
        if C.is_terminal(state):
            return
        if C.current_player(state) == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
        else:
            actions = C.legal_actions(state)
            state = C.apply(state, actions[rng.randrange(len(actions))])


def greedy(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """Play a combination when possible; exchange while few tokens are in play; else draw."""
    plays = whole_plays(state)
    if plays:
        return next_step(state, max(plays, key=lambda p: len(p.cards)))
    if state.phase in (Phase.TURN, Phase.SECOND):
        t = state.tokens[state.player]
        exchanges = [a for a in actions if isinstance(a, Exchange)]
        if exchanges and t.active < 3 and t.reserve:
            return exchanges[0]
        if Draw() in actions:
            return Draw()
        return Stop() if Stop() in actions else actions[0]
    if state.phase is Phase.EXCHANGE:
        t = state.tokens[state.player]
        return actions[0] if t.active < 3 and len(actions) > 1 else Stop()
    return actions[-1] if state.phase is Phase.PLACE else actions[0]


def play_until(state: State, stop: Any, rng: random.Random, policy: Any = greedy) -> State:
    """Play ``policy`` (chance from ``rng``) until ``stop(state)`` or the end."""
    while not C.is_terminal(state) and not stop(state):
        if C.current_player(state) == CHANCE:
            action = C.sample_chance(state, rng)
        else:
            action = policy(state, C.legal_actions(state), rng)
        state = C.apply(state, action)
    return state


@functools.lru_cache(maxsize=32)
def late_position(seed: int = 0, players: int = 2, rules: Rules | None = None) -> State:
    """A position near the end: greedy play until a player has 3 tokens or fewer left.

    The rules are then swapped for ``rules`` (default: ``max_rounds=10``) and
    the round count restarted at 1, so that random play from here is short.
    """
    rng = random.Random(seed)
    base = rules or Rules(max_rounds=10)
    start = C.new_game(players, rules=attrs.evolve(base, max_rounds=500), first_player=0)
    state = play_until(
        start,
        lambda s: s.phase is Phase.TURN and min(t.left for t in s.tokens) <= 3,
        rng,
    )
    assert not C.is_terminal(state)
    return attrs.evolve(state, rules=base, round=1)
