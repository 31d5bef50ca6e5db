"""`OptimalSolitaire`: the exact optimal solitaire player and coach of a box-sheet game."""

from __future__ import annotations

import importlib.util
import random
from os import PathLike
from typing import Any, NamedTuple, TypeVar

from kniffel_rules._i18n import N_, Text
from kniffel_rules.bots._seen import entries_of, seen_state
from kniffel_rules.bots.optimal._model import Model, check_play_rules, default_rules
from kniffel_rules.bots.optimal._multisets import INDEX as KEEP_INDEX
from kniffel_rules.bots.optimal._multisets import ROLL_INDEX
from kniffel_rules.bots.optimal._table import (
    ValueTable,
    shipped_header,
    shipped_name,
    shipped_table,
)
from kniffel_rules.bots.optimal._turn import TurnCache
from kniffel_rules.errors import IllegalActionError, KniffelError
from kniffel_rules.lang import Lang, check_lang

__all__ = ["Advice", "OptimalSolitaire"]

A = TypeVar("A")

_POSITIONS = 4096
"""How many sheets' positions a player remembers (then it starts afresh)."""
_KINDS = 4096
"""How many actions' wire forms a player remembers (then it starts afresh)."""
_ROLL = -1
"""The kind of a roll action (a score action's kind is its box bit)."""


class Advice(NamedTuple):
    """One legal action and the expected final score after it, with optimal play.

    Attributes:
        action: One of the game's legal actions (a roll or a score).
        value: The expected final score of the player's current game if they
            take ``action`` and play optimally from then on.
    """

    action: Any
    value: float


