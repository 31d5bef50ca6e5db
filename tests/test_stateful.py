"""Stateful tests: hypothesis drives every game through the Variant protocol.

A `RuleBasedStateMachine` per conformance case interleaves legal actions,
chance outcomes, illegal actions (junk objects and actions that were legal
somewhere else) and JSON round trips. Invariants after every step: the
state is hashable and equal to its JSON round trip, a terminal state has no
legal action, an illegal action leaves the state as it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import kniffel_rules
from conformance_cases import CASES, Case
from kniffel_rules import CHANCE, IllegalActionError

JUNK = st.one_of(
    st.none(), st.integers(), st.text(max_size=3), st.tuples(st.integers(0, 6)), st.just(object())
)


def machine_for(case: Case) -> type[RuleBasedStateMachine]:
    game = kniffel_rules.get_variant(case.variant)

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.seen: list[Any] = []

        @initialize()
        def start(self) -> None:
            self.state = case.start()

        @precondition(lambda self: not game.is_terminal(self.state))
        @rule(data=st.data())
        def take_a_legal_step(self, data: st.DataObject) -> None:
            if game.current_player(self.state) == CHANCE:
                action = game.sample_chance(self.state, random.Random(data.draw(st.integers())))
            else:
                actions = game.legal_actions(self.state)
                action = actions[data.draw(st.integers(0, len(actions) - 1))]
            self.seen.append(action)
            self.seen = self.seen[-20:]
            self.state = game.apply(self.state, action)

        @rule(junk=JUNK)
        def junk_is_rejected(self, junk: Any) -> None:
            before = game.to_json(self.state)
            with pytest.raises(IllegalActionError):
                game.apply(self.state, junk)
            assert game.to_json(self.state) == before

        @precondition(lambda self: bool(self.seen))
        @rule(data=st.data())
        def an_action_from_elsewhere_is_rejected_unless_legal(self, data: st.DataObject) -> None:
            action = data.draw(st.sampled_from(self.seen))
            legal = (
                set(game.legal_actions(self.state)) if not game.is_terminal(self.state) else set()
            )
            if action in legal:
                game.apply(self.state, action)
                return
            before = game.to_json(self.state)
            with pytest.raises(IllegalActionError):
                game.apply(self.state, action)
            assert game.to_json(self.state) == before

        @rule()
        def json_round_trip(self) -> None:
            self.state = game.from_json(game.to_json(self.state))

        @invariant()
        def consistent(self) -> None:
            if self.state is None:
                return
            hash(self.state)
            assert game.from_json(game.to_json(self.state)) == self.state
            if game.is_terminal(self.state):
                assert game.legal_actions(self.state) == ()
                assert game.winners(self.state)

    GameMachine.__name__ = f"Machine_{case.variant}_{case.id}"
    return GameMachine


@pytest.mark.parametrize("case", CASES, ids=[f"{c.variant}-{c.id}" for c in CASES])
def test_stateful(case: Case) -> None:
    machine = machine_for(case)
    machine.TestCase.settings = settings(max_examples=15, stateful_step_count=40, deadline=None)
    machine.TestCase().runTest()
