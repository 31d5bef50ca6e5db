"""The exact distributions of the last turns (`bots.winning._exact`, numpy).

Each distribution is checked against the one enumerated through classic's
engine under `OptimalSolitaire`, and against the moments of the same
position (its sum, mean and variance).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classic.test_winning import DEFAULT, _distribution, _late_states, _position, late_moments
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.optimal._model import FULL_MASK, NUM_BOXES
from kniffel_rules.bots.optimal._solver import _Tables
from kniffel_rules.bots.winning._exact import POINTS, Exact


def _exact() -> Exact:
    return Exact(late_moments(DEFAULT), _Tables(np), 2)


EXACT = None


def exact() -> Exact:
    """One `Exact` for the module (its distributions are kept)."""
    global EXACT
    if EXACT is None:
        EXACT = _exact()
    return EXACT


@pytest.mark.parametrize(("seed", "filled"), [(1, 12), (2, 12), (5, 12), (4, 11), (6, 11)])
def test_the_distribution_is_the_one_played_out_through_the_engine(seed: int, filled: int) -> None:
    state = next(_late_states(seed, filled))
    dist = _distribution(state, OptimalSolitaire(progress=False))
    ex = exact()
    pmf = ex.pmf(ex.model.index(*_position(state.sheets[0], ex.model)))
    assert len(pmf) == POINTS
    for points in range(POINTS):
        assert pmf[points] == pytest.approx(float(dist.get(points, Fraction(0))), abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(
    open_boxes=st.sets(st.integers(0, NUM_BOXES - 1), min_size=0, max_size=2),
    upper=st.integers(0, 63),
    fifty=st.integers(0, 1),
)
def test_every_distribution_has_the_moments_of_its_position(
    open_boxes: set[int], upper: int, fifty: int
) -> None:
    ex = exact()
    mask = FULL_MASK & ~sum(1 << i for i in open_boxes)
    assert ex.covers(mask)
    if (upper, fifty) not in ex.model.states(mask):
        return
    i = ex.model.index(mask, upper, fifty)
    mo = ex.moments
    pmf = ex.pmf(i)
    x = np.arange(POINTS)
    assert pmf.min() >= 0
    assert pmf.sum() == pytest.approx(1.0, abs=1e-12)
    assert pmf @ x == pytest.approx(mo.mean[i], abs=1e-9)
    assert pmf @ (x * x) - (pmf @ x) ** 2 == pytest.approx(mo.variance[i], abs=1e-6)


def test_only_positions_with_few_boxes_open_are_covered() -> None:
    ex = exact()
    assert ex.covers(FULL_MASK)
    assert ex.covers(FULL_MASK & ~0b11)
    assert not ex.covers(FULL_MASK & ~0b111)
    # A finished sheet: the upper bonus, reached or not.
    assert ex.pmf(ex.model.index(FULL_MASK, ex.model.threshold, 0))[35] == 1.0
    assert ex.pmf(ex.model.index(FULL_MASK, 0, 0))[0] == 1.0
