"""The Gymnasium environments: registration, check_env, rewards, the mask, illegal actions.

Every game of the registry, solitaire and at a table with bots, raw and normalised.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

from adapters.helpers import require

gymnasium = require("gymnasium")
np = require("numpy")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from adapters.helpers import HOSTILE_ACTIONS, VARIANT_RULES, check_taken_or_refused  # noqa: E402
from kniffel_rules import cards, classic, extreme, get_variant, yatzy  # noqa: E402
from kniffel_rules.adapters.gymnasium import (  # noqa: E402
    ENVIRONMENTS,
    KniffelEnv,
    SeedError,
    default_opponents,
    env_id,
    episode_bound,
)
from kniffel_rules.adapters.space import (  # noqa: E402
    ActionSpace,
    UnsupportedGameError,
    observation_bounds,
    observation_tensor,
    tensor_size,
)
from kniffel_rules.bots import BOTS, OptimalSolitaire  # noqa: E402
from kniffel_rules.errors import IllegalActionError, InvalidStateError  # noqa: E402
from kniffel_rules.variant import VARIANTS  # noqa: E402

SHORT: dict[str, dict[str, Any]] = {"cards": {"rules": cards.Rules(max_rounds=8)}}
"""Rules that keep a random game short (the card game's limit of rounds)."""


def tables(game: str) -> list[dict[str, Any]]:
    """The registered table of ``game``, and one more: a bot added, or the agent in seat 1."""
    info = get_variant(game).INFO
    first = next(iter(BOTS[game]))
    short = SHORT.get(game, {})
    if info.min_players == 1:
        return [short, {"opponents": [first], **short}]
    return [short, {"opponents": ["random"] * (info.min_players - 1), "seat": 1, **short}]


TABLES: list[tuple[str, dict[str, Any]]] = [
    (game, table) for game in VARIANTS for table in tables(game)
]
"""Every game of the registry at its registered table and at another one."""


def table_id(case: tuple[str, dict[str, Any]]) -> str:
    return f"{case[0]}-{'+'.join(case[1].get('opponents', ['default']))}"


def test_every_game_of_the_registry_is_registered() -> None:
    assert sorted(ENVIRONMENTS.values()) == sorted(VARIANTS)
    ids = {env_id(game) for game in VARIANTS}
    assert {f"kniffel_rules/{name}-v0" for name in ("Master", "Duel", "Cards", "Yatzy")} <= ids
    for name, game in ENVIRONMENTS.items():
        spec = gymnasium.spec(name)
        players = len(default_opponents(game)) + 1
        assert spec.max_episode_steps == episode_bound(game, None, players)
        assert spec.max_episode_steps == gymnasium.make(name).unwrapped.max_episode_steps


@pytest.mark.filterwarnings("error::UserWarning")  # the checker's warnings are failures
@pytest.mark.parametrize("obs", ["raw", "normalized"])
@pytest.mark.parametrize("case", TABLES, ids=table_id)
def test_check_env_passes(case: tuple[str, dict[str, Any]], obs: str) -> None:
    game, table = case
    env = gymnasium.make(env_id(game), obs=obs, **table)
    check_env(env.unwrapped)
    assert env.unwrapped.action_space.n == ActionSpace.for_game(game).size


def play_episode(env: Any, seed: int) -> tuple[float, int, Any]:
    """A random legal episode; returns the summed reward, the steps and the final env."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert np.array_equal(env.unwrapped.action_masks(), mask.astype(bool))
        assert obs.dtype == np.float32 and env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated and not info["illegal_action"]
        total += reward
        steps += 1
    assert not env.unwrapped.action_masks().any() and not info["action_mask"].any()
    return total, steps, env.unwrapped


@pytest.mark.parametrize("case", TABLES, ids=table_id)
def test_rewards_add_up_to_the_score_or_the_result(case: tuple[str, dict[str, Any]]) -> None:
    game, table = case
    env = gymnasium.make(env_id(game), **table)
    for seed in range(2):
        total, steps, raw = play_episode(env, seed)
        assert raw.module.is_terminal(raw.game_state)
        assert steps < raw.max_episode_steps
        if raw.reward_mode == "points":
            assert total == raw.module.scores(raw.game_state)[raw.seat]
        else:
            winners = raw.module.winners(raw.game_state)
            won = 0.0 if len(winners) == raw.players else 1.0 if raw.seat in winners else -1.0
            assert total == won


def test_the_reward_of_each_game() -> None:
    modes = {game: KniffelEnv(game).reward_mode for game in VARIANTS}
    assert modes == {
        "classic": "points",
        "extreme": "points",
        "master": "points",
        "duel": "win",
        "cards": "win",
        "yatzy": "points",
    }
    assert KniffelEnv("master", opponents=["greedy"]).reward_mode == "win"
    assert KniffelEnv("classic", opponents=["greedy"]).reward_mode == "points"
    assert KniffelEnv("classic", opponents=["greedy"], reward="win").reward_mode == "win"


@pytest.mark.parametrize(("game", "rules"), VARIANT_RULES)
def test_observations_stay_in_their_declared_bounds(game: str, rules: Any) -> None:
    raw = KniffelEnv(game, rules, opponents=["random"])
    box = raw.observation_space
    assert isinstance(box, spaces.Box)
    low, high = box.low, box.high
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
    assert high.max() < 1e6  # real bounds, not float32's largest number
    normal = KniffelEnv(game, rules, opponents=["random"], obs="normalized")
    space = normal.observation_space
    assert isinstance(space, spaces.Box)
    assert (space.low == 0).all() and (space.high == 1).all()
    lows, highs = observation_bounds(game, 2, rules)
    assert low.tolist() == list(lows)
    assert high.tolist() == [max(h, lo + 1) for lo, h in zip(lows, highs, strict=True)]
    for seed in range(2):
        _, _, played = play_episode(raw, seed)
        _, _, scaled = play_episode(normal, seed)
        assert played.game_state == scaled.game_state  # the same dice and the same bots
        back = low + scaled._observe()[0] * (high - low)
        assert np.allclose(back, played._observe()[0], atol=1e-3)


def test_the_environment_truncates_at_its_bound() -> None:
    env = KniffelEnv("classic")
    env.reset(seed=0)
    env.max_episode_steps = 3
    score = env.index.index(classic.Score(classic.Box.CHANCE))  # refused before a roll
    assert [env.step(score)[3] for _ in range(3)] == [False, False, True]
    wrapped = gymnasium.make("kniffel_rules/Classic-v0")
    wrapped.reset(seed=0)
    limit = wrapped.spec.max_episode_steps
    assert limit == 141 and all(not wrapped.step(score)[3] for _ in range(limit - 1))
    assert wrapped.step(score)[3]


def test_max_episode_steps_of_the_environment() -> None:
    """The environment's own limit: the bound for its rules and table, or the one given."""
    series = classic.Rules(games=3)
    bound = episode_bound("classic", series)
    assert bound > 141 and KniffelEnv("classic", series).max_episode_steps == bound
    for unset in (None, -1, np.int64(-1)):
        assert KniffelEnv("classic", series, max_episode_steps=unset).max_episode_steps == bound
    assert KniffelEnv("classic", max_episode_steps=np.int64(5)).max_episode_steps == 5
    for bad in (0, -2, True, 2.5, "141"):
        with pytest.raises(InvalidStateError, match="max_episode_steps"):
            KniffelEnv("classic", max_episode_steps=bad)  # type: ignore[arg-type]
    # through make the keyword is Gymnasium's TimeLimit; the environment keeps its bound
    made = gymnasium.make("kniffel_rules/Classic-v0", rules=series, max_episode_steps=-1)
    assert made.unwrapped.max_episode_steps == bound and made.spec.max_episode_steps is None
    assert gymnasium.spec("kniffel_rules/Classic-v0").kwargs["max_episode_steps"] is None


@pytest.mark.parametrize("illegal", ["penalty", "raise"])
def test_a_float_or_a_string_is_not_an_action_number(illegal: str) -> None:
    env = KniffelEnv("classic", illegal=illegal)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=3)
    start = env.game_state
    for bad in (0.7, 0.0, np.float64(0.0), "0", True, np.array([0])):
        if illegal == "raise":
            with pytest.raises(IllegalActionError, match="not an action number"):
                env.step(bad)
        else:
            again, reward, _, _, info = env.step(bad)
            assert info["illegal_action"] and reward == -1.0 and np.array_equal(obs, again)
        assert env.game_state == start  # nothing was played
    _, _, _, _, info = env.step(np.int64(0))  # a numpy integer is an action number
    assert not info["illegal_action"] and env.game_state != start
    env.step(np.array(0, dtype=np.int32))  # and so is a 0-d integer array


