"""OpenSpiel states: O(1) clones sharing the immutable states, undo_action, history, limits."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.helpers import require

pyspiel = require("pyspiel")

from kniffel_rules import get_variant  # noqa: E402
from kniffel_rules.adapters.openspiel import GAME_NAMES, PlayerAction  # noqa: E402
from kniffel_rules.adapters.space import player_limits  # noqa: E402
from kniffel_rules.errors import IllegalActionError, InvalidStateError  # noqa: E402

CHANCE = int(pyspiel.PlayerId.CHANCE)

LOADS: list[tuple[str, dict[str, Any]]] = [
    ("kniffel_classic", {}),
    ("kniffel_classic", {"players": 1}),
    ("kniffel_extreme", {"players": 1}),
    ("kniffel_master", {"players": 3}),
    ("kniffel_duel", {}),
    ("kniffel_cards", {"players": 3, "max_rounds": 3}),
    ("kniffel_yatzy", {"forced_order": True}),
]
"""Every registered game once (a test checks the cover)."""


def test_the_loads_cover_every_registered_game() -> None:
    """A game added to the registry is not skipped by the tests over `LOADS`."""
    assert {name for name, _ in LOADS} == set(GAME_NAMES)


def _step(state: Any, rng: random.Random, cpp: bool = False) -> tuple[int, int]:
    """Apply a random legal move (chance by its probabilities); return (player, action).

    ``cpp``: through pyspiel's C++ ``State::ApplyAction`` (as C++ code applies).
    """
    player = state.current_player()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    else:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
    (pyspiel.State.apply_action if cpp else type(state).apply_action)(state, action)
    return player, action


def _same(one: Any, two: Any) -> None:
    assert str(one) == str(two)
    assert one.inner == two.inner
    assert one.history() == two.history()
    assert one.move_number() == two.move_number()
    assert one.current_player() == two.current_player()
    assert one.is_terminal() == two.is_terminal()
    if not one.is_terminal():
        assert one.legal_actions() == two.legal_actions()


@pytest.mark.parametrize(("name", "params"), LOADS)
def test_clones_share_the_states_and_undo_walks_back(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rng = random.Random(5)
    state = game.new_initial_state()
    kept = [state.clone()]
    moves: list[tuple[int, int]] = []
    for _ in range(150):
        if state.is_terminal():
            break
        before = state.clone()
        assert before.inner is state.inner  # shared, never copied
        moves.append(_step(state, rng))
        assert before.history() == state.history()[:-1]  # the clone kept its own history
        kept.append(state.clone())
    assert state.history() == [a for _, a in moves]
    assert state.full_history() == [PlayerAction(p, a) for p, a in moves]
    assert state.history_str() == ", ".join(str(a) for _, a in moves)
    for (player, action), earlier in zip(reversed(moves), reversed(kept[:-1]), strict=True):
        state.undo_action(player, action)
        _same(state, earlier)
    assert state.is_initial_state() and state.move_number() == 0
    _same(state, game.new_initial_state())


@pytest.mark.parametrize(("name", "params"), LOADS)
def test_the_cpp_clone_and_the_python_clone_agree(name: str, params: dict[str, Any]) -> None:
    """``child`` clones through pyspiel's C++ ``PyState::Clone``; both keep the same history."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else None
        action = (legal or state.legal_actions())[0]
        child = state.child(action)
        twin = state.clone()
        twin.apply_action(action)
        _same(child, twin)
        assert child.history() == [*state.history(), action]
        _step(state, rng)


def test_undo_refuses_what_the_history_does_not_allow() -> None:
    game = pyspiel.load_game("kniffel_classic", {"players": 1})
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo_action(0, 0)
    first = state.legal_actions()[0]
    state.apply_action(first)
    with pytest.raises(IllegalActionError, match=rf"last move was action {first} by player 0"):
        state.undo_action(0, first + 1)
    with pytest.raises(IllegalActionError, match=r"not action .* by player -1"):
        state.undo_action(CHANCE, first)
    state.undo_action(0, first)
    assert state.is_initial_state()


