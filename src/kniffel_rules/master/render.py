"""Kniffel Master as text for players: `render` (the boards) and `render_action`.

`render` draws one seat's view (a `State` or its `Observation`; Master hides
nothing, so both show the same): whose turn it is and what they must
decide, the dice and the throw count, and every player's board side by side
(the six tasks with their stars, ``*`` got and ``.`` open, the six number
rows with their markers, ``-`` not started and ``3/8`` three spaces moved,
the coin row with its marker and laps, the stars). Names of tasks and
combinations come from their ``labels``; the words the dice games share
(whose turn, the dice, the roll-off, the winners) from
``kniffel_rules._dicerender``, every other word from the one table of this
module, in English or German. Lines are at most 79 columns for
up to four players; nothing in them is a Python repr.

Examples:
    >>> from kniffel_rules import DiceRoll, master
    >>> s = master.new_game(["Ann", "Ben"], first_player=0)
    >>> s = master.apply(master.apply(s, master.Roll()), DiceRoll((2, 2, 5, 5, 6)))
    >>> render(s).splitlines()[:2]
    ['Ann to move', 'Dice: 2 2 5 5 6   roll 1 of 3']
    >>> render_action(master.NumberRows([(2, 2), (5, 2)]), lang="de")
    'Reihen 2 (+2) und 5 (+2)'
    >>> render_action(master.Roll((5, 5)), lang="de")
    '5 5 behalten, Rest würfeln'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Final

from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules._dicerender import Picture, names_text, shown_state, throw_phrase, turn_lines
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._text import brief, pad, short, shorts
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, RowAndCoins
from kniffel_rules.master.engine import GAME
from kniffel_rules.master.pieces import ROW_LENGTH, Combo, Task
from kniffel_rules.master.state import Observation, Sheet, State

__all__ = ["render", "render_action"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "decide": N_("keep dice and roll again, or use the result"),
        "use": N_("use the result: a task, number rows or the coin row"),
        "tasks": N_("Tasks"),
        "rows": N_("Number rows"),
        "row": N_("Row {face}"),
        "markers": N_("Free markers"),
        "coins": N_("Coin row"),
        "laps": N_("Laps done"),
        "stars": N_("Stars"),
        "target": N_("(the last round starts at {n} stars)"),
        "last_round": N_("Last round: {n} stars reached, the round is played to its end"),
        # the actions (rolls and throws: the dice games' shared words)
        "fulfil": N_("fulfil {task} (+{n} {stars})"),
        "star": N_("star"),
        "star_n": N_("stars"),
        "one_row": N_("row {move}"),
        "two_rows": N_("rows {moves}"),
        "no_rows": N_("rows: none"),
        "coin_use": N_("coins: {combo} (+{n})"),
        "done": N_("{task} already fulfilled"),
        "pass": N_("pass"),
    }
)

_THROWS: Final = 3
_LABEL_WIDTH: Final = 18
_COLUMN: Final = 15  # a cell and its space: 18 + 4 * 15 fits in 79 columns


def _w(key: str, lang: Lang, **values: object) -> str:
    return _WORDS[key][lang].format(**values)


def _line(label: str, cells: Sequence[str]) -> str:
    cells_text = " ".join(pad(short(c, _COLUMN - 1), _COLUMN - 1) for c in cells)
    return (pad(short(label, _LABEL_WIDTH - 1), _LABEL_WIDTH) + cells_text).rstrip()


def _status(state: State, lang: Lang) -> list[str]:
    """Whose turn, the dice and the throw, and what the player must decide."""
    return turn_lines(state, lang, _leaders, decide=_decide)


def _leaders(state: State) -> list[int]:
    """The seats with the most stars (the winners of a finished game)."""
    best = max(s.stars for s in state.sheets)
    return [i for i, s in enumerate(state.sheets) if s.stars == best]


def _decide(state: State, lang: Lang) -> list[str]:
    return [_w("use" if state.rolls >= _THROWS else "decide", lang)]


def _task_cell(sheet: Sheet, task: Task) -> str:
    """The task's stars: ``*`` each once fulfilled, ``.`` each while open."""
    return ("*" if sheet.has_task(task) else ".") * task.stars


def _row_cell(sheet: Sheet, face: int) -> str:
    moved = sheet.row(face)
    if moved == 0:
        return "-"
    return f"{moved}/{ROW_LENGTH}" + (" *" if moved >= ROW_LENGTH else "")


def _board(state: State, lang: Lang) -> list[str]:
    sheets = state.sheets
    moving = state.phase in (Phase.DECIDE, Phase.THROW)
    names = shorts(state.names, [_COLUMN - 2] * len(state.names))  # room for ">", told apart
    marks = [">" + name if moving and i == state.player else name for i, name in enumerate(names)]
    lines = [_line("", marks), _w("tasks", lang)]
    for task in Task:
        label = f"  {task.labels[lang]}"
        lines.append(_line(label, [_task_cell(s, task) for s in sheets]))
    lines.append(_w("rows", lang))
    for face in range(1, 7):
        lines.append(_line("  " + _w("row", lang, face=face), [_row_cell(s, face) for s in sheets]))
    lines.append(_line("  " + _w("markers", lang), [str(s.free_markers) for s in sheets]))
    lines.append(_line(_w("coins", lang), [f"{s.coin_position}/{s.lap_length}" for s in sheets]))
    lines.append(_line("  " + _w("laps", lang), [str(s.coin_laps) for s in sheets]))
    lines.append(_line(_w("stars", lang), [str(s.stars) for s in sheets]))
    target = state.rules.target_stars
    last = state.phase is not Phase.OVER and any(s.stars >= target for s in sheets)
    lines.append(_w("last_round" if last else "target", lang, n=target))
    return lines


PICTURE: Final = Picture[State, Observation](partial(shown_state, GAME), _status, _board)
"""Kniffel Master's text picture (`kniffel_rules._dicerender.Picture`)."""

render = PICTURE.render
"""``render(view, *, lang="en")``: the picture of the module docstring, as text."""


def _row_move(face: int, count: int) -> str:
    return f"{face} (+{count})"


def render_action(action: Action | DiceRoll, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"fulfil Kniffel (+3 stars)"``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``action`` is not a Master action or outcome (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, (Roll, DiceRoll)):
        return throw_phrase(action, lang)
    if isinstance(action, Fulfil):
        n = action.task.stars
        stars = _w("star" if n == 1 else "star_n", lang)
        return _w("fulfil", lang, task=action.task.labels[lang], n=n, stars=stars)
    if isinstance(action, NumberRows):
        moves = [_row_move(f, c) for f, c in action.moves]
        if not moves:  # a use naming no row, which `why_illegal` refuses (MA-10)
            return _w("no_rows", lang)
        if len(moves) == 1:
            return _w("one_row", lang, move=moves[0])
        return _w("two_rows", lang, moves=names_text(moves, lang))
    if isinstance(action, Coins):
        return _coins(action.combo, action.task, lang)
    if isinstance(action, RowAndCoins):
        row = _w("one_row", lang, move=_row_move(action.face, action.dice))
        return names_text([row, _coins(action.combo, None, lang)], lang)
    if isinstance(action, Pass):
        return _w("pass", lang)
    raise InvalidStateError("action", f"not an action or outcome of master: {brief(action)}")


def _coins(combo: Combo, task: Task | None, lang: Lang) -> str:
    name = combo.labels[lang]
    if combo is Combo.TASK_DONE and task is not None:
        name = _w("done", lang, task=task.labels[lang])
    return _w("coin_use", lang, combo=name, n=combo.coins)
