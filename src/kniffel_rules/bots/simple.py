"""Game-independent players."""

from __future__ import annotations

import random
from typing import Any

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions (one ``rng.randrange`` call).

    Works for every game; the baseline every other bot must beat.
    """

    def __call__(self, state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
        """Pick one of ``actions`` at random."""
        return actions[rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"
