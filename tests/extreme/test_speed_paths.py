"""The fast paths of Extreme play (issue 17) give exactly what the plain paths gave.

Each fast path is compared with the code it replaced: the successors with
``attrs.evolve``, the sampling tables with ``sample_roll``/``decode_throw``
(the same generator calls, the same outcome), the set of keeps with
``is_sub_multiset``, the open boxes' listing with the candidates
``why_illegal`` lets through, the rolls listed with the ``Roll`` constructor.
"""

from __future__ import annotations

import random

import attrs
import pytest

from kniffel_rules import CHANCE, extreme
from kniffel_rules import _dicegame as dg
from kniffel_rules.dice import (
    DiceRoll,
    all_multisets,
    decode_throw,
    is_sub_multiset,
    sample_roll,
    sub_multisets,
)
from kniffel_rules.errors import Rejection
from kniffel_rules.extreme import engine, legality
from kniffel_rules.extreme.actions import ExtremeRoll, Roll, Score
from kniffel_rules.extreme.combinations import _throw_values
from kniffel_rules.extreme.pieces import BOXES
from kniffel_rules.extreme.state import Phase, State


def _slow_sample(state: State, rng: random.Random) -> ExtremeRoll | DiceRoll:
    """``sample_chance`` as it was before issue 17."""
    if state.phase is Phase.THROW:
        k = 5 - len(state.d6)
        if state.d10 is not None:
            return ExtremeRoll(sample_roll(rng, k), None)
        code = rng.randrange(6**k * 10)
        return ExtremeRoll(decode_throw(code // 10, k), code % 10)
    return DiceRoll((rng.randrange(6) + 1,))


def _slow_successor(state: State, action: object) -> State:
    """The successor as the engine built it before issue 17, with ``attrs.evolve``."""
    if isinstance(action, DiceRoll):
        return dg.roll_off_step(state, action)
    if isinstance(action, ExtremeRoll):
        d10 = state.d10 if action.d10 is None else action.d10
        return attrs.evolve(
            state,
            phase=Phase.DECIDE,
            d6=tuple(sorted(state.d6 + action.d6)),
            d10=d10,
            rolls=state.rolls + 1,
        )
    sheets = state.sheets
    p = state.player
    if isinstance(action, Roll):
        if state.rolls == 3:
            chips = sheets[p].chips - 1
            sheets = (*sheets[:p], attrs.evolve(sheets[p], chips=chips), *sheets[p + 1 :])
        return attrs.evolve(
            state,
            sheets=sheets,
            phase=Phase.THROW,
            d6=action.keep_d6,
            d10=state.d10 if action.keep_d10 else None,
        )
    assert isinstance(action, Score) and state.d10 is not None
    box = action.box
    listed = list(sheets)
    entries = list(listed[p].entries)
    entries[box.value] = _throw_values(state.d6, state.d10)[box.value]
    listed[p] = attrs.evolve(listed[p], entries=tuple(entries))
    nxt = (p + 1) % len(listed)
    filled = sum(1 for v in listed[nxt].entries if v is not None)
    phase, player = (Phase.DECIDE, nxt) if filled < len(BOXES) else (Phase.OVER, 0)
    return attrs.evolve(
        state, sheets=tuple(listed), phase=phase, player=player, d6=(), d10=None, rolls=0
    )


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [1, 2, 3])
def test_seeded_games_are_the_games_of_the_plain_paths(seed: int, players: int) -> None:
    rules = extreme.Rules(chips=seed % 4)
    state = extreme.new_game(players, rules=rules)
    rng, old_rng, pick = random.Random(seed), random.Random(seed), random.Random(seed + 100)
    while not extreme.is_terminal(state):
        if extreme.current_player(state) == CHANCE:
            action: extreme.Action | ExtremeRoll | DiceRoll = extreme.sample_chance(state, rng)
            assert action == _slow_sample(state, old_rng)
        else:
            legal = extreme.legal_actions(state)
            assert legal == engine.GAME.checked_actions(state)
            action = legal[pick.randrange(len(legal))]
        after = extreme.apply(state, action)
        assert after == _slow_successor(state, action)
        state = after
    assert rng.random() == old_rng.random()  # the generators were consumed alike


@pytest.mark.parametrize("k", range(6))
@pytest.mark.parametrize("d10", [False, True])
def test_the_sampling_table_is_the_decoding(k: int, d10: bool) -> None:
    table = engine._by_code(k, d10)
    assert len(table) == 6**k
    faces = range(10) if d10 else (None,)
    for code, row in enumerate(table):
        assert row == tuple(ExtremeRoll(decode_throw(code, k), f) for f in faces)


def test_the_keeps_are_the_sub_multisets() -> None:
    base = extreme.new_game(first_player=0)
    keeps = [m for n in range(6) for m in all_multisets(n)] + [(0,), (7,), (1, 1, 1, 1, 1, 1)]
    for d6 in all_multisets(5):
        state = attrs.evolve(base, d6=d6, d10=3, rolls=1)
        for keep in keeps:
            reason = legality._roll_problem(state, Roll(keep))
            if is_sub_multiset(keep, d6):
                assert reason is None
            else:
                assert isinstance(reason, Rejection) and reason.rule == "EX-02"


def test_the_listed_rolls_are_the_constructors() -> None:
    for d6 in all_multisets(5):
        listed = legality._roll_actions(d6)
        built = tuple(
            Roll(keep, d10)
            for keep in sub_multisets(d6)
            for d10 in (False, True)
            if not (d10 and len(keep) == 5)
        )
        assert listed == built
        assert [hash(r) for r in listed] == [hash(r) for r in built]
        assert [repr(r) for r in listed] == [repr(r) for r in built]