def test_a_bad_move_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("kniffel_classic", {"players": 1})
    state = game.new_initial_state()
    legal = state.legal_actions()
    bad = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(bad)
    with pytest.raises(IllegalActionError):
        state.apply_action_with_legality_check(bad)
    with pytest.raises(InvalidStateError, match="index"):
        state.apply_action(game.num_distinct_actions())
    assert state.is_initial_state() and state.legal_actions() == legal


@pytest.mark.parametrize(("name", "params"), LOADS)
def test_a_clone_or_an_undo_survives_serialisation(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rng = random.Random(8)
    state = game.new_initial_state()
    moves = [_step(state, rng) for _ in range(12)]
    for player, action in reversed(moves[-3:]):
        state.undo_action(player, action)
    for one in (state, state.clone()):
        again = game.deserialize_state(one.serialize())
        _same(again, one)
        _same(pickle.loads(pickle.dumps(one)), one)
        _same(copy.deepcopy(one), one)
        _same(copy.copy(one), one)


def test_is_initial_non_chance_state_is_openspiels() -> None:
    """Moves applied by C++ fill both the C++ record and the node chain: they agree."""
    game = pyspiel.load_game("kniffel_classic")
    rng = random.Random(1)
    state = game.new_initial_state()
    seen = []
    for _ in range(12):
        mine = state.is_initial_non_chance_state()
        assert mine == pyspiel.State.is_initial_non_chance_state(state)
        seen.append(mine)
        assert state.history() == pyspiel.State.history(state)
        assert state.move_number() == pyspiel.State.move_number(state)
        assert state.is_initial_state() == pyspiel.State.is_initial_state(state)
        _step(state, rng, cpp=True)
    assert seen.count(True) == 1  # the first player's first decision, after the roll-off


def test_a_dice_game_resamples_to_itself_with_its_history() -> None:
    game = pyspiel.load_game("kniffel_duel")
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(6):
        _step(state, rng)
    again = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    _same(again, state)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["step", "clone", "undo"]), max_size=60), st.integers(0, 2**16))
def test_any_mix_of_moves_clones_and_undos_follows_the_library(ops: list[str], seed: int) -> None:
    """A model of the library's states (a list) predicts every state, clone and undo."""
    game = pyspiel.load_game("kniffel_classic", {"players": 2})
    module = get_variant("classic")
    rng = random.Random(seed)
    state = game.new_initial_state()
    model: list[tuple[tuple[int, int], Any]] = [((0, 0), state.inner)]  # (move, state)
    others: list[tuple[Any, list[tuple[tuple[int, int], Any]]]] = []
    for op in ops:
        if op == "step" and not state.is_terminal():
            move = _step(state, rng)
            model.append((move, state.inner))
            assert model[-2][1] is not state.inner
        elif op == "clone":
            others.append((state.clone(), list(model)))
            state = state.clone()
        elif op == "undo" and len(model) > 1:
            (player, action), _ = model.pop()
            state.undo_action(player, action)
        assert state.inner == model[-1][1]
        assert state.history() == [m[1] for m, _ in model[1:]]
        assert module.current_player(state.inner) == module.current_player(model[-1][1])
    for other, its_model in others:
        assert other.inner is its_model[-1][1]
        assert other.history() == [m[1] for m, _ in its_model[1:]]


@pytest.mark.parametrize("name", sorted(GAME_NAMES))
def test_the_limits_come_from_the_games_metadata(name: str) -> None:
    kniffel = GAME_NAMES[name]
    info = get_variant(kniffel).INFO
    assert player_limits(kniffel) == (info.min_players, info.max_players)
    kind = pyspiel.load_game(name).get_type()
    assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
    assert info.bounds is not None
    module = get_variant(kniffel)
    for players in sorted({info.min_players, max(info.min_players, 2), info.max_players}):
        game = pyspiel.load_game(name, {"players": players})
        low, high, length = info.bounds(module.Rules(), players)
        assert game.max_game_length() == length
        if players == 1:
            assert (game.min_utility(), game.max_utility()) == (low, high)
        else:
            assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        assert game.max_chance_outcomes() == len(info.chance_index(module.Rules()))  # type: ignore[misc]
