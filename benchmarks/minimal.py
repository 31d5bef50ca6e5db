"""A minimal pure-Python classic Kniffel engine: the reference of what Python can do.

Run: ``python benchmarks/minimal.py [--seconds S]``

The same API shape as ``kniffel_rules.classic`` (``new_game``,
``current_player``, ``legal_actions``, ``sample_chance``, ``apply``,
``is_terminal``) for one player, written for speed alone: a state is a tuple
``(phase, dice, rolls, entries, total)``, actions are a box index (score) or
a tuple of kept dice (roll), every score and keep comes from a table built at
import, and nothing is validated. The chance draws consume the generator as
the library's do (one ``randrange(6 ** k)`` a throw). Natural scores only, with
the upper bonus; no joker rules. It is a yardstick, not a second engine: the
benchmarks compare random games per CPU-second against it.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations_with_replacement
from typing import Any

CHANCE = -1
TERMINAL = -2
_THROW, _DECIDE, _OVER = 0, 1, 2
BOXES = 13


def _decode(code: int, k: int) -> tuple[int, ...]:
    faces = []
    for _ in range(k):
        code, d = divmod(code, 6)
        faces.append(d + 1)
    return tuple(sorted(faces))


def _natural(d: tuple[int, ...]) -> tuple[int, ...]:
    counts = [d.count(f) for f in range(1, 7)]
    top = max(counts)
    s = sum(d)
    faces = set(d)
    small = any(set(r) <= faces for r in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)))
    large = faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    return (
        *(f * counts[f - 1] for f in range(1, 7)),
        s if top >= 3 else 0,
        s if top >= 4 else 0,
        25 if sorted(counts)[-2:] == [2, 3] else 0,
        30 if small else 0,
        40 if large else 0,
        50 if top == 5 else 0,
        s,
    )


def _subs(d: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    found = {c for n in range(5) for c in combinations_with_replacement(d, n)}
    found = {c for c in found if all(c.count(f) <= d.count(f) for f in c)}
    return tuple(sorted(found, key=lambda c: (len(c), c)))


_ROLLS = tuple(combinations_with_replacement(range(1, 7), 5))
_SCORES: dict[tuple[int, ...], tuple[int, ...]] = {d: _natural(d) for d in _ROLLS}
_KEEPS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {d: _subs(d) for d in _ROLLS}
_DRAW = tuple(tuple(_decode(c, k) for c in range(6**k)) for k in range(6))
_SIDES = tuple(6**k for k in range(6))
_FIRST = ((),)
_OPEN = tuple((None,) * BOXES)

State = tuple[int, tuple[int, ...], int, tuple[int | None, ...], int]


def new_game() -> State:
    """The first state: the first roll of a turn."""
    return (_DECIDE, (), 0, _OPEN, 0)


def current_player(state: State) -> int:
    """0, `CHANCE` or `TERMINAL`."""
    phase = state[0]
    return 0 if phase == _DECIDE else CHANCE if phase == _THROW else TERMINAL


def is_terminal(state: State) -> bool:
    """Whether every box is filled."""
    return state[0] == _OVER


def legal_actions(state: State) -> tuple[Any, ...]:
    """Box indexes of the open boxes, then the keeps (tuples) that throw a die."""
    _, dice, rolls, entries, _ = state
    if rolls == 0:
        return _FIRST
    scores = tuple([i for i in range(BOXES) if entries[i] is None])
    if rolls == 3:
        return scores
    return scores + _KEEPS[dice]


def sample_chance(state: State, rng: random.Random) -> tuple[int, ...]:
    """The thrown dice: one ``randrange(6 ** k)`` call."""
    k = 5 - len(state[1])
    return _DRAW[k][rng.randrange(_SIDES[k])]


def apply(state: State, action: Any) -> State:
    """The successor; no check of any kind."""
    phase, dice, rolls, entries, total = state
    if phase == _THROW:
        return (_DECIDE, tuple(sorted(dice + action)), rolls + 1, entries, total)
    if action.__class__ is tuple:
        return (_THROW, action, rolls, entries, total)
    points = _SCORES[dice][action]
    row = list(entries)
    row[action] = points
    total += points
    if action < 6:
        before = sum([v for v in entries[:6] if v is not None])
        if before < 63 <= before + points:
            total += 35
    new = tuple(row)
    return (_OVER if None not in new else _DECIDE, (), 0, new, total)


def games_per_second(seconds: float, seed: int = 1) -> float:
    """Uniformly random solitaire games per CPU-second."""
    rng = random.Random(seed)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game()
        while not is_terminal(state):
            if current_player(state) == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = apply(state, action)
        games += 1
    return games / (time.process_time() - start)


def main() -> None:
    """Print random solitaire games per CPU-second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"minimal engine: {games_per_second(args.seconds):,.0f} random games per CPU-second")


if __name__ == "__main__":
    main()
