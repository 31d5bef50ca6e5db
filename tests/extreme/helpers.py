"""Building Kniffel Extreme positions for tests."""

from __future__ import annotations

from kniffel_rules import extreme
from kniffel_rules.extreme import Box, Phase, Rules, Sheet, State


def position(
    entries: dict[Box, int] | None = None,
    d6: tuple[int, ...] = (),
    d10: int | None = None,
    rolls: int | None = None,
    chips: int = 3,
    rules: Rules | None = None,
) -> State:
    """A solitaire position after ``rolls`` rolls with the given dice showing."""
    rules = rules or Rules()
    values: list[int | None] = [None] * len(Box)
    for box, v in (entries or {}).items():
        values[box.value] = v
    if rolls is None:
        rolls = 1 if d6 else 0
    state = State(
        rules,
        ("Solo",),
        (Sheet(tuple(values), chips),),
        Phase.DECIDE,
        d6=tuple(sorted(d6)),
        d10=d10,
        rolls=rolls,
        first_player=0,
    )
    assert extreme.from_json(extreme.to_json(state)) == state  # a reachable position
    return state


def throw(state: State, d6: tuple[int, ...], d10: int | None = None) -> State:
    """Apply the chance outcome."""
    return extreme.apply(state, extreme.ExtremeRoll(d6, d10))


def enter(state: State, box: Box) -> int | None:
    """The value written in ``box`` by scoring it now."""
    return extreme.apply(state, extreme.Score(box)).sheets[state.player][box]
