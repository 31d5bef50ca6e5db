"""What five dice are worth in each box of the classic sheet: pure functions, no state.

`score` is what the dice are worth in a box (its input checked; the engine
reads a private table of the same values); `possible_values` lists what a
box can hold. Joker values of an extra Kniffel are not natural scores: they
are decided in `kniffel_rules.classic.legality`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from kniffel_rules import dice as _dice
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.classic.pieces import Box, check_rules
from kniffel_rules.classic.rules import Rules
from kniffel_rules.errors import InvalidStateError

__all__ = ["check_dice", "entry_values", "possible_values", "score"]

_DEFAULT_RULES = Rules()


def _fixed(rules: Rules) -> tuple[int, int, int, int, bool]:
    return (
        rules.full_house_score,
        rules.small_straight_score,
        rules.large_straight_score,
        rules.kniffel_score,
        rules.kniffel_counts_as_full_house,
    )


@lru_cache(maxsize=64)
def _table(fixed: tuple[int, int, int, int, bool]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Natural scores of every box for all 252 rolls, for one set of box values."""
    return _build_table(fixed)


# Cached functions delegate their work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _build_table(fixed: tuple[int, int, int, int, bool]) -> dict[tuple[int, ...], tuple[int, ...]]:
    fh, ss, ls, kn, kniffel_is_fh = fixed
    table = {}
    for d in _dice.all_multisets(5):
        s = sum(d)
        kind = _dice.max_of_a_kind(d)
        full_house = _dice.is_full_house(d) or (kniffel_is_fh and kind == 5)
        run = _dice.longest_run(d)
        table[d] = (
            *(_dice.face_sum(d, f) for f in range(1, 7)),
            s if kind >= 3 else 0,
            s if kind >= 4 else 0,
            fh if full_house else 0,
            ss if run >= 4 else 0,
            ls if run >= 5 else 0,
            kn if kind == 5 else 0,
            s,
            s,
            s,
        )
    return table


def _natural_scores(dice: tuple[int, ...], rules: Rules = _DEFAULT_RULES) -> tuple[int, ...]:
    """The natural value of sorted, valid ``dice`` in every box, indexed by ``Box.value``.

    This is the fast path used by the engine; `score` validates its input.
    """
    return _table(_fixed(rules))[dice]


def check_dice(values: Sequence[int], path: str = "dice") -> tuple[int, ...]:
    """Validate five dice faces 1..6 and return them sorted.

    Raises:
        InvalidStateError: Not five integers in 1..6.
    """
    d = _dice.sorted_faces(values, path)
    if len(d) != 5:
        raise InvalidStateError(
            path, Text.of(N_("a classic roll has 5 dice, got {count}"), count=len(d))
        )
    if d[0] < 1 or d[-1] > 6:
        raise InvalidStateError(path, Text.of(N_("die faces are 1..6, got {dice}"), dice=str(d)))
    return d


def score(box: Box, dice: Sequence[int], rules: Rules | None = None) -> int:
    """What five dice are worth in ``box``, from the dice alone (0 when they don't fit).

    Applies the options of ``rules`` that change a natural score
    (``kniffel_counts_as_full_house`` and the box values). Joker values of an
    extra Kniffel are not natural scores: they appear only through
    ``legal_actions``/``apply``.

    Args:
        box: The box.
        dice: Five faces 1..6, in any order.
        rules: The rules (``None``: the rulebook).

    Returns:
        The points.

    Raises:
        InvalidStateError: ``box`` is not a `Box` or ``dice`` is not
            five faces 1..6.

    Examples:
        >>> from kniffel_rules.classic import Box, score
        >>> score(Box.THREE_OF_A_KIND, (5, 5, 5, 4, 3))
        22
        >>> score(Box.SMALL_STRAIGHT, (1, 2, 3, 4, 6))
        30
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected a classic Box, got {brief(box)}")
    d = check_dice(dice)
    if rules is None:
        rules = _DEFAULT_RULES
    check_rules(rules)
    return _natural_scores(d, rules)[box.value]


def possible_values(box: Box, rules: Rules = _DEFAULT_RULES) -> frozenset[int]:
    """Every value ``box`` can hold on a sheet under ``rules``, 0 (struck) included.

    Joker entries add nothing new: a joker's value in a lower box is the
    box's fixed value or the sum of five equal dice, both natural values too.

    Args:
        box: The box.
        rules: The rules.

    Returns:
        The set of values.

    Raises:
        InvalidStateError: ``box`` is not a `Box` or ``rules`` not classic `Rules`.
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected a classic Box, got {brief(box)}")
    check_rules(rules)
    return _cached_values(box, rules)


@lru_cache(maxsize=256)
def _cached_values(box: Box, rules: Rules) -> frozenset[int]:
    return _possible_values(box, rules)


def _possible_values(box: Box, rules: Rules) -> frozenset[int]:
    table = _table(_fixed(rules))
    return frozenset({0, *(row[box.value] for row in table.values())})


def entry_values(box: Box, rules: Rules = _DEFAULT_RULES) -> frozenset[int]:
    """Every value a ``Score(box)`` of the engine can enter under ``rules``.

    What some five dice score in ``box`` (jokers add nothing new, see
    `possible_values`): 0 where some throw does not fit, so never 0 in Chance,
    Maximum and Minimum, where the dice always count. `possible_values` adds
    the struck 0 that a paper sheet may show in any box; ``from_json`` reads a
    state's boxes against this set.

    Raises:
        InvalidStateError: ``box`` is not a `Box` or ``rules`` not classic `Rules`.

    Examples:
        >>> from kniffel_rules.classic import Box
        >>> min(entry_values(Box.CHANCE)), min(possible_values(Box.CHANCE))
        (5, 0)
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected a classic Box, got {brief(box)}")
    check_rules(rules)
    return _cached_entries(box, rules)


@lru_cache(maxsize=256)
def _cached_entries(box: Box, rules: Rules) -> frozenset[int]:
    return _entry_values(box, rules)


def _entry_values(box: Box, rules: Rules) -> frozenset[int]:
    return frozenset(row[box.value] for row in _table(_fixed(rules)).values())
