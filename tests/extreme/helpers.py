"""Building Kniffel Extreme positions for tests."""

from __future__ import annotations

from functools import cache

from kniffel_rules import DiceRoll, extreme
from kniffel_rules.dice import all_multisets
from kniffel_rules.extreme import Box, ExtremeRoll, Phase, Roll, Rules, Score, Sheet, State
from kniffel_rules.extreme.combinations import _throw_values


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


@cache
def _throw_for(box: Box, value: int) -> tuple[tuple[int, ...], int]:
    """Five d6 and a d10 that score ``value`` in ``box``."""
    for d6 in all_multisets(5):
        for d10 in range(10):
            if _throw_values(d6, d10)[box.value] == value:
                return d6, d10
    raise AssertionError(f"no throw scores {value} in {box}")


def witness(target: State) -> State:
    """Replay a way ``new_game`` and ``apply`` reach ``target``; return the state reached.

    An independent proof of reachability: a state ``from_json`` accepts must
    come out equal. Turns go round from the first player; each seat fills its
    boxes in sheet order and hands in its chips in its first turns.
    """
    n, rules = target.num_players, target.rules
    if target.phase is Phase.ROLL_OFF:
        state = extreme.new_game(list(target.names), rules=rules)
        assert target.roll_off is not None
        contenders, faces = target.roll_off.contenders, target.roll_off.faces
        if len(contenders) < n:  # a first round that the contenders tie at 6
            for seat in range(n):
                state = extreme.apply(state, DiceRoll((6 if seat in contenders else 1,)))
        for face in faces:
            state = extreme.apply(state, DiceRoll((face,)))
        return state
    assert target.first_player is not None
    state = extreme.new_game(list(target.names), rules=rules, first_player=target.first_player)
    fourth = (target.phase is Phase.THROW and target.rolls == 3) or (
        target.phase is Phase.DECIDE and target.rolls == 4
    )
    todo = [[b for b in Box if sheet.is_filled(b)] for sheet in target.sheets]
    chips = [rules.chips - sheet.chips for sheet in target.sheets]
    if fourth:
        chips[target.player] -= 1
    while state.phase is not Phase.OVER and todo[state.player]:
        p = state.player
        box = todo[p].pop(0)
        d6, d10 = _throw_for(box, target.sheets[p].entries[box.value] or 0)
        for _ in range(4 if chips[p] > 0 else 1):
            state = extreme.apply(state, Roll())
            state = extreme.apply(state, ExtremeRoll(d6, d10))
        chips[p] -= 1
        state = extreme.apply(state, Score(box))
    if target.phase is Phase.OVER or (target.rolls == 0 and target.phase is Phase.DECIDE):
        return state
    if target.phase is Phase.THROW and target.rolls == 0:
        return extreme.apply(state, Roll())
    # the rolls of the current turn, the last one showing the target's dice
    shown_d6 = target.d6 + (1,) * (5 - len(target.d6))
    shown_d10 = 0 if target.d10 is None else target.d10
    made = target.rolls
    for _ in range(made):
        state = extreme.apply(state, Roll())
        state = extreme.apply(state, ExtremeRoll(shown_d6, shown_d10))
    if target.phase is Phase.THROW:
        state = extreme.apply(state, Roll(target.d6, target.d10 is not None))
    return state
