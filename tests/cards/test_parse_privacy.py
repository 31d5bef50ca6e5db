"""`parse_action` tells the mover nothing the mover may not see (KA-58).

Issue 26: on the true state the verbs that name a card by value (``card 13``,
``karte 13``, ``draw 2``) read the pile and the hands, and the refusal named
the first card that fitted, so a player could learn, one value at a time,
which cards lie in the pile or in another hand. The answer of
``parse_action(state, text)`` (the action, or the error's type, text,
``.understood``, ``.rule``, ``.legal`` and ``.candidates``) must be the answer
on ``observation(state, mover)``, and must not change when the cards hidden
from the mover are dealt differently.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, TERMINAL
from kniffel_rules import cards as C
from kniffel_rules.cards import Card, Rules, State
from kniffel_rules.cards.pieces import _sort_cards
from kniffel_rules.errors import ActionParseError, AmbiguousActionError

rule = pytest.mark.rule

_RULE_SETS = (
    (2, Rules()),
    (3, Rules(simpler=True)),
    (4, Rules(trickier=True)),
    (2, Rules(simpler=True, trickier=True)),
)

_CARD_VERBS = (
    "card", "karte", "deal", "draw", "ziehen", "take", "nimm", "exchange", "tauschen",
    "discard", "abwerfen", "pick", "wähle", "play", "begin", "",
)
_PLAYS = (
    "play three_of_a_kind {v} {v} {v}", "Dreierpasch {v} {v} {v}",
    "play kniffel {v} {v} {v} {v} {v}",
    "Straße {v} {w} {x} {y} {z}", "play fh {v} {v} {v} {w} {w}", "play two pairs {v} {v} {w} {w}",
)


def _mover_state(seed: int, steps: int) -> State | None:
    """A state of a random game after about ``steps`` moves, at a player's node (or None)."""
    rng = random.Random(seed)
    n, rules = _RULE_SETS[seed % len(_RULE_SETS)]
    state = C.new_game(n, rules)
    last = None
    for _ in range(steps):
        who = C.current_player(state)
        if who == TERMINAL:
            break
        if who == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
            continue
        last = state
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    if C.current_player(state) >= 0:
        return state
    return last


def _card_forms(card: Card) -> tuple[str, ...]:
    german = card.colour.labels["de"]
    return (str(card), str(card.value), f"{german} {card.value}", f"{german}{card.value}")


def _texts(state: State, rng: random.Random, count: int) -> list[str]:
    """Texts a probing player might type: every verb with cards hidden and seen."""
    mover = C.current_player(state)
    hidden = [c for i, h in enumerate(state.hands) if i != mover for c in h] + list(state.pile)
    own = list(state.hands[mover]) + list(state.display)
    pool: list[str] = []
    for card in rng.sample(hidden, min(6, len(hidden))) + rng.sample(own, min(4, len(own))):
        for verb in _CARD_VERBS:
            pool.extend(f"{verb} {form}".strip() for form in _card_forms(card))
        for kind in (C.Take, C.Exchange, C.Discard, C.Pick):
            pool.append(C.action_to_text(kind(card)))
        pool.append(C.action_to_text(card))
    for value in range(1, 14):
        pool.extend((f"card {value}", f"draw {value}", f"karte {value}", str(value)))
        v, w, x, y, z = (value, value % 13 + 1, (value + 1) % 13 + 1, (value + 2) % 13 + 1,
                         (value + 3) % 13 + 1)
        pool.extend(p.format(v=v, w=w, x=x, y=y, z=z) for p in _PLAYS)
    pool.extend(C.action_to_text(a) for a in C.legal_actions(state))
    return rng.sample(pool, min(count, len(pool)))


def _answer(state: Any, text: str) -> tuple[Any, ...]:
    """Everything ``parse_action`` says about ``text``: the action, or the whole error."""
    try:
        return ("action", C.parse_action(state, text))
    except AmbiguousActionError as err:
        return ("ambiguous", str(err), err.candidates, err.legal)
    except ActionParseError as err:
        return ("refused", str(err), err.understood, err.rule, err.legal)


