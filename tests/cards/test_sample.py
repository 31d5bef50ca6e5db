"""`cards.sample_state`: a whole game consistent with what one player saw, every deal alike.

The exact test enumerates every outcome of the one ``rng.sample`` call the
sampler makes (with exact fractions) and compares the distribution of its
results with the uniform distribution over every consistent deal, found by
brute force (every way to put the cards the player cannot see into the
other hands and the pile, kept when the state is valid and the player's
observation of it is the one given).
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.helpers import card, hand, position
from kniffel_rules import CHANCE, InvalidStateError
from kniffel_rules import cards as C
from kniffel_rules.cards import Card, Phase, State, Take
from kniffel_rules.cards._sample import sample_state
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.pieces import CARDS


class _Rejected(Exception):
    """The sampler asked for a second attempt: the enumerated deal was rejected."""


class _Enumerating(random.Random):
    """A generator whose one ``sample`` call returns a chosen ordered choice.

    ``choice`` holds the positions drawn (``None``: the first ``k``). Every
    other way to draw is refused, so a test fails if the sampler draws in
    any way its docstring does not say.
    """

    def __init__(self, choice: Sequence[int] | None = None) -> None:
        super().__init__(0)
        self.picks = choice
        self.calls: list[tuple[int, int]] = []

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        assert counts is None
        if self.calls:
            raise _Rejected  # a second attempt: the first deal was thrown away
        self.calls.append((len(population), k))
        choice = range(k) if self.picks is None else self.picks
        return [population[i] for i in choice]

    def random(self) -> float:
        raise AssertionError("the sampler draws only with rng.sample")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("the sampler draws only with rng.sample")


def _sampler_distribution(obs: C.Observation) -> dict[State, Fraction]:
    """The exact distribution of ``sample_state(obs, rng)`` for a uniform ``rng.sample``.

    Every ordered choice of one attempt is enumerated; a choice the sampler
    throws away (it asks again) is left out, and the rest share the whole
    probability: the distribution of a sampler that repeats until it keeps one.
    """
    probe = _Enumerating()
    with contextlib.suppress(_Rejected):  # only the size of the one call is wanted here
        sample_state(obs, probe)
    n, k = probe.calls[0]
    kept: list[State] = []
    for choice in itertools.permutations(range(n), k):
        rng = _Enumerating(choice)
        try:
            kept.append(sample_state(obs, rng))
        except _Rejected:
            continue
        assert rng.calls == [(n, k)]
    p = Fraction(1, len(kept))
    dist: dict[State, Fraction] = {}
    for s in kept:
        dist[s] = dist.get(s, Fraction(0)) + p
    return dist


def _valid(state: State) -> bool:
    try:
        return C.from_json(C.to_json(state)) == state
    except InvalidStateError:
        return False


def _splits(cards: tuple[Card, ...], sizes: Sequence[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to cut ``cards`` into groups of ``sizes`` (the rest last), in card order."""
    if not sizes:
        yield [cards]
        return
    for group in itertools.combinations(cards, sizes[0]):
        rest = tuple(c for c in cards if c not in group)
        for more in _splits(rest, sizes[1:]):
            yield [group, *more]


def _brute_force(state: State, player: int) -> dict[State, Fraction]:
    """The uniform distribution over every state ``player`` cannot tell from ``state``."""
    obs = C.observation(state, player)
    seen = {*obs.hand, *obs.display, *obs.discards}
    unseen = tuple(c for c in CARDS if c not in seen)
    others = [s for s in range(state.num_players) if s != player]
    found = []
    for groups in _splits(unseen, [len(state.hands[s]) for s in others]):
        hands = list(state.hands)
        for seat, group in zip(others, groups, strict=False):
            hands[seat] = group
        candidate = attrs.evolve(state, hands=tuple(hands), pile=groups[-1])
        if _valid(candidate) and C.observation(candidate, player) == obs:
            found.append(candidate)
    assert state in found
    return {s: Fraction(1, len(found)) for s in found}


def _small(players: int = 2) -> State:
    """A late position with few cards unseen: most cards are on the discard pile."""
    hands = [hand("red 1", "blue 5", "green 9"), hand("red 2", "red 3", "yellow 13")]
    if players == 3:  # smaller hands: the sampler's outcomes are enumerated
        hands = [hand("red 1", "blue 5"), hand("red 2", "yellow 13"), hand("purple 4", "purple 6")]
    display = hand("blue 1", "blue 2", "blue 3", "blue 4")
    pile = hand("green 1", "yellow 7")
    used = {*(c for h in hands for c in h), *display, *pile}
    discards = tuple(c for c in CARDS if c not in used)
    state = position(hands, display=display, discards=discards, check=False)
    state = attrs.evolve(state, pile=pile)
    assert _valid(state)
    return state


def _with_shown(state: State, shown: Sequence[str]) -> State:
    out = attrs.evolve(state, shown=hand(*shown))
    assert _valid(out)
    return out


SMALL = [
    pytest.param(_small(2), 0, id="2 players, nothing shown"),
    pytest.param(_small(2), 1, id="2 players, the other seat"),
    pytest.param(_small(3), 0, id="3 players"),
    pytest.param(_small(3), 2, id="3 players, the last seat"),
]


@pytest.mark.parametrize(("state", "player"), SMALL)
def test_the_sample_is_exactly_uniform_over_the_consistent_deals(state: State, player: int) -> None:
    obs = C.observation(state, player)
    expected = _brute_force(state, player)
    assert len(expected) > 1
    assert _sampler_distribution(obs) == expected


