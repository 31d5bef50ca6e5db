"""The solver's view of one rule set of a box-sheet game: states, natural scores and jokers.

The solver knows no game: it reads a game only through its
``INFO.solitaire(rules)`` (`kniffel_rules.boxsheet.Solitaire`): the sheet
layout, the points of every roll in every box, the forced order, and the
entries of an extra five of a kind (classic's jokers). The game is found
from the ``Rules`` object itself (`game_of`), through the registry.

A solitaire position at the start of a turn is ``(mask, upper, fifty)``:

* ``mask``: the filled boxes, bit ``i`` for the ``i``-th box of the sheet
  (``layout.boxes[i]``);
* ``upper``: the upper-section sum, capped at the bonus threshold (nothing
  beyond it can change the bonus);
* ``fifty``: whether the five-of-a-kind box (``Solitaire.kniffel_box``)
  holds its full value rather than a struck 0 -- kept only when that
  changes what an extra five of a kind earns (``Model.fifty_matters``),
  else always 0.

An ordinary roll goes in any open box (with a forced order: the first open
one) at its natural value with no bonus; an extra five of a kind goes where
``Solitaire.joker`` says.
"""

from __future__ import annotations

import sys
from functools import cached_property, lru_cache
from typing import Any, Final, TypeVar, cast

import attrs

from kniffel_rules import variant
from kniffel_rules._i18n import N_, Text
from kniffel_rules.bots.optimal._multisets import ROLLS
from kniffel_rules.boxsheet import Solitaire
from kniffel_rules.errors import KniffelError
from kniffel_rules.game import GameInfo

__all__ = [
    "DEFAULT_GAME",
    "FULL_MASK",
    "KNIFFEL_BIT",
    "NUM_BOXES",
    "Model",
    "Option",
    "check_play_rules",
    "default_rules",
    "game_of",
    "solver_rules",
]

DEFAULT_GAME: Final = "classic"
"""The registry name of the game played without ``rules`` (``OptimalSolitaire()``),
and of the tables that ship with the package and of table files that name no game."""

R = TypeVar("R")

Option = tuple[int, int, int]
"""Where an extra five of a kind may go: ``(box bit, points entered, bonus)``."""


def default_rules() -> Any:
    """The rulebook of `DEFAULT_GAME` (``Rules()``)."""
    return variant.get_variant(DEFAULT_GAME).Rules()


_GAMES: dict[type[Any], Any] = {}
"""The game module of each ``Rules`` class looked up so far."""


def _game_of_type(cls: type[Any]) -> Any:
    if cls in _GAMES:
        return _GAMES[cls]
    found = None
    parts = cls.__module__.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        info = getattr(module, "INFO", None)
        if (
            isinstance(info, GameInfo)
            and getattr(module, "Rules", None) is cls
            and info.name in variant.VARIANTS
            and variant.get_variant(info.name) is module
        ):
            found = module
            break
    _GAMES[cls] = found
    return found


def _solitaire_games() -> str:
    names = []
    for name in variant.VARIANTS:
        module = variant.get_variant(name)
        if module.INFO.solitaire is not None:
            names.append(f"{name}.Rules")
    return ", ".join(names)


def game_of(rules: object) -> Any:
    """The registered game module whose ``Rules`` class ``rules`` is an instance of.

    Looked up by the module of the class (the game's package holds it as
    ``Rules``) and checked against the registry (`kniffel_rules.get_variant`).

    Raises:
        KniffelError: ``rules`` is no registered game's ``Rules``, or that
            game has no exact solitaire player (``INFO.solitaire``).
    """
    game = _game_of_type(type(rules))
    if game is None or game.INFO.solitaire is None:
        raise KniffelError(
            "expected the Rules of a game with an exact solitaire player "
            f"({_solitaire_games()}), got {type(rules).__name__}"
        )
    return game


def solitaire_of(rules: object) -> Solitaire:
    """The game's `Solitaire` under ``rules`` (``INFO.solitaire(rules)``).

    Raises:
        KniffelError: See `game_of`; or the game refuses the rules, or its
            sheet is outside the solver's state space.
    """
    sol: Solitaire = game_of(rules).INFO.solitaire(rules)
    if sol.layout.product is not None:
        raise KniffelError(
            "the optimal solitaire player does not cover this sheet: its lower "
            "section is a product of entries, not their sum"
        )
    if sol.joker is not None and (
        sol.kniffel_box is None or sol.kniffel_box not in sol.layout.boxes
    ):
        raise KniffelError("Solitaire.joker needs the kniffel_box it is armed by")
    return sol


def solver_rules(rules: R) -> R:
    """The rules with the options that do not change one game's play reset.

    What the game's `Solitaire.rules` says (classic: ``games`` and
    ``ranking`` only matter for a series); tables are matched by it.

    Raises:
        KniffelError: See `solitaire_of` (classic: the Croatian variant).
    """
    sol = solitaire_of(rules)
    return rules if sol.rules is None else cast(R, sol.rules)


