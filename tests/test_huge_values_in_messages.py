"""A refusal quotes what it got without failing on it: huge integers and junk settings.

Python will not write an integer of more than 4,300 digits as text, so a
message that quoted one with ``{value!r}`` or ``{value}`` raised ValueError
instead of the `KniffelError` it was building: ``new_game(players=10**5000)``,
``render(state, lang=10**5000)``, ``cards.Rules(blue_board=10**5000)``,
``extreme.Roll(keep_d10=10**5000)`` and more. Every message now quotes
through `kniffel_rules._text.brief` (or a sentence's arguments are shortened
the same way). Also two settings that were read unchecked:
``CardsISMCTS(searched=...)`` and ``OptimalSolitaire(table=...)``.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import VARIANTS, KniffelError, get_variant, play, random_policy, record, svg
from kniffel_rules._i18n import N_, Text
from kniffel_rules.bots import OptimalSolitaire
from kniffel_rules.bots.cards_ismcts import CardsISMCTS
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.playing import game_generators

HUGE = 10**5000  # beyond Python's 4,300-digit limit of int -> str
HUGE_VALUES = (HUGE, -HUGE, (HUGE,), [HUGE, 1], {"x": HUGE})


def _refused(call: Any, *args: Any, **kwargs: Any) -> KniffelError:
    with pytest.raises(KniffelError) as caught:
        call(*args, **kwargs)
    str(caught.value)  # the message can be written
    return caught.value


def test_a_sentence_quotes_a_huge_number_shortened() -> None:
    text = Text.of(N_("this game needs 1 to 1000 players, got {count}"), count=HUGE)
    assert text.endswith("got <int of 16610 bits>")
    assert Text.of(N_("got {count}"), count=10**100) == f"got {10**100}"  # large but writable


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("value", HUGE_VALUES, ids=["huge", "-huge", "tuple", "list", "dict"])
def test_every_game_refuses_a_huge_value_in_its_arguments(name: str, value: object) -> None:
    game: Any = get_variant(name)
    _refused(game.new_game, players=value)
    _refused(game.new_game, players=2, first_player=value)
    _refused(game.new_game, players=2, rules=value)
    state = game.new_game(players=2)
    _refused(game.render, state, lang=value)
    _refused(game.render_action, game.legal_actions(state)[0], lang=value)
    _refused(svg.render, state, lang=value)
    _refused(game.action_from_dict, value)
    _refused(game.action_from_dict, {"type": "nothing"}, path=value)  # a caller's own path
    _refused(game.from_dict, value)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_attrs_class_of_a_game_refuses_a_huge_field(name: str) -> None:
    """Rules, actions and pieces: each field given a huge number is refused by name."""
    game: Any = get_variant(name)
    classes = [
        obj
        for obj in (getattr(game, n) for n in game.__all__)
        if inspect.isclass(obj) and attrs.has(obj)
    ]
    assert game.Rules in classes
    tried = 0
    missing: list[str] = []
    for cls in classes:
        for field in attrs.fields(cls):
            if not field.init:
                continue
            try:
                cls(**{field.alias: HUGE})
            except KniffelError as error:
                str(error)
                tried += 1
            except TypeError as error:  # another field is required: not this test's concern
                missing.append(str(error))
    assert tried > 0
    assert all("missing" in error for error in missing), missing


@given(
    searched=st.one_of(
        st.none(),
        st.integers(),
        st.text(min_size=1, max_size=5),
        st.lists(st.integers(), min_size=1, max_size=3),
        st.lists(st.lists(st.integers(), max_size=2), min_size=1, max_size=2),
    )
)
def test_the_card_search_refuses_junk_phases(searched: object) -> None:
    error = _refused(CardsISMCTS, searched=searched)
    assert isinstance(error, InvalidStateError) and error.path == "searched"


def test_the_card_search_takes_phases() -> None:
    from kniffel_rules.cards import Phase

    assert CardsISMCTS(searched=[Phase.TURN]).searched == frozenset({Phase.TURN})
    assert CardsISMCTS(searched=()).searched == frozenset()  # no phase searched: all rollouts


@pytest.mark.parametrize("table", [0, 1.5, b"table.kvt", object(), ["a"], "a\x00b"])
def test_the_optimal_player_refuses_a_table_that_is_no_path(table: object) -> None:
    error = _refused(OptimalSolitaire, table=table)
    assert isinstance(error, InvalidStateError) and error.path == "table"


def test_a_table_path_that_is_missing_is_the_operating_systems_error(tmp_path: Any) -> None:
    with pytest.raises(FileNotFoundError):
        OptimalSolitaire(table=tmp_path / "missing.kvt")


@pytest.mark.parametrize("seed", [10**4000, -(10**4000), HUGE], ids=["bound", "-bound", "huge"])
def test_a_seed_too_long_to_write_is_refused(seed: int) -> None:
    """A game's generators are seeded with the seed's text: one Python cannot write is refused."""
    for call in (play, record):
        error = _refused(call, "classic", [random_policy], seed=seed)
        assert isinstance(error, InvalidStateError) and error.path == "seed"
    _refused(game_generators, seed, 1)
    assert play("classic", [random_policy], seed=10**4000 - 1) == play(
        "classic", [random_policy], seed=10**4000 - 1
    )


def _quoting_calls() -> list[tuple[str, Any]]:
    """Each entry function of the scoring modules that quotes a bad argument, as (id, call)."""
    from kniffel_rules import classic, yatzy

    cc = importlib.import_module("kniffel_rules.classic.combinations")
    cl = importlib.import_module("kniffel_rules.classic.legality")
    dc = importlib.import_module("kniffel_rules.duel.combinations")
    ec = importlib.import_module("kniffel_rules.extreme.combinations")
    sheet, dice, rules, ones = classic.Sheet(), (1, 2, 3, 4, 5), classic.Rules(), classic.Box.ONES
    return [
        ("classic.score", lambda bad: cc.score(bad, dice)),
        ("classic.possible_values", cc.possible_values),
        ("classic.entry_values", cc.entry_values),
        ("classic.check_entry.dice", lambda bad: cl.check_entry(sheet, bad, ones, rules)),
        ("classic.check_entry.box", lambda bad: cl.check_entry(sheet, dice, bad, rules)),
        ("extreme.score", lambda bad: ec.score(bad, (1, 2, 3, 4, 5, 0))),
        ("extreme.possible_values", ec.possible_values),
        ("extreme.entry_values", ec.entry_values),
        ("duel.combinations", lambda bad: dc.combinations((1, 2, 3, 4, bad))),
        ("yatzy.score", lambda bad: yatzy.score(bad, (1, 1, 2, 3, 4))),
    ]


@pytest.mark.parametrize(("name", "call"), _quoting_calls(), ids=[n for n, _ in _quoting_calls()])
def test_a_refusal_quotes_what_it_got(name: str, call: Any) -> None:
    """What was given stands in the message: its repr, or a short stand-in for a huge number."""
    assert str(_refused(call, "quoted")).endswith("'quoted'" if name != "yatzy.score" else "str")
    shown = "got <tuple>" if name == "duel.combinations" else "<int of 16610 bits>"
    assert shown in str(_refused(call, HUGE)) or name == "yatzy.score"


LONG = "x" * 100_000  # a hostile text: quoted whole before


def _hostile_calls() -> list[tuple[str, Any]]:
    """Each refusal that quoted a value from outside with ``repr``, as (id, call of the value)."""
    from kniffel_rules import cards, classic, verify_sheet, yatzy
    from kniffel_rules.cards import Card

    ranking_points = importlib.import_module("kniffel_rules.classic.engine").ranking_points
    boards = importlib.import_module("kniffel_rules.cards._boards")
    row = cards.Rules().blue_board.colour
    sheet = {"format": "kniffel-rules/sheet", "version": 1}
    dice = (1, 2, 3, 4, 5)

    def totals(bad: object) -> object:
        return ranking_points((1.5, bad) if bad == HUGE else (bad,))  # an int is a total

    def score(bad: object) -> object:
        return classic.legality.problem(_thrown(), classic.Score(bad))  # type: ignore[arg-type]

    def position(game: Any) -> Any:
        reader = game.INFO.position
        assert reader is not None
        return lambda bad: reader.build(game.Rules(), dice, 0, [(bad, 1)], 0)

    def board(bad: object) -> object:
        rows = dict.fromkeys(("colour", "three_of_a_kind", "straight", "two_pairs"), row)
        return boards.Board(full_house=bad, **rows)

    return [
        ("classic.ranking_points", totals),
        ("classic.ranking_points.whole", lambda bad: ranking_points({"x": bad})),
        ("classic.Score", score),
        ("classic.position", position(classic)),
        ("yatzy.position", position(yatzy)),
        ("cards.Rules.tokens", lambda bad: cards.Rules().tokens(bad)),
        ("cards.Card.parse", Card.parse),
        ("cards.Board", board),
        ("verify_sheet.variant", lambda bad: verify_sheet({**sheet, "variant": bad})),
        ("classic.verify_sheet", lambda bad: classic.verify_sheet({**sheet, "variant": bad})),
    ]


def _thrown() -> Any:
    from kniffel_rules import classic

    state = classic.apply(classic.new_game(players=1), classic.Roll())
    return classic.apply(state, classic.DiceRoll((1, 2, 3, 4, 5)))


@pytest.mark.parametrize(("name", "call"), _hostile_calls(), ids=[n for n, _ in _hostile_calls()])
@pytest.mark.parametrize("bad", [HUGE, LONG, [LONG]], ids=["huge", "long", "list"])
def test_a_refusal_quotes_a_hostile_value_shortened(name: str, call: Any, bad: object) -> None:
    """Never Python's ValueError for a huge number, never a megabyte of message."""
    error = _refused(call, bad)
    assert len(str(error)) < 400, str(error)[:300]
    localized = getattr(error, "localized", None)
    if localized is not None:
        assert len(localized("de")) < 400


