"""The vectorised engine plays the rules of the scalar one, and is a Gymnasium vector env.

The proof of the same rules: N games go through `VectorGame` and, die for
die, through the game's own ``apply`` (the dice the vector engine threw are
applied as the chance outcome); every mask, reward, terminal flag and
observation is compared, under many rule sets of every game the engine
covers. The policy keeps the most common face half of the time, so five of
a kind (and the joker rules) come up often.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import data_equivalence

import kniffel_rules.adapters.gymnasium  # noqa: F401 - registers the environments
from kniffel_rules import VARIANTS, DiceRoll, classic, extreme, yatzy
from kniffel_rules.adapters.arrays import action_mask, observation_array
from kniffel_rules.adapters.gymnasium import episode_bound
from kniffel_rules.adapters.space import UnsupportedGameError
from kniffel_rules.adapters.vector import AUTORESET_MODE, KniffelVectorEnv, VectorGame
from kniffel_rules.classic.rules import JokerMode
from kniffel_rules.errors import IllegalActionError, InvalidStateError, KniffelError
from kniffel_rules.limits import MAX_ENVS
from kniffel_rules.variant import get_variant

CLASSIC_OPTIONS: dict[str, tuple[Any, ...]] = {
    "joker": ("schmidt", "forced", "free", "none"),
    "extra_kniffel_bonus": (50, 0, 100),
    "extra_bonus_requires_fifty": (True, False),
    "kniffel_counts_as_full_house": (False, True),
    "full_cup": (False, True),
    "croatian": (False, True),
    "games": (1, 2),
    "ranking": ("total", "placement", "placement_fixed"),
    "upper_bonus": (35, 50),
    "upper_bonus_threshold": (63, 40, 0),  # 0: a fresh sheet holds the bonus
    "kniffel_score": (50, 60),
}
EXTREME_OPTIONS: dict[str, tuple[Any, ...]] = {
    "chips": (3, 0, 1, 6),
    "upper_bonus": (45, 20),
    "upper_bonus_threshold": (73, 50, 0),
}
YATZY_OPTIONS: dict[str, tuple[Any, ...]] = {
    "yatzy_counts_as_full_house": (False, True),
    "four_of_a_kind_counts_as_two_pairs": (False, True),
    "forced_order": (False, True),
}
OPTIONS = {"classic": CLASSIC_OPTIONS, "extreme": EXTREME_OPTIONS, "yatzy": YATZY_OPTIONS}
BOX_PLAY = [game for game in VARIANTS if get_variant(game).INFO.box_play is not None]
"""The games the vector engine plays (their ``INFO`` declares ``box_play``); `OPTIONS` has each."""


def rule_sets(game: str, count: int, seed: int) -> list[Any]:
    """The rulebook, each option alone, then ``count`` random combinations."""
    module = get_variant(game)
    options = OPTIONS[game]
    found = [module.Rules()]
    for name, values in options.items():
        for value in values[1:]:
            kw: dict[str, Any] = {name: value}
            if name == "croatian":
                found.append(module.Rules(croatian=True, croatian_floor=True))
            found.append(module.Rules(**kw))
    rng = random.Random(seed)
    for _ in range(count):
        kw = {name: rng.choice(values) for name, values in options.items()}
        if kw.get("croatian"):
            kw["croatian_floor"] = rng.random() < 0.5
        found.append(module.Rules(**kw))
    return found


def greedy_or_random(game: VectorGame, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A legal action per row: half of the time keep the most common face, else at random."""
    t = game.tables
    out = np.empty(game.num_envs, dtype=np.int64)
    for i in range(game.num_envs):
        legal = np.flatnonzero(mask[i])
        out[i] = rng.choice(legal)
        d6, _ = game.dice_of(i)
        if d6 and rng.random() < 0.5:
            face, count = Counter(d6).most_common(1)[0]
            keep = (face,) * count
            for a in legal:
                if t.box_col[a] < 0 and tuple(t.keep_vals[a, : t.keep_len[a]]) == keep:
                    out[i] = a
                    break
    return out


