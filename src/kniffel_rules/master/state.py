"""The state of a Kniffel Master game: each player's board and the turn.

`State` is a frozen value object; its part `Sheet` is one player's board
(tasks, number rows, coin row). Master has no paper score sheet: the board
is the whole record. The stars are not stored: they follow from the board
(tasks, completed number rows and their bonus stars, completed coin laps),
so they can never disagree with it.

Examples:
    >>> from kniffel_rules.master import Sheet, Task
    >>> s = Sheet().with_task(Task.LARGE_STRAIGHT).with_coins(9)
    >>> s.stars, s.coin_laps, s.coin_position, s.lap_length
    (3, 1, 1, 7)
"""

from __future__ import annotations

import attrs

from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import OpenObservation, SheetState, ThreeThrows
from kniffel_rules._memo import memo_table
from kniffel_rules._quickinit import quick_init
from kniffel_rules.master.pieces import LAP_LENGTHS, NUMBER_ROW_MARKERS, ROW_LENGTH, Task
from kniffel_rules.master.rules import Rules
from kniffel_rules.rolloff import RollOff

__all__ = ["Observation", "Phase", "Sheet", "State"]


def _lap_length(laps_done: int) -> int:
    """The length of the coin-row lap after ``laps_done`` completed laps: 8, 7, 6, 5, 4, 4, ..."""
    return LAP_LENGTHS[min(laps_done, len(LAP_LENGTHS) - 1)]


def _bonus_stars(completed: int) -> int:
    """The extra stars for completed number rows: one each for the 4th, 5th and 6th (MA-12)."""
    return max(0, completed - NUMBER_ROW_MARKERS)


_NO_TASKS: tuple[bool, ...] = (False,) * len(Task)
_TASK_STARS: tuple[int, ...] = tuple(t.stars for t in Task)
_NO_ROWS: tuple[int, ...] = (0,) * 6

# What the stars and the markers read of a board, memoised on its tuples (a
# board's tuples recur across positions and games; anything else is counted
# afresh).
_ROW_FACTS: dict[tuple[int, ...], tuple[int, int]] = memo_table()
_TASK_STAR_SUMS: dict[tuple[bool, ...], int] = memo_table()
_MEMO_LIMIT = 100_000


def _row_facts(rows: tuple[int, ...]) -> tuple[int, int]:
    """``(completed rows, rows in progress)`` of a board's number rows."""
    found = _ROW_FACTS.get(rows) if type(rows) is tuple else None
    if found is None:
        found = (
            sum(1 for r in rows if r >= ROW_LENGTH),
            sum(1 for r in rows if 0 < r < ROW_LENGTH),
        )
        if type(rows) is tuple:
            if len(_ROW_FACTS) >= _MEMO_LIMIT:
                _ROW_FACTS.clear()
            _ROW_FACTS[rows] = found
    return found


def _task_stars(tasks: tuple[bool, ...]) -> int:
    """The stars of the fulfilled tasks."""
    found = _TASK_STAR_SUMS.get(tasks) if type(tasks) is tuple else None
    if found is None:
        found = sum(stars for stars, done in zip(_TASK_STARS, tasks, strict=True) if done)
        if type(tasks) is tuple:
            if len(_TASK_STAR_SUMS) >= _MEMO_LIMIT:
                _TASK_STAR_SUMS.clear()
            _TASK_STAR_SUMS[tasks] = found
    return found


