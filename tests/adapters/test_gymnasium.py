"""The Gymnasium environments: registration, check_env, rewards, the mask, illegal actions."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from adapters.helpers import require

gymnasium = require("gymnasium")
np = require("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from kniffel_rules import classic, extreme, get_variant  # noqa: E402
from kniffel_rules.adapters.gymnasium import ENVIRONMENTS, KniffelEnv  # noqa: E402
from kniffel_rules.adapters.space import ActionSpace, UnsupportedGameError, tensor_size  # noqa: E402
from kniffel_rules.errors import IllegalActionError, InvalidStateError  # noqa: E402


@pytest.mark.filterwarnings("error::UserWarning")  # the checker's warnings are failures
@pytest.mark.parametrize("env_id", sorted(ENVIRONMENTS))
def test_check_env_passes(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    assert env.unwrapped.action_space.n == ActionSpace.for_game(ENVIRONMENTS[env_id]).size


def play_episode(env: Any, seed: int) -> tuple[float, int, Any]:
    """A random legal episode; returns the summed reward, the steps and the final env."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert obs.dtype == np.float32 and env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated and not info["illegal_action"]
        total += reward
        steps += 1
    return total, steps, env.unwrapped


@pytest.mark.parametrize("env_id", sorted(ENVIRONMENTS))
def test_rewards_add_up_to_the_final_score(env_id: str) -> None:
    env = gymnasium.make(env_id)
    for seed in range(3):
        total, steps, raw = play_episode(env, seed)
        assert raw.module.is_terminal(raw.state)
        assert total == raw.module.scores(raw.state)[0]
        assert steps >= 13


def test_the_bonus_is_rewarded_in_the_step_that_earns_it() -> None:
    env = KniffelEnv("classic")
    env.reset(seed=0)
    sheet = classic.Sheet((3, 6, 9, 12, 15, None) + (None,) * 9)
    env.state = classic.from_json(
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


def test_same_seed_same_episode() -> None:
    first = play_episode(KniffelEnv("extreme"), 11)
    second = play_episode(KniffelEnv("extreme"), 11)
    assert first[:2] == second[:2] and first[2].state == second[2].state


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
    with pytest.raises(InvalidStateError, match="game"):
        KniffelEnv("duel")
    with pytest.raises(InvalidStateError, match="render_mode"):
        KniffelEnv("classic", render_mode="rgb_array")
    with pytest.raises(IllegalActionError, match="reset"):
        KniffelEnv("classic").step(0)


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
    assert capsys.readouterr().out == game.render(env.state) + "\n"
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    shown = capsys.readouterr().out
    assert shown == game.render(env.state) + "\n" and "Dice:" in shown
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
@pytest.mark.parametrize("env_id", sorted(ENVIRONMENTS))
def test_a_copy_plays_on_as_the_original(env_id: str, copier: Copier) -> None:
    fresh = copier(gymnasium.make(env_id, render_mode="ansi"))  # before reset, wrappers too
    assert fresh.unwrapped.render_mode == "ansi"
    envs: list[Any] = [gymnasium.make(env_id), KniffelEnv(ENVIRONMENTS[env_id], illegal="raise")]
    for env in envs:
        _, info = env.reset(seed=6)
        played = steps(env, np.random.default_rng(6), info, 20)
        twin = copier(env)
        assert twin.unwrapped.state == env.unwrapped.state
        info = {"action_mask": np.array(played[-1][3], np.int8)}
        assert steps(twin, np.random.default_rng(7), info) == steps(
            env, np.random.default_rng(7), info
        )
        assert twin.unwrapped.state == env.unwrapped.state
        _, info = twin.reset()
        assert steps(twin, np.random.default_rng(8), info) == steps(
            env, np.random.default_rng(8), env.reset()[1]
        )


def test_the_card_game_is_refused_as_not_solitaire() -> None:
    with pytest.raises(UnsupportedGameError, match=r"not solitaire.*PettingZoo"):
        KniffelEnv("cards")
