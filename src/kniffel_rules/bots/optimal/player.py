"""`OptimalSolitaire`: the exact optimal player and coach for classic Kniffel."""

from __future__ import annotations

import importlib.util
import random
from os import PathLike
from typing import NamedTuple

from kniffel_rules.bots.optimal._model import KNIFFEL_BIT, solver_rules
from kniffel_rules.bots.optimal._multisets import INDEX as KEEP_INDEX
from kniffel_rules.bots.optimal._multisets import ROLL_INDEX
from kniffel_rules.bots.optimal._table import (
    ValueTable,
    shipped_header,
    shipped_name,
    shipped_table,
)
from kniffel_rules.bots.optimal._turn import TurnCache
from kniffel_rules.classic import Action, Box, Phase, Roll, Rules, Sheet, State, legal_actions
from kniffel_rules.classic.legality import Entry, check_entry
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import IllegalActionError, KniffelError

__all__ = ["Advice", "OptimalSolitaire"]

_BOX_INDEX = {id(box): i for i, box in enumerate(BOXES)}
"""The index of a box in `BOXES`, by the identity of the (singleton) enum member."""
_SLOTS = tuple(box.value for box in BOXES)
_POSITIONS = 4096
"""How many sheets' positions a player remembers (then it starts afresh)."""


class Advice(NamedTuple):
    """One legal action and the expected final score after it, with optimal play.

    Attributes:
        action: A ``Roll`` or ``Score`` action.
        value: The expected final score of the player's current game if they
            take ``action`` and play optimally from then on.
    """

    action: Action
    value: float