@quick_init
@attrs.frozen(slots=True, repr=False)
class Sheet:
    """One player's board ("Ablage").

    Attributes:
        tasks: Whether each task (indexed by ``Task.value``) is fulfilled.
        rows: The spaces each number row's marker has moved, faces 1..6
            (index ``face - 1``): 0 = not started, 2..7 = a marker on the
            row, 8 = completed with a star. 1 never occurs: a row is started
            with at least two dice.
        coin_laps: Laps of the coin row completed (one star each).
        coin_position: Spaces moved in the current lap, ``0 <= coin_position
            < lap_length``.
    """

    tasks: tuple[bool, ...] = _NO_TASKS
    rows: tuple[int, ...] = _NO_ROWS
    coin_laps: int = 0
    coin_position: int = 0

    def has_task(self, task: Task) -> bool:
        """Whether ``task`` is fulfilled (its star lies on the sheet)."""
        return self.tasks[task.value]

    def row(self, face: int) -> int:
        """The spaces moved on the number row of ``face`` (1..6)."""
        return self.rows[face - 1]

    @property
    def completed_rows(self) -> int:
        """The number rows completed with a star."""
        return _row_facts(self.rows)[0]

    @property
    def rows_in_progress(self) -> int:
        """The number rows with a marker on them (started, not completed)."""
        return _row_facts(self.rows)[1]

    @property
    def retired_markers(self) -> int:
        """Markers placed for good on the "4 Zahlenreihen" fields (MA-12)."""
        return _bonus_stars(self.completed_rows)

    @property
    def free_markers(self) -> int:
        """Markers that may still start a number row now."""
        done, moving = _row_facts(self.rows)
        return NUMBER_ROW_MARKERS - _bonus_stars(done) - moving

    @property
    def lap_length(self) -> int:
        """The length of the coin row's current lap."""
        return _lap_length(self.coin_laps)

    @property
    def task_stars(self) -> int:
        """Stars for fulfilled tasks."""
        return _task_stars(self.tasks)

    @property
    def row_stars(self) -> int:
        """Stars for completed number rows, the 4th, 5th and 6th rows' bonus stars included."""
        done = self.completed_rows
        return done + _bonus_stars(done)

    @property
    def stars(self) -> int:
        """All the player's stars: tasks, number rows (with bonus stars), coin laps."""
        done = _row_facts(self.rows)[0]
        return _task_stars(self.tasks) + done + _bonus_stars(done) + self.coin_laps

    def with_task(self, task: Task) -> Sheet:
        """A copy with ``task`` fulfilled."""
        tasks = list(self.tasks)
        tasks[task.value] = True
        return Sheet(tuple(tasks), self.rows, self.coin_laps, self.coin_position)

    def with_row(self, face: int, spaces: int) -> Sheet:
        """A copy with the marker of row ``face`` at ``spaces`` (capped at 8)."""
        rows = list(self.rows)
        rows[face - 1] = min(spaces, ROW_LENGTH)
        return Sheet(self.tasks, tuple(rows), self.coin_laps, self.coin_position)

    def with_coins(self, coins: int) -> Sheet:
        """A copy with the coin marker moved ``coins`` spaces.

        Each lap completed gives a star; the surplus carries into the next,
        shorter lap, across as many laps as it covers (MA-16, MA-46).
        """
        laps, pos = self.coin_laps, self.coin_position + coins
        while pos >= _lap_length(laps):
            pos -= _lap_length(laps)
            laps += 1
        return Sheet(self.tasks, self.rows, laps, pos)

    def __repr__(self) -> str:
        tasks = ",".join(t.key for t in Task if self.tasks[t.value])
        rows = " ".join(str(r) for r in self.rows)
        return (
            f"Sheet(stars={self.stars}, tasks=[{tasks}], rows=[{rows}], "
            f"coins={self.coin_laps}+{self.coin_position}/{self.lap_length})"
        )


@quick_init
@attrs.frozen(slots=True)
class State(SheetState[Rules, Sheet], ThreeThrows):
    """A Kniffel Master game at one moment. Immutable.

    Build states with `new_game` and `apply`; `from_json` validates one
    read from outside. The fields ``rules``, ``names``, ``sheets`` (each
    player's board), ``phase`` and ``player`` come first
    (`kniffel_rules._dicewire.SheetState`).

    Attributes:
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            roll). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        first_player: The seat that started (``None`` during the roll-off);
            every round starts there and the last round ends before it.
        roll_off: The roll-off in progress, or ``None``.
    """

    dice: tuple[int, ...] = ()
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a Kniffel Master game: all of it, as `OpenObservation`."""

    state: State
