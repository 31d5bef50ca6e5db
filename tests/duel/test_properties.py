"""Invariants of the Duell along random games (hypothesis draws the seeds and rules).

- the 11 discs are all on the board, and a step moves at most one of them,
  only by a `Move` of the player whose turn it is, along a legal transition;
- the 22 joker tiles are all in the hands or the supply, 11 of each colour;
- a secured disc never leaves its hole while its game lasts;
- a game ends exactly when a win condition first holds (checked with a
  second, independent statement of the win conditions).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from duel.helpers import won_independently
from kniffel_rules import CHANCE
from kniffel_rules.duel import (
    Area,
    Move,
    Rules,
    Spot,
    State,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
)
from kniffel_rules.duel.pieces import AREAS, HOLES, SPACES

RULES = st.builds(
    Rules,
    adjacency=st.sampled_from(["linear", "within_parts"]),
    match_wins=st.integers(1, 2),
)


def _steps(rules: Rules, seed: int) -> list[tuple[State, Any, State]]:
    rng = random.Random(seed)
    state = new_game(rules=rules)
    steps = []
    while not is_terminal(state):
        if current_player(state) == CHANCE:
            action: Any = sample_chance(state, rng)
        else:
            acts = legal_actions(state)
            action = acts[rng.randrange(len(acts))]
        after = apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


def _expected_target(state: State, area: Area) -> Spot:
    """DU-08..DU-10, DU-20 restated: where the mover's disc goes."""
    p = state.player
    here = state.board[area.value]
    if area is Area.KNIFFEL or here is SPACES[p]:
        return HOLES[p]
    return SPACES[p]


def _game_ended(before: State, after: State) -> bool:
    return len(after.results) > len(before.results)


@settings(max_examples=12)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_discs_move_one_at_a_time_along_legal_transitions(rules: Rules, seed: int) -> None:
    for before, action, after in _steps(rules, seed):
        assert len(after.board) == len(AREAS) == 11
        assert sum(1 for s in after.board if isinstance(s, Spot)) == 11
        if _game_ended(before, after):
            continue  # the board of a finished game is checked below
        changed = [a for a in AREAS if before.spot(a) is not after.spot(a)]
        if isinstance(action, Move):
            assert changed == [action.area]
            assert after.spot(action.area) is _expected_target(before, action.area)
            assert not before.spot(action.area).secured
        else:
            assert changed == []


@settings(max_examples=12)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_jokers_are_conserved(rules: Rules, seed: int) -> None:
    spent = taken = 0
    for before, _action, after in _steps(rules, seed):
        for colour in (0, 1):
            assert after.jokers[colour] >= 0 and after.supply[colour] >= 0
            assert after.jokers[colour] + after.supply[colour] == 11
        assert sum(after.jokers) + sum(after.supply) == 22
        if not _game_ended(before, after):
            spent += max(0, sum(before.jokers) - sum(after.jokers))
            taken += max(0, sum(after.jokers) - sum(before.jokers))
    assert taken >= spent >= 0


@settings(max_examples=12)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_a_secured_disc_never_leaves_its_hole(rules: Rules, seed: int) -> None:
    for before, _action, after in _steps(rules, seed):
        if after.phase.value == "roll_off" and _game_ended(before, after):
            assert all(s is Spot.CENTRE for s in after.board)  # a new game of the match
            continue
        for area in AREAS:
            if before.spot(area).secured:
                assert after.spot(area) is before.spot(area)


@settings(max_examples=12)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_the_game_ends_exactly_when_a_win_condition_first_holds(rules: Rules, seed: int) -> None:
    linear = rules.adjacency == "linear"
    steps = _steps(rules, seed)
    games = 0
    for before, action, after in steps:
        assert not any(won_independently(before.board, h, linear) for h in HOLES)
        board = list(before.board)
        if isinstance(action, Move):
            board[action.area.value] = _expected_target(before, action.area)
        mover_won = won_independently(tuple(board), HOLES[before.player], linear)
        assert _game_ended(before, after) is (isinstance(action, Move) and mover_won)
        if _game_ended(before, after):
            games += 1
            assert after.results[-1] == before.player
            assert not won_independently(tuple(board), HOLES[1 - before.player], linear)
    final = steps[-1][2]
    assert games == len(final.results) and max(final.games_won) == rules.match_wins
