"""`play` and `record` outside the rules: the step bound, and ``observe=True``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kniffel_rules import (
    VARIANTS,
    IllegalActionError,
    InvalidStateError,
    KniffelError,
    StepLimitError,
    cards,
    classic,
    get_variant,
    play,
    random_policy,
)
from kniffel_rules.bots import CardsGreedy, CardsPlanner, RandomBot
from kniffel_rules.playing import GameRecord, record


def test_running_out_of_steps_is_its_own_error() -> None:
    with pytest.raises(StepLimitError) as info:
        record("classic", [random_policy], seed=3, max_steps=5)
    err = info.value
    assert isinstance(err, KniffelError)
    assert not isinstance(err, IllegalActionError)
    assert err.steps == 5
    assert str(err) == "the game did not end within 5 steps"
    assert isinstance(err.state, classic.State)
    assert not classic.is_terminal(err.state)


def test_a_policy_returning_an_illegal_action_is_an_illegal_action() -> None:
    def cheat(state: object, actions: tuple[object, ...], rng: object) -> object:
        return classic.Score(classic.Box.KNIFFEL)

    with pytest.raises(IllegalActionError):
        record("classic", [cheat], seed=3)


# --- observe=True: the policies see only what their player sees ------------------------


class _Recorder:
    """A random policy that keeps everything it was handed."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def __call__(self, seen: object, actions: tuple[object, ...], rng: random.Random) -> object:
        self.seen.append(seen)
        return actions[rng.randrange(len(actions))]


def _decisions(name: str, rec: GameRecord) -> list[tuple[int, object]]:
    """``(seat, state)`` at every decision of a recorded game, by replaying it."""
    game = get_variant(name)
    state, out = rec.initial, []
    for action in rec.actions:
        seat = game.current_player(state)
        if seat >= 0:
            out.append((seat, state))
        state = game.apply(state, action)
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_observe_hands_each_policy_its_observation(name: str) -> None:
    game = get_variant(name)
    seats = [_Recorder(), _Recorder()]
    rec = record(name, seats, seed=11, observe=True)
    decisions = _decisions(name, rec)
    assert sum(len(s.seen) for s in seats) == len(decisions) > 0
    counts = [0, 0]
    for seat, state in decisions:
        given = seats[seat].seen[counts[seat]]
        counts[seat] += 1
        assert given == game.observation(state, seat)
        assert given != state
        assert not hasattr(given, "hands")  # no whole state: no other seat's hand


def test_observe_a_card_policy_never_sees_another_hand() -> None:
    seats = [_Recorder(), _Recorder()]
    record("cards", seats, seed=5, observe=True)
    for seat, recorder in enumerate(seats):
        assert recorder.seen
        for obs in recorder.seen:
            assert isinstance(obs, cards.Observation)
            assert obs.player == seat
            assert len(obs.hand) == obs.hand_sizes[seat]


def test_observe_keeps_the_legal_actions_and_the_default_is_the_state() -> None:
    given: list[tuple[Any, tuple[object, ...]]] = []

    def keep(seen: Any, actions: tuple[object, ...], rng: random.Random) -> object:
        given.append((seen, actions))
        return actions[0]

    record("cards", [keep, keep], seed=2)
    assert given and all(isinstance(s, cards.State) for s, _ in given)
    assert all(a == cards.legal_actions(s) for s, a in given)
    given.clear()
    record("cards", [keep, keep], seed=2, observe=True)
    assert given and all(isinstance(s, cards.Observation) for s, _ in given)
    assert all(a == cards.legal_actions(s) for s, a in given)


@pytest.mark.parametrize(
    "bots", [(CardsGreedy, CardsPlanner), (CardsPlanner, CardsGreedy), (RandomBot, CardsPlanner)]
)
@pytest.mark.parametrize("seed", [1, 8])
def test_observe_same_seed_same_game_for_the_honest_card_bots(
    bots: tuple[type, type], seed: int
) -> None:
    plain = record("cards", [b() for b in bots], seed=seed)
    seeing = record("cards", [b() for b in bots], seed=seed, observe=True)
    assert seeing.actions == plain.actions
    assert seeing.final == plain.final
    assert play("cards", [b() for b in bots], seed=seed, observe=True) == plain.final


def test_observe_is_checked() -> None:
    with pytest.raises(InvalidStateError, match="observe"):
        record("classic", [random_policy], seed=1, observe="yes")  # type: ignore[arg-type]
