"""`CardsISMCTS`: decides from the observation alone, legal, seeded, and stronger than greedy."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, InvalidStateError, play, record
from kniffel_rules import cards as C
from kniffel_rules.bots import BOTS, CardsGreedy, CardsISMCTS, CardsPlanner
from kniffel_rules.bots.cards_ismcts import _candidates, rollout_policy
from kniffel_rules.cards import Phase, State


def _decision(seed: int, want: Any, steps: int = 2_000) -> State:
    """The first state of a seeded CardsPlanner game where ``want(state)`` holds."""
    rng = random.Random(seed)
    planner = CardsPlanner()
    state = C.new_game(2)
    for _ in range(steps):
        seat = C.current_player(state)
        if seat != CHANCE and want(state):
            return state
        if seat == CHANCE:
            action = C.sample_chance(state, rng)
        else:
            action = planner(state, C.legal_actions(state), rng)
        state = C.apply(state, action)
    raise AssertionError("no such decision")  # pragma: no cover


def _turn_with_choices(state: State) -> bool:
    """A turn with a choice, the other hand holding cards the mover cannot see."""
    hidden = [c for c in state.hands[1 - state.player] if c not in state.shown]
    return state.phase is Phase.TURN and len(C.legal_actions(state)) > 2 and len(hidden) > 1


def test_the_action_depends_only_on_the_observation() -> None:
    checked = 0
    for seed in range(4):
        state = _decision(seed, _turn_with_choices)
        me = C.current_player(state)
        obs = C.observation(state, me)
        other = C.sample_state(obs, random.Random(seed + 100))
        assert other.hands != state.hands or other.pile != state.pile
        assert C.observation(other, me) == obs
        actions = C.legal_actions(state)
        assert C.legal_actions(other) == actions
        bot = CardsISMCTS(iterations=12)
        first = bot(state, actions, random.Random(seed))
        assert bot(other, actions, random.Random(seed)) == first
        assert bot(obs, actions, random.Random(seed)) == first  # given the observation itself
        assert first in actions
        checked += 1
    assert checked == 4


def test_one_legal_action_is_returned_without_drawing() -> None:
    state = _decision(1, lambda s: len(C.legal_actions(s)) == 1)
    rng = random.Random(5)
    before = rng.getstate()
    assert CardsISMCTS()(state, C.legal_actions(state), rng) == C.legal_actions(state)[0]
    assert rng.getstate() == before


def test_all_randomness_comes_from_the_rng_argument() -> None:
    bot = CardsISMCTS(iterations=6)
    random.seed(1)
    first = record("cards", [bot, CardsGreedy()], seed=9)
    random.seed(2)
    again = record("cards", [bot, CardsGreedy()], seed=9)
    assert first.actions == again.actions
    assert C.is_terminal(first.final)


def test_it_plays_from_observations_alike() -> None:
    bots: list[Any] = [CardsISMCTS(iterations=6), CardsPlanner()]
    plain = record("cards", bots, seed=4)
    seeing = record("cards", bots, seed=4, observe=True)
    assert seeing.actions == plain.actions


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_every_choice_is_legal(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = C.new_game(2)
    planner = CardsPlanner()
    for _ in range(steps):
        if C.is_terminal(state):
            return
        seat = C.current_player(state)
        if seat == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
            continue
        actions = C.legal_actions(state)
        assert rollout_policy(state, actions, rng) in actions
        kept = _candidates(state, actions)
        assert kept and set(kept) <= set(actions)
        assert len([a for a in kept if isinstance(a, C.Exchange)]) <= 1
        assert len(kept) >= len([a for a in actions if not isinstance(a, C.Exchange)])
        state = C.apply(state, planner(state, actions, rng))
    if C.current_player(state) >= 0:
        actions = C.legal_actions(state)
        assert CardsISMCTS(iterations=4)(state, actions, rng) in actions


def test_it_is_registered_for_the_command_line() -> None:
    assert BOTS["cards"]["ismcts"] is CardsISMCTS
    assert "ismcts" in repr(CardsISMCTS()).lower()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("iterations", 0),
        ("iterations", True),
        ("iterations", "8"),
        ("exploration", -1.0),
        ("exploration", float("nan")),
        ("horizon", 0),
        ("token_scale", 0.0),
        ("potential_weight", "x"),
        ("row_weight", float("inf")),
        ("exchanges", -1),
        ("rollout", 3),
    ],
)
def test_bad_settings_are_refused_naming_them(field: str, value: Any) -> None:
    settings: dict[str, Any] = {field: value}
    with pytest.raises(InvalidStateError, match=f"^{field}"):
        CardsISMCTS(**settings)


@pytest.mark.slow
def test_it_beats_the_greedy_player_in_a_small_seeded_match() -> None:
    wins = 0
    games = 8
    for i in range(games):
        bot, other = CardsISMCTS(), CardsGreedy()
        seats: list[Any] = [bot, other] if i % 2 == 0 else [other, bot]
        final = play("cards", seats, seed=500 + i)
        won = C.winners(final)
        wins += won == (i % 2,)
    assert wins >= 6
