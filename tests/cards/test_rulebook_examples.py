"""The worked examples of the card-game rulebook, played through apply."""

from __future__ import annotations

import pytest

from cards.helpers import apply_play, hand, position, tokens
from kniffel_rules import IllegalActionError
from kniffel_rules.cards import Begin, Combination, Draw, Phase, Play, Row, apply
from kniffel_rules.cards.engine import whole_plays
from kniffel_rules.cards.legality import hand_limit

NINA = hand("red 2", "blue 3", "green 4", "yellow 5", "purple 6")
OTHER = hand("blue 1", "green 3", "purple 7")


@pytest.mark.rule("KA-16", "KA-15", "KA-20")
def test_nina_plays_a_straight_and_her_hand_limit_rises_from_7_to_8() -> None:
    nina = tokens({Row.STRAIGHT: 2}, active=2)  # Straight levels 1 and 2 filled: limit 7
    s = position([NINA, OTHER], [nina, tokens()])
    assert hand_limit(s.rules, s.tokens[0]) == 7
    straight = Play(Combination.STRAIGHT, NINA)
    assert straight in whole_plays(s)
    s = apply_play(s, straight)
    t = s.tokens[0]
    assert t.on(Row.STRAIGHT) == 4  # the 2 tokens on the next (2-space) level
    assert t.active == 0  # both from her active area
    assert hand_limit(s.rules, t) == 8


@pytest.mark.rule("KA-16", "KA-15")
def test_with_one_token_in_play_nina_cannot_play_her_straight() -> None:
    nina = tokens({Row.STRAIGHT: 2}, active=1)
    s = position([NINA, OTHER], [nina, tokens()])
    assert Play(Combination.STRAIGHT, NINA) not in whole_plays(s)
    with pytest.raises(
        IllegalActionError,
        match=r"^a 2-space level needs exactly 2 tokens; you have 1 in your active area$",
    ):
        apply(s, Begin(Combination.STRAIGHT))


@pytest.mark.rule("KA-21")
def test_twelve_thirteen_one_does_not_count_as_a_straight() -> None:
    wrap = hand("red 12", "blue 13", "green 1", "yellow 2", "purple 3")
    s = position([wrap, OTHER])
    with pytest.raises(IllegalActionError, match=r": 12-13-1-2-3 does not count as a straight"):
        apply(s, Begin(Combination.STRAIGHT))
    wrap4 = hand("red 11", "blue 12", "green 13", "yellow 1", "purple 2")
    with pytest.raises(IllegalActionError, match=r": 11-12-13-1-2 does not count as a straight"):
        apply(position([wrap4, OTHER]), Begin(Combination.STRAIGHT))


@pytest.mark.rule("KA-12")
def test_at_the_start_one_card_from_each_and_five_in_hand() -> None:
    s = position([hand("red 2", "red 4", "red 6"), OTHER])
    s = apply(s, Draw())
    assert s.phase is Phase.DRAW and s.pending == 1
    assert hand_limit(s.rules, s.tokens[0]) == 5