def test_yatzys_optimal_opponent_is_made_for_yatzys_rules() -> None:
    # the bot is built for the table's game and rules (bots.make_bot); it is
    # only built here, not asked to play (solving Yatzy takes seconds)
    env = gymnasium.make("kniffel_rules/Yatzy-v0", opponents=["optimal"])
    bots = env.unwrapped._bots()
    assert list(bots) == [1]
    bot = bots[1]
    assert isinstance(bot, OptimalSolitaire) and bot.rules == yatzy.Rules()
    forced = KniffelEnv("yatzy", yatzy.Rules(forced_order=True), opponents=["optimal"])
    bot = forced._bots()[1]
    assert isinstance(bot, OptimalSolitaire) and bot.rules == yatzy.Rules(forced_order=True)


def test_action_masks_is_the_info_mask_as_bool() -> None:
    env = gymnasium.make("kniffel_rules/Yatzy-v0")
    masks = env.get_wrapper_attr("action_masks")
    assert masks().dtype == np.bool_ and not masks().any()  # before reset: nothing legal
    _, info = env.reset(seed=1)
    assert np.array_equal(masks(), info["action_mask"] == 1) and masks().sum() == 1
    info["action_mask"][:] = 0  # the caller's copy: the environment's mask stays
    assert masks().sum() == 1


