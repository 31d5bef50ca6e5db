"""The rule set of Kniffel: Das Duell: the rulebook's defaults and the options."""

from __future__ import annotations

from typing import Literal

import attrs

from kniffel_rules._common import RuleSet, check_choice, check_int

__all__ = ["ADJACENCIES", "Adjacency", "Rules"]

Adjacency = Literal["linear", "within_parts"]

ADJACENCIES: tuple[Adjacency, ...] = ("linear", "within_parts")
"""The accepted values of `Rules.adjacency`."""


@attrs.frozen(slots=True, kw_only=True)
class Rules(RuleSet):
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
