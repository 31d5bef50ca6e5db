"""Extreme's refusals: exact messages, field paths and clause ids; why_illegal and is_legal."""

from __future__ import annotations

import random
import re
from collections.abc import Container
from pathlib import Path

import pytest

from extreme.helpers import position
from kniffel_rules import (
    CHANCE,
    DiceRoll,
    IllegalActionError,
    InvalidStateError,
    classic,
    extreme,
    play,
    random_policy,
)
from kniffel_rules.extreme import (
    Box,
    ExtremeRoll,
    Roll,
    Score,
    apply,
    current_player,
    is_legal,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
    score,
    why_illegal,
)
from kniffel_rules.extreme.combinations import check_faces
from kniffel_rules.game import PROTOCOL_CLAUSES


@pytest.mark.rule("EX-39")
@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ((1, 2, 3, 4, 5), "dice: a Kniffel Extreme throw has 6 dice, got 5"),
        ((1, 2, 3, 4, 5, 10), r"dice: faces are 0\.\.9 \(d10\) and 1\.\.6 \(d6\), got"),
        ((-1, 1, 2, 3, 4, 5), r"dice: faces are 0\.\.9 \(d10\) and 1\.\.6 \(d6\), got"),
        ((0, 7, 1, 2, 3, 4), r"dice: only the d10 can show 0 or 7\.\.9, got \(0, 1, 2, 3, 4, 7\)"),
        ("123456", "dice: expected a sequence of dice faces"),  # text is no dice
        (("1", 2, 3, 4, 5, 6), "dice: a die face must be an integer"),
        (6, "dice: expected a sequence of dice faces"),
    ],
)
def test_impossible_throws_are_named(faces: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^{message}") as info:
        score(Box.CHANCE, faces)  # type: ignore[arg-type]
    assert info.value.path == "dice"
    with pytest.raises(InvalidStateError) as other:
        check_faces(faces, "turns[0].d6")  # type: ignore[arg-type]
    assert other.value.path == "turns[0].d6"


def test_valid_faces_come_back_sorted() -> None:
    assert check_faces([9, 1, 2, 6, 6, 3]) == (1, 2, 3, 6, 6, 9)
    assert check_faces((0, 1, 1, 1, 1, 1)) == (0, 1, 1, 1, 1, 1)
    assert check_faces((7, 6, 6, 6, 6, 6)) == (6, 6, 6, 6, 6, 7)


def test_a_non_box_names_the_field() -> None:
    with pytest.raises(InvalidStateError, match=r"^box: expected an Extreme Box, got 'chance'"):
        score("chance", (1, 2, 3, 4, 5, 6))  # type: ignore[arg-type]


def test_labels_are_the_printed_sheet() -> None:
    assert Box.TEN_OR_LESS.label == "10 oder weniger"
    assert Box.SUPER_CHANCE.label == "Super-Chance"
    assert Box.FIVES.key == "fives" and Box.FIVES.face == 5 and Box.CHANCE.face is None


# --- one legality path: why_illegal, is_legal, apply and the clause of every refusal ----------

DOCUMENTED = set(
    re.findall(
        r"\b[A-Z]{2}-\d{2,3}\b",
        (Path(__file__).resolve().parents[2] / "docs" / "rules" / "extreme.md").read_text(
            encoding="utf-8"
        ),
    )
) | set(PROTOCOL_CLAUSES)


def _junk(state: extreme.State) -> list[object]:
    """Objects no node of any game should accept silently, and near misses of real actions."""
    return [
        None,
        "roll",
        3,
        object(),
        Roll(keep_d6=(7,)),
        Roll(keep_d6=(1, 1, 1, 1, 1, 1)),
        Roll(keep_d6=(1, 2, 3, 4, 5), keep_d10=True),
        Score(Box.CHANCE),
        ExtremeRoll((), None),
        ExtremeRoll((1, 2, 3, 4, 5), None),
        ExtremeRoll((0, 2, 3, 4, 5), 3),
        ExtremeRoll((1, 2, 3, 4, 7), 3),
        ExtremeRoll((1,), 2),
        DiceRoll((1,)),
        DiceRoll((7,)),
        DiceRoll((1, 2)),
        DiceRoll((1, 2, 3, 4, 5)),
        classic.Roll(),
        classic.Score(classic.Box.CHANCE),
    ]


def _check(state: extreme.State, action: object, legal: Container[object], seen: set[str]) -> None:
    reason = why_illegal(state, action)
    assert is_legal(state, action) == (action in legal) == (reason is None), action
    if reason is None:
        return
    assert reason.rule in DOCUMENTED, f"{action!r}: {reason!r} names no documented clause"
    seen.add(reason.rule)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    assert (str(info.value), info.value.rule) == (str(reason), reason.rule)


def test_every_refusal_names_a_documented_clause() -> None:
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        players = 1 + seed % 3
        state = new_game(players, rules=extreme.Rules(chips=seed % 4))
        elsewhere: list[object] = []
        while True:
            legal = set(legal_actions(state))
            for action in [*_junk(state), *elsewhere[-40:]]:
                _check(state, action, legal, seen)
            if is_terminal(state):
                break
            if current_player(state) == CHANCE:
                action = sample_chance(state, rng)
            else:
                actions = legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            elsewhere.append(action)
            state = apply(state, action)
    assert seen >= {"EX-02", "EX-03", "EX-04", "EX-36"}
    assert seen >= {"PR-01", "PR-02", "PR-03", "PR-04", "PR-05"}


@pytest.mark.rule("PR-01")
def test_a_score_without_an_extreme_box_is_no_action_of_this_game() -> None:
    with pytest.raises(InvalidStateError, match="box: expected a Box, got 'chance'"):
        Score("chance")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match=r"box: expected a Box, got Box\.CHANCE"):
        Score(classic.Box.CHANCE)  # type: ignore[arg-type]  # classic's Box
    state = position(d6=(1, 2, 3, 4, 5), d10=6)
    foreign = classic.Score(classic.Box.CHANCE)  # another game's action
    reason = why_illegal(state, foreign)
    assert reason is not None
    assert (str(reason), reason.rule) == (
        "it is Solo's turn: expected Roll or Score, got a Score",
        "PR-01",
    )
    with pytest.raises(IllegalActionError) as info:
        apply(state, foreign)  # type: ignore[arg-type]
    assert (str(info.value), info.value.rule) == (str(reason), reason.rule)


