"""Invariants of the card game over random games of every variant.

Every card is somewhere exactly once; every player's tokens are conserved;
an observation never contains another player's cards; every game ends within
``max_rounds`` rounds (the bound of KA-56) with a bounded number of steps per
turn; the combinations listed agree with a brute-force definition.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.helpers import greedy, play_until
from kniffel_rules import CHANCE, random_policy
from kniffel_rules.cards import (
    Card,
    Combination,
    Draw,
    Exchange,
    Phase,
    Play,
    Rules,
    State,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    observation,
    sample_chance,
    scores,
    winners,
)
from kniffel_rules.cards.combinations import plays
from kniffel_rules.cards.pieces import CARDS

rule = pytest.mark.rule
RULES = st.builds(
    Rules,
    simpler=st.booleans(),
    trickier=st.booleans(),
    max_rounds=st.integers(1, 8),
)


def walk(seed: int, players: int, rules: Rules) -> Iterator[State]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules)
    yield state
    while not is_terminal(state):
        if current_player(state) == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = random_policy(state, legal_actions(state), rng)
        state = apply(state, action)
        yield state


@rule("KA-01")
@settings(max_examples=20)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), rules=RULES)
def test_every_card_is_somewhere_exactly_once(seed: int, players: int, rules: Rules) -> None:
    for s in walk(seed, players, rules):
        places = [s.pile, s.display, s.discards, *s.hands]
        everywhere = Counter(c for cards in places for c in cards)
        assert everywhere == Counter(CARDS)
        for cards in places:
            assert list(cards) == sorted(cards, key=lambda c: c.index)


@rule("KA-02", "KA-33")
@settings(max_examples=20)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), rules=RULES)
def test_every_players_tokens_are_conserved(seed: int, players: int, rules: Rules) -> None:
    total = rules.tokens(players)
    for s in walk(seed, players, rules):
        for t in s.tokens:
            assert t.reserve >= 0 and t.active >= 0 and min(t.rows) >= 0
            assert t.reserve + t.active + t.placed == total


@rule("KA-58")
@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), rules=RULES)
def test_an_observation_never_contains_another_players_cards(
    seed: int, players: int, rules: Rules
) -> None:
    for s in walk(seed, players, rules):
        for p in range(players):
            obs = observation(s, p)
            text = repr(obs)
            assert obs.hand == s.hands[p]
            for other in range(players):
                if other == p:
                    continue
                for c in s.hands[other]:
                    if c in s.shown or c in s.picked:  # taken from the display, or laid down
                        assert c in obs.shown[other] or c in obs.picked
                        continue
                    assert repr(c) not in text
                    assert c not in obs.hand and c not in obs.display and c not in obs.discards


def _turns_and_steps(seed: int, players: int, rules: Rules) -> tuple[State, int, int]:
    turns = longest = steps = 0
    s: State | None = None
    for s in walk(seed, players, rules):
        if s.phase is Phase.TURN:
            turns += 1
            longest = max(longest, steps)
            steps = 0
        steps += 1
    assert s is not None
    return s, turns, longest


@rule("KA-56", "KA-29")
@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), rules=RULES)
def test_every_game_ends_within_the_bound(seed: int, players: int, rules: Rules) -> None:
    final, turns, longest_turn = _turns_and_steps(seed, players, rules)
    assert is_terminal(final)
    assert final.round <= rules.max_rounds
    assert turns <= rules.max_rounds * players
    # the choice, a second choice (simpler) or a Place, <= 6 pile cards, <= 4
    # display cards, <= 6 exchanges and Stop, the hand to discard (at most a
    # hand limit of 10 + 6 + 4 cards), <= 4 refills
    assert longest_turn <= 1 + 1 + 6 + 4 + 7 + 20 + 4
    s = scores(final)
    assert all(s[w] == max(s) for w in winners(final))


@rule("KA-56", "KA-29")
def test_greedy_games_end_by_a_player_placing_all_tokens() -> None:
    ends = []
    for seed in range(6):
        final = play_until(new_game(3), lambda s: False, random.Random(seed), greedy)
        assert is_terminal(final)
        ends.append(final.round)
        assert any(t.left == 0 for t in final.tokens)
        assert all(final.tokens[w].left == 0 for w in winners(final))
    assert max(ends) < Rules().max_rounds
    final = play_until(new_game(2), lambda s: False, random.Random(1), random_policy)
    assert is_terminal(final) and final.round <= Rules().max_rounds


def _brute_force(hand: tuple[Card, ...]) -> set[tuple[Combination, tuple[Card, ...]]]:
    """The combinations by their plain definitions, over every subset of the hand."""
    found = set()
    for k in (3, 4, 5):
        for cards in itertools.combinations(hand, k):
            values = sorted(c.value for c in cards)
            shape = sorted(Counter(values).values())
            if k == 3 and shape == [3]:
                found.add((Combination.THREE_OF_A_KIND, cards))
            if k == 4 and shape == [2, 2]:
                found.add((Combination.TWO_PAIRS, cards))
            if k == 4 and shape == [4]:
                found.add((Combination.FOUR_OF_A_KIND, cards))
            if k == 5:
                if shape == [2, 3]:
                    found.add((Combination.FULL_HOUSE, cards))
                if shape == [5]:
                    found.add((Combination.KNIFFEL, cards))
                if len({c.colour for c in cards}) == 1:
                    found.add((Combination.COLOUR, cards))
                if values == list(range(values[0], values[0] + 5)):
                    found.add((Combination.STRAIGHT, cards))
    return found


@rule("KA-17", "KA-18", "KA-19", "KA-20", "KA-21", "KA-22", "KA-23", "KA-24", "KA-44")
@settings(max_examples=150)
@given(
    cards=st.lists(st.sampled_from(CARDS), min_size=0, max_size=12, unique=True),
    bias=st.integers(1, 13),
)
def test_the_listed_combinations_are_exactly_the_definitions(cards: list[Card], bias: int) -> None:
    # add cards of one value now and then, so that big groups occur
    extra = [c for c in CARDS if c.value == bias][: len(cards) % 6]
    hand = tuple(sorted(set(cards) | set(extra), key=lambda c: c.index))
    listed = plays(hand)
    assert len(set(listed)) == len(listed)
    assert set(listed) == _brute_force(hand)
    order = [(list(Combination).index(c), [x.index for x in cs]) for c, cs in listed]
    assert order == sorted(order)


@rule("KA-09")
@settings(max_examples=30)
@given(seed=st.integers(0, 10**6))
def test_turn_actions_come_in_the_documented_order(seed: int) -> None:
    for s in walk(seed, 2, Rules(max_rounds=4)):
        if s.phase is not Phase.TURN:
            continue
        actions = legal_actions(s)
        assert actions[0] == Draw()
        kinds = [0 if isinstance(a, Draw) else 1 if isinstance(a, Play) else 2 for a in actions]
        assert kinds == sorted(kinds)
        exchanges = [a.card.index for a in actions if isinstance(a, Exchange)]
        assert exchanges == sorted(exchanges)
