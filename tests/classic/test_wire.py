"""Classic actions on the wire: JSON objects, canonical text, what players type, and views."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kniffel_rules import (
    CHANCE,
    ActionParseError,
    DiceRoll,
    InvalidStateError,
    classic,
)
from kniffel_rules.classic import Box, Roll, Score

from .helpers import position


def _after_throw(dice: tuple[int, ...], rolls: int = 1) -> classic.State:
    return position(dice=dice, rolls=rolls)


@pytest.mark.parametrize(
    ("action", "data", "text"),
    [
        (Roll(), {"type": "roll", "keep": []}, "roll"),
        (Roll((3, 3, 5)), {"type": "roll", "keep": [3, 3, 5]}, "roll keep 3 3 5"),
        (Score(Box.FULL_HOUSE), {"type": "score", "box": "full_house"}, "score full_house"),
        (Score(Box.MAXIMUM), {"type": "score", "box": "maximum"}, "score maximum"),
        (DiceRoll((1, 2, 3, 3, 6)), {"type": "dice", "values": [1, 2, 3, 3, 6]}, "dice 1 2 3 3 6"),
        (DiceRoll((4,)), {"type": "dice", "values": [4]}, "dice 4"),
    ],
)
def test_every_form_has_its_object_and_its_line(
    action: Any, data: dict[str, Any], text: str
) -> None:
    assert classic.action_to_dict(action) == data
    assert classic.action_from_dict(json.loads(json.dumps(data))) == action
    assert classic.action_to_text(action) == text


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Dreierpasch", Score(Box.THREE_OF_A_KIND)),
        ("3er Pasch", Score(Box.THREE_OF_A_KIND)),
        ("three of a kind", Score(Box.THREE_OF_A_KIND)),
        ("kl. Straße", Score(Box.SMALL_STRAIGHT)),
        ("kleine strasse", Score(Box.SMALL_STRAIGHT)),
        ("ss", Score(Box.SMALL_STRAIGHT)),
        ("FH", Score(Box.FULL_HOUSE)),
        ("eintragen full house", Score(Box.FULL_HOUSE)),
        ("Einser", Score(Box.ONES)),
        ("Fünfer", Score(Box.FIVES)),
        ("fuenfer", Score(Box.FIVES)),
        ("score chance", Score(Box.CHANCE)),
        ("streichen kniffel", Score(Box.KNIFFEL)),
        ("yahtzee", Score(Box.KNIFFEL)),
        ("keep 3 3", Roll((3, 3))),
        ("behalte 3 3 3", Roll((3, 3, 3))),
        ("3 3", Roll((3, 3))),
        ("335", Roll((3, 3, 5))),
        ("reroll 2 5", Roll((3, 3, 3))),
        ("roll", Roll()),
        ("würfeln", Roll()),
        ("roll keep 2 5", Roll((2, 5))),
    ],
)
def test_players_type_english_and_german(typed: str, meant: Any) -> None:
    state = _after_throw((2, 3, 3, 3, 5))
    assert classic.parse_action(state, typed) == meant


def test_dice_are_typed_at_a_throw() -> None:
    state = classic.apply(classic.new_game(), Roll())
    assert classic.current_player(state) == CHANCE
    for typed in ("dice 2 3 3 5 6", "6 5 3 3 2", "23356", "Würfel 2 3 3 5 6"):
        assert classic.parse_action(state, typed) == DiceRoll((2, 3, 3, 5, 6))


@pytest.mark.rule("CL-05")
def test_an_impossible_keep_says_which_die_is_missing() -> None:
    state = _after_throw((2, 3, 3, 3, 5))
    with pytest.raises(ActionParseError) as info:
        classic.parse_action(state, "keep 6 6")
    assert str(info.value) == "'keep 6 6': cannot keep 6 6: there is no 6 among 2 3 3 3 5"
    assert info.value.understood == Roll((6, 6))
    assert info.value.rule == "CL-05"
    assert "score ones" in info.value.legal
    with pytest.raises(ActionParseError, match="there are only three 3s among 2 3 3 3 5"):
        classic.parse_action(state, "keep 3 3 3 3")


def test_a_filled_box_is_refused_with_the_rule() -> None:
    state = position({Box.FULL_HOUSE: 25}, dice=(2, 2, 3, 3, 3))
    with pytest.raises(ActionParseError) as info:
        classic.parse_action(state, "fh")
    assert info.value.understood == Score(Box.FULL_HOUSE)
    assert info.value.rule
    assert str(info.value).startswith("'fh': ")


def test_text_that_is_not_understood_lists_what_is_legal() -> None:
    state = classic.new_game()
    with pytest.raises(ActionParseError) as info:
        classic.parse_action(state, "castle kingside")
    assert str(info.value) == "'castle kingside': not understood; legal here: roll"
    assert info.value.understood is None and info.value.legal == ("roll",)
    with pytest.raises(ActionParseError, match="no action given"):
        classic.parse_action(state, "  ,. ")


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"type": "roll"}, "action"),
        ({"type": "roll", "keep": [3], "extra": 1}, "action"),
        ({"type": "roll", "keep": [True]}, "action.keep[0]"),
        ({"type": "roll", "keep": [7]}, "action.keep[0]"),
        ({"type": "roll", "keep": [5, 3]}, "action.keep"),
        ({"type": "roll", "keep": [1] * 6}, "action.keep"),
        ({"type": "score", "box": "Full House"}, "action.box"),
        ({"type": "score", "box": 8}, "action.box"),
        ({"type": "dice", "values": "12345"}, "action.values"),
        ({"type": "move", "area": "kniffel"}, "action.type"),
        ({"type": None}, "action.type"),
        ({}, "action"),
        ([], "action"),
        ({"type": "dice", "values": [10**5000]}, "action.values[0]"),
    ],
)
def test_action_from_dict_names_the_field(data: Any, path: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        classic.action_from_dict(data)
    assert info.value.path == path


def test_observations_show_everything_and_give_the_mover_s_actions() -> None:
    state = classic.new_game(["Ann", "Ben"], first_player=0)
    ann, ben = classic.observation(state, 0), classic.observation(state, 1)
    assert classic.legal_actions(ann) == classic.legal_actions(state) == (Roll(),)
    assert classic.legal_actions(ben) == ()
    assert classic.current_player(ben) == 0 and not classic.is_terminal(ben)
    assert classic.why_illegal(ann, Roll()) is None
    data = classic.observation_to_dict(ben)
    assert data["variant"] == "classic" and data["player"] == 1 and data["to_move"] == 0
    assert classic.from_json(json.dumps(data["state"])) == state


@pytest.mark.rule("PR-08")
def test_an_observer_who_is_not_to_move_has_no_action() -> None:
    state = classic.new_game(["Ann", "Ben"], first_player=0)
    ben = classic.observation(state, 1)
    reason = classic.why_illegal(ben, Roll())
    assert reason == "it is not your turn: Ann is to move" and reason.rule == "PR-08"
    assert reason.localized("de") == "Du bist nicht am Zug: Ann ist dran"
    assert not classic.is_legal(ben, Roll())
    thrown = classic.observation(classic.apply(state, Roll()), 0)
    chance = classic.why_illegal(thrown, DiceRoll((1, 2, 3, 4, 5)))
    assert chance == "it is not your turn: chance decides next"
    assert chance is not None and chance.rule == "PR-08"


def test_parse_action_reads_against_an_observation() -> None:
    state = classic.apply(classic.new_game(["Ann", "Ben"], first_player=0), Roll())
    state = classic.apply(state, DiceRoll((2, 3, 3, 3, 5)))
    assert classic.parse_action(classic.observation(state, 0), "keep 3 3") == Roll((3, 3))
    with pytest.raises(ActionParseError) as info:
        classic.parse_action(classic.observation(state, 1), "keep 3 3")
    assert info.value.rule == "PR-08"


@pytest.mark.parametrize("action", [Roll((10**5000,)), Roll((9,)), DiceRoll((1,) * 7)])
def test_actions_no_dice_can_show_have_no_object(action: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        classic.action_to_dict(action)
    assert info.value.path == "action"


@pytest.mark.parametrize("action", [Roll((10**5000,)), Roll((-1,)), DiceRoll((1,) * 7)])
def test_actions_no_die_of_the_library_shows_have_no_text(action: Any) -> None:
    with pytest.raises(InvalidStateError) as info:
        classic.action_to_text(action)
    assert info.value.path == "action"


def test_an_observation_is_not_observed_again() -> None:
    obs = classic.observation(classic.new_game(), 0)
    with pytest.raises(InvalidStateError) as info:
        classic.observation(obs, 0)  # type: ignore[arg-type]
    assert info.value.path == "state"


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"type": "roll", "keep": _deep(100_000)}, "action.keep[0]"),
        ({"type": "roll", "keep": [], "junk": _deep(100_000)}, "action"),
        ({"type": _deep(100_000)}, "action.type"),
        ({"type": "score", "box": "\ud800"}, "action.box"),
        ({"type": "roll", "keep": [1.0]}, "action.keep[0]"),
        ({"type": "roll", "keep": [float("nan")]}, "action.keep[0]"),
        ({1: "roll"}, "action"),
    ],
)
def test_action_from_dict_refuses_deep_and_odd_junk_unread(data: Any, path: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        classic.action_from_dict(data)
    assert info.value.path == path
