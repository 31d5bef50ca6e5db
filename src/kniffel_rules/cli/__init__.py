"""The ``kniffel`` command line (standard library ``argparse`` only).

Commands (``kniffel COMMAND --help`` lists every option with its default;
``--lang de|en`` on each, the default from the locale):

* ``kniffel show [--game G] [--players greedy,random] [--seed S] [--rules JSON] [--json]``:
  one seeded game between bots, turn by turn, with the final picture and
  scores (``--json``: the game record instead).
* ``kniffel simulate --game G --players optimal,greedy,random --games N --seed S
  [--first F] [--workers K | --scheduler ADDRESS] [--json]``: many games
  (`kniffel_rules.simulate`); win rates with 95% confidence intervals and
  score statistics (a progress bar on a terminal's stderr); ``--json`` prints
  the `kniffel_rules.Simulation` document.
* ``kniffel play --game G [--players Ann,Ben,bot:optimal] [--seed S] [--resume FILE]
  [--json FILE]``: people play against bots (or each other) at the keyboard;
  ``hint``, ``undo``, ``sheet``, ``save FILE``, ``help`` and ``quit`` at every
  prompt (German: ``tipp``, ``zurück``, ``blatt``, ``speichern DATEI``,
  ``hilfe``, ``beenden``); the screen fits the terminal.
* ``kniffel advise [--game G] --dice 1,3,3,5,6 --rolls-left 2 [--filled ones=3,twos=6]``:
  the coach for a real game of every game with an exact solitaire player.
* ``kniffel verify FILE [FILE...] [--json]``: verify score sheets or records (``-``
  reads standard input); exit status 0 when every sheet is right, 1 when one
  has findings, 2 when a file cannot be read or is not a sheet.

``kniffel`` alone prints the help; ``kniffel --version`` the version. Ctrl-C
ends any command with status 130 and no traceback.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from kniffel_rules._dicerender import lines
from kniffel_rules._i18n import localize
from kniffel_rules._json import check_int
from kniffel_rules._version import __version__
from kniffel_rules.cli.advise import advise
from kniffel_rules.cli.arguments import json_object, read_document
from kniffel_rules.cli.parser import argparse_speaks, build_parser, lang_after_command, scan_lang
from kniffel_rules.cli.play import Leave, Table, render_view
from kniffel_rules.cli.players import human_name, parse_players, seats_from_names
from kniffel_rules.cli.screen import split_picture
from kniffel_rules.cli.simulate import WorkersLost, print_table, progress_stream, run_games
from kniffel_rules.cli.verify import verify
from kniffel_rules.cli.words import say, system_reason
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang
from kniffel_rules.playing import GameRecord
from kniffel_rules.records import record_from_json, record_to_json
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["main", "run"]


def _fold(sentence: str) -> str:
    """A sentence that lists every player, wrapped at 79 columns like the pictures' sentences."""
    return "\n".join(lines(sentence))


