"""`kniffel_rules._fields.OpenBoxes`: the open boxes' actions, remembered for the last sheet.

The games' fast listings (classic, Extreme and the box-sheet games) ask it
for the ``Score`` actions of a sheet's open boxes; it remembers its last
answer by the identity of the two tuples, so it must never answer for
another pair of tuples, whatever was asked before.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules._fields import OpenBoxes

_ENTRIES = st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=1, max_size=15)


def _naive(every: tuple[str, ...], entries: tuple[int | None, ...]) -> tuple[str, ...]:
    return tuple(item for item, entry in zip(every, entries, strict=True) if entry is None)


@given(st.lists(_ENTRIES, min_size=1, max_size=6), st.data())
def test_every_answer_is_the_open_boxes_of_the_tuples_asked(
    sheets: list[list[int | None]], data: st.DataObject
) -> None:
    open_boxes = OpenBoxes()
    tables: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    asked: list[tuple[tuple[str, ...], tuple[int | None, ...]]] = []
    for sheet in sheets:
        n = len(sheet)
        # two score tables of the same length: the same entries against either
        first, second = tables.setdefault(
            n, (tuple(f"a{i}" for i in range(n)), tuple(f"b{i}" for i in range(n)))
        )
        entries = tuple(sheet)
        asked += [(first, entries), (second, entries)]
    for _ in range(3 * len(asked)):
        every, entries = data.draw(st.sampled_from(asked))
        assert open_boxes(every, entries) == _naive(every, entries)


def test_a_repeated_question_gets_the_same_tuple_back() -> None:
    open_boxes = OpenBoxes()
    every, entries = ("x", "y", "z"), (None, 3, None)
    first = open_boxes(every, entries)
    assert first == ("x", "z")
    assert open_boxes(every, entries) is first
    # equal but not the same entries: asked afresh, the same answer
    equal = entries[:1] + entries[1:]  # built anew, not the folded constant
    assert equal == entries
    assert equal is not entries
    again = open_boxes(every, equal)
    assert again == first
