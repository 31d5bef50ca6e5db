"""The card game in OpenSpiel: imperfect information, exact chance, resampling, ISMCTS."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from adapters.helpers import require

pyspiel = require("pyspiel")
np = require("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402

import kniffel_rules.adapters.openspiel  # noqa: E402, F401
from kniffel_rules import cards  # noqa: E402
from kniffel_rules.adapters.space import (  # noqa: E402
    ActionSpace,
    ChanceSpace,
    observation_layout,
    observation_tensor,
    tensor_size,
)
from kniffel_rules.errors import InvalidStateError  # noqa: E402


def _chance_step(state: Any, rng: Any) -> int:
    outcomes = state.chance_outcomes()
    return int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))


def test_the_game_type_and_sizes() -> None:
    game = pyspiel.load_game("kniffel_cards(players=3,trickier=True,max_rounds=9)")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    rules = cards.Rules(trickier=True, max_rounds=9)
    assert game.kniffel_rules == rules and game.num_players() == 3
    assert game.num_distinct_actions() == ActionSpace.for_game("cards", rules).size
    assert game.max_chance_outcomes() == ChanceSpace.for_game("cards", rules).size
    size = tensor_size("cards", 3, rules)
    assert game.observation_tensor_size() == game.information_state_tensor_size() == size
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    two = pyspiel.load_game("kniffel_cards")
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.kniffel_rules == cards.Rules()
    assert pyspiel.load_game(str(game)).kniffel_rules == rules


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="players"):
        pyspiel.load_game("kniffel_cards", {"players": 5})
    with pytest.raises(InvalidStateError, match="max_rounds"):
        pyspiel.load_game("kniffel_cards(max_rounds=0)")


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_through_the_pyspiel_api(players: int) -> None:
    game = pyspiel.load_game("kniffel_cards", {"players": players, "max_rounds": 6})
    rules = game.kniffel_rules
    actions = ActionSpace.for_game("cards", rules)
    chance = ChanceSpace.for_game("cards", rules)
    rng = np.random.RandomState(players)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        inner = state.inner
        for p in range(players):
            view = cards.observation(inner, p)
            expect = observation_tensor("cards", view)
            assert state.observation_tensor(p) == pytest.approx(expect)
            assert state.information_state_tensor(p) == pytest.approx(expect)
            text = state.information_state_string(p)
            assert text == state.observation_string(p)
            assert json.loads(text) == cards.observation_to_dict(view)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            exact = {chance.index(o): float(p) for o, p in cards.chance_outcomes(inner)}
            assert dict(outcomes) == exact and [a for a, _ in outcomes] == sorted(exact)
            assert math.isclose(sum(exact.values()), 1.0)
            action = _chance_step(state, rng)
        else:
            decisions += 1
            legal = state.legal_actions()
            assert legal == sorted(actions.index(a) for a in cards.legal_actions(inner))
            action = int(rng.choice(legal))
            text = cards.action_to_text(actions.action(action))
            assert state.action_to_string(state.current_player(), action) == text
        space = chance if state.is_chance_node() else actions
        state.apply_action(action)
        assert state.inner == cards.apply(inner, space.action(action))
    assert decisions > 20
    winners = cards.winners(state.inner)
    expect = [1.0 if p in winners else -1.0 for p in range(players)]
    assert state.returns() == ([0.0] * players if len(winners) == players else expect)


def _observer(game: Any, public: bool, private: Any, perfect_recall: bool = False) -> Any:
    """``make_observation`` of the type ``(perfect_recall, public, private)``."""
    kind = pyspiel.IIGObservationType(
        perfect_recall=perfect_recall, public_info=public, private_info=private
    )
    return make_observation(game, kind)


def test_the_observation_type_is_honoured() -> None:
    """Public information only: no hand; private only: the hand; the default: both."""
    game = pyspiel.load_game("kniffel_cards", {"players": 3, "max_rounds": 6})
    kind = pyspiel.PrivateInfoType
    public = _observer(game, True, kind.NONE)
    public_recall = _observer(game, True, kind.NONE, perfect_recall=True)
    private = _observer(game, False, kind.SINGLE_PLAYER)
    both = _observer(game, True, kind.SINGLE_PLAYER)
    nothing = _observer(game, False, kind.NONE)
    layout = observation_layout("cards", 3, game.kniffel_rules)
    names = [name for name, _ in layout]
    at = sum(n for _, n in layout[: names.index("hand")])
    hand = slice(at, at + 65)
    assert list(public.dict) == [name for name in names if name != "hand"]
    assert list(private.dict) == ["hand"] and list(both.dict) == names
    assert nothing.tensor.size == 0 and public.tensor.size == game.observation_tensor_size() - 65
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    hands_seen = redealt = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_chance_step(state, rng))
            continue
        for seat in range(3):
            full = np.array(state.observation_tensor(seat), np.float32)
            for observer in (public, public_recall, private, both, nothing):
                observer.set_from(state, seat)
            assert np.array_equal(public.tensor, np.delete(full, np.r_[hand]))
            assert np.array_equal(public_recall.tensor, public.tensor)
            assert np.array_equal(private.tensor, full[hand])
            assert np.array_equal(both.tensor, full)
            hands_seen += bool(full[hand].any())
            view = cards.observation_to_dict(cards.observation(state.inner, seat))
            shown = json.loads(public.string_from(state, seat))
            assert "hand" not in shown and shown == {k: v for k, v in view.items() if k != "hand"}
            assert json.loads(private.string_from(state, seat)) == {"hand": view["hand"]}
            assert json.loads(both.string_from(state, seat)) == view
            assert nothing.string_from(state, seat) == "{}"
            # another seat's resample deals this seat's hand again: its public view stays
            other = state.resample_from_infostate((seat + 1) % 3, lambda: 0.3)
            public.set_from(other, seat)
            assert np.array_equal(public.tensor, np.delete(full, np.r_[hand]))
            redealt += other.inner.hands[seat] != state.inner.hands[seat]
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert hands_seen > 20 and redealt > 10


def test_an_observation_type_the_game_cannot_give_is_refused() -> None:
    game = pyspiel.load_game("kniffel_cards")
    with pytest.raises(InvalidStateError, match="ALL_PLAYERS") as refused:
        _observer(game, True, pyspiel.PrivateInfoType.ALL_PLAYERS)
    assert isinstance(refused.value, ValueError) and refused.value.path == "iig_obs_type"
    with pytest.raises(InvalidStateError, match="iig_obs_type: expected a pyspiel"):
        game.make_py_observer("public")
    with pytest.raises(ValueError, match="params"):
        make_observation(game, None, {"history": True})


def test_resampling_keeps_what_the_player_saw() -> None:
    game = pyspiel.load_game("kniffel_cards", {"max_rounds": 6})
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    differed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_chance_step(state, rng))
            continue
        seat = state.current_player()
        for k in range(3):
            sample = state.resample_from_infostate(seat, lambda k=k: (k + 0.5) / 3)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.legal_actions() == state.legal_actions()
            assert sample.inner.hands[seat] == state.inner.hands[seat]
            differed += sample.inner.hands != state.inner.hands
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert differed > 10
    dice = pyspiel.load_game("kniffel_duel").new_initial_state()
    assert dice.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0)).inner == (
        dice.inner
    )


def ismcts_against_random(games: int, simulations: int, max_rounds: int) -> list[float]:
    """The ISMCTS bot's returns (random rollouts) over seeded games, changing seats each game."""
    game = pyspiel.load_game("kniffel_cards", {"max_rounds": max_rounds})
    results = []
    for seed in range(games):
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(
            game, evaluator, 2.0, simulations, random_state=np.random.RandomState(seed)
        )
        deals = np.random.RandomState(1000 + seed)  # the determinizations, seeded too
        bot.set_resampler(lambda s, p, deals=deals: s.resample_from_infostate(p, deals.uniform))
        seat = seed % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = _chance_step(state, rng)
            elif state.current_player() == seat:
                action = int(bot.step(state))
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
        results.append(state.returns()[seat])
    return results


def test_ismcts_plays_a_short_game() -> None:
    (result,) = ismcts_against_random(1, 4, 2)
    assert result in (-1.0, 0.0, 1.0)


@pytest.mark.slow
def test_ismcts_beats_the_uniform_random_player() -> None:
    # measured: see the report / CHANGELOG (6 games, 40 simulations, 6 rounds)
    results = ismcts_against_random(6, 40, 6)
    assert results.count(1.0) >= 5, results
