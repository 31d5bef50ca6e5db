"""Untrusted input (issue 14): strict action fields, junk states, and reachability.

Every action and chance-outcome constructor takes only what it documents; the
public functions refuse a junk state with `InvalidStateError`; `from_json`
reads back every state that random games reach and refuses a document that
breaks any invariant of "Reachable states" on ``docs/rules/cards.md`` (one
test per invariant, each editing a real `to_json` document).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _ids import shown
from cards.helpers import hand, late_position, play_until, position, tokens
from kniffel_rules import CHANCE, InvalidStateError, KniffelError
from kniffel_rules import cards as C
from kniffel_rules.cards import (
    Begin,
    Card,
    Combination,
    Discard,
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
    Take,
    legality,
)
from kniffel_rules.cards.legality import is_out
from kniffel_rules.cards.pieces import CARDS, Board, BoardRow, Colour

FH, COL, TOAK, ST, TP = Row

# --- (a) constructors -------------------------------------------------------------------


class _Other(enum.Enum):
    ONE = 1


JUNK_VALUES: tuple[Any, ...] = (
    True,
    False,
    1.0,
    0.0,
    Fraction(1),
    10**100,
    -1,
    "1",
    "red 7",
    "colour",
    None,
    _Other.ONE,
    Combination.KNIFFEL,
    Row.COLOUR,
    (),
    [],
    object(),
)


def _constructors() -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    red7 = CARDS[31]
    return (
        ("StartPlayer.seat", StartPlayer),
        ("PlaceToken.row", PlaceToken),
        ("Take.card", Take),
        ("Exchange.card", Exchange),
        ("Discard.card", Discard),
        ("Place.row", lambda v: Place(v)),
        ("Place.from_reserve", lambda v: Place(Row.TWO_PAIRS, v)),
        ("Place.levels", lambda v: Place(Row.TWO_PAIRS, 0, v)),
        ("Play.combination", lambda v: Play(v, (red7,))),
        ("Play.cards", lambda v: Play(Combination.KNIFFEL, v)),
        ("Play.cards[0]", lambda v: Play(Combination.KNIFFEL, (v,))),
        ("Card.value", lambda v: Card(v, "red")),
        ("Card.colour", lambda v: Card(7, v)),
    )


LEGAL_POOL: set[Any] = set()


def _legal_pool() -> set[Any]:
    """Legal actions and outcomes met in a few random games of every variant."""
    if not LEGAL_POOL:
        for seed, state in enumerate(_states(4)):
            LEGAL_POOL.update(C.legal_actions(state))
            del seed
    return LEGAL_POOL


def _documented(name: str, value: Any) -> bool:
    """Whether ``value`` is of the type the field ``name`` documents."""
    if name in ("StartPlayer.seat", "Place.from_reserve", "Place.levels", "Card.value"):
        return type(value) is int
    if name.endswith(".row"):
        return isinstance(value, Row)
    if name == "Play.combination":
        return isinstance(value, Combination)
    if name == "Card.colour":
        return isinstance(value, (Colour, str))
    if name == "Play.cards":
        return not isinstance(value, str) and all(isinstance(c, Card) for c in value)
    return isinstance(value, Card)


def _check_junk(name: str, build: Callable[[Any], Any], value: Any) -> None:
    try:
        built = build(value)
    except InvalidStateError:
        return
    # what builds is of the documented type: so an object equal to a legal action is one
    assert _documented(name, value), (name, value, built)
    documented = (int, str, Row, Combination, Colour, Card, tuple, list)
    assert built not in _legal_pool() or type(value) in documented


@pytest.mark.parametrize("value", JUNK_VALUES, ids=shown)
def test_junk_values_are_refused_at_construction(value: Any) -> None:
    for name, build in _constructors():
        _check_junk(name, build, value)


def test_start_player_true_and_float_are_refused() -> None:
    seats: tuple[Any, ...] = (True, 1.0, Fraction(1))
    for seat in seats:
        with pytest.raises(InvalidStateError, match="seat"):
            StartPlayer(seat)
    s = C.new_game(2)
    assert StartPlayer(1) in C.legal_actions(s)
    # a foreign or junk object still gets PR-01 from why_illegal
    for junk in (object(), "StartPlayer(1)", 1, 1.0, None):
        reason = C.why_illegal(s, junk)
        assert reason is not None and reason.rule == "PR-01"


_JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.fractions(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(max_size=8),
    st.none(),
    st.sampled_from([*Row, *Combination, *Colour, _Other.ONE, Phase.TURN]),
    st.lists(st.integers(), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(which=st.integers(0, 12), value=_JUNK)
def test_junk_fields_never_build_a_legal_action_nor_raise_otherwise(which: int, value: Any) -> None:
    name, build = _constructors()[which]
    _check_junk(name, build, value)


@pytest.mark.parametrize("phase", [Phase.START, Phase.SETUP, Phase.TURN, Phase.TAKE])
def test_apply_with_a_junk_action_raises_only_kniffel_errors(phase: Phase) -> None:
    state = next(s for s in _states(2) if s.phase is phase)
    before = C.to_json(state)
    for junk in (*JUNK_VALUES, StartPlayer(3), Place(Row.COLOUR, 10**9)):
        with pytest.raises(KniffelError):
            C.apply(state, junk)
    assert C.to_json(state) == before


# --- public functions with a junk state ---------------------------------------------------


@pytest.mark.parametrize("junk", [None, 3, "state", object(), C.observation])
def test_every_public_function_refuses_a_junk_state(junk: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: C.scores(junk),
        lambda: C.to_json(junk),
        lambda: C.observation(junk, 0),
        lambda: C.winners(junk),
        lambda: C.legal_actions(junk),
        lambda: C.apply(junk, C.Draw()),
        lambda: C.why_illegal(junk, C.Draw()),
        lambda: C.current_player(junk),
        lambda: C.is_terminal(junk),
        lambda: C.chance_outcomes(junk),
        lambda: C.sample_chance(junk, random.Random(0)),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError):
            call()


_RULES = Rules()
_TOKENS = C.new_game(2).tokens[0]
_J: Any = None  # junk, typed loosely on purpose
_NO_TOKENS = "expected cards Tokens, got None"


@pytest.mark.parametrize(
    ("call", "path", "detail"),
    [
        (lambda: legality.is_out(_J, _TOKENS), "rules", "expected cards.Rules, got None"),
        (lambda: legality.is_out(_RULES, cast(Any, (0, 0))), "tokens",
         "expected cards Tokens, got (0, 0)"),
        (lambda: legality.hand_limit(_RULES, _J), "tokens", _NO_TOKENS),
        (lambda: legality.row_value(_RULES, _TOKENS, cast(Any, "colour")), "row",
         "expected a cards Row, got 'colour'"),
        (lambda: legality.row_value(_RULES, _J, Row.COLOUR), "tokens", _NO_TOKENS),
        (lambda: legality.place_options(_RULES, _TOKENS, cast(Any, Row.COLOUR)), "combo",
         "expected a cards Combination, got <Row.COLOUR: 'colour'>"),
        (lambda: legality.place_options(_RULES, _J, Combination.KNIFFEL), "tokens", _NO_TOKENS),
    ],
)  # fmt: skip
def test_the_board_helpers_name_a_junk_argument(
    call: Callable[[], object], path: str, detail: str
) -> None:
    """The legality helpers a bot reads a board with refuse junk with the argument's name."""
    with pytest.raises(InvalidStateError) as info:
        call()
    assert (info.value.path, info.value.detail) == (path, detail)