def check_play_rules(mine: object, rules: object) -> None:
    """Refuse a state under ``rules`` to a player made for ``mine`` (already `solver_rules`).

    Raises:
        KniffelError: The rules differ in an option that changes one game's
            play, or are another game's (`other_rules` says which).
    """
    theirs = solver_rules(rules)
    if theirs != mine:
        raise KniffelError(other_rules(mine, theirs))


def other_rules(mine: object, theirs: object) -> Text:
    """Why a player made for ``mine`` cannot judge a state under ``theirs`` (as `solver_rules`).

    Names the options that differ (their keys, the same in every language),
    or the game the player is made for when ``theirs`` are another game's.
    """
    if type(mine) is not type(theirs) or not attrs.has(type(mine)):
        return Text.of(
            N_("this player is made for {game}, not for the state's game"),
            game=game_of(mine).INFO.title("en"),
        )
    fields: Any = attrs.fields(cast(Any, type(mine)))
    options = [f.name for f in fields if getattr(mine, f.name) != getattr(theirs, f.name)]
    return Text.of(
        N_("this player is made for other rules: the state's differ in {options}"),
        options=", ".join(options),
    )


def _reach(choices: list[tuple[int, ...]], threshold: int) -> tuple[tuple[int, ...], ...]:
    """For each subset of the upper boxes: every reachable capped upper sum."""
    reach = []
    for sub in range(1 << len(choices)):
        sums = {0}
        for j, points in enumerate(choices):
            if sub >> j & 1:
                sums = {min(threshold, s + p) for s in sums for p in points}
        reach.append(tuple(sorted(sums)))
    return tuple(reach)


@lru_cache(maxsize=4)
def _extra_table(rules: Any) -> dict[tuple[int, int], tuple[tuple[Option, ...], ...]]:
    model = Model(rules, 1)
    kb = model.kniffel_bit
    assert kb is not None
    return {
        (mask, fifty): model.extra_options(mask, fifty)
        for mask in model.masks()
        if mask >> kb & 1
        for fifty in (0, 1)
    }


