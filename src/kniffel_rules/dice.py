"""Dice as sorted multisets, their exact probabilities, and combination detectors.

Every dice game of the family shares this module. Dice are always handled as
a sorted tuple of face values (a multiset): throwing five six-sided dice has
252 outcomes, each with its exact multinomial probability as a
`fractions.Fraction`, rather than 7,776 ordered ones.

The detectors work on any sorted tuple of faces, including the faces 0 and
7..9 of Kniffel Extreme's d10.

Every function checks its arguments, as the games' entry points do: a
sequence of dice is a sequence of integers (not a string, a mapping, a set
or bools), a count of dice is an integer ``0..MAX_DICE`` and the faces of
one die are ``1..MAX_FACES`` different integers, ascending
(`kniffel_rules.limits`); anything else raises `InvalidStateError` naming
the argument. The enumerating helpers refuse more than ``MAX_DICE`` dice,
since what they list grows much faster than their input.

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
from functools import lru_cache, partial
from typing import Final

import attrs

from kniffel_rules._fields import check_int
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_DICE, MAX_FACES

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
    return tuple(sorted(_faces_of(values, path)))


def _faces_of(values: object, path: str) -> Dice:
    """``values`` as a tuple of integer faces, in the order given (`sorted_faces` unsorted)."""
    # The usual case, a tuple of ints, is checked without copying (a speed
    # path: the checks below give the same answer, so these two tests are not
    # mutated; docs/quality.md).
    if type(values) is tuple:  # pragma: no mutate
        for v in values:
            if type(v) is not int:  # pragma: no mutate
                break
        else:
            return values
    if isinstance(values, (str, bytes, bytearray, Mapping, AbstractSet)):
        raise InvalidStateError(path, f"expected a sequence of dice faces, got {brief(values)}")
    try:
        items: tuple[object, ...] = tuple(values)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidStateError(
            path, f"expected a sequence of dice faces, got {brief(values)}"
        ) from None
    for v in items:
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidStateError(path, f"a die face must be an integer, got {brief(v)}")
    return items  # type: ignore[return-value]  # each checked above


def _dice_up_to_limit(values: object, path: str = "values") -> Dice:
    """`_faces_of`, and at most ``MAX_DICE`` of them (for the helpers that enumerate)."""
    faces = _faces_of(values, path)
    if len(faces) > MAX_DICE:
        raise InvalidStateError(path, f"at most {MAX_DICE} dice, got {len(faces)}")
    return faces


def _die(faces: object) -> Dice:
    """The faces of one die: ``1..MAX_FACES`` different integers, ascending."""
    if faces is D6:
        return D6
    got = _faces_of(faces, "faces")
    if not 0 < len(got) <= MAX_FACES or any(a >= b for a, b in itertools.pairwise(got)):
        raise InvalidStateError(
            "faces",
            f"expected the faces of one die: 1 to {MAX_FACES} different integers, "
            f"ascending, got {brief(faces)}",
        )
    return got


def _dice_count(k: object) -> int:
    """A number of dice to throw or list: an integer ``0..MAX_DICE``."""
    return check_int(k, "k", 0, MAX_DICE)


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


def all_multisets(k: int, faces: Sequence[int] = D6) -> tuple[Dice, ...]:
    """Every sorted multiset of ``k`` dice with the given faces, ascending.

    Args:
        k: The number of dice (0 gives the single empty multiset), at most
            `kniffel_rules.limits.MAX_DICE`.
        faces: The faces of one die, ascending.

    Returns:
        The multisets in lexicographic order (``C(k + f - 1, k)`` of them).

    Raises:
        InvalidStateError: ``k`` or ``faces`` is no such thing (naming it).
    """
    return _multisets(_dice_count(k), _die(faces))


# The enumerations are remembered per count and die in bounded caches, so
# that a caller's many dice cannot fill memory (the sizes are not mutated).
@lru_cache(maxsize=256)  # pragma: no mutate
def _multisets(k: int, faces: Dice) -> tuple[Dice, ...]:
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

    Raises:
        InvalidStateError: ``values`` is not a sequence of at most
            `kniffel_rules.limits.MAX_DICE` integers, or ``sides`` not an
            integer ``1..MAX_FACES``.
    """
    values = _dice_up_to_limit(values)
    check_int(sides, "sides", 1, MAX_FACES)
    k = len(values)
    ways = math.factorial(k)
    for c in Counter(values).values():
        ways //= math.factorial(c)
    return Fraction(ways, sides**k)


def roll_outcomes(k: int, faces: Sequence[int] = D6) -> tuple[tuple[Dice, Fraction], ...]:
    """Every outcome of throwing ``k`` dice, with its exact probability.

    Args:
        k: The number of dice thrown, at most `kniffel_rules.limits.MAX_DICE`.
        faces: The faces of one die.

    Returns:
        ``(sorted faces, probability)`` pairs in lexicographic order; the
        probabilities are positive and sum to exactly 1.

    Raises:
        InvalidStateError: ``k`` or ``faces`` is no such thing (naming it).
    """
    return _outcomes(_dice_count(k), _die(faces))


@lru_cache(maxsize=256)  # pragma: no mutate
def _outcomes(k: int, faces: Dice) -> tuple[tuple[Dice, Fraction], ...]:
    return _roll_outcomes(k, faces)


def _roll_outcomes(k: int, faces: tuple[int, ...]) -> tuple[tuple[Dice, Fraction], ...]:
    return tuple((m, multiset_probability(m, len(faces))) for m in _multisets(k, faces))


@lru_cache(maxsize=64)  # pragma: no mutate
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


