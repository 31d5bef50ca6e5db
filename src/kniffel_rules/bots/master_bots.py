"""Players for Kniffel Master: a greedy rule of thumb and a one-turn expectimax.

Both value a board with `MasterHeuristic`: its stars, plus a share of a star
for every space a number-row marker or the coin marker has moved towards
its next star. They differ in how far they look:

* `MasterGreedy` looks at the dice showing only: it takes the use that adds
  the most value now, and rolls again (keeping the dice of its most common
  face) while that use earns no star;
* `MasterExpectimax` averages exactly over every throw the turn's remaining
  rolls can bring, taking the best decision at every later point of the turn.

Both are policies (``policy(state, legal_actions, rng) -> action``) that
never draw from ``rng``. The race bonus makes a use worth more when the
others have not made it yet, so both read the other boards, which are public.

Examples:
    >>> from kniffel_rules import master, play
    >>> from kniffel_rules.bots import MasterExpectimax, MasterGreedy
    >>> final = play("master", [MasterExpectimax(), MasterGreedy()], seed=3)
    >>> master.is_terminal(final)
    True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from kniffel_rules import master
from kniffel_rules.bots._lattice import INDEX, ROLLS, best_below, expect
from kniffel_rules.bots._seen import seen_state
from kniffel_rules.master import Observation, Pass, Roll, Sheet, State
from kniffel_rules.master.legality import legal_uses, use_outcome
from kniffel_rules.master.pieces import ROW_LENGTH

__all__ = ["MasterExpectimax", "MasterGreedy", "MasterHeuristic"]

Action = master.Action


@attrs.frozen(slots=True, kw_only=True)
class MasterHeuristic:
    """The value the Master bots put on a board, in stars.

    ``value = stars + row_share x (spaces moved on unfinished number rows) / 8
    + coin_share x (coin-row spaces moved in the current lap) / lap length``.

    The defaults were tuned by self-play against `MasterGreedy` (200 games
    each on seeds 100 to 299, seats alternated: a row share of 0.8, 1.0,
    1.25, 1.6 and 2.0 won 0.67 (with the earlier greedy), 0.83, 0.88, 0.74
    and 0.46; a coin share of 1.0 instead of 0.9 changed nothing). Progress on
    a row is worth more than its share of the star: it also frees a marker
    and pays overhang coins when the row is completed.

    Attributes:
        row_share: What a full number row's progress is worth before its star.
        coin_share: What a full coin lap's progress is worth before its star.
    """

    row_share: float = 1.25
    coin_share: float = 0.9

    def value(self, sheet: Sheet) -> float:
        """The heuristic value of ``sheet``."""
        moved = sum(r for r in sheet.rows if r < ROW_LENGTH)
        return (
            sheet.stars
            + self.row_share * moved / ROW_LENGTH
            + self.coin_share * sheet.coin_position / sheet.lap_length
        )


def _use_effect(state: State, action: Action, heuristic: MasterHeuristic) -> tuple[float, int]:
    """What a use adds to the mover's heuristic value, and the stars it earns (a pass: 0, 0)."""
    if isinstance(action, Pass):
        return 0.0, 0
    found = use_outcome(state.sheets, state.player, state.dice, action, state.rules)
    assert not isinstance(found, str)
    sheet = state.sheets[state.player]
    return heuristic.value(found.sheet) - heuristic.value(sheet), found.stars


