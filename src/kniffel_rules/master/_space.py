"""Kniffel Master's data for the adapters: its fixed action index, tensor and bounds.

Declared in ``master.INFO`` (`kniffel_rules.GameInfo`); read by
`kniffel_rules.adapters.space`, which documents the orders and layouts. The
chance outcomes are every dice game's throws (`kniffel_rules._tensor.dice_throws`).
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicegame import Roll
from kniffel_rules._tensor import five_dice_header, keeps
from kniffel_rules.dice import D6
from kniffel_rules.master.actions import Coins, Fulfil, NumberRows, Pass, RowAndCoins
from kniffel_rules.master.pieces import COIN_COMBOS, LAP_LENGTHS, ROW_LENGTH, Combo, Task
from kniffel_rules.master.rules import Rules


def actions(rules: Rules) -> list[Any]:
    """Every decision: rolls, ``Fulfil``, ``NumberRows``, ``Coins``, ``RowAndCoins``, ``Pass``."""
    out: list[Any] = [Roll(k) for k in keeps(4)]
    out += [Fulfil(task) for task in Task]
    out += [NumberRows(((f, c),)) for f in D6 for c in range(2, 6)]
    out += [
        NumberRows(((f, c), (g, d)))
        for f in D6
        for g in D6
        if f < g
        for c, d in ((2, 2), (2, 3), (3, 2))
    ]
    out += [Coins(combo) for combo in COIN_COMBOS]
    out += [Coins(Combo.TASK_DONE, task) for task in Task]
    out += [
        RowAndCoins(f, c, combo)
        for f in D6
        for c in (2, 3)
        for combo in (Combo.PAIR, Combo.THREE_OF_A_KIND)
        if not (c == 3 and combo is Combo.THREE_OF_A_KIND)
    ]
    out.append(Pass())
    return out


def tensor(t: Any, game: Any, observation: Any) -> None:
    """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
    seats = five_dice_header(t, game, observation)
    state = observation.state
    scores = game.scores(state)
    _, most, _ = bounds(state.rules, 1)
    for rel, seat in enumerate(seats):
        sheet = state.sheets[seat]
        t.add(f"p{rel}.tasks", list(sheet.tasks))
        t.add(f"p{rel}.rows", list(sheet.rows), high=ROW_LENGTH)
        t.add(
            f"p{rel}.coins",
            [sheet.coin_laps, sheet.coin_position],
            high=(most, max(LAP_LENGTHS) - 1),
        )
        t.add(f"p{rel}.stars", [scores[seat]], high=most)


def bounds(rules: Rules, players: int) -> tuple[float, float, int]:
    """The lowest and highest score (stars) of a seat, and a bound on the game's length.

    A coin lap completed is a star, so ``coin_laps`` is bounded by the same.
    """
    return 0.0, 200.0, 100_000 * players