@pytest.mark.parametrize(
    ("state", "action", "text", "rule"),
    [
        (new_game(), Roll(keep_d10=True), "the first roll of a turn throws all six dice", "EX-02"),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0),
            Roll(keep_d6=(6,)),
            "cannot keep 6: there is no 6 among the six-sided dice 1 2 3 4 5",
            "EX-02",
        ),
        (
            position({Box.CHANCE: 20}, d6=(1, 2, 3, 4, 5), d10=0),
            Score(Box.CHANCE),
            "box Chance is already filled (20)",
            "EX-03",
        ),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0, rolls=3, chips=0, rules=extreme.Rules(chips=0)),
            Roll(),
            "a fourth roll costs a chip, and all the chips are used up",
            "EX-04",
        ),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0, rolls=4, chips=2),
            Roll(),
            "at most one chip per turn: there is no fifth roll",
            "EX-04",
        ),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0),
            Roll(keep_d6=(1, 2, 3, 4, 5), keep_d10=True),
            "keeping all six dice throws nothing: to stop, enter the dice in a box",
            "EX-36",
        ),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0),
            ExtremeRoll((1, 2, 3, 4, 5), 0),
            "it is Solo's turn: expected Roll or Score, got 'throw 1 2 3 4 5 d10 0'",
            "PR-02",
        ),
        (
            position(d6=(1, 2, 3, 4, 5), d10=0),
            classic.Roll(),
            "it is Solo's turn: expected Roll or Score, got a Roll",
            "PR-01",
        ),
    ],
)
def test_the_refusals_of_a_player_action(
    state: extreme.State, action: object, text: str, rule: str
) -> None:
    reason = why_illegal(state, action)
    assert reason is not None and (str(reason), reason.rule) == (text, rule)
    assert not is_legal(state, action)


