"""What reachable classic states satisfy beyond their fields' ranges (used by ``from_json``).

Two relations between values that `new_game`/`apply` always keep and a
document may break (``docs/rules/classic.md``, "Reachable states"):

* the extra-Kniffel bonus of a sheet: each bonus is earned by an extra
  Kniffel entered in a box of its own, and the value it leaves there is one
  that `kniffel_rules.classic.legality._entry` gives with a bonus
  (`bonus_hosts`, derived from the engine's rule, not written twice);
* a finished game's total: one that some full sheet can have under the rules
  (`final_totals`, exact up to the order in which the boxes were filled).

Both are cached per rule set (bounded: a rules document is user input).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from kniffel_rules._i18n import N_, Text
from kniffel_rules.classic.combinations import entry_values
from kniffel_rules.classic.legality import _entry, entry_problem
from kniffel_rules.classic.pieces import LOWER, UPPER, Box, layout, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Sheet
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "JOKER_RULE",
    "FinalTotals",
    "bonus_hosts",
    "check_extra_bonus",
    "extra_bonus_problem",
    "final_totals",
]

_KNIFFEL = Box.KNIFFEL.value


@lru_cache(maxsize=64)
def bonus_hosts(rules: Rules) -> tuple[frozenset[int], ...]:
    """The values an extra Kniffel that earns the bonus can leave in each box (by ``Box.value``).

    Empty for the Kniffel box itself, for boxes off the sheet, and for every
    box when the rules pay no extra bonus (Croatian, ``extra_kniffel_bonus=0``).
    Found by asking `entry_problem` and `_entry` in every situation they
    distinguish (Kniffel box 50 or struck, matching upper box open or
    filled, lower section open or full).
    """
    return _bonus_hosts(rules)


def _bonus_hosts(rules: Rules) -> tuple[frozenset[int], ...]:
    hosts: list[set[int]] = [set() for _ in Box]
    if rules.croatian or rules.extra_kniffel_bonus == 0:
        return tuple(frozenset(h) for h in hosts)
    boxes = [b for b in sheet_boxes(rules) if b is not Box.KNIFFEL]
    for kniffel in {0, rules.kniffel_score}:
        for face in range(1, 7):
            dice = (face,) * 5
            match = UPPER[face - 1]
            for box in boxes:
                for match_filled in (False, True):
                    if match_filled and box is match:
                        continue
                    for lower_full in (False, True):
                        entries: list[int | None] = [None] * len(Box)
                        entries[_KNIFFEL] = kniffel
                        if match_filled:
                            entries[match.value] = 0
                        if lower_full:
                            for b in LOWER:
                                if b is not box and b is not Box.KNIFFEL:
                                    entries[b.value] = 0
                        sheet = Sheet(tuple(entries))
                        if entry_problem(sheet, dice, box, rules) is None:
                            made = _entry(sheet, dice, box, rules)
                            if made.bonus:
                                hosts[box.value].add(made.value)
    return tuple(frozenset(h) for h in hosts)


JOKER_RULE: Final[Mapping[str, str]] = {
    "schmidt": "CL-18",
    "forced": "CL-41",
    "free": "CL-42",
    "none": "CL-43",
}
"""The clause id of each joker mode (where an extra Kniffel may go), for its refusals."""


def extra_bonus_problem(entries: tuple[int | None, ...], bonus: int, rules: Rules) -> str | None:
    """Why no game under ``rules`` credits ``bonus`` extra-Kniffel points to this sheet.

    The bonus must be a non-negative multiple of ``rules.extra_kniffel_bonus``
    (none on the Croatian sheet or with the bonus off); it needs the Kniffel
    box filled, holding its full value under ``extra_bonus_requires_fifty``;
    and no more bonuses than filled boxes (other than Kniffel) holding a
    value such an extra Kniffel leaves (`bonus_hosts`: under ``"schmidt"``
    only an upper box holding five times its face).

    Args:
        entries: The sheet's entries by `Box` value (``None`` for open).
        bonus: The extra-Kniffel bonus points credited.
        rules: The rules of the game.

    Returns:
        ``None`` when some game gives this bonus, else the reason, naming the
        clause of ``docs/rules/classic.md``.
    """
    if bonus < 0:
        return Text.of(N_("{bonus} is negative: bonuses are points won"), bonus=bonus)
    if not bonus:
        return None
    if rules.croatian:
        return Text.of(N_("the Croatian sheet pays no extra-Kniffel bonus (CL-31)"))
    step = rules.extra_kniffel_bonus
    if step == 0:
        return Text.of(
            N_("these rules pay no extra-Kniffel bonus: extra_kniffel_bonus is 0 (CL-44)")
        )
    if bonus % step:
        return Text.of(
            N_("{bonus} is not a multiple of {step}, the bonus of one extra Kniffel (CL-44)"),
            bonus=bonus,
            step=step,
        )
    kniffel = entries[_KNIFFEL]
    if kniffel is None:
        return Text.of(N_("an extra Kniffel needs the Kniffel box filled first (CL-17)"))
    if rules.extra_bonus_requires_fifty and kniffel != rules.kniffel_score:
        return Text.of(
            N_(
                "no extra-Kniffel bonus while the Kniffel box holds {kniffel}: the bonus needs "
                "{score} there (CL-22)"
            ),
            kniffel=kniffel,
            score=rules.kniffel_score,
        )
    hosts = bonus_hosts(rules)
    room = sum(1 for b, v in enumerate(entries) if v is not None and v in hosts[b])
    if bonus // step > room:
        template = (
            N_(
                "{bonus} is {kniffels}, and each that earns the bonus is entered in its upper "
                "box at five times the face ({rule}): such a value stands in only {boxes}"
            )
            if rules.joker == "schmidt"
            else N_(
                "{bonus} is {kniffels}, and each that earns the bonus leaves a value of its "
                "own in a box ({rule}): such a value stands in only {boxes}"
            )
        )
        return Text.of(
            template,
            bonus=bonus,
            kniffels=Text.counted(bonus // step, N_("{n} extra Kniffel"), N_("{n} extra Kniffels")),
            rule=JOKER_RULE[rules.joker],
            boxes=Text.counted(room, N_("{n} filled box"), N_("{n} filled boxes")),
        )
    return None


def check_extra_bonus(entries: tuple[int | None, ...], bonus: int, rules: Rules, path: str) -> None:
    """Refuse an extra-Kniffel bonus that no game gives this sheet (path ``path``).

    The reasons are those of `extra_bonus_problem`.

    Raises:
        InvalidStateError: The bonus breaks one of them.
    """
    problem = extra_bonus_problem(entries, bonus, rules)
    if problem is not None:
        raise InvalidStateError(path, problem)


class FinalTotals:
    """The totals a full sheet can have under one rule set (see `final_totals`).

    Attributes:
        lowest: The smallest such total.
        highest: The largest.
    """

    __slots__ = ("_mask", "_offset", "highest", "lowest")

    def __init__(self, totals_mask: int, offset: int) -> None:
        self._mask = totals_mask
        self._offset = offset
        self.lowest = (totals_mask & -totals_mask).bit_length() - 1 - offset
        self.highest = totals_mask.bit_length() - 1 - offset

    def __contains__(self, total: object) -> bool:
        if not isinstance(total, int):
            return False
        bit = total + self._offset
        return bit >= 0 and bool((self._mask >> bit) & 1)


@lru_cache(maxsize=64)
def final_totals(rules: Rules) -> FinalTotals:
    """Every total a finished sheet can have under ``rules``.

    Every combination of box values (`entry_values`) with the upper bonus
    and, for the extra-Kniffel bonus, as many bonuses as boxes holding a
    value such an extra Kniffel leaves (`bonus_hosts`; the Kniffel box at its
    full value under ``extra_bonus_requires_fifty``). Exact except that the
    order of the turns is not followed (a sheet whose bonuses need an
    impossible order is counted).
    """
    return _final_totals(rules)


def _sums(boxes: list[Box], rules: Rules, hosts: tuple[frozenset[int], ...]) -> dict[int, int]:
    """Bit masks of the sums of ``boxes``, by the number of bonus hosts among them."""
    masks = {0: 1}
    for box in boxes:
        nxt: dict[int, int] = {}
        for k, mask in masks.items():
            for v in entry_values(box, rules):
                for kk in {k, k + 1} if v in hosts[box.value] else {k}:
                    nxt[kk] = nxt.get(kk, 0) | (mask << v)
        masks = nxt
    return masks


def _final_totals(rules: Rules) -> FinalTotals:
    sheet = layout(rules)
    if rules.croatian:
        totals: set[int] = set()
        rest = _sums([b for b in UPPER if b is not Box.ONES], rules, bonus_hosts(rules))[0]
        diffs = {
            mx - mn
            for mx in entry_values(Box.MAXIMUM, rules)
            for mn in entry_values(Box.MINIMUM, rules)
        }
        for ones in entry_values(Box.ONES, rules):
            for r in range(rest.bit_length()):
                if rest >> r & 1:
                    up = ones + r
                    base = up + (sheet.bonus if up >= sheet.threshold else 0)
                    # the lower section's worth as the layout counts it (CL-31, CL-53)
                    worths = (ones * d for d in diffs)
                    if sheet.product_floor:
                        worths = (max(w, 0) for w in worths)
                    totals.update(base + w for w in worths)
        offset = -min(totals)
        return FinalTotals(sum(1 << (t + offset) for t in totals), offset)
    hosts = bonus_hosts(rules)
    step = rules.extra_kniffel_bonus
    # A box holding a host value may or may not have been filled by a
    # bonus-earning extra Kniffel: _sums counts both ways.
    upper = _sums(list(UPPER), rules, hosts)
    lower = _sums([b for b in LOWER if b is not Box.KNIFFEL], rules, hosts)
    mask = 0
    for ku, umask in upper.items():
        for u in range(umask.bit_length()):
            if not umask >> u & 1:
                continue
            ut = u + (sheet.bonus if u >= sheet.threshold else 0)
            for kl, lmask in lower.items():
                k = ku + kl
                for kniffel in entry_values(Box.KNIFFEL, rules):
                    if k and rules.extra_bonus_requires_fifty and kniffel != rules.kniffel_score:
                        continue  # no bonus after a struck Kniffel box (CL-22)
                    mask |= lmask << (ut + kniffel + step * k)
    return FinalTotals(mask, 0)
