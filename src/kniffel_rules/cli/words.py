"""The command line's own words: one table of English templates, translated by the catalogue.

The names of boxes, areas, tasks and cards come from the games' ``labels``
(and their renderers); this table holds only what the command line itself
says. Entries with ``{placeholders}`` are filled with `say`.

Examples:
    >>> say("pass_to", "de", name="Ben")
    'Weiter an Ben, Enter drücken.'
    >>> say("pass_to", "en", name="Ben")
    'Pass to Ben, press Enter.'
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from typing import Final

from kniffel_rules._i18n import N_, translate
from kniffel_rules.lang import Lang

__all__ = ["COMMANDS", "WORDS", "command", "say"]

COMMANDS: Final[Mapping[str, tuple[str, ...]]] = {
    "quit": ("quit", "q", "exit", "beenden", "ende"),
    "hint": ("hint", "h", "?", "tipp"),
    "undo": ("undo", "u", "zurück", "zurueck"),
    "save": ("save", "speichern"),
    "sheet": ("sheet", "blatt", "zettel"),
    "help": ("help", "hilfe"),
    "more": ("+", "more", "mehr"),
}
"""The prompt's commands and every word that calls each (English and German, any case).

``save`` and ``speichern`` take a file name after a space; the others are
the whole line.
"""

WORDS: Final[Mapping[str, str]] = {
    "prompt": N_("{name}, your choice: "),
    "commands": N_("a number or a move in words; also: hint, undo, sheet, save FILE, help, quit"),
    "sub_prompt": N_("which one (number or action; Enter to go back): "),
    "keep_line": N_(
        "keep: type the dice to keep, e.g. 'keep {example}' or '{compact}'; 'roll' throws "
        "all"
    ),
    "keep_line_no_all": N_("keep: type the dice to keep, e.g. 'keep {example}' or '{compact}'"),
    "choices": N_("{count} choices"),
    "hint_classic": N_("  {value:>8}  {action}"),
    "hint_classic_win": N_("  {win:>7}  {value:>8}  {action}"),
    "hint_header_win": N_("  chance to win, expected final score, action (the player to win):"),
    "hint_win_first": N_("  (working out the chances to win: once per game, about 20 seconds)"),
    "hint_header": N_("  expected final score, action (the optimal player):"),
    "hint_bot": N_("  the {bot} bot would play: {action}"),
    "hint_number": N_(" (menu number {number})"),
    "hint_number_group": N_(" (menu number {number}, then {inner})"),
    "no_hint": N_("no hint: {reason}"),
    "undone": N_("undone: back to {name}'s previous decision"),
    "undo_not_theirs": N_(
        "cannot undo: {names} decided since your last decision; undo takes back only your "
        "own"
    ),
    "nothing_to_undo": N_("nothing to undo yet"),
    "undo_hidden": N_(
        "cannot undo: in a game with hidden cards, nothing is taken back once a card was "
        "drawn or dealt or another player moved since your decision"
    ),
    "saved": N_("saved the game to {file}"),
    "save_needs_file": N_("save needs a file name: save FILE"),
    "help": N_(
        "  a menu number, or the move in words (e.g. 'keep 5 5', 'score chance');\n"
        "  hint: the best moves; undo: back to your last decision;\n"
        "  sheet: the whole sheet; + or more: the next page of a long menu;\n"
        "  save FILE: save the game; quit: leave"
    ),
    "more_entries": N_("{first} to {last} of {count} shown; + or more: the next page"),
    "sheet_cut": N_("shortened to fit the screen; sheet: the whole of it"),
    "too_many_dice": N_("'{text}': there are only {count} dice; keep fewer"),
    "advise_working": N_("working out the chances to win (about half a minute)..."),
    "plus_bonus": N_("+{points} bonus"),
    "cannot_save": N_("cannot save: {reason}"),
    "pick_range": N_("type a number from 1 to {count}, or an action"),
    "group_joker": N_("spend a joker"),
    "group_take": N_("take a card from the display"),
    "group_pick": N_("lay down a card"),
    "group_exchange": N_("exchange a card"),
    "group_discard": N_("discard a card"),
    "score_gain": N_("score {points:+d}"),
    "not_legal": N_("'{text}' is not a legal action here"),
    "ambiguous": N_("which one did you mean?"),
    "pass_to": N_("Pass to {name}, press Enter."),
    "bye_quit": N_("Game left. Bye."),
    "bye_eof": N_("Input ended: game left. Bye."),
    "interrupted": N_("interrupted"),
    "final_scores": N_("Final scores: {scores}"),
    "winner": N_("Winner: {names}"),
    "winners": N_("Winners: {names}"),
    "header": N_("{title} ({game}), seed {seed}: {names}"),
    "header_plain": N_("{title} ({game}): {names}"),
    "resumed": N_("resumed from {file} after action {count}; the dice from here on: seed {seed}"),
    "resumed_plain": N_("resumed from {file} after action {count}"),
    "secret_save": N_(
        "not saved: the record would show every hand; with two or more people at the "
        "keyboard it is written once the game is over"
    ),
    "resume_other_game": N_(
        "--resume: {file} is a game of {saved}, not of {game} (--game {game}); leave out "
        "--game or give --game {saved}"
    ),
    "saved_count": N_("--players: the saved game has {saved} players, not {count}"),
    "cannot_write": N_("--json: cannot write {file}: {reason}"),
    "cannot_read": N_("--resume: cannot read {file}: {reason}"),
    "not_a_record": N_("--resume: {file} is not a game record: {reason}"),
    "unknown_bot": N_("unknown bot {name!r} for {game}; known bots: {known}"),
    "no_players": N_("--players needs at least one player"),
    "bot_of_another_game": N_(
        "{name!r} is not a bot of {game} (its bots: {known}) and is a bot's name, so it "
        "cannot name a person either; choose another name"
    ),
    "two_people": N_("--players: two people named {name!r}; names must differ"),
    "players_exactly": N_("--players: this game needs exactly {n} players, got {count}"),
    "players_range": N_("--players: this game needs {low} to {high} players, got {count}"),
    "record_written": N_("game record written to {file}"),
    "roll_off": N_("roll-off: {name} throws {face}"),
    "starts": N_("{name} starts."),
    "error": N_("kniffel: error: {message}"),
    "sim_title": N_("{title} ({game}): {games} games, seed {seed}"),
    "sim_title_one": N_("{title} ({game}): 1 game, seed {seed}"),
    "sim_seat": N_("seat"),
    "sim_bot": N_("bot"),
    "sim_win_rate": N_("win rate"),
    "sim_ci": N_("95% CI"),
    "sim_mean": N_("mean"),
    "sim_sd": N_("sd"),
    "sim_min": N_("min"),
    "sim_max": N_("max"),
    "verify_ok": N_("OK"),
    "verify_problem": N_("1 problem"),
    "verify_problems": N_("{count} problems"),
    "verify_unreadable": N_("cannot read the file: {reason}"),
    "verify_invalid": N_("not a valid sheet or record: {reason}"),
}
"""Every phrase of the command line, by key: its English template (the catalogue has the rest)."""


def decimal(value: float, places: int, lang: Lang) -> str:
    """``value`` with ``places`` decimals as ``lang`` writes it: ``250.46``, German ``250,46``."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "de" else text


