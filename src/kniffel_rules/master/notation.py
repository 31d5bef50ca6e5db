"""Reading what a Kniffel Master player types: `parse_action`.

Accepted (English and German, any case, with or without umlauts; see the
"Notation" section of ``docs/rules/master.md``):

* the canonical line of `action_to_text` (``fulfil kniffel``, ``rows 4x2 6x2``,
  ``coins two_pairs``, ``coins task_done chance_high``, ``row 5x2 coins pair``, ``pass``);
* a roll: ``roll`` / ``wurf``, ``keep 3 3`` / ``behalte 3 3``, ``3 3``, ``33``,
  ``reroll 1 5``;
* a task (use 1): ``fulfil kniffel``, ``erfüllen Kniffel``, ``aufgabe kl. Straße``,
  or the task alone (``Große Straße``, ``Chance 25-30``): fulfilled if it is
  not yet, else scored again in the coin row (``task already fulfilled``);
* number rows (use 2): ``row 4``, ``rows 4 6``, ``reihe 4``, ``reihen 4 und 6``:
  the dice fix how many dice each row takes, so the count may be left out
  (``4x2`` gives it);
* the coin row (use 3): ``coins pair``, ``münzen paar``, ``münze zwei paare``,
  ``coins kniffel`` / ``münzen aufgabe bereits erfüllt kniffel`` (a task
  already fulfilled), a combination alone (``Drilling``), or ``coins``
  alone when one coin use is legal;
* a number row and the coin row (use 4): ``row 5 coins pair``,
  ``reihe 5 und münzen paar``;
* ``pass`` / ``passen``;
* at a throw, the dice: ``dice 2 3 3 5 6``, ``2 3 3 5 6``, ``23356``.

Where the words leave something open (which task a bare ``coins task done``
means, which coin combination ``coins`` means) the reader offers every
action they may name and ``why_illegal`` keeps the legal ones: one is
returned, several raise `AmbiguousActionError`. The reader never decides
legality itself.

Examples:
    >>> from kniffel_rules import master, DiceRoll
    >>> s = master.apply(master.new_game(), master.Roll())
    >>> s = master.apply(s, DiceRoll((2, 2, 5, 5, 6)))
    >>> master.parse_action(s, "reihen 2 und 5"), master.parse_action(s, "row 5 coins pair")
    (rows 2 (+2) and 5 (+2), row 5 (+2) and coins: pair (+1))
    >>> master.parse_action(s, "row 6")
    Traceback (most recent call last):
    ...
    kniffel_rules.errors.ActionParseError: 'row 6': row 6 needs at least two dice showing 6; ...

    >>> from kniffel_rules import master, DiceRoll
    >>> s = master.apply(master.new_game(), master.Roll())
    >>> s = master.apply(s, DiceRoll((4, 4, 4, 4, 4)))
    >>> master.parse_action(s, "Kniffel"), master.parse_action(s, "münzen vierling")
    (fulfil Kniffel (+3 stars), coins: four of a kind (+3))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from kniffel_rules._dicewire import named, read_roll
from kniffel_rules._openview import OpenParser
from kniffel_rules.dice import DiceRoll
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, RowAndCoins
from kniffel_rules.master.combinations import tasks_shown
from kniffel_rules.master.engine import GAME
from kniffel_rules.master.pieces import COIN_COMBOS, Combo, Task
from kniffel_rules.master.render import render_action
from kniffel_rules.master.state import Observation, State
from kniffel_rules.master.wire import action_to_text
from kniffel_rules.notation import Phrasebook

__all__ = ["COMBO_NAMES", "TASK_NAMES", "parse_action"]

TASK_NAMES: Final[dict[Task, tuple[str, ...]]] = named(
    Task,
    {
        Task.CHANCE_LOW: (
            "chance 5", "chance low", "low chance", "kleine chance", "kl. chance",
            "chance klein", "chance niedrig",
        ),
        Task.CHANCE_HIGH: (
            "chance 25", "chance high", "high chance", "große chance", "gr. chance",
            "chance groß", "chance hoch",
        ),
    },
)
"""What a player may call each task, English and German: its labels (``Task.labels``, added
by ``named``) and other forms; ``Task.key`` is read as well."""

COMBO_NAMES: Final[dict[Combo, tuple[str, ...]]] = named(
    Combo,
    {
        Combo.PAIR: ("one pair", "1 pair", "paar", "1 paar", "ein paar"),
        Combo.TASK_DONE: (
            "already fulfilled", "task done", "done", "task fulfilled", "bereits erfüllt",
            "aufgabe erfüllt", "erfüllt",
        ),
    },
)
"""What a player may call each coin-row combination, English and German: its labels
(``Combo.labels``, added by ``named``) and other forms; ``Combo.key`` is read as well."""

_TASKS: Final = Phrasebook({task: (*names, task.key) for task, names in TASK_NAMES.items()})
_COMBOS: Final = Phrasebook({combo: (*names, combo.key) for combo, names in COMBO_NAMES.items()})
_CHANCES: Final = (Task.CHANCE_LOW, Task.CHANCE_HIGH)
_VERBS: Final = Phrasebook({
    "fulfil": (
        "fulfil", "fulfill", "task", "aufgabe", "erfüllen", "erfülle", "aufgabe erfüllen",
    ),
    "row": (
        "row", "rows", "number row", "number rows", "reihe", "reihen", "zahlenreihe",
        "zahlenreihen",
    ),
    "coins": ("coins", "coin", "coin row", "münzen", "münze", "münzreihe"),
    "pass": ("pass", "passen", "passe", "ich passe", "skip"),
})
_FILLER: Final = frozenset({"and", "und", "plus", "with", "mit", "then", "dann"})
_FACE_COUNT: Final = re.compile(r"([0-9]{1,3})x([0-9]{1,3})")


def _is_number(token: str) -> bool:
    return token.isdigit() and len(token) <= 3


def _row_items(tokens: Sequence[str]) -> tuple[list[tuple[int, int | None]], list[str]]:
    """The rows named at the start of ``tokens`` (``4``, ``4x2``, ``4 x 2``) and the rest."""
    items: list[tuple[int, int | None]] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        pair = _FACE_COUNT.fullmatch(token)
        if pair is not None:
            items.append((int(pair[1]), int(pair[2])))
            i += 1
        elif _is_number(token) and tokens[i + 1 : i + 2] == ["x"] and i + 2 < len(tokens):
            if not _is_number(tokens[i + 2]):
                break
            items.append((int(token), int(tokens[i + 2])))
            i += 3
        elif _is_number(token):
            items.append((int(token), None))
            i += 1
        else:
            break
    return items, list(tokens[i:])


def _tasks(tokens: Sequence[str]) -> tuple[Task, ...]:
    """The tasks the words name: one, or both Chances for a bare ``chance``."""
    if list(tokens) == ["chance"]:
        return _CHANCES
    task = _TASKS.whole(tokens)
    return () if task is None else (task,)


class _Reader:
    """The readings of a decision's words, with what the position shows to fill gaps."""

    def __init__(self, state: State) -> None:
        self.dice = state.dice
        self.shown = Counter(state.dice)
        sheet = state.sheets[state.player]
        on_dice = tasks_shown(state.dice) if len(state.dice) == 5 else ()
        # Where the words leave the task open, every task is read, the likely
        # ones first: when none is legal, the first reading's refusal is the
        # telling one ("not fulfilled yet", "the dice do not show ...").
        self.done_order = sorted(
            Task,
            key=lambda t: (
                not (t in on_dice and sheet.has_task(t)),
                t not in on_dice,
                not sheet.has_task(t),
                t.value,
            ),
        )
        self.fulfil_order = sorted(Task, key=lambda t: (t not in on_dice, t.value))

    def count(self, face: int, given: int | None) -> int:
        """The dice of ``face``: as given, else as many as the dice show."""
        return self.shown[face] if given is None else given

    def task_done(self, tasks: Sequence[Task] = ()) -> list[Action]:
        """"Task already fulfilled" for each of ``tasks`` (all, likely first, if none given)."""
        return [Coins(Combo.TASK_DONE, t) for t in (tasks or self.done_order)]

    def coins(self, tokens: Sequence[str]) -> list[Action]:
        """After the coin verb: a combination, a task already fulfilled, or nothing."""
        if not tokens:
            return [*(Coins(c) for c in COIN_COMBOS), *self.task_done()]
        combo = _COMBOS.match(tokens)
        if combo is None:
            tasks = _tasks(tokens)
            return self.task_done(tasks) if tasks else []
        rest = tokens[combo[1] :]
        if not rest:
            return self.task_done() if combo[0] is Combo.TASK_DONE else [Coins(combo[0])]
        return [Coins(combo[0], t) for t in _tasks(rest)]

    def rows(self, tokens: Sequence[str]) -> list[Action]:
        """After the row verb: the rows, and perhaps the coin row's combination."""
        items, rest = _row_items(tokens)
        if not items:
            if rest:
                return []
            faces = sorted(range(1, 7), key=lambda f: -self.shown[f])
            return [NumberRows(((f, self.shown[f]),)) for f in faces]
        if not rest:
            return [NumberRows([(f, self.count(f, n)) for f, n in items])]
        verb = _VERBS.match(rest)
        if verb is not None and verb[0] == "coins":
            rest = rest[verb[1] :]
        if len(items) != 1:
            return []
        face, given = items[0]
        count = self.count(face, given)
        if not rest:
            return [RowAndCoins(face, count, c) for c in COIN_COMBOS]
        combo = _COMBOS.whole(rest)
        return [] if combo is None else [RowAndCoins(face, count, combo)]

    def bare(self, tokens: Sequence[str]) -> list[Action]:
        """Words without a verb: a task, a combination (with its task), or ``4x2`` rows."""
        tasks = _tasks(tokens)
        if tasks:
            return [*(Fulfil(t) for t in tasks), *self.task_done(tasks)]
        if all(_FACE_COUNT.fullmatch(t) for t in tokens):
            return self.rows(tokens)
        return self.coins(tokens)

    def read(self, tokens: Sequence[str]) -> list[Action]:
        """Every action the words of a decision may mean, most likely first."""
        tokens = [t for t in tokens if t not in _FILLER]
        verb = _VERBS.match(tokens)
        found: list[Action] = []
        if verb is not None:
            name, rest = verb[0], tokens[verb[1] :]
            if name == "pass":
                found = [Pass()] if not rest else []
            elif name == "fulfil":
                tasks = _tasks(rest) if rest else tuple(self.fulfil_order)
                found = [Fulfil(t) for t in tasks]
            elif name == "coins":
                found = self.coins(rest)
            else:
                found = self.rows(rest)
        if not found and tokens:
            found = self.bare(tokens)  # "task done kniffel": "task" was no verb here
        return [*found, *read_roll(tokens, self.dice)]


def _decisions(position: State, tokens: list[str], raw: str) -> list[Action | DiceRoll]:
    """What the words may name at a player's node (`_Reader`)."""
    return list(_Reader(position).read(tokens))


PARSER: Final = OpenParser[State, Observation, Action | DiceRoll](
    GAME, _decisions, action_to_text, render=render_action
)
"""Kniffel Master's typed actions (`kniffel_rules._openview.OpenParser`)."""

parse_action = PARSER.parse_action
"""``parse_action(state, text)``: the legal action that ``text`` names (the forms above)."""
