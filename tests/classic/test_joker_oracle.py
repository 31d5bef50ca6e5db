"""The joker rules against an oracle written from RULINGS.md's words alone.

Random sheets (random boxes filled with random values a Score can enter) and random
final rolls, weighted towards extra Kniffels, in every joker mode: the boxes
``legal_actions`` offers and the values and bonuses ``apply`` writes must be
exactly the oracle's.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classic.helpers import position
from kniffel_rules.classic import Box, Rules, Score, apply, legal_actions
from kniffel_rules.classic.combinations import entry_values
from kniffel_rules.classic.pieces import BOXES, LOWER, UPPER
from kniffel_rules.classic.rules import JOKER_MODES

FIXED = {Box.FULL_HOUSE: 25, Box.SMALL_STRAIGHT: 30, Box.LARGE_STRAIGHT: 40}


def natural(box: Box, d: tuple[int, ...]) -> int:
    s, kinds = sum(d), max(d.count(f) for f in d)
    if box.face is not None:
        return box.face * d.count(box.face)
    return {
        Box.THREE_OF_A_KIND: s if kinds >= 3 else 0,
        Box.FOUR_OF_A_KIND: s if kinds >= 4 else 0,
        Box.FULL_HOUSE: 25 if sorted(d.count(f) for f in set(d)) == [2, 3] else 0,
        Box.SMALL_STRAIGHT: 30 if any({a, a + 1, a + 2, a + 3} <= set(d) for a in (1, 2, 3)) else 0,
        Box.LARGE_STRAIGHT: 40 if len(set(d)) == 5 and max(d) - min(d) == 4 else 0,
        Box.KNIFFEL: 50 if kinds == 5 else 0,
        Box.CHANCE: s,
    }[box]


def oracle(entries: dict[Box, int], d: tuple[int, ...], rules: Rules) -> dict[Box, tuple[int, int]]:
    """Allowed boxes -> (value, bonus), straight from the ruling's text."""
    open_ = [b for b in BOXES if b not in entries]
    extra = len(set(d)) == 1 and Box.KNIFFEL in entries
    if not extra:
        return {b: (natural(b, d), 0) for b in open_}
    earns = (
        rules.extra_kniffel_bonus
        if (entries[Box.KNIFFEL] == 50 or not rules.extra_bonus_requires_fifty)
        else 0
    )
    match = UPPER[d[0] - 1]
    if rules.joker == "none":
        return {b: (natural(b, d), earns) for b in open_}
    if rules.joker == "free":
        if match not in entries:
            return {b: (natural(b, d), earns) for b in open_}
        return {b: (FIXED.get(b, natural(b, d)), earns) for b in open_}
    bonus_anywhere = earns if rules.joker == "forced" else 0
    if match not in entries:
        return {match: (5 * d[0], earns)}
    lower_open = [b for b in open_ if b in LOWER]
    if lower_open:
        return {b: (FIXED.get(b, sum(d)), bonus_anywhere) for b in lower_open}
    return dict.fromkeys(open_, (0, bonus_anywhere))


@st.composite
def situations(draw: st.DrawFn) -> tuple[dict[Box, int], tuple[int, ...], Rules]:
    rules = Rules(
        joker=draw(st.sampled_from(JOKER_MODES)),
        extra_kniffel_bonus=draw(st.sampled_from([0, 50, 100])),
        extra_bonus_requires_fifty=draw(st.booleans()),
    )
    filled = draw(st.lists(st.sampled_from(BOXES), unique=True, max_size=12))
    # What a Score can enter: never a struck 0 in Chance, where the dice always count.
    entries = {b: draw(st.sampled_from(sorted(entry_values(b, rules)))) for b in filled}
    if draw(st.integers(0, 3)):
        face = draw(st.integers(1, 6))
        d: tuple[int, ...] = (face,) * 5
        if draw(st.booleans()):
            entries[Box.KNIFFEL] = draw(st.sampled_from([0, 50]))
    else:
        d = tuple(sorted(draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))))
    if len(entries) == 13:
        entries.pop(next(iter(entries)))
    return entries, d, rules


@pytest.mark.rule("CL-17", "CL-18", "CL-19", "CL-20", "CL-21", "CL-22", "CL-41", "CL-42", "CL-43")
@given(situations())
def test_engine_agrees_with_the_oracle(sit: tuple[dict[Box, int], tuple[int, ...], Rules]) -> None:
    entries, d, rules = sit
    state = position(entries, dice=d, rules=rules, rolls=3)
    expected = oracle(entries, d, rules)
    offered = [a.box for a in legal_actions(state) if isinstance(a, Score)]
    assert offered == [b for b in BOXES if b in expected]  # sheet order
    for box, (value, bonus) in expected.items():
        sheet = apply(state, Score(box)).sheets[0]
        assert (sheet[box], sheet.extra_bonus) == (value, bonus)