class Model:
    """The state space and scoring of one rule set, read from the game's `Solitaire`.

    Args:
        rules: A game's rules (see `game_of` and `solitaire_of`).
        flags: The number of values of the ``fifty`` coordinate when already
            known (from a stored table); ``None`` derives it from the rules.

    Raises:
        KniffelError: See `solitaire_of`.

    Attributes:
        game: The game's module.
        solitaire: What the game says of its sheet under the rules.
        rules: The rules the values belong to (`solver_rules`).
        layout: The sheet.
        boxes: The box numbers in sheet order: bit ``i`` of a mask is ``boxes[i]``.
        num_boxes: The number of boxes on the sheet.
        full_mask: The mask of the full sheet.
        is_upper: For each bit, whether its box is in the upper section.
        threshold: The upper sum that earns the bonus.
        upper_bonus: The upper bonus.
        forced: The boxes are filled in sheet order.
        full_cup: No die may be kept.
        kniffel_bit: The bit of the box that arms the jokers (``None``: no jokers).
    """

    def __init__(self, rules: object, flags: int | None = None) -> None:
        self.game = game_of(rules)
        sol = self.solitaire = solitaire_of(rules)
        self.rules: Any = rules if sol.rules is None else sol.rules
        sheet = self.layout = sol.layout
        self.boxes: tuple[int, ...] = sheet.boxes
        self.num_boxes = len(self.boxes)
        self.full_mask = (1 << self.num_boxes) - 1
        upper = set(sheet.upper)
        self.is_upper = tuple(b in upper for b in self.boxes)
        self.upper_bits = tuple(i for i, up in enumerate(self.is_upper) if up)
        self.threshold = sheet.threshold
        self.upper_bonus = sheet.bonus
        self.forced = sol.forced_order
        self.full_cup = sol.full_cup
        self.bit_of = {b: i for i, b in enumerate(self.boxes)}
        self.bit_of_key = {sheet.keys[b]: i for i, b in enumerate(self.boxes)}
        self.kniffel_bit = None
        if sol.joker is not None and sol.kniffel_box is not None:
            self.kniffel_bit = self.bit_of[sol.kniffel_box]
        self._flags = flags

    def __reduce__(self) -> tuple[type[Model], tuple[Any, int | None]]:
        """Pickled as its rules (the game's module and functions are looked up again)."""
        return (Model, (self.rules, self._flags))

    @cached_property
    def natural(self) -> tuple[tuple[int, ...], ...]:
        """``natural[i][r]``: what roll ``r`` scores in the box of bit ``i``."""
        points = self.solitaire.points
        return tuple(tuple(points(box, roll) for roll in ROLLS) for box in self.boxes)

    @cached_property
    def upper_points(self) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
        """For each upper bit: its distinct points ascending, and each roll's place among them."""
        found = {}
        for i in self.upper_bits:
            values = tuple(sorted(set(self.natural[i])))
            place = {p: j for j, p in enumerate(values)}
            found[i] = (values, tuple(place[p] for p in self.natural[i]))
        return found

    @cached_property
    def _reach(self) -> tuple[tuple[int, ...], ...]:
        choices = [self.upper_points[i][0] for i in self.upper_bits]
        return _reach(choices, self.threshold)

    def reach(self, mask: int) -> tuple[int, ...]:
        """Every reachable capped upper sum with the boxes of ``mask`` filled."""
        sub = 0
        for j, i in enumerate(self.upper_bits):
            if mask >> i & 1:
                sub |= 1 << j
        return self._reach[sub]

    @cached_property
    def full_value(self) -> int:
        """The full value of the five-of-a-kind box (its best natural points; 0: none)."""
        kb = self.kniffel_bit
        return 0 if kb is None else max(self.natural[kb])

    def masks(self) -> range | tuple[int, ...]:
        """Every reachable mask, ascending (with a forced order: the sheet's prefixes)."""
        if self.forced:
            return tuple((1 << k) - 1 for k in range(self.num_boxes + 1))
        return range(self.full_mask + 1)

    def reachable(self, mask: int) -> bool:
        """Whether a mask can be reached (with a forced order: a prefix of the sheet)."""
        return 0 <= mask <= self.full_mask and (not self.forced or mask & (mask + 1) == 0)

    def open_boxes(self, mask: int) -> list[int]:
        """The bits a roll may be entered in (with a forced order: the first open one)."""
        found = [i for i in range(self.num_boxes) if not mask >> i & 1]
        return found[:1] if self.forced else found

    def extra_options(self, mask: int, fifty: int) -> tuple[tuple[Option, ...], ...]:
        """Every entry `Solitaire.joker` allows for an extra five of a kind, face by face.

        Args:
            mask: The filled boxes (the five-of-a-kind box among them).
            fifty: 1 if that box holds its full value, 0 if struck.

        Returns:
            For faces 1..6: the options ``(box bit, points, bonus)`` of five
            dice showing that face, in sheet order.
        """
        joker = self.solitaire.joker
        assert joker is not None
        entries: list[int | None] = [None] * len(self.layout.keys)
        for i, box in enumerate(self.boxes):
            if mask >> i & 1:
                entries[box] = self.full_value if fifty and i == self.kniffel_bit else 0
        allowed = set(self.open_boxes(mask))
        per_face = []
        for face in range(1, 7):
            found = []
            for box, value, bonus in joker(tuple(entries), (face,) * 5):
                i = self.bit_of[box]
                if i in allowed:
                    found.append((i, value, bonus))
            per_face.append(tuple(found))
        return tuple(per_face)

    @property
    def extra_table(self) -> dict[tuple[int, int], tuple[tuple[Option, ...], ...]]:
        """Every mask's `extra_options`: ``extra_table[mask, fifty][face - 1]``.

        Every mask with the five-of-a-kind box filled, for both of its
        values; kept for the last few rule sets (it takes a few seconds).
        Empty without jokers.
        """
        if self.kniffel_bit is None:
            return {}
        return _extra_table(self.rules)

    @cached_property
    def fifty_matters(self) -> bool:
        """Whether a struck five-of-a-kind box changes any extra five of a kind's entries."""
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
        return (self.full_mask + 1) * (self.threshold + 1) * self.flags

    def states(self, mask: int) -> list[tuple[int, int]]:
        """The reachable ``(upper, fifty)`` pairs of ``mask``, in storage order."""
        if not self.reachable(mask):
            return []
        kb = self.kniffel_bit
        fifties = range(self.flags) if kb is not None and mask >> kb & 1 else range(1)
        return [(u, f) for f in fifties for u in self.reach(mask)]

    def final_value(self, upper: int) -> int:
        """What is still credited when the sheet is full: the upper bonus, if reached."""
        return self.upper_bonus if upper >= self.threshold else 0


_DEFAULT: Final = Model(default_rules(), 1)
NUM_BOXES: Final = _DEFAULT.num_boxes
"""The number of boxes of `DEFAULT_GAME`'s sheet (13; for `kniffel_rules.bots.winning`)."""
KNIFFEL_BIT: Final = _DEFAULT.kniffel_bit or 0
"""The bit of `DEFAULT_GAME`'s Kniffel box."""
FULL_MASK: Final = _DEFAULT.full_mask
"""The mask of `DEFAULT_GAME`'s full sheet."""
