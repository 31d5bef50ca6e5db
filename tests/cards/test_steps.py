"""Action B step by step (KA-62): `Begin`, then one `Pick` a card; a small action space.

Every node of every reachable state, whatever board `Rules` accepts, has at
most ``hand size + 8`` legal actions (placing tokens: 24); every whole play is exactly one
sequence of decisions and every sequence exactly one whole play; the bots
choose the same whole plays as when a play was one decision.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cards.helpers import card, hand, position, random_nodes, tokens
from kniffel_rules import CHANCE, IllegalActionError, InvalidStateError, record_from_json
from kniffel_rules import cards as C
from kniffel_rules.bots import CardsGreedy, CardsPlanner
from kniffel_rules.cards import Begin, Combination, Phase, Pick, Play, Rules, State
from kniffel_rules.cards.combinations import SIZES, plays
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import _play_problem, hand_limit, steps
from kniffel_rules.cards.pieces import CARDS, Board, BoardRow

rule = pytest.mark.rule
DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
OTHER = hand("yellow 1", "yellow 2")
BOUND = 8  # the documented bound: at most the hand's size + 8 actions (KA-62)
# where a Four of a kind's or Kniffel's tokens go (KA-49): 0..3 from the reserve for each of
# four rows' next level (at most 3 spaces, KA-61), and for Two pairs 0..2 (one column) and 0..4
# (two columns): the hand plays no part there
PLACE_BOUND = 4 * 4 + 3 + 5


def _row(draw: Any, name: str, top: int) -> BoardRow:
    """A row within what `Board` accepts: 1-5 levels of 1-3 spaces, values rising to ``top``."""
    levels = draw(st.integers(1, 5))
    spaces = tuple(draw(st.lists(st.integers(1, 3), min_size=levels, max_size=levels)))
    if name == "two_pairs":
        return BoardRow((2,) * levels, (0,) * (levels + 1))
    values = sorted(draw(st.lists(st.integers(1, top), min_size=levels + 1, max_size=levels + 1)))
    return BoardRow(spaces, tuple(values))


@st.composite
def boards(draw: Any) -> Board:
    """Random boards `Rules` accepts, large values included (KA-61)."""
    tops = {"full_house": 6, "colour": 4, "three_of_a_kind": 6, "straight": 10, "two_pairs": 0}
    rows = {name: _row(draw, name, top) for name, top in tops.items()}
    try:
        board = Board(**rows)
    except InvalidStateError:
        assume(False)
    assume(board.capacity >= 30)  # room for every token of any player count and side
    return board


def _largest(state: State) -> int:
    """How far the node's listing goes beyond the mover's hand size (chance nodes: 0).

    A node placing tokens is held to `PLACE_BOUND` instead (and counts 0 here).
    """
    if C.current_player(state) < 0:
        return 0
    listed = len(C.legal_actions(state))
    if state.phase is Phase.PLACE:
        assert listed <= PLACE_BOUND
        return 0
    return listed - len(state.hands[state.player])


@rule("KA-62")
@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(simpler=True), Rules(trickier=True), Rules(simpler=True, trickier=True)],
    ids=["basic", "simpler", "trickier", "both"],
)
def test_every_node_of_a_playout_has_a_few_actions(rules: Rules) -> None:
    worst = 0
    for seed in range(6):
        rng = random.Random(seed)
        start = C.new_game(2 + seed % 3, rules=Rules(**_fields(rules), max_rounds=40))
        for state in random_nodes(start, rng):
            worst = max(worst, _largest(state))
            if C.current_player(state) >= 0:
                assert len(C.legal_actions(state)) <= 28  # a hand holds at most 20 cards
    assert 0 < worst <= BOUND


def _fields(rules: Rules) -> dict[str, Any]:
    return {"simpler": rules.simpler, "trickier": rules.trickier}


@rule("KA-62", "KA-61")
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.large_base_example,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
@given(
    board=boards(),
    seed=st.integers(0, 2**32 - 1),
    simpler=st.booleans(),
    trickier=st.booleans(),
    players=st.integers(2, 4),
)
def test_any_board_keeps_every_listing_short(
    board: Board, seed: int, simpler: bool, trickier: bool, players: int
) -> None:
    side: dict[str, Any] = {"red_board": board} if trickier else {"blue_board": board}
    rules = Rules(simpler=simpler, trickier=trickier, max_rounds=30, **side)
    try:
        start = C.new_game(players, rules=rules)
    except InvalidStateError:  # too small for this many players' tokens
        return
    for state in random_nodes(start, random.Random(seed), 1500):
        assert _largest(state) <= BOUND


# --- the bijection: sequences of decisions and whole plays -----------------------------------


def _sequences(state: State) -> Iterator[tuple[Begin | Pick, ...]]:
    """Every complete Begin/Pick sequence from ``state`` (a TURN or SECOND node)."""

    def go(s: State, done: tuple[Begin | Pick, ...]) -> Iterator[tuple[Begin | Pick, ...]]:
        if s.phase is not Phase.PICK and done:
            yield done
            return
        for a in C.legal_actions(s):
            if isinstance(a, (Begin, Pick)):
                yield from go(C.apply(s, a), (*done, a))

    yield from go(state, ())


@st.composite
def hands(draw: Any) -> tuple[Any, ...]:
    """A hand of 3..12 cards, biased towards repeated values and colours."""
    values = draw(st.lists(st.integers(1, 13), min_size=1, max_size=4, unique=True))
    # distinct cards only: with values [1] or [2] the two parts overlap and leave 10, so a
    # hand of 11 could not be drawn (hypothesis then failed inside its own list strategy)
    pool = list(dict.fromkeys([c for c in CARDS if c.value in values] + list(CARDS[:10])))
    size = draw(st.integers(3, min(12, len(pool))))
    chosen = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return tuple(sorted(chosen, key=lambda c: c.index))


@rule("KA-62", "KA-13")
@settings(max_examples=60, deadline=None)
@given(mine=hands(), straight=st.sampled_from([0, 1, 2, 4]), active=st.integers(0, 4))
def test_the_sequences_are_the_whole_plays_each_once(
    mine: tuple[Any, ...], straight: int, active: int
) -> None:
    other = tuple(c for c in OTHER if c not in mine) or (CARDS[-1],)
    if CARDS[-1] in mine and other == (CARDS[-1],):
        return
    t = tokens({C.Row.STRAIGHT: straight}, active=active)
    limit = hand_limit(Rules(), t)
    if len(mine) > limit:
        return
    s = position([mine, other], [t, tokens()])
    made = [
        Play(b.combination, tuple(p.card for p in picks))  # type: ignore[union-attr]
        for b, *picks in _sequences(s)
    ]
    old = [Play(c, cs) for c, cs in plays(s.hands[0]) if _play_problem(s, Play(c, cs)) is None]
    assert made == old == list(whole_plays(s))  # the same plays, in the old listing order
    assert len(set(made)) == len(made)
    for p in made:
        assert steps(p) == (Begin(p.combination), *(Pick(c) for c in p.cards))
        assert len(steps(p)) == SIZES[p.combination] + 1
        reason = C.why_illegal(s, p)  # a whole play is no decision
        assert reason is not None and reason.rule == "KA-62"


@rule("KA-62")
def test_whole_plays_narrow_as_the_cards_are_picked() -> None:
    s = position(
        [hand("red 7", "blue 7", "green 7", "yellow 7", "red 2", "blue 2"), OTHER],
        [tokens({C.Row.STRAIGHT: 1}), tokens()],
    )
    full = [p for p in whole_plays(s) if p.combination is Combination.FULL_HOUSE]
    assert len(full) == 4  # any three of the four 7s with both 2s
    s = C.apply(s, Begin(Combination.FULL_HOUSE))
    assert whole_plays(s) == tuple(full)
    assert C.legal_actions(s) == (Pick(card("blue 2")),)
    s = C.apply(C.apply(s, Pick(card("blue 2"))), Pick(card("red 2")))
    assert s.picked == hand("blue 2", "red 2")
    assert C.legal_actions(s) == (Pick(card("blue 7")), Pick(card("green 7")))
    s = C.apply(s, Pick(card("green 7")))
    assert [p.cards for p in whole_plays(s)] == [
        hand("blue 2", "red 2", "green 7", "red 7", "yellow 7")
    ]
    obs = C.observation(s, 0)
    assert whole_plays(obs) == whole_plays(s) and obs.picked == s.picked
    assert whole_plays(C.observation(s, 1)) == ()  # not their move
    s = C.apply(C.apply(s, Pick(card("red 7"))), Pick(card("yellow 7")))
    assert s.phase is not Phase.PICK and s.picked == () and s.hands[0] == hand("blue 7")
    assert whole_plays(s) == ()


def test_steps_refuses_what_is_not_a_play() -> None:
    for junk in (None, Begin(Combination.KNIFFEL), "play kniffel"):
        with pytest.raises(InvalidStateError, match="play"):
            steps(junk)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        whole_plays("state")  # type: ignore[arg-type]


# --- the PICK state on the wire ---------------------------------------------------------------


def _picking() -> State:
    s = position([hand("red 9", "blue 9", "green 9", "red 2"), OTHER])
    return C.apply(C.apply(s, Begin(Combination.THREE_OF_A_KIND)), Pick(card("blue 9")))


@rule("KA-62")
def test_a_pick_state_round_trips_and_apply_changes_nothing() -> None:
    s = _picking()
    assert C.from_json(C.to_json(s)) == s
    before = C.to_json(s)
    for action in (
        Pick(card("red 2")),
        Pick(card("blue 9")),
        Begin(Combination.KNIFFEL),
        C.Draw(),
        C.Stop(),
        Play(Combination.THREE_OF_A_KIND, s.hands[0][1:]),
    ):
        reason = C.why_illegal(s, action)
        assert reason is not None
        with pytest.raises(IllegalActionError) as caught:
            C.apply(s, action)
        assert (str(caught.value), caught.value.rule) == (str(reason), reason.rule)
        assert C.to_json(s) == before
    for legal in C.legal_actions(s):
        text = C.action_to_text(legal)
        assert C.parse_action(s, text) == legal
        assert C.action_from_dict(C.action_to_dict(legal)) == legal


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(picked=["blue 9", "blue 9"]), "picked"),
        (lambda d: d.update(picked=["green 9", "blue 9"]), "picked"),
        (lambda d: d.update(picked=["red 13"]), "picked"),
        (lambda d: d.update(picked=["blue 9", "green 9", "red 9"]), "picked"),
        (lambda d: d.update(picked=["not a card"]), "picked"),
        (lambda d: d.update(combination=None), "combination"),
        (lambda d: d.update(phase="turn"), "picked"),
    ],
)
def test_from_json_refuses_a_bad_pick(change: Any, path: str) -> None:
    doc = json.loads(C.to_json(_picking()))
    change(doc)
    with pytest.raises(InvalidStateError) as caught:
        C.from_json(json.dumps(doc))
    assert path in caught.value.path, caught.value.path


# --- records and bots -------------------------------------------------------------------------


@rule("KA-62")
def test_a_record_of_whole_plays_replays_as_their_steps() -> None:
    old = (DATA / "cards_record_whole_plays.json").read_text(encoding="utf-8")
    assert '"type": "play"' in old and '"type": "begin"' not in old
    replayed = record_from_json(old)
    # the same game recorded in steps (the example record before the seeded games changed)
    today = record_from_json((DATA / "cards_record_steps.json").read_text(encoding="utf-8"))
    assert replayed == today
    assert any(isinstance(a, Pick) for a in replayed.actions)
    assert not any(isinstance(a, Play) for a in replayed.actions)


def _games(bot: Any, seeds: range) -> list[tuple[str, ...]]:
    """The whole plays each seeded game of ``bot`` against itself makes, and its end."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        rules = (Rules(), Rules(simpler=True), Rules(trickier=True))[seed % 3]
        s = C.new_game(2 + seed % 2, rules=rules)
        made: list[str] = []
        while not C.is_terminal(s):
            if C.current_player(s) == CHANCE:
                s = C.apply(s, C.sample_chance(s, rng))
                continue
            a = bot(s, C.legal_actions(s), rng)
            assert a in C.legal_actions(s)
            done = s.combination is not None and len(s.picked) + 1 == SIZES[s.combination]
            if isinstance(a, Pick) and s.combination is not None and done:
                made.append(C.action_to_text(Play(s.combination, (*s.picked, a.card))))
            s = C.apply(s, a)
        found.append((*made, repr(s.tokens), str(s.round)))
    return found


