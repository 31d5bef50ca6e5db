"""Kniffel Extreme's data for the adapters: its fixed action index, chance outcomes, tensor, bounds.

Declared in ``extreme.INFO`` (`kniffel_rules.GameInfo`); read by
`kniffel_rules.adapters.space`, which documents the orders and layouts.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kniffel_rules._tensor import dice_header, face_counts, keeps
from kniffel_rules.boxsheet import BoxPlay
from kniffel_rules.dice import D6, DiceRoll, all_multisets
from kniffel_rules.extreme.actions import ExtremeRoll, Roll, Score
from kniffel_rules.extreme.combinations import _table, _throw_values
from kniffel_rules.extreme.pieces import D10, Box, layout
from kniffel_rules.extreme.rules import Rules


def actions(rules: Rules) -> list[Any]:
    """Every decision: the rolls (d10 thrown, then kept), then ``Score`` by box."""
    rolls = [
        Roll(keep, d10)
        for d10 in (False, True)
        for keep in keeps(5)
        if not (d10 and len(keep) == 5)
    ]
    return rolls + [Score(box) for box in Box]


def outcomes(rules: Rules) -> list[Any]:
    """The six roll-off dice, then ``ExtremeRoll`` with the d10 kept, then showing 0..9."""
    out: list[Any] = [DiceRoll((face,)) for face in D6]
    out += [
        ExtremeRoll(d6, d10)
        for d10 in (None, *D10)
        for k in range(6)
        for d6 in all_multisets(k)
        if k or d10 is not None
    ]
    return out


def tensor(t: Any, game: Any, observation: Any) -> None:
    """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
    state = observation.state
    seats = dice_header(t, game, state, observation.player, 3 + state.rules.chips)
    t.add("d6", face_counts(state.d6), high=5)
    t.one_hot("d10", 11, 10 if state.d10 is None else state.d10)
    scores = game.scores(state)
    rules = state.rules
    _, high, _ = bounds(rules, 1)
    for rel, seat in enumerate(seats):
        sheet = state.sheets[seat]
        t.add(f"p{rel}.filled", [e is not None for e in sheet.entries])
        t.add(f"p{rel}.entries", [e or 0 for e in sheet.entries], high=_best(rules))
        t.add(f"p{rel}.chips", [sheet.chips], high=rules.chips)
        t.add(f"p{rel}.score", [scores[seat]], high=high)


@cache
def _best(rules: Rules) -> int:
    # The most any box holds for any throw: the scoring table's largest value
    # (what `score` reads), without checking 55,440 throws one by one.
    return max(max(values) for values in _table().values())


def bounds(rules: Rules, players: int) -> tuple[float, float, int]:
    """The lowest and highest solitaire score, and the longest game."""
    per_game = 22 * _best(rules) + rules.upper_bonus
    return 0.0, float(per_game), players * 22 * (2 * (3 + rules.chips) + 1) + 50 * players


def _points(box: int, d6: tuple[int, ...], d10: int | None) -> int:
    return _throw_values(d6, 0 if d10 is None else d10)[box]


def _decision(action: Roll | Score) -> tuple[int | None, tuple[int, ...], bool]:
    if isinstance(action, Score):
        return action.box.value, (), False
    return None, action.keep_d6, action.keep_d10


def box_play(rules: Rules) -> BoxPlay:
    """The solitaire game under ``rules`` for the vectorised engine: six dice, chips (EX-04)."""
    return BoxPlay(
        layout=layout(rules), points=_points, decision=_decision, d10=True, chips=rules.chips
    )
