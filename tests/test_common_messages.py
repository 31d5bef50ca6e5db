"""Exact messages and field paths of the shared validators (pinned after mutation testing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

from kniffel_rules import VARIANTS, InvalidStateError, classic, extreme
from kniffel_rules._common import check_turn_order, name_problem, player_names, top_seats

WILD: Any = "wild"  # deliberately not a JokerMode
ONE: Any = 1  # deliberately not a bool


@pytest.mark.parametrize(
    ("make", "path", "message"),
    [
        (
            lambda: classic.Rules(joker=WILD),
            "rules.joker",
            "'wild' is not one of 'schmidt', 'forced', 'free', 'none'",
        ),
        (lambda: classic.Rules(games=True), "rules.games", "expected an integer, got bool"),
        (lambda: classic.Rules(games=0), "rules.games", "0 is below the minimum 1"),
        (lambda: classic.Rules(full_cup=ONE), "rules.full_cup", "expected True or False, got 1"),
        (lambda: classic.Rules.from_dict([1]), "rules", "expected an object of rule options"),
        (lambda: classic.Rules.from_dict({"colour": 1}), "rules", "unknown rule option 'colour'"),
        (
            lambda: classic.Rules.from_dict({"joker": "x"}, "doc.rules"),
            "doc.rules.joker",
            "'x' is not one of 'schmidt', 'forced', 'free', 'none'",
        ),
        (
            lambda: extreme.Rules.from_dict({"chips": 23}, "doc.rules"),
            "doc.rules.chips",
            "23 is above the maximum 22",
        ),
        (lambda: player_names(0), "players", "this game needs 1 to 1000 players, got 0"),
        (lambda: player_names(1001), "players", "this game needs 1 to 1000 players, got 1001"),
        (
            lambda: player_names(10**12),
            "players",
            "this game needs 1 to 1000 players, got 1000000000000",
        ),
        (
            lambda: player_names(["Ann", "x" * 101]),
            "players[1]",
            "a player's name has at most 100 characters",
        ),
        (
            lambda: player_names(["\ud800"]),
            "players[0]",
            "U+D800 at index 0 is a surrogate (Unicode category Cs); a player's name refuses "
            "control characters, bidirectional controls, surrogates, private-use and unassigned "
            "code points and line separators",
        ),
        (
            lambda: player_names(["Ann", "Eve\u202e"]),
            "players[1]",
            "U+202E at index 3 is a bidirectional control (Unicode category Cf); a player's name "
            "refuses control characters, bidirectional controls, surrogates, private-use and "
            "unassigned code points and line separators",
        ),
        (
            lambda: player_names(cast(Any, [3])),
            "players[0]",
            "a player's name is a non-empty string",
        ),
        (lambda: player_names(5, 2, 4), "players", "this game needs 2 to 4 players, got 5"),
        (lambda: player_names(3, 2, 2), "players", "this game needs exactly 2 players, got 3"),
        (lambda: player_names(True), "players", "expected a number of players or a list of names"),
        (lambda: player_names("Ann"), "players", "expected a number of players or a list of names"),
        (lambda: player_names(["Ann", ""]), "players[1]", "a player's name is a non-empty string"),
        (lambda: player_names([]), "players", "this game needs 1 to 1000 players, got 0"),
        (lambda: check_turn_order([2, 2], 0, 0, 2), "player", "the player to move has no open box"),
        (
            lambda: check_turn_order([1, 0, 0], 0, 2, 13),
            "players[1].sheet",
            "the turn order allows 1 filled box here, not 0",
        ),
    ],
)
def test_validators_name_the_field(make: Callable[[], object], path: str, message: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        make()
    assert (info.value.path, info.value.detail) == (path, message)
    assert str(info.value) == f"{path}: {message}"


class _Hostile(str):
    """A string whose comparison raises: what no JSON text holds."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("a hostile comparison")

    __hash__ = str.__hash__


