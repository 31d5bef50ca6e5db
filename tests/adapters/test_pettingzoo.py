"""The PettingZoo AEC environments: PettingZoo's own tests for every game, a random agent's game."""

from __future__ import annotations

import copy
import functools
import pickle
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given, settings

from adapters.helpers import HOSTILE_ACTIONS, check_taken_or_refused, require

require("pettingzoo")
np = require("numpy")

from gymnasium import spaces  # noqa: E402
from pettingzoo.test import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402
    api_test,
    render_test,
    seed_test,
)

from kniffel_rules import cards, classic, get_variant  # noqa: E402
from kniffel_rules.adapters.pettingzoo import ENV_OPTIONS, KniffelAEC, env, raw_env  # noqa: E402
from kniffel_rules.adapters.space import ActionSpace, observation_layout  # noqa: E402
from kniffel_rules.errors import IllegalActionError, InvalidStateError  # noqa: E402
from kniffel_rules.variant import VARIANTS  # noqa: E402

SHORT: dict[str, dict[str, Any]] = {"cards": {"max_rounds": 8}}
"""Rules fields that keep a random game short (the card game's limit of rounds)."""


def _tables() -> list[tuple[str, int, dict[str, Any]]]:
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game in VARIANTS:
        info = get_variant(game).INFO
        counts = {max(2, info.min_players), info.min_players, min(3, info.max_players)}
        out += [(game, n, SHORT.get(game, {})) for n in sorted(counts)]
    return out


TABLES: list[tuple[str, int, dict[str, Any]]] = _tables()
"""Every game of the registry at its smallest table, two seats and three where it allows."""
CARD_TABLES = [(2, {}), (3, {"trickier": True}), (4, {"simpler": True})]


def table_ids(table: tuple[str, int, dict[str, Any]]) -> str:
    return f"{table[0]}-{table[1]}"


# api_test warns for any dict observation outside its own list of board games
# (their dicts with "action_mask" are the PettingZoo convention that ours follows).
@pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_api_test_passes(table: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = table
    api_test(env(game, players, **options), num_cycles=200)


@pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize(("players", "rules"), CARD_TABLES)
def test_api_test_passes_for_the_card_game(players: int, rules: dict[str, Any]) -> None:
    api_test(env("cards", players, max_rounds=30, **rules), num_cycles=300)


@pytest.mark.parametrize("reward", ["win", "points"])
@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_random_agent_plays_a_game(table: tuple[str, int, dict[str, Any]], reward: str) -> None:
    game, players, options = table
    aec = env(game, players, reward=reward, **options)  # type: ignore[arg-type]
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(aec.agents, 0.0)
    steps = 0
    for agent in aec.agent_iter(max_iter=100_000):
        observation, reward_now, termination, truncation, _ = aec.last()
        totals[agent] += reward_now
        if termination or truncation:
            aec.step(None)
            continue
        assert observation is not None
        assert aec.observation_space(agent).contains(observation)  # the declared bounds hold
        mask = observation["action_mask"]
        assert agent == f"player_{aec.module.current_player(aec.game_state)}"
        for other in aec.agents:
            if other != agent:
                assert not aec.observe(other)["action_mask"].any()
        aec.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert aec.module.is_terminal(aec.game_state) and steps > 10
    scores = aec.module.scores(aec.game_state)
    if reward == "points":
        assert [totals[a] for a in aec.possible_agents] == [float(s) for s in scores]
    else:
        winners = aec.module.winners(aec.game_state)
        expect = [
            0.0 if len(winners) == players else (1.0 if i in winners else -1.0)
            for i in range(players)
        ]
        assert [totals[a] for a in aec.possible_agents] == expect


@pytest.mark.parametrize("game", ["classic", "extreme"])
def test_points_a_fresh_sheet_holds_are_paid_in_the_first_step(game: str) -> None:
    """At an upper-bonus threshold of 0 each sheet starts at the bonus: paid once, at the start."""
    aec = env(game, 2, reward="points", upper_bonus_threshold=0)
    aec.reset(seed=2)
    start = aec.module.scores(aec.game_state)
    assert min(start) > 0
    aec.step(0)  # the first roll: nothing scored, the bonuses the sheets hold paid
    assert [aec.rewards[a] for a in aec.possible_agents] == [float(s) for s in start]
    rng = np.random.default_rng(2)
    totals = dict(aec._cumulative_rewards)
    for agent in aec.agent_iter(max_iter=10_000):
        *_, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(aec.observe(agent)["action_mask"]))))
        for a in aec.possible_agents:
            totals[a] += aec.rewards[a]
    scores = aec.module.scores(aec.game_state)
    assert [totals[a] for a in aec.possible_agents] == [float(s) for s in scores]


