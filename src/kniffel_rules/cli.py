"""The ``kniffel`` command line (standard library ``argparse`` only).

Commands:

* ``kniffel show [--players greedy,random] [--seed S] [--rules JSON]``:
  plays one seeded classic game between bots and prints it turn by turn
  with the final score sheets.
* ``kniffel simulate [--players greedy,random] [--games N] [--seed S] [--json]``:
  plays many games and prints win rates (with 95% confidence intervals) and
  score statistics.
* ``kniffel verify FILE [FILE...] [--json]``: verifies score sheets and
  prints every finding; exit status 0 when every sheet is right, 1 when a
  sheet has findings, 2 when a file cannot be read or is not a sheet.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from kniffel_rules import CHANCE, InvalidStateError, KniffelError, classic, verify_sheet
from kniffel_rules.bots import ClassicGreedy, RandomBot
from kniffel_rules.playing import Policy, play

__all__ = ["main"]

BOTS: dict[str, Callable[[], Policy]] = {"greedy": ClassicGreedy, "random": RandomBot}
"""The bots the command line knows, by name."""


def _policies(spec: str) -> list[tuple[str, Policy]]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise KniffelError("--players needs at least one bot name")
    out = []
    for name in names:
        if name not in BOTS:
            raise KniffelError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")
        out.append((name, BOTS[name]()))
    return out


def _rules(text: str | None) -> classic.Rules:
    if not text:
        return classic.Rules()
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise KniffelError(f"--rules is not valid JSON: {exc}") from None
    return classic.Rules.from_dict(doc)


def _sheet_table(state: classic.State, labels: Sequence[str], out: TextIO) -> None:
    rules = state.rules
    width = max(10, *(len(x) for x in labels))
    row = "{:<16}" + " ".join(f"{{:>{width}}}" for _ in labels)
    print(row.format("", *labels), file=out)

    def line(label: str, values: Sequence[object]) -> None:
        print(row.format(label, *("" if v is None else str(v) for v in values)), file=out)

    for box in classic.sheet_boxes(rules)[:6]:
        line(box.label, [s[box] for s in state.sheets])
    line("Upper sum", [s.upper_sum for s in state.sheets])
    line(f"Bonus (>= {rules.upper_bonus_threshold})", [s.upper_bonus(rules) for s in state.sheets])
    for box in classic.sheet_boxes(rules)[6:]:
        line(box.label, [s[box] for s in state.sheets])
    if not rules.croatian:
        line("Extra Kniffels", [s.extra_bonus for s in state.sheets])
    line("Lower total", [s.lower_total(rules) for s in state.sheets])
    line("TOTAL", [s.total(rules) for s in state.sheets])


def show(players: str, seed: int, rules_json: str | None, out: TextIO) -> int:
    """Play one game between bots and print it turn by turn."""
    bots = _policies(players)
    rules = _rules(rules_json)
    labels = [f"{name} ({i + 1})" for i, (name, _) in enumerate(bots)]
    rng = random.Random(seed)
    state = classic.new_game(players=labels, rules=rules)
    throws: list[tuple[int, ...]] = []
    print(f"Classic Kniffel, seed {seed}: {', '.join(labels)}", file=out)
    while not classic.is_terminal(state):
        player = classic.current_player(state)
        if player == CHANCE:
            outcome = classic.sample_chance(state, rng)
            if state.phase is classic.Phase.ROLL_OFF:
                assert state.roll_off is not None
                who = labels[state.roll_off.thrower]
                print(f"  roll-off: {who} throws {outcome.values[0]}", file=out)
            state = classic.apply(state, outcome)
            if state.phase is classic.Phase.DECIDE and state.rolls:
                throws.append(state.dice)
            elif state.phase is classic.Phase.DECIDE:
                print(f"  {labels[state.player]} starts.", file=out)
            continue
        action = bots[player][1](state, classic.legal_actions(state), rng)
        if isinstance(action, classic.Score):
            before = state.sheets[player].total(rules)
            game = state.game
            state = classic.apply(state, action)
            sheet = state.sheets[player] if state.game == game else None
            gained = (
                f"+{sheet.total(rules) - before}"
                if sheet is not None
                else f"final {state.results[-1][player]}"
            )
            dice = " -> ".join("".join(map(str, d)) for d in throws)
            print(f"{labels[player]:>14}: {dice:<20} {action.box.label:<16} {gained}", file=out)
            throws = []
        else:
            state = classic.apply(state, action)
    print(file=out)
    _sheet_table(state, labels, out)
    won = ", ".join(labels[w] for w in classic.winners(state))
    print(f"\nWinner: {won}", file=out)
    return 0


def _interval(wins: float, n: int) -> tuple[float, float]:
    """Wilson 95% interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(
    players: str, games: int, seed: int, rules_json: str | None, as_json: bool, out: TextIO
) -> int:
    """Play ``games`` games and print win rates and score statistics."""
    if games < 1:
        raise KniffelError("--games must be at least 1")
    bots = _policies(players)
    rules = _rules(rules_json)
    master = random.Random(seed)
    n = len(bots)
    wins = [0.0] * n
    totals: list[list[int]] = [[] for _ in range(n)]
    for _ in range(games):
        final = play(classic, [b for _, b in bots], seed=master.getrandbits(64), rules=rules)
        ws = classic.winners(final)
        for w in ws:
            wins[w] += 1 / len(ws)
        for i, s in enumerate(classic.scores(final)):
            totals[i].append(s)
    rows = []
    for i, (name, _) in enumerate(bots):
        lo, hi = _interval(wins[i], games)
        rows.append(
            {
                "seat": i,
                "bot": name,
                "win_rate": wins[i] / games,
                "win_rate_ci95": [lo, hi],
                "mean": statistics.fmean(totals[i]),
                "stdev": statistics.stdev(totals[i]) if games > 1 else 0.0,
                "min": min(totals[i]),
                "max": max(totals[i]),
            }
        )
    if as_json:
        doc = {"game": "classic", "games": games, "seed": seed, "players": rows}
        print(json.dumps(doc, indent=2), file=out)
        return 0
    print(f"classic: {games} games, seed {seed}", file=out)
    header = f"{'seat':>4}  {'bot':<8} {'win rate':>8}  {'95% CI':<15} {'mean':>7} {'sd':>6}"
    print(header + f" {'min':>5} {'max':>5}", file=out)
    for r in rows:
        lo, hi = r["win_rate_ci95"]  # type: ignore[misc]
        print(
            f"{r['seat']:>4}  {r['bot']:<8} {r['win_rate']:>8.1%}  "
            f"{lo:>6.1%}-{hi:<7.1%} {r['mean']:>7.1f} {r['stdev']:>6.1f} "
            f"{r['min']:>5} {r['max']:>5}",
            file=out,
        )
    return 0


