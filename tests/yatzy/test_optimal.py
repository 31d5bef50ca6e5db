"""The exact optimal solitaire player of Yatzy against the independent solver's values.

yatzy-solver 1.0 (``Solver.build(Variant(...)).state_value("upper 0 | filled -")``)
gives these optimal expected final scores (``research/yatzy/README.md``, section 0);
the forced-order ones agree to 1e-10 with an independent DP as well. The solver
is driven by ``yatzy.INFO.solitaire(rules)`` alone (no second copy of the rules).
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any, cast

import pytest

from kniffel_rules import yatzy
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import build_table
from kniffel_rules.bots.optimal._table import shipped_name

PEER = {
    (): 248.4399893778553,
    ("yatzy_counts_as_full_house",): 248.4680909173007,
    ("four_of_a_kind_counts_as_two_pairs",): 248.64405894377953,
    ("yatzy_counts_as_full_house", "four_of_a_kind_counts_as_two_pairs"): 248.67488268842226,
    ("forced_order",): 122.55852739642387,
    ("yatzy_counts_as_full_house", "forced_order"): 122.60635350637136,
    ("four_of_a_kind_counts_as_two_pairs", "forced_order"): 123.19457810800856,
    ("yatzy_counts_as_full_house", "four_of_a_kind_counts_as_two_pairs", "forced_order"):
        123.24240421795605,
}  # fmt: skip


FORCED = sorted(f for f in PEER if "forced_order" in f)
FREE = sorted(f for f in PEER if "forced_order" not in f)


def _check(fields: tuple[str, ...]) -> None:
    rules = yatzy.Rules(**dict.fromkeys(fields, True))
    player = cast(Any, OptimalSolitaire)(rules, progress=False)
    assert player.expected_score() == pytest.approx(PEER[fields], abs=1e-4)


@pytest.mark.rule("YA-08", "YA-19", "YA-20", "YA-21")
@pytest.mark.parametrize("fields", FORCED, ids=lambda f: "+".join(f))
def test_the_forced_order_optimum_is_the_peer_s(fields: tuple[str, ...]) -> None:
    """Forced order: only the sheet's prefixes are solved (well under a second)."""
    _check(fields)


@pytest.mark.slow
@pytest.mark.rule("YA-08", "YA-19", "YA-20")
@pytest.mark.parametrize("fields", FREE, ids=lambda f: "+".join(f) or "plain")
def test_the_optimal_value_is_the_peer_s(fields: tuple[str, ...]) -> None:
    """Any order: 2^15 sheets, about 20 s each with numpy."""
    _check(fields)


def test_the_rulebook_s_table_ships_and_plays_without_numpy() -> None:
    """The rulebook's table is in the wheel: the player needs neither numpy nor a computation."""
    assert shipped_name(yatzy.Rules()) == "yatzy"
    assert shipped_name(yatzy.Rules(forced_order=True)) is None
    code = (
        "import sys, kniffel_rules\n"
        "from kniffel_rules import yatzy\n"
        "from kniffel_rules.bots import OptimalSolitaire\n"
        "bot = OptimalSolitaire(yatzy.Rules())\n"
        "final = kniffel_rules.play(yatzy, [bot], seed=4)\n"
        "assert yatzy.is_terminal(final)\n"
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False" and not out.stderr  # no progress: nothing computed


@pytest.mark.slow
def test_the_shipped_table_is_the_table_computed_from_the_rules() -> None:
    """Every value of ``yatzy.kvt`` within its rounding (2 ** -24) of a fresh computation."""
    import numpy as np

    fresh = build_table(yatzy.Rules(), progress=False)
    shipped = OptimalSolitaire(yatzy.Rules()).table
    assert shipped.model.flags == fresh.model.flags
    x, y = np.frombuffer(fresh.values), np.frombuffer(shipped.values)
    assert (np.isnan(x) == np.isnan(y)).all()
    assert np.nanmax(np.abs(x - y)) < 1e-7
