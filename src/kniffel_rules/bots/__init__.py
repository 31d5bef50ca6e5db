"""Reference players (policies) for the games.

A policy is any callable ``policy(state, legal_actions, rng) -> action``
(`kniffel_rules.Policy`); :func:`kniffel_rules.play` calls it at every
decision of its seat. Write your own as a plain function::

    def always_first(state, actions, rng):
        return actions[0]

This package holds the library's reference players. ``RandomBot`` plays
uniformly at random; ``ClassicGreedy`` plays classic Kniffel by a fast
one-look rule of thumb.
"""

from kniffel_rules.bots.classic_greedy import ClassicGreedy
from kniffel_rules.bots.optimal import OptimalSolitaire
from kniffel_rules.bots.simple import RandomBot

__all__ = ["ClassicGreedy", "OptimalSolitaire", "RandomBot"]
