"""The rule set of Kniffel Master: the rulebook's defaults and the house options."""

from __future__ import annotations

from typing import Any

import attrs

from kniffel_rules._common import check_bool, check_int, rules_from_dict

__all__ = ["Rules"]


@attrs.frozen(slots=True, kw_only=True)
class Rules:
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

    def to_dict(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict of every option."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, doc: Any, path: str = "rules") -> Rules:
        """Read rules from a dict; missing options take their defaults.

        Args:
            doc: A mapping of option names to values.
            path: The field path used in error messages.

        Returns:
            The rules.

        Raises:
            InvalidStateError: Not a mapping, an unknown option or a bad value.
        """
        return rules_from_dict(cls, doc, path)
