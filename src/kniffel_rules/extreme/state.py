"""The state of a Kniffel Extreme game, its actions and its chance outcome."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules.dice import sorted_faces
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.boxes import LOWER, Box
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Action", "ExtremeRoll", "Phase", "Roll", "Score", "Sheet", "State"]


def _keep(values: Iterable[int]) -> tuple[int, ...]:
    return sorted_faces(values, "keep_d6")


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError("keep_d10", f"expected True or False, got {value!r}")
    return value


@attrs.frozen(slots=True, repr=False)
class Roll:
    """Keep some dice and throw the others; the first roll of a turn is ``Roll()``.

    A fourth ``Roll`` in a turn hands in one of the player's chips.

    Attributes:
        keep_d6: The six-sided dice kept (a sorted sub-multiset of those showing).
        keep_d10: Whether the ten-sided die is kept.
    """

    keep_d6: tuple[int, ...] = attrs.field(default=(), converter=_keep)
    keep_d10: bool = attrs.field(default=False, converter=_flag)

    def __repr__(self) -> str:
        return f"Roll(keep_d6={self.keep_d6!r}, keep_d10={self.keep_d10!r})"


@attrs.frozen(slots=True, repr=False)
class Score:
    """Enter the six dice in ``box``; this ends the turn.

    Attributes:
        box: The box to fill.
    """

    box: Box

    def __repr__(self) -> str:
        return f"Score({self.box!r})"


def _d6(values: Iterable[int]) -> tuple[int, ...]:
    return sorted_faces(values, "d6")


def _d10(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError("d10", f"expected a face 0..9 or None, got {value!r}")
    return value


@attrs.frozen(slots=True, repr=False)
class ExtremeRoll:
    """A chance outcome: the six-sided dice thrown (sorted) and the d10's face.

    Attributes:
        d6: The faces of the six-sided dice that were thrown, ascending.
        d10: The ten-sided die's face, or ``None`` when it was kept.
    """

    d6: tuple[int, ...] = attrs.field(converter=_d6)
    d10: int | None = attrs.field(default=None, converter=_d10)

    def __repr__(self) -> str:
        return f"ExtremeRoll({self.d6!r}, {self.d10!r})"


Action = Roll | Score
"""A player's action in Kniffel Extreme."""


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)


@attrs.frozen(slots=True)
class Sheet:
    """One player's Extreme sheet and chips.

    Attributes:
        entries: The value entered in each box, indexed by ``Box.value``;
            ``None`` while open.
        chips: The chips the player still has.
    """

    entries: tuple[int | None, ...] = _EMPTY
    chips: int = 3

    def __getitem__(self, box: Box) -> int | None:
        """The entry of ``box`` (``None`` while open)."""
        return self.entries[box.value]

    def is_filled(self, box: Box) -> bool:
        """Whether ``box`` holds a value (a struck 0 counts as filled)."""
        return self.entries[box.value] is not None

    def filled(self) -> int:
        """The number of filled boxes."""
        return sum(1 for v in self.entries if v is not None)

    @property
    def upper_sum(self) -> int:
        """The sum of Ones to Sixes so far."""
        return sum(v for v in self.entries[:6] if v is not None)

    def upper_bonus(self, rules: Rules) -> int:
        """The upper bonus once the upper sum reaches the threshold (45 at 73)."""
        return rules.upper_bonus if self.upper_sum >= rules.upper_bonus_threshold else 0

    def upper_total(self, rules: Rules) -> int:
        """The upper sum plus the bonus."""
        return self.upper_sum + self.upper_bonus(rules)

    @property
    def lower_total(self) -> int:
        """The sum of the lower section so far."""
        return sum(v for b in LOWER if (v := self.entries[b.value]) is not None)

    def total(self, rules: Rules) -> int:
        """The running total: upper total + lower total."""
        return self.upper_total(rules) + self.lower_total

    def __repr__(self) -> str:
        filled = ", ".join(f"{b.key}={v}" for b in Box if (v := self.entries[b.value]) is not None)
        return f"Sheet({filled}{', ' if filled else ''}chips={self.chips})"


@attrs.frozen(slots=True)
class State:
    """A Kniffel Extreme game at one moment. Immutable.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order.
        sheets: Each player's sheet and chips.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off).
        d6: In ``DECIDE``: the five six-sided dice showing (``()`` before the
            first roll). In ``THROW``: the six-sided dice kept.
        d10: The ten-sided die showing (``DECIDE``) or kept (``THROW``), else None.
        rolls: Rolls made this turn (0..4; the fourth costs a chip).
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
    """

    rules: Rules
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    phase: Phase
    player: int = 0
    d6: tuple[int, ...] = ()
    d10: int | None = None
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def dice(self) -> tuple[int, ...]:
        """All six faces showing, sorted (``DECIDE`` after a roll)."""
        if self.d10 is None:
            return self.d6
        return tuple(sorted((*self.d6, self.d10)))
