"""The state of a classic game: the `State`, each player's `Sheet` and the `Phase`."""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation
from kniffel_rules.classic.pieces import Box, layout
from kniffel_rules.classic.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "Sheet", "State"]


_EMPTY: tuple[int | None, ...] = (None,) * len(Box)


@attrs.frozen(slots=True)
class Sheet:
    """One player's score sheet for the current game.

    Attributes:
        entries: The value entered in each box, indexed by ``Box.value``;
            ``None`` while the box is open.
        extra_bonus: The extra-Kniffel bonus points credited so far.
    """

    entries: tuple[int | None, ...] = _EMPTY
    extra_bonus: int = 0

    def __getitem__(self, box: Box) -> int | None:
        """The entry of ``box`` (``None`` while open)."""
        return self.entries[box.value]

    def is_filled(self, box: Box) -> bool:
        """Whether ``box`` holds a value (a struck 0 counts as filled)."""
        return self.entries[box.value] is not None

    def filled(self) -> int:
        """The number of filled boxes."""
        entries = self.entries
        return len(entries) - entries.count(None)

    def with_entry(self, box: Box, value: int, bonus: int = 0) -> Sheet:
        """A copy with ``value`` entered in ``box`` and ``bonus`` points credited."""
        entries = list(self.entries)
        entries[box._value_] = value  # box.value, without the enum property's call
        return Sheet(tuple(entries), self.extra_bonus + bonus)

    @property
    def upper_sum(self) -> int:
        """The sum of the upper section entered so far."""
        return sum(v for v in self.entries[:6] if v is not None)

    def upper_bonus(self, rules: Rules) -> int:
        """The upper bonus, once the upper sum reaches the threshold."""
        return layout(rules).upper_bonus(self.entries)

    def upper_total(self, rules: Rules) -> int:
        """The upper sum plus the bonus."""
        return layout(rules).upper_total(self.entries)

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


@attrs.frozen(slots=True)
class State:
    """A classic game (or series of games) at one moment. Immutable.

    Build states with `new_game` and
    `apply`; `from_json`
    validates one read from outside.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order (clockwise).
        sheets: Each player's sheet for the current game.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off).
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

    rules: Rules
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    phase: Phase
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0
    game: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None
    results: tuple[tuple[int, ...], ...] = ()

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def rolls_left(self) -> int:
        """How many throws the current player still has this turn."""
        return 3 - self.rolls


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a classic game: all of it, nothing is hidden.

    Made by ``classic.observation(state, player)``; ``legal_actions`` of it
    are that seat's legal actions when it is to move, else ``()``.

    Attributes:
        player: Whose view this is.
        to_move: ``current_player`` of the state.
        state: The `State`.
    """

    state: State
