"""The Duell's refusals: exact texts, clause ids, why_illegal/is_legal and the one legality path."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from duel.helpers import B, R, position
from kniffel_rules import CHANCE, IllegalActionError, duel
from kniffel_rules.duel import Area, DiceRoll, Joker, Miss, Move, Roll, Rules, Spot, State, legality
from kniffel_rules.duel.engine import GAME
from kniffel_rules.duel.legality import move_problem, move_target
from kniffel_rules.duel.pieces import AREAS
from kniffel_rules.errors import InvalidStateError, Rejection
from kniffel_rules.game import PROTOCOL_CLAUSES

A = Area
rule = pytest.mark.rule

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "duel.md"
DOCUMENTED = set(re.findall(r"\bDU-\d{2}\b", PAGE.read_text(encoding="utf-8"))) | set(
    PROTOCOL_CLAUSES
)


def refusal(state: State, action: object) -> Rejection:
    """The refusal of ``action``: ``why_illegal``'s, and exactly what ``apply`` raises."""
    reason = duel.why_illegal(state, action)
    assert reason is not None, f"{action!r} is legal"
    assert not duel.is_legal(state, action)
    with pytest.raises(IllegalActionError) as info:
        duel.apply(state, action)  # type: ignore[arg-type]
    assert str(info.value) == str(reason) and info.value.rule == reason.rule
    return reason


# --- every refusal text, with its clause -----------------------------------------

ROLLED = position(dice=(1, 1, 1, 4, 6), jokers=(1, 1), rolls=1)


def _junk_move(area: object) -> Move:
    """A `Move` built around its constructor (which refuses anything but an `Area`)."""
    move = object.__new__(Move)
    object.__setattr__(move, "area", area)
    return move


@pytest.mark.parametrize(
    ("state", "action", "text", "clause"),
    [
        (
            position(jokers=(1, 1)),
            Move(A.ONES),
            "roll the dice first: a turn starts with a roll",
            "DU-53",
        ),
        (
            position(jokers=(1, 1)),
            Miss(),
            "roll the dice first: a turn starts with a roll",
            "DU-53",
        ),
        (
            position(jokers=(1, 1)),
            Joker(1, 2),
            "roll the dice first: a turn starts with a roll",
            "DU-53",
        ),
        (position(), Roll(keep=(1,)), "the first roll of a turn throws all five dice", "DU-05"),
        (
            ROLLED,
            Move(A.TWOS),
            "the dice 1 1 1 4 6 do not show Twos: its disc cannot move",
            "DU-07",
        ),
        (
            position({A.ONES: R}, dice=(1, 1, 1, 4, 6), jokers=(1, 0)),
            Move(A.ONES),
            "the Ones disc is secured in red's hole and never moves again",
            "DU-11",
        ),
        (
            ROLLED,
            Miss(),
            "a disc can move (Ones): a player who can move a disc must move one",
            "DU-44",
        ),
        (
            position(dice=(1, 1, 1, 4, 6), rolls=3),
            Roll(keep=(1,)),
            "a turn has at most three rolls: move a disc, spend a joker or declare a miss",
            "DU-05",
        ),
        (
            ROLLED,
            Roll(keep=(1, 1, 1, 4, 6)),
            "keeping all five dice throws nothing: to stop, move a disc, spend a joker or "
            "declare a miss",
            "DU-53",
        ),
        (
            ROLLED,
            Roll(keep=(2,)),
            "cannot keep 2: there is no 2 among 1 1 1 4 6",
            "DU-05",
        ),
        (
            position(dice=(1, 1, 1, 4, 5), jokers=(1, 1), rolls=1, jokers_used=1),
            Roll(keep=(1,)),
            "jokers are used after the final roll: no roll may follow a joker",
            "DU-43",
        ),
        (
            position(dice=(1, 1, 1, 4, 6)),
            Joker(1, 2),
            "no joker tile in hand (a joker taken at a miss can be used from the next turn on)",
            "DU-13",
        ),
        (ROLLED, Joker(1, 7), "a joker turns a die to a face 1..6, got 7", "DU-13"),
        (ROLLED, Joker(-1, 2), "a joker turns a die to a face 1..6, got -1", "DU-13"),
        (
            ROLLED,
            Joker(10**5000, 2),
            "a joker turns a die to a face 1..6, got <int of 16610 bits>",
            "DU-13",
        ),
        (ROLLED, Joker(3, 5), "no die shows 3: the dice are 1 1 1 4 6", "DU-13"),
        (ROLLED, Joker(6, 6), "the die already shows 6: a joker must change the die", "DU-48"),
        (ROLLED, _junk_move("ones"), "Move needs a duel Area, got 'ones'", "PR-01"),
        (
            position(jokers=(1, 1)),
            _junk_move("ones"),
            "Move needs a duel Area, got 'ones'",
            "PR-01",
        ),
        (
            ROLLED,
            "Move(ones)",
            "it is Blue's turn: expected Roll, Joker, Move or Miss, got 'Move(ones)'",
            "PR-01",
        ),
    ],
)
@rule("DU-05", "DU-07", "DU-11", "DU-13", "DU-43", "DU-44", "DU-48", "DU-53", "PR-01")
def test_every_refusal_names_its_clause(
    state: State, action: object, text: str, clause: str
) -> None:
    reason = refusal(state, action)
    assert (str(reason), reason.rule) == (text, clause)
    assert clause in DOCUMENTED


