"""Exact reasons, clause ids, joker flags and field paths of classic's checks.

Apps show these messages to players and the sheet verifier reports the
clause ids, so they are part of the behaviour; these tests were written to
kill the mutants that a mutation-testing run (docs/quality.md) found alive.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from classic.helpers import position, sheet
from kniffel_rules import CHANCE, DiceRoll, IllegalActionError, InvalidStateError, classic
from kniffel_rules.classic import Box, Roll, Rules, Score, apply, new_game, score
from kniffel_rules.classic.combinations import check_dice
from kniffel_rules.classic.legality import Entry, check_entry, entry_options
from kniffel_rules.classic.pieces import BOXES
from kniffel_rules.errors import Rejection
from kniffel_rules.game import PROTOCOL_CLAUSES

B = Box
FOURS = (4, 4, 4, 4, 4)


def rejection(result: Entry | Rejection) -> tuple[str, str]:
    assert isinstance(result, Rejection)
    return str(result), result.rule


@pytest.mark.rule("CL-30", "CL-07")
def test_reasons_for_boxes_that_cannot_take_the_roll() -> None:
    croatian = Rules(croatian=True)
    assert rejection(check_entry(sheet(), FOURS, B.FULL_HOUSE, croatian)) == (
        "the Croatian sheet has no box Full House",
        "CL-30",
    )
    assert rejection(check_entry(sheet(), FOURS, B.MAXIMUM, Rules())) == (
        "the standard sheet has no box Maximum",
        "CL-30",
    )
    assert rejection(check_entry(sheet({B.CHANCE: 20}), FOURS, B.CHANCE, Rules())) == (
        "box Chance is already filled (20)",
        "CL-07",
    )


@pytest.mark.rule("CL-18", "CL-19")
def test_joker_reasons_name_the_clause() -> None:
    assert rejection(check_entry(sheet({B.KNIFFEL: 50}), FOURS, B.CHANCE, Rules())) == (
        "an extra Kniffel of Fours must be entered in Fours while that box is open (joker rule)",
        "CL-18",
    )
    assert rejection(check_entry(sheet({B.KNIFFEL: 50, B.FOURS: 8}), FOURS, B.SIXES, Rules())) == (
        "an extra Kniffel with Fours filled is a joker: it must go in an open lower box, "
        "not Sixes (joker rule)",
        "CL-19",
    )
    state = new_game()
    with pytest.raises(IllegalActionError) as info:
        apply(state, Score(B.CHANCE))
    assert info.value.rule == "CL-47"


@pytest.mark.rule("CL-19", "CL-42")
def test_entries_say_whether_they_are_jokers() -> None:
    filled = sheet({B.KNIFFEL: 50, B.FOURS: 8})
    assert check_entry(filled, FOURS, B.FULL_HOUSE, Rules()) == Entry(25, 0, joker=True)
    assert check_entry(sheet({B.KNIFFEL: 50}), FOURS, B.FOURS, Rules()) == Entry(20, 50)
    free = Rules(joker="free")
    assert check_entry(filled, FOURS, B.FULL_HOUSE, free) == Entry(25, 50, joker=True)
    assert check_entry(filled, FOURS, B.ONES, free) == Entry(0, 50, joker=False)
    assert check_entry(sheet(), (1, 2, 3, 4, 6), B.SMALL_STRAIGHT, Rules()) == Entry(30)


@pytest.mark.rule("CL-51")
def test_joker_values_follow_the_rules_box_values() -> None:
    rules = Rules(full_house_score=33, small_straight_score=22, large_straight_score=44)
    filled = sheet({B.KNIFFEL: 50, B.FOURS: 8})
    assert check_entry(filled, FOURS, B.FULL_HOUSE, rules) == Entry(33, 0, joker=True)
    assert check_entry(filled, FOURS, B.SMALL_STRAIGHT, rules) == Entry(22, 0, joker=True)
    assert check_entry(filled, FOURS, B.LARGE_STRAIGHT, rules) == Entry(44, 0, joker=True)
    assert check_entry(filled, FOURS, B.CHANCE, rules) == Entry(20, 0, joker=True)
    natural = Rules(kniffel_counts_as_full_house=True, full_house_score=31)
    assert check_entry(sheet(), FOURS, B.FULL_HOUSE, natural) == Entry(31)


def test_entry_options_lists_the_entries() -> None:
    filled = sheet({B.KNIFFEL: 50, B.FOURS: 8})
    options = entry_options(filled, FOURS, Rules())
    assert options[B.FULL_HOUSE] == Entry(25, 0, joker=True)
    assert options[B.THREE_OF_A_KIND] == Entry(20, 0, joker=True)
    assert all(isinstance(e, Entry) for e in options.values())


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ((1, 2, 3, 4), "dice: a classic roll has 5 dice, got 4"),
        ((0, 1, 2, 3, 4), r"dice: die faces are 1\.\.6, got \(0, 1, 2, 3, 4\)"),
        ((1, 2, 3, 4, 7), r"dice: die faces are 1\.\.6, got \(1, 2, 3, 4, 7\)"),
        ("12345", "dice: expected a sequence of dice faces, got '12345'"),
        (5, "dice: expected a sequence of dice faces"),
    ],
)
def test_bad_dice_name_the_field(dice: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{message}") as info:
        score(B.CHANCE, dice)  # type: ignore[arg-type]
    assert info.value.path == "dice"
    with pytest.raises(InvalidStateError) as other:
        check_dice(dice, "turns[0].dice")  # type: ignore[arg-type]
    assert other.value.path == "turns[0].dice"


def test_a_non_box_names_the_field() -> None:
    with pytest.raises(InvalidStateError, match=r"^box: expected a classic Box, got 'chance'"):
        score("chance", (1, 2, 3, 4, 5))  # type: ignore[arg-type]


@pytest.mark.rule("CL-44")
def test_any_bonus_amount_is_credited() -> None:
    for amount in (1, 2, 100):
        entry = check_entry(
            sheet({B.KNIFFEL: 50}), FOURS, B.FOURS, Rules(extra_kniffel_bonus=amount)
        )
        assert entry == Entry(20, amount)


def test_no_winners_before_the_end() -> None:
    from kniffel_rules import classic

    with pytest.raises(IllegalActionError) as info:
        classic.winners(classic.new_game(2))
    assert str(info.value) == "the game is not over yet: there are no winners"


def test_score_before_rolling_or_without_a_box() -> None:
    from kniffel_rules import DiceRoll, classic

    s = classic.new_game()
    with pytest.raises(IllegalActionError) as early:
        classic.apply(s, classic.Score(classic.Box.CHANCE))
    assert (str(early.value), early.value.rule) == (
        "roll the dice before entering a score",
        "CL-47",
    )
    s = classic.apply(classic.apply(s, classic.Roll()), DiceRoll((1, 2, 3, 4, 5)))
    not_a_box: Any = "chance"
    with pytest.raises(IllegalActionError) as bad:
        classic.apply(s, forged_score(not_a_box))  # Score(not_a_box) raises (issue 14)
    assert str(bad.value) == "Score needs a classic Box, got 'chance'"


@pytest.mark.rule("PR-02")
def test_a_misplaced_outcome_is_named_in_the_notation() -> None:
    """A throw offered where Ann decides is written as players write it, not by its kind."""
    s = classic.apply(classic.new_game(["Ann"]), classic.Roll())
    s = classic.apply(s, DiceRoll((1, 2, 3, 4, 5)))
    reason = classic.why_illegal(s, DiceRoll((2, 2, 3, 4, 5)))
    assert str(reason) == "it is Ann's turn: expected Roll or Score, got 'dice 2 2 3 4 5'"
    assert reason is not None and reason.rule == "PR-02"


def test_roll_rejections_name_the_clause() -> None:
    from kniffel_rules import DiceRoll, classic

    s = classic.new_game()
    not_an_action: Any = 3
    with pytest.raises(IllegalActionError) as wrong:
        classic.apply(s, not_an_action)
    assert str(wrong.value) == "it is Player 1's turn: expected Roll or Score, got 3"
    s = classic.apply(classic.apply(s, classic.Roll()), DiceRoll((1, 2, 3, 4, 5)))
    for _ in range(2):
        s = classic.apply(classic.apply(s, classic.Roll((1,))), DiceRoll((2, 3, 4, 5)))
    with pytest.raises(IllegalActionError) as fourth:
        classic.apply(s, classic.Roll())
    assert (str(fourth.value), fourth.value.rule) == (
        "a turn has at most three rolls: enter the dice in a box",
        "CL-04",
    )
    cup = classic.new_game(rules=classic.Rules(full_cup=True))
    cup = classic.apply(classic.apply(cup, classic.Roll()), DiceRoll((1, 2, 3, 4, 5)))
    with pytest.raises(IllegalActionError) as kept:
        classic.apply(cup, classic.Roll((1,)))
    assert (str(kept.value), kept.value.rule) == (
        "full cup (St. Galler) rules: every roll throws all five dice, none may be kept",
        "CL-29",
    )


def test_a_bad_keep_names_the_field() -> None:
    from kniffel_rules import classic

    not_faces: Any = ["a"]
    with pytest.raises(InvalidStateError) as info:
        classic.Roll(not_faces)
    assert (info.value.path, info.value.detail) == (
        "keep",
        "a die face must be an integer, got 'a'",
    )


def test_keep_rejections_name_the_clause() -> None:
    from kniffel_rules import DiceRoll, classic

    s = classic.new_game()
    with pytest.raises(IllegalActionError) as first:
        classic.apply(s, classic.Roll((1,)))
    assert (str(first.value), first.value.rule) == (
        "the first roll of a turn throws all five dice",
        "CL-04",
    )
    s = classic.apply(classic.apply(s, classic.Roll()), DiceRoll((1, 2, 3, 4, 5)))
    for keep, message, rule in [
        (
            (1, 2, 3, 4, 5),
            "keeping all five dice throws nothing: to stop, enter the dice in a box",
            "CL-47",
        ),
        ((6,), "cannot keep 6: there is no 6 among 1 2 3 4 5", "CL-05"),
    ]:
        with pytest.raises(IllegalActionError) as info:
            classic.apply(s, classic.Roll(keep))
        assert (str(info.value), info.value.rule) == (message, rule)


# --- one legality path: why_illegal, is_legal, apply -------------------------

_DOCS = Path(__file__).resolve().parents[2] / "docs"
_CLAUSE = re.compile(r"\b(?:CL|PR)-\d{2}\b")
DOCUMENTED = set(_CLAUSE.findall((_DOCS / "rules" / "classic.md").read_text(encoding="utf-8")))
PROTOCOL = set(_CLAUSE.findall((_DOCS / "protocol.md").read_text(encoding="utf-8")))
DOCUMENTED |= {i for i in PROTOCOL if i.startswith("PR-")} & set(PROTOCOL_CLAUSES)

_RULE_SETS = [
    Rules(),
    Rules(joker="forced", games=2, ranking="placement"),
    Rules(joker="free"),
    Rules(joker="none"),
    Rules(full_cup=True),
    Rules(croatian=True),
]


def forged_score(box: object) -> Score:
    """A ``Score`` whose box is not a `Box`, built past its validator (as a foreign object)."""
    forged = object.__new__(Score)
    object.__setattr__(forged, "box", box)
    return forged


_JUNK: list[Any] = [
    None,
    3,
    "roll",
    object(),
    forged_score("chance"),
    Score(B.MAXIMUM),
    Score(B.FULL_HOUSE),
    Roll((1, 1, 1, 1, 1, 1)),
    Roll((1, 2, 3, 4, 5)),
    Roll((6, 6)),
    DiceRoll(()),
    DiceRoll((1,)),
    DiceRoll((1, 2, 3, 4, 5)),
    DiceRoll((0, 2, 3, 4, 5)),
]


def _check(state: classic.State, action: Any, seen: set[str]) -> None:
    reason = classic.why_illegal(state, action)
    legal = action in classic.legal_actions(state)
    assert classic.is_legal(state, action) is (reason is None)
    if isinstance(action, (Roll, Score, DiceRoll)):
        assert legal is (reason is None), (state, action, reason)
    if reason is None:
        return
    assert isinstance(reason, Rejection)
    assert reason.rule in DOCUMENTED, (str(reason), reason.rule)
    seen.add(reason.rule)
    with pytest.raises(IllegalActionError) as info:
        classic.apply(state, action)
    assert (str(info.value), info.value.rule) == (str(reason), reason.rule)


@pytest.mark.rule("CL-04", "CL-05", "CL-07", "CL-18", "CL-19", "CL-29", "CL-30", "CL-47")
@pytest.mark.parametrize("rules", _RULE_SETS, ids=lambda r: repr(r)[:40])
def test_every_refusal_names_a_documented_clause_and_apply_raises_it(rules: Rules) -> None:
    """Actions legal elsewhere in the same games, and junk, at every node of seeded games."""
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = classic.new_game(players=2, rules=rules)
        elsewhere: list[Any] = []
        while not classic.is_terminal(state):
            for action in [*_JUNK, *elsewhere[-40:]]:
                _check(state, action, seen)
            if classic.current_player(state) == CHANCE:
                action = classic.sample_chance(state, rng)
            else:
                actions = classic.legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            elsewhere.append(action)
            state = classic.apply(state, action)
        for action in [*_JUNK, *elsewhere[-10:]]:
            _check(state, action, seen)
    assert {"PR-01", "PR-02", "PR-03", "PR-04", "PR-05", "CL-04", "CL-07"} <= seen


def test_extra_kniffel_refusals_name_their_clauses() -> None:
    """The joker refusals come out of why_illegal too (the seeded games rarely reach them)."""
    seen: set[str] = set()
    s = position({B.KNIFFEL: 50}, FOURS)
    for box in BOXES:
        _check(s, Score(box), seen)
    s = position({B.KNIFFEL: 50, B.FOURS: 16}, FOURS)
    for box in BOXES:
        _check(s, Score(box), seen)
    assert seen == {"CL-18", "CL-19", "CL-07"}


@pytest.mark.rule("PR-01")
def test_a_score_without_a_classic_box_is_not_an_action_of_the_game() -> None:
    """``Score`` takes a `Box`: its constructor refuses anything else (issue 14), and a
    ``Score`` forged past the constructor is protocol misuse (PR-01)."""
    not_a_box: Any = "chance"
    with pytest.raises(InvalidStateError, match="box: expected a Box, got 'chance'"):
        Score(not_a_box)
    s = position(dice=(1, 2, 3, 4, 5))
    reason = classic.why_illegal(s, forged_score(not_a_box))
    assert reason is not None
    assert (str(reason), reason.rule) == ("Score needs a classic Box, got 'chance'", "PR-01")
    before_rolling = classic.why_illegal(position(), forged_score(not_a_box))
    assert before_rolling is not None
    assert before_rolling.rule == "CL-47"


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(full_cup=True), Rules(croatian=True)], ids=["std", "cup", "cro"]
)
@pytest.mark.parametrize("rolls", [0, 1, 2, 3])
def test_the_fast_listing_is_the_candidates_that_the_rules_let_through(
    rules: Rules, rolls: int
) -> None:
    from kniffel_rules.classic import engine, legality

    dice = () if rolls == 0 else (2, 3, 3, 5, 6)
    state = position({Box.ONES: 2}, dice=dice, rules=rules, rolls=rolls)
    listed = classic.legal_actions(state)
    assert engine.GAME.checked_actions(state) == listed
    assert tuple(a for a in legality.candidates(state) if classic.is_legal(state, a)) == listed
    assert classic.Score(Box.ONES) not in listed  # filled
    assert (classic.Score(Box.TWOS) in listed) == (rolls > 0)
