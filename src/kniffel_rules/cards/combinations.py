"""What a set of cards shows: the seven combinations and every way to play them (KA-17..KA-25).

`plays` is the one definition of the combinations: it lists, for a hand,
every set of cards that forms each combination. ``legal_actions`` offers
exactly these sets and ``apply`` accepts exactly these sets;
`explain` only words the reason why some other cards are not one.

Examples:
    >>> from kniffel_rules.cards.combinations import Combination, plays
    >>> from kniffel_rules.cards.pieces import Card
    >>> hand = (Card(2, "red"), Card(3, "blue"), Card(4, "blue"), Card(5, "green"),
    ...         Card(6, "red"), Card(6, "yellow"))
    >>> straights = tuple(cs for combo, cs in plays(hand) if combo is Combination.STRAIGHT)
    >>> len(straights), straights[1]
    (2, (Card(2, 'red'), Card(3, 'blue'), Card(4, 'blue'), Card(5, 'green'), Card(6, 'yellow')))
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final

from kniffel_rules._i18n import N_, Text
from kniffel_rules._labels import Labelled, name_pieces
from kniffel_rules._text import brief
from kniffel_rules.cards._boards import OWN_NAMES
from kniffel_rules.cards.pieces import COLOURS, Card, Row
from kniffel_rules.errors import InvalidStateError

__all__ = ["SIZES", "Combination", "explain", "plays"]


class Combination(Labelled):
    """The card combinations of action B, in the order of ``legal_actions``.

    ``combination.labels`` are its names in each language (those of its row),
    ``combination.label`` the English one as printed ("Full House").
    """

    FULL_HOUSE = "full_house"
    """Three cards of one value and two of another (5-5-5-9-9)."""
    COLOUR = "colour"
    """Five cards of one colour (2-4-7-8-10 in blue)."""
    THREE_OF_A_KIND = "three_of_a_kind"
    """Three cards of one value (9-9-9)."""
    STRAIGHT = "straight"
    """Five consecutive values, 1 lowest and 13 highest, no wrapping (6-7-8-9-10)."""
    TWO_PAIRS = "two_pairs"
    """Two cards of one value and two of another (4-4-8-8)."""
    FOUR_OF_A_KIND = "four_of_a_kind"
    """Four cards of one value (5-5-5-5)."""
    KNIFFEL = "kniffel"
    """Five cards of one value (7-7-7-7-7)."""

    @property
    def row(self) -> Row | None:
        """The row its tokens go to (``None`` for Kniffel: any row)."""
        return _ROW[self]

    __repr__ = enum.Enum.__repr__  # the enum's own: <Combination.COLOUR: 'colour'>


name_pieces(Combination, OWN_NAMES)


_ROW: Final = {
    Combination.FULL_HOUSE: Row.FULL_HOUSE,
    Combination.COLOUR: Row.COLOUR,
    Combination.THREE_OF_A_KIND: Row.THREE_OF_A_KIND,
    Combination.STRAIGHT: Row.STRAIGHT,
    Combination.TWO_PAIRS: Row.TWO_PAIRS,
    Combination.FOUR_OF_A_KIND: Row.TWO_PAIRS,
    Combination.KNIFFEL: None,
}

SIZES: Final[dict[Combination, int]] = {
    Combination.FULL_HOUSE: 5,
    Combination.COLOUR: 5,
    Combination.THREE_OF_A_KIND: 3,
    Combination.STRAIGHT: 5,
    Combination.TWO_PAIRS: 4,
    Combination.FOUR_OF_A_KIND: 4,
    Combination.KNIFFEL: 5,
}
"""The number of cards each combination is played with."""

Cards = tuple[Card, ...]


def _of_a_kind(by_value: dict[int, list[Card]], k: int) -> Iterator[Cards]:
    for v in sorted(by_value):
        yield from itertools.combinations(by_value[v], k)


def _two_groups(by_value: dict[int, list[Card]], a: int, b: int) -> Iterator[Cards]:
    """``a`` cards of one value and ``b`` of another (unordered when ``a == b``)."""
    found = []
    for va, vb in itertools.permutations(sorted(by_value), 2):
        if a == b and va > vb:
            continue
        for x in itertools.combinations(by_value[va], a):
            for y in itertools.combinations(by_value[vb], b):
                found.append(tuple(sorted(x + y, key=_key)))
    yield from sorted(found, key=lambda cs: [c.index for c in cs])


def _straights(by_value: dict[int, list[Card]]) -> Iterator[Cards]:
    for low in range(1, 10):  # 1-2-3-4-5 .. 9-10-11-12-13: 13 is the highest card
        run = [by_value.get(v, []) for v in range(low, low + 5)]
        if all(run):
            yield from itertools.product(*run)


def _colours(hand: Cards) -> Iterator[Cards]:
    found: list[Cards] = []
    for colour in COLOURS:
        same = [c for c in hand if c.colour is colour]
        found.extend(itertools.combinations(same, 5))
    yield from sorted(found, key=lambda cs: [c.index for c in cs])


def _key(card: Card) -> int:
    return card.index


def plays(hand: Cards) -> tuple[tuple[Combination, Cards], ...]:
    """Every combination in ``hand``: each combination and card set that forms it.

    Args:
        hand: A hand, a tuple of cards (in card order: by value, then colour).

    Returns:
        ``(combination, cards)`` pairs, by combination in `Combination` order,
        then by the cards' positions in card order; the cards in card order.

    Raises:
        InvalidStateError: ``hand`` is not a tuple of cards.
    """
    if type(hand) is not tuple or not all(isinstance(card, Card) for card in hand):
        raise InvalidStateError("hand", f"expected a tuple of cards, got {brief(hand)}")
    return _cached_plays(hand)


@lru_cache(maxsize=4096)
def _cached_plays(hand: Cards) -> tuple[tuple[Combination, Cards], ...]:
    return _plays(hand)


# A cached function delegates its work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _plays(hand: Cards) -> tuple[tuple[Combination, Cards], ...]:
    by_value: dict[int, list[Card]] = {}
    for card in hand:
        by_value.setdefault(card.value, []).append(card)
    found: list[tuple[Combination, Cards]] = []
    generators: tuple[tuple[Combination, Iterator[Cards]], ...] = (
        (Combination.FULL_HOUSE, _two_groups(by_value, 3, 2)),
        (Combination.COLOUR, _colours(hand)),
        (Combination.THREE_OF_A_KIND, _of_a_kind(by_value, 3)),
        (Combination.STRAIGHT, _straights(by_value)),
        (Combination.TWO_PAIRS, _two_groups(by_value, 2, 2)),
        (Combination.FOUR_OF_A_KIND, _of_a_kind(by_value, 4)),
        (Combination.KNIFFEL, _of_a_kind(by_value, 5)),
    )
    for combo, sets in generators:
        found.extend((combo, cs) for cs in sets)
    return tuple(found)


def _values_text(cards: Sequence[Card]) -> str:
    return "-".join(str(c.value) for c in cards)


def explain(combo: Combination, cards: Sequence[Card]) -> Text:
    """Why ``cards`` are not a ``combo``, in words a player understands.

    Only called for cards that `plays` does not list for ``combo``.

    Raises:
        InvalidStateError: ``combo`` is not a `Combination` or ``cards`` not a
            sequence of cards.

    Examples:
        >>> from kniffel_rules.cards import Card, Combination
        >>> explain(Combination.STRAIGHT, [Card(v, "red") for v in (12, 13, 1, 2, 3)])
        '12-13-1-2-3 does not count as a straight: 1 is the lowest card and 13 the highest'
    """
    if not isinstance(combo, Combination):
        raise InvalidStateError("combo", f"expected a Combination, got {brief(combo)}")
    if not isinstance(cards, Sequence) or not all(isinstance(card, Card) for card in cards):
        raise InvalidStateError("cards", f"expected a sequence of cards, got {brief(cards)}")
    size = SIZES[combo]
    if len(cards) != size:
        return Text.of(
            N_("{combo} is played with {size} cards, got {got}"),
            combo=combo,
            size=size,
            got=len(cards),
        )
    ordered = sorted(cards, key=_key)
    values = [c.value for c in ordered]
    shape = sorted(Counter(values).values(), reverse=True)
    text = _values_text(ordered)
    if combo is Combination.STRAIGHT:
        distinct = sorted(set(values))
        for cut in range(1, len(distinct)):
            wrapped = distinct[cut:] + distinct[:cut]
            if len(wrapped) == 5 and all(b == a % 13 + 1 for a, b in itertools.pairwise(wrapped)):
                return Text.of(
                    N_(
                        "{values} does not count as a straight: "
                        "1 is the lowest card and 13 the highest"
                    ),
                    values="-".join(map(str, wrapped)),
                )
        return Text.of(
            N_("{values} is not a straight: a straight is five consecutive values"), values=text
        )
    if combo is Combination.COLOUR:
        colours = tuple(sorted({c.colour for c in cards}, key=lambda c: c.value))
        return Text.of(N_("a Colour is five cards of one colour; these are {names}"), names=colours)
    wanted = {
        Combination.FULL_HOUSE: N_("three cards of one value and two of another"),
        Combination.THREE_OF_A_KIND: N_("three cards of one value"),
        Combination.TWO_PAIRS: N_("two cards of one value and two of another"),
        Combination.FOUR_OF_A_KIND: N_("four cards of one value"),
        Combination.KNIFFEL: N_("five cards of one value"),
    }[combo]
    return Text.of(
        N_("{combo} means {wanted}, not {values} ({shape})"),
        combo=combo,
        wanted=Text(wanted),
        values=text,
        shape="+".join(map(str, shape)),
    )
