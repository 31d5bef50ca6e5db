"""Building Kniffel Master positions for tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from kniffel_rules import master
from kniffel_rules.master import (
    Coins,
    Fulfil,
    NumberRows,
    Pass,
    Phase,
    RowAndCoins,
    Rules,
    Sheet,
    State,
    Task,
)

_BLANK = Sheet()


def board(
    tasks: Iterable[Task] = (),
    rows: dict[int, int] | None = None,
    laps: int = 0,
    coins: int = 0,
) -> Sheet:
    """A board with the given tasks fulfilled, rows at ``{face: spaces}`` and coin row."""
    spaces = [0] * 6
    for face, n in (rows or {}).items():
        spaces[face - 1] = n
    done = set(tasks)
    return Sheet(tuple(t in done for t in Task), tuple(spaces), laps, coins)


def position(
    sheets: Sheet | Sequence[Sheet] = _BLANK,
    dice: Sequence[int] = (),
    *,
    player: int = 0,
    first_player: int = 0,
    rolls: int | None = None,
    rules: Rules | None = None,
) -> State:
    """A position: ``dice`` showing for ``player`` after ``rolls`` throws.

    Tests of one rule build boards without their history: tasks and rows with
    no coins for the race bonus they paid. `from_json` refuses those boards
    under the race (docs/rules/master.md, "Reachable states", the race item),
    so the check here is that it accepts the position with the race switched
    off: every other invariant of a reachable state holds.
    """
    boards = (sheets,) if isinstance(sheets, Sheet) else tuple(sheets)
    if rolls is None:
        rolls = 1 if dice else 0
    state = State(
        rules or Rules(),
        tuple(f"P{i + 1}" for i in range(len(boards))),
        boards,
        Phase.DECIDE,
        player=player,
        dice=tuple(sorted(dice)),
        rolls=rolls,
        first_player=first_player,
    )
    raceless = attrs.evolve(state, rules=attrs.evolve(state.rules, race=False))
    assert master.from_json(master.to_json(raceless)) == raceless
    return state


def throw(state: State, *faces: int) -> State:
    """Apply the chance outcome ``faces``."""
    return master.apply(state, master.DiceRoll(faces))


def uses(state: State) -> list[master.Action]:
    """The legal actions that are not rolls."""
    kinds = (Fulfil, NumberRows, Coins, RowAndCoins, Pass)
    return [a for a in master.legal_actions(state) if isinstance(a, kinds)]


def after(state: State, action: master.Action) -> Sheet:
    """The acting player's board after ``action``."""
    return master.apply(state, action).sheets[state.player]
