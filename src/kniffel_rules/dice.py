"""Dice as sorted multisets, their exact probabilities, and combination detectors.

Every dice game of the family shares this module. Dice are always handled as
a sorted tuple of face values (a multiset): throwing five six-sided dice has
252 outcomes, each with its exact multinomial probability as a
`fractions.Fraction`, rather than 7,776 ordered ones.

The detectors work on any sorted tuple of faces, including the faces 0 and
7..9 of Kniffel Extreme's d10.

Examples:
    >>> from kniffel_rules import dice
    >>> len(dice.roll_outcomes(5))
    252
    >>> sum(p for _, p in dice.roll_outcomes(3))
    Fraction(1, 1)
    >>> dice.longest_run((1, 2, 3, 4, 6))
    4
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from fractions import Fraction
from functools import cache, lru_cache, partial
from typing import Final

import attrs

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "COMBINATIONS",
    "D6",
    "DiceRoll",
    "all_multisets",
    "count_of",
    "count_profile",
    "counts",
    "decode_throw",
    "face_sum",
    "groups",
    "has_of_a_kind",
    "has_straight",
    "is_big_full_house",
    "is_full_house",
    "is_sub_multiset",
    "keep_shortfall",
    "longest_run",
    "max_of_a_kind",
    "multiset_difference",
    "multiset_probability",
    "roll_outcomes",
    "sample_roll",
    "sorted_faces",
    "sub_multisets",
    "total",
]

Dice = tuple[int, ...]

D6: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6)
"""The faces of an ordinary die."""


def sorted_faces(values: Iterable[int], path: str = "values") -> tuple[int, ...]:
    """Normalise dice to a sorted tuple of ints; anything else is an error.

    Args:
        values: An iterable of integer faces, in any order.
        path: The field name used in the error message.

    Returns:
        The faces, ascending.

    Raises:
        InvalidStateError: ``values`` is not an iterable of integers.
    """
    if isinstance(values, (str, bytes, bytearray, Mapping, AbstractSet)):
        raise InvalidStateError(path, f"expected a sequence of dice faces, got {brief(values)}")
    try:
        items = tuple(values)
    except TypeError:
        raise InvalidStateError(
            path, f"expected a sequence of dice faces, got {brief(values)}"
        ) from None
    for v in items:
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidStateError(path, f"a die face must be an integer, got {brief(v)}")
    return tuple(sorted(items))


@attrs.frozen(slots=True, repr=False)
class DiceRoll:
    """A chance outcome: the faces of the dice just thrown, sorted.

    The constructor sorts its argument, so ``DiceRoll([3, 1]) == DiceRoll((1, 3))``.
    Whether the faces fit the chance node is checked by the game's ``apply``.

    Attributes:
        values: The faces shown by the dice that were thrown, ascending.
    """

    values: tuple[int, ...] = attrs.field(converter=sorted_faces)

    def __repr__(self) -> str:
        return f"DiceRoll({brief(self.values)})"


@cache
def all_multisets(k: int, faces: tuple[int, ...] = D6) -> tuple[Dice, ...]:
    """Every sorted multiset of ``k`` dice with the given faces, ascending.

    Args:
        k: The number of dice (0 gives the single empty multiset).
        faces: The faces of one die, ascending.

    Returns:
        The multisets in lexicographic order (``C(k + f - 1, k)`` of them).
    """
    return _all_multisets(k, faces)


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _all_multisets(k: int, faces: tuple[int, ...]) -> tuple[Dice, ...]:
    return tuple(itertools.combinations_with_replacement(faces, k))


def multiset_probability(values: Sequence[int], sides: int = 6) -> Fraction:
    """The exact probability that ``len(values)`` fair dice show this multiset.

    Args:
        values: The faces (any order).
        sides: The number of faces of each die.

    Returns:
        ``k! / (c1! c2! ...) / sides**k`` as a fraction.
    """
    k = len(values)
    ways = math.factorial(k)
    for c in Counter(values).values():
        ways //= math.factorial(c)
    return Fraction(ways, sides**k)


@cache
def roll_outcomes(k: int, faces: tuple[int, ...] = D6) -> tuple[tuple[Dice, Fraction], ...]:
    """Every outcome of throwing ``k`` dice, with its exact probability.

    Args:
        k: The number of dice thrown.
        faces: The faces of one die.

    Returns:
        ``(sorted faces, probability)`` pairs in lexicographic order; the
        probabilities are positive and sum to exactly 1.
    """
    return _roll_outcomes(k, faces)


def _roll_outcomes(k: int, faces: tuple[int, ...]) -> tuple[tuple[Dice, Fraction], ...]:
    return tuple((m, multiset_probability(m, len(faces))) for m in all_multisets(k, faces))


@cache
def _decode_table(k: int, faces: tuple[int, ...]) -> tuple[Dice, ...]:
    return _build_decode_table(k, faces)


def _build_decode_table(k: int, faces: tuple[int, ...]) -> tuple[Dice, ...]:
    return tuple(_decode(code, k, faces) for code in range(len(faces) ** k))


def _decode(code: int, k: int, faces: tuple[int, ...]) -> Dice:
    n = len(faces)
    digits = []
    for _ in range(k):
        code, d = divmod(code, n)
        digits.append(faces[d])
    return tuple(sorted(digits))


def decode_throw(code: int, k: int, faces: tuple[int, ...] = D6) -> Dice:
    """The sorted faces of ``k`` dice encoded as ``k`` base-``len(faces)`` digits.

    ``code`` in ``range(len(faces) ** k)`` stands for one ordered throw, so a
    uniform ``code`` gives the exact distribution of the throw. This is the
    decoding `sample_roll` uses.

    Args:
        code: The encoded throw, ``0 <= code < len(faces) ** k``.
        k: The number of dice.
        faces: The faces of one die.

    Returns:
        The faces, ascending.
    """
    if k <= 5:
        return _decode_table(k, faces)[code]
    return _decode(code, k, faces)


def sample_roll(rng: random.Random, k: int, faces: tuple[int, ...] = D6) -> Dice:
    """Throw ``k`` fair dice: the sorted faces, drawn with ``rng``.

    The generator is consumed by exactly one call, ``rng.randrange(len(faces) ** k)``,
    whose result is read as ``k`` base-``len(faces)`` digits (one die each).
    This is exact (uniform over ordered throws) and fast; the same seed
    always gives the same dice.

    Args:
        rng: The random number generator to draw from.
        k: The number of dice to throw (0 draws nothing and gives ``()``).
        faces: The faces of one die.

    Returns:
        The faces thrown, ascending.
    """
    if k == 0:
        return ()
    return decode_throw(rng.randrange(len(faces) ** k), k, faces)


@lru_cache(maxsize=4096)
def sub_multisets(values: Dice) -> tuple[Dice, ...]:
    """Every distinct sub-multiset of sorted ``values``, the empty one and ``values`` included.

    Args:
        values: Sorted faces.

    Returns:
        The sub-multisets ordered by size, then lexicographically.
    """
    return _sub_multisets(values)


def _sub_multisets(values: Dice) -> tuple[Dice, ...]:
    # for each face, the ways to take some of its copies: (), (f,), (f, f), ...
    takes = [[(f,) * t for t in range(n + 1)] for f, n in sorted(Counter(values).items())]
    subs = {tuple(itertools.chain.from_iterable(pick)) for pick in itertools.product(*takes)}
    return tuple(sorted(subs, key=lambda s: (len(s), s)))


def is_sub_multiset(sub: Sequence[int], values: Sequence[int]) -> bool:
    """Whether every face of ``sub`` is among ``values`` as often (a keep is possible).

    Args:
        sub: The candidate sub-multiset.
        values: The multiset it should be part of.

    Returns:
        True if ``sub`` is contained in ``values`` with multiplicities.
    """
    have = Counter(values)
    have.subtract(sub)
    return all(n >= 0 for n in have.values())


_COUNT_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"))


def keep_shortfall(sub: Sequence[int], values: Sequence[int], noun: str = "") -> Text:
    """Why ``sub`` cannot be kept from ``values``, in a player's words.

    Examples:
        >>> keep_shortfall((6, 6), (2, 3, 3, 3, 5))
        'cannot keep 6 6: there is no 6 among 2 3 3 3 5'
        >>> keep_shortfall((3, 3, 3, 3), (2, 3, 3, 3, 5))
        'cannot keep 3 3 3 3: there are only three 3s among 2 3 3 3 5'
    """
    have = Counter(values)
    need = Counter(sub)
    among: object = " ".join(map(str, values)) if values else Text(N_("none"))
    keep = " ".join(map(str, sub))
    where: object = among
    if noun == "six-sided":
        where = Text.of(N_("the six-sided dice {dice}"), dice=among)
    elif noun:
        where = Text.of(N_("the dice {dice}"), dice=among)
    for face in sorted(need):
        n = have[face]
        if n < need[face]:
            if n == 0:
                return Text.of(
                    N_("cannot keep {keep}: there is no {face} among {where}"),
                    keep=keep,
                    face=face,
                    where=where,
                )
            if n == 1:
                return Text.of(
                    N_("cannot keep {keep}: there is only one {face} among {where}"),
                    keep=keep,
                    face=face,
                    where=where,
                )
            count = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
            return Text.of(
                N_("cannot keep {keep}: there are only {count} {face}s among {where}"),
                keep=keep,
                count=Text(count),
                face=face,
                where=where,
            )
    return Text.of(N_("cannot keep {keep} from {among}"), keep=keep, among=among)


def multiset_difference(values: Sequence[int], sub: Sequence[int]) -> Dice:
    """The faces of ``values`` left after removing ``sub`` (which must be contained).

    Args:
        values: The whole multiset.
        sub: A sub-multiset of ``values``.

    Returns:
        The sorted remainder.

    Raises:
        InvalidStateError: ``sub`` is not contained in ``values``.
    """
    have = Counter(values)
    have.subtract(sub)
    if any(n < 0 for n in have.values()):
        raise InvalidStateError("sub", f"{tuple(sub)} is not part of {tuple(values)}")
    return tuple(sorted(have.elements()))


# --- combination detectors -------------------------------------------------


def counts(values: Sequence[int]) -> dict[int, int]:
    """How many dice show each face that occurs.

    Args:
        values: The faces.

    Returns:
        A mapping face -> number of dice (faces that do not occur are absent).
    """
    return dict(Counter(values))


def count_of(values: Sequence[int], face: int) -> int:
    """The number of dice showing ``face``."""
    return sum(1 for v in values if v == face)


def face_sum(values: Sequence[int], face: int) -> int:
    """The sum of the dice showing ``face`` (an upper-section box value)."""
    return face * count_of(values, face)


def total(values: Sequence[int]) -> int:
    """The sum of all faces."""
    return sum(values)


def max_of_a_kind(values: Sequence[int]) -> int:
    """The largest number of dice showing one face (0 for no dice)."""
    return max(Counter(values).values(), default=0)


def has_of_a_kind(values: Sequence[int], n: int) -> bool:
    """Whether at least ``n`` dice show the same face."""
    return max_of_a_kind(values) >= n


def groups(values: Sequence[int], at_least: int) -> int:
    """The number of different faces shown by at least ``at_least`` dice each.

    ``groups(d, 2) >= 2`` is "two pairs" in the wide sense (2+2, 3+2, 4+2, 3+3).
    """
    return sum(1 for c in Counter(values).values() if c >= at_least)


def count_profile(values: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face that occurs, largest first.

    ``(3, 2)`` is a classic Full House, ``(2, 2, 2)`` three pairs,
    ``(3, 3)`` two triples, ``(4, 2)`` Extreme's big Full House.
    """
    return tuple(sorted(Counter(values).values(), reverse=True))


