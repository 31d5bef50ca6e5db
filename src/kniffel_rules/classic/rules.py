"""The rule set of classic Kniffel: the rulebook's defaults and the house rules."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from kniffel_rules._common import RuleSet, check_bool, check_choice, check_int
from kniffel_rules._i18n import N_
from kniffel_rules.errors import InvalidStateError

__all__ = ["FIXED_TABLE_FIRST", "JOKER_MODES", "RANKINGS", "JokerMode", "Ranking", "Rules"]

JokerMode = Literal["schmidt", "forced", "free", "none"]
Ranking = Literal["total", "placement", "placement_fixed"]

JOKER_MODES: tuple[JokerMode, ...] = ("schmidt", "forced", "free", "none")
"""The accepted values of `Rules.joker`."""

RANKINGS: tuple[Ranking, ...] = ("total", "placement", "placement_fixed")
"""The accepted values of `Rules.ranking`."""

FIXED_TABLE_FIRST = 8
"""First place's points on the rulebook's fixed placement table (8, 7, 6, ...; CL-54)."""


def _only_croatian(inst: Any, attr: attrs.Attribute[Any], value: bool) -> None:
    """An attrs validator: ``croatian_floor`` only on the Croatian sheet (CL-53)."""
    if value and not inst.croatian:
        raise InvalidStateError(
            f"rules.{attr.name}", N_("applies to the Croatian sheet only: set croatian too")
        )


@attrs.frozen(slots=True, kw_only=True)
class Rules(RuleSet):
    """The rules of a classic Kniffel game (frozen; the defaults are the rulebook).

    Every option is documented with its clause id on ``docs/rules/classic.md``.

    Attributes:
        joker: What an extra Kniffel may be entered as (CL-17..CL-22,
            CL-40..CL-44):
            ``"schmidt"`` (default: the printed rules; the matching upper
            box first, else a joker in the lower section, else strike an
            upper box; the extra bonus only for an entry in the upper box),
            ``"forced"`` (strict US Yahtzee: the same order, the bonus
            wherever it goes), ``"free"`` (Verhoeff's convention: any open
            box) or ``"none"`` (no joker; the roll scores naturally).
        extra_kniffel_bonus: Points for each extra Kniffel that earns the
            bonus (50; US Yahtzee: 100; 0 switches the bonus off).
        extra_bonus_requires_fifty: The bonus is only earned while the
            Kniffel box holds its full value (not a struck 0).
        kniffel_counts_as_full_house: Five equal dice also score as a Full
            House (a common house rule; the rulebook says "three of one and
            two of another" value).
        full_cup: "Voller Becher" / St. Galler variant: no die may be kept.
        croatian: The Croatian variant: Maximum and Minimum replace the
            lower section; its worth is (Maximum - Minimum) x Ones.
        croatian_floor: The Croatian lower section is worth at least 0: a
            negative product counts 0 (the rulebook calls it "the bonus
            won"; CL-53). Only with ``croatian``.
        games: The number of games in the series.
        ranking: ``"total"`` (sum of all games' totals, the original),
            ``"placement"`` (each game awards N, N-1, ... points by place, N
            the number of players; CL-28) or ``"placement_fixed"`` (the
            rulebook's fixed table: 8, 7, 6, ... points by place, 0 from the
            ninth place on; CL-54).
        upper_bonus: The bonus for a full upper section (35).
        upper_bonus_threshold: The upper sum that earns it (63).
        full_house_score: The value of a Full House (25).
        small_straight_score: The value of a small straight (30).
        large_straight_score: The value of a large straight (40).
        kniffel_score: The value of a Kniffel (50).
    """

    joker: JokerMode = attrs.field(default="schmidt", validator=check_choice(JOKER_MODES))
    extra_kniffel_bonus: int = attrs.field(default=50, validator=check_int(0, 10_000))
    extra_bonus_requires_fifty: bool = attrs.field(default=True, validator=check_bool)
    kniffel_counts_as_full_house: bool = attrs.field(default=False, validator=check_bool)
    full_cup: bool = attrs.field(default=False, validator=check_bool)
    croatian: bool = attrs.field(default=False, validator=check_bool)
    croatian_floor: bool = attrs.field(default=False, validator=[check_bool, _only_croatian])
    games: int = attrs.field(default=1, validator=check_int(1, 1_000))
    ranking: Ranking = attrs.field(default="total", validator=check_choice(RANKINGS))
    upper_bonus: int = attrs.field(default=35, validator=check_int(0, 10_000))
    upper_bonus_threshold: int = attrs.field(default=63, validator=check_int(0, 106))
    full_house_score: int = attrs.field(default=25, validator=check_int(0, 10_000))
    small_straight_score: int = attrs.field(default=30, validator=check_int(0, 10_000))
    large_straight_score: int = attrs.field(default=40, validator=check_int(0, 10_000))
    kniffel_score: int = attrs.field(default=50, validator=check_int(1, 10_000))

    @property
    def placement_first(self) -> int | None:
        """First place's placement points: 8 on the fixed table, ``None`` for N (the players)."""
        return FIXED_TABLE_FIRST if self.ranking == "placement_fixed" else None