def test_the_agent_takes_its_seat_and_sees_its_view() -> None:
    env = KniffelEnv("cards", opponents=["greedy", "random"], seat=2)
    obs, info = env.reset(seed=4)
    game = env.module
    assert game.current_player(env.game_state) == 2
    view = game.observation(env.game_state, 2)
    assert obs.tolist() == observation_tensor("cards", view)
    assert obs.shape == (tensor_size("cards", 3),)
    assert np.flatnonzero(info["action_mask"]).tolist() == list(env.index.legal_indices(view))


@pytest.mark.parametrize("case", TABLES[1::2], ids=table_id)
def test_the_seed_replays_the_bots_too(case: tuple[str, dict[str, Any]]) -> None:
    game, table = case
    runs = [play_episode(KniffelEnv(game, **table), seed) for seed in (9, 9, 10)]
    assert runs[0][2].game_state == runs[1][2].game_state
    assert runs[0][2].game_state != runs[2][2].game_state


def test_the_bonus_is_rewarded_in_the_step_that_earns_it() -> None:
    env = KniffelEnv("classic")
    env.reset(seed=0)
    sheet = classic.Sheet((3, 6, 9, 12, 15, None) + (None,) * 9)
    env.game_state = classic.from_json(
        classic.to_json(
            classic.State(
                classic.Rules(),
                ("Ann",),
                (sheet,),
                classic.Phase.DECIDE,
                dice=(1, 2, 6, 6, 6),
                rolls=1,
            )
        )
    )
    _, reward, *_ = env.step(env.index.index(classic.Score(classic.Box.SIXES)))
    assert reward == 18 + 35


@pytest.mark.parametrize("game", ["classic", "extreme"])
def test_points_a_fresh_sheet_holds_are_paid_in_the_first_step(game: str) -> None:
    """At an upper-bonus threshold of 0 the sheet starts at the bonus: the first step pays it."""
    rules = get_variant(game).Rules(upper_bonus_threshold=0)
    start = get_variant(game).scores(get_variant(game).new_game(1, rules))[0]
    assert start > 0
    env = KniffelEnv(game, rules=rules)
    env.reset(seed=1)
    assert env.step(0)[1] == start  # the first roll scores nothing; the bonus held is paid
    for seed in range(2):
        total, _, raw = play_episode(gymnasium.make(env_id(game), rules=rules), seed)
        assert total == raw.module.scores(raw.game_state)[0]


def test_a_refused_action_under_raise_is_not_a_step() -> None:
    """``illegal="raise"`` leaves the environment as it was: the step budget too."""
    env = KniffelEnv("classic", illegal="raise", max_episode_steps=2)
    env.reset(seed=0)
    score = env.index.index(classic.Score(classic.Box.CHANCE))  # refused before a roll
    for _ in range(3):
        with pytest.raises(IllegalActionError):
            env.step(score)
    roll = env.index.index(classic.Roll())  # all five dice: the first throw, then again
    assert env.step(roll)[3] is False
    assert env.step(roll)[3] is True  # the second counted step reaches the budget of two


def test_same_seed_same_episode() -> None:
    first = play_episode(KniffelEnv("extreme"), 11)
    second = play_episode(KniffelEnv("extreme"), 11)
    assert first[:2] == second[:2] and first[2].game_state == second[2].game_state


