"""The Kniffel Master bots: legal, deterministic, exact where they compute, and strong."""

from __future__ import annotations

import math
import random

import pytest

from kniffel_rules import Policy, master, record
from kniffel_rules.bots import MasterExpectimax, MasterGreedy, MasterHeuristic, RandomBot
from kniffel_rules.bots._lattice import INDEX
from kniffel_rules.master import Fulfil, Roll, Rules, State, Task
from master.helpers import board, position

RULES = (Rules(), Rules(race=False), Rules(target_stars=6))


def decisions(seed: int, players: int, rules: Rules) -> list[State]:
    """Every decision after a throw of a game played at random."""
    game = record("master", [RandomBot()] * players, seed=seed, rules=rules)
    state, found = game.initial, []
    for action in game.actions:
        state = master.apply(state, action)
        if master.current_player(state) >= 0 and state.rolls > 0:
            found.append(state)
    return found


@pytest.mark.parametrize("rules", RULES, ids=["default", "no-race", "short"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_action_is_legal(rules: Rules, players: int) -> None:
    rng = random.Random(players)
    states = decisions(players, players, rules)
    sample = rng.sample(states, min(25, len(states)))
    for bot in (MasterGreedy(), MasterExpectimax()):
        for state in sample:
            assert bot(state, master.legal_actions(state), rng) in master.legal_actions(state)


def test_bot_games_are_legal_and_end() -> None:
    for seed in range(2):
        game = record("master", [MasterExpectimax(), MasterGreedy(), MasterExpectimax()], seed=seed)
        assert master.is_terminal(game.final)
        state = game.initial
        for action in game.actions:
            if master.current_player(state) >= 0:
                assert action in master.legal_actions(state)
            state = master.apply(state, action)


def test_deterministic_per_seed() -> None:
    first = record("master", [MasterExpectimax(), MasterGreedy()], seed=11)
    again = record("master", [MasterExpectimax(), MasterGreedy()], seed=11)
    assert first.actions == again.actions
    # a bot's turn cache does not change its choices: a fresh bot at every decision agrees
    state, shared = first.initial, MasterExpectimax()
    for action in first.actions[:150]:
        if master.current_player(state) >= 0:
            legal = master.legal_actions(state)
            rng = random.Random(0)
            assert MasterExpectimax()(state, legal, rng) == shared(state, legal, rng)
        state = master.apply(state, action)


def test_the_bots_never_draw_from_rng() -> None:
    state = decisions(3, 2, Rules())[5]
    legal = master.legal_actions(state)
    for bot in (MasterGreedy(), MasterExpectimax()):
        rng = random.Random(1)
        before = rng.getstate()
        bot(state, legal, rng)
        assert rng.getstate() == before


def test_the_heuristic_counts_stars_and_progress() -> None:
    h = MasterHeuristic(row_share=0.8, coin_share=0.9)
    assert h.value(board()) == 0
    sheet = board([Task.KNIFFEL], rows={2: 4, 6: 8}, laps=1, coins=3)
    # 3 (Kniffel) + 1 (row 6) + 1 (lap) stars; row 2 half way; 3 of the 7 spaces of lap 2
    assert sheet.stars == 5
    assert math.isclose(h.value(sheet), 5 + 0.8 * 4 / 8 + 0.9 * 3 / 7)


def test_final_values_are_the_best_use() -> None:
    state = position(board(rows={5: 6}), (1, 2, 3, 4, 5))
    bot = MasterExpectimax()
    plan = bot.plan(state)
    h = bot.heuristic
    for roll in [(5, 5, 5, 5, 5), (1, 1, 2, 2, 3), (1, 2, 4, 4, 6), (1, 3, 4, 5, 6)]:
        s = position(board(rows={5: 6}), roll)
        uses = [a for a in master.legal_actions(s) if not isinstance(a, Roll)]
        gains = [
            0.0
            if isinstance(u, master.Pass)
            else h.value(master.apply(s, u).sheets[0]) - h.value(s.sheets[0])
            for u in uses
        ]
        assert math.isclose(plan.final[INDEX[roll]], max(gains))


def test_roll_values_are_exact_expectations() -> None:
    """The value of a keep is the mean, over the exact throws, of the best choice after it."""
    start = position(board([Task.FULL_HOUSE], rows={3: 2}), (2, 3, 3, 5, 6), rolls=2)
    bot = MasterExpectimax()
    layer = bot.plan(start).layers[2]
    final = bot.plan(start).final
    for keep in [(3, 3), (2, 3, 3, 5), ()]:
        thrown = master.apply(start, Roll(keep))
        expected = sum(
            float(p) * final[INDEX[tuple(sorted((*keep, *o.values)))]]
            for o, p in master.chance_outcomes(thrown)
        )
        assert math.isclose(layer[INDEX[keep]], expected, rel_tol=1e-9)


def test_takes_a_kniffel() -> None:
    state = position(board(), (4, 4, 4, 4, 4))
    legal = master.legal_actions(state)
    assert MasterExpectimax()(state, legal, random.Random(0)) == Fulfil(Task.KNIFFEL)
    assert MasterGreedy()(state, legal, random.Random(0)) == Fulfil(Task.KNIFFEL)


def test_greedy_keeps_its_most_common_face() -> None:
    state = position(board(), (1, 2, 3, 6, 6))
    action = MasterGreedy()(state, master.legal_actions(state), random.Random(0))
    assert action == Roll((6, 6))


def _match(games: int) -> tuple[float, float]:
    """(strong's win share, ties half; mean star difference strong - greedy)."""
    points, diff = 0.0, 0
    for seed in range(games):
        swap = seed % 2 == 1
        strong: list[Policy] = [MasterExpectimax(), MasterGreedy()]
        bots = strong[::-1] if swap else strong
        final = record("master", bots, seed=seed).final
        me = 1 if swap else 0
        won = master.winners(final)
        points += (1.0 if len(won) == 1 else 0.5) if me in won else 0.0
        stars = master.scores(final)
        diff += stars[me] - stars[1 - me]
    return points / games, diff / games


def test_strong_beats_greedy() -> None:
    rate, diff = _match(16)
    assert rate > 0.5
    assert diff > 0


@pytest.mark.slow
def test_strong_beats_greedy_clearly() -> None:
    rate, _ = _match(400)
    assert rate > 0.75  # measured about 0.88