# The whole plays of the first games, from the bots of the version where a play was one
# decision (the same seeds give the same games: the bots never draw from rng).
BEFORE: dict[str, dict[int, tuple[int, str, str]]] = {
    "greedy": {
        0: (21, "play two_pairs blue 11 red 11 blue 12 red 12", "72"),
        1: (29, "play two_pairs green 2 red 2 green 7 yellow 7", "17"),
        2: (30, "play full_house blue 11 purple 11 yellow 11 blue 12 purple 12", "85"),
    },
    "planner": {
        0: (21, "play straight purple 4 green 5 purple 6 yellow 7 green 8", "41"),
        1: (30, "play two_pairs green 7 yellow 7 blue 8 red 8", "18"),
        2: (35, "play three_of_a_kind green 10 purple 10 red 10", "67"),
    },
}


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_the_bots_choose_the_same_whole_plays(name: str) -> None:
    bot = CardsGreedy() if name == "greedy" else CardsPlanner()
    games = _games(bot, range(3))
    for seed, (count, first, rounds) in BEFORE[name].items():
        plays_made = [m for m in games[seed] if m.startswith("play ")]
        assert (len(plays_made), plays_made[0], games[seed][-1]) == (count, first, rounds)
    # from the observation alone, the same decisions as from the state
    s = position(
        [hand("red 7", "blue 7", "green 7", "yellow 7", "red 2", "blue 2"), OTHER],
        [tokens({C.Row.STRAIGHT: 1}), tokens()],
    )
    rng = random.Random(0)
    while s.phase in (Phase.TURN, Phase.PICK):
        a = bot(s, C.legal_actions(s), rng)
        assert bot(C.observation(s, s.player), C.legal_actions(s), rng) == a
        s = C.apply(s, a)
