"""A fast rule-of-thumb player for classic Kniffel."""

from __future__ import annotations

import random
from collections import Counter

from kniffel_rules.bots._seen import seen_state
from kniffel_rules.classic import (
    GAME,
    Box,
    Observation,
    Roll,
    Score,
    State,
    apply,
)
from kniffel_rules.dice import longest_run

__all__ = ["ClassicGreedy"]

_FIXED = (Box.KNIFFEL, Box.LARGE_STRAIGHT, Box.SMALL_STRAIGHT, Box.FULL_HOUSE)


class ClassicGreedy:
    """Greedy classic player: takes the box that adds the most points now.

    Before the third throw it stops when the dice already make Kniffel, a
    straight or a Full House whose box is open; otherwise it keeps a run
    when a straight is open and worth chasing, else the dice of its most
    common face (the higher face on a tie) and throws the rest. Struck boxes
    are chosen to cost as little as possible (Ones first, Kniffel last).
    Deterministic: it never draws from ``rng``.
    """

    def __call__(
        self, view: State | Observation, actions: tuple[Roll | Score, ...], rng: random.Random
    ) -> Roll | Score:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, GAME)
        scores = [a for a in actions if isinstance(a, Score)]
        if not scores:
            return actions[0]
        gains = {a: self._gain(state, a) for a in scores}
        best = max(scores, key=lambda a: (gains[a], -_STRIKE_ORDER.index(a.box)))
        if gains[best] == 0:
            best = min(scores, key=lambda a: _STRIKE_ORDER.index(a.box))
        rolls = [a for a in actions if isinstance(a, Roll)]
        if not rolls or (best.box in _FIXED and gains[best] > 0):
            return best
        keep = self._keep(state)
        return Roll(keep) if Roll(keep) in rolls else best

    @staticmethod
    def _gain(state: State, action: Score) -> int:
        after = apply(state, action)
        p = state.player
        return after.sheets[p].total(state.rules) - state.sheets[p].total(state.rules)

    @staticmethod
    def _keep(state: State) -> tuple[int, ...]:
        dice = state.dice
        sheet = state.sheets[state.player]
        straights_open = not sheet.is_filled(Box.LARGE_STRAIGHT) or not sheet.is_filled(
            Box.SMALL_STRAIGHT
        )
        if straights_open and longest_run(dice) >= 3 and max(Counter(dice).values()) < 3:
            return _best_run(dice)
        face, _ = max(Counter(dice).items(), key=lambda fc: (fc[1], fc[0]))
        return tuple(d for d in dice if d == face)

    def __repr__(self) -> str:
        return "ClassicGreedy()"


_STRIKE_ORDER = (
    Box.ONES,
    Box.TWOS,
    Box.THREES,
    Box.MINIMUM,
    Box.FOUR_OF_A_KIND,
    Box.LARGE_STRAIGHT,
    Box.FULL_HOUSE,
    Box.SMALL_STRAIGHT,
    Box.FOURS,
    Box.THREE_OF_A_KIND,
    Box.FIVES,
    Box.SIXES,
    Box.MAXIMUM,
    Box.KNIFFEL,
    Box.CHANCE,
)


def _best_run(dice: tuple[int, ...]) -> tuple[int, ...]:
    present = sorted(set(dice))
    best: list[int] = []
    run: list[int] = []
    for v in present:
        run = [*run, v] if run and v == run[-1] + 1 else [v]
        if len(run) >= len(best):
            best = run
    return tuple(best)
