"""The numpy turn kernel gives the very floats of the pure-Python recursion."""

from __future__ import annotations

import importlib.util
import random
from array import array

import attrs
import numpy as np
import pytest

import kniffel_rules
from kniffel_rules import KniffelError, classic
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import SHIPPED, ValueTable
from kniffel_rules.bots.optimal._model import FULL_MASK, Model
from kniffel_rules.bots.optimal._turn import ExtraCache, Kernel, Turn, TurnCache
from kniffel_rules.classic import Rules

RANDOM_TABLE_RULES = [
    (Rules(), 2),
    (Rules(joker="free", extra_kniffel_bonus=100), 1),
    (Rules(full_cup=True), 2),
]


def positions(model: Model, count: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    found = [(0, 0, 0), (FULL_MASK ^ 1, 0, 0), (FULL_MASK ^ 1 << 12, 0, model.flags - 1)]
    while len(found) < count:
        mask = rng.randrange(FULL_MASK)
        upper, fifty = rng.choice(model.states(mask))
        found.append((mask, upper, fifty))
    return found


def assert_same_turns(table: ValueTable, count: int, seed: int) -> None:
    extra = ExtraCache(table)
    kernel = Kernel(np, table)
    for mask, upper, fifty in positions(table.model, count, seed):
        plain = Turn(table, mask, upper, fifty, extra)
        fast = Turn(table, mask, upper, fifty, extra, kernel)
        where = (mask, upper, fifty)
        assert plain.final.tobytes() == fast.final.tobytes(), where
        assert plain.keep1.tobytes() == fast.keep1.tobytes(), where
        assert plain.keep2.tobytes() == fast.keep2.tobytes(), where


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_numpy_turns_are_bit_identical_on_the_shipped_tables(name: str) -> None:
    from kniffel_rules.bots.optimal._table import shipped_table

    assert_same_turns(shipped_table(name), count=120, seed=len(name))


@pytest.mark.parametrize(("rules", "flags"), RANDOM_TABLE_RULES, ids=["kniffel", "free", "cup"])
def test_numpy_turns_are_bit_identical_on_any_values(rules: Rules, flags: int) -> None:
    # Random values (no ties, no structure) catch any reordered addition.
    model = Model(rules, flags)
    rng = random.Random(flags)
    values = array("d", (rng.uniform(0, 300) for _ in range(model.size)))
    assert_same_turns(ValueTable(rules, flags, values), count=80, seed=7)


def test_numpy_and_pure_python_players_play_the_same_games() -> None:
    plain = OptimalSolitaire(numpy=False)
    fast = OptimalSolitaire(numpy=True)
    for seed in range(4):
        one = kniffel_rules.record(classic, [plain], seed=seed)
        two = kniffel_rules.record(classic, [fast], seed=seed)
        assert one.actions == two.actions
    assert plain._turns is not None and plain._turns.kernel() is None  # numpy is imported here
    assert fast._turns is not None and fast._turns.kernel() is not None


def test_advice_is_the_same_with_and_without_numpy() -> None:
    plain = OptimalSolitaire(numpy=False)
    fast = OptimalSolitaire(numpy=True)
    rng = random.Random(11)
    state = classic.new_game()
    seen = 0
    while not classic.is_terminal(state):
        if classic.current_player(state) == kniffel_rules.CHANCE:
            state = classic.apply(state, classic.sample_chance(state, rng))
            continue
        one, two = plain.advise(state), fast.advise(state)
        assert one == two
        assert all(type(a.value) is float for a in two)
        seen += 1
        state = classic.apply(state, rng.choice(one).action)
    assert seen >= 26


def test_numpy_by_default_only_when_the_program_imported_it() -> None:
    table = OptimalSolitaire().table
    assert TurnCache(table).kernel() is not None  # this test module imports numpy
    assert TurnCache(table, numpy=False).kernel() is None


def test_numpy_true_without_numpy_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def no_numpy(name: str, *args: object) -> object:
        return None if name == "numpy" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", no_numpy)
    with pytest.raises(KniffelError, match=r"numpy=True needs numpy"):
        OptimalSolitaire(numpy=True)


def test_remembered_positions_tell_extra_bonuses_apart() -> None:
    bot = OptimalSolitaire()
    state = classic.apply(classic.new_game(), classic.Roll())
    state = classic.apply(state, classic.DiceRoll((2, 2, 3, 5, 6)))
    before = bot.advise(state)
    sheet = attrs.evolve(state.sheets[0], extra_bonus=100)
    richer = attrs.evolve(state, sheets=(sheet,))
    after = bot.advise(richer)
    assert [a.action for a in after] == [a.action for a in before]
    assert [a.value - 100 for a in after] == pytest.approx([a.value for a in before], abs=1e-9)
