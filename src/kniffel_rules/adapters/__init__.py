"""Adapters for learning frameworks: OpenSpiel, Gymnasium and PettingZoo.

A layer above the games, like the bots: each adapter is an optional extra in
its own module (``pip install 'kniffel-rules[openspiel]'``, ``[gymnasium]``,
``[pettingzoo]``), imported only when asked for. `kniffel_rules.adapters.space`
is pure Python: the fixed action index and the observation tensors that the
adapters share. Every game is covered: the dice games and the card game
(OpenSpiel ``kniffel_cards`` as an imperfect-information game, PettingZoo
``env("cards")``, Gymnasium ``kniffel_rules/Cards-v0``); Gymnasium takes
every game as a single-agent environment, the other seats played by bots.
"""

from __future__ import annotations

__all__: list[str] = []