def _rules_doc(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    return json_object(text, "--rules")


def _rules(game: str, text: str | None) -> Any:
    doc = _rules_doc(text)
    return None if doc is None else get_variant(game).Rules.from_dict(doc)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         stdin: TextIO | None = None) -> int:  # fmt: skip
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        out: Where to print (default: standard output).
        stdin: Where people's moves and ``verify -`` are read (default:
            standard input).

    Returns:
        0 on success (``quit`` and the end of the input in ``play``
        included), 1 when ``verify`` found problems or ``simulate``'s
        workers went away, 2 for bad arguments or unreadable input, 130
        after Ctrl-C.
    """
    stream: TextIO = out or sys.stdout
    arguments = list(sys.argv[1:] if argv is None else argv)
    detailed = not arguments or "-h" in arguments or "--help" in arguments
    asked = scan_lang(arguments)  # the parser's own language: its help and refusals
    arguments = lang_after_command(arguments)  # "kniffel --lang de show": show's option
    with argparse_speaks(asked):
        parser = build_parser(asked, detailed)
        args = parser.parse_args(arguments)
        if args.version:
            print(f"kniffel {__version__}", file=stream)
            return 0
        if args.command is None:
            parser.print_help(stream)
            return 0
    lang: Lang = args.lang
    try:
        return _command(args, stream, stdin or sys.stdin)
    except WorkersLost as exc:  # the run failed, not its arguments
        print(say("error", lang, message=localize(exc, lang)), file=sys.stderr)
        return 1
    except KniffelError as exc:
        print(say("error", lang, message=localize(exc, lang)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\n" + say("interrupted", lang), file=sys.stderr)
        return 130


def _command(args: argparse.Namespace, stream: TextIO, stdin: TextIO) -> int:
    lang: Lang = args.lang
    if args.command == "verify":
        return verify(args.files, args.json, stream, stdin=stdin, lang=lang)
    if args.command == "advise":
        check_int(args.top, "--top", 0)
        rules = get_variant(args.game).Rules.from_dict(_rules_doc(args.rules) or {})
        return advise(args.dice, args.rolls_left, args.filled, args.extra_bonus, rules,
                      args.top, stream, lang=lang, opponents=args.opponents)  # fmt: skip
    if args.command == "simulate":
        return _simulate(args, stream)
    return _play(args, stream, stdin)


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """``show`` and ``play``: one game, narrated; ``show --json`` prints its record instead."""
    lang: Lang = args.lang
    playing = args.command == "play"
    record = None
    if playing and args.json:
        _check_writable(args.json, lang)  # before the game, not after it is lost
    if playing and args.resume:
        record = _read_record(args.resume, lang)
        name = record.variant
        if args.game is not None and args.game != name:
            raise KniffelError(
                say("resume_other_game", lang, file=args.resume, saved=name, game=args.game)
            )
        names = tuple(record.final.names)
        saved_rules = record.final.rules
        if args.players:
            seats = parse_players(name, args.players, humans=True, lang=lang, rules=saved_rules)
            if len(seats) != len(names):
                raise KniffelError(say("saved_count", lang, saved=len(names), count=len(seats)))
            for seat, saved in zip(seats, names, strict=True):
                seat.label = saved
        else:
            seats = seats_from_names(name, names, lang, saved_rules)
        rules = None
    else:
        name = args.game or next(iter(VARIANTS))
        default = f"{human_name(lang)},greedy"
        rules = _rules(name, args.rules)  # the bots are made for them
        spec = default if args.players is None else args.players  # "" is no player, not none given
        seats = parse_players(name, spec, humans=playing, lang=lang, rules=rules)
    game = get_variant(name)
    _check_count(game, len(seats), lang)
    # A seed the program draws is never shown: it would tell every throw and card to come
    # (and the card game's hands); 128 bits, so it cannot be searched for either.
    chosen = args.seed is not None
    seed = args.seed if chosen else int.from_bytes(os.urandom(16), "big")
    quiet = not playing and args.json
    screen = io.StringIO() if quiet else out
    table = Table(game, name, seats, seed=seed, rules=rules, lang=lang, out=screen, stdin=stdin,
                  record=record)  # fmt: skip
    labels = ", ".join(table.names)
    title = game.INFO.title(lang)
    if record is None and chosen:
        head = say("header", lang, title=title, game=name, seed=seed, names=labels)
    else:
        head = say("header_plain", lang, title=title, game=name, names=labels)
    print(_fold(head), file=screen)
    if record is not None:  # a record keeps no seed: a seed given now throws the dice from here on
        done = len(record.actions)
        said = (say("resumed", lang, file=args.resume, count=done, seed=seed) if chosen
                else say("resumed_plain", lang, file=args.resume, count=done))
        print(said, file=screen)  # a path is never folded: people copy it
    try:
        final = table.play()
    except Leave as leave:
        print("\n" + say("bye_quit" if leave.how == "quit" else "bye_eof", lang), file=out)
        _write_json(table, args, out)
        return 0
    except KeyboardInterrupt:  # Ctrl-C leaves the game too: its record is kept
        _write_json(table, args, out)
        raise
    if quiet:
        print(record_to_json(table.record()), file=out)
        return 0
    humans = [i for i, s in enumerate(seats) if s.human]
    view = game.observation(final, humans[0]) if len(humans) == 1 else final
    _, body = split_picture(render_view(game, view, lang))  # its status names the winners too
    print("\n" + "\n".join(body), file=out)
    scores = ", ".join(f"{n}: {s}" for n, s in zip(table.names, game.scores(final), strict=True))
    print("\n" + _fold(say("final_scores", lang, scores=scores)), file=out)
    winners = game.winners(final)
    key = "winner" if len(winners) == 1 else "winners"
    print(_fold(say(key, lang, names=", ".join(table.names[w] for w in winners))), file=out)
    _write_json(table, args, out)
    return 0


def _check_count(game: Any, count: int, lang: Lang) -> None:
    """Refuse a number of players the game does not allow, saying how many it takes."""
    low, high = game.INFO.min_players, game.INFO.max_players
    if low <= count <= high:
        return
    if low == high:
        raise KniffelError(say("players_exactly", lang, count=count, n=low))
    raise KniffelError(say("players_range", lang, count=count, low=low, high=high))


def _check_writable(path: str, lang: Lang) -> None:
    """Refuse a ``--json`` file that cannot be written, before a game is played into it."""
    folder = os.path.dirname(os.path.abspath(path))
    problem: OSError | None = None
    if os.path.isdir(path):
        problem = IsADirectoryError(errno.EISDIR, path)
    elif not os.path.isdir(folder):
        problem = FileNotFoundError(errno.ENOENT, folder)
    elif not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        problem = PermissionError(errno.EACCES, path)
    if problem is not None:
        raise KniffelError(
            say("cannot_write", lang, file=path, reason=system_reason(problem, lang))
        )


def _write_json(table: Table, args: argparse.Namespace, out: TextIO) -> None:
    path = getattr(args, "json", None) if args.command == "play" else None
    if path and table.secret():  # left before the end: the file would show every hand
        print(say("secret_save", args.lang), file=out)
        return
    if path:
        try:
            table.save(path)
        except OSError as exc:
            raise KniffelError(
                say("cannot_write", args.lang, file=path, reason=system_reason(exc, args.lang))
            ) from None
        print(say("record_written", args.lang, file=path), file=out)


def _read_record(path: str, lang: Lang) -> GameRecord:
    try:
        with open(path, encoding="utf-8") as handle:
            text = read_document(handle)
    except (OSError, UnicodeDecodeError) as exc:
        raise KniffelError(
            say("cannot_read", lang, file=path, reason=system_reason(exc, lang))
        ) from None
    try:
        return record_from_json(text)
    except KniffelError as exc:
        raise KniffelError(
            say("not_a_record", lang, file=path, reason=localize(exc, lang))
        ) from None


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.game, args.rules)  # validates the options before any worker starts
    seats = parse_players(args.game, args.players, lang=args.lang, rules=rules)  # the names
    _check_count(get_variant(args.game), len(seats), args.lang)
    sim = run_games(args.game, [s.bot_name for s in seats], args.games, args.seed, rules,
                    args.first, args.workers, args.scheduler, progress_stream(),
                    args.lang)  # fmt: skip
    if args.json:
        print(sim.to_json(), file=out)
    else:
        print_table(sim, out, lang=args.lang)
    return 0


def run() -> None:
    """The ``kniffel`` console script: `main` with the exit status."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. ``head``) went away: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:  # before main's own handler was reached (while importing)
        print(file=sys.stderr)
        status = 130
    raise SystemExit(status)