def is_full_house(values: Sequence[int]) -> bool:
    """At least three dice of one face and at least two of ANOTHER face.

    With five dice this is exactly 3 + 2; five equal dice are no full house.
    """
    cs = count_profile(values)
    return len(cs) >= 2 and cs[0] >= 3 and cs[1] >= 2


def is_big_full_house(values: Sequence[int]) -> bool:
    """At least four dice of one face and at least two of ANOTHER face."""
    cs = count_profile(values)
    return len(cs) >= 2 and cs[0] >= 4 and cs[1] >= 2


def longest_run(values: Sequence[int]) -> int:
    """The length of the longest run of consecutive faces present.

    Works for any integer faces, so the d10's 0 and 7..9 extend runs
    (``longest_run((0, 1, 2, 3, 5)) == 4``).
    """
    present = sorted(set(values))
    best = run = 0
    prev: int | None = None
    for v in present:
        run = run + 1 if prev is not None and v == prev + 1 else 1
        best = max(best, run)
        prev = v
    return best


def has_straight(values: Sequence[int], length: int) -> bool:
    """Whether ``length`` consecutive faces are present (4: small, 5: large straight)."""
    return longest_run(values) >= length


COMBINATIONS: Final[Mapping[str, Callable[[Sequence[int]], bool]]] = {
    "three_of_a_kind": partial(has_of_a_kind, n=3),
    "four_of_a_kind": partial(has_of_a_kind, n=4),
    "full_house": is_full_house,
    "small_straight": partial(has_straight, length=4),
    "large_straight": partial(has_straight, length=5),
    "kniffel": partial(has_of_a_kind, n=5),
}
"""Whether dice show each combination the family's games share, by its key.

The Duell's special areas and Master's tasks read them by ``key``:

    >>> COMBINATIONS["full_house"]((2, 2, 3, 3, 3)), COMBINATIONS["kniffel"]((4, 4, 4, 4, 3))
    (True, False)
"""
