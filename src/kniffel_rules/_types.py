"""Small shared constants: the special values of ``current_player``."""

from __future__ import annotations

from typing import Final

__all__ = ["CHANCE", "TERMINAL"]

CHANCE: Final = -1
"""``current_player`` at a chance node: the dice (or cards) decide next."""

TERMINAL: Final = -2
"""``current_player`` once the game (or the whole series) is over."""
