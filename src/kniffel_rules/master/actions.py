"""The actions of Kniffel Master: rolling, the four uses of a final roll, and passing.

The chance outcomes are the shared `kniffel_rules.dice.DiceRoll` (the throw
and the roll-off); Master has no chance outcome of its own.

Every action is a frozen value object whose ``repr`` reads like the rulebook:

    >>> from kniffel_rules.master import Coins, Combo, Fulfil, NumberRows, RowAndCoins, Task
    >>> NumberRows(((6, 2), (4, 2)))
    rows 4 (+2) and 6 (+2)
    >>> Coins(Combo.TWO_PAIRS)
    coins: two pairs (+2)
    >>> Coins(Combo.TASK_DONE, Task.CHANCE_HIGH)
    coins: Chance (25-30) already fulfilled (+3)
    >>> RowAndCoins(5, 2, Combo.PAIR)
    row 5 (+2) and coins: pair (+1)
    >>> Fulfil(Task.KNIFFEL)
    fulfil Kniffel (+3 stars)

The numbers in brackets are what the action itself carries (the dice moved,
the coins of the combination, the task's stars); overhang and race coins
depend on the position and are reported by ``use_outcome``.

Each constructor checks the types of its fields: an integer field takes an
``int`` that is not a ``bool`` (no float, no ``Fraction``), an enum field an
instance of its enum; anything else raises `InvalidStateError` naming the
field. So an action that compares equal to a legal one is one (``RowAndCoins(2,
2.0, Combo.PAIR)`` cannot be built). Whether the values are legal in a position
(row 9, a count that is not the dice's) is the rules' question: `why_illegal`
answers it with a clause id.
"""

from __future__ import annotations

from typing import Any

import attrs

from kniffel_rules._dicegame import Roll
from kniffel_rules._fields import enum_field, int_field, is_int
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.master.pieces import Combo, Task

__all__ = ["Action", "Coins", "Fulfil", "NumberRows", "Pass", "Roll", "RowAndCoins", "Use"]


@attrs.frozen(slots=True, repr=False)
class Fulfil:
    """Use 1: fulfil a task the dice show and take its stars (MA-07..MA-09).

    Attributes:
        task: The task.

    Raises:
        InvalidStateError: ``task`` is not a `Task`.
    """

    task: Task = attrs.field(validator=enum_field(Task))

    def __repr__(self) -> str:
        stars = self.task.stars
        return f"fulfil {self.task.label} (+{stars} star{'s' if stars > 1 else ''})"


def _moves(value: Any) -> tuple[tuple[int, int], ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise InvalidStateError(
            "moves", f"expected (face, dice) pairs, got {brief(value)}"
        ) from None
    out = []
    for item in items:
        try:
            face, count = item
        except (TypeError, ValueError):
            raise InvalidStateError(
                "moves", f"expected a (face, dice) pair, got {brief(item)}"
            ) from None
        for v in (face, count):
            if not is_int(v):
                raise InvalidStateError(
                    "moves", f"a face and a dice count are integers: {brief(item)}"
                )
        out.append((face, count))
    return tuple(sorted(out))


def _row_text(face: int, count: int) -> str:
    return f"{face} (+{count})"


@attrs.frozen(slots=True, repr=False)
class NumberRows:
    """Use 2: move the markers of one or two number rows (MA-10..MA-13).

    Each row moves by every die showing its face (at least two); the pairs
    are sorted by face: ``NumberRows([(6, 2), (4, 2)]) == NumberRows(((4, 2), (6, 2)))``.

    Attributes:
        moves: ``(face, dice)`` for each row: the face and how many dice show it.

    Raises:
        InvalidStateError: ``moves`` is not a sequence of pairs of integers
            (whether the pairs are legal is decided by ``apply``).
    """

    moves: tuple[tuple[int, int], ...] = attrs.field(converter=_moves)

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces of the rows moved."""
        return tuple(f for f, _ in self.moves)

    def __repr__(self) -> str:
        if not self.moves:
            return "rows: none"
        if len(self.moves) == 1:
            return "row " + _row_text(*self.moves[0])
        return "rows " + " and ".join(_row_text(f, c) for f, c in self.moves)


@attrs.frozen(slots=True, repr=False)
class Coins:
    """Use 3: move the coin marker for one combination (MA-14, MA-15).

    Attributes:
        combo: The combination; ``Combo.TASK_DONE`` is "task already
            fulfilled" and names the ``task``.
        task: The already fulfilled task the dice show (``TASK_DONE`` only).

    Raises:
        InvalidStateError: ``combo`` is not a `Combo`, or ``task`` neither a
            `Task` nor ``None`` (which combination may name a task is the
            rules' question, MA-52).
    """

    combo: Combo = attrs.field(validator=enum_field(Combo))
    task: Task | None = attrs.field(
        default=None, validator=attrs.validators.optional(enum_field(Task))
    )

    def __repr__(self) -> str:
        if self.combo is Combo.TASK_DONE and self.task is not None:
            return f"coins: {self.task.label} already fulfilled (+{self.combo.coins})"
        extra = "" if self.task is None else f" [{self.task!r}]"
        return f"coins: {self.combo.label} (+{self.combo.coins}){extra}"


@attrs.frozen(slots=True, repr=False)
class RowAndCoins:
    """Use 4: one number row with every die of its face, the other dice in the coin row.

    Attributes:
        face: The face of the number row.
        dice: How many dice show it (at least two).
        combo: The coin-row combination of the other dice (a pair or three
            of a kind; the rest cannot fit in three dice or fewer).

    Raises:
        InvalidStateError: ``face`` or ``dice`` is not an ``int`` (a ``bool``,
            float or ``Fraction`` is refused), or ``combo`` not a `Combo`.
    """

    face: int = attrs.field(validator=int_field())
    dice: int = attrs.field(validator=int_field())
    combo: Combo = attrs.field(validator=enum_field(Combo))

    def __repr__(self) -> str:
        combo = self.combo
        return f"row {self.face} (+{self.dice}) and coins: {combo.label} (+{combo.coins})"


@attrs.frozen(slots=True, repr=False)
class Pass:
    """End the turn without a use: legal only when the dice allow none (MA-42)."""

    def __repr__(self) -> str:
        return "pass"


Use = Fulfil | NumberRows | Coins | RowAndCoins
"""One of the four uses of a final roll."""

Action = Roll | Fulfil | NumberRows | Coins | RowAndCoins | Pass
"""A player's action in Kniffel Master."""
