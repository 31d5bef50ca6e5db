"""One integer check: action fields, rules options, JSON documents and command-line numbers.

``_fields.check_int`` is the library's only integer check; the attrs
validators, the JSON readers, the card game's hand-built views and the
command line's number reader are thin adapters around it (a seat is
`_fields.check_seat`, one check for every game's ``player`` and
``first_player`` and a record's seats), so the same
bad value is refused with the same words wherever it comes from (issue 27).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import kniffel_rules
from kniffel_rules import InvalidStateError, cards, classic
from kniffel_rules._json import get_int
from kniffel_rules.cli.arguments import number


class _Seat(enum.IntEnum):
    ONE = 1


_VIEW = cards.observation(cards.new_game(players=2), 0)


def _seen(**changes: Any) -> object:
    """The legal actions of a card-game view with ``changes`` (checked when it is read)."""
    return cards.legal_actions(attrs.evolve(_VIEW, **changes))


def _readers(value: Any) -> list[tuple[Callable[[], object], str]]:
    return [
        (lambda: cards.StartPlayer(value), "seat"),
        (lambda: classic.Rules(games=value), "rules.games"),
        (lambda: get_int({"n": value}, "n", "doc", 1, 3), "doc.n"),
        (lambda: _seen(round=value), "observation.round"),
    ]


@pytest.mark.parametrize(
    ("value", "detail"),
    [
        (True, "expected an integer, got bool"),
        (1.0, "expected an integer, got float"),
        ("1", "expected an integer, got str"),
        (None, "expected an integer, got null"),
        (_Seat.ONE, "expected an integer, got _Seat"),  # equal to 1, but not an int
    ],
)
def test_a_non_integer_is_refused_alike_everywhere(value: object, detail: str) -> None:
    for call, path in _readers(value):
        with pytest.raises(InvalidStateError) as info:
            call()
        assert (info.value.path, info.value.detail) == (path, detail)


def test_a_number_out_of_range_is_refused_alike_everywhere() -> None:
    cases: list[tuple[Callable[[], object], str, str]] = [
        (lambda: cards.StartPlayer(-1), "seat", "-1 is below the minimum 0"),
        (lambda: classic.Rules(games=0), "rules.games", "0 is below the minimum 1"),
        (lambda: classic.Rules(games=1001), "rules.games", "1001 is above the maximum 1000"),
        (lambda: get_int({"n": 0}, "n", "doc", 1, 3), "doc.n", "0 is below the minimum 1"),
        (lambda: number("4", "--n", 1, 3), "--n", "4 is above the maximum 3"),
        (lambda: _seen(round=-1), "observation.round", "-1 is below the minimum 0"),
    ]
    for call, path, detail in cases:
        with pytest.raises(InvalidStateError) as info:
            call()
        assert (info.value.path, info.value.detail) == (path, detail)


@pytest.mark.parametrize("player", [True, 1.0, "0", None, -1, 2, 10**30])
@pytest.mark.parametrize("variant", ["classic", "cards"])
def test_a_seat_is_refused_alike_in_every_game(variant: str, player: Any) -> None:
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(InvalidStateError) as info:
        game.observation(game.new_game(players=2), player)
    expected = ("player", f"expected a seat 0..1, got {player!r}")
    assert (info.value.path, info.value.detail) == expected


@pytest.mark.parametrize("player", [True, 1.0, "0", None, -1, 2, 10**30])
def test_the_duel_asks_for_a_seat_in_the_same_words(player: Any) -> None:
    from kniffel_rules import duel
    from kniffel_rules.duel.legality import has_won

    state = duel.new_game(["Ann", "Ben"], first_player=0)
    expected = ("player", f"expected a seat 0..1, got {player!r}")
    for ask in (lambda: state.secured(player), lambda: has_won(state.board, player, state.rules)):
        with pytest.raises(InvalidStateError) as info:
            ask()
        assert (info.value.path, info.value.detail) == expected


@pytest.mark.parametrize("first", [True, 1.0, "0", -1, 2, 10**30])
@pytest.mark.parametrize("variant", kniffel_rules.VARIANTS)
def test_a_first_player_is_refused_alike_in_every_game(variant: str, first: Any) -> None:
    """``new_game(first_player=...)`` (the roll-off's start, the card game's) and records' seats."""
    game = kniffel_rules.get_variant(variant)
    with pytest.raises(InvalidStateError) as info:
        game.new_game(players=2, first_player=first)
    expected = ("first_player", f"expected a seat 0..1, got {first!r}")
    assert (info.value.path, info.value.detail) == expected
