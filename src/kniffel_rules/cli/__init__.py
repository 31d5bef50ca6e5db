"""The ``kniffel`` command line (standard library ``argparse`` only).

Commands:

* ``kniffel show [--game G] [--players greedy,random] [--seed S] [--rules JSON]``:
  one seeded game between bots, turn by turn, with the final sheets.
* ``kniffel simulate --game G --players optimal,greedy,random --games N --seed S
  [--workers K] [--json]``: many games; win rates with 95% confidence
  intervals and score statistics (a progress bar on a terminal).
* ``kniffel play --game G [--players you,bot:optimal] [--seed S]``: play
  against bots at the keyboard; ``hint`` asks the optimal player (classic).
* ``kniffel advise --dice 1,3,3,5,6 --rolls-left 2 [--filled ones=3,twos=6]``:
  the coach for a real classic game.
* ``kniffel verify FILE [FILE...] [--json]``: verify score sheets or records; exit
  status 0 when every sheet is right, 1 when one has findings, 2 when a
  file cannot be read or is not a sheet.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from kniffel_rules import classic
from kniffel_rules.cli.advise import advise
from kniffel_rules.cli.play import play_game
from kniffel_rules.cli.players import parse_players
from kniffel_rules.cli.simulate import print_table, progress_stream, run_games, summarise
from kniffel_rules.cli.verify import verify
from kniffel_rules.errors import KniffelError
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["main", "run"]


def _rules_doc(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise KniffelError(f"--rules is not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise KniffelError('--rules is a JSON object of rule options, e.g. \'{"joker": "free"}\'')
    return doc


def _rules(game: str, text: str | None) -> Any:
    doc = _rules_doc(text)
    return None if doc is None else get_variant(game).Rules.from_dict(doc)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kniffel", description="The rules of Kniffel, playable.")
    sub = parser.add_subparsers(dest="command", required=True)
    games = list(VARIANTS)

    s = sub.add_parser("show", help="play one seeded game between bots and print it")
    s.add_argument("--game", default="classic", choices=games)
    s.add_argument("--players", default="greedy,greedy", help="bots, comma-separated")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--rules", help='rule options as JSON, e.g. \'{"joker": "free"}\'')

    m = sub.add_parser("simulate", help="play many games between bots and compare them")
    m.add_argument("--game", default="classic", choices=games)
    m.add_argument("--players", default="greedy,random", help="bots, comma-separated")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--workers", type=int, default=1, help="parallel processes")
    m.add_argument("--rules", help="rule options as JSON")
    m.add_argument("--json", action="store_true", help="print the results as JSON")

    p = sub.add_parser("play", help="play a game against bots at the keyboard")
    p.add_argument("--game", default="classic", choices=games)
    p.add_argument("--players", default="you,bot:greedy", help="'you' and bots, comma-separated")
    p.add_argument("--seed", type=int, default=None, help="fixes the dice (default: random)")
    p.add_argument("--rules", help="rule options as JSON")

    a = sub.add_parser("advise", help="the optimal player's advice for a classic position")
    a.add_argument("--dice", required=True, help="the five dice, e.g. 1,3,3,5,6")
    a.add_argument("--rolls-left", type=int, required=True, help="0, 1 or 2")
    a.add_argument("--filled", action="append", default=[],
                   help="filled boxes, e.g. ones=3,full_house=25 (repeatable)")  # fmt: skip
    a.add_argument("--extra-bonus", type=int, default=0, help="extra-Kniffel bonus points so far")
    a.add_argument("--rules", help="classic rule options as JSON")
    a.add_argument("--top", type=int, default=10, help="how many actions to show (0: all)")

    v = sub.add_parser(
        "verify", help="verify score sheets or game records (JSON files) and list every problem"
    )
    v.add_argument("files", nargs="+", metavar="FILE")
    v.add_argument("--json", action="store_true", help="print the findings as JSON")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         stdin: TextIO | None = None) -> int:  # fmt: skip
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        out: Where to print (default: standard output).
        stdin: Where a human's moves are read (default: standard input).

    Returns:
        0 on success, 1 when ``verify`` found problems, 2 for bad arguments
        or unreadable input.
    """
    stream: TextIO = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        if args.command == "verify":
            return verify(args.files, args.json, stream)
        if args.command == "advise":
            rules = classic.Rules.from_dict(_rules_doc(args.rules) or {})
            return advise(args.dice, args.rolls_left, args.filled, args.extra_bonus, rules,
                          args.top, stream)  # fmt: skip
        game = get_variant(args.game)
        if args.command == "simulate":
            return _simulate(args, stream)
        seats = parse_players(args.game, args.players, humans=args.command == "play")
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        labels = ", ".join(s.label for s in seats)
        print(f"{args.game}, seed {seed}: {labels}", file=stream)
        play_game(game, seats, seed, _rules(args.game, args.rules), stdin or sys.stdin, stream)
        return 0
    except KniffelError as exc:
        print(f"kniffel: error: {exc}", file=sys.stderr)
        return 2


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    if args.games < 1:
        raise KniffelError("--games must be at least 1")
    if args.workers < 1:
        raise KniffelError("--workers must be at least 1")
    seats = parse_players(args.game, args.players)  # validates the names
    bots = [s.label.rsplit(" (", 1)[0] for s in seats]
    rules_doc = _rules_doc(args.rules)
    _rules(args.game, args.rules)  # validates the options before any worker starts
    results = run_games(args.game, bots, args.games, args.seed, rules_doc, args.workers,
                        progress_stream())  # fmt: skip
    rows = summarise([s.label for s in seats], results)
    if args.json:
        doc = {"game": args.game, "games": args.games, "seed": args.seed, "players": rows}
        print(json.dumps(doc, indent=2), file=out)
    else:
        print_table(args.game, args.games, args.seed, rows, out)
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
    raise SystemExit(status)
