"""Train sb3-contrib's MaskablePPO on a solitaire dice game, on the CPU, and measure it.

Run (needs the ``[train]`` extra and a CPU build of torch, see ``docs/learning.md``)::

    python examples/train_maskable_ppo.py --cpu-seconds 300 --curve curve.svg
    python examples/train_maskable_ppo.py --smoke          # a few seconds: what CI runs

It trains on a Gymnasium vector environment of the library (``--vectorization
vector_entry_point``, the vectorised engine, where the installed version has
it; ``sync``: N scalar environments in Gymnasium's ``SyncVectorEnv``), through a
small adapter to Stable-Baselines3's ``VecEnv`` that hands MaskablePPO the legal
actions from ``info["action_mask"]`` (its ``env_method("action_masks")``).
Observations and rewards are normalised by SB3's ``VecNormalize`` (the raw
observation holds points). Training stops at ``--timesteps`` or once the process
has used ``--cpu-seconds`` of CPU time (``time.process_time``; torch is held to
one thread, so that is one core's time), whichever comes first.

Then it plays ``--eval-games`` games with the trained policy (the most likely
legal action), the same number with the library's greedy bot, and prints the
mean final scores beside the optimal player's expected score. ``--curve``
draws the learning curve (matplotlib: mean final score of the last 100 training
games against CPU seconds and environment steps), ``--log`` writes its points
as CSV (as it goes). Ctrl-C stops the training early and goes on to the games.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium.vector import AutoresetMode
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import VecEnv, VecMonitor, VecNormalize

import kniffel_rules.adapters.gymnasium as kniffel_gym  # registers the environments
from kniffel_rules.bots import BOTS
from kniffel_rules.simulation import simulate


class VectorEnvToSB3(VecEnv):
    """A Gymnasium ``VectorEnv`` (same-step autoreset) as Stable-Baselines3's ``VecEnv``.

    SB3 wants, at the end of an episode, the next episode's first observation
    and the last one in ``infos[i]["terminal_observation"]``: that is
    Gymnasium's ``AutoresetMode.SAME_STEP`` (``final_obs``). The legal
    actions for the observations just returned come from
    ``info["action_mask"]``; ``env_method("action_masks")`` hands them to
    MaskablePPO one row per environment.

    Args:
        env: A Gymnasium vector environment with ``autoreset_mode`` SAME_STEP
            and the mask in ``info["action_mask"]``.
    """

    def __init__(self, env: gymnasium.vector.VectorEnv[Any, Any, Any]) -> None:
        mode = env.metadata.get("autoreset_mode")
        if mode not in (AutoresetMode.SAME_STEP, AutoresetMode.SAME_STEP.value):
            raise ValueError(f"the vector env must reset in the same step, not {mode!r}")
        self.env = env
        actions = env.single_action_space
        assert isinstance(actions, gymnasium.spaces.Discrete)
        self.masks: np.ndarray[Any, Any] = np.ones((env.num_envs, int(actions.n)), np.bool_)
        self.actions: np.ndarray[Any, Any] | None = None
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)

    def reset(self) -> np.ndarray[Any, Any]:
        """Start every game; a seed set by ``seed()`` seeds the vector env."""
        seed = self._seeds[0]
        obs, info = self.env.reset(seed=seed)
        self._reset_seeds()
        self.masks = np.asarray(info["action_mask"], bool)
        return np.asarray(obs)

    def step_async(self, actions: np.ndarray[Any, Any]) -> None:
        """Remember the actions for ``step_wait``."""
        self.actions = actions

    def step_wait(self) -> Any:
        """Step every game; a finished game restarts in the same step."""
        obs, rewards, terminated, truncated, info = self.env.step(self.actions)
        dones = np.logical_or(terminated, truncated)
        self.masks = np.asarray(info["action_mask"], bool)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = np.asarray(info["final_obs"][i])
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return np.asarray(obs), np.asarray(rewards, np.float32), dones, infos

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal actions of the current observations, ``(num_envs, actions)``."""
        return self.masks

    def close(self) -> None:
        """Close the vector env."""
        self.env.close()

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)

    def env_method(
        self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any
    ) -> list[Any]:
        """``"action_masks"``: each environment's row of the mask."""
        if method_name == "action_masks":
            return [self.masks[i] for i in self._indices(indices)]
        raise AttributeError(f"{method_name} is not forwarded to a Gymnasium vector env")

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """An attribute of the vector env (``render_mode``, ...), once per environment."""
        if attr_name == "action_masks":
            return [self.action_masks for _ in self._indices(indices)]
        value = getattr(self.env, attr_name)
        return [value for _ in self._indices(indices)]

    def has_attr(self, attr_name: str) -> bool:
        """Whether ``get_attr`` finds it (``action_masks`` always)."""
        return attr_name == "action_masks" or hasattr(self.env, attr_name)

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Not supported by this adapter."""
        raise AttributeError("set_attr is not forwarded to a Gymnasium vector env")

    def env_is_wrapped(self, wrapper_class: type[Any], indices: Any = None) -> list[bool]:
        """No SB3 wrappers inside (the Monitor is ``VecMonitor`` outside)."""
        return [False for _ in self._indices(indices)]


def vectorization_of(env_id: str, choice: str) -> str:
    """``choice``, or for ``"auto"`` the vectorised engine where the environment has one."""
    if choice != "auto":
        return choice
    return "vector_entry_point" if gymnasium.spec(env_id).vector_entry_point else "sync"


def make_env(
    env_id: str, num_envs: int, vectorization: str
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """The Gymnasium vector env: the vectorised engine or ``SyncVectorEnv``."""
    # the vectorised engine resets in the same step; Gymnasium's own wrappers are told to
    kwargs: dict[str, Any] = (
        {}
        if vectorization == "vector_entry_point"
        else {"vector_kwargs": {"autoreset_mode": AutoresetMode.SAME_STEP}}
    )
    return gymnasium.make_vec(env_id, num_envs=num_envs, vectorization_mode=vectorization, **kwargs)


HEADER = ("steps", "cpu_seconds", "mean_score_last_100", "episodes")
"""The columns of ``--log``: one row after each rollout."""


class Curve(BaseCallback):
    """Records the learning curve after each rollout and stops at the CPU budget."""

    def __init__(self, cpu_seconds: float, start: float, log: Path | None = None) -> None:
        super().__init__()
        self.cpu_seconds = cpu_seconds
        self.start = start
        self.log = log
        self.points: list[tuple[int, float, float, int]] = []
        if log:
            log.write_text(",".join(HEADER) + "\n")

    def _on_step(self) -> bool:
        return time.process_time() - self.start < self.cpu_seconds

    def _on_rollout_end(self) -> None:
        episodes = [e["r"] for e in self.model.ep_info_buffer or ()]
        if episodes:
            cpu = time.process_time() - self.start
            point = (self.num_timesteps, cpu, float(np.mean(episodes)), len(episodes))
            self.points.append(point)
            if self.log:  # as it goes: a long run can be watched, or drawn when stopped
                with self.log.open("a", newline="") as f:
                    csv.writer(f).writerow(point)
            if self.verbose:
                print(f"{point[0]:>9} steps {cpu:7.1f} CPU-s  mean {point[2]:6.1f}", flush=True)


def evaluate(
    model: MaskablePPO, env_id: str, games: int, norm: VecNormalize, seed: int, vectorization: str
) -> list[float]:
    """Final scores of ``games`` games played by the policy's most likely legal action."""
    n = min(games, 50)
    quota = [games // n + (i < games % n) for i in range(n)]
    venv = VectorEnvToSB3(make_env(env_id, n, vectorization))
    venv.seed(seed)
    obs = venv.reset()
    totals = np.zeros(n)
    scores: list[list[float]] = [[] for _ in range(n)]
    while any(len(s) < q for s, q in zip(scores, quota, strict=True)):
        actions, _ = model.predict(
            norm.normalize_obs(obs), action_masks=venv.action_masks(), deterministic=True
        )
        stepped, rewards, dones, _ = venv.step(np.asarray(actions))
        obs = np.asarray(stepped)
        totals += rewards
        for i in np.flatnonzero(dones):
            if len(scores[i]) < quota[i]:
                scores[i].append(float(totals[i]))
            totals[i] = 0.0
    venv.close()
    return [s for per_env in scores for s in per_env]


def plot(
    points: Sequence[tuple[int, float, float, int]],
    path: Path,
    title: str,
    lines: dict[str, float],
    final: tuple[float, float] | None = None,
) -> None:
    """Draw the learning curve (mean final score against CPU seconds) with matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    cpu = [p[1] for p in points]
    steps = points[-1][0] if points else 0
    label = f"MaskablePPO, {steps:,} steps (mean of the last 100 training games)"
    ax.plot(cpu, [p[2] for p in points], label=label)
    if final:
        ax.plot(*final, "o", label=f"trained policy, most likely action: {final[1]:.1f}")
    for (label, value), style in zip(lines.items(), ("--", ":", "-."), strict=False):
        ax.axhline(value, linestyle=style, color="grey", label=f"{label}: {value:.1f}")
    ax.set_xlabel("CPU seconds (one core)")
    ax.set_ylabel("mean final score")
    ax.set_title(title)
    ax.set_ylim(0, 260)
    ax.legend(loc="lower right", fontsize="small")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    metadata = {"Date": None} if path.suffix == ".svg" else {}
    fig.savefig(path, metadata=metadata)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the result; ``--help`` lists the options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--env", default="kniffel_rules/Classic-v0", choices=sorted(kniffel_gym.ENVIRONMENTS)
    )
    parser.add_argument(
        "--vectorization", default="auto", choices=["auto", "vector_entry_point", "sync"]
    )
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--timesteps", type=int, default=10_000_000, help="at most this many steps")
    parser.add_argument("--cpu-seconds", type=float, default=300.0, help="at most this CPU time")
    parser.add_argument("--n-steps", type=int, default=64, help="steps per env per rollout")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, help="draw the learning curve here (.svg, .png)")
    parser.add_argument("--log", type=Path, help="write the curve's points here (CSV)")
    parser.add_argument(
        "--smoke", action="store_true", help="a few seconds: tiny rollouts, 20 games"
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.num_envs, args.n_steps, args.eval_games = 4, 64, 20
        args.timesteps = min(args.timesteps, 1024)

    args.vectorization = vectorization_of(args.env, args.vectorization)
    torch.set_num_threads(1)  # one core: the CPU time is one core's time
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    game = kniffel_gym.ENVIRONMENTS[args.env]
    venv = VectorEnvToSB3(make_env(args.env, args.num_envs, args.vectorization))
    norm = VecNormalize(VecMonitor(venv), norm_obs=True, norm_reward=True, gamma=1.0)
    model = MaskablePPO(
        "MlpPolicy",
        norm,
        learning_rate=3e-4,
        n_steps=args.n_steps,
        batch_size=min(512, args.n_steps * args.num_envs),
        n_epochs=4,
        gamma=1.0,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    # The curve is this script's log: SB3's own logger would write nothing
    # at verbose=0 but still make an empty SB3-<date> folder in the temp dir.
    model.set_logger(Logger(folder=None, output_formats=[]))
    curve = Curve(args.cpu_seconds, start_cpu, args.log)
    curve.verbose = 0 if args.smoke else 1
    try:
        model.learn(total_timesteps=args.timesteps, callback=curve)
    except KeyboardInterrupt:  # Ctrl-C: stop training, evaluate the policy as it is
        print("training stopped by the user")
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
    print(
        f"trained {model.num_timesteps} steps in {cpu:.1f} CPU-s ({wall:.1f} s wall)"
        f" on {args.env}, {args.vectorization}, {args.num_envs} envs"
    )

    norm.training = False
    scores = evaluate(model, args.env, args.eval_games, norm, args.seed + 1, args.vectorization)
    greedy = simulate(game, ["greedy"], games=args.eval_games, seed=args.seed + 1).summary()[0].mean
    lines = {"greedy bot": greedy}
    if "optimal" in BOTS[game]:
        rules = gymnasium.make(args.env).unwrapped.rules  # type: ignore[attr-defined]
        optimal: Any = BOTS[game]["optimal"](rules)  # type: ignore[call-arg]
        lines["optimal"] = optimal.expected_score()
    se = float(np.std(scores, ddof=1) / np.sqrt(len(scores))) if len(scores) > 1 else 0.0
    print(f"MaskablePPO: mean {np.mean(scores):.1f} +- {se:.1f} over {len(scores)} games")
    for label, value in lines.items():
        print(f"{label}: {value:.1f}")
    if args.curve:
        final = (cpu, float(np.mean(scores)))
        plot(curve.points, args.curve, f"MaskablePPO on {args.env}", lines, final)
    return 0


if __name__ == "__main__":
    sys.exit(main())