class OptimalSolitaire:
    """The exact optimal solitaire player of a box-sheet game, and a coach.

    It maximises the expected final score of the game (expectimax over the
    whole game). It plays every game whose ``INFO.solitaire`` describes its
    sheet (`kniffel_rules.boxsheet.Solitaire`): classic Kniffel, Yatzy, and
    any game registered with one; the game is found from the ``Rules`` given.
    Its values come from a table of every position at the start of a turn:
    for classic, the tables of the rulebook's rules (``Rules()``), of
    Verhoeff's convention (``Rules(joker="free", extra_kniffel_bonus=100)``)
    and of the game without joker and bonus (``Rules(joker="none",
    extra_kniffel_bonus=0)``), and Yatzy's rulebook table
    (``yatzy.Rules()``), are in the package and need no numpy; for
    other rules the table is computed on first use (classic: a few seconds,
    a 15-box sheet about ten seconds, a forced order under a second; needs
    numpy, the ``solver`` extra; the progress is reported on stderr, as a
    bar on a terminal, see `build_table`) and shared by every player of the
    process for the same rules (`kniffel_rules.bots.optimal.computed_table`).

    It reads a state through the game's protocol only: the player to move,
    their sheet's ``entries`` (by box number; ``extra_bonus`` if the sheet
    has one), ``dice`` and ``rolls``, and the actions by their wire form
    (``{"type": "roll", "keep": [...]}``, ``{"type": "score", "box": key}``).

    The object is a policy: ``bot(state, actions, rng)`` returns a best
    action of ``actions`` (the first one on a tie; ``rng`` is not used). In a
    game of several players it plays each turn as if alone, maximising its
    own expected score (not its chance to win); in a series, the current
    game's score.

    Args:
        rules: The game's rules (``None``: classic Kniffel's rulebook). For
            classic, ``games`` and ``ranking`` do not matter and the
            Croatian variant is not covered.
        table: A value table for these rules, or the path of one saved with
            `ValueTable.save`, instead of the shipped or computed one.
        progress: Draw a progress bar on stderr while computing a table.
        lang: The language of the progress bar's words.
        numpy: Evaluate each turn with numpy (the same values, about 2.5x
            faster): ``True`` always (numpy must be installed), ``False``
            never, ``None`` (the default) when the program has already
            imported numpy -- playing never imports it by itself.

    Raises:
        KniffelError: Not the rules of a game with an exact solitaire
            player, or rules it does not cover (Croatian); no shipped table
            for the rules and numpy missing; or a ``table`` for other rules.
        InvalidStateError: ``table`` names a file that is no value table.

    Examples:
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
        rules: object = None,
        *,
        table: ValueTable | str | PathLike[str] | None = None,
        progress: bool = True,
        numpy: bool | None = None,
        lang: Lang = "en",
    ) -> None:
        self._model = Model(default_rules() if rules is None else rules)
        self._rules: Any = self._model.rules
        self._progress = progress
        self._lang: Lang = check_lang(lang)
        if numpy and importlib.util.find_spec("numpy") is None:
            raise KniffelError(
                "numpy=True needs numpy: pip install 'kniffel-rules[solver]'"
                " (from a clone: pip install -e '.[solver]')"
            )
        self._numpy = numpy
        self._table: ValueTable | None = None
        self._turns: TurnCache | None = None
        self._shipped = shipped_name(self._rules)
        self._seen_rules: object = None
        self._positions: dict[tuple[tuple[int | None, ...], int], tuple[int, int, int, int]] = {}
        self._kinds: dict[Any, int] = {}
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
    def rules(self) -> Any:
        """The rules played (classic: with ``games=1`` and ``ranking="total"``)."""
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
                from kniffel_rules.bots.optimal.build import computed_table

                self._use(computed_table(self._rules, progress=self._progress, lang=self._lang))
        assert self._table is not None
        return self._table

    def expected_score(self) -> float:
        """The optimal expected final score of a new solitaire game."""
        if self._table is None and self._shipped is not None:
            return float(shipped_header(self._shipped)["expected_score"])
        return self.table.expected_score

    def _position(self, sheet: Any) -> tuple[int, int, int, int]:
        """``(points on the sheet without the upper bonus, mask, upper, fifty)``.

        ``sheet`` is a player's sheet: classic's `Sheet` (``entries``,
        ``extra_bonus``) or a box-sheet kit game's entries tuple itself.
        """
        entries = entries_of(sheet)
        extra_bonus = getattr(sheet, "extra_bonus", 0)
        key = (entries, extra_bonus)
        found = self._positions.get(key)
        if found is not None:
            return found
        model = self.table.model
        layout = model.layout
        mask = 0
        for i, box in enumerate(model.boxes):
            if entries[box] is not None:
                mask |= 1 << i
        upper = min(model.threshold, layout.upper_sum(entries))
        fifty = 0
        kb = model.kniffel_bit
        if model.flags == 2 and kb is not None and entries[model.boxes[kb]] == model.full_value:
            fifty = 1
        base = layout.total(entries, extra_bonus) - layout.upper_bonus(entries)
        if len(self._positions) >= _POSITIONS:
            self._positions.clear()
        found = self._positions[key] = (base, mask, upper, fifty)
        return found

    def _check(self, view: Any) -> Any:
        """The state ``view`` is or shows, checked: a decision of this player's game and rules."""
        game = self._model.game
        state = seen_state(view, game.GAME)
        if game.current_player(state) < 0:
            phase = getattr(state, "phase", None)
            raise IllegalActionError(
                Text.of(
                    N_("there is no decision to advise on: the state's phase is {phase}"),
                    phase=getattr(phase, "value", phase),
                )
            )
        if state.rules is not self._seen_rules:  # checked once per rules object
            check_play_rules(self._rules, state.rules)
            self._seen_rules = state.rules
        return state

    def _kind(self, action: Any) -> int:
        """A score action's box bit, or ``_ROLL`` minus the keep's index (`_multisets.INDEX`)."""
        kind = self._kinds.get(action)
        if kind is None:
            form = self._model.game.action_to_dict(action)
            if form.get("type") == "roll":
                kind = _ROLL - KEEP_INDEX[tuple(sorted(form["keep"]))]
            elif form.get("type") == "score" and form.get("box") in self._model.bit_of_key:
                kind = self._model.bit_of_key[form["box"]]
            else:
                raise KniffelError(f"the optimal player cannot value the action {form}")
            if len(self._kinds) >= _KINDS:
                self._kinds.clear()
            self._kinds[action] = kind
        return kind

    def _values(self, state: Any, actions: tuple[Any, ...]) -> list[float]:
        """The expected final score after each of ``actions`` (all legal)."""
        table = self.table
        model = table.model
        sheet = state.sheets[state.player]
        base, mask, upper, fifty = self._position(sheet)
        if state.rolls == 0:
            return [base + table.value(mask, upper, fifty) for _ in actions]
        assert self._turns is not None
        dice = state.dice
        kb = model.kniffel_bit
        jokers = None
        if kb is not None and dice[0] == dice[4] and mask >> kb & 1:
            # An extra five of a kind: the game's joker rules decide.
            joker = model.solitaire.joker
            assert joker is not None
            jokers = {model.bit_of[b]: (p, bonus) for b, p, bonus in joker(entries_of(sheet), dice)}
        roll = ROLL_INDEX[dice]
        v = table.values
        threshold = model.threshold
        t1 = threshold + 1
        flags = model.flags
        natural = model.natural
        is_upper = model.is_upper
        full = model.full_value
        out = []
        keeps = None
        for action in actions:
            i = self._kind(action)
            if i < 0:
                if keeps is None:
                    turn = self._turns.get(mask, upper, fifty)
                    keeps = turn.keep2 if state.rolls < 2 else turn.keep1
                out.append(base + keeps[_ROLL - i])
                continue
            if jokers is not None:
                points, bonus = jokers[i]
                gained = points + bonus
            else:
                points = gained = natural[i][roll]
            nu = min(threshold, upper + points) if is_upper[i] else upper
            nf = fifty
            if i == kb and flags == 2:
                nf = int(points == full)
            out.append(base + gained + v[((mask | 1 << i) * t1 + nu) * flags + nf])
        return out

    def advise(self, state: Any) -> tuple[Advice, ...]:
        """Every legal action of the player to move with its expected final score, best first.

        The actions are exactly the game's ``legal_actions(state)``; ties keep
        that order. The value is the expected final score of the player's
        current game (points already on the sheet included) if they take the
        action and then play optimally, as if alone.

        Args:
            state: A state of the game at a decision, under the rules of
                this player, or a player's observation of one.

        Returns:
            `Advice` tuples ``(action, value)``, the best first.

        Raises:
            IllegalActionError: ``state`` is not a decision (a chance node,
                the roll-off or the end of the game).
            KniffelError: ``state`` is played under other rules, or is no
                state of the player's game (`InvalidStateError`, path ``state``).
        """
        state = self._check(state)
        actions = self._model.game.legal_actions(state)
        values = self._values(state, actions)
        ranked = sorted(zip(actions, values, strict=True), key=lambda av: -av[1])
        return tuple(Advice(a, v) for a, v in ranked)

    def __call__(self, state: Any, actions: tuple[A, ...], rng: random.Random) -> A:
        """The policy: a best action of ``actions`` (the first on a tie; no ``rng`` draw).

        ``state`` is the state or the player's observation of it.
        """
        state = self._check(state)
        if len(actions) == 1:
            return actions[0]
        values = self._values(state, actions)
        best = max(range(len(actions)), key=values.__getitem__)
        return actions[best]

    def __repr__(self) -> str:
        return f"OptimalSolitaire(rules={self._rules!r})"