def thrown(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The dice of ``after`` that are not the kept ``before`` (sorted)."""
    left = Counter(after)
    left.subtract(Counter(before))
    return tuple(sorted(left.elements()))


def outcome(game: str, state: Any, vec: VectorGame, row: int) -> Any:
    """The chance outcome that brings the scalar ``state`` to the vector engine's dice."""
    d6, d10 = vec.dice_of(row)
    if game == "extreme":
        return extreme.ExtremeRoll(thrown(state.d6, d6), d10 if state.d10 is None else None)
    return DiceRoll(thrown(state.dice, d6))


def mirror(game: str, rules: Any, num_envs: int, steps: int, seed: int) -> int:
    """Play ``steps`` steps of ``num_envs`` games through both engines, comparing everything.

    Returns:
        How many decisions were taken on an extra Kniffel (the joker's).
    """
    module = get_variant(game)
    vec = VectorGame(game, num_envs, rules, np.random.default_rng(seed))
    vec.reset()
    index = vec.tables.index
    states = [module.new_game(1, rules) for _ in range(num_envs)]
    rng = np.random.default_rng(seed + 1)
    paid = [0] * num_envs  # the score each row's rewards have paid: 0 at a reset
    ended = 0
    jokers = 0
    for step in range(steps):
        jokers += len(vec._joker_rows())
        masks = vec.masks()
        obs = vec.observations()
        for i, state in enumerate(states):
            where = f"{game} {rules} step {step} env {i}"
            assert np.array_equal(masks[i], action_mask(index, state).astype(bool)), where
            expected = observation_array(game, module.observation(state, 0))
            assert np.array_equal(obs[i], expected), where
        actions = greedy_or_random(vec, masks, rng)
        rewards, terminated = vec.step(actions)
        for i in range(num_envs):
            state = states[i]
            state = module.apply(state, index.action(int(actions[i])))
            if module.current_player(state) == -1:  # CHANCE: the vector engine's throw
                state = module.apply(state, outcome(game, state, vec, i))
            assert module.current_player(state) != -1
            score = module.scores(state)[0]
            assert rewards[i] == score - paid[i], (game, rules, step, i)
            paid[i] = score
            assert bool(terminated[i]) == module.is_terminal(state), (game, rules, step, i)
            states[i] = state
        if terminated.any():
            obs = vec.observations()
            for i in map(int, np.flatnonzero(terminated)):
                expected = observation_array(game, module.observation(states[i], 0))
                assert np.array_equal(obs[i], expected), (game, rules, "final", i)
                assert not vec.masks()[i].any()
                states[i] = module.new_game(1, rules)
                paid[i] = 0
                ended += 1
            vec.reset(terminated)
    assert steps < 200 or ended > 0  # long runs see games end
    return jokers


@pytest.mark.parametrize("game", BOX_PLAY)
def test_same_rules_as_the_scalar_engine(game: str) -> None:
    for k, rules in enumerate(rule_sets(game, 4, seed=1)):
        mirror(game, rules, num_envs=2, steps=60, seed=k)


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("classic", classic.Rules(upper_bonus_threshold=0)),
        ("classic", classic.Rules(upper_bonus_threshold=0, games=2)),
        ("extreme", extreme.Rules(upper_bonus_threshold=0)),
    ],
)
def test_a_fresh_sheet_that_holds_the_bonus(game: str, rules: Any) -> None:
    """At a threshold of 0 a fresh sheet holds the bonus: shown from the start, paid in step one."""
    vec = VectorGame(game, 3, rules, np.random.default_rng(5))
    vec.reset()
    fresh = get_variant(game).scores(get_variant(game).new_game(1, rules))[0]
    assert fresh > 0
    assert (vec.score == fresh).all()
    rewards, _ = vec.step(np.zeros(3, dtype=np.int64))  # the first roll
    assert (rewards == fresh).all()
    mirror(game, rules, num_envs=3, steps=200 if getattr(rules, "games", 1) == 1 else 400, seed=3)


@pytest.mark.parametrize("joker", ["schmidt", "forced", "free", "none"])
def test_classic_joker_rules_over_whole_games(joker: JokerMode) -> None:
    for extra, fifty in ((50, True), (100, False)):
        rules = classic.Rules(
            joker=joker, extra_kniffel_bonus=extra, extra_bonus_requires_fifty=fifty
        )
        assert mirror("classic", rules, num_envs=3, steps=200, seed=7) > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", BOX_PLAY)
def test_same_rules_many_rule_sets(game: str) -> None:
    for k, rules in enumerate(rule_sets(game, 20, seed=2)):
        mirror(game, rules, num_envs=6, steps=300, seed=100 + k)


# --- Gymnasium --------------------------------------------------------------------------------