@rule("PR-01", "PR-02", "PR-03", "PR-04", "PR-05", "PR-06", "PR-07")
def test_protocol_misuse_keeps_its_texts_with_protocol_clauses() -> None:
    s = position(dice=(1, 1, 1, 4, 6))
    assert (str(refusal(s, None)), refusal(s, None).rule) == (
        "it is Blue's turn: expected Roll, Joker, Move or Miss, got None",
        "PR-01",
    )
    assert refusal(s, DiceRoll((1, 2))).rule == "PR-02"
    throw = duel.apply(s, Roll(keep=(1, 1)))
    assert (str(refusal(throw, Miss())), refusal(throw, Miss()).rule) == (
        "the dice are being thrown: expected a DiceRoll of 3 dice, got 'miss'",
        "PR-03",
    )
    assert (str(refusal(throw, "x")), refusal(throw, "x").rule) == (
        "the dice are being thrown: expected a DiceRoll of 3 dice, got 'x'",
        "PR-01",
    )
    wrong = refusal(throw, DiceRoll((1, 2)))
    assert (str(wrong), wrong.rule) == ("this throw is of 3 dice; the outcome has 2 dice", "PR-04")
    off = duel.new_game()
    assert str(refusal(off, DiceRoll((1, 2)))) == "this throw is of 1 die; the outcome has 2 dice"
    over = duel.apply(
        position(
            {A.FOURS: B, A.FIVES: B, A.SIXES: Spot.BLUE_SPACE}, dice=(6, 6, 6, 1, 1), jokers=(0, 1)
        ),
        Move(A.SIXES),
    )
    assert duel.is_terminal(over)
    assert (str(refusal(over, Miss())), refusal(over, Miss()).rule) == (
        "the game is over: no more actions",
        "PR-05",
    )
    for call in (duel.chance_outcomes, lambda st: duel.sample_chance(st, random.Random(0))):
        with pytest.raises(IllegalActionError) as info:
            call(s)
        assert (str(info.value), info.value.rule) == (
            "this is not a chance node: no dice are being thrown",
            "PR-06",
        )
    with pytest.raises(IllegalActionError) as info:
        duel.winners(s)
    assert (str(info.value), info.value.rule) == (
        "the game is not over yet: there is no winner",
        "PR-07",
    )


# --- one legality path, tried as an app would --------------------------------------

JUNK: tuple[object, ...] = (
    None,
    3,
    "roll",
    _junk_move("ones"),
    Joker(0, 7),
    Joker(6, 6),
    Roll(keep=(1, 1, 1, 1, 1)),
    DiceRoll(()),
    DiceRoll((1,)),
    DiceRoll((6, 6, 6, 6, 6)),
    DiceRoll((1, 2, 3, 4, 5, 6)),
)