def test_the_board_helpers_answer_as_the_game_does() -> None:
    """At the start every row is empty: the printed first values, the hand limit, not out."""
    board = _RULES.board
    assert legality.hand_limit(_RULES, _TOKENS) == board.row(Row.STRAIGHT).value(0)
    assert [legality.row_value(_RULES, _TOKENS, r) for r in Row] == [
        board.row(r).value(0) for r in Row
    ]
    assert not legality.is_out(_RULES, _TOKENS)
    assert legality.place_options(_RULES, _TOKENS, Combination.FULL_HOUSE) == (
        Place(Row.FULL_HOUSE),
    )


# --- (b) deep nesting --------------------------------------------------------------------


def test_a_rules_field_nested_deep_is_an_invalid_state() -> None:
    doc = C.to_json(C.new_game(2))
    deep = "[" * 950 + "]" * 950
    text = doc.replace('"rules":{', '"rules":{"simpler":' + deep + ",", 1)
    assert text != doc
    with pytest.raises(InvalidStateError):
        C.from_json(text)
    d = json.loads(doc)
    d["rules"] = [[[[]]]] * 2
    with pytest.raises(InvalidStateError):
        C.from_json(json.dumps(d))


def test_names_are_read_as_new_game_takes_them() -> None:
    s = C.new_game(["Ann", "Ben"])
    for bad in ("", "x" * 101, "\ud800", 7, None):
        d = json.loads(C.to_json(s))
        d["players"][1]["name"] = bad
        with pytest.raises(InvalidStateError, match=r"players\[1\]\.name"):
            C.from_json(json.dumps(d))
    d = json.loads(C.to_json(s))
    d["players"][1]["name"] = "x" * 100
    assert C.from_json(json.dumps(d)).names[1] == "x" * 100