def _thrown(keep_d10: bool, keep: tuple[int, ...] = (1, 2)) -> extreme.State:
    return apply(position(d6=(1, 2, 3, 4, 5), d10=7), Roll(keep_d6=keep, keep_d10=keep_d10))


def _roll_off() -> extreme.State:
    return new_game(2)


@pytest.mark.rule("PR-04")
@pytest.mark.parametrize(
    ("state", "outcome", "text"),
    [
        (
            _thrown(False),
            ExtremeRoll((1, 2), 3),
            "this throw is of 3 six-sided dice; the outcome has 2 six-sided dice",
        ),
        (_thrown(False), ExtremeRoll((1, 2, 7), 3), "six-sided dice show 1..6, got 1 2 7"),
        (_thrown(False), ExtremeRoll((0, 2, 6), 3), "six-sided dice show 1..6, got 0 2 6"),
        (
            _thrown(False),
            ExtremeRoll((1, 2, 6), None),
            "the d10 is thrown here: the outcome needs its face, 0..9",
        ),
        (
            _thrown(True),
            ExtremeRoll((1, 2, 6), 4),
            "the d10 was kept: the outcome has no d10",
        ),
        (
            _thrown(False),
            DiceRoll((1, 2, 6)),
            "the dice are being thrown: expected an ExtremeRoll of 3 six-sided dice and the d10,"
            " got 'dice 1 2 6'",
        ),
        (
            _thrown(False, (1, 2, 3, 4, 5)),
            DiceRoll(()),
            "the dice are being thrown: expected an ExtremeRoll of 0 six-sided dice and the d10,"
            " got 'dice'",
        ),
        (_roll_off(), DiceRoll((1, 2)), "this throw is of 1 die; the outcome has 2 dice"),
        (_roll_off(), DiceRoll((7,)), "die faces are 1..6, got 7"),
        (
            _roll_off(),
            ExtremeRoll((3,), None),
            "the dice are being thrown: expected a DiceRoll of 1 die, got 'throw 3'",
        ),
    ],
)
def test_outcomes_the_chance_event_cannot_produce(
    state: extreme.State, outcome: object, text: str
) -> None:
    assert current_player(state) == CHANCE
    reason = why_illegal(state, outcome)
    assert reason is not None and (str(reason), reason.rule) == (text, "PR-04")
    with pytest.raises(IllegalActionError) as info:
        apply(state, outcome)  # type: ignore[arg-type]
    assert (str(info.value), info.value.rule) == (text, "PR-04")


@pytest.mark.rule("PR-03", "PR-05")
def test_decisions_at_chance_and_actions_after_the_end() -> None:
    reason = why_illegal(_thrown(False), Roll())
    assert reason is not None and reason.rule == "PR-03"
    assert str(reason) == (
        "the dice are being thrown: expected an ExtremeRoll of 3 six-sided dice and the d10,"
        " got 'roll'"
    )
    off = why_illegal(_roll_off(), Score(Box.CHANCE))
    assert off is not None and off.rule == "PR-03"
    assert (
        str(off)
        == "the dice are being thrown: expected a DiceRoll of 1 die, got 'score chance'"
    )
    junk = why_illegal(_roll_off(), None)
    assert junk is not None and junk.rule == "PR-01"
    final = play("extreme", [random_policy], seed=2)
    over = why_illegal(final, Roll())
    assert over is not None and (str(over), over.rule) == (
        "the game is over: no more actions",
        "PR-05",
    )


@pytest.mark.rule("PR-06", "PR-07")
def test_chance_and_winners_at_the_wrong_moment() -> None:
    state = new_game()
    for call, text, rule in (
        (lambda: extreme.chance_outcomes(state), "this is not a chance node: ", "PR-06"),
        (lambda: sample_chance(state, random.Random(0)), "this is not a chance node: ", "PR-06"),
        (lambda: extreme.winners(state), "the game is not over yet: ", "PR-07"),
    ):
        with pytest.raises(IllegalActionError) as info:
            call()
        assert str(info.value).startswith(text) and info.value.rule == rule