def decode_throw(code: int, k: int, faces: Sequence[int] = D6) -> Dice:
    """The sorted faces of ``k`` dice encoded as ``k`` base-``len(faces)`` digits.

    ``code`` in ``range(len(faces) ** k)`` stands for one ordered throw, so a
    uniform ``code`` gives the exact distribution of the throw. This is the
    decoding `sample_roll` uses.

    Args:
        code: The encoded throw, ``0 <= code < len(faces) ** k``.
        k: The number of dice, at most `kniffel_rules.limits.MAX_DICE`.
        faces: The faces of one die.

    Returns:
        The faces, ascending.

    Raises:
        InvalidStateError: ``code``, ``k`` or ``faces`` is no such thing (naming it).
    """
    k = _dice_count(k)
    faces = _die(faces)
    return _decode_throw(check_int(code, "code", 0, len(faces) ** k - 1), k, faces)


def _decode_throw(code: int, k: int, faces: Dice) -> Dice:
    # A table of every code, at most as many as five d6 have; beyond, each
    # code is decoded (the same faces: a speed choice, not mutated).
    if len(faces) ** k <= 7776:  # pragma: no mutate
        return _decode_table(k, faces)[code]
    return _decode(code, k, faces)


def sample_roll(rng: random.Random, k: int, faces: Sequence[int] = D6) -> Dice:
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

    Raises:
        InvalidStateError: ``rng`` is not a `random.Random`, or ``k`` or
            ``faces`` no such thing (naming it).
    """
    if not isinstance(rng, random.Random):
        raise InvalidStateError("rng", f"expected a random.Random, got {brief(rng)}")
    k = _dice_count(k)
    faces = _die(faces)
    if k == 0:
        return ()
    return _decode_throw(rng.randrange(len(faces) ** k), k, faces)


def sub_multisets(values: Sequence[int]) -> tuple[Dice, ...]:
    """Every distinct sub-multiset of sorted ``values``, the empty one and ``values`` included.

    Args:
        values: Sorted faces, at most `kniffel_rules.limits.MAX_DICE` of them.

    Returns:
        The sub-multisets ordered by size, then lexicographically.

    Raises:
        InvalidStateError: ``values`` is not a sequence of at most ``MAX_DICE`` integers.
    """
    return _subs(_dice_up_to_limit(values))


@lru_cache(maxsize=4096)  # pragma: no mutate
def _subs(values: Dice) -> tuple[Dice, ...]:
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

    Raises:
        InvalidStateError: ``sub`` or ``values`` is not a sequence of integers (naming it).
    """
    sub = _faces_of(sub, "sub")
    have = Counter(_faces_of(values, "values"))
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

    Raises:
        InvalidStateError: ``sub`` or ``values`` is not a sequence of integers (naming it).
    """
    sub = _faces_of(sub, "sub")
    values = _faces_of(values, "values")
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
        InvalidStateError: ``sub`` is not contained in ``values``, or either
            is not a sequence of integers (naming it).
    """
    values = _faces_of(values, "values")
    sub = _faces_of(sub, "sub")
    have = Counter(values)
    have.subtract(sub)
    if any(n < 0 for n in have.values()):
        raise InvalidStateError("sub", f"{brief(sub)} is not part of {brief(values)}")
    return tuple(sorted(have.elements()))


# --- combination detectors -------------------------------------------------
# Each takes ``values`` as any sequence of integer faces (`_faces_of`) and
# raises InvalidStateError naming the argument for anything else.


def counts(values: Sequence[int]) -> dict[int, int]:
    """How many dice show each face that occurs.

    Args:
        values: The faces.

    Returns:
        A mapping face -> number of dice (faces that do not occur are absent).
    """
    return dict(Counter(_faces_of(values, "values")))


def count_of(values: Sequence[int], face: int) -> int:
    """The number of dice showing ``face``."""
    return _faces_of(values, "values").count(check_int(face, "face"))


def face_sum(values: Sequence[int], face: int) -> int:
    """The sum of the dice showing ``face`` (an upper-section box value)."""
    return face * count_of(values, face)


def total(values: Sequence[int]) -> int:
    """The sum of all faces."""
    return sum(_faces_of(values, "values"))


def max_of_a_kind(values: Sequence[int]) -> int:
    """The largest number of dice showing one face (0 for no dice)."""
    return max(Counter(_faces_of(values, "values")).values(), default=0)


def has_of_a_kind(values: Sequence[int], n: int) -> bool:
    """Whether at least ``n`` dice show the same face (``n`` an integer, at least 0)."""
    return max_of_a_kind(values) >= check_int(n, "n", 0)


def groups(values: Sequence[int], at_least: int) -> int:
    """The number of different faces shown by at least ``at_least`` dice each.

    ``groups(d, 2) >= 2`` is "two pairs" in the wide sense (2+2, 3+2, 4+2, 3+3).
    """
    at_least = check_int(at_least, "at_least", 0)
    return sum(1 for c in Counter(_faces_of(values, "values")).values() if c >= at_least)


def count_profile(values: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face that occurs, largest first.

    ``(3, 2)`` is a classic Full House, ``(2, 2, 2)`` three pairs,
    ``(3, 3)`` two triples, ``(4, 2)`` Extreme's big Full House.
    """
    return tuple(sorted(Counter(_faces_of(values, "values")).values(), reverse=True))


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
    present = sorted(set(_faces_of(values, "values")))
    best = run = 0
    prev: int | None = None
    for v in present:
        run = run + 1 if prev is not None and v == prev + 1 else 1
        best = max(best, run)
        prev = v
    return best


def has_straight(values: Sequence[int], length: int) -> bool:
    """Whether ``length`` consecutive faces are present (4: small, 5: large straight)."""
    return longest_run(values) >= check_int(length, "length", 0)


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