def _games(rules: Rules, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = duel.new_game(rules=rules)
    seen = [state]
    while not duel.is_terminal(state):
        if duel.current_player(state) == CHANCE:
            state = duel.apply(state, duel.sample_chance(state, rng))
        else:
            acts = duel.legal_actions(state)
            state = duel.apply(state, acts[rng.randrange(len(acts))])
        seen.append(state)
    return seen


@rule("DU-53", "PR-05")
@pytest.mark.parametrize(
    ("rules", "seed"),
    [(Rules(), 1), (Rules(), 2), (Rules(match_wins=2, adjacency="within_parts"), 3)],
)
def test_every_refusal_has_a_documented_clause_and_apply_raises_it(rules: Rules, seed: int) -> None:
    states = _games(rules, seed)
    pool: list[object] = list(JUNK)
    for state in states[::7]:
        pool.extend(duel.legal_actions(state))
    pool = list(dict.fromkeys(pool))  # actions legal somewhere, once each, in order
    rng = random.Random(seed)
    clauses: set[str] = set()
    for state in [*states[:: max(1, len(states) // 60)], states[-1]]:
        legal = set(duel.legal_actions(state))
        for action in rng.sample(pool, min(len(pool), 80)) + list(JUNK):
            reason = duel.why_illegal(state, action)
            assert duel.is_legal(state, action) is (action in legal)
            assert (reason is None) is (action in legal)
            if reason is None:
                continue
            assert isinstance(reason, Rejection) and str(reason)
            assert reason.rule in DOCUMENTED, (state, action, reason)
            clauses.add(reason.rule)
            with pytest.raises(IllegalActionError) as info:
                duel.apply(state, action)  # type: ignore[arg-type]
            assert (str(info.value), info.value.rule) == (str(reason), reason.rule)
    assert {"DU-53", "PR-01", "PR-02", "PR-03", "PR-04", "PR-05"} <= clauses


@pytest.mark.parametrize("seed", [4, 5])
def test_the_fast_listing_is_the_checked_listing(seed: int) -> None:
    for state in _games(Rules(), seed):
        assert GAME.legal_actions(state) == GAME.checked_actions(state)
        assert duel.legal_actions(state) == GAME.checked_actions(state)


def test_move_target_refuses_with_the_rejection_of_move_problem() -> None:
    for state in (
        position(jokers=(1, 1)),
        ROLLED,
        position({A.ONES: R}, dice=(1, 1, 1, 4, 6), jokers=(1, 0)),
    ):
        for area in AREAS:
            target = move_target(state, area)
            reason = move_problem(state, area)
            if isinstance(target, Spot):
                assert reason is None
            else:
                assert reason == target and reason is not None and reason.rule == target.rule


# --- the public rule functions of `duel.legality` -------------------------------------


def test_the_rule_functions_agree_with_the_game_on_every_state_of_a_game() -> None:
    """Each public function of `duel.legality` answers as the game's one judge does."""
    jokers_seen = misses_seen = 0
    for state in _games(Rules(), 4) + _games(Rules(adjacency="within_parts"), 5):
        if duel.current_player(state) < 0:
            continue
        legal = duel.legal_actions(state)
        assert legality.listing(state) == legal
        assert legality.candidates(state) == GAME.candidates(state)
        for action in legality.candidates(state):
            assert legality.problem(state, action) == duel.why_illegal(state, action)
            if isinstance(action, Roll):
                assert legality.roll_problem(state, action.keep) == duel.why_illegal(state, action)
            elif isinstance(action, Joker):
                reason = legality.joker_problem(state, action.die, action.face)
                assert reason == duel.why_illegal(state, action)
        assert legality.movable_areas(state) == tuple(
            a.area for a in legal if isinstance(a, Move)
        )
        assert (legality.miss_problem(state) is None) == (Miss() in legal)
        spendable = any(isinstance(a, Joker) for a in legal)
        assert (legality.joker_hand_problem(state) is None) == spendable
        jokers_seen += spendable
        misses_seen += Miss() in legal
    assert jokers_seen and misses_seen


def test_the_rule_functions_take_a_subclass_of_state() -> None:
    class Annotated(State):
        __slots__ = ()

    sub = Annotated(*(getattr(ROLLED, f.name) for f in attrs.fields(State)))
    assert legality.listing(sub) == legality.listing(ROLLED) == duel.legal_actions(ROLLED)
    assert legality.problem(sub, Miss()) == legality.problem(ROLLED, Miss())


def test_the_rule_functions_name_what_they_refuse() -> None:
    # `problem` asked directly about what the game never hands it (`why_illegal`
    # refuses it first, as PR-02): an outcome is quoted in its canonical line
    reason = legality.problem(ROLLED, untyped(DiceRoll((1, 2))))
    assert reason is not None and reason.rule == "PR-01"
    assert reason == "expected Roll, Joker, Move or Miss, got 'dice 1 2'"
    assert reason.localized("de") == (
        "Erwartet wird Roll, Joker, Move oder Miss, erhalten: 'die Würfel zeigen 1 2'"
    )
    board: Any = ROLLED.board
    wrong = "expected a duel State, got"
    calls: tuple[tuple[Callable[[], object], str, str], ...] = (
        (lambda: legality.problem(untyped(3), Miss()), "state", f"{wrong} int"),
        (lambda: legality.listing(untyped([])), "state", f"{wrong} list"),
        (
            lambda: legality.roll_problem(ROLLED, untyped(None)),
            "keep",
            "expected a sequence of dice faces, got None",
        ),
        (
            lambda: legality.win_reason(untyped(list(board)), 0, Rules()),
            "board",
            "expected a tuple of the 11 areas' Spot",
        ),
        (lambda: legality.win_reason(board, 2, Rules()), "player", "expected a seat 0..1, got 2"),
        (
            lambda: legality.win_reason(board, 0, untyped({})),
            "rules",
            "expected duel Rules, got dict",
        ),
    )
    for call, path, text in calls:
        with pytest.raises(InvalidStateError) as info:
            call()
        assert (info.value.path, str(info.value)) == (path, f"{path}: {text}")


def untyped(value: object) -> Any:
    """``value`` where the functions expect something else (typed ``Any`` for the checkers)."""
    return value


@rule("DU-05", "DU-43")
def test_after_the_third_roll_a_roll_is_refused_for_the_rolls_not_the_joker() -> None:
    spent = position(dice=(1, 1, 1, 4, 6), jokers=(1, 1), rolls=3, jokers_used=1)
    assert refusal(spent, Roll((1, 1))) == Rejection(
        "a turn has at most three rolls: move a disc, spend a joker or declare a miss", "DU-05"
    )
    early = position(dice=(1, 1, 1, 4, 6), jokers=(1, 1), rolls=2, jokers_used=1)
    assert refusal(early, Roll((1, 1))).rule == "DU-43"


def test_a_keep_too_large_to_print_is_refused_in_words() -> None:
    reason = legality.roll_problem(ROLLED, (1, 10**5000))
    assert reason == Rejection(
        "cannot keep 1 <int of 16610 bits>: the dice showing are 1 1 1 4 6", "DU-05"
    )
