"""The OpenSpiel games: random_sim_test for each, exact chance, tensors, MCTS against random."""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import pytest

from adapters.helpers import require

pyspiel = require("pyspiel")
np = require("numpy")

from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402

from kniffel_rules import classic, get_variant  # noqa: E402
from kniffel_rules.adapters.openspiel import GAME_NAMES, KniffelGame, KniffelState  # noqa: E402
from kniffel_rules.adapters.space import (  # noqa: E402
    ActionSpace,
    ChanceSpace,
    observation_tensor,
    player_limits,
    tensor_size,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError  # noqa: E402

LOADS: list[Any] = [
    ("kniffel_cards", {"max_rounds": 5}),
    ("kniffel_cards", {"players": 3, "trickier": True, "max_rounds": 4}),
    ("kniffel_cards", {"players": 4, "simpler": True, "max_rounds": 3}),
    ("kniffel_classic", {}),
    ("kniffel_classic", {"players": 1}),
    ("kniffel_classic", {"players": 2, "full_cup": True, "games": 2, "joker": "free"}),
    ("kniffel_classic", {"players": 1, "croatian": True}),
    ("kniffel_extreme", {}),
    ("kniffel_extreme", {"players": 1, "chips": 1}),
    ("kniffel_master", {}),
    ("kniffel_master", {"players": 3, "target_stars": 5, "race": False}),
    ("kniffel_duel", {}),
    pytest.param(
        "kniffel_duel", {"match_wins": 2, "adjacency": "within_parts"}, marks=pytest.mark.slow
    ),
    ("kniffel_yatzy", {}),
    ("kniffel_yatzy", {"players": 1}),
    ("kniffel_yatzy", {"players": 3, "forced_order": True, "yatzy_counts_as_full_house": True}),
]
"""Every registered game at its default table and under house rules (a test checks the cover)."""


def test_every_game_is_registered() -> None:
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())
    assert GAME_NAMES["kniffel_cards"] == "cards"


def test_the_loads_cover_every_registered_game() -> None:
    """A game added to the registry is not skipped by the tests over `LOADS`."""
    assert {getattr(case, "values", case)[0] for case in LOADS} == set(GAME_NAMES)


@pytest.mark.parametrize(("name", "params"), LOADS)
def test_random_sim_test_passes(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), LOADS)
def test_sizes_follow_the_index(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    kniffel = GAME_NAMES[name]
    module = get_variant(kniffel)
    options = {k: v for k, v in params.items() if k != "players"}
    rules = module.Rules.from_dict(options)
    players = params.get("players", 2)
    assert game.num_players() == players
    assert game.num_distinct_actions() == ActionSpace.for_game(kniffel, rules).size
    assert game.max_chance_outcomes() == ChanceSpace.for_game(kniffel, rules).size
    assert game.observation_tensor_size() == tensor_size(kniffel, players, rules)
    zero_sum = pyspiel.GameType.Utility.ZERO_SUM
    assert (game.get_type().utility == zero_sum) == (players == 2)


@pytest.mark.parametrize("name", sorted(set(GAME_NAMES) - {"kniffel_cards"}))
def test_a_game_through_the_pyspiel_api(name: str) -> None:
    game = pyspiel.load_game(name)
    module = get_variant(GAME_NAMES[name])
    actions = ActionSpace.for_game(module)
    chance = ChanceSpace.for_game(module)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    seen_chance = 0
    while not state.is_terminal():
        inner = state.inner
        if state.is_chance_node():
            seen_chance += 1
            outcomes = state.chance_outcomes()
            exact = {chance.index(o): p for o, p in module.chance_outcomes(inner)}
            assert dict(outcomes) == {a: float(p) for a, p in exact.items()}
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert [a for a, _ in outcomes] == sorted(exact)
            action = int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
            text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)
            assert text == module.action_to_text(chance.action(action))
        else:
            seat = state.current_player()
            assert seat == module.current_player(inner)
            legal = state.legal_actions()
            assert legal == sorted(actions.index(a) for a in module.legal_actions(inner))
            for p in range(game.num_players()):
                expect = observation_tensor(module, module.observation(inner, p))
                assert state.observation_tensor(p) == pytest.approx(expect)
            action = int(rng.choice(legal))
            assert state.action_to_string(seat, action) == module.action_to_text(
                actions.action(action)
            )
        was_chance = state.is_chance_node()
        state.apply_action(action)
        space = chance if was_chance else actions
        assert state.inner == module.apply(inner, space.action(action))
    winners = module.winners(state.inner)
    assert state.returns() == [1.0 if p in winners else -1.0 for p in range(2)] or (
        len(winners) == 2 and state.returns() == [0.0, 0.0]
    )


