"""Kniffel Master as text for players: `render` (the boards) and `render_action`.

`render` draws one seat's view (a `State` or its `Observation`; Master hides
nothing, so both show the same): whose turn it is and what they must
decide, the dice and the throw count, and every player's board side by side
(the six tasks with their stars, the six number rows with their markers,
the coin row with its marker and laps, the stars). Names of tasks and
combinations come from their ``labels``; every other word from the one table
of this module, in English or German. Lines are at most 79 characters for
up to four players; nothing in them is a Python repr.

Example:
    >>> from kniffel_rules import DiceRoll, master
    >>> s = master.new_game(["Ann", "Ben"], first_player=0)
    >>> s = master.apply(master.apply(s, master.Roll()), DiceRoll((2, 2, 5, 5, 6)))
    >>> print(render(s).splitlines()[0])
    Ann to move: throw 1 of 3
    >>> render_action(master.NumberRows([(2, 2), (5, 2)]), lang="de")
    'Reihen 2 (+2) und 5 (+2)'
    >>> render_action(master.Roll((5, 5)), lang="de")
    '5 5 behalten, Rest würfeln'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules._text import brief
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, RowAndCoins
from kniffel_rules.master.engine import SHELL
from kniffel_rules.master.pieces import ROW_LENGTH, Combo, Task
from kniffel_rules.master.state import Observation, Sheet, State

__all__ = ["render", "render_action"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "to_move": {"en": "{name} to move", "de": "{name} ist am Zug"},
    "throw": {"en": "throw {n} of 3", "de": "Wurf {n} von 3"},
    "first": {"en": "roll the dice", "de": "würfeln"},
    "decide": {
        "en": "keep dice and throw again, or use the throw",
        "de": "Würfel behalten und nochmal werfen, oder den Wurf nutzen",
    },
    "use": {
        "en": "use the throw: a task, number rows or the coin row",
        "de": "den Wurf nutzen: Aufgabe, Zahlenreihen oder Münzreihe",
    },
    "throwing": {"en": "throwing {n} dice", "de": "{n} Würfel werden geworfen"},
    "roll_off": {
        "en": "Roll-off for the first player: {name} throws one die",
        "de": "Auswürfeln, wer beginnt: {name} wirft einen Würfel",
    },
    "roll_off_faces": {"en": "thrown so far: {faces}", "de": "bisher geworfen: {faces}"},
    "over": {"en": "Game over", "de": "Spielende"},
    "wins": {"en": "{names} wins", "de": "{names} gewinnt"},
    "win": {"en": "{names} win", "de": "{names} gewinnen"},
    "and": {"en": "and", "de": "und"},
    "dice": {"en": "Dice", "de": "Würfel"},
    "kept": {"en": "Kept", "de": "Behalten"},
    "none": {"en": "none", "de": "keine"},
    "tasks": {"en": "Tasks", "de": "Aufgaben"},
    "rows": {"en": "Number rows", "de": "Zahlenreihen"},
    "row": {"en": "Row {face}", "de": "Reihe {face}"},
    "markers": {"en": "Free markers", "de": "Freie Marker"},
    "coins": {"en": "Coin row", "de": "Münzreihe"},
    "laps": {"en": "Laps done", "de": "Runden"},
    "stars": {"en": "Stars", "de": "Sterne"},
    "target": {"en": "(last round at {n})", "de": "(letzte Runde ab {n})"},
    # the actions
    "keep": {"en": "keep {dice}, throw the rest", "de": "{dice} behalten, Rest würfeln"},
    "roll": {"en": "throw all dice", "de": "alle Würfel werfen"},
    "outcome": {"en": "throw {dice}", "de": "Wurf {dice}"},
    "fulfil": {"en": "fulfil {task} (+{n} {stars})", "de": "{task} erfüllen (+{n} {stars})"},
    "star": {"en": "star", "de": "Stern"},
    "star_n": {"en": "stars", "de": "Sterne"},
    "one_row": {"en": "row {move}", "de": "Reihe {move}"},
    "two_rows": {"en": "rows {moves}", "de": "Reihen {moves}"},
    "coin_use": {"en": "coins: {combo} (+{n})", "de": "Münzreihe: {combo} (+{n})"},
    "done": {"en": "{task} already fulfilled", "de": "{task} bereits erfüllt"},
    "pass": {"en": "pass", "de": "passen"},
}

_LABEL_WIDTH: Final = 18
_COLUMN: Final = 15  # a cell and its space: 18 + 4 * 15 fits in 79 characters


def _w(key: str, lang: Lang, **values: object) -> str:
    return _WORDS[key][lang].format(**values)


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _line(label: str, cells: Sequence[str]) -> str:
    cells_text = " ".join(_fit(c, _COLUMN - 1).ljust(_COLUMN - 1) for c in cells)
    return (_fit(label, _LABEL_WIDTH - 1).ljust(_LABEL_WIDTH) + cells_text).rstrip()


def _joined(names: Sequence[str], lang: Lang) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {_w('and', lang)} " + names[-1]


def _status(state: State, lang: Lang) -> list[str]:
    """Whose turn, what is thrown or what the player must decide."""
    name = state.names[state.player]
    if state.phase is Phase.OVER:
        best = max(s.stars for s in state.sheets)
        won = [state.names[i] for i, s in enumerate(state.sheets) if s.stars == best]
        key = "wins" if len(won) == 1 else "win"
        return [f"{_w('over', lang)}: {_w(key, lang, names=_joined(won, lang))}"]
    if state.phase is Phase.ROLL_OFF and state.roll_off is not None:
        off = state.roll_off
        lines = [_w("roll_off", lang, name=state.names[off.thrower])]
        if off.faces:
            thrown = ", ".join(
                f"{state.names[seat]} {face}"
                for seat, face in zip(off.contenders, off.faces, strict=False)
            )
            lines.append(_w("roll_off_faces", lang, faces=thrown))
        return lines
    head = _w("to_move", lang, name=name)
    if state.phase is Phase.THROW:
        kept = _dice(state.dice) or _w("none", lang)
        return [
            f"{head}: {_w('throw', lang, n=state.rolls + 1)}",
            f"{_w('kept', lang)}: {kept}; {_w('throwing', lang, n=5 - len(state.dice))}",
        ]
    if state.rolls == 0:
        return [f"{head}: {_w('first', lang)}"]
    decision = _w("use" if state.rolls >= 3 else "decide", lang)
    return [
        f"{head}: {_w('throw', lang, n=state.rolls)}",
        f"{_w('dice', lang)}: {_dice(state.dice)}",
        decision,
    ]


def _task_cell(sheet: Sheet, task: Task) -> str:
    return "*" * task.stars if sheet.has_task(task) else "-"


def _row_cell(sheet: Sheet, face: int) -> str:
    moved = sheet.row(face)
    if moved == 0:
        return "-"
    return f"{moved}/{ROW_LENGTH}" + (" *" if moved >= ROW_LENGTH else "")


def _board(state: State, lang: Lang) -> list[str]:
    sheets = state.sheets
    moving = state.phase in (Phase.DECIDE, Phase.THROW)
    marks = [
        ">" + name if moving and i == state.player else name for i, name in enumerate(state.names)
    ]
    lines = [_line("", marks), _w("tasks", lang)]
    for task in Task:
        label = f"  {task.labels[lang]}"
        lines.append(_line(label, [_task_cell(s, task) for s in sheets]))
    lines.append(_w("rows", lang))
    for face in range(1, 7):
        lines.append(_line("  " + _w("row", lang, face=face), [_row_cell(s, face) for s in sheets]))
    lines.append(_line("  " + _w("markers", lang), [str(s.free_markers) for s in sheets]))
    lines.append(
        _line(_w("coins", lang), [f"{s.coin_position}/{s.lap_length}" for s in sheets])
    )
    lines.append(_line("  " + _w("laps", lang), [str(s.coin_laps) for s in sheets]))
    lines.append(_line(_w("stars", lang), [str(s.stars) for s in sheets]))
    lines.append(_w("target", lang, n=state.rules.target_stars))
    return lines


def render(view: State | Observation, *, lang: Lang = "en") -> str:
    """A plain-text picture of the game: the status, the dice and every board.

    Args:
        view: A master `State`, or a seat's `Observation` of one (the same
            picture: nothing in Master is hidden).
        lang: ``"en"`` or ``"de"``.

    Returns:
        Lines joined by newlines, none longer than 79 characters for up to
        four players (longer names are cut).

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``view`` is neither a master `State` nor an
            `Observation` (path ``state``).
    """
    lang = check_lang(lang)
    state = view.state if isinstance(view, Observation) else view
    SHELL.check_state(state)
    return "\n".join([*_status(state, lang), "", *_board(state, lang)])


def _row_move(face: int, count: int) -> str:
    return f"{face} (+{count})"


def render_action(action: Action | DiceRoll, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"fulfil Kniffel (+3 stars)"``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``action`` is not a Master action or outcome (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, Roll):
        if not action.keep:
            return _w("roll", lang)
        return _w("keep", lang, dice=_dice(action.keep))
    if isinstance(action, DiceRoll):
        return _w("outcome", lang, dice=_dice(action.values))
    if isinstance(action, Fulfil):
        n = action.task.stars
        stars = _w("star" if n == 1 else "star_n", lang)
        return _w("fulfil", lang, task=action.task.labels[lang], n=n, stars=stars)
    if isinstance(action, NumberRows) and action.moves:
        moves = [_row_move(f, c) for f, c in action.moves]
        if len(moves) == 1:
            return _w("one_row", lang, move=moves[0])
        return _w("two_rows", lang, moves=_joined(moves, lang))
    if isinstance(action, Coins):
        return _coins(action.combo, action.task, lang)
    if isinstance(action, RowAndCoins):
        row = _w("one_row", lang, move=_row_move(action.face, action.dice))
        return f"{row} {_w('and', lang)} {_coins(action.combo, None, lang)}"
    if isinstance(action, Pass):
        return _w("pass", lang)
    raise InvalidStateError("action", f"not an action or outcome of master: {brief(action)}")


def _coins(combo: Combo, task: Task | None, lang: Lang) -> str:
    name = combo.labels[lang]
    if combo is Combo.TASK_DONE and task is not None:
        name = _w("done", lang, task=task.labels[lang])
    return _w("coin_use", lang, combo=name, n=combo.coins)
