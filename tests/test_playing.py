"""`play` and `record` outside the rules: the step bound is not an illegal action."""

from __future__ import annotations

import pytest

from kniffel_rules import IllegalActionError, KniffelError, StepLimitError, classic, random_policy
from kniffel_rules.playing import record


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
