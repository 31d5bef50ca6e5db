"""The exact optimal solitaire player of Yatzy against the independent solver's values.

yatzy-solver 1.0 (``Solver.build(Variant(...)).state_value("upper 0 | filled -")``)
gives these optimal expected final scores (``research/yatzy/README.md``, section 0);
the forced-order ones agree to 1e-10 with an independent DP as well. The solver
is driven by ``yatzy.INFO.solitaire(rules)`` alone (no second copy of the rules).
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from kniffel_rules import yatzy
from kniffel_rules.bots import OptimalSolitaire

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
