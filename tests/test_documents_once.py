"""issue 27: every game's documents are written once, in the core, and only bound by the game.

A game's ``to_dict``, ``to_json``, ``from_dict`` and ``from_json`` are the
methods of one `kniffel_rules.game.Document`, and its ``action_to_dict`` and
``action_from_dict`` the methods of its `kniffel_rules.wire.Codec`: a game
(a sixth one included) cannot fall back to wrappers of its own that drift
from the others. The dice games' turn is read and checked by the dice-turn
kit (`kniffel_rules._dicewire`), with the same words for every game.
"""

from __future__ import annotations

import pytest

from kniffel_rules import VARIANTS, get_variant
from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import Turn
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.state import ExtremeTurn
from kniffel_rules.game import Document
from kniffel_rules.rolloff import RollOff
from kniffel_rules.wire import Codec


@pytest.mark.parametrize("name", VARIANTS)
def test_the_state_functions_are_the_methods_of_one_document(name: str) -> None:
    game = get_variant(name)
    document = game.to_dict.__self__  # type: ignore[attr-defined]
    assert isinstance(document, Document)
    for function in ("to_dict", "to_json", "from_dict", "from_json"):
        assert getattr(game, function).__self__ is document, function
        assert getattr(game, function).__func__ is getattr(Document, function), function
    assert document.format == f"kniffel-rules/{name}-state"
    assert document.version == 1
    state = game.new_game(["Ann", "Ben"])
    assert game.to_dict(state)["format"] == document.format


@pytest.mark.parametrize("name", VARIANTS)
def test_the_action_forms_are_the_methods_of_the_codec(name: str) -> None:
    game = get_variant(name)
    codec = game.action_to_dict.__self__  # type: ignore[attr-defined]
    assert isinstance(codec, Codec)
    assert codec.game == name
    assert game.action_from_dict.__self__ is codec  # type: ignore[attr-defined]
    assert game.action_to_dict.__func__ is Codec.to_dict  # type: ignore[attr-defined]


def _turn(phase: Phase, **fields: object) -> Turn:
    """A turn with the given fields, the others as at the start of a game."""
    given: dict[str, object] = {
        "player": 0, "dice": (), "rolls": 0, "first_player": 0, "roll_off": None, **fields,
    }  # fmt: skip
    return Turn(phase, **given)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("turn", "path", "words"),
    [
        (_turn(Phase.ROLL_OFF), "roll_off", "a roll-off phase needs a roll-off"),
        (_turn(Phase.THROW, roll_off=RollOff((0, 1))), "roll_off", "must be null in phase"),
        (_turn(Phase.DECIDE, first_player=None), "first_player", "must be a seat"),
    ],
)
def test_the_seating_is_checked_once_with_the_same_words(turn: Turn, path: str, words: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        turn.seated()
    assert caught.value.path == path
    assert words in str(caught.value)


def test_the_seating_answers_the_first_player_after_the_roll_off() -> None:
    assert _turn(Phase.ROLL_OFF, first_player=None, roll_off=RollOff((0, 1))).seated() is None
    assert _turn(Phase.DECIDE, first_player=1).seated() == 1


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        (_turn(Phase.THROW, rolls=3, dice=(1,)), "kept dice must leave something to throw"),
        (_turn(Phase.THROW, rolls=1, dice=(1, 2, 3, 4, 5)), "kept dice must leave"),
        (_turn(Phase.THROW, rolls=0, dice=(1,)), "kept dice must leave"),
        (_turn(Phase.DECIDE, rolls=1, dice=()), "five dice after a throw"),
        (_turn(Phase.DECIDE, rolls=0, dice=(1, 2, 3, 4, 5)), "five dice after a throw"),
        (_turn(Phase.DECIDE, rolls=2, dice=(1, 2, 3)), "five dice after a throw"),
    ],
)
def test_the_dice_of_a_turn_are_checked_once(turn: Turn, words: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        turn.check_dice()
    assert caught.value.path == "dice"
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "turn",
    [
        _turn(Phase.THROW, rolls=0),
        _turn(Phase.THROW, rolls=2, dice=(1, 2, 3, 4)),
        _turn(Phase.DECIDE, rolls=0),
        _turn(Phase.DECIDE, rolls=3, dice=(1, 2, 3, 4, 5)),
    ],
)
def test_the_dice_of_a_turn_that_fit_pass(turn: Turn) -> None:
    turn.check_dice()


def test_a_finished_game_shows_no_turn() -> None:
    _turn(Phase.OVER).check_over()
    with pytest.raises(InvalidStateError) as caught:
        _turn(Phase.OVER, player=1).check_over()
    assert caught.value.path == "dice"
    assert "no dice, rolls or player once the game is over" in str(caught.value)


def test_the_turn_is_one_value_read_and_written_with_the_documents_keys() -> None:
    doc = {
        "phase": "decide",
        "player": 1,
        "dice": [1, 2, 3, 4, 5],
        "rolls": 2,
        "first_player": None,
        "roll_off": {"contenders": [0, 1], "faces": []},
    }
    turn = Turn.from_dict(doc, 2)
    assert turn == Turn(Phase.DECIDE, 1, (1, 2, 3, 4, 5), 2, None, RollOff((0, 1)))
    assert turn.to_dict() == doc
    assert turn.fields() == {
        "phase": Phase.DECIDE,
        "player": 1,
        "dice": (1, 2, 3, 4, 5),
        "rolls": 2,
        "first_player": None,
        "roll_off": RollOff((0, 1)),
    }
    with pytest.raises(InvalidStateError) as caught:
        Turn.from_dict({**doc, "player": 2}, 2)
    assert caught.value.path == "player"


@pytest.mark.parametrize("name", VARIANTS)
def test_every_dice_game_writes_its_turn_with_the_turn_value(name: str) -> None:
    """The turn's keys of each dice game's document are those its `Turn` writes, in place."""
    game = get_variant(name)
    state = game.new_game(["Ann", "Ben"])
    if not hasattr(state, "roll_off"):
        pytest.skip("not a dice game")
    doc = game.to_dict(state)
    turn_class = ExtremeTurn if hasattr(state, "d10") else Turn
    written = turn_class.of(state).to_dict()
    assert {k: doc[k] for k in written} == written
    assert turn_class.from_dict(doc, 2) == turn_class.of(state)
