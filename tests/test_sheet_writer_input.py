"""A score-sheet writer and the Yatzy solver's sheet refuse what is not theirs, by name.

``write_sheet(record)`` of every game with a score sheet read ``record.initial``
unchecked: junk (``None``, a state, an action) raised AttributeError, an
``actions`` that is no sequence TypeError. ``yatzy.solitaire(rules)`` read
``rules.forced_order`` unchecked. Each is now an `InvalidStateError` naming
the argument, and a record of another game is refused before any replay.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import VARIANTS, GameRecord, get_variant, random_policy, record, yatzy
from kniffel_rules.errors import InvalidStateError

SHEET_GAMES = tuple(name for name in VARIANTS if get_variant(name).INFO.score_sheet)

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(object()),
    st.just(random.Random(1)),
)


def _recorded(name: str) -> GameRecord:
    return record(name, [random_policy, random_policy], seed=5)


def test_every_game_with_a_score_sheet_is_covered() -> None:
    assert {"classic", "extreme", "yatzy"} <= set(SHEET_GAMES)
    assert all(hasattr(get_variant(name), "write_sheet") for name in SHEET_GAMES)


@pytest.mark.parametrize("name", SHEET_GAMES)
@given(junk=JUNK)
def test_write_sheet_refuses_junk_as_the_record(name: str, junk: Any) -> None:
    game: Any = get_variant(name)
    with pytest.raises(InvalidStateError) as caught:
        game.write_sheet(junk)
    assert caught.value.path == "record"
    assert "recorded by kniffel_rules.record" in caught.value.detail


@pytest.mark.parametrize("name", SHEET_GAMES)
def test_write_sheet_refuses_states_actions_and_records_of_other_games(name: str) -> None:
    game: Any = get_variant(name)
    own = _recorded(name)
    for other in VARIANTS:
        theirs = _recorded(other)
        offered: list[object] = [theirs.initial, theirs.final, theirs.actions[0]]
        if other != name:
            offered.append(theirs)
        for thing in offered:
            with pytest.raises(InvalidStateError) as caught:
                game.write_sheet(thing)
            assert caught.value.path == "record"
    bad_actions = GameRecord(own.initial, 5, own.final, name)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="actions of type int"):
        game.write_sheet(bad_actions)
    assert game.verify_sheet(game.write_sheet(own)).ok  # its own record still writes


@given(junk=JUNK.filter(lambda junk: junk is not None))  # None: the Scandinavian rules
def test_yatzy_solitaire_refuses_junk_as_the_rules(junk: Any) -> None:
    with pytest.raises(InvalidStateError) as caught:
        yatzy.solitaire(junk)
    assert caught.value.path == "rules"


def test_yatzy_solitaire_and_score_read_the_rules_they_are_given() -> None:
    four = (2, 5, 5, 5, 5)
    house = yatzy.Rules(four_of_a_kind_counts_as_two_pairs=True)
    assert yatzy.score(yatzy.Box.TWO_PAIRS, four) == 0
    assert yatzy.score(yatzy.Box.TWO_PAIRS, four, house) == 20
    box = yatzy.Box.TWO_PAIRS.value
    rulebook = yatzy.solitaire(yatzy.Rules())
    assert yatzy.solitaire().points(box, four) == rulebook.points(box, four) == 0
    assert yatzy.solitaire(house).points(box, four) == 20
    assert yatzy.solitaire(yatzy.Rules(forced_order=True)).forced_order
