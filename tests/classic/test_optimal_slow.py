"""The whole game solved from the rules: the published optima and more (slow).

Each full table takes some ten seconds to compute (numpy). Run by
``.ci/run``; locally: ``pytest -m slow tests/classic/test_optimal_slow.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from classic.helpers import all_but, position
from classic.test_optimal_advise import reference
from kniffel_rules import classic
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal import ValueTable, build_table, simulate
from kniffel_rules.classic import Box, Rules

pytestmark = pytest.mark.slow

VERHOEFF = Rules(joker="free", extra_kniffel_bonus=100)
GLENN = Rules(joker="none", extra_kniffel_bonus=0)


def same_values(a: ValueTable, b: ValueTable) -> None:
    x = np.frombuffer(a.values)
    y = np.frombuffer(b.values)
    assert (np.isnan(x) == np.isnan(y)).all()
    assert np.nanmax(np.abs(x - y)) < 1e-7  # the shipped tables keep 2 ** -24


@pytest.mark.parametrize(
    ("rules", "published", "flags"),
    [
        (VERHOEFF, "254.5896", 2),  # Verhoeff's optimal solitaire Yahtzee
        (GLENN, "245.8708", 1),  # Glenn: no joker, no extra bonus
        (Rules(), "248.3210", 2),  # the rulebook (docs/bots.md)
    ],
    ids=["verhoeff", "glenn", "kniffel"],
)
def test_published_optima_are_reproduced_from_the_rules(
    rules: Rules, published: str, flags: int
) -> None:
    table = build_table(rules, progress=False)
    assert f"{table.expected_score:.4f}" == published
    assert table.model.flags == flags
    same_values(table, OptimalSolitaire(rules).table)


def test_strict_us_yahtzee_value_in_the_docs() -> None:
    table = build_table(Rules(joker="forced", extra_kniffel_bonus=100), progress=False)
    assert f"{table.expected_score:.4f}" == "254.5877"  # docs/bots.md


def test_full_cup_and_other_box_values_are_solved_and_played_optimally() -> None:
    rules = Rules(
        full_cup=True,
        kniffel_counts_as_full_house=True,
        upper_bonus_threshold=60,
        large_straight_score=50,
        extra_bonus_requires_fifty=False,
    )
    bot = OptimalSolitaire(rules, progress=False)
    assert bot.table.model.flags == 1  # a struck Kniffel changes nothing here
    sim = simulate(40, table=bot.table, seed=2, record=True)
    for record, score in zip(sim.records, sim.scores, strict=True):
        state = classic.new_game(rules=rules)
        for action in record:
            if classic.current_player(state) >= 0:
                advice = dict(bot.advise(state))
                assert advice[action] == pytest.approx(max(advice.values()), abs=1e-9)
            state = classic.apply(state, action)
        assert classic.scores(state) == (score,)
    # The values of two late positions against plain expectimax.
    late = position({**all_but(Box.CHANCE, Box.SIXES), Box.KNIFFEL: 50}, rules=rules)
    assert bot.advise(late)[0].value == pytest.approx(reference(late), abs=1e-9)


@pytest.mark.parametrize(
    ("rules", "entries"),
    [
        (VERHOEFF, {**all_but(Box.FULL_HOUSE, Box.LARGE_STRAIGHT), Box.KNIFFEL: 50}),
        (Rules(), {**all_but(Box.SIXES, Box.FULL_HOUSE), Box.KNIFFEL: 50}),
    ],
    ids=["verhoeff jokers", "forced order"],
)
def test_two_open_boxes_against_plain_expectimax(rules: Rules, entries: dict[Box, int]) -> None:
    state = position(entries, rules=rules)
    assert OptimalSolitaire(rules).advise(state)[0].value == pytest.approx(
        reference(state), abs=1e-6
    )


def test_simulated_mean_is_within_three_standard_errors_of_the_exact_value() -> None:
    sim = simulate(20_000, seed=2024)
    assert 0 < sim.standard_error < 1
    assert abs(sim.mean - sim.expected) < 3 * sim.standard_error
