"""The limits on untrusted input, one per quantity, used everywhere it is read.

`new_game` and every `from_json` use the same player limit, every reader of a
name the same length limit, and every JSON reader (states, score sheets,
rules) the same document size and nesting depth, so that whatever one entry
point accepts, every other one can read back, and no input costs more than
its size.

Examples:
    >>> from kniffel_rules import limits
    >>> limits.MAX_PLAYERS, limits.MAX_NAME_LENGTH, limits.MAX_DEPTH
    (1000, 100, 32)
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "MAX_BATCH",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_DOCUMENT_LENGTH",
    "MAX_ENVS",
    "MAX_FACES",
    "MAX_ITERATIONS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MAX_SEED_DIGITS",
]

MAX_PLAYERS: Final = 1_000
"""The most players of a game with no smaller limit of its own (classic, Extreme).

Master (4), the Duell (2) and the card game (4) have their rulebooks' limits.
"""

MAX_NAME_LENGTH: Final = 100
"""The longest player name, in characters."""

MAX_DOCUMENT_LENGTH: Final = 20_000_000
"""The longest JSON document read, in characters (or bytes)."""

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects in a JSON document (or a dict given directly)."""

MAX_ITERATIONS: Final = 1_000_000
"""The most iterations a search bot runs for one decision (`CardsISMCTS`).

About an hour a decision at the default settings: a larger count is a
mistake, not a stronger player.
"""

MAX_DICE: Final = 10
"""The most dice the enumerating helpers of `kniffel_rules.dice` take.

The family throws at most six dice at once; the throws of ``k`` dice, their
sub-multisets and their outcomes grow much faster than ``k`` (``2**k``
sub-multisets of ``k`` different faces), so ``all_multisets``,
``roll_outcomes``, ``decode_throw``, ``sample_roll``, ``sub_multisets`` and
``multiset_probability`` refuse more. The detectors (``counts``,
``longest_run``, ...) cost no more than their input and take any number.
"""

MAX_FACES: Final = 10
"""The most faces of one die the helpers of `kniffel_rules.dice` know (Extreme's d10 has ten)."""

MAX_BATCH: Final = 65_536
"""The most games `bots.optimal.simulate` plays side by side (its memory grows with it)."""

MAX_ENVS: Final = 1_048_576
"""The most games the vectorised engine steps side by side (``num_envs``).

Its arrays hold about 0.8 kilobytes a game (the action mask and the
observation included; Extreme 1.6) and half as much again at the peak of
a step: a million games take one to three gigabytes.
"""

MAX_SEED_DIGITS: Final = 4_000
"""The most decimal digits of a seed that is turned into text.

`play`, `record` and PettingZoo's ``reset`` seed their generators through
the seed's text, and Python writes an integer of at most 4,300 digits as
text.
"""
