"""The state of a classic game: the `State`, each player's `Sheet` and the `Phase`."""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation, SheetState, ThreeThrows
from kniffel_rules._fields import BoxEntries
from kniffel_rules._quickinit import quick_init
from kniffel_rules.classic.pieces import Box, layout
from kniffel_rules.classic.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "Sheet", "State"]


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)


@quick_init
@attrs.frozen(slots=True)
class Sheet(BoxEntries[Box, Rules]):
    """One player's score sheet for the current game (its boxes read as `BoxEntries`).

    Attributes:
        entries: The value entered in each box, indexed by ``Box.value``;
            ``None`` while the box is open.
        extra_bonus: The extra-Kniffel bonus points credited so far.
    """

    entries: tuple[int | None, ...] = _EMPTY
    extra_bonus: int = 0
    _layout = staticmethod(layout)
    _box = Box

    def with_entry(self, box: Box, value: int, bonus: int = 0) -> Sheet:
        """A copy with ``value`` entered in ``box`` and ``bonus`` points credited."""
        entries = list(self.entries)
        entries[box._value_] = value  # box.value, without the enum property's call
        return Sheet(tuple(entries), self.extra_bonus + bonus)

    def lower_total(self, rules: Rules) -> int:
        """The lower section: the sum of its entries, or Croatian's product.

        Croatian: (Maximum - Minimum) x Ones once all three are filled, else 0.
        """
        return layout(rules).lower_total(self.entries)

    def total(self, rules: Rules) -> int:
        """The running total: upper total + lower total + extra-Kniffel bonuses."""
        return layout(rules).total(self.entries, self.extra_bonus)

    def __repr__(self) -> str:
        filled = ", ".join(f"{b.key}={v}" for b in Box if (v := self.entries[b.value]) is not None)
        bonus = f", extra_bonus={self.extra_bonus}" if self.extra_bonus else ""
        return f"Sheet({filled}{bonus})"


@quick_init
@attrs.frozen(slots=True)
class State(SheetState[Rules, Sheet], ThreeThrows):
    """A classic game (or series of games) at one moment. Immutable.

    Build states with `new_game` and `apply`; `from_json` validates one read
    from outside. The fields ``rules``, ``names``, ``sheets``, ``phase`` and
    ``player`` come first (`kniffel_rules._dicewire.SheetState`).

    Attributes:
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            roll). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        game: The index of the current game in the series (``rules.games``
            once the series is over).
        first_player: The seat that started game 0 (``None`` during the
            roll-off); game ``g`` starts at ``(first_player + g) % players``.
        roll_off: The roll-off in progress, or ``None``.
        results: Each finished game's final totals, one tuple per game.
    """

    dice: tuple[int, ...] = ()
    rolls: int = 0
    game: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None
    results: tuple[tuple[int, ...], ...] = ()


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a classic game: all of it, as `OpenObservation`."""

    state: State
