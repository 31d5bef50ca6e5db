"""The turn planner behind `DuelExpectimax`: one-turn expectimax with jokers.

A plan belongs to one position at the start of a turn (board, jokers in
hand, the player to move). The end of the turn is valued by a function of
the board and the jokers (the heuristic, a probability of winning): a move of
each area's disc, or the miss. For each of the 252 rolls and each number of
jokers still in hand, the best of the moves the roll allows (or the miss) is
taken; spending a joker turns a roll into one of its neighbours (one die
changed), so the value of a final roll with ``k`` jokers is the best over
the rolls reachable with up to ``k`` changes. The rolls before are valued by
expectimax over the exact throws, with the `kniffel_rules.bots._lattice`
tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from kniffel_rules import duel
from kniffel_rules.bots._lattice import INDEX, ROLLS, best_below, expect
from kniffel_rules.dice import D6
from kniffel_rules.duel.pieces import AREAS

__all__ = ["NEIGHBOURS", "SHOWN", "TurnPlan", "area_chances"]

SHOWN: tuple[tuple[int, ...], ...] = tuple(
    tuple(a.value for a in duel.combinations(r)) for r in ROLLS
)
"""For each roll (`ROLLS` order): the areas (by ``Area.value``) whose combination it shows."""


def _neighbours(roll: tuple[int, ...]) -> tuple[int, ...]:
    found = set()
    for i, d in enumerate(roll):
        rest = roll[:i] + roll[i + 1 :]
        for f in D6:
            if f != d:
                found.add(INDEX[tuple(sorted((*rest, f)))])
    return tuple(sorted(found))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(r) for r in ROLLS)
"""For each roll: the rolls one joker makes of it (one die turned to another face)."""


@cache
def area_chances() -> tuple[float, ...]:
    """The chance of showing each area's combination in a turn of three rolls, playing for it.

    Returns:
        One probability per area, by ``Area.value`` (no jokers).
    """
    chances = []
    for area in range(len(AREAS)):
        final = [1.0 if area in shown else 0.0 for shown in SHOWN]
        after = final
        for _ in range(2):
            best = best_below(expect(after))
            after = [max(f, b) for f, b in zip(final, best, strict=False)]
        chances.append(expect(after)[INDEX[()]])
    return tuple(chances)


class TurnPlan:
    """The values of every decision of one turn from one position.

    Args:
        move_value: ``move_value(area, jokers)``: the value of moving the
            disc of ``area`` with ``jokers`` left in hand (``None`` when the
            disc is secured and cannot move).
        miss_value: ``miss_value(jokers)``: the value of the miss with
            ``jokers`` left in hand before the one it brings.
        jokers: The jokers in hand.
    """

    __slots__ = ("_after", "_layers", "final", "jokers", "miss", "moves")

    def __init__(
        self,
        move_value: Callable[[int, int], float | None],
        miss_value: Callable[[int], float],
        jokers: int,
    ) -> None:
        self.jokers = jokers
        low = max(0, jokers - 5)
        self.moves: dict[int, list[float | None]] = {
            k: [move_value(a, k) for a in range(len(AREAS))] for k in range(low, jokers + 1)
        }
        self.miss: dict[int, float] = {k: miss_value(k) for k in range(low, jokers + 1)}
        self.final: dict[int, list[float]] = {}
        """``final[k][roll]``: the value of the roll as the final result with ``k`` jokers."""
        for k in range(low, jokers + 1):
            plain = [self.end_value(shown, k) for shown in SHOWN]
            if k > low:
                below = self.final[k - 1]
                plain = [
                    max(v, *(below[n] for n in nb)) for v, nb in zip(plain, NEIGHBOURS, strict=True)
                ]
            self.final[k] = plain
        self._after: dict[int, list[float]] = {3: self.final[jokers]}
        self._layers: dict[int, list[float]] = {}

    def end_value(self, shown: Sequence[int], jokers: int) -> float:
        """The best move (or the miss) for dice showing ``shown``, ``jokers`` in hand."""
        moves = self.moves[jokers]
        values = [v for a in shown if (v := moves[a]) is not None]
        return max(values) if values else self.miss[jokers]

    def layer(self, rolls: int) -> list[float]:
        """For every keep: the expected value of the throw after the ``rolls``-th (1 or 2)."""
        found = self._layers.get(rolls)
        if found is None:
            found = self._layers[rolls] = expect(self._value_after(rolls + 1))
        return found

    def _value_after(self, rolls: int) -> list[float]:
        found = self._after.get(rolls)
        if found is None:
            best = best_below(self.layer(rolls))
            found = [max(f, b) for f, b in zip(self.final[self.jokers], best, strict=False)]
            self._after[rolls] = found
        return found