def test_a_choice_or_an_option_name_that_is_no_plain_string_is_refused_unasked() -> None:
    """The exact type is checked before the value is compared (no method of it is asked)."""
    with pytest.raises(InvalidStateError) as info:
        classic.Rules(joker=cast(Any, _Hostile("schmidt")))
    assert info.value.path == "rules.joker"
    assert info.value.detail == "'schmidt' is not one of 'schmidt', 'forced', 'free', 'none'"
    with pytest.raises(InvalidStateError) as info:
        classic.Rules.from_dict({_Hostile("joker"): "schmidt"})
    assert (info.value.path, info.value.detail) == ("rules", "unknown rule option 'joker'")
    with pytest.raises(InvalidStateError) as info:
        classic.Rules.from_dict(cast(Any, type("D", (dict,), {})(joker="schmidt")))
    assert (info.value.path, info.value.detail) == ("rules", "expected an object of rule options")


def test_valid_input() -> None:
    assert player_names(2) == ("Player 1", "Player 2")
    assert player_names(["A", "B"], 2, 4) == ("A", "B")
    assert top_seats([3, 5, 5]) == (1, 2)
    assert top_seats([7]) == (0,)
    check_turn_order([1, 1, 0], 0, 2, 13)
    check_turn_order([1, 0, 1], 2, 1, 13)


def _with_integer_options() -> list[str]:
    """The registered games whose ``Rules`` have an integer option (Yatzy's are on/off)."""
    import kniffel_rules

    return [
        game
        for game in kniffel_rules.VARIANTS
        if any(
            hasattr(f.validator, "hi") for f in attrs.fields(kniffel_rules.get_variant(game).Rules)
        )
    ]


@pytest.mark.parametrize("game", VARIANTS)
def test_every_rules_reader_puts_errors_under_the_given_path(game: str) -> None:
    import attrs

    import kniffel_rules

    rules_cls: Any = kniffel_rules.get_variant(game).Rules
    with pytest.raises(InvalidStateError) as info:
        rules_cls.from_dict({"no_such_option": 1}, "doc.rules")
    assert info.value.path == "doc.rules"
    assert "no_such_option" in info.value.detail
    field = next(  # an integer option, else the first option
        (
            f.name
            for f in attrs.fields(rules_cls)
            if isinstance(f.default, int) and not isinstance(f.default, bool)
        ),
        attrs.fields(rules_cls)[0].name,
    )
    with pytest.raises(InvalidStateError) as bad:
        rules_cls.from_dict({field: "many"}, "doc.rules")
    assert bad.value.path == f"doc.rules.{field}"
    assert not bad.value.detail.startswith("rules.")


def test_card_game_rules_messages() -> None:
    from kniffel_rules import cards

    rules = cards.Rules()
    for players in (1, 5, True):
        with pytest.raises(InvalidStateError) as info:
            rules.tokens(players)
        assert (info.value.path, info.value.detail) == (
            "players",
            f"this game needs 2 to 4 players, got {players!r}",
        )
    assert (rules.tokens(2), rules.tokens(3), rules.tokens(4)) == (24, 20, 18)
    not_a_board: Any = "blue"
    field = next(a.name for a in attrs.fields(cards.Rules) if a.name.endswith("board"))
    with pytest.raises(InvalidStateError) as bad:
        cards.Rules(**{field: not_a_board})
    assert (bad.value.path, bad.value.detail) == (f"rules.{field}", "expected a Board, got 'blue'")
    with pytest.raises(InvalidStateError) as listed:
        cards.Rules.from_dict([1], "doc.rules")
    assert listed.value.path == "doc.rules"


@pytest.mark.parametrize("game", _with_integer_options())
def test_every_rules_reader_defaults_to_the_path_rules(game: str) -> None:
    import kniffel_rules

    rules_cls: Any = kniffel_rules.get_variant(game).Rules
    with pytest.raises(InvalidStateError) as info:
        rules_cls.from_dict({"no_such_option": 1})
    assert info.value.path == "rules"
    field = next(f.name for f in attrs.fields(rules_cls) if hasattr(f.validator, "hi"))
    with pytest.raises(InvalidStateError) as bad:
        rules_cls.from_dict({field: "many"})
    assert (bad.value.path, bad.value.detail) == (
        f"rules.{field}",
        "expected an integer, got str",
    )


