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
from kniffel_rules._dicewire import check_dice, check_seating, read_seating, read_turn
from kniffel_rules.errors import InvalidStateError
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


class _Turn:
    """A stand-in with a dice game's turn fields, as the checks read them."""

    def __init__(self, phase: Phase, **fields: object) -> None:
        self.phase = phase
        self.first_player: object = 0
        self.roll_off: object = None
        self.dice: tuple[int, ...] = ()
        self.rolls = 0
        self.__dict__.update(fields)


@pytest.mark.parametrize(
    ("turn", "path", "words"),
    [
        (_Turn(Phase.ROLL_OFF), "roll_off", "a roll-off phase needs a roll-off"),
        (_Turn(Phase.THROW, roll_off=RollOff((0, 1))), "roll_off", "must be null in phase"),
        (_Turn(Phase.DECIDE, first_player=None), "first_player", "must be a seat"),
    ],
)
def test_the_seating_is_checked_once_with_the_same_words(
    turn: _Turn, path: str, words: str
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        check_seating(turn)
    assert caught.value.path == path
    assert words in str(caught.value)


def test_the_seating_answers_the_first_player_after_the_roll_off() -> None:
    assert check_seating(_Turn(Phase.ROLL_OFF, first_player=None, roll_off=RollOff((0, 1)))) is None
    assert check_seating(_Turn(Phase.DECIDE, first_player=1)) == 1


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        (_Turn(Phase.THROW, rolls=3, dice=(1,)), "kept dice must leave something to throw"),
        (_Turn(Phase.THROW, rolls=1, dice=(1, 2, 3, 4, 5)), "kept dice must leave"),
        (_Turn(Phase.THROW, rolls=0, dice=(1,)), "kept dice must leave"),
        (_Turn(Phase.DECIDE, rolls=1, dice=()), "five dice after a throw"),
        (_Turn(Phase.DECIDE, rolls=0, dice=(1, 2, 3, 4, 5)), "five dice after a throw"),
        (_Turn(Phase.DECIDE, rolls=2, dice=(1, 2, 3)), "five dice after a throw"),
    ],
)
def test_the_dice_of_a_turn_are_checked_once(turn: _Turn, words: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        check_dice(turn)
    assert caught.value.path == "dice"
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "turn",
    [
        _Turn(Phase.THROW, rolls=0),
        _Turn(Phase.THROW, rolls=2, dice=(1, 2, 3, 4)),
        _Turn(Phase.DECIDE, rolls=0),
        _Turn(Phase.DECIDE, rolls=3, dice=(1, 2, 3, 4, 5)),
    ],
)
def test_the_dice_of_a_turn_that_fit_pass(turn: _Turn) -> None:
    check_dice(turn)


def test_the_turn_is_read_as_keyword_arguments_in_document_order() -> None:
    doc = {
        "phase": "decide",
        "player": 1,
        "dice": [1, 2, 3, 4, 5],
        "rolls": 2,
        "first_player": None,
        "roll_off": {"contenders": [0, 1], "faces": []},
    }
    assert read_turn(doc, 2) == {
        "phase": Phase.DECIDE,
        "player": 1,
        "dice": (1, 2, 3, 4, 5),
        "rolls": 2,
    }
    assert read_seating(doc, 2) == {"first_player": None, "roll_off": RollOff((0, 1))}
    with pytest.raises(InvalidStateError) as caught:
        read_turn({**doc, "player": 2}, 2)
    assert caught.value.path == "player"
