"""``kniffel advise``: the optimal player's advice for a real classic game."""

from __future__ import annotations

from typing import TextIO

from kniffel_rules.classic import BOXES, Box, Phase, Rules, Sheet, State
from kniffel_rules.classic.combinations import check_dice, possible_values
from kniffel_rules.errors import KniffelError

__all__ = ["advise", "position"]


def _parse_filled(items: list[str]) -> dict[Box, int]:
    filled: dict[Box, int] = {}
    for item in items:
        for part in item.split(","):
            key, _, value = part.strip().partition("=")
            if not key:
                continue
            try:
                box = Box[key.strip().upper()]
            except KeyError:
                known = ", ".join(b.key for b in BOXES)
                raise KniffelError(f"--filled: unknown box {key!r}; boxes: {known}") from None
            if not value.strip().lstrip("-").isdigit():
                raise KniffelError(f"--filled: {key}={value!r} needs a number, e.g. {key}=12")
            filled[box] = int(value)
    return filled


def position(dice: str, rolls_left: int, filled: list[str], extra_bonus: int,
             rules: Rules) -> State:  # fmt: skip
    """The solitaire position described on the command line.

    Raises:
        KniffelError: A bad die, box or value.
    """
    try:
        faces = check_dice([int(x) for x in dice.replace(" ", "").split(",") if x])
    except ValueError:
        raise KniffelError(f"--dice: {dice!r} is not five numbers like 1,3,3,5,6") from None
    if not 0 <= rolls_left <= 2:
        raise KniffelError("--rolls-left is 0, 1 or 2 (after the first, second or third roll)")
    entries: list[int | None] = [None] * len(Box)
    for box, value in _parse_filled(filled).items():
        if value not in possible_values(box, rules):
            raise KniffelError(f"--filled: {box.label} cannot hold {value}")
        entries[box.value] = value
    if sum(v is not None for v in entries) >= len(BOXES):
        raise KniffelError("--filled: every box is filled; there is nothing to advise")
    sheet = Sheet(tuple(entries), extra_bonus)
    return State(rules, ("you",), (sheet,), Phase.DECIDE, player=0, dice=faces,
                 rolls=3 - rolls_left, first_player=0)  # fmt: skip


def advise(dice: str, rolls_left: int, filled: list[str], extra_bonus: int, rules: Rules,
           top: int, out: TextIO) -> int:  # fmt: skip
    """Print every legal action with its expected final score, best first."""
    state = position(dice, rolls_left, filled, extra_bonus, rules)
    try:
        from kniffel_rules.bots.optimal import OptimalSolitaire
    except ImportError:  # pragma: no cover - the solver ships with the package
        raise KniffelError("the optimal player is not available in this installation") from None
    advice = OptimalSolitaire(rules).advise(state)
    print(f"Dice {' '.join(map(str, state.dice))}, {rolls_left} roll(s) left:", file=out)
    for item in advice[:top] if top else advice:
        print(f"  {item.value:8.2f}  {item.action!r}", file=out)
    return 0
