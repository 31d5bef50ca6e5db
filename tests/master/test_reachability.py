"""Untrusted input for Kniffel Master: strict action fields, every reachable state only.

The invariants are those of docs/rules/master.md, "Reachable states" (numbered
there; ``INV-n`` below). Random games under several rule sets read every state
back; one test per invariant edits a real `to_json` document to break it.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import json
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kniffel_rules import CHANCE, InvalidStateError, KniffelError, master
from kniffel_rules.master import (
    Coins,
    Combo,
    Fulfil,
    NumberRows,
    Pass,
    Phase,
    RowAndCoins,
    Rules,
    State,
    Task,
    from_json,
    to_json,
)
from kniffel_rules.master.combinations import coin_combos, tasks_shown
from kniffel_rules.master.engine import outcome
from kniffel_rules.master.legality import legal_uses, race_coins, use_outcome, use_problem
from kniffel_rules.master.serial import _bound_items, _coins_moved, _race_fits

# --- playing random games ---------------------------------------------------------

RULE_SETS: list[tuple[int, Rules]] = [
    (1, Rules()),
    (1, Rules(target_stars=6, race=False)),
    (2, Rules(target_stars=8)),
    (3, Rules(target_stars=5)),
    (4, Rules(target_stars=3)),
    (4, Rules(target_stars=4, race=False)),
]


def _states(seed: int, players: int, rules: Rules) -> list[State]:
    """Every state of one random game (the roll-off included for two players or more)."""
    rng = random.Random(seed)
    state = master.new_game(players=players, rules=rules)
    seen = [state]
    while not master.is_terminal(state):
        if master.current_player(state) == CHANCE:
            action: Any = master.sample_chance(state, rng)
        else:
            actions = master.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        state = master.apply(state, action)
        seen.append(state)
    return seen


@pytest.mark.parametrize(("players", "rules"), RULE_SETS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=3)
def test_every_state_of_random_games_reads_back(players: int, rules: Rules, seed: int) -> None:
    for state in _states(seed, players, rules):
        assert from_json(to_json(state)) == state


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rules"), RULE_SETS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_every_state_of_many_random_games_reads_back(players: int, rules: Rules, seed: int) -> None:
    for state in _states(seed, players, rules):
        assert from_json(to_json(state)) == state


# --- the action constructors --------------------------------------------------------


class _Other(enum.Enum):
    PAIR = 0
    KNIFFEL = 0


_JUNK = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(1, 6).map(float),
    st.integers(-3, 8).map(Fraction),
    st.integers(-(10**30), 10**30),
    st.text(max_size=3),
    st.none(),
    st.sampled_from([*Task, *Combo, *Phase, *_Other]),
    st.lists(st.integers(1, 6), max_size=2),
)

# each class with a valid field list; one field at a time is replaced by junk
_VALID: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
    (Fulfil, (Task.KNIFFEL,)),
    (Coins, (Combo.PAIR, None)),
    (Coins, (Combo.TASK_DONE, Task.CHANCE_LOW)),
    (RowAndCoins, (2, 2, Combo.PAIR)),
    (NumberRows, (((2, 2), (5, 2)),)),
]


def _legal_everywhere() -> set[Any]:
    found: set[Any] = set()
    for seed in range(3):
        for state in _states(seed, 2, Rules(target_stars=5)):
            if master.current_player(state) >= 0:
                found.update(master.legal_actions(state))
    return found


_LEGAL = _legal_everywhere()
_A_STATE = master.apply(
    master.apply(master.new_game(players=2, first_player=0), master.Roll()),
    master.DiceRoll((2, 2, 3, 3, 6)),
)


def _strict(action: Any) -> bool:
    """Every field of ``action`` holds an exact int or an enum member of its own class."""
    if isinstance(action, NumberRows):
        return all(type(f) is int and type(c) is int for f, c in action.moves)
    if isinstance(action, RowAndCoins):
        return type(action.face) is int and type(action.dice) is int and type(action.combo) is Combo
    if isinstance(action, Coins):
        return type(action.combo) is Combo and (action.task is None or type(action.task) is Task)
    return isinstance(action, Fulfil) and type(action.task) is Task


@given(case=st.integers(0, len(_VALID) - 1), where=st.integers(0, 2), junk=_JUNK)
@settings(max_examples=300)
def test_junk_fields_never_make_an_action(case: int, where: int, junk: Any) -> None:
    cls, fields = _VALID[case]
    args = list(fields)
    if cls is NumberRows:  # junk as a face, a count, or the pair itself
        moves = [list(m) for m in fields[0]]
        if where == 2:
            args = [[junk, moves[1]]]
        else:
            moves[0][where] = junk
            args = [moves]
    else:
        args[where % len(args)] = junk
    try:
        action = cls(*args)
    except InvalidStateError:
        return
    assert _strict(action), action
    # it is an action of its own kind: the rules judge it, and only KniffelErrors escape
    assert (action in _LEGAL) is (type(action)(*_fields(action)) in _LEGAL)
    with contextlib.suppress(KniffelError):
        master.apply(_A_STATE, action)


def _fields(action: Any) -> tuple[Any, ...]:
    return tuple(getattr(action, name) for name in action.__slots__ if name != "__weakref__")


def test_the_issue_example_cannot_be_built() -> None:
    with pytest.raises(InvalidStateError, match="dice: expected an integer"):
        RowAndCoins(2, 2.0, Combo.PAIR)  # type: ignore[arg-type]
    assert Pass() == Pass() and repr(Pass()) == "pass"


# --- public functions outside the shell ---------------------------------------------


@pytest.mark.parametrize("junk", [None, "state", 3, master.Sheet(), object()])
def test_junk_states_are_invalid_not_crashes(junk: Any) -> None:
    for call in (
        lambda: master.scores(junk),
        lambda: master.to_json(junk),
        lambda: outcome(junk, Fulfil(Task.KNIFFEL)),
    ):
        with pytest.raises(InvalidStateError, match="state"):
            call()


_FIVE = (1, 2, 3, 4, 5)
_FACES = "expected up to five dice faces 1..6, got"


@pytest.mark.parametrize(
    ("call", "field", "detail"),
    [
        (
            lambda: legal_uses(None, _FIVE),  # type: ignore[arg-type]
            "sheet",
            "expected a master Sheet, got NoneType",
        ),
        (lambda: legal_uses(master.Sheet(), (1, 2, 3)), "dice", "expected 5 dice, got 3"),
        (lambda: legal_uses(master.Sheet(), (1, 2, 3, 4, 7)), "dice", f"{_FACES} (1, 2, 3, 4, 7)"),
        (
            lambda: legal_uses(master.Sheet(), (1, 2, 3, 4, 5.0)),  # type: ignore[arg-type]
            "dice",
            "a die face must be an integer, got 5.0",
        ),
        (
            lambda: legal_uses(master.Sheet(), None),  # type: ignore[arg-type]
            "dice",
            "expected a sequence of dice faces, got None",
        ),
        (
            lambda: use_problem("s", _FIVE, Pass()),  # type: ignore[arg-type]
            "sheet",
            "expected a master Sheet, got str",
        ),
        (lambda: use_problem(master.Sheet(), (1, 1, 2), Pass()), "dice", "expected 5 dice, got 3"),
        (lambda: use_outcome([], 0, _FIVE, Pass(), Rules()), "sheets", "1 to 4 boards, got 0"),
        (
            lambda: use_outcome([master.Sheet()] * 5, 0, _FIVE, Pass(), Rules()),
            "sheets",
            "1 to 4 boards, got 5",
        ),
        (
            lambda: use_outcome("ab", 0, _FIVE, Pass(), Rules()),  # type: ignore[arg-type]
            "sheets",
            "expected a sequence of master Sheets",
        ),
        (
            lambda: use_outcome([master.Sheet()], 1, _FIVE, Pass(), Rules()),
            "player",
            "expected a seat 0..0, got 1",
        ),
        (
            lambda: use_outcome([master.Sheet()], True, _FIVE, Pass(), Rules()),
            "player",
            "expected a seat 0..0, got True",
        ),
        (
            lambda: use_outcome([master.Sheet()] * 4, 4, _FIVE, Pass(), Rules()),
            "player",
            "expected a seat 0..3, got 4",
        ),
        (
            lambda: use_outcome([master.Sheet()], 0, _FIVE, Pass(), {}),  # type: ignore[arg-type]
            "rules",
            "expected master.Rules, got dict",
        ),
        (
            lambda: use_outcome([master.Sheet()], 0, (1, 1, 2), Pass(), Rules()),
            "dice",
            "expected 5 dice, got 3",
        ),
        (
            lambda: use_outcome([3], 0, _FIVE, Pass(), Rules()),  # type: ignore[list-item]
            "sheets[0]",
            "expected a master Sheet, got int",
        ),
        (lambda: race_coins(-1, Rules()), "rank", "expected a count of players, got -1"),
        (
            lambda: race_coins(1.0, Rules()),  # type: ignore[arg-type]
            "rank",
            "expected a count of players, got 1.0",
        ),
        (
            lambda: race_coins(0, {}),  # type: ignore[arg-type]
            "rules",
            "expected master.Rules, got dict",
        ),
        (
            lambda: tasks_shown([[1]]),  # type: ignore[list-item]
            "values",
            "a die face must be an integer, got [1]",
        ),
        (lambda: coin_combos((0, 1)), "values", f"{_FACES} (0, 1)"),
        (lambda: coin_combos((1,) * 6), "values", f"{_FACES} (1, 1, 1, 1, 1, 1)"),
    ],
)
def test_public_helpers_refuse_junk(call: Callable[[], object], field: str, detail: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        call()
    assert (info.value.path, str(info.value)) == (field, f"{field}: {detail}")


def test_public_helpers_still_answer_for_good_arguments() -> None:
    assert tasks_shown([5, 4, 3, 2, 1]) == (Task.SMALL_STRAIGHT, Task.LARGE_STRAIGHT)
    assert coin_combos(()) == ()
    assert coin_combos([3, 1, 3]) == (Combo.PAIR,)
    assert race_coins(0, Rules()) == 2 and race_coins(5, Rules()) == 0
    got = use_outcome([master.Sheet()], 0, (1, 2, 3, 4, 5), Fulfil(Task.KNIFFEL), Rules())
    assert str(got) == "the dice 1 2 3 4 5 do not show Kniffel"
    four = use_outcome([master.Sheet()] * 4, 3, (1, 2, 3, 4, 5), Fulfil(Task.KNIFFEL), Rules())
    assert four == got  # four boards (the most: MA-01), the last seat: taken


# --- one test per invariant ---------------------------------------------------------


def _mid_game() -> State:
    """A real state: two players, race on, seat 1 to decide after a throw, both boards used."""
    rng = random.Random(7)
    state = master.new_game(players=["Ann", "Ben"], first_player=0)
    while True:
        if master.current_player(state) == CHANCE:
            action: Any = master.sample_chance(state, rng)
        else:
            actions = master.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        state = master.apply(state, action)
        if (
            state.phase is Phase.DECIDE
            and state.player == 1
            and state.rolls == 1
            and all(s.stars >= 2 for s in state.sheets)
        ):
            return state


MID = _mid_game()


def _doc(state: State = MID) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def _blank(doc: dict[str, Any], seat: int) -> dict[str, Any]:
    board: dict[str, Any] = doc["players"][seat]
    board.update(tasks=[], rows=[0] * 6, coin_laps=0, coin_position=0)
    return board


def _refused(doc: dict[str, Any], path: str, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match) as info:
        from_json(json.dumps(doc))
    assert info.value.path == path, str(info.value)


def test_the_base_document_is_reachable() -> None:
    assert from_json(to_json(MID)) == MID
    assert all(_coins_moved(s) > 0 for s in MID.sheets)


def test_inv_1_players_names_and_rules() -> None:
    d = _doc()
    d["players"] = d["players"] * 3
    _refused(d, "players", "at most 4 items")
    d = _doc()
    d["players"][0]["name"] = "x" * 101
    _refused(d, "players[0].name", "at most 100 characters")
    d = _doc()
    d["players"][1]["name"] = ""
    _refused(d, "players[1].name", "non-empty")
    d = _doc()
    d["rules"]["target_stars"] = 101
    _refused(d, "rules.target_stars", "above the maximum 100")
    text = to_json(MID).replace('"Ann"', '"\\ud800"')
    with pytest.raises(InvalidStateError, match="not valid Unicode"):
        from_json(text)


def test_inv_2_each_task_once() -> None:
    d = _doc()
    d["players"][0]["tasks"] = ["chance_high", "chance_high"]
    _refused(d, "players[0].tasks", "only once")


def test_inv_3_rows_never_one() -> None:
    d = _doc()
    d["players"][0]["rows"][5] = 1
    _refused(d, "players[0].rows[5]", "at least two dice")


def test_inv_4_markers() -> None:
    d = _doc()
    _blank(d, 0).update(rows=[2, 3, 4, 5, 0, 0], coin_laps=2)
    _refused(d, "players[0].rows", "4 rows in progress")
    # three started rows are fine; a retired marker never binds (MA-53): 6 rows in all
    d["rules"]["race"] = False
    d["players"][0]["rows"] = [8, 8, 8, 2, 3, 4]
    from_json(json.dumps(d))
    d["players"][0]["rows"] = [8, 8, 8, 8, 2, 2]
    from_json(json.dumps(d))


def test_inv_5_coin_position_within_the_lap() -> None:
    d = _doc()
    _blank(d, 0).update(tasks=["kniffel"], coin_laps=1, coin_position=6)
    from_json(json.dumps(d))
    d["players"][0]["coin_position"] = 7
    _refused(d, "players[0].coin_position", "above the maximum 6")


def test_inv_6_race_one_player_alone() -> None:
    d = _doc()
    _blank(d, 1)
    _blank(d, 0).update(tasks=["kniffel"], rows=[8, 0, 0, 0, 0, 0], coin_position=3)
    _refused(d, "players[0]", "moved 3 spaces, but the race bonus alone .* at least 4 coins")
    d["players"][0]["coin_position"] = 4
    from_json(json.dumps(d))
    d["rules"]["race"] = False
    d["players"][0]["coin_position"] = 0
    from_json(json.dumps(d))


def test_inv_6_race_solitaire() -> None:
    s = master.new_game()
    d = _doc(s)
    d["players"][0].update(tasks=["full_house", "chance_low"], coin_position=3)
    _refused(d, "players[0]", "at least 4 coins")


def test_inv_6_race_together() -> None:
    # both have the Kniffel and nothing else: one was first (2 coins), one second (1)
    d = _doc()
    for seat in (0, 1):
        _blank(d, seat).update(tasks=["kniffel"], coin_position=1)
    _refused(d, "players", "in no order of firsts and seconds")
    d["players"][1]["coin_position"] = 2
    from_json(json.dumps(d))
    # three players with the same two tasks: each needs its share of the 2 x 3 coins
    s = master.new_game(players=3, first_player=0)
    d = _doc(s)
    for seat in (0, 1, 2):
        d["players"][seat].update(tasks=["full_house", "chance_low"], coin_position=2)
    from_json(json.dumps(d))
    d["players"][2]["coin_position"] = 1
    d["players"][1]["coin_position"] = 1
    _refused(d, "players", "in no order")


def test_inv_7_rolloff() -> None:
    start = _doc(master.new_game(players=3))
    d = json.loads(json.dumps(start))
    d["players"][2]["coin_position"] = 1
    _refused(d, "players", "before anything else")
    d = json.loads(json.dumps(start))
    d["roll_off"]["faces"] = [1, 2, 3]
    _refused(d, "roll_off.faces", "at most 2 items")
    d = json.loads(json.dumps(start))
    d["roll_off"]["contenders"] = [1, 0]
    _refused(d, "roll_off.contenders", "distinct seats")
    d = json.loads(json.dumps(start))
    d["first_player"] = 0
    _refused(d, "roll_off", "no first_player")
    d = _doc()
    d["roll_off"] = {"contenders": [0, 1], "faces": []}
    _refused(d, "roll_off", "must be null")
    d = _doc(master.new_game())
    d["phase"] = "roll_off"
    d["first_player"] = None
    d["roll_off"] = {"contenders": [0, 1], "faces": []}
    _refused(d, "roll_off.contenders[1]", "above the maximum 0")


def test_inv_8_dice_and_rolls() -> None:
    d = _doc()
    d["dice"] = d["dice"][:4]
    _refused(d, "dice", "five dice after a throw")
    d = _doc()
    d["phase"], d["rolls"] = "throw", 3
    _refused(d, "dice", "leave something to throw")
    d = _doc()
    d["phase"], d["rolls"], d["dice"] = "throw", 0, [1]
    _refused(d, "dice", "leave something to throw")
    d = _doc()
    d["dice"] = sorted(d["dice"], reverse=True) if len(set(d["dice"])) > 1 else [6, 5, 4, 3, 1]
    _refused(d, "dice", "sorted")


def test_inv_9_the_last_round() -> None:
    # seat 1 is to move; seat 0 (the start player) has played this round
    d = _doc()
    _blank(d, 1).update(tasks=["kniffel"], coin_laps=12, coin_position=2)  # 15 stars
    _refused(d, "players[1]", "15 stars before their turn")
    d = _doc()
    _blank(d, 0).update(tasks=["kniffel"], coin_laps=12, coin_position=2)
    from_json(json.dumps(d))  # seat 0 triggered the last round: seat 1 plays it out
    d["players"][0]["coin_laps"] = 18  # 21 stars: more than 14 + 6 in one turn
    _refused(d, "players[0]", "21 stars")
    d["players"][0]["coin_laps"] = 17  # 20 = 14 + 6
    from_json(json.dumps(d))


def test_inv_10_a_finished_game() -> None:
    final = _states(3, 2, Rules(target_stars=5))[-1]
    assert final.phase is Phase.OVER
    d = _doc(final)
    for seat in (0, 1):
        _blank(d, seat).update(tasks=["kniffel"], coin_position=3)
    _refused(d, "players", "only once someone has 5 stars")
    d = _doc(final)
    _blank(d, 0).update(tasks=["kniffel"], coin_laps=8, coin_position=2)  # 11 = 5 + 6
    _refused(d, "players[0]", "11 stars")
    d = _doc(final)
    d["player"] = 1
    _refused(d, "dice", "once the game is over")


def _race_brute(caps: list[int], items: list[tuple[int, ...]]) -> bool:
    ways = [
        [((h[0], 2),)] if len(h) == 1 else [((a, 2), (b, 1)) for a in h for b in h if a != b]
        for h in items
    ]
    for choice in itertools.product(*ways):
        got = [0] * len(caps)
        for pay in choice:
            for seat, coins in pay:
                got[seat] += coins
        if all(g <= c for g, c in zip(got, caps, strict=True)):
            return True
    return False


def test_inv_6_the_race_search_agrees_with_brute_force() -> None:
    rng = random.Random(6)
    for _ in range(600):
        n = rng.randint(1, 4)
        items = [tuple(sorted(rng.sample(range(n), rng.randint(1, n)))) for _ in range(4)]
        caps = [rng.randint(0, 8) for _ in range(n)]
        bound = [i for i in range(n) if caps[i] < 2 * sum(i in h for h in items)]
        fast = not bound or _race_fits(tuple(caps[i] for i in bound), _bound_items(items, bound))
        assert fast == _race_brute(caps, items), (caps, items)
