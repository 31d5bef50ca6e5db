"""Python calls per playout step, for every game in the registry (issue 27).

Run: ``python benchmarks/frames.py [--games 20] [--players 2] [--against SRC ...]``

Plays seeded uniformly random games (game *i* seeded with *i*, the same
games in every tree) and counts, with `sys.setprofile`, the Python function
calls (frames entered; builtins not counted) of each step of the playout
loop:

* a *decision*: ``is_terminal``, ``current_player``, ``legal_actions`` and
  ``apply`` at a player's node (the four protocol calls included);
* a *chance step*: ``is_terminal``, ``current_player``, ``sample_chance``
  and ``apply`` at a chance node.

The loop's own random pick is drawn before the count starts, so the count
is the game's alone on every Python version. ``tests/test_call_budget.py``
holds every game to a budget with `count`.

``--against SRC`` (repeatable) counts the same games with the package found
in another tree's ``src`` directory, for the before/after table of
``docs/benchmarks.md``. Every tree, this one too, counts each game in a
process of its own, so the caches the games share start alike (until
2026-12-05 this tree counted its games one after another in one process,
which warmed Yatzy's caches with the other games: its calls per decision
read 10.3 where a process of its own counts 11.9). The counts do not
depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any


def count(name: str, games: int, players: int) -> dict[str, float]:
    """Mean Python calls per decision and per chance step over ``games`` seeded games."""
    import kniffel_rules
    from kniffel_rules import CHANCE

    game: Any = kniffel_rules.get_variant(name)
    calls = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    totals = {"decision": 0, "chance": 0}
    steps = {"decision": 0, "chance": 0}
    for seed in range(-10, games):  # games -10..-1 warm the caches up, not counted
        rng = random.Random(seed)
        state = game.new_game(players=players)
        while True:
            pick = rng.random()  # the loop's choice of a legal action, outside the count
            calls = 0
            kind = ""  # set below whenever the game goes on
            sys.setprofile(profile)
            try:
                over = game.is_terminal(state)
                if not over:
                    if game.current_player(state) == CHANCE:
                        kind = "chance"
                        action = game.sample_chance(state, rng)
                    else:
                        kind = "decision"
                        legal = game.legal_actions(state)
                        action = legal[int(pick * len(legal))]
                    state = game.apply(state, action)
            finally:
                sys.setprofile(None)
            if over:
                break
            if seed >= 0:
                totals[kind] += calls
                steps[kind] += 1
    return {
        "decision": totals["decision"] / max(1, steps["decision"]),
        "chance": totals["chance"] / max(1, steps["chance"]),
        "decisions": steps["decision"],
        "chances": steps["chance"],
    }


def _elsewhere(src: str, name: str, games: int, players: int) -> dict[str, float] | None:
    """The counts in another tree, or ``None`` when that tree lacks the game."""
    from _trees import in_tree  # a sibling module: only for --against, so tests can load `count`

    found: dict[str, float] | None = in_tree(
        src, __file__, name, "--games", str(games), "--players", str(players)
    )
    return found


def main() -> None:
    """Count and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="seeded games per game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--names", default="", help="comma-separated games (default: all)")
    parser.add_argument("--against", action="append", default=[], help="another tree's src")
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(count(args.one, args.games, args.players)))
        return
    import kniffel_rules

    names = [n for n in args.names.split(",") if n] or list(kniffel_rules.VARIANTS)
    trees = [*args.against, ""]
    here = os.path.dirname(os.path.dirname(os.path.abspath(kniffel_rules.__file__)))
    head = f"{'game':<9} {'tree':<28} {'calls/decision':>15} {'calls/chance step':>18}"
    print(head)
    for name in names:
        for src in trees:
            # Every tree, this one too, counts each game in a process of its
            # own: the caches the games share (the keeps of a throw, ...) are
            # then warmed by that game's own warm-up games alone, alike in
            # every tree, not by the games counted before it.
            found = _elsewhere(src or here, name, args.games, args.players)
            label = src or "this tree"
            if found is None:
                print(f"{name:<9} {label[-28:]:<28} {'(not in this tree)':>34}")
                continue
            print(
                f"{name:<9} {label[-28:]:<28} {found['decision']:>15.1f} {found['chance']:>18.1f}"
            )


if __name__ == "__main__":
    main()
