"""The fixed action index, the chance index and the observation tensors (pure Python)."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.helpers import VARIANT_RULES, players_for, playout_states
from kniffel_rules import (
    CHANCE,
    VARIANTS,
    DiceRoll,
    cards,
    classic,
    duel,
    extreme,
    get_variant,
    master,
)
from kniffel_rules.adapters.space import (
    DICE_GAMES,
    GAMES,
    ActionSpace,
    ChanceSpace,
    UnsupportedGameError,
    observation_layout,
    observation_tensor,
    player_limits,
    tensor_size,
)
from kniffel_rules.cards import rules as cards_rules
from kniffel_rules.cards.rules import MIN_PLAYERS
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import IllegalActionError, InvalidStateError, KniffelError
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.master import engine as master_engine


def test_the_variant_rules_cover_every_dice_game() -> None:
    """A dice game added to the registry is not skipped by the tests over `VARIANT_RULES`.

    (The card game's tables are walked by tests of their own.)
    """
    assert {game for game, _ in VARIANT_RULES} == set(VARIANTS) - {"cards"}


@pytest.mark.parametrize(("game", "rules"), VARIANT_RULES)
def test_playouts_every_legal_action_has_an_index(game: str, rules: Any) -> None:
    module = get_variant(game)
    space = ActionSpace.for_game(game, rules)
    chance = ChanceSpace.for_game(game, rules)
    size = tensor_size(game, players_for(game), rules)
    rng = random.Random(f"{game}-{rules!r}")
    decisions = 0
    for _ in range(3):
        start = module.new_game(players_for(game), rules)
        for state in playout_states(module, start, rng):
            who = module.current_player(state)
            mask = space.mask(state)
            assert len(mask) == space.size
            legal = module.legal_actions(state)
            if who == CHANCE:
                assert not any(mask)
                outcomes = chance.outcomes(state)
                assert tuple(chance.action(i) for i, _ in outcomes) == legal
                assert sum(p for _, p in outcomes) == Fraction(1)
            else:
                decisions += 1
                indices = space.legal_indices(state)
                assert [space.action(i) for i in indices] == list(legal)
                assert {i for i, m in enumerate(mask) if m} == set(indices)
                assert len(set(indices)) == len(legal)
            for seat in range(players_for(game)):
                tensor = observation_tensor(game, module.observation(state, seat))
                assert len(tensor) == size
                assert all(isinstance(v, float) for v in tensor)
    assert decisions > 100


@pytest.mark.parametrize(("game", "rules"), VARIANT_RULES)
def test_index_round_trips_and_size_is_stable(game: str, rules: Any) -> None:
    space = ActionSpace.for_game(game, rules)
    again = ActionSpace.for_game(get_variant(game), rules)
    assert space == again and hash(space) == hash(again)
    assert space.actions == again.actions
    assert len(set(space.actions)) == space.size
    for i, action in enumerate(space.actions):
        assert space.index(action) == i
        assert space.action(i) == action
    chance = ChanceSpace.for_game(game, rules)
    assert len(set(chance.actions)) == chance.size
    assert all(chance.index(o) == i for i, o in enumerate(chance.actions))


@pytest.mark.parametrize(
    ("game", "rules", "size"),
    [
        ("classic", classic.Rules(), 210 + 13),
        ("classic", classic.Rules(full_cup=True), 1 + 13),
        ("classic", classic.Rules(croatian=True), 210 + 8),
        ("classic", classic.Rules(games=3), 223),
        ("extreme", extreme.Rules(), 462 + 210 + 22),
        ("extreme", extreme.Rules(chips=0), 694),
        ("master", master.Rules(), 210 + 6 + 24 + 45 + 4 + 6 + 18 + 1),
        ("duel", duel.Rules(), 210 + 30 + 11 + 1),
    ],
)
def test_sizes(game: str, rules: Any, size: int) -> None:
    assert ActionSpace.for_game(game, rules).size == size


@pytest.mark.parametrize(
    ("game", "size"),
    [("classic", 461), ("master", 461), ("duel", 461), ("extreme", 6 + 461 + 4620)],
)
def test_chance_sizes(game: str, size: int) -> None:
    assert ChanceSpace.for_game(game).size == size


def test_documented_order() -> None:
    space = ActionSpace.for_game("classic")
    assert space.actions[:7] == tuple(
        classic.Roll(k) for k in [(), (1,), (2,), (3,), (4,), (5,), (6,)]
    )
    assert space.actions[210:] == tuple(classic.Score(b) for b in BOXES)
    ext = ActionSpace.for_game("extreme")
    assert ext.index(extreme.Roll((1, 1, 1, 1, 1), False)) < ext.index(extreme.Roll((), True))
    assert ext.actions[-1] == extreme.Score(extreme.Box.SUPER_CHANCE)
    assert ActionSpace.for_game("master").actions[-1] == master.Pass()
    assert ActionSpace.for_game("duel").actions[-1] == duel.Miss()
    assert ChanceSpace.for_game("classic").actions[:6] == tuple(DiceRoll((f,)) for f in range(1, 7))
    assert ChanceSpace.for_game("extreme").index(extreme.ExtremeRoll((), 0)) == 6 + 461


def test_the_start_of_a_turn_offers_only_the_first_roll() -> None:
    space = ActionSpace.for_game("duel")
    state = duel.new_game(2, first_player=0)
    assert space.mask(state) == tuple(i == 0 for i in range(space.size))


def test_observer_who_is_not_to_move_has_an_empty_mask() -> None:
    space = ActionSpace.for_game("master")
    state = master.new_game(2, first_player=0)
    assert space.mask(master.observation(state, 0))[0]
    assert not any(space.mask(master.observation(state, 1)))


def test_unknown_games_are_not_covered() -> None:
    assert ActionSpace.for_game(get_variant("cards")) == ActionSpace.for_game("cards")
    with pytest.raises(UnsupportedGameError, match="unknown game"):
        tensor_size("yahtzee")
    assert issubclass(UnsupportedGameError, KniffelError)


def test_bad_arguments_name_the_field() -> None:
    space = ActionSpace.for_game("classic")
    with pytest.raises(InvalidStateError, match="rules"):
        ActionSpace.for_game("classic", extreme.Rules())
    for bad in (-1, 223, True, 1.5, "3", None):
        with pytest.raises(InvalidStateError, match="index"):
            space.action(bad)  # type: ignore[arg-type]
    assert space.action(222) == classic.Score(classic.Box.CHANCE)
    for foreign in (extreme.Score(extreme.Box.ONES), classic.Roll((1, 1, 1, 1, 1)), [1], None):
        with pytest.raises(IllegalActionError):
            space.index(foreign)
    for hostile in (10**5000, "x" * 1_000_000):  # quoted short, never a ValueError
        with pytest.raises(IllegalActionError) as refused:
            space.index(hostile)
        assert len(str(refused.value)) < 300
    with pytest.raises(IllegalActionError):
        ActionSpace.for_game("classic", classic.Rules(full_cup=True)).index(classic.Roll((1,)))
    with pytest.raises(InvalidStateError, match="state"):
        space.mask(classic.new_game(rules=classic.Rules(full_cup=True)))
    with pytest.raises(InvalidStateError, match="state"):
        space.mask(master.new_game())
    with pytest.raises(InvalidStateError, match="observation"):
        observation_tensor("classic", master.observation(master.new_game(), 0))
    with pytest.raises(InvalidStateError, match="observation"):
        observation_tensor("classic", classic.new_game())
    with pytest.raises(IllegalActionError):
        ChanceSpace.for_game("classic").outcomes(classic.new_game())


def test_tensor_is_from_the_observers_side() -> None:
    game = classic.new_game(2, first_player=0)
    game = classic.apply(game, classic.Roll())
    game = classic.apply(game, DiceRoll((6, 6, 6, 6, 6)))
    game = classic.apply(game, classic.Score(classic.Box.KNIFFEL))
    parts = observation_layout("classic", 2)
    names = [name for name, n in parts for _ in range(n)]
    mine = observation_tensor("classic", classic.observation(game, 0))
    theirs = observation_tensor("classic", classic.observation(game, 1))

    def part(tensor: list[float], name: str) -> list[float]:
        return [v for v, n in zip(tensor, names, strict=True) if n == name]

    assert part(mine, "p0.score") == part(theirs, "p1.score") == [50.0]
    assert part(mine, "p1.score") == [0.0]
    assert part(mine, "to_move") == [0.0, 1.0, 0.0, 0.0]  # seat 1 is to move
    assert part(theirs, "to_move") == [1.0, 0.0, 0.0, 0.0]
    assert part(mine, "phase") == [0.0, 0.0, 1.0, 0.0]
    assert part(mine, "p0.filled")[BOXES.index(classic.Box.KNIFFEL)] == 1.0
    assert sum(part(mine, "p0.filled")) == 1.0


def test_tensor_of_the_duel_board_and_extreme_dice() -> None:
    state = duel.new_game(2, first_player=1)
    tensor = observation_tensor("duel", duel.observation(state, 0))
    names = [name for name, n in observation_layout("duel", 2) for _ in range(n)]
    board = [v for v, n in zip(tensor, names, strict=True) if n == "board"]
    assert board == [1.0, 0.0, 0.0, 0.0, 0.0] * 11
    ext = extreme.apply(extreme.new_game(), extreme.Roll())
    ext = extreme.apply(ext, extreme.ExtremeRoll((1, 1, 2, 3, 6), 7))
    t = observation_tensor("extreme", extreme.observation(ext, 0))
    names = [name for name, n in observation_layout("extreme") for _ in range(n)]

    def part(name: str) -> list[float]:
        return [v for v, n in zip(t, names, strict=True) if n == name]

    assert part("d6") == [2.0, 1.0, 1.0, 0.0, 0.0, 1.0]
    assert part("d10").index(1.0) == 7
    assert part("rolls") == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32), game=st.sampled_from(DICE_GAMES))
def test_property_mask_is_legal_actions(seed: int, game: str) -> None:
    module = get_variant(game)
    space = ActionSpace.for_game(game)
    rng = random.Random(seed)
    for state in playout_states(module, module.new_game(2), rng):
        if module.current_player(state) >= 0:
            mask = space.mask(state)
            legal = set(module.legal_actions(state))
            assert {a for a, m in zip(space.actions, mask, strict=True) if m} == legal


def test_the_index_is_pure_python_and_the_core_knows_no_adapter() -> None:
    code = (
        "import sys, kniffel_rules, kniffel_rules.adapters.space as s\n"
        "assert 'kniffel_rules.adapters.space' in sys.modules\n"
        "s.ActionSpace.for_game('duel'); s.tensor_size('extreme')\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    core = "import sys, kniffel_rules\nassert 'kniffel_rules.adapters' not in sys.modules\n"
    subprocess.run([sys.executable, "-c", core], check=True)


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))])
@pytest.mark.parametrize(
    ("game", "rules"), [*VARIANT_RULES, ("cards", cards.Rules(trickier=True, max_rounds=9))]
)
def test_an_index_pickles_and_copies(game: str, rules: Any, copier: Any) -> None:
    for kind in (ActionSpace, ChanceSpace):
        index = kind.for_game(game, rules)
        twin = copier(index)
        assert type(twin) is kind and twin == index and twin is not index
        assert twin.actions == index.actions and twin.rules == rules
        assert [twin.index(a) for a in index.actions] == list(range(index.size))
    space = ActionSpace.for_game(game, rules)
    module = get_variant(game)
    state = module.new_game(2, rules, first_player=0)
    assert copier(space).mask(state) == space.mask(state)


@pytest.mark.parametrize("game", GAMES)
def test_player_limits_are_what_new_game_takes(game: str) -> None:
    module = get_variant(game)
    low, high = player_limits(game)
    assert 1 <= low <= high <= MAX_PLAYERS
    assert player_limits(module) == (low, high)
    for players in (low, high):
        assert len(module.scores(module.new_game(players))) == players
    for players in (low - 1, high + 1):
        with pytest.raises(InvalidStateError, match="players"):
            module.new_game(players)
    expected = {
        "master": (1, master_engine.MAX_PLAYERS),
        "duel": (2, 2),
        "cards": (MIN_PLAYERS, cards_rules.MAX_PLAYERS),
    }
    assert (low, high) == expected.get(game, (1, MAX_PLAYERS))