# --- (e) reachability: every reachable state round-trips ----------------------------------

RULE_SETS = (
    (2, Rules(max_rounds=8)),
    (3, Rules(simpler=True, max_rounds=6)),
    (4, Rules(trickier=True, max_rounds=6)),
    (2, Rules(simpler=True, trickier=True, max_rounds=8)),
    (2, Rules(trickier=True, max_rounds=60)),
)


def _walk(players: int, rules: Rules, seed: int, greedy: bool = False) -> Iterator[State]:
    rng = random.Random(seed)
    state = C.new_game(players, rules=rules)
    while True:
        yield state
        if C.is_terminal(state):
            return
        if C.current_player(state) == CHANCE:
            state = C.apply(state, C.sample_chance(state, rng))
        else:
            actions = C.legal_actions(state)
            plays = [a for a in actions if isinstance(a, (Begin, Pick))] if greedy else []
            pool = plays or actions
            state = C.apply(state, pool[rng.randrange(len(pool))])


def _states(games: int) -> list[State]:
    found: list[State] = []
    for seed in range(games):
        n, rules = RULE_SETS[seed % len(RULE_SETS)]
        found.extend(_walk(n, rules, seed, greedy=seed % 2 == 1))
    return found


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(RULE_SETS) - 1))
def test_every_state_of_a_random_game_round_trips(seed: int, which: int) -> None:
    n, rules = RULE_SETS[which]
    for state in _walk(n, rules, seed, greedy=seed % 2 == 0):
        assert C.from_json(C.to_json(state)) == state


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(RULE_SETS) - 1))
def test_every_state_of_many_random_games_round_trips(seed: int, which: int) -> None:
    n, rules = RULE_SETS[which]
    for state in _walk(n, rules, seed, greedy=seed % 2 == 0):
        assert C.from_json(C.to_json(state)) == state


def test_late_games_with_out_players_round_trip() -> None:
    for seed in range(6):
        rules = Rules(trickier=True, max_rounds=30)
        start = late_position(seed, 3, rules)
        rng = random.Random(seed)
        state = start
        while not C.is_terminal(state):
            assert C.from_json(C.to_json(state)) == state
            if C.current_player(state) == CHANCE:
                state = C.apply(state, C.sample_chance(state, rng))
            else:
                actions = C.legal_actions(state)
                state = C.apply(state, actions[rng.randrange(len(actions))])
        assert C.from_json(C.to_json(state)) == state
        assert all(not is_out(rules, state.tokens[w]) for w in C.winners(state))


# --- (e) one refusal per invariant ------------------------------------------------------------


