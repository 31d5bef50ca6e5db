"""The rule set of Kniffel: Das Duell: the rulebook's defaults and the options."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from kniffel_rules._common import check_choice, check_int, rules_from_dict

__all__ = ["ADJACENCIES", "Adjacency", "Rules"]

Adjacency = Literal["linear", "within_parts"]

ADJACENCIES: tuple[Adjacency, ...] = ("linear", "within_parts")
"""The accepted values of `Rules.adjacency`."""


@attrs.frozen(slots=True, kw_only=True)
class Rules:
    """The rules of a Duell game or match (frozen; the defaults are the rulebook).

    Every option is documented with its clause id on ``docs/rules/duel.md``.

    Attributes:
        adjacency: Which secured discs count as adjacent for the
            three-in-a-row win (DU-46): ``"linear"`` (default: along the
            board order across both parts, so Sixes and Four of a kind are
            neighbours) or ``"within_parts"`` (Ones..Sixes and the special
            rolls are two separate rows).
        match_wins: The games needed to win the match (DU-47): 1 (default,
            a single game); the rulebook suggests 3.
    """

    adjacency: Adjacency = attrs.field(default="linear", validator=check_choice(ADJACENCIES))
    match_wins: int = attrs.field(default=1, validator=check_int(1, 1_000))

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
