"""Extreme's ``from_json`` accepts exactly the reachable states.

The invariants are listed under "Reachable states" on docs/rules/extreme.md;
one test per invariant edits a real ``to_json`` document to break it, and a
property test plays random games under several rule sets and reads every
state back.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extreme.helpers import witness
from kniffel_rules import CHANCE, InvalidStateError, KniffelError, limits
from kniffel_rules.extreme import (
    Box,
    ExtremeRoll,
    Phase,
    Roll,
    Rules,
    Score,
    Sheet,
    State,
    apply,
    current_player,
    from_json,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
    to_json,
)
from kniffel_rules.extreme.combinations import entry_values
from kniffel_rules.rolloff import RollOff

RULE_SETS = (
    Rules(),
    Rules(chips=0),
    Rules(chips=1),
    Rules(chips=22),
    Rules(chips=5, upper_bonus=0, upper_bonus_threshold=0),
    Rules(upper_bonus=10_000, upper_bonus_threshold=200),
)


def _step(state: State, rng: random.Random, eager: float) -> State:
    """One random step; with probability ``eager`` a roll is preferred (chips get used early)."""
    if current_player(state) == CHANCE:
        return apply(state, sample_chance(state, rng))
    actions = legal_actions(state)
    rolls = [a for a in actions if isinstance(a, Roll)]
    if rolls and rng.random() < eager:
        return apply(state, rng.choice(rolls))
    return apply(state, rng.choice(actions))


@settings(max_examples=12)
@given(
    rules=st.sampled_from(RULE_SETS),
    players=st.integers(1, 3),
    first=st.sampled_from([None, 0, -1]),
    eager=st.sampled_from([0.0, 0.7, 1.0]),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_state_of_a_random_game_reads_back(
    rules: Rules, players: int, first: int | None, eager: float, seed: int
) -> None:
    rng = random.Random(seed)
    start = None if first is None else first % players
    state = new_game(players, rules=rules, first_player=start)
    for step in itertools.count():
        assert from_json(to_json(state)) == state, to_json(state)
        if step % 37 == 0 or is_terminal(state):
            assert witness(state) == state  # the test's own replay agrees it is reachable
        if is_terminal(state):
            break
        state = _step(state, rng, eager)


# --- real documents to break ------------------------------------------------------------------

Doc = dict[str, Any]


def doc_of(state: State) -> Doc:
    result: Doc = json.loads(to_json(state))
    return result


def _refused(doc: Doc, path: str, text: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        from_json(json.dumps(doc))
    assert (info.value.path, text in info.value.detail) == (path, True), str(info.value)


def _pair(first_player: int = 0) -> State:
    return new_game(["Ann", "Ben"], first_player=first_player)


def _thrown(state: State, d6: tuple[int, ...] = (1, 2, 3, 4, 5), d10: int = 9) -> State:
    """``state`` (a player's node) after a roll that throws everything, and the throw."""
    return apply(apply(state, Roll()), ExtremeRoll(d6, d10))


def _turn(state: State, box: Box, *, chip: bool = False) -> State:
    """A whole turn: three rolls (a fourth with ``chip``), then ``box``."""
    state = _thrown(state)
    for _ in range(3 if chip else 2):
        state = _thrown(state)  # Roll() after a throw throws all six dice again
    return apply(state, Score(box))


def _over() -> State:
    state = _pair()
    for box in Box:
        state = _turn(_turn(state, box), box)
    assert is_terminal(state)
    return state


def test_1_players_and_names() -> None:
    big = new_game(limits.MAX_PLAYERS)  # new_game's limit is from_json's
    assert from_json(to_json(big)) == big
    doc = doc_of(big)
    doc["players"].append(dict(doc["players"][0]))
    _refused(doc, "players", f"at most {limits.MAX_PLAYERS} items")
    doc = doc_of(_pair())
    doc["players"] = []
    _refused(doc, "players", "at least 1 player")
    for name, text in [
        ("", "non-empty string"),
        (7, "non-empty string"),
        ("x" * (limits.MAX_NAME_LENGTH + 1), f"at most {limits.MAX_NAME_LENGTH} characters"),
    ]:
        doc = doc_of(_pair())
        doc["players"][1]["name"] = name
        _refused(doc, "players[1].name", text)
    doc = doc_of(_pair())
    doc["players"][1]["name"] = "\ud800"  # a lone surrogate: json.dumps writes it escaped
    _refused(doc, "players[1].name", "not valid Unicode")


def test_2_a_box_holds_a_value_some_throw_scores_there() -> None:
    state = _turn(_pair(), Box.CHANCE)
    assert from_json(to_json(state)) == state
    for key, value in [
        ("chance", 4),  # six dice show at least 5 pips
        ("chance", 55),
        ("fives", 35),
        ("super_chance", 11),
        ("kniffel", 75),
        ("highway", 49),
        ("chance", -1),
        ("chance", 0),  # every throw counts in Chance: it is never 0 (nor Super-Chance)
        ("super_chance", 0),
    ]:
        doc = doc_of(state)
        doc["players"][0]["sheet"] = {key: value}
        _refused(doc, f"players[0].sheet.{key}", "is not a value")


def test_3_chips_within_the_rules() -> None:
    rules = Rules(chips=2)
    state = new_game(1, rules=rules)
    for chips, text in [(3, "above the maximum 2"), (-1, "below the minimum 0")]:
        doc = doc_of(state)
        doc["players"][0]["chips"] = chips
        _refused(doc, "players[0].chips", text)


def test_4_chips_spent_at_most_one_per_completed_turn() -> None:
    # the issue's example: a seat that has not had a turn has spent a chip
    doc = doc_of(_pair(first_player=0))
    doc["players"][1]["chips"] = 2
    _refused(doc, "players[1].chips", "chips spent 1 > turns taken 0")
    # two chips spent in one turn
    one_turn = _turn(_pair(), Box.CHANCE, chip=True)
    assert one_turn.sheets[0].chips == 2 and from_json(to_json(one_turn)) == one_turn
    doc = doc_of(one_turn)
    doc["players"][0]["chips"] = 1
    _refused(doc, "players[0].chips", "chips spent 2 > turns taken 1")
    # the current turn's fourth roll counts, once: in the throw, and after it
    ben = _thrown(_thrown(_thrown(one_turn)))  # Ben's first turn, three rolls made
    fourth = apply(ben, Roll())  # the chip handed in, the throw pending
    assert fourth.phase is Phase.THROW and fourth.sheets[1].chips == 2
    after = apply(fourth, ExtremeRoll((1, 2, 3, 4, 5), 0))
    for state in (fourth, after):
        assert from_json(to_json(state)) == state  # one spent in 0 completed turns + this one
        doc = doc_of(state)
        doc["players"][1]["chips"] = 1
        _refused(doc, "players[1].chips", "chips spent 2 > turns taken 1")
        doc["players"][1]["chips"] = 3  # a fourth roll with no chip handed in
        _refused(doc, "rolls", "a fourth roll needs a chip handed in")


def test_5_the_roll_off_comes_before_anything_else() -> None:
    roll_off = new_game(["Ann", "Ben", "Cid"])
    assert roll_off.phase is Phase.ROLL_OFF and from_json(to_json(roll_off)) == roll_off
    breaks: list[tuple[Callable[[Doc], None], str, str]] = [
        (lambda d: d.update(first_player=0), "roll_off", "no first_player"),
        (lambda d: d.update(roll_off=None), "roll_off", "needs a roll-off"),
        (lambda d: d["players"][2].update(sheet={"chance": 20}), "phase", "before anything"),
        (lambda d: d.update(rolls=1), "phase", "before anything"),
        (lambda d: d.update(player=1), "phase", "before anything"),
        (lambda d: d.update(d10=3), "phase", "before anything"),
        (lambda d: d["players"][1].update(chips=2), "players[1].chips", "turns taken 0"),
        (lambda d: d["roll_off"].update(contenders=[1]), "roll_off.contenders", "two or more"),
        (lambda d: d["roll_off"].update(contenders=[2, 1]), "roll_off.contenders", "ascending"),
        (lambda d: d["roll_off"].update(faces=[3, 4, 5]), "roll_off.faces", "at most 2"),
        (lambda d: d["roll_off"].update(faces=[7]), "roll_off.faces[0]", "above the maximum"),
    ]
    for edit, path, text in breaks:
        doc = doc_of(roll_off)
        edit(doc)
        _refused(doc, path, text)
    doc = doc_of(roll_off)  # a roll-off of one player
    doc["players"] = doc["players"][:1]
    doc["roll_off"]["contenders"] = [0]
    _refused(doc, "roll_off.contenders", "two or more")


def test_6_after_the_roll_off_a_first_player_and_no_roll_off() -> None:
    state = _pair(first_player=1)
    doc = doc_of(state)
    doc["first_player"] = None
    _refused(doc, "first_player", "must be a seat")
    doc = doc_of(state)
    doc["roll_off"] = {"contenders": [0, 1], "faces": []}
    _refused(doc, "roll_off", "must be null")
    doc = doc_of(new_game(1))
    doc["first_player"] = 1
    _refused(doc, "first_player", "above the maximum 0")


def test_7_turns_go_round_from_the_first_player() -> None:
    state = _turn(_pair(first_player=1), Box.ONES)  # Ben has had a turn, Ann is to move
    assert state.player == 0 and from_json(to_json(state)) == state
    doc = doc_of(state)
    doc["first_player"] = 0  # then Ann would have had hers first
    _refused(doc, "players[1].sheet", "turn order")
    doc = doc_of(state)
    doc["players"][0]["sheet"] = {"ones": 1}  # Ann a turn ahead
    _refused(doc, "players[1].sheet", "turn order")
    doc = doc_of(state)
    doc["player"] = 1
    _refused(doc, "players[0].sheet", "turn order")
    full = {b.key: {"chance": 5, "super_chance": 10}.get(b.key, 0) for b in Box}
    doc = doc_of(new_game(1))
    doc["players"][0]["sheet"] = full  # the game would be over
    _refused(doc, "player", "no open box")


def test_8_over_means_every_box_filled_and_nothing_else() -> None:
    over = _over()
    assert from_json(to_json(over)) == over
    breaks: list[tuple[Callable[[Doc], None], str, str]] = [
        (lambda d: d["players"][1]["sheet"].pop("chance"), "players", "every box is filled"),
        (lambda d: d.update(d6=[1, 2, 3, 4, 5], d10=4), "d6", "no dice"),
        (lambda d: d.update(rolls=1), "d6", "no dice, rolls or player"),
        (lambda d: d.update(player=1), "d6", "no dice, rolls or player"),
    ]
    for edit, path, text in breaks:
        doc = doc_of(over)
        edit(doc)
        _refused(doc, path, text)


def test_9_a_decision_sees_no_dice_before_the_first_roll_and_all_six_after() -> None:
    before, after = _pair(), _thrown(_pair())
    assert from_json(to_json(after)) == after
    breaks: list[tuple[State, Callable[[Doc], None], str, str]] = [
        (before, lambda d: d.update(d10=3), "d6", "no dice before the first roll"),
        (before, lambda d: d.update(d6=[1]), "d6", "no dice before the first roll"),
        (after, lambda d: d.update(d10=None), "d6", "five six-sided dice and the d10"),
        (after, lambda d: d.update(d6=[1, 2, 3]), "d6", "five six-sided dice and the d10"),
        (after, lambda d: d.update(d6=[3, 2, 1, 4, 5]), "d6", "stored sorted"),
        (after, lambda d: d.update(d6=[0, 2, 3, 4, 5]), "d6[0]", "below the minimum 1"),
        (after, lambda d: d.update(d10=10), "d10", "above the maximum 9"),
    ]
    for state, edit, path, text in breaks:
        doc = doc_of(state)
        edit(doc)
        _refused(doc, path, text)


def test_10_a_throw_keeps_what_a_roll_can_keep() -> None:
    first = apply(_pair(), Roll())
    later = apply(_thrown(_pair()), Roll((1, 2, 3), True))
    assert (first.phase, later.phase) == (Phase.THROW, Phase.THROW)
    assert from_json(to_json(later)) == later
    breaks: list[tuple[State, Callable[[Doc], None], str, str]] = [
        (first, lambda d: d.update(d6=[4]), "rolls", "a pending throw is the 1st to 4th roll"),
        (first, lambda d: d.update(d10=4), "rolls", "a pending throw is the 1st to 4th roll"),
        (later, lambda d: d.update(rolls=4), "rolls", "a pending throw is the 1st to 4th roll"),
        (later, lambda d: d.update(d6=[1, 2, 3, 4, 5]), "d6", "leave something to throw"),
        (later, lambda d: d.update(d6=[1, 2, 3, 4, 5, 6]), "d6", "at most 5 items"),
    ]
    for state, edit, path, text in breaks:
        doc = doc_of(state)
        edit(doc)
        _refused(doc, path, text)


# --- accepted exactly when reachable: from_json against the test's own replay ------------------


@st.composite
def near_states(draw: st.DrawFn) -> State:
    """States built directly, most of them close to reachable ones (a field or two off)."""

    def off() -> bool:  # leave this field's consistent value, now and then
        return draw(st.integers(0, 11)) == 0

    n = draw(st.integers(1, 3))
    rules = draw(st.sampled_from((Rules(), Rules(chips=0), Rules(chips=1))))
    phase = draw(st.sampled_from(list(Phase)))
    rolling = phase in (Phase.THROW, Phase.DECIDE)
    player = draw(st.integers(0, n - 1)) if rolling or off() else 0
    first = draw(st.integers(0, n - 1)) if phase is not Phase.ROLL_OFF or off() else None
    if n == 1 and phase is Phase.ROLL_OFF and not off():
        n, player = 2, 0
    base = {Phase.ROLL_OFF: 0, Phase.OVER: len(Box)}.get(phase)
    if base is None or off():
        base = draw(st.sampled_from([0, 1, 2, 21]))
    sheets = []
    for seat in range(n):
        ahead = first is not None and (seat - first) % n < (player - first) % n
        count = base + ahead * (phase is not Phase.OVER)
        count = max(0, min(len(Box), count + (draw(st.sampled_from([1, -1])) if off() else 0)))
        boxes = draw(st.permutations(list(Box)))[:count]
        entries: list[int | None] = [None] * len(Box)
        for box in boxes:
            struck = off()  # 0: reachable except in Chance and Super-Chance
            entries[box.value] = 0 if struck else draw(st.sampled_from(sorted(entry_values(box))))
        spent = draw(st.integers(0, rules.chips))
        if not off():
            spent = min(spent, count + (seat == player))
        sheets.append(Sheet(tuple(entries), rules.chips - spent))
    rolls = draw(st.integers(0, 3 if phase is Phase.THROW else 4)) if rolling or off() else 0
    if (phase is Phase.DECIDE and rolls) != 0 and not off():
        d6 = tuple(sorted(draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))))
        d10 = draw(st.one_of(st.none(), st.integers(0, 9))) if off() else draw(st.integers(0, 9))
    elif (phase is Phase.THROW and rolls) or off():
        d6 = tuple(sorted(draw(st.lists(st.integers(1, 6), max_size=5))))
        d10 = draw(st.one_of(st.none(), st.integers(0, 9)))
    else:
        d6, d10 = (), None
    roll_off = None
    if (phase is Phase.ROLL_OFF) != off() and n > 1:
        contenders = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2))))
        faces = tuple(draw(st.lists(st.integers(1, 6), max_size=len(contenders) - 1)))
        roll_off = RollOff(contenders, faces)
    names = ("A", "B", "C")[:n]
    return State(rules, names, tuple(sheets), phase, player, d6, d10, rolls, first, roll_off)


def _reproduced(state: State) -> bool:
    try:
        return witness(state) == state
    except (KniffelError, AssertionError):
        return False


def _accepted(state: State) -> bool:
    try:
        return from_json(to_json(state)) == state
    except InvalidStateError:
        return False


@settings(max_examples=150)
@given(near_states())
def test_from_json_accepts_a_state_exactly_when_a_replay_reaches_it(state: State) -> None:
    assert _accepted(state) == _reproduced(state), to_json(state)


@pytest.mark.slow
@settings(max_examples=3000)
@given(near_states())
def test_from_json_accepts_exactly_the_reachable_states_long(state: State) -> None:
    assert _accepted(state) == _reproduced(state), to_json(state)
