"""The card game's refusals: one legality path, and a documented clause id on each.

``why_illegal`` is the one judge: ``legal_actions`` is what it lets through,
``apply`` raises exactly its text and clause id, and every refusal names a
clause of ``docs/rules/cards.md`` (``KA-``) or, for protocol misuse, of
``docs/protocol.md`` (``PR-``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cards.helpers import card, hand, position, random_nodes, tokens
from kniffel_rules import CHANCE, IllegalActionError
from kniffel_rules import cards as C
from kniffel_rules._i18n import localize
from kniffel_rules.cards import (
    Begin,
    Combination,
    Draw,
    Exchange,
    Phase,
    Pick,
    Place,
    PlaceToken,
    Play,
    Row,
    Rules,
    StartPlayer,
    State,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import plays
from kniffel_rules.cards.engine import GAME
from kniffel_rules.cards.pieces import CARDS
from kniffel_rules.game import PROTOCOL_CLAUSES

rule = pytest.mark.rule

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "cards.md"
DOCUMENTED = set(re.findall(r"\bKA-\d{2}\b", PAGE.read_text(encoding="utf-8"))) | set(
    PROTOCOL_CLAUSES
)
OTHER = hand("yellow 1", "yellow 2")

JUNK: tuple[Any, ...] = (
    None,
    object(),
    "Draw",
    3,
    StartPlayer(3),
    Place(Row.TWO_PAIRS, 0, 2),
    Place(Row.FULL_HOUSE, 9),
    Play(Combination.STRAIGHT, hand("red 12", "red 13", "blue 1", "blue 2", "blue 3")),
    Play(Combination.KNIFFEL, hand("red 7", "blue 7")),
    Play(Combination.KNIFFEL, (card("red 7"), card("red 7"))),
    Begin(Combination.KNIFFEL),
    Begin(Combination.THREE_OF_A_KIND),
    Pick(card("red 7")),
    Pick(card("blue 1")),
    card("red 7"),
    Stop(),
    Draw(),
)

VARIANTS = (
    (2, Rules(max_rounds=6)),
    (3, Rules(simpler=True, max_rounds=5)),
    (4, Rules(trickier=True, max_rounds=5)),
    (2, Rules(simpler=True, trickier=True, max_rounds=5)),
)


def _walk(players: int, rules: Rules, seed: int) -> Iterator[State]:
    """Every state of one random game (chance and decisions drawn from ``seed``)."""
    return random_nodes(C.new_game(players, rules=rules), random.Random(seed), 10**9)


def _states() -> list[State]:
    return [s for seed, (n, r) in enumerate(VARIANTS) for s in _walk(n, r, seed)]


def _refusal(state: State, action: Any) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        C.apply(state, action)
    return caught.value


@rule("PR-01", "PR-02", "PR-03", "PR-04", "PR-05")
def test_every_refusal_names_a_documented_clause_and_apply_raises_it() -> None:
    states = _states()
    pool: list[Any] = []
    seen: set[Any] = set()
    for state in states:
        for action in C.legal_actions(state):
            if action not in seen:
                seen.add(action)
                pool.append(action)
    rng = random.Random(13)
    rules_seen: set[str] = set()
    refusals = 0
    for i, state in enumerate(states):
        legal = set(C.legal_actions(state))
        tried = [*JUNK, *rng.sample(pool, min(60, len(pool)))]
        for action in tried:
            reason = C.why_illegal(state, action)
            assert C.is_legal(state, action) == (reason is None)
            assert (reason is None) == (action in legal), (state.phase, action, reason)
            if reason is None:
                continue
            refusals += 1
            assert reason.rule in DOCUMENTED, (state.phase, action, str(reason), reason.rule)
            rules_seen.add(reason.rule)
            if i % 5 == 0:
                error = _refusal(state, action)
                assert (str(error), error.rule) == (str(reason), reason.rule)
    assert refusals > 10_000
    assert {"PR-01", "PR-02", "PR-03", "PR-04", "PR-05", "KA-09", "KA-62"} <= rules_seen


def test_the_fast_listing_is_the_checked_candidates() -> None:
    for state in _states():
        assert GAME.legal_actions(state) == GAME.checked_actions(state)


def _turn(h: tuple[Any, ...] = (), **kw: Any) -> State:
    return position([h or hand("red 9", "blue 9", "green 9", "red 2"), OTHER], **kw)


def _taking() -> State:
    return C.apply(C.apply(_turn(), Draw()), card("blue 13"))


def _second() -> State:
    s = C.apply(C.apply(_turn(rules=Rules(simpler=True)), Draw()), card("blue 13"))
    return C.apply(s, Take(s.display[0]))


def _dealing() -> State:
    s = C.new_game(2, first_player=0)
    while s.phase is Phase.SETUP:
        s = C.apply(s, C.legal_actions(s)[0])
    return C.apply(s, CARDS[0])  # dealt: no longer in the pile


def _over() -> State:
    s = C.new_game(2, rules=Rules(max_rounds=1), first_player=0)
    rng = random.Random(1)
    while not C.is_terminal(s):
        if C.current_player(s) == CHANCE:
            s = C.apply(s, C.sample_chance(s, rng))
        else:
            s = C.apply(s, C.legal_actions(s)[0])
    return s


THREE_NINES = Play(Combination.THREE_OF_A_KIND, hand("red 9", "blue 9", "green 9"))
BEGIN_THREE = Begin(Combination.THREE_OF_A_KIND)


def _picking(*picks: str) -> State:
    """``_turn`` after 'begin three_of_a_kind' and the picks given."""
    s = C.apply(_turn(), BEGIN_THREE)
    for text in picks:
        s = C.apply(s, Pick(card(text)))
    return s


CASES: list[tuple[str, Callable[[], State], Any, str, str]] = [
    (
        "simpler-turn",
        lambda: _turn(rules=Rules(simpler=True)),
        BEGIN_THREE,
        "KA-57",
        "simpler variant: every turn begins with 'draw'; P0 must draw, got 'begin three_of_a_kind'",
    ),
    ("second-draw", _second, Draw(), "KA-31", "P0 has drawn already this turn: one draw per turn"),
    ("pass", _turn, Stop(), "KA-53", "choose one of the three actions: a turn cannot be passed"),
    ("chosen", _taking, BEGIN_THREE, "KA-09", "P0 has chosen an action already this turn: "),
    ("take-expected", _taking, Stop(), "KA-47", "it is P0's turn: expected 'take CARD' from"),
    ("turn-expected", _turn, Take(card("red 9")), "KA-09", "it is P0's turn: expected 'draw', "),
    (
        "setup-expected",
        lambda: C.new_game(2, first_player=0),
        Draw(),
        "KA-45",
        "it is Player 1's turn: expected 'token ROW' (a setup token), got 'draw'",
    ),
    ("not-displayed", _taking, Take(card("red 9")), "KA-10", "red 9 is not in the open display"),
    ("not-in-hand", _turn, Exchange(card("red 13")), "KA-27", "red 13 is not in your hand"),
    (
        "play-is-no-decision",
        _turn,
        THREE_NINES,
        "KA-62",
        "play a combination step by step: 'begin three_of_a_kind', then 'pick ...' for each "
        "card ('pick blue 9', then 'pick green 9', then 'pick red 9')",
    ),
    ("play-at-pick", _picking, THREE_NINES, "KA-62", "play a combination step by step: "),
    (
        "begin-none",
        _turn,
        Begin(Combination.KNIFFEL),
        "KA-24",
        "your hand holds no Kniffel",
    ),
    (
        "wrapped",
        lambda: _turn(hand("red 12", "red 13", "blue 1", "blue 2", "blue 3")),
        Begin(Combination.STRAIGHT),
        "KA-21",
        "your hand holds no Straight: 12-13-1-2-3 does not count as a straight",
    ),
    (
        "five-equal",
        lambda: _turn(hand("red 9", "blue 9", "green 9", "yellow 9", "purple 9")),
        Begin(Combination.FULL_HOUSE),
        "KA-44",
        "your hand holds no Full House: Full House means three cards of one value and two of "
        "another, not 9-9-9-9-9 (5)",
    ),
    (
        "full-house",
        lambda: _turn(hand("red 9", "blue 9", "green 9", "red 2", "blue 3")),
        Begin(Combination.FULL_HOUSE),
        "KA-17",
        "your hand holds no Full House: Full House means three cards of one value and two of "
        "another",
    ),
    (
        "pick-not-in-hand",
        _picking,
        Pick(card("red 13")),
        "KA-19",
        "red 13 is not in your hand; pick blue 9",
    ),
    (
        "pick-order",
        _picking,
        Pick(card("green 9")),
        "KA-19",
        "the cards of Three of a kind are laid down in card order (by value, then colour): "
        "green 9 cannot come next; pick blue 9",
    ),
    (
        "pick-before",
        lambda: _picking("blue 9", "green 9"),
        Pick(card("red 2")),
        "KA-19",
        "the cards of Three of a kind are laid down in card order (by value, then colour): "
        "red 2 cannot come next; pick red 9",
    ),
    (
        "pick-twice",
        lambda: _picking("blue 9"),
        Pick(card("blue 9")),
        "KA-19",
        "blue 9 is laid down already; pick green 9",
    ),
    (
        "pick-cannot-complete",
        _picking,
        Pick(card("red 2")),
        "KA-19",
        "red 2 cannot complete your Three of a kind from the cards in your hand; pick blue 9",
    ),
    (
        "pick-at-turn",
        _turn,
        Pick(card("blue 9")),
        "KA-09",
        "it is P0's turn: expected 'draw', 'begin COMBINATION' or 'exchange CARD', got "
        "'pick blue 9'",
    ),
    (
        "begin-at-pick",
        _picking,
        BEGIN_THREE,
        "KA-09",
        "P0 has chosen an action already this turn: expected 'pick CARD', the next card of "
        "the combination begun",
    ),
    (
        "stop-at-pick",
        _picking,
        Stop(),
        "KA-62",
        "it is P0's turn: expected 'pick CARD', the next card of the combination begun, got 'stop'",
    ),
    (
        "object",
        _turn,
        object(),
        "PR-01",
        "it is P0's turn: expected 'draw', 'begin COMBINATION' or ",
    ),
    ("outcome-at-decision", _turn, card("red 13"), "PR-02", "it is P0's turn: expected"),
    (
        "decision-at-chance",
        _dealing,
        Draw(),
        "PR-03",
        "a card is being drawn: expected a Card, got 'draw'",
    ),
    ("not-in-pile", _dealing, None, "PR-04", ""),
    (
        "seat",
        lambda: C.new_game(3),
        StartPlayer(3),
        "PR-04",
        "the start player is being drawn: expected a seat from 0 to 2, got 'start 3'",
    ),
    ("over", _over, Draw(), "PR-05", "the game is over: no more actions"),
]


@pytest.mark.parametrize(
    ("start", "action", "clause", "text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
@rule("KA-57", "KA-31", "KA-53", "KA-09", "KA-47", "KA-45", "KA-10", "KA-27", "KA-62", "KA-21")
@rule("KA-44", "KA-17", "KA-19", "KA-24")
def test_a_refusal_names_its_clause(
    start: Callable[[], State], action: Any, clause: str, text: str
) -> None:
    state = start()
    if action is None:  # a card already dealt
        action = CARDS[0]
        text = f"{action} is not in the draw pile"
    before = C.to_json(state)
    reason = C.why_illegal(state, action)
    assert reason is not None and str(reason).startswith(text), str(reason)
    assert reason.rule == clause
    error = _refusal(state, action)
    assert (str(error), error.rule) == (str(reason), clause)
    assert not C.is_legal(state, action)
    assert C.to_json(state) == before  # nothing changed


@rule("KA-52")
def test_exchange_limits_name_their_clauses() -> None:
    h = hand("red 9", "blue 9", "green 9", "red 2")
    rows = {Row.FULL_HOUSE: 7, Row.COLOUR: 7, Row.STRAIGHT: 7}
    empty = position([h, OTHER], [tokens(rows, active=3), tokens()])
    reason = C.why_illegal(empty, Exchange(card("red 9")))
    assert reason is not None and reason.rule == "KA-52"
    assert str(reason) == "your reserve has no tokens left to move into play"


@rule("KA-35")
def test_the_trickier_active_limit_names_its_clause() -> None:
    rules = Rules(trickier=True)
    h = hand("red 9", "blue 9", "green 9", "red 2")
    full = position([h, OTHER], [tokens(active=5, total=30), tokens(total=30)], rules=rules)
    reason = C.why_illegal(full, Exchange(card("red 2")))
    assert reason is not None and reason.rule == "KA-35"
    assert "your active area may hold at most 5 tokens" in reason


@rule("KA-15")
def test_a_level_without_enough_tokens_in_play_names_ka15() -> None:
    h = hand("red 2", "blue 3", "green 4", "red 5", "yellow 6")
    s = position([h, OTHER], [tokens({Row.STRAIGHT: 2}, active=1), tokens()])
    reason = C.why_illegal(s, Begin(Combination.STRAIGHT))
    assert reason is not None
    assert (str(reason), reason.rule) == (
        "a 2-space level needs exactly 2 tokens; you have 1 in your active area",
        "KA-15",
    )


@rule("KA-55")
def test_a_closed_setup_space_names_ka55() -> None:
    s = C.new_game(2, rules=Rules(trickier=True), first_player=0)
    s = C.apply(s, PlaceToken(Row.COLOUR))  # seat 1 first, then seat 0
    reason = C.why_illegal(s, PlaceToken(Row.COLOUR))
    assert reason is not None and reason.rule == "KA-55"
    assert "already has a token on that space" in reason


@pytest.mark.parametrize(("low", "high"), [(1, 5), (9, 13)])
def test_the_lowest_and_the_highest_straight_are_plays(low: int, high: int) -> None:
    """1-2-3-4-5 and 9-10-11-12-13 are straights; nothing runs past 13 (the listing no
    longer reaches ``combinations.plays``, so it is pinned here)."""
    held = tuple(C.Card(v, "red" if v % 2 else "blue") for v in range(low, high + 1))
    found = [cs for combo, cs in plays(held) if combo is C.Combination.STRAIGHT]
    assert found == [held]


def test_every_combination_names_itself_in_both_languages() -> None:
    """Pinned for mutation testing: ``Combination.label``/``labels`` read one table."""
    expected = {
        C.Combination.FULL_HOUSE: ("Full House", "Full House"),
        C.Combination.COLOUR: ("Colour", "Farbe"),
        C.Combination.THREE_OF_A_KIND: ("Three of a kind", "Dreierpasch"),
        C.Combination.STRAIGHT: ("Straight", "Straße"),
        C.Combination.TWO_PAIRS: ("Two pairs", "Zwei Paare"),
        C.Combination.FOUR_OF_A_KIND: ("Four of a kind", "Viererpasch"),
        C.Combination.KNIFFEL: ("Kniffel", "Kniffel"),
    }
    for combo, (en, de) in expected.items():
        assert combo.label == en
        # the shipped languages (a test's third language may have been looked up meanwhile)
        assert {lang: combo.labels[lang] for lang in ("en", "de")} == {"en": en, "de": de}


@pytest.mark.rule("KA-62")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_step_by_step_hint_quotes_commands_that_parse(lang: str) -> None:
    """Each command the refusal of a whole play quotes types back as the step it names."""
    reason = C.why_illegal(_turn(), THREE_NINES)
    assert reason is not None
    quoted = [q for q in re.findall(r"'([^']+)'", localize(reason, lang)) if "..." not in q]
    assert quoted == [
        "begin three_of_a_kind", "pick blue 9", "pick green 9", "pick red 9"
    ]  # fmt: skip
    state = _turn()
    for text in quoted:
        action = C.parse_action(state, text)
        assert C.is_legal(state, action)
        state = C.apply(state, action)
    assert state.phase is not Phase.PICK  # the three nines are laid down
