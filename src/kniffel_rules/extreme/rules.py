"""The rule set of Kniffel Extreme."""

from __future__ import annotations

import attrs

from kniffel_rules._common import RuleSet, check_int

__all__ = ["Rules"]


@attrs.frozen(slots=True, kw_only=True)
class Rules(RuleSet):
    """The rules of a Kniffel Extreme game (frozen; the defaults are the rulebook).

    Every option is documented with its clause id on ``docs/rules/extreme.md``.

    Attributes:
        chips: Chips per player for the whole game; each buys a fourth
            roll, at most one per turn (EX-04; the rulebook: 3).
        upper_bonus: The bonus for the upper section (EX-07; 45).
        upper_bonus_threshold: The upper sum that earns it (EX-07; 73).
    """

    chips: int = attrs.field(default=3, validator=check_int(0, 22))
    upper_bonus: int = attrs.field(default=45, validator=check_int(0, 10_000))
    upper_bonus_threshold: int = attrs.field(default=73, validator=check_int(0, 200))