JUNK = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([1, -1]).map(lambda sign: sign * HUGE),  # (a strategy's repr shows it)
        st.floats(),
        st.text(),
        st.text(min_size=1000, max_size=3000),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(), inner, max_size=3)
    ),
    max_leaves=6,
)
"""Anything a hostile document or caller hands over: wrong types, bools, huge, nested, long text."""


@pytest.mark.parametrize(("name", "call"), _hostile_calls(), ids=[n for n, _ in _hostile_calls()])
@given(bad=JUNK)
def test_any_hostile_value_is_accepted_or_refused_in_a_short_message(
    name: str, call: Any, bad: object
) -> None:
    error: KniffelError | None = None
    try:
        call(bad)
    except KniffelError as refused:  # accepted is fine too (an int is a total)
        error = refused
    if error is not None:
        assert len(str(error)) < 400, str(error)[:300]
        localized = getattr(error, "localized", None)
        assert localized is None or len(localized("de")) < 400


@pytest.mark.parametrize("rules", ["quoted", 1, object()])
def test_yatzy_refuses_other_rules_by_their_type(rules: object) -> None:
    from kniffel_rules import yatzy

    for call in (yatzy.solitaire, lambda bad: yatzy.score(yatzy.Box.ONES, (1, 1, 2, 3, 4), bad)):
        error = _refused(call, rules)
        assert str(error) == f"rules: expected yatzy.Rules, got {type(rules).__name__}"