def test_solitaire_returns_the_score() -> None:
    game = pyspiel.load_game("kniffel_classic", {"players": 1})
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(
                int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
            )
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == [float(classic.scores(state.inner)[0])]
    assert game.min_utility() <= state.returns()[0] <= game.max_utility()


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="players"):
        pyspiel.load_game("kniffel_duel", {"players": 3})
    with pytest.raises(InvalidStateError, match="joker"):
        pyspiel.load_game("kniffel_classic", {"joker": "sometimes"})
    with pytest.raises(InvalidStateError, match="target_stars"):
        pyspiel.load_game("kniffel_master(target_stars=0)")


@pytest.mark.parametrize("name", sorted(GAME_NAMES))
def test_the_player_limits_are_the_games(name: str) -> None:
    game = GAME_NAMES[name]
    low, high = player_limits(game)
    (registered,) = [t for t in pyspiel.registered_games() if t.short_name == name]
    assert (registered.min_num_players, registered.max_num_players) == (low, high)
    for players in (low, high):
        loaded = pyspiel.load_game(name, {"players": players})
        assert loaded.num_players() == players
        assert (loaded.get_type().min_num_players, loaded.get_type().max_num_players) == (low, high)
    needs = f"exactly {low}" if low == high else f"{low} to {high}"
    for players in (low - 1, high + 1):
        with pytest.raises(InvalidStateError, match=rf"players: .* needs {needs} players"):
            pyspiel.load_game(name, {"players": players})


def test_the_game_string_round_trips() -> None:
    game = pyspiel.load_game("kniffel_classic(players=1,full_cup=True,games=2)")
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 1 and again.num_distinct_actions() == 14
    assert game.kniffel_rules == classic.Rules(full_cup=True, games=2)


class ScoreEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """MCTS leaf values from the score difference (no rollouts: Python games are slow)."""

    def evaluate(self, state: Any) -> Any:
        """The returns at the end, else tanh of the score lead, zero-sum."""
        if state.is_terminal():
            return np.array(state.returns())
        scores = get_variant(state.kniffel_game).scores(state.inner)
        lead = math.tanh((scores[0] - scores[1]) / 3.0)
        return np.array([lead, -lead])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Chance: the outcome probabilities; else uniform."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def mcts_against_random(name: str, games: int, simulations: int) -> list[float]:
    """The MCTS bot's returns over ``games`` seeded games, changing seats each game."""
    game = pyspiel.load_game(name)
    results = []
    for seed in range(games):
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(
            game,
            2.0,
            simulations,
            ScoreEvaluator(),
            solve=False,
            random_state=np.random.RandomState(seed),
        )
        seat = seed % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes])
            elif state.current_player() == seat:
                action = bot.step(state)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(int(action))
        results.append(state.returns()[seat])
    return results


def test_mcts_plays_a_duel() -> None:
    (result,) = mcts_against_random("kniffel_duel", 1, 10)
    assert result in (-1.0, 0.0, 1.0)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kniffel_duel", "kniffel_master"])
def test_mcts_beats_the_uniform_random_player(name: str) -> None:
    results = mcts_against_random(name, 4, 20)
    assert results.count(1.0) >= 3, results


