"""The solver's view of the rules is classic's own: entries, jokers, positions.

The solver (and the advisor) read an ordinary roll as "any open box, at its
natural value, no bonus", and take every extra Kniffel's entries from
``classic.legality.check_entry`` on a sheet with struck boxes. Here both are checked
against ``check_entry`` on realistic sheets (filled boxes holding random
possible values), in every joker mode and with changed box values.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kniffel_rules.bots.optimal import _multisets as ms
from kniffel_rules.bots.optimal._model import KNIFFEL_BIT, Model
from kniffel_rules.classic import Box, Rules, Sheet
from kniffel_rules.classic.combinations import possible_values
from kniffel_rules.classic.legality import Entry, check_entry
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.classic.rules import JOKER_MODES
from kniffel_rules.dice import all_multisets, sub_multisets

RULE_SETS = [
    Rules(joker=joker, extra_kniffel_bonus=bonus, extra_bonus_requires_fifty=fifty)
    for joker in JOKER_MODES
    for bonus in (0, 100)
    for fifty in (True, False)
] + [
    Rules(
        kniffel_counts_as_full_house=True,
        full_house_score=20,
        small_straight_score=25,
        large_straight_score=35,
        kniffel_score=60,
        upper_bonus=50,
        upper_bonus_threshold=70,
    ),
    Rules(full_cup=True, joker="forced"),
]
MODELS = {rules: Model(rules, flags=2) for rules in RULE_SETS}


@st.composite
def sheets(draw: st.DrawFn, rules: Rules) -> tuple[int, Sheet]:
    """A mask and a sheet with those boxes holding values they can hold."""
    mask = draw(st.integers(0, (1 << len(BOXES)) - 2))
    entries: list[int | None] = [None] * len(Box)
    for i, box in enumerate(BOXES):
        if mask >> i & 1:
            entries[box.value] = draw(st.sampled_from(sorted(possible_values(box, rules))))
    return mask, Sheet(tuple(entries))


@settings(max_examples=150)
@given(data=st.data(), rules=st.sampled_from(RULE_SETS), roll=st.sampled_from(ms.ROLLS))
def test_ordinary_rolls_go_in_any_open_box_at_their_natural_value(
    data: st.DataObject, rules: Rules, roll: tuple[int, ...]
) -> None:
    mask, sheet = data.draw(sheets(rules))
    model = MODELS[rules]
    extra = roll[0] == roll[4] and mask >> KNIFFEL_BIT & 1
    for i, box in enumerate(BOXES):
        got = check_entry(sheet, roll, box, rules)
        if mask >> i & 1:
            assert not isinstance(got, Entry)
        elif not extra:
            assert got == Entry(model.natural[i][ms.ROLL_INDEX[roll]])


@settings(max_examples=150)
@given(data=st.data(), rules=st.sampled_from(RULE_SETS), face=st.integers(1, 6))
def test_extra_kniffel_entries_are_check_entry_on_any_sheet(
    data: st.DataObject, rules: Rules, face: int
) -> None:
    mask, sheet = data.draw(sheets(rules))
    mask |= 1 << KNIFFEL_BIT
    assume(mask != (1 << len(BOXES)) - 1)  # the Kniffel box was the only open one: no turn left
    kniffel = data.draw(st.sampled_from([0, rules.kniffel_score]))
    entries = list(sheet.entries)
    entries[Box.KNIFFEL.value] = kniffel
    sheet = Sheet(tuple(entries))
    dice = (face,) * 5
    expected = []
    for i, box in enumerate(BOXES):
        got = check_entry(sheet, dice, box, rules)
        if isinstance(got, Entry):
            expected.append((i, got.value, got.bonus))
    options = MODELS[rules].extra_options(mask, int(kniffel == rules.kniffel_score))
    assert options[face - 1] == tuple(expected)
    assert expected  # some box always takes the roll


def test_upper_sums_reachable_are_those_of_real_entries() -> None:
    model = Model(Rules())
    reach = [model.reach(mask) for mask in range(64)]
    assert reach[0] == (0,)
    assert reach[1] == (0, 1, 2, 3, 4, 5)
    assert reach[63][-1] == 63
    assert sum(len(r) for r in reach) == 2794  # 536,448 positions with the Kniffel flag
    assert model.reach(0b1111111000000) == (0,)  # the lower boxes leave the upper sum alone
    zero = Model(Rules(upper_bonus_threshold=0))
    assert [zero.reach(mask) for mask in range(64)] == [(0,)] * 64


def test_multiset_tables() -> None:
    assert ms.SIZE_COUNT == (1, 6, 21, 56, 126, 252)
    assert all_multisets(5) == ms.ROLLS
    assert abs(sum(ms.ROLL_PROBS) - 1) < 1e-12
    for k in range(5):
        for f in range(6):
            for i, m in enumerate(all_multisets(k)):
                child = all_multisets(k + 1)[ms.CHILDREN[k][f][i]]
                assert child == tuple(sorted((*m, f + 1)))
    for k in range(1, 6):
        for i, m in enumerate(all_multisets(k)):
            parents = {all_multisets(k - 1)[ms.PARENTS[k][s][i]] for s in range(5)}
            assert parents == {m[:j] + m[j + 1 :] for j in range(k)}
    for r, roll in enumerate(ms.ROLLS):
        keeps = [ms.MULTISETS[k] for k in ms.KEEPS[r]]
        assert keeps == [s for s in sub_multisets(roll) if len(s) < 5]