@pytest.mark.parametrize("player", [0, 1])
def test_exactly_uniform_with_cards_taken_from_the_display(player: int) -> None:
    state = _with_shown(_small(2), ["red 3", "green 9"])
    obs = C.observation(state, player)
    expected = _brute_force(state, player)
    other = 1 - player
    assert all(card("red 3" if other else "green 9") in s.hands[other] for s in expected)
    assert _sampler_distribution(obs) == expected


def test_exactly_uniform_with_three_players_and_shown_cards() -> None:
    state = _with_shown(_small(3), ["red 2", "purple 6"])
    for player in range(3):
        expected = _brute_force(state, player)
        assert _sampler_distribution(C.observation(state, player)) == expected


def test_exactly_uniform_while_the_mover_picks() -> None:
    hands = [hand("red 1", "blue 5", "green 9"), hand("red 2", "green 2", "yellow 2", "purple 9")]
    display = hand("blue 1", "blue 2", "blue 3", "blue 4")
    pile = hand("green 1", "yellow 7")
    used = {*(c for h in hands for c in h), *display, *pile}
    discards = tuple(c for c in CARDS if c not in used)
    state = position(hands, display=display, discards=discards, player=1, check=False)
    state = attrs.evolve(
        state,
        pile=pile,
        phase=Phase.PICK,
        combination=C.Combination.THREE_OF_A_KIND,
        picked=hand("green 2"),
    )
    assert _valid(state)
    expected = _brute_force(state, 0)
    # 3 unknown cards of 5 to the picking hand (10 deals), but only the 3 holding both unseen
    # 2s (red and yellow) complete the Three of a kind begun with green 2 (KA-62)
    assert len(expected) == 3
    assert all(card("green 2") in s.hands[1] for s in expected)
    assert all(whole_plays(s) for s in expected)
    assert _sampler_distribution(C.observation(state, 0)) == expected


def test_nothing_unknown_in_a_hand_is_deterministic() -> None:
    state = _with_shown(_small(2), ["red 2", "red 3", "yellow 13"])
    obs = C.observation(state, 0)
    results = {sample_state(obs, random.Random(seed)) for seed in range(20)}
    assert results == {state}


# --- random games at random moments --------------------------------------------------


def _moment(seed: int, players: int, steps: int) -> State:
    rng = random.Random(seed)
    bots = [C_bot() for C_bot in (_greedy, _random)]
    state = C.new_game(players)
    for _ in range(steps):
        if C.is_terminal(state):
            break
        seat = C.current_player(state)
        if seat == CHANCE:
            action = C.sample_chance(state, rng)
        else:
            action = bots[seat % 2](state, C.legal_actions(state), rng)
        state = C.apply(state, action)
    return state


def _greedy() -> Any:
    from kniffel_rules.bots import CardsPlanner

    return CardsPlanner()


def _random() -> Any:
    return lambda s, actions, rng: actions[rng.randrange(len(actions))]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    steps=st.integers(0, 400),
    draw=st.integers(0, 2**32),
)
def test_a_sample_is_a_valid_state_agreeing_with_the_observation(
    seed: int, players: int, steps: int, draw: int
) -> None:
    state = _moment(seed, players, steps)
    player = draw % players
    obs = C.observation(state, player)
    sample = sample_state(obs, random.Random(draw))
    assert type(sample) is State
    assert C.from_json(C.to_json(sample)) == sample
    assert C.observation(sample, player) == obs
    assert sample.hands[player] == state.hands[player]
    assert sample.shown == state.shown and sample.picked == state.picked
    assert sample.display == state.display and sample.discards == state.discards
    assert sorted(map(len, sample.hands)) == sorted(map(len, state.hands))
    assert sample == sample_state(obs, random.Random(draw))  # a seed replays
    for seat in range(players):  # the cards every player knows are where they are
        known = set(obs.shown[seat]) if obs.shown else set()
        assert known <= set(sample.hands[seat])


def test_a_card_taken_from_the_display_is_in_the_takers_sampled_hand() -> None:
    rng = random.Random(3)
    state = C.new_game(2)
    found = 0
    while not C.is_terminal(state) and found < 10:
        seat = C.current_player(state)
        if seat == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
            continue
        actions = C.legal_actions(state)
        action = _greedy()(state, actions, rng)
        state = C.apply(state, action)
        if isinstance(action, Take) and seat == 1:
            found += 1
            obs = C.observation(state, 0)
            for draw in range(10):
                sample = sample_state(obs, random.Random(draw))
                assert action.card in sample.hands[1]
    assert found == 10


def test_bad_arguments_are_refused_naming_them() -> None:
    obs = C.observation(_small(2), 0)
    with pytest.raises(InvalidStateError, match=r"^rng"):
        sample_state(obs, 7)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="rng"):
        sample_state(obs, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="observation"):
        sample_state(_small(2), random.Random(1))  # type: ignore[arg-type]
    bad = attrs.evolve(obs, pile_size=obs.pile_size + 1)
    with pytest.raises(InvalidStateError, match=r"observation\.pile_size"):
        sample_state(bad, random.Random(1))
    with pytest.raises(InvalidStateError, match="observation"):  # checked before the rng
        sample_state(bad, 7)  # type: ignore[arg-type]