def test_rules_as_keywords_and_errors() -> None:
    aec = env("classic", 2, full_cup=True)
    assert aec.action_space("player_0") == spaces.Discrete(14)
    aec.reset(seed=1)
    score_chance = ActionSpace.for_game("classic", aec.rules).size - 1
    with pytest.raises(IllegalActionError, match="roll the dice"):
        aec.step(score_chance)
    with pytest.raises(IllegalActionError, match="action number"):
        aec.step(-3)
    with pytest.raises(InvalidStateError, match="rules"):
        env("classic", 2, no_such_rule=True)
    with pytest.raises(InvalidStateError):
        env("duel", 3)
    with pytest.raises(InvalidStateError, match="reward"):
        type(aec)("classic", 2, None, "money")  # type: ignore[arg-type]


def test_a_float_or_a_string_is_not_an_action_number() -> None:
    aec = env("classic", 2)
    aec.reset(seed=1)
    start = aec.game_state
    for bad in (0.7, 0.0, np.float64(0.0), "0", True, np.array([0])):
        with pytest.raises(IllegalActionError, match="not an action number"):
            aec.step(bad)
        assert aec.game_state == start  # nothing was played
    aec.step(np.int64(0))  # a numpy integer is an action number: the first roll
    assert aec.game_state != start


@settings(max_examples=60, deadline=None)
@given(action=HOSTILE_ACTIONS)
def test_any_action_is_taken_or_refused_in_a_short_message(action: Any) -> None:
    aec = env("classic", 2)
    aec.reset(seed=1)
    check_taken_or_refused(aec, action)


def test_a_huge_number_or_a_long_text_is_refused_in_a_short_message() -> None:
    # an int beyond Python's 4,300-digit text conversion made the message
    # raise ValueError; a megabyte of text was quoted whole
    aec = env("classic", 2)
    aec.reset(seed=1)
    start = aec.game_state
    for bad in (10**5000, -(10**5000), 2**64, "x" * 1_000_000):
        with pytest.raises(IllegalActionError, match="not an action number") as refused:
            aec.step(bad)
        assert len(str(refused.value)) < 300 and len(refused.value.localized("de")) < 300
        assert aec.game_state == start  # nothing was played


def test_before_reset_the_environment_says_to_reset() -> None:
    aec = env("classic", 2)
    calls: list[Callable[[], Any]] = [
        aec.last,
        lambda: aec.last(observe=False),
        lambda: aec.step(0),
        lambda: aec.observe("player_0"),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError, match=r"^game_state: .*call reset\(\)"):
            call()
    aec.reset(seed=1)
    observation, reward, termination, truncation, _ = aec.last()
    assert observation["action_mask"].sum() == 1
    assert (reward, termination, truncation) == (0.0, False, False)


@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_the_global_state_is_every_seats_observation(
    table: tuple[str, int, dict[str, Any]],
) -> None:
    """``state()``, PettingZoo's state for critics (not ``game_state``): its box, seat by seat."""
    from pettingzoo.test.state_test import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        test_state_space,
    )

    game, players, options = table
    aec = env(game, players, **options)
    test_state_space(aec)
    with pytest.raises(InvalidStateError, match=r"^game_state: .*call reset\(\)"):
        aec.state()
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    size = aec.observe("player_0")["observation"].size
    for steps, _ in enumerate(aec.agent_iter()):
        state = aec.state()
        assert state.dtype == np.float32 and aec.state_space.contains(state)
        for seat, name in enumerate(aec.possible_agents):
            part = state[seat * size : (seat + 1) * size]
            assert np.array_equal(part, aec.observe(name)["observation"])
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation or steps > 60:
            break
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_the_global_state_goes_through_pettingzoos_wrappers() -> None:
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

    wrapped = wrappers.OrderEnforcingWrapper(env("cards", 3))
    wrapped.reset(seed=3)
    raw = wrapped.unwrapped
    assert isinstance(raw, KniffelAEC)
    assert np.array_equal(wrapped.state(), raw.state())
    assert wrapped.state_space == raw.state_space and raw.state_space.shape == (
        3 * raw.observe("player_0")["observation"].size,
    )


