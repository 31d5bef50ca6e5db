"""The layout of a box score sheet, shared by classic Kniffel and Kniffel Extreme.

A box sheet is a column of boxes in two sections. The upper section's sum
earns a bonus once it reaches a threshold; the lower section is the sum of
its boxes, or (classic's Croatian variant) a product of three of them; the
total is the two sections plus any extra-Kniffel bonus. With several games,
each game's totals earn placement points.

A game describes its sheet once, as a `Layout` built from its `Rules`; its
engine, its paper-sheet checker, the command line and the solver all read
the sheet through that one object, so each rule option is read in one place.
Entries are a tuple indexed by box number (``None`` while a box is open).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from kniffel_rules._fields import check_int
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError

__all__ = ["BoxPlay", "Layout", "Solitaire", "SolitairePosition", "placement_points"]

Entries = Sequence["int | None"]


@attrs.frozen(slots=True)
class Layout:
    """The boxes, sections, bonus and totals of one game's sheet under its rules.

    Attributes:
        keys: The JSON key of every box the game knows, indexed by box number.
        boxes: The box numbers on this sheet, in sheet order.
        upper: The box numbers of the upper section (their sum earns the bonus).
        lower: The box numbers of the lower section.
        threshold: The upper sum that earns the bonus.
        bonus: The upper bonus.
        product: ``(maximum, minimum, factor)`` box numbers when the lower
            section is worth ``(maximum - minimum) x factor`` once all three
            are filled (classic's Croatian variant), else ``None``.
        extra_bonus: Whether the sheet has an extra-Kniffel bonus line.
        product_floor: The product is worth at least 0 (a negative one
            counts 0; classic's ``croatian_floor``, CL-53).
    """

    keys: tuple[str, ...]
    boxes: tuple[int, ...]
    upper: tuple[int, ...]
    lower: tuple[int, ...]
    threshold: int
    bonus: int
    product: tuple[int, int, int] | None = None
    extra_bonus: bool = True
    product_floor: bool = False

    @property
    def box_keys(self) -> tuple[str, ...]:
        """The keys of the boxes on this sheet, in sheet order."""
        return tuple(self.keys[b] for b in self.boxes)

    @property
    def upper_keys(self) -> tuple[str, ...]:
        """The keys of the upper section."""
        return tuple(self.keys[b] for b in self.upper)

    def entries_of(self, written: Mapping[str, int]) -> tuple[int | None, ...]:
        """Entries indexed by box number from a mapping of box keys (absent: open)."""
        return tuple(written.get(key) for key in self.keys)

    def upper_sum(self, entries: Entries) -> int:
        """The sum of the upper section entered so far."""
        return sum(v for b in self.upper if (v := entries[b]) is not None)

    def upper_bonus(self, entries: Entries) -> int:
        """The upper bonus, once the upper sum reaches the threshold."""
        return self.bonus if self.upper_sum(entries) >= self.threshold else 0

    def upper_total(self, entries: Entries) -> int:
        """The upper sum plus the bonus."""
        upper = self.upper_sum(entries)
        return upper + (self.bonus if upper >= self.threshold else 0)

    def lower_total(self, entries: Entries) -> int:
        """The lower section: the sum of its entries, or the product once its boxes are filled."""
        if self.product is not None:
            mx, mn, factor = (entries[b] for b in self.product)
            if mx is None or mn is None or factor is None:
                return 0
            worth = (mx - mn) * factor
            return max(worth, 0) if self.product_floor else worth
        return sum(v for b in self.lower if (v := entries[b]) is not None)

    def total(self, entries: Entries, extra_bonus: int = 0) -> int:
        """Upper total + lower total + the extra-Kniffel bonus credited."""
        return self.upper_total(entries) + self.lower_total(entries) + extra_bonus


@attrs.frozen(slots=True)
class Solitaire:
    """What the exact solitaire solver reads of a box-sheet game under one rule set.

    A box-sheet game offers ``INFO.solitaire(rules)`` returning one; the
    optimal player (`kniffel_rules.bots.optimal`) is driven by it alone, so a
    game's sheet is data to the solver, not a second copy of its rules.

    Attributes:
        layout: The sheet: its boxes in order, the upper section, threshold and bonus.
        points: ``points(box, dice)``: what the sorted ``dice`` score in box
            number ``box`` when entered the ordinary way.
        forced_order: The boxes are filled strictly in the order of ``layout.boxes``.
        joker: ``None`` when five of a kind is entered like any other roll;
            else ``joker(entries, dice)`` lists every entry the rules allow for
            five of a kind ``dice`` on a sheet with ``entries`` (the
            ``kniffel_box`` filled), each as ``(box number, points, bonus)``,
            in sheet order: ``points`` are entered in the box (in an upper box
            they must be among the box's ordinary points), ``bonus`` is
            credited besides. Only the open boxes it lists may be chosen.
        kniffel_box: The number of the five-of-a-kind box that arms ``joker``
            (classic's Kniffel box): once it is filled, five of a kind is
            entered through ``joker``. The solver tells a full box (its best
            ordinary points) from a struck one when ``joker`` answers
            differently for the two. Required with ``joker``.
        full_cup: No die may be kept: every throw takes all five dice
            (classic's ``full_cup``).
        rules: The rule set the solver's value tables belong to: the rules
            with every option that does not change the play of one
            solitaire game reset (classic: ``games`` and ``ranking``); a
            table is stored, shipped and matched by it. ``None``: the rules
            as given.

    Every throw is of five dice, up to three in a turn, keeping any of
    them; the sheet's lower section must be a sum (``layout.product`` is
    ``None``).
    """

    layout: Layout
    points: Callable[[int, tuple[int, ...]], int] = attrs.field(repr=False)
    forced_order: bool = False
    joker: Callable[[Entries, tuple[int, ...]], tuple[tuple[int, int, int], ...]] | None = (
        attrs.field(default=None, repr=False)
    )
    kniffel_box: int | None = None
    full_cup: bool = False
    rules: Any = None


@attrs.frozen(slots=True)
class BoxPlay:
    """A solitaire box-sheet dice game under one rule set, as data (the vector engine reads it).

    A box-sheet game offers ``INFO.box_play(rules)`` returning one;
    `kniffel_rules.adapters.vector` builds its array tables from it alone
    (every point from the game's own ``points`` and ``joker``), so the
    vectorised engine holds no copy of a game's rules.

    Every turn throws five six-sided dice (and the ten-sided die, with
    ``d10``) up to three times, keeping any of them; a ``chips`` game allows
    a fourth throw in a turn for a chip. The game ends when every box of
    ``layout.boxes`` is filled (each game of a series of ``games``).

    Attributes:
        layout: The sheet: its boxes in order, sections, bonus, product.
        points: ``points(box, d6, d10)``: what the sorted five ``d6`` (and
            the ``d10`` face 0..9, ``None`` in a game without it) score in
            box number ``box`` when entered the ordinary way.
        decision: ``decision(action)``: an action of the game's action index
            as ``(box, keep, keep_d10)``: the box number of a score (else
            ``None``), the six-sided dice a roll keeps and whether it keeps
            the d10.
        joker: As `Solitaire.joker` (``None``: no joker rules).
        kniffel_box: As `Solitaire.kniffel_box` (required with ``joker``).
        forced_order: The boxes are filled strictly in the order of ``layout.boxes``.
        d10: The game throws a ten-sided die (faces 0..9) with the five d6.
        chips: Chips for the whole game, each buying a fourth throw in a
            turn (at most one a turn).
        games: The games of the series; the episode is the whole series.
        game_points: The score a finished game adds under a placement
            ranking (one player: first place's points); ``None``: the score
            is the sum of the games' totals, the running one included.
    """

    layout: Layout
    points: Callable[[int, tuple[int, ...], int | None], int] = attrs.field(repr=False)
    decision: Callable[[Any], tuple[int | None, tuple[int, ...], bool]] = attrs.field(repr=False)
    joker: Callable[[Entries, tuple[int, ...]], tuple[tuple[int, int, int], ...]] | None = (
        attrs.field(default=None, repr=False)
    )
    kniffel_box: int | None = None
    forced_order: bool = False
    d10: bool = False
    chips: int = 0
    games: int = 1
    game_points: int | None = None


@attrs.frozen(slots=True)
class SolitairePosition:
    """How a box-sheet game reads a one-player position described by hand (``kniffel advise``).

    A game offers one as ``INFO.position``; the command line reads the box
    names and the numbers, the game judges the position under its rules, so
    the command line keeps no game's boxes or clauses.

    Attributes:
        keys: The keys of the game's boxes, in sheet order, listed when a
            name is not one of them (a variant's own boxes may be left out).
        box_key: ``box_key(name)``: the key of the box ``name`` names, the
            way the game reads box names (its key, English or German
            labels, aliases; any case), else ``None``.
        build: ``build(rules, dice, rolls_left, filled, extra_bonus)``: the
            one-player state at the DECIDE phase with the sorted five
            ``dice`` (faces 1..6) showing and ``rolls_left`` (0..2) throws
            left, the boxes ``filled`` (``(key, points)`` pairs in the order
            given, keys among ``keys``) entered and ``extra_bonus`` points of
            extra bonus credited. A position no game under ``rules``
            reaches is refused with `kniffel_rules.errors.InvalidStateError`
            whose path names the argument (``"filled"``, ``"extra_bonus"``;
            ``"rules"`` for rules of another game; ``""`` for the position
            as a whole) and whose message names the game's clause.
    """

    keys: tuple[str, ...]
    box_key: Callable[[str], str | None] = attrs.field(repr=False)
    build: Callable[[Any, tuple[int, ...], int, Sequence[tuple[str, int]], int], Any] = attrs.field(
        repr=False
    )


def placement_points(totals: Sequence[int], first: int | None = None) -> tuple[int, ...]:
    """Placement points for one game's totals: N for first place, N-1 for second, ...

    Tied players share the better place (classic CL-28, CL-48). Linear
    in the number of players: each total's place is the number of higher
    totals plus one.

    Args:
        totals: One game's totals, in seat order.
        first: The points of first place on a fixed table (classic's
            ``ranking="placement_fixed"``: 8, then 7, 6, ... and 0 from the
            ninth place on, CL-54); ``None``: the number of players.

    Examples:
        >>> placement_points((200, 250, 200))
        (2, 3, 2)
        >>> placement_points((200, 250, 200), first=8)
        (7, 8, 7)

    Raises:
        InvalidStateError: ``totals`` is not a sequence of integers, or
            ``first`` not ``None`` or an integer >= 0 (naming it).
    """
    if isinstance(totals, (str, bytes, bytearray, Mapping)) or not isinstance(totals, Sequence):
        raise InvalidStateError("totals", f"expected a sequence of totals, got {brief(totals)}")
    for i, total in enumerate(totals):
        check_int(total, f"totals[{i}]")
    if first is not None:
        check_int(first, "first", 0)
    counts = Counter(totals)
    higher: dict[int, int] = {}
    seen = 0
    for value in sorted(counts, reverse=True):
        higher[value] = seen
        seen += counts[value]
    n = len(totals) if first is None else first
    return tuple(max(n - higher[t], 0) for t in totals)
