"""The solver's view of a classic rule set: states, natural scores and jokers.

A solitaire position at the start of a turn is ``(mask, upper, fifty)``:

* ``mask``: the filled boxes, bit ``i`` for ``BOXES[i]`` (13 bits);
* ``upper``: the upper-section sum, capped at ``rules.upper_bonus_threshold``
  (nothing beyond the threshold can change the bonus);
* ``fifty``: whether the Kniffel box holds its full value rather than a
  struck 0 -- kept only when that changes what an extra Kniffel earns
  (``Model.fifty_matters``), else always 0.

Everything the rules decide is read from `kniffel_rules.classic` itself:
natural scores from `classic.score`, and every entry of an extra Kniffel
(joker, bonus, forced order) from `classic.legality.check_entry` on a sheet with the
same open boxes. An ordinary roll goes in any open box at its natural value
with no bonus (what ``classic.legality.allowed_boxes`` documents; tested against
``check_entry``).
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import attrs

from kniffel_rules.bots.optimal._multisets import ROLLS
from kniffel_rules.classic import Box, Rules, Sheet, score
from kniffel_rules.classic.legality import Entry, check_entry
from kniffel_rules.classic.pieces import BOXES, layout
from kniffel_rules.errors import KniffelError

__all__ = ["KNIFFEL_BIT", "NUM_BOXES", "Model", "Option", "solver_rules"]

NUM_BOXES = len(BOXES)
KNIFFEL_BIT = BOXES.index(Box.KNIFFEL)
FULL_MASK = (1 << NUM_BOXES) - 1

Option = tuple[int, int, int]
"""Where an extra Kniffel may go: ``(box index, points entered, bonus)``."""


def solver_rules(rules: Rules) -> Rules:
    """The rules with the options that do not change one game's play reset.

    ``games`` and ``ranking`` only matter for a series; the optimal play of
    each game is the same.

    Raises:
        KniffelError: The Croatian variant (its lower section is a product
            of three entries, outside this state space).
    """
    if not isinstance(rules, Rules):
        raise KniffelError(f"expected classic.Rules, got {type(rules).__name__}")
    if layout(rules).product is not None:
        raise KniffelError(
            "the optimal solitaire player does not cover the Croatian variant: its "
            "lower section, (Maximum - Minimum) x Ones, is not a sum of entries"
        )
    return attrs.evolve(rules, games=1, ranking="total")


def upper_reach(threshold: int) -> tuple[tuple[int, ...], ...]:
    """For each set of filled upper boxes (6 bits): every reachable capped upper sum."""
    reach = []
    for umask in range(64):
        sums = {0}
        for i in range(6):
            if umask >> i & 1:
                sums = {min(threshold, s + (i + 1) * c) for s in sums for c in range(6)}
        reach.append(tuple(sorted(sums)))
    return tuple(reach)


def _sheet(mask: int, kniffel: int) -> Sheet:
    entries: list[int | None] = [None] * 15
    for i, box in enumerate(BOXES):
        if mask >> i & 1:
            entries[box.value] = kniffel if box is Box.KNIFFEL else 0
    return Sheet(tuple(entries))


@lru_cache(maxsize=4)
def _extra_table(rules: Rules) -> dict[tuple[int, int], tuple[tuple[Option, ...], ...]]:
    model = Model(rules, 1)
    return {
        (mask, fifty): model.extra_options(mask, fifty)
        for mask in range(1 << NUM_BOXES)
        if mask >> KNIFFEL_BIT & 1
        for fifty in (0, 1)
    }


class Model:
    """The state space and scoring of one classic rule set, derived from classic.

    Args:
        rules: The rules (not Croatian; see `solver_rules`).
        flags: The number of values of the ``fifty`` coordinate when already
            known (from a stored table); ``None`` derives it from the rules.
    """

    def __init__(self, rules: Rules, flags: int | None = None) -> None:
        self.rules = solver_rules(rules)
        sheet = layout(self.rules)
        self.threshold = sheet.threshold
        self.upper_bonus = sheet.bonus
        self.reach = upper_reach(self.threshold)
        self._flags = flags

    @cached_property
    def natural(self) -> tuple[tuple[int, ...], ...]:
        """``natural[i][r]``: what roll ``r`` scores in ``BOXES[i]`` (`classic.score`)."""
        return tuple(tuple(score(box, roll, self.rules) for roll in ROLLS) for box in BOXES)

    def extra_options(self, mask: int, fifty: int) -> tuple[tuple[Option, ...], ...]:
        """Every entry `classic.legality.check_entry` allows for an extra Kniffel, face by face.

        Args:
            mask: The filled boxes (the Kniffel box among them).
            fifty: 1 if the Kniffel box holds its full value, 0 if struck.

        Returns:
            For faces 1..6: the options ``(box index, points, bonus)`` of five
            dice showing that face, in sheet order.
        """
        sheet = _sheet(mask, self.rules.kniffel_score if fifty else 0)
        open_boxes = [(i, box) for i, box in enumerate(BOXES) if not mask >> i & 1]
        per_face = []
        for face in range(1, 7):
            dice = (face,) * 5
            found = []
            for i, box in open_boxes:
                entry = check_entry(sheet, dice, box, self.rules)
                if isinstance(entry, Entry):
                    found.append((i, entry.value, entry.bonus))
            per_face.append(tuple(found))
        return tuple(per_face)

    @property
    def extra_table(self) -> dict[tuple[int, int], tuple[tuple[Option, ...], ...]]:
        """Every mask's `extra_options`: ``extra_table[mask, fifty][face - 1]``.

        Every mask with the Kniffel box filled, for both Kniffel values; kept
        for the last few rule sets (it takes a few seconds).
        """
        return _extra_table(self.rules)

    @cached_property
    def fifty_matters(self) -> bool:
        """Whether a struck Kniffel box changes any extra Kniffel's entries."""
        table = self.extra_table
        return any(table[m, 0] != table[m, 1] for m, f in table if f == 0)

    @property
    def flags(self) -> int:
        """The number of values of the ``fifty`` coordinate (1 or 2)."""
        if self._flags is None:
            self._flags = 2 if self.fifty_matters else 1
        return self._flags

    def index(self, mask: int, upper: int, fifty: int) -> int:
        """The position of a state in a dense value array."""
        return (mask * (self.threshold + 1) + upper) * self.flags + fifty

    @property
    def size(self) -> int:
        """The length of a dense value array."""
        return (FULL_MASK + 1) * (self.threshold + 1) * self.flags

    def states(self, mask: int) -> list[tuple[int, int]]:
        """The reachable ``(upper, fifty)`` pairs of ``mask``, in storage order."""
        fifties = range(self.flags) if mask >> KNIFFEL_BIT & 1 else range(1)
        return [(u, f) for f in fifties for u in self.reach[mask & 63]]

    def final_value(self, upper: int) -> int:
        """What is still credited when the sheet is full: the upper bonus, if reached."""
        return self.upper_bonus if upper >= self.threshold else 0
