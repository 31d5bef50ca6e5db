"""The cards everyone knows: taken from the open display (`State.shown`), and laid down (`picked`).

A card taken from the display is seen by every player, so it is part of every
observation until it leaves the hand again (played, exchanged, discarded).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.helpers import card, hand, position, random_nodes
from kniffel_rules import InvalidStateError
from kniffel_rules import cards as C
from kniffel_rules.cards import Discard, Exchange, Observation, Phase, Rules, State, Take
from kniffel_rules.cards.engine import stand_in, whole_plays
from kniffel_rules.cards.pieces import CARDS

rule = pytest.mark.rule


def _take_position() -> State:
    """Player 0 to take a card from the display (action A, second part)."""
    s = position([hand("red 1", "red 2"), hand("blue 13")], display=[card("green 9")])
    return attrs.evolve(s, phase=Phase.TAKE, pending=1)


@rule("KA-10")
def test_a_card_taken_from_the_display_is_known_to_everyone() -> None:
    s = _take_position()
    taken = s.display[0]
    after = C.apply(s, Take(taken))
    assert taken in after.shown and taken in after.hands[0]
    assert C.observation(after, 1).shown[0] == (taken,)
    assert C.observation(after, 0).shown == ((taken,), ())
    assert C.from_json(C.to_json(after)) == after
    data = C.observation_to_dict(C.observation(after, 1))
    assert data["players"][0]["shown"] == [str(taken)]


@rule("KA-58")
def test_a_known_card_is_forgotten_when_it_leaves_the_hand() -> None:
    s = position([hand("red 1", "red 2", "green 9"), hand("blue 13")])
    s = attrs.evolve(s, shown=(card("green 9"),))
    assert C.from_json(C.to_json(s)) == s
    exchanged = C.apply(s, Exchange(card("green 9")))
    assert exchanged.shown == ()
    kept = C.apply(s, Exchange(card("red 1")))
    assert kept.shown == (card("green 9"),)
    over = attrs.evolve(s, phase=Phase.DISCARD, tokens=s.tokens)
    discarded = C.apply(over, Discard(card("green 9")))
    assert discarded.shown == ()


@rule("KA-58")
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), simpler=st.booleans())
def test_shown_cards_are_always_in_a_hand_and_in_every_view(
    seed: int, players: int, simpler: bool
) -> None:
    start = C.new_game(players, rules=Rules(simpler=simpler, max_rounds=4))
    for s in random_nodes(start, random.Random(seed), 400):
        held = {c: i for i, h in enumerate(s.hands) for c in h}
        assert all(c in held for c in s.shown)
        for seat in range(players):
            obs = C.observation(s, seat)
            for c in s.shown:
                assert c in obs.shown[held[c]]
            stand = stand_in(obs)
            for other in range(players):  # the stand-in keeps every known card where it is
                assert set(obs.shown[other]) <= set(stand.hands[other])


def _doc(state: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(C.to_json(state))
    return data


def test_a_document_without_the_new_fields_reads_as_nothing_known() -> None:
    s = position([hand("red 1", "red 2"), hand("blue 13")])
    doc = _doc(s)
    del doc["picked"]
    for p in doc["players"]:
        del p["shown"]
    assert C.from_json(json.dumps(doc)) == s


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d["players"][0].__setitem__("shown", ["blue 13"]), "players[0].shown"),
        (lambda d: d["players"][0].__setitem__("shown", ["red 2", "red 1"]), "players[0].shown"),
        (lambda d: d["players"][0].__setitem__("shown", "red 1"), "players[0].shown"),
        (lambda d: d.__setitem__("picked", ["red 1"]), "picked"),
        (lambda d: d.__setitem__("picked", [7]), "picked"),
    ],
)
def test_a_bad_shown_or_picked_is_refused(change: Any, path: str) -> None:
    doc = _doc(position([hand("red 1", "red 2"), hand("blue 13")]))
    change(doc)
    with pytest.raises(InvalidStateError) as err:
        C.from_json(json.dumps(doc))
    assert err.value.path.startswith(path)


def _view() -> Observation:
    s = position([hand("red 1", "red 2"), hand("blue 13", "green 9")])
    return C.observation(attrs.evolve(s, shown=(card("green 9"),)), 0)


@pytest.mark.parametrize(
    ("shown", "path"),
    [
        (((), (card("red 1"),)), "observation.shown"),  # another hand, but the own card
        (((card("blue 5"),), ()), "observation.shown"),  # the own entry, not in the hand
        (((), (card("green 9"), card("blue 13"), card("blue 5"))), "observation.shown"),
        (((),), "observation.shown"),
        (("x", ()), "observation.shown"),
    ],
)
def test_a_view_with_impossible_known_cards_is_refused(shown: Any, path: str) -> None:
    bad = attrs.evolve(_view(), shown=shown)
    with pytest.raises(InvalidStateError) as err:
        stand_in(bad)
    assert err.value.path.startswith(path)


def test_the_stand_in_deals_around_the_known_cards() -> None:
    obs = _view()
    assert obs.shown == ((), (card("green 9"),))
    stand = stand_in(obs)
    assert card("green 9") in stand.hands[1] and stand.shown == (card("green 9"),)
    assert C.observation(stand, 0) == obs


def _picking() -> State:
    """Player 0 has begun a Three of a kind and laid down blue 9 (KA-62)."""
    s = position([hand("blue 9", "green 9", "red 9", "red 2"), hand("blue 13")])
    s = C.apply(s, C.Begin(C.Combination.THREE_OF_A_KIND))
    return C.apply(s, C.Pick(card("blue 9")))


@rule("KA-62")
def test_a_view_of_another_seat_laying_down_deals_a_hand_that_completes_it() -> None:
    s = _picking()
    assert s.phase is Phase.PICK and s.picked == (card("blue 9"),)
    obs = C.observation(s, 1)
    assert obs.picked == (card("blue 9"),)
    stand = stand_in(obs)
    assert whole_plays(stand), "the stand-in's mover can complete the Three of a kind"
    assert C.from_json(C.to_json(stand)) == stand
    assert C.observation(stand, 1) == obs
    mover = stand.hands[0]
    assert card("blue 9") in mover and len(mover) == 4


@rule("KA-62")
def test_a_picking_state_whose_hand_cannot_complete_it_is_refused() -> None:
    s = _picking()
    bad = attrs.evolve(
        s,
        hands=(hand("blue 9", "red 2", "red 3", "red 4"), s.hands[1]),
        pile=tuple(
            sorted(
                {*s.pile, card("green 9"), card("red 9")} - {card("red 3"), card("red 4")},
                key=lambda c: c.index,
            )
        ),
    )
    with pytest.raises(InvalidStateError) as err:
        C.from_json(C.to_json(bad))
    assert err.value.path == "picked" and "cannot complete" in str(err.value)


@rule("KA-62")
def test_a_view_whose_picked_cards_nobody_could_complete_is_refused() -> None:
    # the other four 9s are in the observer's hand and the discards: no Three of a kind of 9s
    s = position(
        [hand("blue 9", "red 9", "red 3", "red 4"), hand("green 9", "red 2", "blue 13")],
        discards=[card("yellow 9"), card("purple 9")],
        player=1,
    )
    obs = C.observation(s, 0)
    bad = attrs.evolve(
        obs,
        phase=Phase.PICK,
        turn_of=1,
        to_move=1,
        combination=C.Combination.THREE_OF_A_KIND,
        picked=(card("green 9"),),
    )
    with pytest.raises(InvalidStateError) as err:
        stand_in(bad)
    assert err.value.path.startswith("observation")


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=80)
@given(kind=st.sampled_from(["begin", "pick"]), junk=_JUNK)
def test_a_hostile_begin_or_pick_on_the_wire_is_refused_naming_its_field(
    kind: str, junk: Any
) -> None:
    field = "combination" if kind == "begin" else "card"
    valid = [c.value for c in C.Combination] if kind == "begin" else [str(c) for c in CARDS]
    if junk in valid:
        return
    with pytest.raises(InvalidStateError) as err:
        C.action_from_dict({"type": kind, field: junk})
    assert err.value.path == f"action.{field}"


@given(junk=_JUNK)
def test_begin_and_pick_take_only_their_own_kind(junk: Any) -> None:
    with pytest.raises(InvalidStateError):
        C.Begin(junk)
    with pytest.raises(InvalidStateError):
        C.Pick(junk)


@settings(max_examples=60)
@given(field=st.sampled_from(["shown", "picked"]), junk=_JUNK)
def test_a_hostile_view_or_document_is_refused_naming_its_field(field: str, junk: Any) -> None:
    obs = _view()
    if junk != () and junk != obs.shown:  # a hand-built view: refused before it is judged
        with pytest.raises(InvalidStateError) as err:
            stand_in(attrs.evolve(obs, **{field: junk}))
        assert err.value.path.startswith(f"observation.{field}")
    doc = _doc(position([hand("red 1", "red 2"), hand("blue 13")]))
    if field == "shown":
        doc["players"][0]["shown"] = junk
        path = "players[0].shown"
    else:
        doc["picked"] = junk
        path = "picked"
    if junk == []:
        return
    with pytest.raises(InvalidStateError) as err:
        C.from_json(json.dumps(doc))
    assert err.value.path.startswith(path)
