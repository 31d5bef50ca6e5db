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
    import sys

    import pytest

    from kniffel_rules._memo import forget_memos

    @pytest.fixture(autouse=True)
    def _fresh_caches() -> None:
        """Empty the library's caches and memo tables, so a mutant in code that fills them shows."""
        forget_memos()
        for name, module in list(sys.modules.items()):
            if not name.startswith("kniffel_rules"):
                continue
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
