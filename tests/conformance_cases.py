"""The games the conformance suite runs against.

A new game plugs into the suite with a file ``tests/<game>/cases.py`` that
defines ``CASES``: a tuple of `Case` (a name from ``kniffel_rules.VARIANTS``
and a factory for a starting state worth checking: player counts, rule
options), and a module-level ``Variant`` annotation of the game module so
that mypy checks it against the protocol. ``test_conformance`` fails for a
registered game that has no case.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Case:
    """One starting position of one game for the conformance suite."""

    variant: str
    id: str
    start: Callable[[], Any]
    playouts: int = 15


def _collect() -> tuple[Case, ...]:
    cases: list[Case] = []
    here = Path(__file__).parent
    for path in sorted(here.glob("*/cases.py")):
        cases.extend(importlib.import_module(f"{path.parent.name}.cases").CASES)
    return tuple(cases)


CASES: tuple[Case, ...] = _collect()


def random_states(
    game: Any, state: Any, rng: random.Random, steps: int | None = None
) -> Iterator[Any]:
    """``state`` and every state after it of a random game, to its end or ``steps`` actions.

    Chance is sampled; each decision is a uniform choice among the legal actions.
    """
    from kniffel_rules import CHANCE

    yield state
    done = 0
    while not game.is_terminal(state) and (steps is None or done < steps):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        done += 1
        yield state