def test_illegal_action_is_penalised_or_raises() -> None:
    env = KniffelEnv("classic")
    obs, _ = env.reset(seed=3)
    score = env.index.index(classic.Score(classic.Box.CHANCE))
    again, reward, terminated, truncated, info = env.step(score)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert np.array_equal(obs, again)
    strict = KniffelEnv("classic", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError, match="roll the dice before"):
        strict.step(score)
    with pytest.raises(IllegalActionError, match="not an action number"):
        strict.step(10_000)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="illegal"):
        KniffelEnv("classic", illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="opponents"):
        KniffelEnv("duel", opponents=["greedy", "greedy"])
    with pytest.raises(InvalidStateError, match="opponents"):
        KniffelEnv("duel", opponents=[])
    with pytest.raises(InvalidStateError, match=r"opponents.*greedy, strong, random"):
        KniffelEnv("duel", opponents=["optimal"])
    with pytest.raises(InvalidStateError, match="opponents"):
        KniffelEnv("classic", opponents="greedy")
    for bad_seat in (2, -1, True, "1", 1.0, None):
        with pytest.raises(InvalidStateError, match=r"^seat: expected a seat 0\.\.1"):
            KniffelEnv("classic", opponents=["greedy"], seat=bad_seat)  # type: ignore[arg-type]
    assert KniffelEnv("classic", opponents=["greedy"], seat=np.int64(1)).seat == 1  # type: ignore[arg-type, unused-ignore]
    with pytest.raises(InvalidStateError, match="obs"):
        KniffelEnv("classic", obs="scaled")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="reward"):
        KniffelEnv("classic", reward="stars")  # type: ignore[arg-type]
    with pytest.raises(UnsupportedGameError):
        KniffelEnv("poker")
    with pytest.raises(InvalidStateError, match="render_mode"):
        KniffelEnv("classic", render_mode="rgb_array")
    with pytest.raises(IllegalActionError, match="reset"):
        KniffelEnv("classic").step(0)


@pytest.mark.filterwarnings("error::UserWarning")
def test_house_rules_through_make() -> None:
    env = gymnasium.make("kniffel_rules/Extreme-v0", rules=extreme.Rules(chips=0))
    obs, _ = env.reset(seed=0)
    assert obs.shape == (tensor_size("extreme", 1, extreme.Rules(chips=0)),)
    cup = gymnasium.make("kniffel_rules/Classic-v0", rules=classic.Rules(full_cup=True))
    assert cup.unwrapped.action_space.n == 14


@pytest.mark.filterwarnings("error::UserWarning")
def test_ansi_rendering() -> None:
    env = gymnasium.make("kniffel_rules/Classic-v0", render_mode="ansi").unwrapped
    check_env(env)
    assert env.render() is None or isinstance(env.render(), str)
    env.reset(seed=2)
    env.step(0)
    text = env.render()
    assert text is not None and "Dice:" in text and "Roll(" not in text
    assert KniffelEnv("extreme").render() is None


@pytest.mark.filterwarnings("error::UserWarning")
def test_human_mode_prints_the_picture(capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make("kniffel_rules/Extreme-v0", render_mode="human").unwrapped
    check_env(env)
    capsys.readouterr()
    _, info = env.reset(seed=2)
    game = get_variant("extreme")
    assert capsys.readouterr().out == game.render(env.game_state) + "\n"
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    shown = capsys.readouterr().out
    assert shown == game.render(env.game_state) + "\n" and "Dice:" in shown
    assert env.render() is None
    assert capsys.readouterr().out == shown


Copier = Callable[[Any], Any]
COPIERS: list[Copier] = [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))]


def steps(env: Any, rng: Any, info: dict[str, Any], count: int | None = None) -> list[Any]:
    """Masked random steps from ``rng`` (to the end, or ``count`` of them); what they gave."""
    out: list[Any] = []
    terminated = False
    while not terminated and (count is None or len(out) < count):
        obs, reward, terminated, _, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        out.append((obs.tolist(), reward, terminated, info["action_mask"].tolist()))
    return out