@pytest.mark.parametrize("name", VARIANTS)
def test_a_document_with_a_number_too_long_to_read_is_refused_in_both_languages(name: str) -> None:
    """JSON text holding a number of 5,000 digits: Python's own English stayed in the German."""
    from kniffel_rules import record_from_json, verify_sheet

    game: Any = get_variant(name)
    number = "1" * 5000
    texts = [
        game.to_json(game.new_game(players=2)).replace('"players"', f'"x":{number},"players"', 1),
        f'{{"format":"kniffel-record","variant":"{name}","version":{number}}}',
    ]
    for read in (game.from_json, record_from_json, verify_sheet):
        for text in texts:
            error = _refused(read, text)
            assert isinstance(error, InvalidStateError)
            assert str(error) == "not valid JSON (a number has more than 4300 digits)"
            assert error.localized("de").endswith("(eine Zahl hat mehr als 4300 Stellen)")


def test_a_document_key_of_hundreds_of_characters_makes_no_long_path() -> None:
    """A hostile key lands in the path of what it holds: the path is cut in the middle."""
    from kniffel_rules import verify_sheet

    key = "0" * 300
    for doc, start in (
        ({"variant": {key: HUGE}, "players": []}, "variant.000"),
        ({"variant": "classic", "players": [{key: HUGE}]}, "players[0].000"),
    ):
        with pytest.raises(InvalidStateError) as info:
            verify_sheet(doc)
        path = info.value.path
        assert len(path) == 120 and path.startswith(start) and "..." in path
        assert str(info.value) == f"{path}: an integer of more than 4300 digits"
        assert info.value.localized("de") == f"{path}: Eine ganze Zahl mit mehr als 4300 Stellen"
    short = "players[999].games[9].turns[12].rolls[2].keep[4]"
    assert InvalidStateError(short, "x").path == short  # a real path is never cut
