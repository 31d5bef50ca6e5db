"""Recomputing tables and simulating in batches (numpy, the ``solver`` extra).

The whole tables are recomputed by the slow tests (``test_optimal_slow.py``);
here the last turns of the game are recomputed from the rules alone and
compared with the shipped tables, and the batch simulator's games are
replayed through classic's engine.
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

import kniffel_rules
from kniffel_rules import KniffelError, classic
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import build_table, simulate
from kniffel_rules.bots.optimal._model import FULL_MASK
from kniffel_rules.bots.optimal._solver import solve_values
from kniffel_rules.classic import Rules

DEFAULT = Rules()
GLENN = Rules(joker="none", extra_kniffel_bonus=0)


@pytest.mark.parametrize("rules", [DEFAULT, GLENN], ids=["kniffel", "glenn"])
def test_the_last_turns_recomputed_from_the_rules_match_the_shipped_table(
    rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    model, values = solve_values(rules, min_filled=10)
    # Not a terminal: plain progress lines, no bar redrawn with carriage returns.
    err = capsys.readouterr().err
    assert "solving Kniffel: 0%" in err and "\r" not in err
    shipped = OptimalSolitaire(rules).table
    assert model.flags == shipped.model.flags
    compared = 0
    for mask in range(FULL_MASK + 1):
        if bin(mask).count("1") < 10:
            continue
        for upper, fifty in model.states(mask):
            i = model.index(mask, upper, fifty)
            assert values[i] == pytest.approx(shipped.values[i], abs=1e-7)
            compared += 1
    assert compared == np.count_nonzero(~np.isnan(values)) > 20_000


def test_simulated_games_replay_in_the_engine_with_optimal_choices() -> None:
    bot = OptimalSolitaire()
    sim = simulate(25, table=bot.table, seed=7, record=True, batch=16)
    assert sim.scores.shape == (25,) and sim.expected == bot.table.expected_score
    worst = 0.0
    for record, score in zip(sim.records, sim.scores, strict=True):
        state = classic.new_game()
        for action in record:
            if classic.current_player(state) >= 0:
                advice = dict(bot.advise(state))
                worst = max(worst, max(advice.values()) - advice[action])
            state = classic.apply(state, action)
        assert classic.is_terminal(state)
        assert classic.scores(state) == (score,)
    assert worst < 1e-9


def test_simulations_are_reproducible_and_summarised() -> None:
    bot = OptimalSolitaire()
    a = simulate(40, table=bot.table, seed=1)
    b = simulate(40, table=bot.table, seed=1)
    assert (a.scores == b.scores).all()
    assert a.mean == pytest.approx(float(np.mean(a.scores)))
    assert a.standard_error == pytest.approx(np.std(a.scores, ddof=1) / math.sqrt(40))
    assert a.records == ()


def test_without_numpy_recomputing_and_simulating_raise_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(KniffelError, match=r"kniffel-rules\[solver\]"):
        build_table(Rules(joker="forced"), progress=False)
    with pytest.raises(KniffelError, match=r"kniffel-rules\[solver\]"):
        simulate(10)
    # Play with a shipped table still works.
    final = kniffel_rules.play(classic, [OptimalSolitaire()], seed=3)
    assert classic.is_terminal(final)