def _redealt(state: State, rng: random.Random) -> State:
    """``state`` with the cards hidden from the mover dealt anew (the same counts)."""
    mover = C.current_player(state)
    known = set(state.shown)
    hidden = [c for i, h in enumerate(state.hands) if i != mover for c in h if c not in known]
    hidden += list(state.pile)
    rng.shuffle(hidden)
    hands = []
    for i, h in enumerate(state.hands):
        if i == mover:
            hands.append(h)
            continue
        keep = [c for c in h if c in known]
        fresh = [hidden.pop() for _ in range(len(h) - len(keep))]
        hands.append(_sort_cards(keep + fresh))
    return attrs.evolve(state, hands=tuple(hands), pile=_sort_cards(hidden))


@rule("KA-58")
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 160), junk=st.text(max_size=30))
def test_the_answer_on_the_state_is_the_answer_on_the_movers_view(
    seed: int, steps: int, junk: str
) -> None:
    state = _mover_state(seed, steps)
    if state is None:
        return
    view = C.observation(state, C.current_player(state))
    rng = random.Random(seed)
    for text in [junk, *_texts(state, rng, 40)]:
        assert _answer(state, text) == _answer(view, text), text


@rule("KA-58")
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(4, 160))
def test_the_answer_does_not_change_when_the_hidden_cards_are_dealt_anew(
    seed: int, steps: int
) -> None:
    state = _mover_state(seed, steps)
    if state is None:
        return
    rng = random.Random(seed)
    other = _redealt(state, rng)
    mover = C.current_player(state)
    assert C.from_json(C.to_json(other)) == other  # a position the checks accept
    assert C.observation(other, mover) == C.observation(state, mover)
    for text in _texts(state, rng, 40):
        assert _answer(state, text) == _answer(other, text), text


_HIDDEN_CARD = re.compile(r"(blue|green|purple|red|yellow) (\d+)")


@rule("KA-58")
@pytest.mark.parametrize(
    "text", ["card 13", "karte 13", "draw 2", "ziehen 2", "13", "deal 7", "take 5", "discard 9"]
)
def test_a_refusal_names_no_card_the_mover_has_not_seen(text: str) -> None:
    """The report's probe: at the start of a turn, naming a card of the pile by value."""
    for seed in range(20):
        state = _mover_state(seed, 30 + seed)
        if state is None:
            continue
        mover = C.current_player(state)
        seen = set(state.hands[mover]) | set(state.display) | set(state.discards)
        seen |= set(state.shown)
        try:
            C.parse_action(state, text)  # "13": may be a card of the mover's own hand
            continue
        except ActionParseError as err:
            refusal = err
        named = {Card(int(v), c) for c, v in _HIDDEN_CARD.findall(str(refusal))}
        assert "Card(" not in str(refusal)
        understood = getattr(refusal.understood, "card", refusal.understood)
        assert not isinstance(understood, Card) or understood in seen, str(refusal)
        assert named <= seen, (text, str(refusal))


@rule("KA-58")
def test_at_a_chance_node_the_dealer_reads_against_the_whole_state() -> None:
    """Nobody moves at a chance node: ``card 13`` lists the thirteens in the pile."""
    state = C.new_game(2, first_player=0)
    rng = random.Random(0)
    while C.current_player(state) != CHANCE:
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    in_pile = tuple(c for c in state.pile if c.value == 13)
    answer = _answer(state, "card 13")
    if len(in_pile) == 1:
        assert answer == ("action", in_pile[0])
    else:
        assert answer[0] == "ambiguous" and set(answer[2]) == set(in_pile)
    with pytest.raises(ActionParseError, match="not your turn"):
        C.parse_action(C.observation(state, 0), "card 13")