class MasterGreedy:
    """Greedy Master player: the use that adds the most value now.

    After a throw it takes the use with the largest gain in `MasterHeuristic`
    value (the first in `legal_actions` order on a tie) if that use earns a
    star or no roll is left; otherwise it keeps the dice of its most common
    face (the higher face on a tie) and throws the others. Deterministic: it
    never draws from ``rng``.

    Args:
        heuristic: The board evaluation (``None``: the default).
    """

    def __init__(self, heuristic: MasterHeuristic | None = None) -> None:
        self.heuristic = MasterHeuristic() if heuristic is None else heuristic

    def __call__(
        self, view: State | Observation, actions: tuple[Any, ...], rng: random.Random
    ) -> Any:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, master.GAME)
        if state.rolls == 0 or len(actions) == 1:
            return actions[0]
        uses = [a for a in actions if not isinstance(a, Roll)]
        effects = [_use_effect(state, a, self.heuristic) for a in uses]
        gains = [gain for gain, _ in effects]
        i = gains.index(max(gains))
        best = uses[i]
        if state.rolls >= 3 or effects[i][1] > 0:
            return best
        counts = Counter(state.dice)
        face = max(counts, key=lambda f: (counts[f], f))
        keep = Roll((face,) * counts[face])
        return keep if keep in actions else best

    def __repr__(self) -> str:
        return f"MasterGreedy({self.heuristic!r})"


class _TurnPlan:
    """For one position at the start of a turn: the value of every roll and keep."""

    __slots__ = ("final", "layers")

    def __init__(self, final: list[float]) -> None:
        self.final = final
        after3 = final
        layer2 = expect(after3)
        best2 = best_below(layer2)
        after2 = [max(f, b) for f, b in zip(final, best2, strict=False)]
        self.layers = {1: expect(after2), 2: layer2}


class MasterExpectimax:
    """Strong Master player: one-turn expectimax over the exact throws.

    At the first decision of a turn it values each of the 252 possible final
    rolls by its best use (the gain in `MasterHeuristic` value, the race
    bonus included), then works back through the rolls before with exact
    expectations over the dice thrown (the `kniffel_rules.bots._lattice`
    tables); each decision then takes the use or the keep of the largest
    expected gain (the first in `legal_actions` order on a tie). A turn's
    tables cost a few tens of milliseconds of pure Python and serve all its
    decisions. Deterministic: it never draws from ``rng``.

    Args:
        heuristic: The board evaluation (``None``: the default).
    """

    def __init__(self, heuristic: MasterHeuristic | None = None) -> None:
        self.heuristic = MasterHeuristic() if heuristic is None else heuristic
        self._key: object = None
        self._plan: _TurnPlan | None = None

    def __call__(
        self, view: State | Observation, actions: tuple[Any, ...], rng: random.Random
    ) -> Any:
        """Choose an action for the player to move, from the state or their observation."""
        state = seen_state(view, master.GAME)
        if state.rolls == 0 or len(actions) == 1:
            return actions[0]
        has_roll = isinstance(actions[-1], Roll)
        layer = self.plan(state).layers[state.rolls] if has_roll else None
        best, best_value = actions[0], -1e300
        for action in actions:
            if isinstance(action, Roll):
                assert layer is not None
                value = layer[INDEX[action.keep]]
            else:
                value = _use_effect(state, action, self.heuristic)[0]
            if value > best_value:
                best, best_value = action, value
        return best

    def plan(self, state: State) -> _TurnPlan:
        """The tables of the current turn (kept while the position stays the same)."""
        key = (state.sheets, state.player, state.rules)
        if self._plan is None or self._key != key:
            self._key, self._plan = key, _TurnPlan(self._final_values(state))
        return self._plan

    def _final_values(self, state: State) -> list[float]:
        """The best use's gain for every final roll.

        A use's effect does not depend on the dice beside it, so each
        distinct use is evaluated once, on the first roll that allows it.
        """
        sheets, player, rules = state.sheets, state.player, state.rules
        sheet = sheets[player]
        value = self.heuristic.value
        base = value(sheet)
        gains: dict[object, float] = {}
        out = []
        for roll in ROLLS:
            uses = legal_uses(sheet, roll)
            best = -1e300 if uses else 0.0
            for use in uses:
                gain = gains.get(use)
                if gain is None:
                    found = use_outcome(sheets, player, roll, use, rules)
                    assert not isinstance(found, str)
                    gain = gains[use] = value(found.sheet) - base
                if gain > best:
                    best = gain
            out.append(best)
        return out

    def __repr__(self) -> str:
        return f"MasterExpectimax({self.heuristic!r})"