def test_same_seed_same_game() -> None:
    finals = []
    for _ in range(2):
        aec = env("master", 2)
        aec.reset(seed=9)
        rng = np.random.default_rng(0)
        for _agent in aec.agent_iter():
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
            else:
                assert observation is not None
                aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        finals.append(aec.game_state)
    assert finals[0] == finals[1]


def test_ansi_rendering() -> None:
    aec = env("duel", render_mode="ansi")
    assert aec.render() is None  # before reset
    aec.reset(seed=4)
    text = aec.render()
    assert text is not None and "to move" in text
    assert env("master", 2).render() is None
    with pytest.raises(InvalidStateError, match="render_mode"):
        env("classic", render_mode="rgb_array")


@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_render_test_passes(table: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = table
    # PettingZoo annotates env_fn as a Gymnasium env's factory; an AEC env's is what it calls
    render_test(cast(Any, functools.partial(env, game, players, **options)))


def test_human_mode_prints_the_picture(capsys: pytest.CaptureFixture[str]) -> None:
    aec = env("duel", render_mode="human")
    assert aec.render() is None and capsys.readouterr().out == ""  # before reset
    aec.reset(seed=4)
    duel = get_variant("duel")
    assert capsys.readouterr().out == duel.render(aec.game_state) + "\n"
    assert aec.render() is None
    assert capsys.readouterr().out == duel.render(aec.game_state) + "\n"
    observation = aec.observe(aec.agent_selection)
    aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    shown = capsys.readouterr().out
    assert shown == duel.render(aec.game_state) + "\n" and "to move" in shown
    assert "human" in aec.metadata["render_modes"]


def test_the_environment_options_beside_the_rules() -> None:
    aec = env("classic", 2, reward="points", games=2)
    assert (aec.reward_mode, aec.rules) == ("points", classic.Rules(games=2))
    whole = env("classic", 2, reward="points", rules=classic.Rules(full_cup=True))
    assert whole.rules == classic.Rules(full_cup=True) and whole.reward_mode == "points"
    shown = raw_env("cards", 3, render_mode="ansi", max_rounds=9)
    assert (shown.render_mode, shown.rules) == ("ansi", cards.Rules(max_rounds=9))
    with pytest.raises(InvalidStateError) as refused:
        env("classic", 2, rewards="points")
    message = str(refused.value)
    assert message.startswith("rewards: not an option of env('classic')")
    assert all(option in message for option in ENV_OPTIONS)
    assert "joker" in message and "kniffel_score" in message
    with pytest.raises(InvalidStateError, match=r"target_stars, race"):
        env("master", 2, games=3)  # a field of another game's rules
    with pytest.raises(InvalidStateError, match="not both"):
        env("classic", rules=classic.Rules(), games=2)
    with pytest.raises(InvalidStateError, match="reward"):
        env("classic", reward="money")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"rules\.games"):
        env("classic", games="three")