class OptimalSolitaire:
    """The exact optimal solitaire player of classic Kniffel, and a coach.

    It maximises the expected final score of the game (expectimax over the
    whole game). Its values come from a table of every position at the start
    of a turn: the tables of the rulebook's rules (``Rules()``), of
    Verhoeff's convention (``Rules(joker="free", extra_kniffel_bonus=100)``)
    and of the game without joker and bonus (``Rules(joker="none",
    extra_kniffel_bonus=0)``) are in the package and need no numpy; for
    other rules the table is computed on first use (about ten seconds; needs
    numpy, the ``solver`` extra; the progress is reported on stderr, as a bar
    on a terminal, see `build_table`).

    The object is a policy: ``bot(state, actions, rng)`` returns a best
    action of ``actions`` (the first one on a tie; ``rng`` is not used). In a
    game of several players it plays each turn as if alone, maximising its
    own expected score (not its chance to win); in a series, the current
    game's score.

    Args:
        rules: The rules (``None``: the rulebook). ``games`` and ``ranking``
            do not matter; the Croatian variant is not covered.
        table: A value table for these rules, or the path of one saved with
            `ValueTable.save`, instead of the shipped or computed one.
        progress: Draw a progress bar on stderr while computing a table.
        numpy: Evaluate each turn with numpy (the same values, about 2.5x
            faster): ``True`` always (numpy must be installed), ``False``
            never, ``None`` (the default) when the program has already
            imported numpy -- playing never imports it by itself.

    Raises:
        KniffelError: Croatian rules; no shipped table for the rules and
            numpy missing; or a ``table`` for other rules.
        InvalidStateError: ``table`` names a file that is no value table.

    Example:
        >>> from kniffel_rules import classic
        >>> from kniffel_rules.bots import OptimalSolitaire
        >>> bot = OptimalSolitaire()
        >>> round(bot.expected_score(), 4)
        248.321
        >>> state = classic.new_game()
        >>> state = classic.apply(state, classic.Roll())
        >>> state = classic.apply(state, classic.DiceRoll((1, 3, 3, 5, 6)))
        >>> best = bot.advise(state)[0]
        >>> best.action, round(best.value, 2)
        (Roll(keep=(3, 3)), 245.56)
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        table: ValueTable | str | PathLike[str] | None = None,
        progress: bool = True,
        numpy: bool | None = None,
    ) -> None:
        self._rules = solver_rules(Rules() if rules is None else rules)
        self._progress = progress
        if numpy and importlib.util.find_spec("numpy") is None:
            raise KniffelError(
                "numpy=True needs numpy: pip install 'kniffel-rules[solver]'"
                " (from a clone: pip install -e '.[solver]')"
            )
        self._numpy = numpy
        self._table: ValueTable | None = None
        self._turns: TurnCache | None = None
        self._shipped = shipped_name(self._rules)
        self._seen_rules: Rules | None = None
        self._positions: dict[tuple[tuple[int | None, ...], int], tuple[int, int, int, int]] = {}
        if table is not None:
            loaded = table if isinstance(table, ValueTable) else ValueTable.load(table)
            if loaded.rules != self._rules:
                raise KniffelError(f"the table is for {loaded.rules!r}, not for {self._rules!r}")
            self._use(loaded)
        elif self._shipped is None and importlib.util.find_spec("numpy") is None:
            raise KniffelError(
                "no table ships for these rules, and computing one needs numpy: "
                "pip install 'kniffel-rules[solver]' (from a clone: pip install -e '.[solver]')"
            )

    @property
    def rules(self) -> Rules:
        """The rules played (with ``games=1`` and ``ranking="total"``)."""
        return self._rules

    def _use(self, table: ValueTable) -> None:
        self._table = table
        self._turns = TurnCache(table, numpy=self._numpy)

    @property
    def table(self) -> ValueTable:
        """The value table, loaded (or computed) on first use."""
        if self._table is None:
            if self._shipped is not None:
                self._use(shipped_table(self._shipped))
            else:
                from kniffel_rules.bots.optimal.build import build_table

                self._use(build_table(self._rules, progress=self._progress))
        assert self._table is not None
        return self._table

    def expected_score(self) -> float:
        """The optimal expected final score of a new solitaire game."""
        if self._table is None and self._shipped is not None:
            return float(shipped_header(self._shipped)["expected_score"])
        return self.table.expected_score

    def _position(self, sheet: Sheet) -> tuple[int, int, int, int]:
        """``(points on the sheet without the upper bonus, mask, upper, fifty)``."""
        entries = sheet.entries
        key = (entries, sheet.extra_bonus)
        found = self._positions.get(key)
        if found is not None:
            return found
        table = self.table
        mask = 0
        for i, slot in enumerate(_SLOTS):
            if entries[slot] is not None:
                mask |= 1 << i
        upper = min(table.model.threshold, sheet.upper_sum)
        fifty = 0
        if table.model.flags == 2 and sheet[Box.KNIFFEL] == self._rules.kniffel_score:
            fifty = 1
        base = sheet.total(self._rules) - sheet.upper_bonus(self._rules)
        if len(self._positions) >= _POSITIONS:
            self._positions.clear()
        found = self._positions[key] = (base, mask, upper, fifty)
        return found

    def _check(self, state: State) -> None:
        if not isinstance(state, State):
            raise KniffelError(f"expected a classic State, got {type(state).__name__}")
        if state.phase is not Phase.DECIDE:
            raise IllegalActionError(
                f"there is no decision to advise on: the state's phase is {state.phase.value}"
            )
        if state.rules is not self._seen_rules:
            if solver_rules(state.rules) != self._rules:
                raise KniffelError(
                    f"this player is for {self._rules!r}; the state's rules are {state.rules!r}"
                )
            self._seen_rules = state.rules

    def _values(self, state: State, actions: tuple[Action, ...]) -> list[float]:
        """The expected final score after each of ``actions`` (all legal)."""
        table = self.table
        model = table.model
        sheet = state.sheets[state.player]
        base, mask, upper, fifty = self._position(sheet)
        if state.rolls == 0:
            return [base + table.value(mask, upper, fifty) for _ in actions]
        assert self._turns is not None
        dice = state.dice
        extra = dice[0] == dice[4] and mask >> KNIFFEL_BIT & 1
        roll = ROLL_INDEX[dice]
        v = table.values
        threshold = model.threshold
        t1 = threshold + 1
        flags = model.flags
        natural = model.natural
        out = []
        keeps = None
        for action in actions:
            if isinstance(action, Roll):
                if keeps is None:
                    turn = self._turns.get(mask, upper, fifty)
                    keeps = turn.keep2 if state.rolls_left >= 2 else turn.keep1
                out.append(base + keeps[KEEP_INDEX[action.keep]])
                continue
            i = _BOX_INDEX[id(action.box)]
            if extra:
                # An extra Kniffel: the joker rules decide, in classic itself.
                entry = check_entry(sheet, dice, action.box, self._rules)
                assert isinstance(entry, Entry)
                points, gained = entry.value, entry.value + entry.bonus
            else:
                points = gained = natural[i][roll]
            nu = min(threshold, upper + points) if i < 6 else upper
            nf = fifty
            if i == KNIFFEL_BIT and flags == 2:
                nf = int(points == self._rules.kniffel_score)
            out.append(base + gained + v[((mask | 1 << i) * t1 + nu) * flags + nf])
        return out

    def advise(self, state: State) -> tuple[Advice, ...]:
        """Every legal action of the player to move with its expected final score, best first.

        The actions are exactly ``classic.legal_actions(state)``; ties keep
        that order. The value is the expected final score of the player's
        current game (points already on the sheet included) if they take the
        action and then play optimally, as if alone.

        Args:
            state: A classic state at a decision (phase ``DECIDE``) under
                the rules of this player.

        Returns:
            `Advice` tuples ``(action, value)``, the best first.

        Raises:
            IllegalActionError: ``state`` is not a decision (a chance node,
                the roll-off or the end of the game).
            KniffelError: ``state`` is played under other rules.
        """
        self._check(state)
        actions = legal_actions(state)
        values = self._values(state, actions)  # type: ignore[arg-type]
        ranked = sorted(zip(actions, values, strict=True), key=lambda av: -av[1])
        return tuple(Advice(a, v) for a, v in ranked)  # type: ignore[arg-type]

    def __call__(self, state: State, actions: tuple[Action, ...], rng: random.Random) -> Action:
        """The policy: a best action of ``actions`` (the first on a tie; no ``rng`` draw)."""
        if len(actions) == 1:
            return actions[0]
        self._check(state)
        values = self._values(state, actions)
        best = max(range(len(actions)), key=values.__getitem__)
        return actions[best]

    def __repr__(self) -> str:
        return f"OptimalSolitaire(rules={self._rules!r})"