@pytest.mark.parametrize("copier", COPIERS, ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("case", TABLES, ids=table_id)
def test_a_copy_plays_on_as_the_original(case: tuple[str, dict[str, Any]], copier: Copier) -> None:
    game, table = case
    fresh = copier(gymnasium.make(env_id(game), render_mode="ansi", **table))  # before reset
    assert fresh.unwrapped.render_mode == "ansi"
    envs: list[Any] = [
        gymnasium.make(env_id(game), **table),
        KniffelEnv(game, illegal="raise", **table),
    ]
    for env in envs:
        _, info = env.reset(seed=6)
        played = steps(env, np.random.default_rng(6), info, 20)
        twin = copier(env)
        assert twin.unwrapped.game_state == env.unwrapped.game_state
        info = {"action_mask": np.array(played[-1][3], np.int8)}
        assert steps(twin, np.random.default_rng(7), info) == steps(
            env, np.random.default_rng(7), info
        )
        assert twin.unwrapped.game_state == env.unwrapped.game_state
        _, info = twin.reset()
        assert steps(twin, np.random.default_rng(8), info) == steps(
            env, np.random.default_rng(8), env.reset()[1]
        )


def test_illegal_reward_must_be_a_finite_number() -> None:
    for bad in ("1", "x", None, [1], 1j, True, float("nan"), float("inf"), 10**400, -(10**5000)):
        with pytest.raises(InvalidStateError, match=r"^illegal_reward: expected a finite number"):
            KniffelEnv("classic", illegal_reward=bad)  # type: ignore[arg-type]
    assert KniffelEnv("classic", illegal_reward=np.float32(-2.5)).illegal_reward == -2.5
    assert KniffelEnv("classic", illegal_reward=-3).illegal_reward == -3.0


def test_a_seed_must_be_an_integer_from_zero() -> None:
    env = KniffelEnv("duel")
    _, info = env.reset(seed=5)
    start, rng = env.game_state, env.np_random.bit_generator.state
    for bad in ("7", 1.5, True, -1, [1], np.float64(2.0)):
        with pytest.raises(SeedError, match=r"^seed: expected None or an integer >= 0") as refused:
            env.reset(seed=bad)  # type: ignore[arg-type]
        # the library's error, and Gymnasium's own for a bad seed
        assert isinstance(refused.value, InvalidStateError)
        assert isinstance(refused.value, gymnasium.error.Error)
        assert env.game_state == start and env.np_random.bit_generator.state == rng  # unchanged
    assert np.array_equal(env.action_masks(), info["action_mask"] == 1)
    obs, _ = env.reset(seed=np.int64(3))  # type: ignore[arg-type, unused-ignore]
    again, _ = KniffelEnv("duel").reset(seed=3)
    assert np.array_equal(obs, again)
    made = gymnasium.make("kniffel_rules/Classic-v0")
    with pytest.raises(SeedError):
        made.reset(seed=-4)  # through Gymnasium's wrappers too


def test_episode_bound_refuses_a_player_count_the_game_does_not_take() -> None:
    for bad in ("x", None, 1.5, True):
        with pytest.raises(InvalidStateError, match=r"^players: expected a number of players"):
            episode_bound("classic", None, bad)  # type: ignore[arg-type]
    for bad in (0, -3):
        with pytest.raises(InvalidStateError, match=r"^players: .*1 to 1000 players"):
            episode_bound("classic", None, bad)
    with pytest.raises(InvalidStateError, match=r"^players: "):
        episode_bound("cards", None, 1)
    assert episode_bound("classic", None, np.int64(3)) == 423  # type: ignore[arg-type, unused-ignore]


def test_env_id_is_for_a_game_of_the_registry() -> None:
    assert env_id(classic) == env_id("classic") == "kniffel_rules/Classic-v0"  # type: ignore[arg-type]
    for bad in ("poker", 5, None):
        with pytest.raises(UnsupportedGameError, match="unknown game"):
            env_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("illegal", ["penalty", "raise"])
def test_a_huge_number_or_a_long_text_is_refused_in_a_short_message(illegal: str) -> None:
    # A hostile client's action: an int beyond Python's 4,300-digit text
    # conversion made the message raise ValueError; a megabyte of text was
    # quoted whole.
    env = KniffelEnv("classic", illegal=illegal)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=3)
    start = env.game_state
    for bad in (10**5000, -(10**5000), 2**64, "x" * 1_000_000):
        if illegal == "raise":
            with pytest.raises(IllegalActionError, match="not an action number") as refused:
                env.step(bad)
            assert len(str(refused.value)) < 300
            assert len(refused.value.localized("de")) < 300
        else:
            again, reward, _, _, info = env.step(bad)
            assert info["illegal_action"] and reward == -1.0 and np.array_equal(obs, again)
        assert env.game_state == start  # nothing was played


@settings(max_examples=60, deadline=None)
@given(action=HOSTILE_ACTIONS)
def test_any_action_is_taken_or_refused_in_a_short_message(action: Any) -> None:
    env = KniffelEnv("classic", illegal="raise")
    env.reset(seed=3)
    check_taken_or_refused(env, action)


def test_a_refused_action_number_is_told_in_german_too() -> None:
    env = KniffelEnv("classic", illegal="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError) as refused:
        env.step("0")
    assert str(refused.value) == "'0' is not an action number 0..222"
    assert refused.value.localized("de") == "'0' ist keine Zugnummer von 0 bis 222"
