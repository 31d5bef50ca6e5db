"""The card game's action index, chance index and observation tensor (pure Python)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.helpers import playout_states
from kniffel_rules import CHANCE, cards
from kniffel_rules.adapters.space import (
    ActionSpace,
    ChanceSpace,
    observation_layout,
    observation_tensor,
    tensor_size,
)
from kniffel_rules.cards import Combination, Row
from kniffel_rules.cards._space import place_bound
from kniffel_rules.cards.legality import place_options
from kniffel_rules.cards.pieces import CARDS, ROWS
from kniffel_rules.cards.state import Tokens
from kniffel_rules.errors import IllegalActionError, InvalidStateError

RULES = [
    cards.Rules(max_rounds=6),
    cards.Rules(trickier=True, max_rounds=6),
    cards.Rules(simpler=True, max_rounds=6),
]


def test_the_documented_layout() -> None:
    space = ActionSpace.for_game("cards")
    assert space.size == 298
    assert space.actions[:5] == tuple(cards.PlaceToken(row) for row in ROWS)
    assert space.index(cards.Draw()) == 5
    assert space.actions[6:71] == tuple(cards.Take(c) for c in CARDS)
    assert space.actions[71:78] == tuple(cards.Begin(c) for c in Combination)
    assert space.actions[78:143] == tuple(cards.Pick(c) for c in CARDS)
    places = space.actions[143:167]
    assert all(isinstance(p, cards.Place) for p in places)
    assert places[0] == cards.Place(Row.FULL_HOUSE, 0) and places[3] == cards.Place(
        Row.FULL_HOUSE, 3
    )
    assert places[-5:] == tuple(cards.Place(Row.TWO_PAIRS, r, 2) for r in range(5))
    assert space.actions[167:232] == tuple(cards.Exchange(c) for c in CARDS)
    assert space.index(cards.Stop()) == 232
    assert space.actions[233:] == tuple(cards.Discard(c) for c in CARDS)
    assert ActionSpace.for_game("cards", cards.Rules(trickier=True)).size == 298
    chance = ChanceSpace.for_game("cards")
    assert chance.size == 69
    assert chance.actions[:4] == tuple(cards.StartPlayer(s) for s in range(4))
    assert chance.actions[4:] == CARDS


@pytest.mark.parametrize("rules", RULES)
def test_index_round_trips(rules: Any) -> None:
    space = ActionSpace.for_game("cards", rules)
    assert len(set(space.actions)) == space.size
    assert all(space.index(a) == i and space.action(i) == a for i, a in enumerate(space.actions))
    chance = ChanceSpace.for_game(cards, rules)
    assert all(chance.index(o) == i for i, o in enumerate(chance.actions))
    with pytest.raises(IllegalActionError, match="not an entry"):
        space.index(cards.Play(Combination.THREE_OF_A_KIND, CARDS[:3]))  # a value, not a decision
    with pytest.raises(InvalidStateError, match="index"):
        space.action(space.size)


def test_place_bound_follows_the_board() -> None:
    board = cards.Rules().board
    assert place_bound(board, Row.FULL_HOUSE, 1) == 3
    assert place_bound(board, Row.TWO_PAIRS, 1) == 2
    assert place_bound(board, Row.TWO_PAIRS, 2) == 4
    assert place_bound(cards.Rules(trickier=True).board, Row.STRAIGHT, 2) == 5
    assert place_bound(board, Row.STRAIGHT, 5) == 0


@settings(max_examples=200)
@given(
    trickier=st.booleans(),
    combo=st.sampled_from([Combination.FOUR_OF_A_KIND, Combination.KNIFFEL]),
    reserve=st.integers(0, 30),
    active=st.integers(0, 30),
    rows=st.tuples(*[st.integers(0, 10)] * 5),
)
def test_property_every_placement_has_an_index(
    trickier: bool, combo: Combination, reserve: int, active: int, rows: tuple[int, ...]
) -> None:
    rules = cards.Rules(trickier=trickier)
    space = ActionSpace.for_game("cards", rules)
    capped = tuple(min(n, rules.board.row(r).capacity) for n, r in zip(rows, ROWS, strict=True))
    tokens = Tokens(reserve, active, capped)
    for place in place_options(rules, tokens, combo):
        assert space.action(space.index(place)) == place


def _playout(rules: Any, players: int, seed: int) -> int:
    space = ActionSpace.for_game("cards", rules)
    chance = ChanceSpace.for_game("cards", rules)
    size = tensor_size("cards", players, rules)
    decisions = 0
    rng = random.Random(seed)
    for state in playout_states(cards, cards.new_game(players, rules), rng):
        who = cards.current_player(state)
        mask = space.mask(state)
        if who == CHANCE:
            assert not any(mask)
            outcomes = chance.outcomes(state)
            assert tuple(chance.action(i) for i, _ in outcomes) == cards.legal_actions(state)
            assert sum(p for _, p in outcomes) == Fraction(1)
        elif who >= 0:
            decisions += 1
            indices = space.legal_indices(state)
            assert [space.action(i) for i in indices] == list(cards.legal_actions(state))
            assert {i for i, m in enumerate(mask) if m} == set(indices)
        for seat in range(players):
            view = cards.observation(state, seat)
            assert space.legal_indices(view) == (space.legal_indices(state) if seat == who else ())
            tensor = observation_tensor("cards", view)
            assert len(tensor) == size and all(isinstance(v, float) for v in tensor)
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", RULES)
def test_playouts_every_legal_action_has_an_index(rules: Any, players: int) -> None:
    assert _playout(rules, players, players) > 30


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_property_mask_is_legal_actions(seed: int, players: int) -> None:
    assert _playout(cards.Rules(max_rounds=3), players, seed) > 0


def _parts(view: Any) -> dict[str, list[float]]:
    tensor = observation_tensor("cards", view)
    out, at = {}, 0
    for name, n in observation_layout("cards", len(view.names), view.rules):
        out[name] = tensor[at : at + n]
        at += n
    assert at == len(tensor)
    return out


def _flags(cards_: Any) -> list[float]:
    return [float(c in cards_) for c in CARDS]


def test_the_tensor_is_the_observers_view() -> None:
    rules = cards.Rules(max_rounds=8)
    rng = random.Random(11)
    checked = 0
    for state in playout_states(cards, cards.new_game(3, rules), rng):
        for seat in range(3):
            view = cards.observation(state, seat)
            part = _parts(view)
            assert part["hand"] == _flags(state.hands[seat])
            assert part["display"] == _flags(state.display)
            assert part["discards"] == _flags(state.discards)
            assert part["picked"] == _flags(state.picked)
            assert part["pile_size"] == [float(len(state.pile))]
            for rel in range(3):
                other = (seat + rel) % 3
                known = [c for c in state.shown if c in state.hands[other]]
                assert part[f"p{rel}.shown"] == _flags(known)
                assert part[f"p{rel}.hand_size"] == [float(len(state.hands[other]))]
                tokens = state.tokens[other]
                assert part[f"p{rel}.tokens"] == [tokens.reserve, tokens.active, *tokens.rows]
            who = cards.current_player(state)
            if who >= 0:
                assert part["to_move"].index(1.0) == (who - seat) % 3
            checked += 1
    assert checked > 100


def test_the_tensor_leaves_out_hidden_cards() -> None:
    # two deals that differ only in the cards the observer cannot see
    state = cards.new_game(2, first_player=0)
    rng = random.Random(3)
    while cards.current_player(state) != CHANCE or state.phase is not cards.Phase.DEAL:
        legal = cards.legal_actions(state)
        state = cards.apply(state, legal[rng.randrange(len(legal))])
    while cards.current_player(state) == CHANCE:
        state = cards.apply(state, cards.sample_chance(state, rng))
    hidden = sorted(state.hands[1] + state.pile, key=lambda c: c.index)
    rng.shuffle(hidden)
    size = len(state.hands[1])
    swapped = attrs.evolve(
        state,
        hands=(state.hands[0], tuple(sorted(hidden[:size], key=lambda c: c.index))),
        pile=tuple(sorted(hidden[size:], key=lambda c: c.index)),
    )
    assert swapped.hands[1] != state.hands[1]
    see = [observation_tensor("cards", cards.observation(s, 0)) for s in (state, swapped)]
    assert see[0] == see[1]
    other_side = [observation_tensor("cards", cards.observation(s, 1)) for s in (state, swapped)]
    assert other_side[0] != other_side[1]


def test_bad_observations_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="observation"):
        observation_tensor("cards", cards.new_game(2))
    with pytest.raises(InvalidStateError, match="state"):
        ActionSpace.for_game("cards").mask(cards.new_game(2, cards.Rules(simpler=True)))


def test_plays_through_pick_and_place_have_indices() -> None:
    # a policy that plays every combination it can reaches PICK and PLACE often
    rules = cards.Rules(max_rounds=40)
    space = ActionSpace.for_game("cards", rules)
    rng = random.Random(2)
    state = cards.new_game(2, rules)
    phases = set()
    while not cards.is_terminal(state):
        if cards.current_player(state) == CHANCE:
            state = cards.apply(state, cards.sample_chance(state, rng))
            continue
        phases.add(state.phase)
        legal = cards.legal_actions(state)
        indices = space.legal_indices(state)
        assert [space.action(i) for i in indices] == list(legal)
        plays = [a for a in legal if isinstance(a, (cards.Begin, cards.Pick, cards.Place))]
        choice = plays or legal
        state = cards.apply(state, choice[rng.randrange(len(choice))])
    assert cards.Phase.PICK in phases
    # a Kniffel's or Four of a kind's placement (rare in play): the state after laying it down
    turn = next(
        s
        for s in playout_states(cards, cards.new_game(2, rules), rng)
        if s.phase is cards.Phase.TURN and s.round >= 1
    )
    for combo in (Combination.KNIFFEL, Combination.FOUR_OF_A_KIND):
        placing = attrs.evolve(turn, phase=cards.Phase.PLACE, combination=combo)
        legal = cards.legal_actions(placing)
        assert legal and all(isinstance(a, cards.Place) for a in legal)
        assert [space.action(i) for i in space.legal_indices(placing)] == list(legal)
