"""The exact optimal solitaire player of the box-sheet games (classic Kniffel, ...).

`OptimalSolitaire` plays and coaches; `ValueTable` holds the optimal values
of every position of one rule set; `build_table` computes one for other
rules (numpy, the ``solver`` extra), `computed_table` once per process;
`simulate` plays many optimal games at once (numpy).
"""

from kniffel_rules.bots.optimal._table import SHIPPED, ValueTable
from kniffel_rules.bots.optimal.build import build_table, computed_table
from kniffel_rules.bots.optimal.player import Advice, OptimalSolitaire
from kniffel_rules.bots.optimal.simulate import Simulation, simulate

__all__ = [
    "SHIPPED",
    "Advice",
    "OptimalSolitaire",
    "Simulation",
    "ValueTable",
    "build_table",
    "computed_table",
    "simulate",
]
