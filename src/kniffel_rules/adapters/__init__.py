"""Adapters for learning frameworks: OpenSpiel, Gymnasium and PettingZoo.

A layer above the games, like the bots: each adapter is an optional extra in
its own module (``pip install 'kniffel-rules[openspiel]'``, ``[gymnasium]``,
``[pettingzoo]``), imported only when asked for. `kniffel_rules.adapters.space`
is pure Python: the fixed action index and the observation tensors that the
adapters share. The card game is not covered yet (its action space is being
redesigned, issue 18).
"""

from __future__ import annotations

__all__: list[str] = []
