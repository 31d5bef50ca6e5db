"""A random agent for every seat of the card game in PettingZoo, using the action mask.

Run: ``python examples/pettingzoo_random.py [seed]`` (needs the ``[pettingzoo]`` extra).
"""

import sys

import numpy as np

from kniffel_rules.adapters.pettingzoo import env

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
table = env("cards", 3, max_rounds=30)  # three players, the rulebook's rules
table.reset(seed=seed)
rng = np.random.default_rng(seed)
moves = 0
for agent in table.agent_iter():
    observation, reward, termination, truncation, info = table.last()
    if termination or truncation:
        print(f"{agent}: reward {reward:+.0f}")
        table.step(None)
        continue
    legal = np.flatnonzero(observation["action_mask"])  # only this seat's legal actions
    table.step(int(rng.choice(legal)))
    moves += 1
print(f"{moves} moves; tokens on the boards: {table.module.scores(table.game_state)}")
