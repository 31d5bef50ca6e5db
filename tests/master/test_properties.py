"""Invariants of Kniffel Master over random play, and an independent oracle of the uses."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, dice
from kniffel_rules.master import (
    Action,
    Coins,
    Combo,
    DiceRoll,
    Fulfil,
    NumberRows,
    Pass,
    Phase,
    Roll,
    RowAndCoins,
    Rules,
    Sheet,
    State,
    Task,
    apply,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
)
from kniffel_rules.master.legality import legal_uses
from kniffel_rules.master.pieces import NUMBER_ROW_MARKERS, ROW_LENGTH
from kniffel_rules.master.serial import MAX_TURN_STARS

rule = pytest.mark.rule
MAX_STEPS = 20_000


def _check_step(before: State, after: State) -> None:
    """The invariants between two consecutive states."""
    for i, (b, a) in enumerate(zip(before.sheets, after.sheets, strict=True)):
        assert a.stars >= b.stars, "stars never decrease"
        for face in range(1, 7):
            assert a.row(face) >= b.row(face), "a marker never moves back"
            if b.row(face) >= ROW_LENGTH:
                assert a.row(face) == ROW_LENGTH, "a completed row never moves again"
        assert a.rows_in_progress <= NUMBER_ROW_MARKERS - a.retired_markers <= 3
        assert 0 <= a.coin_position < a.lap_length, "the coin marker stays in the current lap"
        assert a.stars - b.stars <= MAX_TURN_STARS
        if i != before.player:
            assert a == b, "only the player to move changes their board"
    if current_player(before) >= 0 and before.rolls:
        for use in legal_actions(before):
            if isinstance(use, (NumberRows, RowAndCoins)):
                faces = use.faces if isinstance(use, NumberRows) else (use.face,)
                assert all(before.sheets[before.player].row(f) < ROW_LENGTH for f in faces)


def _play(seed: int, players: int, rules: Rules) -> tuple[State, int]:
    rng = random.Random(seed)
    state = new_game(players=players, rules=rules)
    for step in range(MAX_STEPS):
        if is_terminal(state):
            return state, step
        action: Action | DiceRoll
        if current_player(state) == CHANCE:
            action = sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        nxt = apply(state, action)
        _check_step(state, nxt)
        state = nxt
    pytest.fail(f"seed {seed}: the game did not end within {MAX_STEPS} steps")


@rule("MA-11", "MA-13", "MA-16", "MA-20")
@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(1, 4),
    target=st.sampled_from([3, 6, 15]),
    race=st.booleans(),
)
def test_random_games_keep_every_invariant_and_end(
    seed: int, players: int, target: int, race: bool
) -> None:
    final, steps = _play(seed, players, Rules(target_stars=target, race=race))
    stars = [s.stars for s in final.sheets]
    assert max(stars) >= target
    assert steps < MAX_STEPS


@rule("MA-20", "MA-51")
def test_every_player_has_the_same_number_of_turns_at_the_end() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(players=3, rules=Rules(target_stars=4))
        turns = [0, 0, 0]
        while not is_terminal(state):
            if current_player(state) == CHANCE:
                state = apply(state, sample_chance(state, rng))
                continue
            actions = legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            if not isinstance(action, Roll):
                turns[state.player] += 1
            state = apply(state, action)
        assert len(set(turns)) == 1, turns


# --- an independent oracle of the legal uses ----------------------------------


def _combos(values: tuple[int, ...]) -> set[Combo]:
    c = [*sorted(Counter(values).values(), reverse=True), 0, 0]
    found = set()
    if c[0] >= 2:
        found.add(Combo.PAIR)
    if c[0] >= 2 and c[1] >= 2:
        found.add(Combo.TWO_PAIRS)
    if c[0] >= 3:
        found.add(Combo.THREE_OF_A_KIND)
    if c[0] >= 4:
        found.add(Combo.FOUR_OF_A_KIND)
    return found


def _tasks(values: tuple[int, ...]) -> set[Task]:
    c = sorted(Counter(values).values())
    faces = set(values)
    total = sum(values)
    runs = [set(range(lo, lo + n)) for n in (4, 5) for lo in range(1, 8 - n)]
    shown = {
        Task.KNIFFEL: c == [5],
        Task.FULL_HOUSE: c == [2, 3],
        Task.SMALL_STRAIGHT: any(r <= faces for r in runs[:3]),
        Task.LARGE_STRAIGHT: any(r <= faces for r in runs[3:]),
        Task.CHANCE_LOW: 5 <= total <= 10,
        Task.CHANCE_HIGH: 25 <= total <= 30,
    }
    return {t for t, ok in shown.items() if ok}


def _oracle(sheet: Sheet, values: tuple[int, ...]) -> set[object]:
    count = Counter(values)
    completed = sum(1 for f in range(1, 7) if sheet.row(f) == 8)
    started = sum(1 for f in range(1, 7) if 0 < sheet.row(f) < 8)

    def fits(moves: list[tuple[int, int]]) -> bool:
        k = sum(1 for f, n in moves if sheet.row(f) + n >= 8)
        starts = sum(1 for f, _ in moves if sheet.row(f) == 0)
        return starts <= 3 - max(0, completed + k - 3) - (started - k)

    out: set[object] = set()
    for t in _tasks(values):
        out.add(Coins(Combo.TASK_DONE, t) if sheet.has_task(t) else Fulfil(t))
    out |= {Coins(c) for c in _combos(values)}
    faces = [f for f in range(1, 7) if count[f] >= 2 and sheet.row(f) < 8]
    for f in faces:
        if fits([(f, count[f])]):
            out.add(NumberRows([(f, count[f])]))
            rest = tuple(v for v in values if v != f)
            out |= {RowAndCoins(f, count[f], c) for c in _combos(rest)}
        for g in faces:
            if f < g and fits([(f, count[f]), (g, count[g])]):
                out.add(NumberRows([(f, count[f]), (g, count[g])]))
    return out


ROW_VALUES = st.sampled_from([0, 0, 2, 3, 5, 7, 8, 8])


@st.composite
def boards(draw: st.DrawFn) -> Sheet:
    tasks = tuple(draw(st.lists(st.booleans(), min_size=6, max_size=6)))
    rows = list(draw(st.lists(ROW_VALUES, min_size=6, max_size=6)))
    sheet = Sheet(tasks, tuple(rows))
    while sheet.free_markers < 0:  # lift surplus markers to reach a legal board
        rows[next(i for i, r in enumerate(rows) if 0 < r < 8)] = 0
        sheet = Sheet(tasks, tuple(rows))
    return sheet


@rule("MA-06", "MA-10", "MA-13", "MA-14", "MA-17", "MA-22", "MA-42", "MA-44", "MA-47")
@settings(max_examples=25)
@given(sheet=boards())
def test_legal_uses_match_an_independent_oracle_for_every_roll(sheet: Sheet) -> None:
    for values in dice.all_multisets(5):
        got = legal_uses(sheet, values)
        assert len(set(got)) == len(got)
        assert set(got) == _oracle(sheet, values), (sheet, values)
        state = State(Rules(), ("A",), (sheet,), Phase.DECIDE, dice=values, rolls=3)
        assert (legal_actions(state) == (Pass(),)) == (not got)
