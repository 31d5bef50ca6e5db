"""The fast paths of Master's play (issue 17) give exactly what the plain paths give.

Each fast path is compared with its definition: the memoised legal uses
with the candidates `use_problem` lets through, on boards that share memo
keys in every way (markers, completions, fulfilled tasks); the keep lookup
with `check_keep`; the step `apply` reuses with a fresh evaluation; the
direct successors with ``attrs.evolve``; the board's memoised counts with
counting.
"""

from __future__ import annotations

import random

import attrs
import pytest

from kniffel_rules import CHANCE, master
from kniffel_rules._dicegame import check_keep
from kniffel_rules._memo import forget_memos
from kniffel_rules.dice import DiceRoll, all_multisets, sub_multisets
from kniffel_rules.master import legality
from kniffel_rules.master.engine import GAME
from kniffel_rules.master.pieces import ROW_LENGTH, Task
from kniffel_rules.master.state import Phase, Sheet, State

FIVE_DICE = all_multisets(5)


def _random_sheet(rng: random.Random) -> Sheet:
    tasks = tuple(rng.random() < 0.4 for _ in Task)
    rows = tuple(rng.choice((0, 0, 0, 2, 3, 4, 5, 6, 7, 8, 8)) for _ in range(6))
    return Sheet(tasks, rows, rng.randrange(4), 0)


def _plain_uses(sheet: Sheet, dice: tuple[int, ...]) -> tuple[object, ...]:
    return tuple(
        a for a in legality._candidates(dice) if legality.use_problem(sheet, dice, a) is None
    )


@pytest.mark.parametrize("seed", range(4))
def test_memoised_legal_uses_are_the_checked_candidates(seed: int) -> None:
    rng = random.Random(seed)
    forget_memos()
    for _ in range(6000):
        sheet = _random_sheet(rng)
        dice = rng.choice(FIVE_DICE)
        assert legality.legal_uses(sheet, dice) == _plain_uses(sheet, dice), (sheet, dice)


def test_every_marker_situation_of_two_rows() -> None:
    """Two rows of a use: each status against every count of free markers and completions."""
    dice = (2, 2, 5, 5, 6)
    for completed in range(7):
        for r2 in (0, 2, 6, 7, 8):
            for r5 in (0, 2, 6, 7, 8):
                for progress in range(4):
                    rows = [8] * completed + [3] * progress + [0] * 6
                    rows = rows[:6]
                    rows[1], rows[4] = r2, r5  # faces 2 and 5
                    sheet = Sheet(rows=tuple(rows))
                    assert legality.legal_uses(sheet, dice) == _plain_uses(sheet, dice), rows


def test_keep_lookup_is_check_keep() -> None:
    for dice in FIVE_DICE:
        for keep in (*sub_multisets(dice), (7,), (1, 1, 1, 1, 1), (6, 6, 6, 6, 6)):
            for rolls in (0, 1, 2, 3):
                state = State(master.Rules(), ("a",), (Sheet(),), Phase.DECIDE, 0, dice, rolls)
                plain = check_keep(rolls, dice, keep, "use the dice", legality._ROLL_RULES)
                fast = legality._roll_problem(state, keep)
                assert fast == plain
                assert getattr(fast, "rule", None) == getattr(plain, "rule", None)


def test_joined_dice_are_the_sorted_dice() -> None:
    for kept in sub_multisets((1, 2, 3, 4, 5)) + sub_multisets((6, 6, 6, 6, 2)):
        if len(kept) == 5:
            continue
        for thrown in all_multisets(5 - len(kept)):
            dice = legality._joined(kept, thrown)
            assert dice == tuple(sorted(kept + thrown))
            assert legality._canonical(dice)
    # dice that are not five faces stay what they are
    assert legality._joined((), (3, 1)) == (1, 3)
    assert not legality._canonical((1, 3))
    # five dice are remembered (the 4,116 pairs of a kept and a thrown part), others not
    forget_memos()
    legality._joined((2, 2), (1, 3, 4))
    legality._joined((2,), (1, 3))
    assert list(legality._JOINED) == [((2, 2), (1, 3, 4))]


def test_board_counts_match_the_rows() -> None:
    rng = random.Random(5)
    for _ in range(500):
        sheet = _random_sheet(rng)
        done = sum(1 for r in sheet.rows if r >= ROW_LENGTH)
        moving = sum(1 for r in sheet.rows if 0 < r < ROW_LENGTH)
        assert sheet.completed_rows == done
        assert sheet.rows_in_progress == moving
        assert sheet.free_markers == 3 - max(0, done - 3) - moving
        task_stars = sum(t.stars for t in Task if sheet.tasks[t.value])
        assert sheet.task_stars == task_stars
        assert sheet.stars == task_stars + done + max(0, done - 3) + sheet.coin_laps
    # a board of lists (built by hand) is counted too
    odd = Sheet([False] * 6, [8, 8, 0, 3, 0, 0])  # type: ignore[arg-type]
    assert (odd.completed_rows, odd.rows_in_progress, odd.stars) == (2, 1, 2)


def _evolved(state: State, action: object) -> State:
    """The successor as the engine built it before issue 17, with `attrs.evolve`."""
    if state.phase is Phase.THROW:
        assert isinstance(action, DiceRoll)
        dice = tuple(sorted(state.dice + action.values))
        return attrs.evolve(state, phase=Phase.DECIDE, dice=dice, rolls=state.rolls + 1)
    if isinstance(action, master.Roll):
        return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
    sheets = state.sheets
    if not isinstance(action, master.Pass):
        result = legality._evaluate(sheets[state.player], state.dice, action)
        assert isinstance(result, legality._Step)
        outcome = legality.use_outcome(sheets, state.player, state.dice, action, state.rules)
        assert isinstance(outcome, legality.Outcome)
        sheets = tuple(outcome.sheet if i == state.player else s for i, s in enumerate(sheets))
    nxt = (state.player + 1) % state.num_players
    if nxt == state.first_player and any(s.stars >= state.rules.target_stars for s in sheets):
        return attrs.evolve(state, sheets=sheets, phase=Phase.OVER, player=0, dice=(), rolls=0)
    return attrs.evolve(state, sheets=sheets, phase=Phase.DECIDE, player=nxt, dice=(), rolls=0)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_successors_and_judgement_match_the_plain_paths(players: int) -> None:
    rng = random.Random(players)
    for _ in range(3):
        state = master.new_game(players=players, rules=master.Rules(target_stars=8))
        while not master.is_terminal(state):
            if master.current_player(state) == CHANCE:
                action: object = master.sample_chance(state, rng)
                if state.phase is Phase.ROLL_OFF:
                    state = master.apply(state, action)  # type: ignore[arg-type]
                    continue
            else:
                legal = master.legal_actions(state)
                assert legal == GAME.checked_actions(state)
                action = legal[rng.randrange(len(legal))]
                assert master.why_illegal(state, action) is None
            after = master.apply(state, action)  # type: ignore[arg-type]
            assert after == _evolved(state, action)
            state = after
