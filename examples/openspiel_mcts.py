"""OpenSpiel's MCTS bot against a uniform random bot in Kniffel: Das Duell.

Run: ``python examples/openspiel_mcts.py [games]`` (needs the ``[openspiel]`` extra).
The leaves are valued by the score lead (random rollouts to the end of a
Python game are slow).
"""

import math
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import kniffel_rules.adapters.openspiel  # noqa: F401  (registers the kniffel_* games)
from kniffel_rules import duel


class Lead(mcts.RandomRolloutEvaluator):
    """The returns at the end, else the tanh of the score lead (zero-sum)."""

    def evaluate(self, state):
        """The value of ``state`` for each seat."""
        if state.is_terminal():
            return np.array(state.returns())
        scores = duel.scores(state.inner)
        lead = math.tanh((scores[0] - scores[1]) / 3.0)
        return np.array([lead, -lead])


games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
game = pyspiel.load_game("kniffel_duel")
wins = 0
for seed in range(games):
    seat = seed % 2  # the MCTS bot changes seats every game
    bots = [pyspiel.make_uniform_random_bot(p, seed) for p in range(2)]
    rng = np.random.RandomState(seed)
    bots[seat] = mcts.MCTSBot(game, 2.0, 40, Lead(random_state=rng), random_state=rng, solve=False)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    wins += returns[seat] > 0
    print(f"game {seed + 1}: MCTS (seat {seat}) {'won' if returns[seat] > 0 else 'did not win'}")
print(f"MCTS won {wins} of {games} games against the uniform random bot")
