"""Building classic positions for tests."""

from __future__ import annotations

from kniffel_rules import classic
from kniffel_rules.classic import Box, Phase, Rules, Sheet, State
from kniffel_rules.classic.pieces import BOXES


def sheet(entries: dict[Box, int] | None = None, extra_bonus: int = 0) -> Sheet:
    """A sheet with the given boxes filled."""
    values: list[int | None] = [None] * len(Box)
    for box, v in (entries or {}).items():
        values[box.value] = v
    return Sheet(tuple(values), extra_bonus)


def position(
    entries: dict[Box, int] | None = None,
    dice: tuple[int, ...] = (),
    rules: Rules | None = None,
    rolls: int | None = None,
    extra_bonus: int = 0,
) -> State:
    """A solitaire position: the sheet as given, ``dice`` showing after ``rolls`` throws."""
    rules = rules or Rules()
    if rolls is None:
        rolls = 1 if dice else 0
    state = State(
        rules,
        ("Solo",),
        (sheet(entries, extra_bonus),),
        Phase.DECIDE,
        player=0,
        dice=tuple(sorted(dice)),
        rolls=rolls,
        first_player=0,
    )
    assert classic.from_json(classic.to_json(state)) == state  # a reachable position
    return state


def throw(state: State, *faces: int) -> State:
    """Apply the chance outcome ``faces``."""
    return classic.apply(state, classic.DiceRoll(faces))


def boxes(state: State) -> set[Box]:
    """The boxes offered by ``legal_actions``."""
    return {a.box for a in classic.legal_actions(state) if isinstance(a, classic.Score)}


def enter(state: State, box: Box) -> Sheet:
    """The player's sheet after scoring ``box``."""
    player = state.player
    return classic.apply(state, classic.Score(box)).sheets[player]


def all_but(*skip: Box, value: int = 0) -> dict[Box, int]:
    """Every standard box filled with ``value`` (0: struck) except ``skip``.

    Chance takes at least 5: the dice always count there, so no game strikes it.
    """
    return {b: max(value, 5) if b is Box.CHANCE else value for b in BOXES if b not in skip}
