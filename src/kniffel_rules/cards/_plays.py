"""`plays` of a hand, computed faster: the same pairs in the same order.

Internal: the listing of the legal actions asks this for every hand that
holds some combination (``kniffel_rules.cards.legality._may_combine``). It
enumerates only the card groups that can take part (values held three times
for a Full House's three, and so on) instead of every pair of values, and
sorts each combination's sets once by their positions in card order, as
`kniffel_rules.cards.combinations.plays` orders them. A hand that is not in
card order goes to `plays` itself.
"""

from __future__ import annotations

import itertools
from typing import Final

from kniffel_rules.cards.combinations import Combination, plays
from kniffel_rules.cards.pieces import Card

__all__ = ["fast_plays"]

Cards = tuple[Card, ...]
_combinations: Final = itertools.combinations
_FULL_HOUSE: Final = Combination.FULL_HOUSE
_COLOUR: Final = Combination.COLOUR
_THREE: Final = Combination.THREE_OF_A_KIND
_STRAIGHT: Final = Combination.STRAIGHT
_TWO_PAIRS: Final = Combination.TWO_PAIRS
_FOUR: Final = Combination.FOUR_OF_A_KIND
_KNIFFEL: Final = Combination.KNIFFEL


def _positions(cards: Cards) -> tuple[int, ...]:
    return tuple([c.index for c in cards])


def fast_plays(hand: Cards) -> tuple[tuple[Combination, Cards], ...]:
    """Exactly ``plays(hand)``."""
    indices = [c.index for c in hand]
    if any(a >= b for a, b in itertools.pairwise(indices)):
        return plays(hand)  # not in card order (or a card twice): the definition itself
    by_value: dict[int, list[Card]] = {}
    for card in hand:  # in card order: the values ascend, each group in card order
        by_value.setdefault(card.value, []).append(card)
    groups = list(by_value.items())
    found: list[tuple[Combination, Cards]] = []
    # Full House: three of one value and two of another, all sets by their positions
    sets: list[Cards] = []
    for va, a in groups:
        if len(a) < 3:
            continue
        threes = list(_combinations(a, 3))
        for vb, b in groups:
            if vb == va or len(b) < 2:
                continue
            for y in _combinations(b, 2):
                if va < vb:
                    sets.extend([x + y for x in threes])
                else:
                    sets.extend([y + x for x in threes])
    sets.sort(key=_positions)
    found.extend([(_FULL_HOUSE, cs) for cs in sets])
    # Colour: five of one colour
    if len(hand) >= 5:
        by_colour: dict[int, list[Card]] = {}
        for card in hand:
            by_colour.setdefault(card.index % 5, []).append(card)
        sets = []
        for same in by_colour.values():
            if len(same) >= 5:
                sets.extend(_combinations(same, 5))
        sets.sort(key=_positions)
        found.extend([(_COLOUR, cs) for cs in sets])
    # Three of a kind, by value
    for _, a in groups:
        if len(a) >= 3:
            found.extend([(_THREE, cs) for cs in _combinations(a, 3)])
    # Straight: five consecutive values, by the lowest
    if len(by_value) >= 5:
        for low in range(1, 10):
            run = [by_value.get(v) for v in range(low, low + 5)]
            if all(run):
                found.extend([(_STRAIGHT, cs) for cs in itertools.product(*run)])  # type: ignore[arg-type]
    # Two pairs: two of one value and two of a higher one, all sets by their positions
    sets = []
    for i, (_, a) in enumerate(groups):
        if len(a) < 2:
            continue
        pairs = list(_combinations(a, 2))
        for _, b in groups[i + 1 :]:
            if len(b) >= 2:
                for y in _combinations(b, 2):
                    sets.extend([x + y for x in pairs])
    sets.sort(key=_positions)
    found.extend([(_TWO_PAIRS, cs) for cs in sets])
    for combo, k in ((_FOUR, 4), (_KNIFFEL, 5)):
        for _, a in groups:
            if len(a) >= k:
                found.extend([(combo, cs) for cs in _combinations(a, k)])
    return tuple(found)