@pytest.mark.parametrize("game", _with_integer_options())
def test_integer_options_accept_both_ends_of_their_range(game: str) -> None:
    import kniffel_rules

    rules_cls: Any = kniffel_rules.get_variant(game).Rules
    ranged = [(f.name, f.validator) for f in attrs.fields(rules_cls) if hasattr(f.validator, "hi")]
    assert ranged, "every game has at least one integer option"
    for name, check in ranged:
        lo, hi = check.lo, check.hi
        for ok in (lo, hi):
            assert getattr(rules_cls(**{name: ok}), name) == ok
        for bad in (lo - 1, hi + 1):
            with pytest.raises(InvalidStateError) as info:
                rules_cls(**{name: bad})
            where = f"below the minimum {lo}" if bad < lo else f"above the maximum {hi}"
            assert info.value.detail == f"{bad} is {where}"


def test_format_characters_other_than_the_bidi_controls_stay_allowed() -> None:
    """A zero-width joiner builds an emoji sequence: a name may hold it (issue 26 item 3)."""
    assert player_names(["Jo\u200dy", "\U0001f468\u200d\U0001f469"]) == (
        "Jo\u200dy",
        "\U0001f468\u200d\U0001f469",
    )


def _not_a_board() -> object:
    from kniffel_rules import cards

    field = next(a.name for a in attrs.fields(cards.Rules) if a.name.endswith("board"))
    return cards.Rules(**{field: cast(Any, "blue")})


def _five_card_players() -> object:
    from kniffel_rules import cards

    return cards.Rules().tokens(5)


@pytest.mark.parametrize(
    ("make", "english", "german"),
    [
        (
            lambda: classic.Rules(croatian_floor=True),
            "rules.croatian_floor: applies to the Croatian sheet only: set croatian too",
            "rules.croatian_floor: Gilt nur für den kroatischen Spielzettel: Setze auch croatian",
        ),
        (
            _not_a_board,
            "rules.blue_board: expected a Board, got 'blue'",
            "rules.blue_board: Erwartet wird ein Board, erhalten: 'blue'",
        ),
        (
            _five_card_players,
            "players: this game needs 2 to 4 players, got 5",
            "players: Dieses Spiel braucht 2 bis 4 Spieler, erhalten: 5",
        ),
    ],
)
def test_the_rules_checks_speak_english_and_german(
    make: Callable[[], object], english: str, german: str
) -> None:
    """The Rules checks' templates verbatim in both languages (mutation testing mutates them)."""
    with pytest.raises(InvalidStateError) as info:
        make()
    assert str(info.value) == english
    assert info.value.localized("en") == english
    assert info.value.localized("de") == german


# --- a name shows something and stacks at most four marks (`name_problem`) ----------------


# Spaces, zero-width and format characters, lone marks and blank fillers alone
# (`tests/test_name_controls.py` takes them through every door too).
UNSEEN_NAMES = (
    " ", "   ", "\u200b", "\u00a0", "\u3164", "\u115f\u1160", "\uffa0", "\u2800",
    "\u0301", "\u200d\u0301", "\u3000", "\u180e", "\u20dd", "\u00a0\u20de",
)  # fmt: skip


@pytest.mark.parametrize("name", UNSEEN_NAMES)
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    assert name_problem(name) == "a player's name needs a visible character"


@pytest.mark.parametrize(
    "name",
    ["Ann", "X", "XX X", "x ", " x", "\u00c9", "Ann\u200b", "Nge\u0323\u0302n",
     "a\u0301\u0302\u0303\u0304", "a\u0301\u20dd\u0302\u20de", "\u05e9\u05c1\u05b8\u0591\u05bd",
     "a" + "\u0301" * 4 + "b" + "\u0301" * 4, "\u674e"],
)  # fmt: skip
def test_a_name_with_a_visible_character_and_few_marks_is_taken(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "index"),
    [("Ann a" + "\u0301" * 99, 9), ("a\u0301\u20dd\u0302\u20de\u0303", 5), ("\u0301" * 5, 4)],
)
def test_a_fifth_mark_on_one_character_is_refused_where_it_stands(name: str, index: int) -> None:
    code = f"U+{ord(name[index]):04X}"
    assert name_problem(name) == (
        f"{code} at index {index} is the 5th mark on one character; a player's name stacks at "
        "most 4 marks"
    )