IDS = ["kniffel_rules/Classic-v0", "kniffel_rules/Extreme-v0", "kniffel_rules/Yatzy-v0"]


def make(env_id: str, n: int = 8, **kwargs: Any) -> Any:
    return gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", **kwargs)


@pytest.mark.parametrize("env_id", IDS)
def test_spaces_and_dtypes(env_id: str) -> None:
    envs = make(env_id)
    scalar = gymnasium.make(env_id)
    assert isinstance(envs, KniffelVectorEnv)
    assert envs.metadata["autoreset_mode"] is AUTORESET_MODE
    assert envs.single_action_space == scalar.action_space
    assert envs.single_observation_space == scalar.observation_space
    assert envs.action_space == gymnasium.vector.utils.batch_space(scalar.action_space, 8)
    assert envs.observation_space.shape == (8, *(scalar.observation_space.shape or ()))
    obs, info = envs.reset(seed=3)
    assert obs.dtype == np.float32 and obs in envs.observation_space
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (8, envs.index.size)
    assert envs.action_masks().dtype == bool
    rng = np.random.default_rng(0)
    for _ in range(300):
        legal = envs.action_masks()
        assert legal.any(axis=1).all()  # never all-zero, the terminal step included
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
        assert actions in envs.action_space
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs in envs.observation_space
        assert rewards.shape == (8,) and terminated.dtype == bool and truncated.dtype == bool
        assert not info["illegal_action"].any()
        if terminated.any():
            assert info["_final_obs"][terminated].all()
            final = np.stack(info["final_obs"][terminated])
            assert final in batch_of(envs, int(terminated.sum()))
            assert (info["final_obs"][~info["_final_obs"]] == None).all()  # noqa: E711
            # the reset game: only the first roll
            assert (info["action_mask"][terminated].sum(axis=1) == 1).all()
    envs.close()


@pytest.mark.parametrize("env_id", IDS)
def test_normalized_observations_are_the_scalar_envs(env_id: str) -> None:
    envs = make(env_id, 4, obs="normalized")
    scalar = gymnasium.make(env_id, obs="normalized")
    assert envs.single_observation_space == scalar.observation_space
    raw = make(env_id, 4)
    obs, _ = envs.reset(seed=5)
    plain, _ = raw.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(200):
        assert obs in envs.observation_space and obs.min() >= 0.0 and obs.max() <= 1.0
        box = raw.single_observation_space
        expected = (plain - box.low) / (box.high.astype(np.float64) - box.low)
        assert np.allclose(obs, expected, atol=1e-6)
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in raw.action_masks()])
        obs, *_ = envs.step(actions)
        plain, *_ = raw.step(actions)


def batch_of(envs: Any, n: int) -> Any:
    return gymnasium.vector.utils.batch_space(envs.single_observation_space, n)


@pytest.mark.parametrize("env_id", IDS)
def test_reset_seed_reproducible(env_id: str) -> None:
    def run(seed: int) -> list[Any]:
        envs = make(env_id, 4)
        out: list[Any] = list(envs.reset(seed=seed))
        for k in range(60):
            mask = envs.action_masks()
            out.append(
                envs.step(
                    mask.argmax(axis=1)
                    if k % 3
                    else mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)
                )
            )
        return out

    assert data_equivalence(run(5), run(5))
    assert not data_equivalence(run(5), run(6))


def test_episode_sum_is_the_final_score_and_truncation() -> None:
    envs = make("kniffel_rules/Classic-v0", 16, max_episode_steps=30)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    truncated_seen = False
    for _ in range(100):
        mask = envs.action_masks()
        _, _, terminated, truncated, info = envs.step(
            np.array([rng.choice(np.flatnonzero(r)) for r in mask])
        )
        assert not (terminated & truncated).any()
        truncated_seen |= bool(truncated.any())
        if truncated.any():
            assert info["_final_obs"][truncated].all()
    assert truncated_seen


def test_the_info_mask_is_the_callers_copy() -> None:
    envs = make("kniffel_rules/Classic-v0", 2, illegal="raise")
    _, info = envs.reset(seed=0)
    info["action_mask"][:] = 0
    assert envs.action_masks()[:, 0].all()  # the first roll is still legal
    _, _, _, _, info = envs.step(np.zeros(2, dtype=np.int64))
    legal = envs.action_masks()
    info["action_mask"][:] = 0  # the caller edits its copy ...
    assert np.array_equal(envs.action_masks(), legal)  # ... the env's mask stays
    envs.step(legal.argmax(axis=1))  # and its legal actions are taken
    _, _, _, _, info = envs.step(envs.action_masks().argmax(axis=1))
    illegal = np.flatnonzero(~envs.action_masks()[0])[0]
    info["action_mask"][:] = 1  # what the env refuses stays refused
    with pytest.raises(IllegalActionError, match="env 0"):
        envs.step(np.array([illegal, 0]))


