"""Random classic solitaire games per CPU-second: kniffel-rules beside its peers, in one run.

Run: ``python benchmarks/peers.py [--seconds S] [--rounds R]``

Measures, alternating in the same process for ``R`` rounds, the engines
taking turns in slices of 0.05 CPU-seconds within a round (the machine is
shared: quote the ratios, which the last columns give against kniffel-rules,
over all rounds and the lowest and highest of one round):

* ``kniffel-rules classic``: uniformly random one-player games through the
  ``Variant`` protocol (``legal_actions``, ``sample_chance``, ``apply``);
* ``minimal``: the minimal pure-Python engine of ``benchmarks/minimal.py``
  (tuples, tables, no validation), the reference of what Python can do;
* ``pyhtzee`` (PyPI): random games through ``sample_action``/``take_action``,
  if installed;
* ``yatzy-solver`` (PyPI, a Rust rules engine): a Python loop over its
  ``start_turn``/``legal_actions``/``apply_keep``/``apply_score`` with the
  American rules, choosing uniformly among the legal actions, if installed.

A peer that is not installed is reported and skipped
(``pip install pyhtzee yatzy-solver``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import minimal
from playout import random_game

import kniffel_rules


def _round(
    engines: dict[str, Callable[[random.Random], None]], seconds: float, slice_: float = 0.05
) -> dict[str, float]:
    """Games per CPU-second of each engine in one round, the engines taking turns in slices.

    Each engine plays its own seeded games (``random.Random(1)``) in slices
    of about ``slice_`` CPU-seconds, in turn with the others, until it has
    had ``seconds``: the machine's drift (other jobs, frequency) then falls
    on all of them alike, instead of on whichever ran during a burst.
    """
    rngs = {name: random.Random(1) for name in engines}
    games = dict.fromkeys(engines, 0)
    spent = dict.fromkeys(engines, 0.0)
    while min(spent.values()) < seconds:
        for name, play in engines.items():
            rng = rngs[name]
            start = time.process_time()
            while time.process_time() - start < slice_:
                play(rng)
                games[name] += 1
            spent[name] += time.process_time() - start
    return {name: games[name] / spent[name] for name in engines}


def _kniffel_rules() -> Callable[[random.Random], None]:
    game = kniffel_rules.get_variant("classic")

    def play(rng: random.Random) -> None:
        random_game(game, rng, 1)

    return play


def _minimal() -> Callable[[random.Random], None]:
    m = minimal

    def play(rng: random.Random) -> None:
        state = m.new_game()
        while not m.is_terminal(state):
            if m.current_player(state) == m.CHANCE:
                action = m.sample_chance(state, rng)
            else:
                legal = m.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = m.apply(state, action)

    return play


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _pyhtzee() -> Callable[[random.Random], None] | None:
    mod = _module("pyhtzee")
    if mod is None:
        return None

    def play(rng: random.Random) -> None:
        game = mod.Pyhtzee(seed=rng.randrange(2**31))
        while not game.is_finished():
            game.take_action(game.sample_action())

    return play


def _yatzy_solver() -> Callable[[random.Random], None] | None:
    mod = _module("yatzy_solver")
    if mod is None:
        return None
    variant = mod.Variant("american")
    draw = minimal._DRAW  # the sorted faces of each code of a throw of k dice
    keeps: dict[str, list[int]] = {}

    def kept(action: str) -> list[int]:
        found = keeps.get(action)
        if found is None:
            found = keeps[action] = [int(f) for f in action[5:].split() if f != "-"]
        return found

    def play(rng: random.Random) -> None:
        state = mod.Game(variant).state
        while not variant.is_over(state):
            dice = list(draw[5][rng.randrange(7776)])
            situation = variant.start_turn(state, dice)
            while True:
                legal = variant.legal_actions(situation)
                action = legal[rng.randrange(len(legal))]
                if action.startswith("score "):
                    state, _ = variant.apply_score(state, dice, action[6:])
                    break
                keep = kept(action)
                k = 5 - len(keep)
                rolled = list(draw[k][rng.randrange(6**k)])
                situation = variant.apply_keep(situation, keep, rolled)
                dice = sorted(keep + rolled)

    return play


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="CPU seconds per engine and round"
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    engines: dict[str, Callable[[random.Random], None]] = {
        "kniffel-rules classic": _kniffel_rules(),
        "minimal (benchmarks/minimal.py)": _minimal(),
    }
    for name, make in (("pyhtzee", _pyhtzee), ("yatzy-solver, Python loop", _yatzy_solver)):
        play = make()
        if play is None:
            print(f"{name}: not installed, skipped (pip install {name.split(',')[0]})")
        else:
            engines[name] = play
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.rounds):
        for name, rate in _round(engines, args.seconds).items():
            rates[name].append(rate)
    ours = rates["kniffel-rules classic"]
    print(
        f"{'engine':<32} {'games/CPU-s':>12} {'kniffel-rules / engine':>23}"
        f" {'lowest round':>13} {'highest round':>14}"
    )
    for name, found in rates.items():
        mean = sum(found) / len(found)
        rounds = sorted(a / b for a, b in zip(ours, found, strict=True))
        print(
            f"{name:<32} {mean:>12,.0f} {sum(ours) / sum(found):>23.2f}"
            f" {rounds[0]:>13.2f} {rounds[-1]:>14.2f}"
        )


if __name__ == "__main__":
    main()
