"""Shared pytest configuration: hypothesis profiles."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


if os.environ.get("MUTANT_UNDER_TEST"):  # a mutation-testing run (docs/quality.md)
    import pytest

    @pytest.fixture(autouse=True)
    def _fresh_tables() -> None:
        """Rebuild cached scoring tables, so a mutant in the code that fills them shows."""
        from kniffel_rules.classic import boxes as classic_boxes
        from kniffel_rules.extreme import boxes as extreme_boxes

        for fn in (
            classic_boxes._table,
            classic_boxes.possible_values,
            extreme_boxes._table,
            extreme_boxes.possible_values,
        ):
            fn.cache_clear()
