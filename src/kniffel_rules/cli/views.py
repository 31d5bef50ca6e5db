"""Text views of game states for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kniffel_rules import classic, extreme

__all__ = ["describe", "sheet_table"]


def _table(rows: list[tuple[str, Sequence[object]]], labels: Sequence[str]) -> str:
    width = max(10, *(len(x) for x in labels))
    row = "{:<17}" + " ".join(f"{{:>{width}}}" for _ in labels)
    out = [row.format("", *labels)]
    for label, values in rows:
        out.append(row.format(label, *("" if v is None else str(v) for v in values)))
    return "\n".join(out)


def sheet_table(state: Any, labels: Sequence[str]) -> str:
    """The score sheets of a classic or Extreme state, side by side."""
    if isinstance(state, classic.State):
        rules = state.rules
        sheets = state.sheets
        sheet = classic.layout(rules)
        boxes = classic.sheet_boxes(rules)
        rows: list[tuple[str, Sequence[object]]] = [
            (b.label, [s[b] for s in sheets]) for b in boxes[:6]
        ]
        rows.append(("Upper sum", [s.upper_sum for s in sheets]))
        rows.append(
            (f"Bonus (>= {sheet.threshold})", [s.upper_bonus(rules) for s in sheets])
        )
        rows.extend((b.label, [s[b] for s in sheets]) for b in boxes[6:])
        if sheet.extra_bonus:
            rows.append(("Extra Kniffels", [s.extra_bonus for s in sheets]))
        rows.append(("Lower total", [s.lower_total(rules) for s in sheets]))
        rows.append(("TOTAL", [s.total(rules) for s in sheets]))
        return _table(rows, labels)
    if isinstance(state, extreme.State):
        er = state.rules
        es = state.sheets
        rows = [(b.label, [s[b] for s in es]) for b in extreme.UPPER]
        rows.append(("Upper sum", [s.upper_sum for s in es]))
        threshold = extreme.layout(er).threshold
        rows.append((f"Bonus (>= {threshold})", [s.upper_bonus(er) for s in es]))
        rows.extend((b.label, [s[b] for s in es]) for b in extreme.LOWER)
        rows.append(("Chips left", [s.chips for s in es]))
        rows.append(("TOTAL", [s.total(er) for s in es]))
        return _table(rows, labels)
    return ""


def describe(game: Any, state: Any, labels: Sequence[str]) -> str:
    """What a player needs to see before choosing: sheets or scores, and the dice."""
    parts = []
    table = sheet_table(state, labels)
    if table:
        parts.append(table)
    else:
        scores = ", ".join(f"{lab}: {s}" for lab, s in zip(labels, game.scores(state), strict=True))
        parts.append(f"Scores: {scores}")
    dice = getattr(state, "dice", None)
    if dice:
        rolls = getattr(state, "rolls", None)
        parts.append(f"Dice: {' '.join(map(str, dice))}" + (f"   (roll {rolls})" if rolls else ""))
    return "\n".join(parts)