def _doc(state: State) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(C.to_json(state))
    return doc


def _refused(doc: dict[str, Any], path: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        C.from_json(json.dumps(doc))
    assert caught.value.path.startswith(path), (caught.value.path, caught.value.detail)


def _move(doc: dict[str, Any], source: list[str], target: list[str], k: int = 1) -> None:
    moved, rest = source[:k], source[k:]
    source[:] = rest
    target[:] = sorted(target + moved, key=lambda t: Card.parse(t).index)
    del doc


def _opening(
    rows: tuple[Row, ...] = (ST, ST, TOAK),
    seat0: tuple[str, ...] = ("red 1", "red 2", "red 3"),
    display: tuple[str, ...] = ("blue 9", "green 9", "purple 9", "red 9"),
    rules: Rules | None = None,
) -> State:
    """The game's first turn (seat 0 starts, TURN): both seats' setup tokens on ``rows``.

    Seat 0 is dealt ``seat0``, seat 1 three 12s, the display ``display``.
    """
    s = C.new_game(2, rules=rules or Rules(), first_player=0)
    for row in rows * 2:
        s = C.apply(s, PlaceToken(row))
    seat1 = ("blue 12", "green 12", "red 12")
    for text in (*(c for pair in zip(seat0, seat1, strict=True) for c in pair), *display):
        s = C.apply(s, Card.parse(text))
    assert s.phase is Phase.TURN and s.player == 0 and s.round == 0
    return s


def _steps(state: State, *texts: str) -> State:
    """``state`` after the actions (or chance cards) ``texts``, as a player types them."""
    for text in texts:
        state = C.apply(state, C.parse_action(state, text))
    return state


def _reads_back(state: State) -> State:
    assert C.from_json(C.to_json(state)) == state
    return state


def test_invariant_1_boards_within_the_printed_sides() -> None:
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["rules"]["blue_board"]["straight"]["values"] = [5, 6, 7, 8, 65]
    _refused(d, "rules.blue_board.straight.values")
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["rules"]["blue_board"]["colour"]["values"] = [1, 2, 2, 3, 1]
    _refused(d, "rules.blue_board.colour.values")


def test_invariant_2_players() -> None:
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["players"] = d["players"][:1]
    _refused(d, "players")


def test_invariant_3_card_conservation() -> None:
    # the example: the simpler variant with 59 cards in one hand
    s = position([hand("red 1"), hand("red 2")], rules=Rules(simpler=True), phase=Phase.TURN)
    d = _doc(s)
    d["players"][0]["hand"] = sorted(
        d["players"][0]["hand"] + d["pile"], key=lambda t: Card.parse(t).index
    )
    d["pile"] = []
    d["phase"] = "second"
    assert len(d["players"][0]["hand"]) >= 59
    _refused(d, "players[0].hand")
    d = _doc(s)
    d["pile"] = d["pile"][1:]  # a card lost
    _refused(d, "pile")
    d = _doc(s)
    d["discards"] = [d["players"][0]["hand"][0]]  # a card twice
    _refused(d, "discards")


def test_invariant_4_tokens_per_seat() -> None:
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["players"][1]["reserve"] += 1
    _refused(d, "players[1]")
    d = _doc(position([hand("red 1"), hand("red 2")], [tokens({ST: 2}), tokens()]))
    d["players"][0]["board"]["straight"] = 3  # part of the 2-space level
    d["players"][0]["reserve"] -= 1
    _refused(d, "players[0].board.straight")


def test_invariant_5_the_active_area_in_the_trickier_game() -> None:
    rules = Rules(trickier=True)
    s = position([hand("red 1"), hand("red 2")], [tokens(total=30)] * 2, rules=rules)
    d = _doc(s)
    d["players"][1]["active"], d["players"][1]["reserve"] = 6, 24  # hand limit 5
    _refused(d, "players[1].active")


def test_invariant_6_before_the_first_turn() -> None:
    s = C.new_game(2, first_player=0)
    d = _doc(s)
    d["players"][0]["active"] = 4
    d["players"][0]["reserve"] -= 1
    _refused(d, "players[0].active")


def _unplace(d: dict[str, Any], seat: int, row: Row) -> None:
    """One token of ``seat`` from ``row`` back to the reserve."""
    d["players"][seat]["board"][row.value] -= 1
    d["players"][seat]["reserve"] += 1


def test_invariant_6_setup_tokens_are_placed_while_a_space_is_left() -> None:
    # KA-45: a setup placement is skipped only when no legal space is left
    s = C.new_game(2, first_player=0)
    s = _steps(s, "token straight", "token straight", "token colour", "token straight")
    assert s.phase is Phase.SETUP and s.player == 1
    d = _doc(s)
    _unplace(d, 0, COL)  # seat 0 has had its 3 placements
    _refused(d, "players[0].board")
    dealing = _steps(s, "token straight", "token colour", "blue 1")
    assert dealing.phase is Phase.DEAL
    d = _doc(dealing)
    _unplace(d, 1, ST)
    _refused(d, "players[1].board")
    d = _doc(_opening())  # and until the seat's first turn
    _unplace(d, 1, TOAK)
    _refused(d, "players[1].board")


def test_invariant_6_a_skipped_setup_placement_reads_back() -> None:
    # a board whose only 1-space level is the first of Full House: one setup token each
    wide = BoardRow((2, 2, 3), (1, 2, 3, 3))
    board = Board(
        full_house=BoardRow((1, 2, 3), (1, 2, 3, 4)),
        colour=wide,
        three_of_a_kind=wide,
        straight=BoardRow((2, 3, 3), (5, 6, 7, 8)),
        two_pairs=BoardRow((2,) * 5, (0,) * 6),
    )
    s = _steps(C.new_game(2, rules=Rules(blue_board=board), first_player=0), "token fh")
    assert s.phase is Phase.SETUP and s.player == 1 and s.pending == 3  # two skipped
    s = _reads_back(_steps(s, "token fh"))
    assert s.phase is Phase.DEAL and [t.placed for t in s.tokens] == [1, 1]
    d = _doc(s)
    _unplace(d, 0, FH)  # the space is free: it was not skipped
    _refused(d, "players[0].board")


def test_invariant_6_a_seat_before_its_first_turn_has_its_setup() -> None:
    s = _opening()
    d = _doc(s)
    d["players"][1]["active"], d["players"][1]["reserve"] = 8, d["players"][1]["reserve"] - 5
    _refused(d, "players[1].active")  # KA-05: 3 start active
    d = _doc(s)
    d["players"][1]["board"]["straight"] = 4  # 1 + 1 + 2: whole levels, not a setup
    d["players"][1]["board"]["three_of_a_kind"] = 0
    d["players"][1]["reserve"] -= 1
    _refused(d, "players[1].board.straight")
    d = _doc(s)
    d["players"][0]["active"], d["players"][0]["reserve"] = 5, d["players"][0]["reserve"] - 2
    _refused(d, "players[0].active")  # the mover, before their turn moves a token
    drawing = _steps(s, "draw")
    d = _doc(drawing)
    d["players"][1]["board"]["two_pairs"] = 2
    d["players"][1]["board"]["three_of_a_kind"] = 0
    d["players"][1]["reserve"] -= 1
    _refused(d, "players[1].board.two_pairs")
    exchanging = _reads_back(_steps(s, "exchange red 1"))  # the exchange moved a token
    assert exchanging.phase is Phase.EXCHANGE and exchanging.tokens[0].active == 4


def test_invariant_7_hand_limits_per_phase() -> None:
    s = play_until(C.new_game(2, first_player=0), lambda x: x.phase is Phase.TURN, random.Random(1))
    assert s.round == 0
    d = _doc(s)
    _move(d, d["pile"], d["players"][1]["hand"])  # 4 cards before seat 1's first turn
    _refused(d, "players[1].hand")
    d = _doc(position([hand("red 1"), hand("red 2")]))
    _move(d, d["pile"], d["players"][1]["hand"], 5)  # 6 cards, limit 5, after a turn
    _refused(d, "players[1].hand")
    s = position([hand("red 1"), hand("red 2")], rules=Rules(simpler=True))
    s = play_until(s, lambda x: x.phase is Phase.SECOND, random.Random(0))
    assert len(s.hands[0]) == 3  # 1 + 1 drawn + 1 taken
    d = _doc(s)
    _move(d, d["pile"], d["players"][0]["hand"], 5)  # 8: more than 5 + 1 + 1
    _refused(d, "players[0].hand")


def test_invariant_8_phase_and_player() -> None:
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["pending"] = 1
    _refused(d, "pending")
    d = _doc(position([hand("red 1"), hand("red 2")]))
    d["phase"] = "second"
    _refused(d, "phase")
    d = _doc(position([hand("red 1"), hand("red 2")], rules=Rules(max_rounds=3)))
    d["round"] = 3
    _refused(d, "round")


def test_invariant_8_cards_still_to_take_and_the_display() -> None:
    # KA-47: the display is not refilled while taking, so every card taken left it
    taking = _steps(_opening((COL, COL, ST)), "draw", "blue 1")  # Colour value 2
    assert taking.phase is Phase.TAKE and taking.pending == 2 and len(taking.display) == 4
    d = _doc(taking)
    d["pending"] = 1  # one card taken, but the display still holds 4
    _refused(d, "pending")
    took = _reads_back(_steps(taking, "take blue 9"))
    assert took.pending == 1 and len(took.display) == 3
    d = _doc(took)
    _move(d, d["display"], d["pile"])  # 2 gone from the display, 1 still to take
    _refused(d, "pending")


def test_invariant_9_the_display_and_the_first_discards() -> None:
    s = play_until(C.new_game(2, first_player=0), lambda x: x.phase is Phase.TURN, random.Random(1))
    d = _doc(s)
    _move(d, d["pile"], d["discards"])
    _refused(d, "discards")
    d = _doc(position([hand("red 1"), hand("red 2")]))
    _move(d, d["display"], d["pile"])
    _refused(d, "display")


def _one_more_discard(state: State) -> None:
    """``state`` is read back, and refused with one pile card more in the discards."""
    _reads_back(state)
    d = _doc(state)
    _move(d, d["pile"], d["discards"])
    _refused(d, "discards")


def test_invariant_9_the_discards_of_the_first_turn() -> None:
    # before a play or an exchange the start player's first turn has discarded nothing
    s = _opening(seat0=("green 5", "red 5", "yellow 5"))
    drawing = _steps(s, "draw")
    assert drawing.phase is Phase.DRAW
    _one_more_discard(drawing)
    taking = _steps(drawing, "blue 5")
    assert taking.phase is Phase.TAKE
    _one_more_discard(taking)
    picking = _steps(s, "begin three_of_a_kind", "pick green 5")
    assert picking.phase is Phase.PICK
    _one_more_discard(picking)
    # exactly the cards exchanged so far
    exchanging = _steps(s, "exchange green 5")
    assert exchanging.phase is Phase.EXCHANGE and len(exchanging.discards) == 1
    _one_more_discard(exchanging)
    # simpler: the second action, and the Kniffel being placed
    simple = _opening(
        seat0=("green 5", "red 5", "yellow 5"),
        display=("purple 5", "blue 9", "green 9", "red 9"),
        rules=Rules(simpler=True),
    )
    second = _steps(simple, "draw", "blue 5", "take purple 5")
    assert second.phase is Phase.SECOND
    _one_more_discard(second)
    placing = _steps(second, "begin kniffel", *(f"pick {c.value} 5" for c in Colour))
    assert placing.phase is Phase.PLACE and len(placing.discards) == 5
    _one_more_discard(placing)
    # the turn's end: the dealt and drawn cards, in the hand or discarded
    many = _opening((FH, FH, COL))  # 3 dealt + 3 drawn + 2 taken, limit 5
    discarding = _steps(many, "draw", "blue 1", "green 1", "purple 1", "take blue 9", "take red 9")
    assert discarding.phase is Phase.DISCARD and len(discarding.hands[0]) == 8
    _one_more_discard(discarding)
    discarding = _reads_back(_steps(discarding, "discard blue 1"))
    assert discarding.phase is Phase.DISCARD and len(discarding.discards) == 1
    d = _doc(discarding)
    _move(d, d["discards"], d["pile"])  # basic game: exactly the cards dealt and drawn
    _refused(d, "discards")


def test_invariant_9_a_first_turn_discards_after_an_exchange_under_a_low_limit() -> None:
    # a board whose hand limit starts at 1 (KA-42): an exchange leaves 2 cards, over it
    blue = Rules().blue_board
    board = attrs.evolve(blue, straight=BoardRow((1, 1, 2, 3), (1, 1, 1, 2, 3)))
    s = _opening((FH, COL, COL), rules=Rules(blue_board=board))
    discarding = _reads_back(_steps(s, "exchange red 1"))
    assert discarding.phase is Phase.DISCARD and len(discarding.discards) == 1
    _one_more_discard(discarding)


def test_invariant_12_cards_known_from_the_display() -> None:
    # `shown` grows only by a Take: not before the first turn, not for a seat before theirs
    s = C.new_game(2, first_player=0)
    s = _steps(s, *["token straight", "token straight", "token colour"] * 2, "blue 1", "blue 2")
    assert s.phase is Phase.DEAL
    d = _doc(s)
    d["players"][1]["shown"] = ["blue 2"]
    _refused(d, "players[1].shown")
    s = _opening()
    d = _doc(s)
    d["players"][1]["shown"] = ["blue 12"]
    _refused(d, "players[1].shown")
    d = _doc(s)
    d["players"][0]["shown"] = ["red 1"]  # the mover has taken nothing yet
    _refused(d, "players[0].shown")
    took = _reads_back(_steps(_opening((COL, COL, ST)), "draw", "blue 1", "take blue 9"))
    assert took.phase is Phase.TAKE and took.shown == (Card.parse("blue 9"),)
    d = _doc(took)
    d["players"][0]["shown"] = ["red 1", "blue 9"]  # two known, one taken
    _refused(d, "players[0].shown")


def test_invariant_1_a_tuple_is_no_array_even_when_the_rules_are_cached() -> None:
    # the reader caches rules by their object: a tuple where an array is read is refused
    # whether or not the same rules, written with lists, were read just before
    good = C.to_dict(_opening())
    assert C.from_dict(good).rules == Rules()
    bad = C.to_dict(_opening())
    bad["rules"]["blue_board"]["full_house"]["spaces"] = (1, 1, 2, 3)
    with pytest.raises(InvalidStateError, match="expected an array"):
        C.from_dict(bad)
    view = C.observation_to_dict(C.observation(_opening(), 1))
    assert C.observation_from_dict(view).rules == Rules()
    view["rules"]["blue_board"]["full_house"]["spaces"] = (1, 1, 2, 3)
    with pytest.raises(InvalidStateError, match="expected an array"):
        C.observation_from_dict(view)


def test_invariant_10_the_end() -> None:
    s = position([hand("red 1"), hand("red 2")])
    d = _doc(s)
    d["phase"] = "over"
    _refused(d, "phase")
    rules = Rules(trickier=True)
    stuck = tokens({FH: 8, COL: 8, TOAK: 3, ST: 8, TP: 2}, active=1, total=30)
    fresh = tokens({ST: 2}, total=30)
    d = _doc(position([hand("red 1"), hand("red 2")], [fresh, fresh], rules=rules))
    d["players"][1].update(reserve=0, active=1, board={r.value: stuck.on(r) for r in Row})
    _refused(d, "players")  # the game would be over: only seat 0 is in
    d["phase"], d["players"][0] = "over", dict(d["players"][1], name="P0", hand=["red 1"])
    _refused(d, "players")  # over with nobody in
