"""The command line's own words, in English and German: one table, one entry per phrase.

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

from collections.abc import Mapping
from typing import Final

from kniffel_rules.lang import Lang, word

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

WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "prompt": {"en": "{name}, your choice: ", "de": "{name}, deine Wahl: "},
    "commands": {
        "en": "a number or a move in words; also: hint, undo, sheet, save FILE, help, quit",
        "de": "Nummer oder Zug; auch: tipp, zurück, blatt, speichern DATEI, hilfe, beenden",
    },
    "sub_prompt": {
        "en": "which one (number, or Enter to go back): ",
        "de": "welche (Nummer, oder Enter für zurück): ",
    },
    "keep_line": {
        "en": "keep: type the dice to keep, e.g. 'keep {example}' or '{compact}'; "
        "'roll' throws all",
        "de": "behalten: Würfel tippen, z. B. 'behalten {example}' oder '{compact}'; "
        "'würfeln' wirft alle",
    },
    "keep_line_no_all": {
        "en": "keep: type the dice to keep, e.g. 'keep {example}' or '{compact}'",
        "de": "behalten: Würfel tippen, z. B. 'behalten {example}' oder '{compact}'",
    },
    "choices": {"en": "{count} choices", "de": "{count} Möglichkeiten"},
    "hint_classic": {
        "en": "  {value:8.2f}  {action}",
        "de": "  {value:8.2f}  {action}",
    },
    "hint_classic_win": {
        "en": "  {win:6.2f}%  {value:8.2f}  {action}",
        "de": "  {win:6.2f}%  {value:8.2f}  {action}",
    },
    "hint_header_win": {
        "en": "  chance to win, expected final score, action (the player to win):",
        "de": "  Siegchance, erwartete Endpunktzahl, Zug (der Spieler auf Sieg):",
    },
    "hint_win_first": {
        "en": "  (working out the chances to win: once per game, about 20 seconds)",
        "de": "  (die Siegchancen werden berechnet: einmal pro Spiel, etwa 20 Sekunden)",
    },
    "hint_header": {
        "en": "  expected final score, action (the optimal player):",
        "de": "  erwartete Endpunktzahl, Zug (der optimale Spieler):",
    },
    "hint_bot": {
        "en": "  the {bot} bot would play: {action}",
        "de": "  der Bot {bot} würde spielen: {action}",
    },
    "hint_number": {"en": " (menu number {number})", "de": " (Menünummer {number})"},
    "no_hint": {"en": "no hint: {reason}", "de": "kein Tipp: {reason}"},
    "undone": {
        "en": "undone: back to {name}'s previous decision",
        "de": "zurückgenommen: zurück zu {name}s letzter Entscheidung",
    },
    "undo_not_theirs": {
        "en": "cannot undo: {names} decided since your last decision; undo takes back only "
        "your own",
        "de": "zurücknehmen geht nicht: {names} hat seit deiner letzten Entscheidung "
        "entschieden; zurück nimmt nur die eigene zurück",
    },
    "nothing_to_undo": {"en": "nothing to undo yet", "de": "noch nichts zurückzunehmen"},
    "saved": {"en": "saved the game to {file}", "de": "Partie in {file} gespeichert"},
    "save_needs_file": {
        "en": "save needs a file name: save FILE",
        "de": "speichern braucht einen Dateinamen: speichern DATEI",
    },
    "help": {
        "en": "  a menu number, or the move in words (e.g. 'keep 5 5', 'score chance');\n"
        "  hint: the best moves; undo: back to your last decision; sheet: the whole sheet;\n"
        "  + or more: the next page of a long menu; save FILE: save the game; quit: leave",
        "de": "  eine Menünummer oder der Zug in Worten (z. B. 'behalten 5 5', 'Chance');\n"
        "  tipp: die besten Züge; zurück: zurück zur letzten eigenen Entscheidung;\n"
        "  blatt: der ganze Zettel; + oder mehr: die nächste Seite eines langen Menüs;\n"
        "  speichern DATEI: die Partie speichern; beenden: die Partie verlassen",
    },
    "more_entries": {
        "en": "{first} to {last} of {count} shown; + or more: the next page",
        "de": "{first} bis {last} von {count}; + oder mehr: die nächste Seite",
    },
    "sheet_cut": {
        "en": "shortened to fit the screen; sheet: the whole of it",
        "de": "gekürzt, damit es auf den Bildschirm passt; blatt: alles",
    },
    "too_many_dice": {
        "en": "'{text}': there are only {count} dice; keep fewer, or enter the dice in a box",
        "de": "'{text}': es gibt nur {count} Würfel; weniger behalten oder in ein Feld eintragen",
    },
    "advise_working": {
        "en": "working out the chances to win (about half a minute)...",
        "de": "die Siegchancen werden berechnet (etwa eine halbe Minute)...",
    },
    "plus_bonus": {"en": "+{points} bonus", "de": "+{points} Bonus"},
    "cannot_save": {"en": "cannot save: {reason}", "de": "Speichern nicht möglich: {reason}"},
    "pick_range": {
        "en": "type a number from 1 to {count}, or an action",
        "de": "tippe eine Nummer von 1 bis {count} oder einen Zug",
    },
    "group_joker": {"en": "spend a joker", "de": "Joker einsetzen"},
    "group_take": {"en": "take a card from the display", "de": "Karte aus der Auslage nehmen"},
    "group_pick": {"en": "lay down a card", "de": "Karte auslegen"},
    "group_exchange": {"en": "exchange a card", "de": "Karte tauschen"},
    "group_discard": {"en": "discard a card", "de": "Karte abwerfen"},
    "score_gain": {"en": "score {points:+d}", "de": "Punkte {points:+d}"},
    "not_legal": {
        "en": "'{text}' is not a legal action here",
        "de": "'{text}' ist hier kein erlaubter Zug",
    },
    "ambiguous": {"en": "which one did you mean?", "de": "welchen meinst du?"},
    "pass_to": {"en": "Pass to {name}, press Enter.", "de": "Weiter an {name}, Enter drücken."},
    "bye_quit": {"en": "Game left. Bye.", "de": "Partie verlassen. Tschüss."},
    "bye_eof": {
        "en": "Input ended: game left. Bye.",
        "de": "Eingabe beendet: Partie verlassen. Tschüss.",
    },
    "interrupted": {"en": "interrupted", "de": "abgebrochen"},
    "final_scores": {"en": "Final scores: {scores}", "de": "Endstand: {scores}"},
    "winner": {"en": "Winner: {names}", "de": "Gewinner: {names}"},
    "winners": {"en": "Winners: {names}", "de": "Gewinner: {names}"},
    "header": {"en": "{game}, seed {seed}: {names}", "de": "{game}, Startwert {seed}: {names}"},
    "header_resumed": {"en": "{game}: {names}", "de": "{game}: {names}"},
    "resumed": {
        "en": "resumed from {file} after {count} actions; the dice from here on: seed {seed}",
        "de": "fortgesetzt aus {file} nach {count} Aktionen; die Würfel ab hier: Startwert {seed}",
    },
    "resume_other_game": {
        "en": "--resume: {file} is a game of {saved}, not of {game} (--game {game}); "
        "leave out --game or give --game {saved}",
        "de": "--resume: {file} ist eine Partie {saved}, nicht {game} (--game {game}); "
        "--game weglassen oder --game {saved} angeben",
    },
    "saved_count": {
        "en": "--players: the saved game has {saved} players, not {count}",
        "de": "--players: die gespeicherte Partie hat {saved} Spieler, nicht {count}",
    },
    "cannot_write": {
        "en": "--json: cannot write {file}: {reason}",
        "de": "--json: {file} kann nicht geschrieben werden: {reason}",
    },
    "cannot_read": {
        "en": "--resume: cannot read {file}: {reason}",
        "de": "--resume: {file} kann nicht gelesen werden: {reason}",
    },
    "not_a_record": {
        "en": "--resume: {file} is not a game record: {reason}",
        "de": "--resume: {file} ist kein Spielprotokoll: {reason}",
    },
    "unknown_bot": {
        "en": "unknown bot {name!r} for {game}; known bots: {known}",
        "de": "unbekannter Bot {name!r} für {game}; bekannte Bots: {known}",
    },
    "no_players": {
        "en": "--players needs at least one player",
        "de": "--players braucht mindestens einen Spieler",
    },
    "bot_of_another_game": {
        "en": "{name!r} is not a bot of {game} (its bots: {known}) and is a bot's name, "
        "so it cannot name a person either; choose another name",
        "de": "{name!r} ist kein Bot von {game} (seine Bots: {known}), aber der Name eines "
        "Bots, also auch kein Name für eine Person; bitte einen anderen Namen wählen",
    },
    "two_people": {
        "en": "--players: two people named {name!r}; names must differ",
        "de": "--players: zwei Personen heißen {name!r}; die Namen müssen sich unterscheiden",
    },
    "players_exactly": {
        "en": "--players: this game needs exactly {n} players, got {count}",
        "de": "--players: dieses Spiel braucht genau {n} Spieler, nicht {count}",
    },
    "players_range": {
        "en": "--players: this game needs {low} to {high} players, got {count}",
        "de": "--players: dieses Spiel braucht {low} bis {high} Spieler, nicht {count}",
    },
    "record_written": {
        "en": "game record written to {file}",
        "de": "Spielprotokoll in {file} geschrieben",
    },
    "roll_off": {"en": "roll-off: {name} throws {face}", "de": "Auswürfeln: {name} wirft {face}"},
    "starts": {"en": "{name} starts.", "de": "{name} beginnt."},
    "error": {"en": "kniffel: error: {message}", "de": "kniffel: Fehler: {message}"},
    "sim_title": {
        "en": "{game}: {games} games, seed {seed}",
        "de": "{game}: {games} Partien, Startwert {seed}",
    },
    "sim_seat": {"en": "seat", "de": "Spieler"},
    "sim_bot": {"en": "bot", "de": "Bot"},
    "sim_win_rate": {"en": "win rate", "de": "Siegquote"},
    "sim_ci": {"en": "95% CI", "de": "95%-KI"},
    "sim_mean": {"en": "mean", "de": "Mittel"},
    "sim_sd": {"en": "sd", "de": "Stabw"},
    "sim_min": {"en": "min", "de": "min"},
    "sim_max": {"en": "max", "de": "max"},
    "verify_ok": {"en": "OK", "de": "OK"},
    "verify_problems": {"en": "{count} problem(s)", "de": "{count} Fehler"},
    "verify_unreadable": {
        "en": "cannot read the file: {reason}",
        "de": "Datei nicht lesbar: {reason}",
    },
    "verify_invalid": {
        "en": "not a valid sheet or record: {reason}",
        "de": "kein gültiger Zettel und kein Spielprotokoll: {reason}",
    },
}
"""Every phrase of the command line, by key, in each language."""


def say(key: str, lang: Lang, /, **fields: object) -> str:
    """The phrase ``key`` in ``lang`` with its placeholders filled from ``fields``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        KeyError: ``key`` is not in `WORDS` (a bug of the caller).
    """
    text = word(WORDS, key, lang)
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
