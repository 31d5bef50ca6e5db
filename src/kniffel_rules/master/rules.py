"""The rule set of Kniffel Master: the rulebook's defaults and the house options."""

from __future__ import annotations

import attrs

from kniffel_rules._common import RuleSet, check_bool, check_int

__all__ = ["Rules"]


@attrs.frozen(slots=True, kw_only=True)
class Rules(RuleSet):
    """The rules of a Kniffel Master game (frozen; the defaults are the rulebook).

    Every option is documented with its ruling id on ``docs/rules/master.md``.

    Attributes:
        target_stars: The number of stars that triggers the last round (15,
            MA-20). A smaller number gives a shorter game.
        race: Whether the race bonus is paid (MA-19): 2 coins to the first
            player to fulfil a task or complete a number row, 1 coin to the
            second. In a solitaire game the single player is always first
            (MA-49); ``race=False`` switches the bonus off.
    """

    target_stars: int = attrs.field(default=15, validator=check_int(1, 100))
    race: bool = attrs.field(default=True, validator=check_bool)