@pytest.mark.parametrize("name", sorted(GAME_NAMES))
def test_every_registered_game_loads_as_the_class_made_for_it(name: str) -> None:
    """One recipe for every game: no game has a hand-written class (nor a table of them)."""
    from kniffel_rules.adapters import openspiel

    game_name = GAME_NAMES[name]
    game = pyspiel.load_game(name)
    made = type(game)
    assert made.__bases__ == (KniffelGame,)
    assert (made.GAME, game.kniffel_game) == (game_name, game_name)
    title = get_variant(game_name).INFO.title()
    assert made.__doc__ == f"``{name}``: {title}."
    # bound in the module under its name: pickle finds the class there
    assert vars(openspiel)[f"Kniffel_{game_name}"] is made
    assert type(pickle.loads(pickle.dumps(game))) is made
    assert made({"players": 2}).num_distinct_actions() == game.num_distinct_actions()


def test_a_game_registered_later_gets_its_class_the_same_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_factory`` makes and binds the class of any registered game it is asked for."""
    from kniffel_rules.adapters import openspiel

    monkeypatch.setattr(openspiel, "Kniffel_master", None)  # restored after
    made: Any = openspiel._factory("master")
    assert vars(openspiel)["Kniffel_master"] is made
    game = made({"players": 2})
    assert game.kniffel_game == "master"
    assert type(pickle.loads(pickle.dumps(game))) is made


@pytest.mark.parametrize("name", sorted(GAME_NAMES))
def test_a_game_and_a_played_state_pickle(name: str) -> None:
    """pickle carries every registered game (by its class) and a state some moves in."""
    game = pyspiel.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(15):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)


@pytest.mark.parametrize(
    "name", sorted(n for n, g in GAME_NAMES.items() if not get_variant(g).INFO.hidden_information)
)
def test_a_dice_game_hides_nothing_from_any_observation_type(name: str) -> None:
    """Every type with public information is the whole view; without it, nothing (no secrets)."""
    game = pyspiel.load_game(name)
    kind = pyspiel.PrivateInfoType
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(
            int(rng.choice([a for a, _ in state.chance_outcomes()]))
            if state.is_chance_node()
            else int(rng.choice(state.legal_actions()))
        )
    for private in (kind.NONE, kind.SINGLE_PLAYER, kind.ALL_PLAYERS):
        for recall in (False, True):
            seen: Any = make_observation(
                game,
                pyspiel.IIGObservationType(
                    perfect_recall=recall, public_info=True, private_info=private
                ),
            )
            blind: Any = make_observation(
                game,
                pyspiel.IIGObservationType(
                    perfect_recall=recall, public_info=False, private_info=private
                ),
            )
            for seat in range(game.num_players()):
                seen.set_from(state, seat)
                assert seen.tensor.tolist() == pytest.approx(state.observation_tensor(seat))
                assert seen.string_from(state, seat) == state.observation_string(seat)
                assert blind.tensor.size == 0 and blind.string_from(state, seat) == "{}"


def _to_decision(state: Any, rng: Any) -> Any:
    """``state`` after chance outcomes up to the first decision."""
    while state.is_chance_node():
        state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
    return state


def test_a_game_built_directly_refuses_bad_params() -> None:
    for bad in ("players=1", [1], 3):
        with pytest.raises(InvalidStateError, match=r"^params: expected a dict"):
            KniffelGame("classic", bad)  # type: ignore[arg-type]
    for players in (None, "2", 2.5, True, ["Ann", "Bob"]):
        with pytest.raises(InvalidStateError, match=r"^players: expected a number of players"):
            KniffelGame("classic", {"players": players})
    assert KniffelGame("classic", {"players": np.int64(3)}).num_players() == 3
    assert KniffelGame("classic", None).num_players() == 2


def test_action_to_string_refuses_a_number_outside_the_index() -> None:
    game = pyspiel.load_game("kniffel_classic")
    state = game.new_initial_state()
    chance = pyspiel.PlayerId.CHANCE
    last = game.max_chance_outcomes() - 1
    assert state.action_to_string(chance, last) == "dice 6 6 6 6 6"
    for player, action in ((chance, last + 1), (chance, -1), (0, game.num_distinct_actions())):
        with pytest.raises(InvalidStateError, match=r"^index: expected an integer 0.."):
            state.action_to_string(player, action)
    with pytest.raises(InvalidStateError, match=r"^index: expected an integer 0..222, got -1"):
        state.action_to_string(0, -1)  # not the last entry counted from the end


def test_undo_action_refuses_what_is_not_an_integer() -> None:
    game = pyspiel.load_game("kniffel_duel")
    state = game.new_initial_state()
    outcome = state.chance_outcomes()[0][0]
    state.apply_action(outcome)
    history = state.history()
    for player, action in (("x", outcome), (None, outcome), (-1.0, outcome)):
        with pytest.raises(InvalidStateError, match=r"^player: expected a player id"):
            state.undo_action(player, action)
    for action in ("x", None, float(outcome)):
        with pytest.raises(InvalidStateError, match=r"^action: expected an action number"):
            state.undo_action(pyspiel.PlayerId.CHANCE, action)
    assert state.history() == history  # nothing was undone
    with pytest.raises(IllegalActionError, match="the last move was"):
        state.undo_action(0, outcome)
    state.undo_action(pyspiel.PlayerId.CHANCE, np.int64(outcome))
    assert state.is_initial_state()


def test_the_observer_refuses_what_is_not_a_state() -> None:
    observer: Any = make_observation(pyspiel.load_game("kniffel_classic"))
    for bad in ("state", None, classic.new_game(2)):
        with pytest.raises(InvalidStateError, match=r"^state: expected a kniffel_classic state"):
            observer.set_from(bad, 0)
        with pytest.raises(InvalidStateError, match=r"^state: expected a kniffel_classic state"):
            observer.string_from(bad, 0)


def test_resampling_refuses_a_bad_player_or_sampler() -> None:
    game = pyspiel.load_game("kniffel_cards", {"max_rounds": 5})
    state = _to_decision(game.new_initial_state(), np.random.RandomState(1))
    before = state.inner
    for player in ("0", None, 0.0):
        with pytest.raises(InvalidStateError, match=r"^player_id: expected a player id"):
            state.resample_from_infostate(player, lambda: 0.5)
    with pytest.raises(InvalidStateError, match=r"^player: "):
        state.resample_from_infostate(2, lambda: 0.5)
    with pytest.raises(InvalidStateError, match=r"^probability_sampler: expected a callable"):
        state.resample_from_infostate(0, 0.5)
    for draw in ("x", "0.5", None, math.nan, math.inf, 1.0, -0.1, True):
        with pytest.raises(InvalidStateError, match=r"^probability_sampler: .*\[0, 1\)"):
            state.resample_from_infostate(0, lambda draw=draw: draw)
    assert state.inner == before
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    dealt = state.resample_from_infostate(np.int64(0), sampler)
    assert dealt.current_player() == state.current_player()
    assert dealt.observation_string(0) == state.observation_string(0)  # what seat 0 saw


def test_a_state_is_built_only_from_a_state_of_its_game() -> None:
    game = pyspiel.load_game("kniffel_classic")
    with pytest.raises(InvalidStateError, match=r"^game: expected a kniffel_rules OpenSpiel game"):
        KniffelState(pyspiel.load_game("tic_tac_toe"), classic.new_game(2))
    others = [
        "state",
        None,
        get_variant("master").new_game(2),
        classic.new_game(2, classic.Rules(full_cup=True)),
    ]
    for other in others:
        with pytest.raises(InvalidStateError, match=r"^state: expected a classic state under"):
            KniffelState(game, other)
    with pytest.raises(InvalidStateError, match=r"^state: expected a state of 2 players, got 3"):
        KniffelState(game, classic.new_game(3))
    state = KniffelState(game, classic.new_game(2))
    assert state.inner == classic.new_game(2) and state.is_chance_node()