def percent(share: float, places: int, lang: Lang) -> str:
    """The fraction ``share`` as a percentage: ``61.53%``, German ``61,53 %``."""
    text = decimal(100 * share, places, lang)
    return f"{text} %" if lang == "de" else f"{text}%"


def say(key: str, lang: Lang, /, **fields: object) -> str:
    """The phrase ``key`` in ``lang`` with its placeholders filled from ``fields``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        KeyError: ``key`` is not in `WORDS` (a bug of the caller).
    """
    text = translate(WORDS[key], lang)
    return text.format(**fields) if fields else text


def command(text: str) -> tuple[str | None, str]:
    """The prompt command ``text`` calls (a key of `COMMANDS`) and what follows it, else None.

    Examples:
        >>> command("Speichern partie.json"), command("Zurück"), command("score chance")
        (('save', 'partie.json'), ('undo', ''), (None, 'score chance'))
    """
    stripped = text.strip()
    head, _, rest = stripped.partition(" ")
    low = head.lower()
    for name, calls in COMMANDS.items():
        if low in calls and (not rest.strip() or name == "save"):
            return name, rest.strip()
    return None, stripped


_SYSTEM: Final = {
    FileNotFoundError: N_("no such file or directory"),
    IsADirectoryError: N_("it is a directory"),
    NotADirectoryError: N_("a part of the path is not a directory"),
    PermissionError: N_("permission denied"),
    FileExistsError: N_("the file exists"),
}


def system_reason(exc: BaseException, lang: Lang) -> str:
    """Why a file could not be read or written, in ``lang`` (not the system's English).

    The common refusals by their kind; a file that is not UTF-8 text by the
    byte where it stops being; any other error by its symbolic name
    (``ENOSPC``), which a person can look up.

    Examples:
        >>> system_reason(FileNotFoundError(2, "No such file or directory"), "de")
        'Datei oder Verzeichnis nicht gefunden'
    """
    for kind, reason in _SYSTEM.items():
        if isinstance(exc, kind):
            return translate(reason, lang)
    if isinstance(exc, UnicodeDecodeError):
        return translate(N_("not UTF-8 text (byte {position})"), lang).format(position=exc.start)
    code = getattr(exc, "errno", None)
    name = errno.errorcode.get(code, "") if isinstance(code, int) else ""
    return translate(N_("the system refused it ({code})"), lang).format(
        code=name or type(exc).__name__
    )
