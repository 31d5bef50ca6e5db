"""The vectorised engine's steps per CPU-second against the scalar env, OpenSpiel's yacht and numpy.

Run: ``python benchmarks/vector.py [--seconds S] [--envs N] [--games classic,extreme,yatzy]``
(in an environment with numpy and gymnasium; ``pyspiel`` for the yacht row).

All in one run, each measured with ``time.process_time`` for ``--seconds``:

- ``vector``: ``gymnasium.make_vec(..., num_envs=N, vectorization_mode="vector_entry_point")``
  stepped with a random legal action per env, drawn from ``action_masks()``
  in numpy (a random byte key, odd 1..255, per legal action, the largest wins, a
  tie to the lower number); a step of N
  envs counts N steps. ``vector env only`` counts only the CPU time inside
  ``step`` (the policy's draw excluded).
- ``scalar``: ``gymnasium.make(...)`` (with Gymnasium's default wrappers, as
  a user gets it), one env, a random legal action from ``info["action_mask"]``.
- ``yacht``: OpenSpiel's C++ ``yacht`` (two players) driven from Python by
  random legal playouts: a player's action uniformly from
  ``legal_actions()``; a chance node's outcome uniformly from its 7,776
  equally likely ordered throws (checked at the start), drawn with
  ``random.randrange``; steps counted are the players' decisions (chance is
  inside a step of the other engines too).
- ``numpy ceiling``: a bare loop of the least one step of N games must do in
  numpy: draw N random action numbers, one table lookup of the next state
  and one of the reward, one addition (classic's table sizes).

Prints steps per CPU-second and the ratios vector/scalar and vector/yacht,
with the random policy and (``(env)``) for the env's ``step`` alone.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import kniffel_rules.adapters.gymnasium as kgym


def timed(seconds: float, body: Callable[[], int]) -> float:
    """Steps per CPU-second: ``body()`` returns the steps it took."""
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += body()
    return steps / (time.process_time() - start)


def vector(env_id: str, n: int, seconds: float) -> tuple[float, float]:
    """(steps per CPU-second with the random policy, and inside ``step`` only)."""
    envs: Any = gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point")
    envs.reset(seed=1)
    rng = np.random.default_rng(2)
    inside = [0.0]

    def body() -> int:
        mask = envs.action_masks()
        keys = np.frombuffer(rng.bytes(mask.size), dtype=np.uint8).reshape(mask.shape) | 1
        keys *= mask
        actions = keys.argmax(axis=1)
        t = time.process_time()
        envs.step(actions)
        inside[0] += time.process_time() - t
        return n

    start = time.process_time()
    total = 0
    while time.process_time() - start < seconds:
        total += body()
    rate = total / (time.process_time() - start)
    return rate, total / inside[0]


def scalar(env_id: str, seconds: float) -> float:
    """Steps per CPU-second of the scalar Gymnasium env with a random legal action."""
    env = gymnasium.make(env_id)
    rng = random.Random(3)
    _, info = env.reset(seed=1)
    state: dict[str, Any] = {"info": info}

    def body() -> int:
        legal = np.flatnonzero(state["info"]["action_mask"])
        _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        if terminated or truncated:
            _, info = env.reset()
        state["info"] = info
        return 1

    return timed(seconds, body)


def yacht(seconds: float) -> float | None:
    """Decisions per CPU-second of random playouts of OpenSpiel's yacht (``None``: no pyspiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("yacht")
    first = game.new_initial_state()
    outcomes = first.chance_outcomes()
    throws = len(outcomes)
    assert [a for a, _ in outcomes] == list(range(throws))
    assert len({p for _, p in outcomes}) == 1  # equally likely: randrange draws them
    rng = random.Random(4)

    def body() -> int:
        decisions = 0
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(throws))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return timed(seconds, body)


def ceiling(n: int, seconds: float) -> float:
    """Steps per CPU-second of a bare numpy table-lookup loop over ``n`` games."""
    rng = np.random.default_rng(5)
    nxt = rng.integers(0, 253, size=(253, 223), dtype=np.int16)
    points = rng.integers(0, 50, size=(253, 223), dtype=np.int32)
    state = np.zeros(n, dtype=np.int16)
    total = np.zeros(n, dtype=np.int64)

    def body() -> int:
        nonlocal state
        actions = rng.integers(0, 223, size=n)
        total[:] += points[state, actions]
        state = nxt[state, actions]
        return n

    return timed(seconds, body)


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--games", default="classic,extreme,yatzy")
    args = parser.parse_args()
    ids = {game: env_id for env_id, game in kgym.ENVIRONMENTS.items()}
    y = yacht(args.seconds)
    top = ceiling(args.envs, args.seconds)
    print(f"N = {args.envs}; {args.seconds:g} CPU-seconds each; steps per CPU-second")
    print(f"numpy ceiling (bare table lookups): {top:,.0f}")
    print("yacht (OpenSpiel C++, Python-driven): " + ("n/a" if y is None else f"{y:,.0f}"))
    head = f"{'game':8} {'vector':>9} {'env only':>9} {'scalar':>7} {'x scalar':>8}"
    print(head + f" {'(env)':>6} {'x yacht':>7} {'(env)':>6} {'of ceiling':>10}")
    for game in args.games.split(","):
        rate, inside = vector(ids[game], args.envs, args.seconds)
        one = scalar(ids[game], args.seconds)
        versus = "n/a" if y is None else f"{rate / y:.1f}"
        versus_env = "n/a" if y is None else f"{inside / y:.1f}"
        print(
            f"{game:8} {rate:9,.0f} {inside:9,.0f} {one:7,.0f} {rate / one:8.0f}"
            f" {inside / one:6.0f} {versus:>7} {versus_env:>6} {rate / top:10.2f}"
        )


if __name__ == "__main__":
    main()
