"""The card game's fast paths (issue 17) agree exactly with the code they short-cut."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from kniffel_rules import CHANCE
from kniffel_rules import cards as C
from kniffel_rules.cards._plays import fast_plays
from kniffel_rules.cards.combinations import plays
from kniffel_rules.cards.legality import _may_combine, _play_objects
from kniffel_rules.cards.pieces import BLUE_BOARD, CARDS, RED_BOARD, BoardRow
from kniffel_rules.cards.state import State, _evolve


def _hands(seed: int, count: int) -> list[tuple[C.Card, ...]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        k = rng.randrange(0, 14)
        out.append(tuple(sorted(rng.sample(CARDS, k), key=lambda c: c.index)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_may_combine_is_whether_plays_lists_anything(seed: int) -> None:
    for hand in _hands(seed, 2500):
        assert _may_combine(hand) == bool(plays(hand)), hand


def test_may_combine_on_the_edges() -> None:
    def cards(*specs: tuple[int, str]) -> tuple[C.Card, ...]:
        return tuple(sorted((C.Card(v, c) for v, c in specs), key=lambda c: c.index))

    one_pair = cards((4, "red"), (4, "blue"), (7, "red"), (9, "green"), (12, "yellow"))
    assert not _may_combine(one_pair)
    assert _may_combine(cards((4, "red"), (4, "blue"), (9, "red"), (9, "green")))
    assert _may_combine(cards((4, "red"), (4, "blue"), (4, "green")))
    assert not _may_combine(cards((4, "red"), (4, "blue")))
    assert _may_combine(cards(*((v, "blue") for v in (1, 3, 6, 9, 12))))
    assert not _may_combine(cards(*((v, "blue") for v in (1, 3, 6, 9)), (12, "red")))
    assert _may_combine(cards((9, "red"), (10, "blue"), (11, "red"), (12, "green"), (13, "red")))
    assert not _may_combine(
        cards((10, "red"), (11, "blue"), (12, "red"), (13, "green"), (1, "yellow"))
    )


@pytest.mark.parametrize("seed", range(2))
def test_the_listed_plays_are_the_constructed_ones(seed: int) -> None:
    for hand in _hands(100 + seed, 600):
        listed = [p for _, group in _play_objects(hand) for p in group]
        built = [C.Play(combo, cards) for combo, cards in plays(hand)]
        assert listed == built
        for a, b in zip(listed, built, strict=True):
            assert a.combination is b.combination
            assert all(x is y for x, y in zip(a.cards, b.cards, strict=True))
            assert repr(a) == repr(b) and hash(a) == hash(b)


@pytest.mark.parametrize("seed", range(3))
def test_fast_plays_are_plays(seed: int) -> None:
    rng = random.Random(200 + seed)
    for t in range(4000):
        if t % 2:
            pool = list(CARDS)
        else:  # few values: Full Houses, Kniffels, many Two pairs
            kept = rng.sample(range(1, 14), rng.randrange(1, 8))
            pool = [c for c in CARDS if c.value in kept]
        k = min(rng.randrange(0, 16), len(pool))
        hand = tuple(sorted(rng.sample(pool, k), key=lambda c: c.index))
        fast, slow = fast_plays(hand), plays(hand)
        assert fast == slow, hand
        for (c1, cs1), (c2, cs2) in zip(fast, slow, strict=True):
            assert c1 is c2 and all(x is y for x, y in zip(cs1, cs2, strict=True))
    unsorted = (CARDS[20], CARDS[21], CARDS[22], CARDS[1], CARDS[0])
    assert fast_plays(unsorted) == plays(unsorted)


def _levels_by_walking(row: BoardRow, tokens: int) -> int:
    starts = [0]
    for s in row.spaces:
        starts.append(starts[-1] + s)
    n = 0
    while n < len(row.spaces) and starts[n + 1] <= tokens:
        n += 1
    return n


@pytest.mark.parametrize(
    "row",
    [
        *BLUE_BOARD.rows,
        *RED_BOARD.rows,
        BoardRow((1,), (0, 5)),
        BoardRow((3, 1, 2, 3), (1, 2, 3, 4, 5)),
    ],
)
def test_levels_count_the_whole_levels(row: BoardRow) -> None:
    for tokens in range(-3, row.capacity + 4):
        assert row.levels(tokens) == _levels_by_walking(row, tokens)


def test_evolve_is_attrs_evolve() -> None:
    s = C.new_game(["A", "B", "C"], first_player=1)
    values: dict[str, Any] = {
        "hands": ((CARDS[0],), (), (CARDS[5],)),
        "pile": CARDS[10:],
        "display": CARDS[1:3],
        "discards": CARDS[3:4],
        "phase": C.Phase.TURN,
        "player": 2,
        "start_player": 0,
        "round": 7,
        "pending": 3,
        "combination": C.Combination.KNIFFEL,
        "names": ("X", "Y", "Z"),
        "rules": attrs.evolve(s.rules, max_rounds=9),
        "tokens": tuple(reversed(s.tokens)),
    }
    assert _evolve(s) == s
    for field, value in values.items():
        assert _evolve(s, **{field: value}) == attrs.evolve(s, **{field: value})
    assert _evolve(s, **values) == attrs.evolve(s, **values)


def _random_states(seed: int, games: int) -> list[State]:
    rng = random.Random(seed)
    seen = []
    for g in range(games):
        rules = C.Rules(simpler=g % 3 == 1, trickier=g % 3 == 2)
        state = C.new_game(2 + g % 3, rules=rules)
        while True:
            seen.append(state)
            if C.is_terminal(state):
                break
            action: Any
            if C.current_player(state) == CHANCE:
                action = C.sample_chance(state, rng)
            else:
                legal = C.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = C.apply(state, action)
    return seen
