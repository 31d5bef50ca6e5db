"""Classic Kniffel's data for the adapters: its fixed action index, tensor and bounds.

Declared in ``classic.INFO`` (`kniffel_rules.GameInfo`); read by
`kniffel_rules.adapters.space`, which documents the orders and layouts. The
chance outcomes are every dice game's throws (`kniffel_rules._tensor.dice_throws`).
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicegame import Roll
from kniffel_rules._tensor import five_dice_header, keeps
from kniffel_rules.classic.actions import Score
from kniffel_rules.classic.pieces import sheet_boxes
from kniffel_rules.classic.rules import Rules


def actions(rules: Rules) -> list[Any]:
    """Every decision: the rolls (one ``Roll()`` with the full cup), then ``Score`` by box."""
    rolls = [Roll()] if rules.full_cup else [Roll(k) for k in keeps(4)]
    return rolls + [Score(box) for box in sheet_boxes(rules)]


def tensor(t: Any, game: Any, observation: Any) -> None:
    """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
    seats = five_dice_header(t, game, observation)
    state = observation.state
    boxes = sheet_boxes(state.rules)
    scores = game.scores(state)
    rules = state.rules
    low, high, _ = bounds(rules, 1)
    for rel, seat in enumerate(seats):
        entries = state.sheets[seat].entries
        t.add(f"p{rel}.filled", [entries[b.value] is not None for b in boxes])
        t.add(f"p{rel}.entries", [entries[b.value] or 0 for b in boxes], high=_best_box(rules))
        t.add(
            f"p{rel}.extra_bonus",
            [state.sheets[seat].extra_bonus],
            high=12 * rules.extra_kniffel_bonus,
        )
        t.add(f"p{rel}.score", [scores[seat]], high=high, low=low)
    t.add("game", [state.game, rules.games], high=rules.games)


def _best_box(rules: Rules) -> int:
    """The most points one box can hold (30: five sixes, Chance or Croatian's Maximum)."""
    best = max(30, rules.full_house_score, rules.small_straight_score)
    return max(best, rules.large_straight_score, rules.kniffel_score)


def bounds(rules: Rules, players: int) -> tuple[float, float, int]:
    """The lowest and highest solitaire score of the series, and the longest game.

    The lowest is Croatian's worst product ((5 - 30) x 5 = -125) a game; any
    score of a seat at a table lies between the two (placement points are
    at most the number of players, six, a game).
    """
    boxes = len(sheet_boxes(rules))
    best = _best_box(rules)
    per_game = boxes * best + rules.upper_bonus + 12 * rules.extra_kniffel_bonus
    length = rules.games * players * boxes * 7 + 50 * players
    return -125.0 * rules.games, float(per_game * rules.games), length
