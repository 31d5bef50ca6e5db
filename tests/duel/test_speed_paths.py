"""The fast paths of Duell play (issue 17) give exactly what the plain paths gave.

The successors are compared with the ``attrs.evolve`` code they replaced,
the listing with the candidates ``why_illegal`` lets through, along seeded
random games and matches (the same generator calls, the same games).
"""

from __future__ import annotations

import random

import attrs
import pytest

from kniffel_rules import CHANCE, duel
from kniffel_rules import _dicegame as dg
from kniffel_rules.dice import DiceRoll, multiset_difference, sample_roll
from kniffel_rules.duel import engine, legality
from kniffel_rules.duel.actions import Joker, Miss, Move, Roll
from kniffel_rules.duel.pieces import HOLES, START_BOARD, Spot
from kniffel_rules.duel.state import Phase, State
from kniffel_rules.rolloff import RollOff


def _slow_successor(state: State, action: object) -> State:
    """The successor as the engine built it before issue 17, with ``attrs.evolve``."""
    if isinstance(action, DiceRoll):
        if state.phase is Phase.ROLL_OFF:
            return dg.roll_off_step(state, action)
        dice = tuple(sorted(state.dice + action.values))
        return attrs.evolve(state, phase=Phase.DECIDE, dice=dice, rolls=state.rolls + 1)
    if isinstance(action, Roll):
        return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
    p = state.player
    jokers, supply = list(state.jokers), list(state.supply)
    if isinstance(action, Joker):
        dice = tuple(sorted((*multiset_difference(state.dice, (action.die,)), action.face)))
        jokers[p] -= 1
        supply[p] += 1
        return attrs.evolve(
            state,
            dice=dice,
            jokers=tuple(jokers),
            supply=tuple(supply),
            jokers_used=state.jokers_used + 1,
        )
    board = state.board
    if isinstance(action, Move):
        target = legality.move_target(state, action.area)
        assert isinstance(target, Spot)
        listed = list(board)
        listed[action.area.value] = target
        board = tuple(listed)
        if target is HOLES[p] and legality._board_win(board, p, state.rules):
            return _slow_won(state, board)
    else:
        assert isinstance(action, Miss)
        if state.supply[p]:
            jokers[p] += 1
            supply[p] -= 1
    return attrs.evolve(
        state,
        board=board,
        jokers=tuple(jokers),
        supply=tuple(supply),
        player=1 - p,
        dice=(),
        rolls=0,
        jokers_used=0,
    )


def _slow_won(state: State, board: tuple[Spot, ...]) -> State:
    """The end of a game as it was built before issue 17."""
    p = state.player
    results = (*state.results, p)
    if results.count(p) >= state.rules.match_wins:
        return attrs.evolve(
            state,
            board=board,
            phase=Phase.OVER,
            player=0,
            dice=(),
            rolls=0,
            jokers_used=0,
            results=results,
        )
    return State(
        state.rules,
        state.names,
        START_BOARD,
        Phase.ROLL_OFF,
        first_player=None,
        roll_off=RollOff((0, 1)),
        results=results,
    )


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(
    "rules", [duel.Rules(), duel.Rules(adjacency="within_parts"), duel.Rules(match_wins=2)]
)
def test_seeded_games_are_the_games_of_the_plain_paths(seed: int, rules: duel.Rules) -> None:
    state = duel.new_game(rules=rules)
    rng, pick = random.Random(seed), random.Random(seed + 100)
    old_rng = random.Random(seed)
    while not duel.is_terminal(state):
        if duel.current_player(state) == CHANCE:
            action: duel.Action | DiceRoll = duel.sample_chance(state, rng)
            k = 5 - len(state.dice) if state.phase is Phase.THROW else 1
            assert action == DiceRoll(sample_roll(old_rng, k))
        else:
            legal = duel.legal_actions(state)
            assert legal == engine.GAME.checked_actions(state)
            action = legal[pick.randrange(len(legal))]
        after = duel.apply(state, action)
        assert after == _slow_successor(state, action)
        state = after
    assert rng.random() == old_rng.random()  # the generators were consumed alike
