"""What one player sees: `observation`, `stand_in`, `observation_to_dict` and `hidden_from`.

At every node of random games of every conformance case, the seat to move
has the same legal actions in its observation as in the state, and every
other seat none; the stand-in of every view is a state ``from_json``
accepts whose view is that observation again; the JSON form of a view holds
no card that the player cannot see.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import conformance_cases
from cards.helpers import card, hand, play_until, position, tokens
from kniffel_rules import CHANCE, InvalidStateError, KniffelError
from kniffel_rules import cards as C
from kniffel_rules.cards import (
    Card,
    Draw,
    Observation,
    Phase,
    PlaceToken,
    Row,
    Rules,
    StartPlayer,
    State,
    Stop,
)
from kniffel_rules.cards.engine import stand_in, whole_plays
from kniffel_rules.cards.legality import steps
from kniffel_rules.cards.pieces import CARDS

rule = pytest.mark.rule
CASES = [c for c in conformance_cases.CASES if c.variant == "cards"]


def nodes(start: State, seed: int) -> Iterator[State]:
    """Every state of one random game from ``start``."""
    rng = random.Random(seed)
    state = start
    yield state
    while not C.is_terminal(state):
        if C.current_player(state) == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
        else:
            actions = C.legal_actions(state)
            state = C.apply(state, actions[rng.randrange(len(actions))])
        yield state


def strings(data: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-ready value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def check_view(state: State, seat: int) -> None:
    obs = C.observation(state, seat)
    to_move = C.current_player(state)
    assert C.current_player(obs) == to_move
    assert C.is_terminal(obs) == C.is_terminal(state)
    if seat == to_move:
        assert C.legal_actions(obs) == C.legal_actions(state)
    else:
        assert C.legal_actions(obs) == ()
    double = stand_in(obs)
    assert C.from_json(C.to_json(double)) == double  # a state the game can reach
    assert C.observation(double, seat) == obs
    data = C.observation_to_dict(obs)
    assert json.loads(json.dumps(data)) == data
    public = set(state.shown) | set(state.picked)  # everyone saw these: taken, or laid down
    unseen = {str(c) for i, h in enumerate(state.hands) if i != seat for c in h if c not in public}
    unseen |= {str(c) for c in state.pile}
    assert not unseen & set(strings(data)), "a hidden card in the view"


@rule("KA-58")
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_view_agrees_with_the_state(case: conformance_cases.Case) -> None:
    for seed in range(2):
        for state in nodes(case.start(), seed):
            for seat in range(state.num_players):
                check_view(state, seat)


@rule("KA-58")
@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    simpler=st.booleans(),
    trickier=st.booleans(),
)
def test_views_of_random_games(seed: int, players: int, simpler: bool, trickier: bool) -> None:
    rules = Rules(simpler=simpler, trickier=trickier, max_rounds=3)
    for state in nodes(C.new_game(players, rules=rules), seed):
        check_view(state, state.player)


# --- observation ----------------------------------------------------------------------


def test_observation_copies_everything_public() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")], round_=2)
    obs = C.observation(s, 0)
    assert obs == Observation(
        player=0,
        rules=s.rules,
        names=s.names,
        hand=s.hands[0],
        hand_sizes=(2, 3),
        tokens=s.tokens,
        display=s.display,
        discards=s.discards,
        pile_size=len(s.pile),
        phase=Phase.TURN,
        to_move=0,
        turn_of=0,
        start_player=0,
        round=2,
        shown=((), ()),
        pending=0,
        combination=None,
    )


HUGE = pytest.param(10**5000, id="huge")


@pytest.mark.parametrize("seat", [True, False, -1, 2, 1.0, "0", None, HUGE])
def test_observation_refuses_what_is_not_a_seat(seat: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        C.observation(C.new_game(2), seat)
    assert info.value.path == "player"


@pytest.mark.parametrize("junk", [None, object(), "state", 3])
def test_observation_refuses_what_is_not_a_state(junk: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        C.observation(junk, 0)
    assert info.value.path == "state"


# --- stand_in -------------------------------------------------------------------------


def test_the_stand_in_deals_the_unseen_cards_in_card_order() -> None:
    s = position(
        [hand("red 13", "yellow 13"), hand("blue 1", "green 1", "purple 1")],
        display=[card("blue 2"), card("green 2"), card("red 2"), card("yellow 2")],
        discards=[card("blue 3")],
    )
    double = stand_in(C.observation(s, 0))
    assert double.hands[0] == s.hands[0]
    # seat 1 holds 3 unseen cards: the first three unseen ones in card order
    assert double.hands[1] == hand("blue 1", "green 1", "purple 1")
    assert double.pile == tuple(c for c in CARDS if c not in {*double.hands[1], *s.hands[0],
                                                             *s.display, *s.discards})
    other = stand_in(C.observation(s, 1))
    assert other.hands[1] == s.hands[1]
    assert other.hands[0] == hand("red 1", "yellow 1")
    assert (other.display, other.discards, other.tokens) == (s.display, s.discards, s.tokens)


def test_a_view_judges_the_action_of_its_own_player() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")])
    mine, theirs = C.observation(s, 0), C.observation(s, 1)
    assert C.why_illegal(mine, Draw()) is None and C.is_legal(mine, Draw())
    reason = C.why_illegal(theirs, Draw())
    assert reason is not None and reason.rule == "PR-08"
    assert str(reason) == "it is not your turn: P0 is to move"
    reason = C.why_illegal(mine, Stop())
    assert reason is not None and reason.rule == "KA-53"


def test_at_a_chance_node_no_view_has_actions() -> None:
    s = C.new_game(3)
    for seat in range(3):
        obs = C.observation(s, seat)
        assert C.current_player(obs) == CHANCE and C.legal_actions(obs) == ()
        reason = C.why_illegal(obs, StartPlayer(0))
        assert reason is not None and reason.rule == "PR-08"
        assert "chance decides next" in str(reason)


def _view() -> Observation:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")])
    return C.observation(s, 0)


JUNK_FIELDS: list[Any] = [
    ("rules", None, "observation.rules"),
    ("names", ["a", "b"], "observation.names"),
    ("names", ("a",), "observation.names"),
    ("names", ("a", 3), "observation.names[1]"),
    ("player", True, "observation.player"),
    ("player", 2, "observation.player"),
    ("turn_of", -1, "observation.turn_of"),
    ("start_player", "0", "observation.start_player"),
    ("to_move", 7, "observation.to_move"),
    ("to_move", 1, "observation.to_move"),
    ("to_move", "0", "observation.to_move"),
    pytest.param("round", 10**5000, "observation.round", id="huge-round"),
    ("pending", 1.0, "observation.pending"),
    ("phase", "turn", "observation.phase"),
    ("combination", "kniffel", "observation.combination"),
    ("tokens", (), "observation.tokens"),
    ("tokens", ("x", "y"), "observation.tokens[0]"),
    ("hand_sizes", (2,), "observation.hand_sizes"),
    ("hand_sizes", (3, 3), "observation.hand_sizes"),
    ("hand_sizes", (2, -1), "observation.hand_sizes[1]"),
    ("hand", "red 1", "observation.hand"),
    ("hand", (Card(2, "red"), Card(1, "red")), "observation.hand[1]"),
    ("display", (Card(1, "red"),), "observation.display[0]"),
    ("discards", [Card(5, "blue")], "observation.discards"),
    ("pile_size", 3, "observation.pile_size"),
    ("pile_size", None, "observation.pile_size"),
]


@pytest.mark.parametrize(("field", "value", "path"), JUNK_FIELDS)
def test_a_view_built_by_hand_is_checked(field: str, value: Any, path: str) -> None:
    obs = attrs.evolve(_view(), **{field: value})
    uses = (stand_in, C.legal_actions, C.observation_to_dict, C.current_player, C.is_terminal,
            lambda o: C.why_illegal(o, 1), lambda o: C.parse_action(o, "draw"))
    for use in uses:
        with pytest.raises(InvalidStateError) as info:
            use(obs)
        assert info.value.path == path


def test_junk_tokens_are_refused() -> None:
    obs = _view()
    bad = attrs.evolve(obs.tokens[0], rows=(0, 0))
    with pytest.raises(InvalidStateError, match="expected 5 rows"):
        stand_in(attrs.evolve(obs, tokens=(bad, obs.tokens[1])))
    bad = attrs.evolve(obs.tokens[0], active=True)
    with pytest.raises(InvalidStateError) as info:
        stand_in(attrs.evolve(obs, tokens=(bad, obs.tokens[1])))
    assert info.value.path == "observation.tokens[0]"


def test_stand_in_and_the_dict_refuse_what_is_not_a_view() -> None:
    for use in (stand_in, C.observation_to_dict):
        with pytest.raises(InvalidStateError) as info:
            use(C.new_game(2))  # type: ignore[arg-type]
        assert info.value.path == "observation"


# --- observation_to_dict ------------------------------------------------------------


@rule("KA-58")
def test_the_dict_of_a_view() -> None:
    s = position(
        [hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")],
        [tokens({Row.STRAIGHT: 2}), tokens()],
        discards=[card("blue 3")],
    )
    data = C.observation_to_dict(C.observation(s, 0))
    assert data["variant"] == "cards" and data["player"] == 0 and data["to_move"] == 0
    assert data["rules"] == s.rules.to_dict()
    assert data["hand"] == ["red 1", "red 2"]
    assert data["display"] == [str(c) for c in s.display] and data["discards"] == ["blue 3"]
    assert data["pile_size"] == len(s.pile)
    assert data["players"][1] == {
        "name": "P1",
        "hand_size": 3,
        "shown": [],
        "reserve": 21,
        "active": 3,
        "board": {"full_house": 0, "colour": 0, "three_of_a_kind": 0, "straight": 0,
                  "two_pairs": 0},
    }
    assert data["players"][0]["board"]["straight"] == 2
    assert (data["phase"], data["turn_of"], data["start_player"]) == ("turn", 0, 0)
    assert (data["round"], data["pending"], data["combination"]) == (1, 0, None)
    assert data["picked"] == []
    text = json.dumps(data)
    for c in s.hands[1]:
        assert str(c) not in text


def test_the_dict_names_the_combination_being_placed() -> None:
    s = position(
        [hand("red 7", "blue 7", "green 7", "yellow 7", "purple 7"), hand("blue 13")],
        check=False,
    )
    (kniffel,) = [p for p in whole_plays(s) if p.combination is C.Combination.KNIFFEL]
    for step in steps(kniffel):
        s = C.apply(s, step)
    assert s.phase is Phase.PLACE and s.combination is not None
    assert C.observation_to_dict(C.observation(s, 0))["combination"] == s.combination.value


# --- observation_from_dict ------------------------------------------------------------


@rule("KA-58")
def test_a_view_read_back_from_its_dict() -> None:
    s = position(
        [hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")],
        [tokens({Row.STRAIGHT: 2}), tokens()],
        discards=[card("blue 3")],
    )
    for seat in (0, 1):
        obs = C.observation(s, seat)
        back = C.observation_from_dict(C.observation_to_dict(obs))
        assert back == obs
        assert C.legal_actions(back) == C.legal_actions(obs)
    older = C.observation_to_dict(C.observation(s, 1))
    del older["picked"]
    for p in older["players"]:
        del p["shown"]  # written before the known cards were kept: nothing known
    assert C.observation_from_dict(older) == C.observation(s, 1)


def test_a_view_read_from_a_dict_must_account_for_every_card() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 13", "red 13")])
    data = C.observation_to_dict(C.observation(s, 0))
    for field, value, path in [
        ("pile_size", data["pile_size"] + 1, "observation.pile_size"),
        ("hand", ["red 1"], "observation.hand_sizes"),
        ("hand", ["red 2", "red 1"], "hand[1]"),
        ("discards", [data["hand"][0]], "observation.discards[0]"),
        ("phase", "over!", "phase"),
        ("combination", "kniffel", "observation.combination"),
        ("rules", {"simpler": "yes"}, "rules.simpler"),
    ]:
        with pytest.raises(InvalidStateError) as info:
            C.observation_from_dict({**data, field: value})
        assert info.value.path == path, (field, info.value)
    seat = {**data["players"][1], "shown": ["red 1"]}  # in the reader's own hand
    with pytest.raises(InvalidStateError, match="seen twice"):
        C.observation_from_dict({**data, "players": [data["players"][0], seat]})


# --- hidden_from ----------------------------------------------------------------------


def _seated(players: int = 2) -> State:
    s = C.new_game(players, first_player=0)
    while s.phase is Phase.SETUP:
        s = C.apply(s, C.legal_actions(s)[0])
    return s


def test_a_dealt_card_is_hidden_from_everyone_but_its_receiver() -> None:
    s = _seated(3)
    assert s.phase is Phase.DEAL
    for k in range(9):  # 3 cards to each of 3 hands, one at a time
        receiver = k % 3
        assert s.player == receiver
        assert [C.hidden_from(s, p) for p in range(3)] == [p != receiver for p in range(3)]
        s = C.apply(s, s.pile[0])
    for _ in range(4):  # the display is dealt face up
        assert s.phase is Phase.DEAL
        assert not any(C.hidden_from(s, p) for p in range(3))
        s = C.apply(s, s.pile[0])
    assert s.phase is Phase.TURN
    assert not any(C.hidden_from(s, p) for p in range(3))


def test_a_drawn_card_is_hidden_and_a_refill_is_not() -> None:
    s = _seated()
    while s.phase is not Phase.TURN:
        s = C.apply(s, s.pile[0])
    s = C.apply(s, Draw())
    assert s.phase is Phase.DRAW
    assert (C.hidden_from(s, 0), C.hidden_from(s, 1)) == (False, True)
    s = play_until(s, lambda x: x.phase is Phase.REFILL, random.Random(0))
    assert s.phase is Phase.REFILL
    assert not C.hidden_from(s, 0) and not C.hidden_from(s, 1)


def test_the_start_player_draw_is_public() -> None:
    s = C.new_game(4)
    assert s.phase is Phase.START
    assert not any(C.hidden_from(s, p) for p in range(4))


def test_hidden_from_agrees_with_the_views() -> None:
    """Whenever a chance card changes what a seat sees besides counts, it is not hidden from it."""
    for case in CASES[:2]:
        for state in nodes(case.start(), 0):
            if C.current_player(state) != CHANCE or state.phase is Phase.START:
                continue
            after = C.apply(state, state.pile[0])
            for seat in range(state.num_players):
                before, now = C.observation(state, seat), C.observation(after, seat)
                saw = before.hand != now.hand or before.display != now.display
                grew = sum(now.hand_sizes) > sum(before.hand_sizes)
                assert C.hidden_from(state, seat) == (grew and not saw)


@pytest.mark.parametrize("seat", [True, -1, 4, "1", None])
def test_hidden_from_refuses_what_is_not_a_seat(seat: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        C.hidden_from(C.new_game(2), seat)
    assert info.value.path == "player"


def test_hidden_from_refuses_what_is_not_a_state() -> None:
    with pytest.raises(KniffelError):
        C.hidden_from(object(), 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        C.hidden_from(C.observation(C.new_game(2), 0), 0)  # type: ignore[arg-type]


def test_placing_a_setup_token_shows_in_every_view() -> None:
    s = C.new_game(2, first_player=0)
    after = C.apply(s, PlaceToken(Row.STRAIGHT))
    assert C.observation(after, 1).tokens[0].on(Row.STRAIGHT) == 1
    assert not C.hidden_from(s, 1)
