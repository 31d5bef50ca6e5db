"""`play` and `record` outside the rules: the step bound, and ``observe=True``."""

from __future__ import annotations

import random
import sys
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
    replay,
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


def test_a_refused_policy_action_names_the_seat_and_keeps_the_game_so_far() -> None:
    """A bot author can see whose policy erred and replay the game up to the refusal."""
    fair = 0

    def late_cheat(state: object, actions: tuple[object, ...], rng: random.Random) -> object:
        nonlocal fair
        fair += 1
        return actions[0] if fair < 20 else classic.Score(classic.Box.CHANCE)

    with pytest.raises(IllegalActionError) as info:
        record("classic", [random_policy, late_cheat], seed=3)
    err = info.value
    assert err.seat == 1
    assert err.rule.startswith("CL-")
    so_far = err.record
    assert isinstance(so_far, GameRecord) and so_far.variant == "classic"
    assert not classic.is_terminal(so_far.final)
    assert classic.current_player(so_far.final) == 1
    assert replay("classic", so_far.initial, so_far.actions) == so_far.final
    assert classic.why_illegal(so_far.final, classic.Score(classic.Box.CHANCE)) is not None
    if sys.version_info >= (3, 11):
        assert any("seat 1 ('Player 2')" in note for note in err.__notes__)


def test_errors_not_raised_by_a_policys_action_name_no_seat() -> None:
    with pytest.raises(IllegalActionError) as info:
        classic.apply(classic.new_game(), classic.Score(classic.Box.CHANCE))
    assert info.value.seat is None and info.value.record is None


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