def verify(files: Sequence[str], as_json: bool, out: TextIO) -> int:
    """Verify score sheets; see the module docs for the exit status."""
    results: list[dict[str, object]] = []
    status = 0
    for name in files:
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
            report = verify_sheet(text)
        except (OSError, UnicodeDecodeError) as exc:
            results.append({"file": name, "error": f"cannot read the file: {exc}"})
            status = 2
            continue
        except InvalidStateError as exc:
            results.append({"file": name, "error": f"not a valid sheet: {exc}"})
            status = 2
            continue
        results.append({"file": name, **report.to_dict()})
        if not report.ok and status == 0:
            status = 1
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False), file=out)
        return status
    for r in results:
        if "error" in r:
            print(f"{r['file']}: {r['error']}", file=out)
        elif r["ok"]:
            print(f"{r['file']}: OK", file=out)
        else:
            findings = r["findings"]
            assert isinstance(findings, list)
            print(f"{r['file']}: {len(findings)} problem(s)", file=out)
            for f in findings:
                print(f"  - {f['message']} [{f['rule']}]", file=out)
    return status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kniffel", description="The rules of Kniffel, playable.")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("show", help="play one seeded classic game between bots and print it")
    s.add_argument("--players", default="greedy,greedy", help="bots, comma-separated")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--rules", help='classic Rules options as JSON, e.g. \'{"joker": "free"}\'')
    m = sub.add_parser("simulate", help="play many games between bots and compare them")
    m.add_argument("--game", default="classic", choices=["classic"])
    m.add_argument("--players", default="greedy,random", help="bots, comma-separated")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--rules", help="classic Rules options as JSON")
    m.add_argument("--json", action="store_true", help="print the results as JSON")
    v = sub.add_parser("verify", help="verify score sheets (JSON files) and list every problem")
    v.add_argument("files", nargs="+", metavar="FILE")
    v.add_argument("--json", action="store_true", help="print the findings as JSON")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        out: Where to print (default: standard output).

    Returns:
        0 on success, 1 when ``verify`` found problems, 2 for bad arguments
        or unreadable input.
    """
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        if args.command == "show":
            return show(args.players, args.seed, args.rules, out)
        if args.command == "verify":
            return verify(args.files, args.json, out)
        return simulate(args.players, args.games, args.seed, args.rules, args.json, out)
    except KniffelError as exc:
        print(f"kniffel: error: {exc}", file=sys.stderr)
        return 2


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
