"""The fast paths of classic play (issue 17) give exactly what the plain paths give.

Each fast path is compared with its definition: the listing with the
candidates ``why_illegal`` lets through, the direct successors with
``attrs.evolve`` and ``_entry``, the keep lookup with ``is_sub_multiset``, the
sampling table with ``sample_roll`` (the same generator calls), ``apply``'s
one-pass judgement with ``why_illegal``.
"""

from __future__ import annotations

import random

import attrs
import pytest

from _ids import shown
from kniffel_rules import CHANCE, classic
from kniffel_rules import _dicegame as dg
from kniffel_rules.classic import legality
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.pieces import UPPER, Box, sheet_boxes
from kniffel_rules.classic.state import Phase, Sheet, State
from kniffel_rules.dice import DiceRoll, all_multisets, is_sub_multiset, sample_roll
from kniffel_rules.errors import IllegalActionError

RULE_SETS = [
    classic.Rules(),
    classic.Rules(joker="forced"),
    classic.Rules(joker="free"),
    classic.Rules(joker="none"),
    classic.Rules(joker="none", extra_kniffel_bonus=0),
    classic.Rules(croatian=True),
    classic.Rules(full_cup=True),
    classic.Rules(games=2),
]


def _slow_successor(state: State, action: object) -> State:
    """The successor as the engine built it before issue 17: ``attrs.evolve`` and ``_entry``."""
    if isinstance(action, DiceRoll):
        if state.phase is Phase.ROLL_OFF:
            return dg.throw_happen(state, action)
        dice = tuple(sorted(state.dice + action.values))
        return attrs.evolve(state, phase=Phase.DECIDE, dice=dice, rolls=state.rolls + 1)
    if isinstance(action, classic.Roll):
        return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
    assert isinstance(action, classic.Score)
    made = legality._entry(state.sheets[state.player], state.dice, action.box, state.rules)
    p = state.player
    sheets = list(state.sheets)
    sheets[p] = sheets[p].with_entry(action.box, made.value, made.bonus)
    nxt = (p + 1) % len(sheets)
    if sheets[nxt].filled() < len(sheet_boxes(state.rules)):
        return attrs.evolve(
            state, sheets=tuple(sheets), phase=Phase.DECIDE, player=nxt, dice=(), rolls=0
        )
    return classic.apply(state, action)  # the end of a game: unchanged code


def _extra_kniffel_states(rules: classic.Rules) -> list[State]:
    """States right after a throw of five equal dice with the Kniffel box filled."""
    found = []
    for face in (1, 3, 6):
        for upper_open in (True, False):
            for lower_open in (True, False):
                entries: list[int | None] = [None] * len(Box)
                entries[Box.KNIFFEL.value] = 50
                if not upper_open:
                    entries[UPPER[face - 1].value] = face * 3
                if not lower_open:
                    for b in sheet_boxes(rules)[6:]:
                        entries[b.value] = 0
                sheet = Sheet(tuple(entries))
                for rolls in (1, 3):
                    found.append(
                        State(rules, ("a",), (sheet,), Phase.DECIDE, dice=(face,) * 5, rolls=rolls)
                    )
    return found


@pytest.mark.parametrize("rules", RULE_SETS, ids=shown)
def test_random_games_fast_paths_match_definitions(rules: classic.Rules) -> None:
    rng = random.Random(17)
    for game in range(8):
        state = classic.new_game(players=1 + game % 3, rules=rules)
        extra = _extra_kniffel_states(rules) if game == 0 else []
        for st in extra:
            assert GAME.legal_actions(st) == GAME.checked_actions(st)
            for a in GAME.checked_actions(st):
                assert classic.apply(st, a) == _slow_successor(st, a)
        while not classic.is_terminal(state):
            if classic.current_player(state) == CHANCE:
                twin = random.Random()
                twin.setstate(rng.getstate())
                drawn = classic.sample_chance(state, rng)
                k = 5 - len(state.dice) if state.phase is Phase.THROW else 1
                assert drawn == DiceRoll(sample_roll(twin, k))
                assert rng.getstate() == twin.getstate()
                action: object = drawn
            else:
                legal = classic.legal_actions(state)
                assert legal == GAME.checked_actions(state)
                action = legal[rng.randrange(len(legal))]
            after = classic.apply(state, action)  # type: ignore[arg-type]
            assert after == _slow_successor(state, action)
            state = after


def test_sampling_table_is_sample_roll_for_every_code() -> None:
    for k in range(1, 6):
        for code in range(6**k):
            drawn = dg._DRAWN[k][code]
            rng = _FixedRandom(code)
            assert drawn == DiceRoll(sample_roll(rng, k))
            assert drawn is dg._ROLL_OBJ[drawn.values]


class _FixedRandom(random.Random):
    def __init__(self, code: int) -> None:
        super().__init__(0)
        self.code = code

    def randrange(self, *args: object, **kwargs: object) -> int:
        return self.code


def test_throw_of_no_dice_draws_nothing() -> None:
    state = State(classic.Rules(), ("a",), (Sheet(),), Phase.THROW, dice=(1, 2, 3, 4, 5), rolls=1)
    rng = random.Random(3)
    before = rng.getstate()
    assert dg.throw_sample(state, rng) == DiceRoll(())
    assert rng.getstate() == before


def test_keep_lookup_is_sub_multiset() -> None:
    rules = {"rolls": "R", "first": "F", "all": "A", "keep": "K"}
    keeps = [m for k in range(5) for m in all_multisets(k, (0, 1, 2, 3, 4, 5, 6, 7))]
    for dice in all_multisets(5):
        for keep in keeps:
            reason = dg.check_keep(1, dice, keep, "stop", rules)
            if is_sub_multiset(keep, dice):
                assert reason is None
            else:
                assert reason is not None and reason.rule == "K"
    # Dice outside the table (not five sorted faces) are still judged by counting.
    assert dg.check_keep(1, (2, 2), (2,), "stop", rules) is None
    assert dg.check_keep(1, (2, 2), (2, 3), "stop", rules) is not None


def test_replace_is_evolve() -> None:
    state = classic.new_game(players=["a", "b"])
    assert dg.replace(state, roll_off=None, player=1) == attrs.evolve(
        state, roll_off=None, player=1
    )
    assert dg.replace(state) == state
    sheet = Sheet()
    assert dg.replace(sheet, extra_bonus=3) == Sheet(extra_bonus=3)


def test_sheet_filled_counts_filled_boxes() -> None:
    entries: list[int | None] = [None] * len(Box)
    assert Sheet().filled() == 0
    entries[0] = 0
    entries[5] = 30
    assert Sheet(tuple(entries)).filled() == 2
    assert Sheet(tuple(range(len(Box)))).filled() == len(Box)


def test_apply_raises_what_why_illegal_returns() -> None:
    state = classic.new_game()
    for action in (classic.Score(Box.CHANCE), classic.Roll(keep=(1,)), DiceRoll((1, 2)), "x"):
        reason = classic.why_illegal(state, action)
        assert reason is not None
        with pytest.raises(IllegalActionError) as caught:
            classic.apply(state, action)  # type: ignore[arg-type]
        assert (str(caught.value), caught.value.rule) == (str(reason), reason.rule)
    thrown = classic.apply(state, classic.Roll())
    for outcome in (DiceRoll((1, 2)), DiceRoll((0, 1, 2, 3, 4)), classic.Roll()):
        reason = classic.why_illegal(thrown, outcome)
        assert reason is not None
        with pytest.raises(IllegalActionError) as caught:
            classic.apply(thrown, outcome)
        assert (str(caught.value), caught.value.rule) == (str(reason), reason.rule)
