"""Computing value tables for any covered rules (needs numpy: the ``solver`` extra).

``python -m kniffel_rules.bots.optimal DIR`` recomputes the tables that ship
with the package into ``DIR`` (see `main`).
"""

from __future__ import annotations

import argparse
import sys
from array import array
from pathlib import Path

from kniffel_rules.bots.optimal._solver import solve_values
from kniffel_rules.bots.optimal._table import SHIPPED, ValueTable
from kniffel_rules.lang import Lang

__all__ = ["build_table", "main"]


def build_table(rules: object, *, progress: bool = True, lang: Lang = "en") -> ValueTable:
    """Compute the optimal values of every position under ``rules``.

    Classic takes a few seconds and some 30 MB, a 15-box sheet
    about half a minute and some 100 MB, a sheet filled in a forced order
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