def test_max_episode_steps_as_the_scalar_env() -> None:
    series = classic.Rules(games=3)
    bound = episode_bound("classic", series)
    assert bound > 141  # the registered bound: one game of the rulebook
    # make_vec hands the entry point what it was given, else the registration's kwargs
    classic_id = "kniffel_rules/Classic-v0"
    unset: list[dict[str, Any]] = [{}, {"max_episode_steps": -1}, {"max_episode_steps": None}]
    for kwargs in unset:
        assert make(classic_id, 2, rules=series, **kwargs).max_episode_steps == bound
        assert make(classic_id, 2, **kwargs).max_episode_steps == 141
        assert KniffelVectorEnv(2, rules=series, **kwargs).max_episode_steps == bound
    assert make("kniffel_rules/Yatzy-v0", 2).max_episode_steps == episode_bound("yatzy")
    assert make("kniffel_rules/Classic-v0", 2, max_episode_steps=30).max_episode_steps == 30
    thirty: Any = np.int64(30)  # a numpy integer is an integer
    assert KniffelVectorEnv(2, max_episode_steps=thirty).max_episode_steps == 30
    # a series of three games, rolling three times in every turn: 3 x 13 x 4 legal steps
    envs = make("kniffel_rules/Classic-v0", 2, rules=series, illegal="raise")
    envs.reset(seed=2)
    for _ in range(3 * 13 * 4 - 1):
        _, _, terminated, truncated, _ = envs.step(envs.action_masks().argmax(axis=1))
        assert not terminated.any() and not truncated.any()
    _, _, terminated, truncated, _ = envs.step(envs.action_masks().argmax(axis=1))
    assert terminated.all() and not truncated.any()


@pytest.mark.parametrize("bad", [0, -2, True, 2.5, "30"])
def test_a_bad_max_episode_steps_is_named(bad: Any) -> None:
    with pytest.raises(InvalidStateError, match="max_episode_steps"):
        KniffelVectorEnv(2, max_episode_steps=bad)
    with pytest.raises(InvalidStateError, match="max_episode_steps"):
        make("kniffel_rules/Classic-v0", 2, max_episode_steps=bad)


def test_hostile_actions() -> None:
    envs = make("kniffel_rules/Classic-v0", 4)
    with pytest.raises(IllegalActionError):
        envs.step(np.zeros(4, dtype=np.int64))  # before reset
    envs.reset(seed=0)
    for bad in (
        np.zeros(3, dtype=np.int64),
        np.zeros((4, 1), dtype=np.int64),
        [0.5] * 4,
        "abcd",
        None,
        [[0, 0]] * 2,
        [0, [1, 2], 0, 0],  # ragged: named as given, not as numpy's empty fallback
    ):
        with pytest.raises(InvalidStateError, match="actions"):
            envs.step(bad)
    with pytest.raises(InvalidStateError, match=r"got \[0, \[1, 2\], 0, 0\]"):
        envs.step([0, [1, 2], 0, 0])
    obs, _ = envs.reset(seed=0)
    actions = np.array([0, 222, -5, 10**12], dtype=np.int64)  # legal, illegal, out of range
    obs2, rewards, _, _, info2 = envs.step(actions)
    assert info2["illegal_action"].tolist() == [False, True, True, True]
    assert rewards[1:].tolist() == [-1.0, -1.0, -1.0]
    assert np.array_equal(obs2[1:], obs[1:])  # the refused envs did not move
    strict = make("kniffel_rules/Classic-v0", 4, illegal="raise")
    obs, _ = strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="env 2"):
        strict.step(np.array([0, 0, 5, 0]))
    with pytest.raises(IllegalActionError, match="env 1: 999"):
        strict.step(np.array([0, 999, 0, 0]))
    huge = np.array([0, 2**64 - 1, 0, 0], dtype=np.uint64)  # beyond int64: not wrapped to -1
    with pytest.raises(IllegalActionError, match="env 1: 18446744073709551615 is not"):
        strict.step(huge)
    obs2, *_ = strict.step(np.zeros(4, dtype=np.int64))  # nothing moved before
    assert not np.array_equal(obs, obs2)