def play(aec: KniffelAEC, rng: Any, steps: int | None = None) -> list[Any]:
    """Masked random moves from ``rng`` (to the end, or ``steps`` of them); what was seen."""
    seen: list[Any] = []
    for agent in aec.agent_iter():
        if steps is not None and len(seen) >= steps:
            break
        observation, reward, termination, truncation, _ = aec.last()
        assert observation is not None
        seen.append((agent, observation["observation"].tolist(), reward, termination))
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_seed_test_passes(table: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = table
    seed_test(functools.partial(env, game, players, **options), num_cycles=100)


@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_a_reset_without_a_seed_continues_the_seeded_stream(
    table: tuple[str, int, dict[str, Any]],
) -> None:
    game, players, options = table

    def second_game(first_moves: int) -> tuple[list[Any], Any]:
        aec = env(game, players, **options)
        aec.reset(seed=42)
        play(aec, np.random.default_rng(1), first_moves)
        aec.reset()
        return play(aec, np.random.default_rng(0)), aec.game_state

    second, final = second_game(0)
    assert second_game(0) == (second, final)
    # the k-th game after a seed depends on the seed and k, not on the moves before it
    assert second_game(7) == (second, final)
    aec = env(game, players, **options)
    aec.reset(seed=42)
    assert play(aec, np.random.default_rng(0)) != second  # a game of its own


def test_a_seed_must_be_an_integer() -> None:
    aec = env("duel")
    for seed in ("7", 1.5, True):
        with pytest.raises(InvalidStateError, match="seed"):
            aec.reset(seed=seed)  # type: ignore[arg-type]
    aec.reset(seed=3)
    start = aec.game_state
    for seed in (10**4000, -(10**4000), 10**5000):
        # the seed seeds a text seed: more than 4,000 digits made reset raise ValueError
        with pytest.raises(InvalidStateError, match=r"^seed: expected an integer of at most 4,000"):
            aec.reset(seed=seed)
        assert aec.game_state == start
    aec.reset(seed=10**4000 - 1)
    aec.reset(seed=-(10**4000) + 1)
    aec.reset(seed=np.int64(7))  # type: ignore[arg-type, unused-ignore]
    first = aec.game_state
    aec.reset(seed=7)
    assert aec.game_state == first


Copier = Callable[[KniffelAEC], KniffelAEC]
COPIERS: list[Copier] = [copy.deepcopy, lambda aec: pickle.loads(pickle.dumps(aec))]


@pytest.mark.parametrize("copier", COPIERS, ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("table", TABLES, ids=table_ids)
def test_a_copy_plays_on_as_the_original(
    table: tuple[str, int, dict[str, Any]], copier: Copier
) -> None:
    game, players, options = table
    fresh = copier(env(game, players, render_mode="ansi", **options))  # before reset
    assert fresh.render() is None and fresh.possible_agents == env(game, players).possible_agents
    aec = env(game, players, reward="points", **options)
    aec.reset(seed=3)
    play(aec, np.random.default_rng(3), 25)
    twin = copier(aec)
    assert twin is not aec and twin.game_state == aec.game_state and twin.rules == aec.rules
    assert play(twin, np.random.default_rng(4)) == play(aec, np.random.default_rng(4))
    assert twin.game_state == aec.game_state and get_variant(game).is_terminal(aec.game_state)
    twin.reset()
    aec.reset()
    assert play(twin, np.random.default_rng(5)) == play(aec, np.random.default_rng(5))


@pytest.mark.parametrize(("players", "rules"), CARD_TABLES)
def test_a_seat_sees_no_hidden_card_of_another_hand(players: int, rules: dict[str, Any]) -> None:
    aec = env("cards", players, max_rounds=25, **rules)
    aec.reset(seed=players)
    layout = observation_layout("cards", players, aec.rules)
    card_parts = [
        (at, name) for at, (name, n) in zip(_starts(layout), layout, strict=True) if n == 65
    ]
    rng = np.random.default_rng(players)
    checked = 0
    for _agent in aec.agent_iter(max_iter=5_000):
        state = aec.game_state
        for seat, other in enumerate(aec.possible_agents):
            seen_now = aec.observe(other)
            assert aec.observation_space(other).contains(seen_now)  # the declared bounds hold
            tensor = seen_now["observation"]
            hidden = {c.index for s, hand in enumerate(state.hands) if s != seat for c in hand}
            hidden -= {c.index for c in state.shown} | {c.index for c in state.picked}
            hidden |= {c.index for c in state.pile}
            for at, name in card_parts:
                seen = set(np.flatnonzero(tensor[at : at + 65]).tolist())
                assert not seen & hidden, (name, seen & hidden)
            own = set(np.flatnonzero(tensor[card_parts[0][0] : card_parts[0][0] + 65]).tolist())
            assert own == {c.index for c in state.hands[seat]}
            checked += 1
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        assert observation is not None
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked > 100


def _starts(layout: Any) -> list[int]:
    out, at = [], 0
    for _, n in layout:
        out.append(at)
        at += n
    return out


def test_the_card_game_refuses_a_solitaire_table() -> None:
    with pytest.raises(InvalidStateError, match="players"):
        env("cards", 1)
    assert env("cards").action_space("player_1") == spaces.Discrete(298)


@pytest.mark.parametrize("stranger", ["nobody", "player_2", "player_-1", 0, None, ["player_0"]])
def test_an_agent_not_in_the_game_is_refused_by_name(stranger: Any) -> None:
    aec = env("classic", 2)
    aec.reset(seed=1)
    start, selected = aec.game_state, aec.agent_selection
    calls: list[Callable[[], Any]] = [
        lambda: aec.observe(stranger),
        lambda: aec.observation_space(stranger),
        lambda: aec.action_space(stranger),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError) as refused:
            call()
        assert str(refused.value).startswith(f"agent: {stranger!r} is not an agent")
        assert "player_0, player_1" in str(refused.value)
    assert aec.game_state == start and aec.agent_selection == selected
    fresh = env("duel")  # the spaces are there before reset: a stranger is refused there too
    with pytest.raises(InvalidStateError, match=r"^agent: 'nobody'"):
        fresh.observation_space("nobody")


def test_agent_iter_before_reset_says_to_reset() -> None:
    aec = env("classic", 2)
    calls: list[Callable[[], Any]] = [aec.agent_iter, lambda: aec.agent_iter(max_iter=5)]
    for call in calls:
        with pytest.raises(InvalidStateError, match=r"^game_state: .*call reset\(\)"):
            call()
    aec.reset(seed=1)
    assert next(iter(aec.agent_iter())) == aec.agent_selection


def test_agent_iter_takes_an_integer_bound() -> None:
    aec = env("duel")
    aec.reset(seed=2)
    for bad in ("3", 2.5, None, True):
        with pytest.raises(InvalidStateError, match=r"^max_iter: expected an integer"):
            aec.agent_iter(bad)  # type: ignore[arg-type]
    assert len(list(aec.agent_iter(np.int64(3)))) == 3  # nothing stepped: the same agent
    assert list(aec.agent_iter(0)) == []


def test_the_number_of_players_must_be_an_integer() -> None:
    for bad in (None, "2", 2.0, True, ["Ann", "Bob"]):
        with pytest.raises(InvalidStateError, match=r"^num_players: expected a number of players"):
            env("classic", bad)  # type: ignore[arg-type]
    three = env("classic", np.int64(3))  # type: ignore[arg-type, unused-ignore]
    assert three.possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(InvalidStateError, match=r"^players: "):
        env("classic", 0)


def test_after_the_game_an_agent_steps_out_with_none_only() -> None:
    aec = env("duel")
    aec.reset(seed=1)
    rng = np.random.default_rng(0)
    while not all(aec.terminations.values()):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    final, agent = aec.game_state, aec.agent_selection
    for action in (0, np.int64(0), "pass"):
        with pytest.raises(IllegalActionError, match=f"over for {agent}: .*only action .* None"):
            aec.step(action)
    assert (aec.game_state, aec.agent_selection, aec.agents) == (final, agent, aec.possible_agents)
    with pytest.raises(IllegalActionError) as refused:
        aec.step(0)
    assert refused.value.localized("de").startswith(f"Das Spiel ist für {agent} vorbei")
    for _ in aec.possible_agents:
        aec.step(None)  # PettingZoo's dead step, agent after agent
    assert aec.agents == []
    calls: list[Callable[[], Any]] = [aec.last, lambda: aec.step(None), lambda: aec.step(0)]
    for call in calls:
        with pytest.raises(InvalidStateError, match=r"^agents: .*every agent has left.*reset\(\)"):
            call()
    assert aec.game_state == final and list(aec.agent_iter()) == []
    aec.reset(seed=1)
    assert aec.agents == aec.possible_agents and not any(aec.terminations.values())
