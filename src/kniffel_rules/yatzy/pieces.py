"""The material of Scandinavian Yatzy: its rules, its fifteen boxes and what a throw scores.

Rules, rulings and labels: ``docs/rules/yatzy.md`` (clause ids ``YA-``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

import attrs

from kniffel_rules._boxgame import points_table
from kniffel_rules._common import RuleSet, check_bool
from kniffel_rules._i18n import N_
from kniffel_rules._labels import Labelled, name_pieces
from kniffel_rules.boxsheet import Layout, Solitaire
from kniffel_rules.dice import all_multisets, sorted_faces
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import game_rules

__all__ = ["Box", "Rules", "layout", "score", "solitaire"]


@attrs.frozen(slots=True, kw_only=True)
class Rules(RuleSet):
    """The rules of a Yatzy game (frozen; the defaults are the Scandinavian rules).

    Attributes:
        yatzy_counts_as_full_house: Five of a kind may be entered as a full
            house, worth the sum of the dice (YA-19).
        four_of_a_kind_counts_as_two_pairs: Four (or five) of a kind may be
            entered as two pairs, worth four times the face (YA-20).
        forced_order: "Tvungen" Yatzy: the boxes are filled strictly top to
            bottom (YA-21).
    """

    yatzy_counts_as_full_house: bool = attrs.field(default=False, validator=check_bool)
    four_of_a_kind_counts_as_two_pairs: bool = attrs.field(default=False, validator=check_bool)
    forced_order: bool = attrs.field(default=False, validator=check_bool)


_RULEBOOK: Final = Rules()

class Box(Labelled):
    """A box of the Yatzy sheet: its number in sheet order, English and German labels.

    ``box.key`` is its JSON name (``"one_pair"``); the labels are the
    family's (`kniffel_rules._labels.FAMILY_NAMES`) but for the three of its
    own, recorded on the rules page with the Danish and Swedish sheets' names.
    """

    _value_: int

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    ONE_PAIR = 6
    TWO_PAIRS = 7
    THREE_OF_A_KIND = 8
    FOUR_OF_A_KIND = 9
    SMALL_STRAIGHT = 10
    LARGE_STRAIGHT = 11
    FULL_HOUSE = 12
    CHANCE = 13
    YATZY = 14


name_pieces(
    Box,
    {
        "one_pair": N_("One pair"),
        "full_house": N_("Full house"),
        "yatzy": N_("Yatzy"),
    },
)


ALIASES: Final[Mapping[Box, tuple[str, ...]]] = {
    Box.ONE_PAIR: ("pair", "1 pair", "1p", "paar", "1 paar", "par", "ett par", "et par"),
    Box.TWO_PAIRS: ("2 par", "to par", "två par", "tva par", "tvåpar", "tvapar"),
    Box.THREE_OF_A_KIND: ("tretal", "3 ens", "tre ens", "3 lika"),
    Box.FOUR_OF_A_KIND: ("fyrtal", "4 ens", "fire ens", "4 lika"),
    Box.SMALL_STRAIGHT: ("liten stege", "lille straight", "liten straight"),
    Box.LARGE_STRAIGHT: ("stor stege", "stor straight"),
    Box.FULL_HOUSE: ("house", "hus", "fuldt hus", "kåk", "kak"),
    Box.CHANCE: ("chans", "chancen"),
    Box.YATZY: ("yahtzee", "kniffel", "five of a kind", "5 of a kind", "5k"),
}
"""What else players call the boxes (Danish and Swedish sheets' names among them)."""


def _points(rules: Rules, box: int, dice: tuple[int, ...]) -> int:
    """What sorted ``dice`` score in box number ``box`` (YA-07, YA-09..YA-17, YA-19, YA-20)."""
    counts = [dice.count(face) for face in range(7)]
    if box < 6:
        return (box + 1) * counts[box + 1]
    pairs = [f for f in range(6, 0, -1) if counts[f] >= 2]
    most = max(counts)
    face = counts.index(most)
    if box == 6:
        return 2 * pairs[0] if pairs else 0
    if box == 7:
        if len(pairs) == 2:
            return 2 * (pairs[0] + pairs[1])
        return 4 * face if most >= 4 and rules.four_of_a_kind_counts_as_two_pairs else 0
    if box in (8, 9):
        return (box - 5) * face if most >= box - 5 else 0
    if box == 10:
        return 15 if dice == (1, 2, 3, 4, 5) else 0
    if box == 11:
        return 20 if dice == (2, 3, 4, 5, 6) else 0
    if box == 12:
        full = sorted(counts) == [0, 0, 0, 0, 0, 2, 3]
        return sum(dice) if full or (most == 5 and rules.yatzy_counts_as_full_house) else 0
    if box == 13:
        return sum(dice)
    return 50 if most == 5 else 0


@lru_cache(maxsize=8)
def _box_points(rules: Rules) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The points of every sorted throw in every box (by box number) under ``rules``."""
    return points_table(lambda box, dice: _points(rules, box, dice), len(Box))


_ROLLS = frozenset(all_multisets(5))
_NOT_A_THROW: Final = "expected five faces 1..6"


def score(box: Box, dice: Sequence[int], rules: Rules | None = None) -> int:
    """What five dice are worth in ``box`` (0 when they don't fit).

    Args:
        box: The box.
        dice: Five faces 1..6, in any order.
        rules: The rules (``None``: the Scandinavian rules).

    Raises:
        InvalidStateError: Not a `Box`, five faces 1..6 and `Rules`.

    Examples:
        >>> score(Box.TWO_PAIRS, (1, 5, 5, 6, 6)), score(Box.FULL_HOUSE, (5, 5, 5, 5, 5))
        (22, 0)
    """
    if not isinstance(box, Box):
        raise InvalidStateError("box", f"expected a yatzy Box, got {type(box).__name__}")
    try:
        rolled = sorted_faces(dice)  # the shared reader: integers only, no text
    except InvalidStateError:
        raise InvalidStateError("dice", _NOT_A_THROW) from None
    if rolled not in _ROLLS:
        raise InvalidStateError("dice", _NOT_A_THROW)
    found: int = _box_points(game_rules(rules, _RULEBOOK, "yatzy"))[rolled][box.value]
    return found


_LAYOUT: Final = Layout(
    keys=tuple(b.key for b in Box), boxes=tuple(range(15)), upper=tuple(range(6)),
    lower=tuple(range(6, 15)), threshold=63, bonus=50, extra_bonus=False,
)  # fmt: skip


def layout(rules: Rules) -> Layout:
    """The sheet: fifteen boxes, the upper bonus 50 at 63 (YA-08), no extra bonus."""
    return _LAYOUT


def solitaire(rules: Rules | None = None) -> Solitaire:
    """The sheet as the exact solitaire solver reads it: the layout, the points, the order.

    Args:
        rules: The rules (``None``: the Scandinavian rules).

    Raises:
        InvalidStateError: ``rules`` is not a `Rules` (path ``rules``).
    """
    checked = game_rules(rules, _RULEBOOK, "yatzy")
    table = _box_points(checked)
    return Solitaire(_LAYOUT, lambda box, dice: table[dice][box], checked.forced_order)
