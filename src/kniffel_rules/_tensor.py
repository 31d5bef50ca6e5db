"""Pieces the games' adapter data share: the tensor writer and the dice games' parts.

Each game declares its fixed action index, its chance index and its
observation tensor in its ``INFO`` (`kniffel_rules.GameInfo`); the adapters
(`kniffel_rules.adapters.space`) read them without knowing the game. The
helpers here are what the dice games' declarations have in common.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kniffel_rules.dice import D6, DiceRoll, all_multisets

__all__ = [
    "PHASES",
    "Tensor",
    "dice_header",
    "dice_throws",
    "face_counts",
    "five_dice_header",
    "keeps",
]

PHASES: Final = ("roll_off", "throw", "decide", "over")
"""The phases of a dice game, in the order of the ``phase`` part of a tensor."""


class Tensor:
    """A flat list of floats written part by part, with the parts' names, lengths and bounds.

    Every value comes with the bounds the rules guarantee for it (``lows``
    and ``highs``, one each per value): a flag or a one-hot lies in 0..1 (the
    default), a count or a score declares its own. The adapters build their
    observation boxes from them and scale the normalised observation by them.
    """

    __slots__ = ("highs", "lows", "parts", "values")

    def __init__(self) -> None:
        self.values: list[float] = []
        self.parts: list[tuple[str, int]] = []
        self.lows: list[float] = []
        self.highs: list[float] = []

    def add(
        self,
        name: str,
        values: Sequence[float],
        high: float | Sequence[float] = 1.0,
        low: float = 0.0,
    ) -> None:
        """Append the part ``name``: ``values`` as floats, each in ``low .. high``.

        ``high`` is one bound for the whole part or one per value.
        """
        self.values.extend(float(v) for v in values)
        self.parts.append((name, len(values)))
        self.lows.extend([float(low)] * len(values))
        if isinstance(high, (int, float)):
            self.highs.extend([float(high)] * len(values))
        else:
            if len(high) != len(values):
                raise ValueError(f"part {name}: {len(high)} bounds for {len(values)} values")
            self.highs.extend(float(h) for h in high)

    def one_hot(self, name: str, size: int, at: int | None) -> None:
        """Append the part ``name``: ``size`` zeros with a one at ``at`` (none if out of range)."""
        row = [0.0] * size
        if at is not None and 0 <= at < size:
            row[at] = 1.0
        self.add(name, row)


def keeps(up_to: int) -> list[tuple[int, ...]]:
    """Every multiset of at most ``up_to`` dice, by size, then lexicographically."""
    return [keep for k in range(up_to + 1) for keep in all_multisets(k)]


def face_counts(dice: Sequence[int]) -> list[float]:
    """How many of ``dice`` show each face 1..6."""
    return [float(sum(1 for d in dice if d == face)) for face in D6]


def dice_header(t: Any, game: Any, state: Any, observer: int, max_rolls: int) -> list[int]:
    """Write a dice game's ``to_move``, ``phase`` and ``rolls``; the seats from ``observer`` on."""
    n = len(state.names)
    seats = [(observer + k) % n for k in range(n)]
    to_move = game.current_player(state)
    t.one_hot("to_move", n + 2, seats.index(to_move) if to_move >= 0 else n - to_move - 1)
    t.one_hot("phase", len(PHASES), PHASES.index(state.phase.value))
    t.one_hot("rolls", max_rolls + 1, state.rolls)
    return seats


def five_dice_header(t: Any, game: Any, observation: Any) -> list[int]:
    """`dice_header` of a game of five dice and three throws, then its ``dice`` (faces counted)."""
    state = observation.state
    seats = dice_header(t, game, state, observation.player, 3)
    t.add("dice", face_counts(state.dice), high=5)
    return seats


def dice_throws(rules: Any) -> list[Any]:
    """Every throw of 1..5 dice, by the number of dice, then lexicographically.

    The chance index of a game whose chance events are the five-dice throw
    and the roll-off (a throw of one die): classic, Master and the Duell.
    """
    return [DiceRoll(values) for k in range(1, 6) for values in all_multisets(k)]
