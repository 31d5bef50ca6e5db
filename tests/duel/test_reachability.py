"""Reachable states of the Duell: ``from_json`` accepts exactly what play can produce.

- random games under several rule sets: every state round-trips;
- one test per invariant of "Reachable states" (docs/rules/duel.md): a real
  document broken in that one respect is refused, naming the field;
- invariant 10 (tiles and turns) against the exact turn graph of a reduced
  board: every sequence of moves and misses, with any number of jokers
  spent, on a board whose other discs never leave the centre line.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duel.helpers import B, R, position
from kniffel_rules import CHANCE, InvalidStateError, play, random_policy
from kniffel_rules.duel import (
    Area,
    Phase,
    Rules,
    Spot,
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
from kniffel_rules.duel.legality import has_won
from kniffel_rules.duel.pieces import AREAS, HOLES, SPACES, START_BOARD

A = Area

RULE_SETS = (
    Rules(),
    Rules(adjacency="within_parts"),
    Rules(match_wins=2),
    Rules(match_wins=3, adjacency="within_parts"),
)


def _doc(state: State) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(to_json(state))
    return result


def _refused(doc: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        from_json(json.dumps(doc))
    assert info.value.path == field, str(info.value)


@settings(max_examples=6, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_random_game_round_trips(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(rules=rules, first_player=rng.choice((None, 0, 1)))
    while True:
        assert from_json(to_json(state)) == state
        if is_terminal(state):
            break
        if current_player(state) == CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            acts = legal_actions(state)
            state = apply(state, acts[rng.randrange(len(acts))])


# --- one test per invariant ------------------------------------------------------------

ROLLED = position({A.TWOS: Spot.RED_SPACE}, dice=(1, 2, 2, 5, 6), jokers=(2, 1), rolls=2)


def test_r1_names() -> None:
    for bad in ("", "\ud800", "x" * 101, 7, None):
        d = _doc(ROLLED)
        d["players"][1]["name"] = bad
        _refused(d, "players[1].name")
    d = _doc(ROLLED)
    d["players"][0]["name"] = "x" * 100  # the longest name new_game takes
    assert from_json(json.dumps(d)).names[0] == "x" * 100


def test_r2_each_colour_has_eleven_tiles() -> None:
    d = _doc(ROLLED)
    d["players"][0]["supply"] = 8
    _refused(d, "players[0].supply")


def test_r3_the_kniffel_disc_is_never_on_a_space() -> None:
    d = _doc(ROLLED)
    d["board"]["kniffel"] = "blue_space"
    _refused(d, "board.kniffel")


def test_r4_results_no_game_can_give() -> None:
    s = position(
        {A.TWOS: Spot.RED_SPACE}, dice=(1, 2, 2, 5, 6), jokers=(2, 1), rules=Rules(match_wins=2)
    )
    for results in ([0, 0], [1, 0, 1], [0, 1, 0, 1]):
        d = _doc(s)
        d["results"] = results
        _refused(d, "results")
    final = play("duel", [random_policy] * 2, seed=5, rules=Rules(match_wins=2))
    d = _doc(final)
    d["results"] = d["results"][:-1]  # the match is over, but nobody has two wins
    _refused(d, "results")


def test_r5_a_roll_off_is_the_setup() -> None:
    d = _doc(new_game())
    d["dice"] = [3]
    _refused(d, "phase")
    d = _doc(new_game())
    d["players"][1] |= {"jokers": 1, "supply": 10}
    _refused(d, "phase")
    d = _doc(new_game())
    d["first_player"] = 0
    _refused(d, "roll_off")


def test_r6_after_the_roll_off_there_is_a_first_player() -> None:
    d = _doc(ROLLED)
    d["first_player"] = None
    _refused(d, "first_player")
    d = _doc(ROLLED)
    d["roll_off"] = {"contenders": [0, 1], "faces": [2]}
    _refused(d, "roll_off")


def test_r7_a_game_that_goes_on_has_no_winner() -> None:
    d = _doc(ROLLED)
    d["board"] |= {"ones": "red_hole", "twos": "red_hole", "threes": "red_hole"}
    _refused(d, "board")


def test_r8_the_dice_fit_the_moment_of_the_turn() -> None:
    for phase, dice, rolls in (
        ("decide", [1, 2, 3], 1),
        ("decide", [], 2),
        ("throw", [1, 2, 3, 4, 5], 1),
        ("throw", [1], 0),
        ("throw", [], 3),
    ):
        d = _doc(ROLLED)
        d |= {"phase": phase, "dice": dice, "rolls": rolls}
        _refused(d, "dice")


def test_r9_jokers_are_spent_after_a_throw_from_the_tiles_in_hand() -> None:
    d = _doc(ROLLED)
    d |= {"phase": "throw", "dice": [2, 2], "jokers_used": 1}
    _refused(d, "jokers_used")
    d = _doc(ROLLED)
    d["jokers_used"] = 10  # 2 in hand + 10 spent: more than the colour's 11
    _refused(d, "jokers_used")


def test_r10_tiles_and_turns() -> None:
    # Blue to move at the start, both with a tile: fine; blue alone holding two: red
    # has had a turn (blue missed twice), and red's misses left red a tile.
    start = position(jokers=(1, 1))
    assert from_json(to_json(start)) == start
    d = _doc(start)
    d["players"][1] |= {"jokers": 0, "supply": 11}
    _refused(d, "players[1].jokers")
    # Red to move at red's first turn: blue's one turn left one tile, or one disc.
    d = _doc(start)
    d["player"] = 1
    d["players"][1] |= {"jokers": 0, "supply": 11}
    assert from_json(json.dumps(d)).player == 1
    d["players"][0] |= {"jokers": 2, "supply": 9}
    _refused(d, "players[1].jokers")
    # Blue to move with no tile, red's Ones disc secured, nothing of blue's: blue's
    # last turn was a miss (red had to move twice), which would have left a tile.
    d = _doc(position({A.ONES: R}, jokers=(1, 0)))
    d["players"][0] |= {"jokers": 0, "supply": 11}
    _refused(d, "players[0].jokers")
    d["board"]["twos"] = "red_space"  # red's last move may have pushed blue's disc there
    assert from_json(json.dumps(d)).jokers == (0, 0)
    # The tiles spent this turn count for the player to move.
    d = _doc(ROLLED)
    d["players"][0] |= {"jokers": 0, "supply": 11}
    d["board"]["twos"] = "centre"
    d["players"][1] |= {"jokers": 0, "supply": 11}
    d["board"]["fives"] = "blue_space"
    _refused(d, "players[1].jokers")


def test_r11_the_game_stops_at_the_first_win() -> None:
    final = play("duel", [random_policy] * 2, seed=4)
    winner = final.results[-1]
    hole = HOLES[winner].value
    d = _doc(final)
    d["dice"] = [1, 2, 3, 4, 5]
    _refused(d, "dice")
    d = _doc(final)
    d["results"] = [1 - winner]
    _refused(d, "board")
    # Six secured discs for the winner (any five of them win): refused.
    six = _doc(final)
    for area in AREAS[:6]:
        six["board"][area.key] = hole
    board = tuple(Spot(six["board"][a.key]) for a in AREAS)
    assert not has_won(board, 1 - winner, final.rules)
    _refused(six, "board")


def test_r11_a_win_is_one_move_old() -> None:
    # Five in a row: without Threes no win is left, so Threes could be the last move.
    spots: dict[Area, Spot] = dict.fromkeys((A.ONES, A.TWOS, A.THREES, A.FOURS, A.FIVES), B)
    over = _over(spots, jokers=(0, 1))
    assert from_json(to_json(over)) == over
    d = _doc(_over({A.ONES: B, A.TWOS: B, A.THREES: B}, jokers=(0, 1)))
    d["board"] |= {a.key: "blue_hole" for a in (A.FULL_HOUSE, A.SMALL_STRAIGHT, A.LARGE_STRAIGHT)}
    _refused(d, "board")  # two separate triples: no single move made both


def test_r11_a_loser_without_tiles_moved_last() -> None:
    d = _doc(_over({A.ONES: B, A.TWOS: B, A.THREES: B}, jokers=(0, 1)))
    d["players"][1] |= {"jokers": 0, "supply": 11}
    _refused(d, "players[1].jokers")
    d["board"]["sixes"] = "red_space"
    assert from_json(json.dumps(d)).phase is Phase.OVER


def _over(spots: dict[Area, Spot], jokers: tuple[int, int]) -> State:
    board = tuple(spots.get(a, Spot.CENTRE) for a in AREAS)
    return State(
        Rules(),
        ("Blue", "Red"),
        board,
        Phase.OVER,
        jokers=jokers,
        supply=(11 - jokers[0], 11 - jokers[1]),
        first_player=0,
        results=(0,),
    )


# --- invariant 10 against the exact turn graph of a reduced board ------------------------

# The discs of these areas move; every other disc stays on the centre line (a disc that
# never left it was never moved, so this is the real game restricted to these areas).
_FREE = (A.ONES, A.THREES, A.KNIFFEL)
_SPOTS = tuple(Spot)
Abstract = tuple[tuple[Spot, ...], tuple[int, int], int, int]


def _real_board(spots: tuple[Spot, ...]) -> tuple[Spot, ...]:
    board = list(START_BOARD)
    for area, spot in zip(_FREE, spots, strict=True):
        board[area.value] = spot
    return tuple(board)


def _step(spots: tuple[Spot, ...], area_i: int, seat: int) -> tuple[Spot, ...] | None:
    spot, area = spots[area_i], _FREE[area_i]
    if spot.secured:
        return None
    target = HOLES[seat] if not area.has_spaces or spot is SPACES[seat] else SPACES[seat]
    return (*spots[:area_i], target, *spots[area_i + 1 :])


def _turn_graph() -> set[Abstract]:
    """Turn starts (spots, tiles in hand, player to move, first player) that play reaches.

    A turn ends with a move (any disc that can move: some dice show it) after spending
    any number k of the tiles in hand, or with a miss (some dice show nothing) after
    spending any k: the miss then gives a tile back when the supply has one.
    """
    rules = Rules()
    starts: list[Abstract] = [((Spot.CENTRE,) * len(_FREE), (0, 0), fp, fp) for fp in (0, 1)]
    seen = set(starts)
    queue = deque(starts)
    while queue:
        spots, hands, p, fp = queue.popleft()
        h = hands[p]
        after: list[tuple[tuple[Spot, ...], int]] = []
        for i in range(len(_FREE)):
            moved = _step(spots, i, p)
            if moved is not None and not has_won(_real_board(moved), p, rules):
                after.extend((moved, h - k) for k in range(h + 1))
        after.append((spots, min(h + 1, 11)))  # a miss with no joker spent
        after.extend((spots, h - k + 1) for k in range(1, h + 1))
        for new_spots, new_h in after:
            new_hands = (new_h, hands[1]) if p == 0 else (hands[0], new_h)
            node = (new_spots, new_hands, 1 - p, fp)
            if node not in seen:
                seen.add(node)
                queue.append(node)
    return seen


def _accepted(node: Abstract) -> bool:
    spots, hands, p, fp = node
    state = State(
        Rules(),
        ("Blue", "Red"),
        _real_board(spots),
        Phase.DECIDE,
        player=p,
        jokers=hands,
        supply=(11 - hands[0], 11 - hands[1]),
        first_player=fp,
    )
    try:
        from_json(to_json(state))
    except InvalidStateError:
        return False
    return True


@pytest.mark.slow
def test_r10_accepts_exactly_the_turn_starts_that_play_reaches() -> None:
    reached = _turn_graph()
    kniffel = _FREE.index(A.KNIFFEL)
    wrong = []
    for spots in itertools.product(_SPOTS, repeat=len(_FREE)):
        if spots[kniffel] in SPACES:
            continue
        for h0 in range(12):
            for h1 in range(12):
                for p in (0, 1):
                    for fp in (0, 1):
                        node = (spots, (h0, h1), p, fp)
                        if _accepted(node) != (node in reached):
                            wrong.append(node)
    assert wrong == []