@pytest.mark.parametrize(
    "kwargs",
    [{"num_envs": 0}, {"num_envs": True}, {"illegal": "ignore"}, {"render_mode": "human"},
     {"max_episode_steps": 0}, {"rules": extreme.Rules()}, {"obs": "scaled"},
     {"opponents": ["greedy"]}, {"opponents": ""}, {"opponents": 0}, {"illegal_reward": "x"},
     {"illegal_reward": float("nan")},
     {"illegal_reward": None}, {"num_envs": "2"}, {"num_envs": 2.0},
     {"num_envs": MAX_ENVS + 1}, {"num_envs": 10**5000}, {"illegal_reward": 10**5000}],
)  # fmt: skip
def test_bad_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(KniffelError, match=next(iter(kwargs))):
        KniffelVectorEnv(**{"num_envs": 2, **kwargs})


def test_the_rule_options_cover_every_game_of_the_engine() -> None:
    assert set(OPTIONS) == set(BOX_PLAY)


def test_games_without_an_engine() -> None:
    others = [game for game in VARIANTS if game not in BOX_PLAY]
    assert others  # the Duell, Master and the card game
    for game in others:
        with pytest.raises(UnsupportedGameError):
            VectorGame(game, 2)
        env_id = f"kniffel_rules/{game.capitalize()}-v0"
        assert gymnasium.spec(env_id).vector_entry_point is None  # make_vec takes "sync"
    for bad in (-1, True, 1.5, "3", [1, 2]):
        with pytest.raises(InvalidStateError, match="seed") as info:
            KniffelVectorEnv(2).reset(seed=bad)  # type: ignore[arg-type]
        assert isinstance(info.value, gymnasium.error.Error)  # Gymnasium's own kind, too
    # numpy's integers are seeds
    KniffelVectorEnv(2).reset(seed=np.int64(3))  # type: ignore[arg-type, unused-ignore]


def test_yatzy_forced_order_mask() -> None:
    vec = VectorGame(
        "yatzy", 2, attrs.evolve(yatzy.Rules(), forced_order=True), np.random.default_rng(0)
    )
    vec.reset()
    vec.step(np.zeros(2, dtype=np.int64))
    scores = vec.masks()[:, vec.tables.score_actions]
    assert scores.sum(axis=1).tolist() == [1, 1] and scores[:, 0].all()


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_passive_checks(env_id: str) -> None:
    """What Gymnasium's checkers offer for a vector env: spaces, observations, no shared data."""
    from gymnasium.utils.passive_env_checker import (
        _check_box_observation_space,
        check_obs,
        check_space,
        data_shares_objects,
    )

    envs = make(env_id, 4)
    check_space(envs.single_observation_space, "observation", _check_box_observation_space)
    check_space(envs.single_action_space, "action", lambda s: None)
    first = envs.reset(seed=0)
    check_obs(first[0], envs.observation_space, "reset")
    previous: Any = first
    for _ in range(30):
        step = envs.step(envs.action_masks().argmax(axis=1))
        check_obs(step[0], envs.observation_space, "step")
        assert not data_shares_objects(previous, step)
        previous = step


def test_rules_through_make_vec() -> None:
    envs = make("kniffel_rules/Classic-v0", 2, rules=classic.Rules(full_cup=True))
    assert envs.index.size == 14  # Roll() and 13 boxes: no keeps under the full cup
    _, info = envs.reset(seed=0)
    assert info["action_mask"].shape == (2, 14)


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("copier", ["pickle", "deepcopy"])
def test_a_vector_env_copied_mid_game_plays_on_as_the_original(env_id: str, copier: str) -> None:
    """The vector env pickles and deep-copies (docs/learning.md), the dice generator included."""
    envs = make(env_id, 4)
    envs.reset(seed=11)
    rng = np.random.default_rng(11)
    for _ in range(7):
        envs.step(np.array([rng.choice(np.flatnonzero(r)) for r in envs.action_masks()]))
    twin = pickle.loads(pickle.dumps(envs)) if copier == "pickle" else copy.deepcopy(envs)
    for _ in range(40):
        actions = np.array([rng.choice(np.flatnonzero(r)) for r in envs.action_masks()])
        one, two = envs.step(actions), twin.step(actions)
        assert data_equivalence(one, two)
