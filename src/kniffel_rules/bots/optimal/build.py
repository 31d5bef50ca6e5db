"""Computing value tables for any covered rules (needs numpy: the ``solver`` extra).

``python -m kniffel_rules.bots.optimal DIR`` recomputes the tables that ship
with the package into ``DIR`` (see `main`).
"""

from __future__ import annotations

import argparse
import sys
import threading
from array import array
from collections import OrderedDict
from pathlib import Path

from kniffel_rules.bots.optimal._model import solver_rules
from kniffel_rules.bots.optimal._solver import solve_values
from kniffel_rules.bots.optimal._table import SHIPPED, ValueTable
from kniffel_rules.lang import Lang

__all__ = ["build_table", "computed_table", "main"]


def build_table(rules: object, *, progress: bool = True, lang: Lang = "en") -> ValueTable:
    """Compute the optimal values of every position under ``rules``.

    Classic takes a few seconds and some 30 MB, a 15-box sheet
    about ten seconds and some 100 MB, a sheet filled in a forced order
    under a second; reports its progress on stderr
    unless ``progress`` is false: a bar redrawn in place when stderr is a
    terminal, otherwise (a log file, a pipe, CI) a plain line at 0, 25, 50,
    75 and 100 %, with no carriage returns.

    Args:
        rules: A game's rules (any game with ``INFO.solitaire``; classic:
            not Croatian).
        progress: Report the progress on stderr.
        lang: The language of the progress line.

    Returns:
        The table; `ValueTable.save` keeps it for later.

    Raises:
        KniffelError: numpy is missing (install the ``solver`` extra), or
            the rules are not covered (no game's with an exact solitaire
            player, or classic's Croatian variant).
    """
    model, values = solve_values(rules, progress=progress, lang=lang)
    dense = array("d")
    dense.frombytes(values.astype("=f8").tobytes())
    return ValueTable(model.rules, model.flags, dense)


KEPT_TABLES = 2
"""How many computed tables `computed_table` keeps (the rule sets asked for last)."""

_kept: OrderedDict[object, ValueTable] = OrderedDict()
_computing = threading.Lock()


def computed_table(rules: object, *, progress: bool = True, lang: Lang = "en") -> ValueTable:
    """`build_table`'s table for ``rules``, computed once per process.

    `OptimalSolitaire` asks here for rules whose table does not ship (Yatzy's
    house rules, classic's variants): every player, hint or simulation of the
    process for the same rules then shares one table, where each used to
    compute its own (a 15-box sheet: about ten seconds of CPU each time).
    The tables of the last `KEPT_TABLES` rule sets are kept (17 MB for a
    15-box sheet, 8 MB for classic); a computation holds a lock, so two
    threads asking at once compute once. ``progress`` and ``lang`` apply to
    a computation only.

    Args:
        rules: A game's rules (those that do not change one game's play,
            classic's ``games`` and ``ranking``, do not matter).
        progress: Report the progress on stderr while computing.
        lang: The language of the progress line.

    Raises:
        KniffelError: As `build_table`: numpy missing, or not the rules of
            a game with an exact solitaire player (any other object too).
    """
    key = solver_rules(rules)  # refuses what is no game's rules; one table per play's rules
    with _computing:
        table = _kept.get(key)
        if table is None:
            table = build_table(key, progress=progress, lang=lang)
            _kept[key] = table
            while len(_kept) > KEPT_TABLES:
                _kept.popitem(last=False)
        else:
            _kept.move_to_end(key)
        return table


def main(argv: list[str] | None = None) -> None:
    """Recompute the shipped tables into a directory."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    args.directory.mkdir(parents=True, exist_ok=True)
    for name, rules in SHIPPED.items():
        table = build_table(rules)
        path = args.directory / f"{name}.kvt"
        table.save(path)
        print(f"{path}: {table.expected_score:.6f}", file=sys.stderr)
