"""The Kniffel Extreme engine: the functions of the `Variant` protocol.

Order of ``legal_actions`` (stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  six-sided dice thrown as sorted tuples in lexicographic order, and for
  each the d10's faces 0..9 (a single ``None`` when the d10 was kept); the
  roll-off: faces 1..6;
* at the start of a turn exactly ``(Roll(),)``;
* after a throw, first ``Score(box)`` for every open box in sheet order,
  then every ``Roll`` that throws at least one die, by the number of
  six-sided dice kept, then lexicographically, the d10 thrown before the
  d10 kept. After the third throw the ``Roll`` actions are offered only
  while the player has a chip (the fourth roll hands one in); never after
  the fourth.

``sample_chance`` makes one call, ``rng.randrange(6 ** k * 10)`` when the
d10 is thrown with ``k`` six-sided dice (the d10 is the code modulo 10, the
rest is decoded as by `kniffel_rules.dice.decode_throw`), or
``rng.randrange(6 ** k)`` when the d10 is kept; the roll-off is a throw of
one die (``rng.randrange(6)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._common import player_names, top_seats
from kniffel_rules._dicegame import roll_off_step
from kniffel_rules.dice import (
    DiceRoll,
    decode_throw,
    is_sub_multiset,
    roll_outcomes,
    sample_roll,
    sub_multisets,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError, Rejection
from kniffel_rules.extreme.boxes import BOXES, Box, box_values
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.extreme.state import Action, ExtremeRoll, Phase, Roll, Score, Sheet, State
from kniffel_rules.rolloff import ROLLOFF_OUTCOMES, RollOff, opening

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "is_terminal",
    "legal_actions",
    "new_game",
    "sample_chance",
    "scores",
    "winners",
]

_DEFAULT_RULES = Rules()
_FIRST_ROLL = (Roll(),)
_SCORE = {box: Score(box) for box in BOXES}
_INDEXED = tuple((box, box.value) for box in BOXES)


@cache
def _throw_outcomes(k: int, d10: bool) -> tuple[tuple[ExtremeRoll, Fraction], ...]:
    faces: tuple[int | None, ...] = tuple(range(10)) if d10 else (None,)
    share = Fraction(1, len(faces))
    return tuple((ExtremeRoll(m, f), p * share) for m, p in roll_outcomes(k) for f in faces)


@cache
def _outcome_objects(k: int, d10: bool) -> dict[tuple[tuple[int, ...], int | None], ExtremeRoll]:
    return {(o.d6, o.d10): o for o, _ in _throw_outcomes(k, d10)}


@cache
def _roll_actions(d6: tuple[int, ...]) -> tuple[Roll, ...]:
    keeps = [
        Roll(keep, keep_d10)
        for keep in sub_multisets(d6)
        for keep_d10 in (False, True)
        if not (keep_d10 and len(keep) == len(d6))
    ]
    return tuple(keeps)


def new_game(
    players: int | Sequence[str] = 1,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> State:
    """Start a Kniffel Extreme game.

    Args:
        players: The number of players, or their names in seat order.
        rules: The rules (``None``: the rulebook).
        first_player: The starting seat; ``None`` starts with the roll-off
            for two or more players, and at seat 0 for one.

    Returns:
        The first state.

    Raises:
        InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

    Examples:
        >>> from kniffel_rules import extreme
        >>> s = extreme.new_game()
        >>> extreme.legal_actions(s)
        (Roll(keep_d6=(), keep_d10=False),)
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected extreme.Rules, got {type(rules).__name__}")
    names = player_names(players)
    sheets = (Sheet(chips=rules.chips),) * len(names)
    start = opening(len(names), first_player)
    if isinstance(start, RollOff):
        return State(rules, names, sheets, Phase.ROLL_OFF, first_player=None, roll_off=start)
    return State(rules, names, sheets, Phase.DECIDE, player=start, first_player=start)


def current_player(state: State) -> int:
    """The seat to act, `CHANCE` or `TERMINAL`."""
    return _dicegame.current_player(state)


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.OVER


def chance_outcomes(
    state: State,
) -> tuple[tuple[ExtremeRoll, Fraction], ...] | tuple[tuple[DiceRoll, Fraction], ...]:
    """Every outcome of the pending throw with its exact probability (sum exactly 1).

    A throw of ``k`` six-sided dice and the d10 is the product of the two
    distributions: ``252 x 10`` outcomes when all six dice are thrown.

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    if state.phase is Phase.THROW:
        return _throw_outcomes(5 - len(state.d6), state.d10 is None)
    if state.phase is Phase.ROLL_OFF:
        return ROLLOFF_OUTCOMES
    raise IllegalActionError("this is not a chance node: no dice are being thrown")


def sample_chance(state: State, rng: random.Random) -> ExtremeRoll | DiceRoll:
    """Throw the pending dice with ``rng`` (one ``rng.randrange`` call).

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    if state.phase is Phase.THROW:
        k = 5 - len(state.d6)
        if state.d10 is not None:
            return _outcome_objects(k, False)[(sample_roll(rng, k), None)]
        code = rng.randrange(6**k * 10)
        return _outcome_objects(k, True)[(decode_throw(code // 10, k), code % 10)]
    if state.phase is Phase.ROLL_OFF:
        return ROLLOFF_OUTCOMES[rng.randrange(6)][0]
    raise IllegalActionError("this is not a chance node: no dice are being thrown")


def _may_roll(state: State) -> bool:
    if state.rolls < 3:
        return True
    return state.rolls == 3 and state.sheets[state.player].chips > 0


def legal_actions(state: State) -> tuple[Action, ...] | tuple[ExtremeRoll | DiceRoll, ...]:
    """Every legal action, in the order documented in this module (``()`` when over)."""
    phase = state.phase
    if phase is Phase.DECIDE:
        if state.rolls == 0:
            return _FIRST_ROLL
        entries = state.sheets[state.player].entries
        scores_: tuple[Action, ...] = tuple(_SCORE[b] for b, i in _INDEXED if entries[i] is None)
        if not _may_roll(state):
            return scores_
        return (*scores_, *_roll_actions(state.d6))
    if phase is Phase.OVER:
        return ()
    return tuple(o for o, _ in chance_outcomes(state))


def _check_roll(state: State, action: Roll) -> Rejection | None:
    """Why ``action`` may not be taken now, or None (the one check of a Roll)."""
    if state.rolls == 0:
        if action.keep_d6 or action.keep_d10:
            return Rejection("the first roll of a turn throws all six dice", "EX-02")
        return None
    if state.rolls >= 4:
        return Rejection("at most one chip per turn: there is no fifth roll", "EX-04")
    if state.rolls == 3 and state.sheets[state.player].chips == 0:
        return Rejection("a fourth roll costs a chip, and all the chips are used up", "EX-04")
    if len(action.keep_d6) == 5 and action.keep_d10:
        return Rejection(
            "keeping all six dice throws nothing: to stop, enter the dice in a box", "EX-36"
        )
    if not is_sub_multiset(action.keep_d6, state.d6):
        return Rejection(
            f"cannot keep {action.keep_d6}: the six-sided dice showing are {state.d6}", "EX-02"
        )
    return None


def _check_score(state: State, box: object) -> int:
    if state.rolls == 0:
        raise IllegalActionError("roll the dice before entering a score", "EX-36")
    if not isinstance(box, Box):
        raise IllegalActionError(f"Score needs an Extreme Box, got {box!r}")
    filled = state.sheets[state.player][box]
    if filled is not None:
        raise IllegalActionError(f"box {box.label} is already filled ({filled})", "EX-03")
    assert state.d10 is not None
    return box_values(state.d6, state.d10)[box.value]


def _after_score(state: State, box: Box, value: int) -> State:
    p = state.player
    sheets = list(state.sheets)
    entries = list(sheets[p].entries)
    entries[box.value] = value
    sheets[p] = attrs.evolve(sheets[p], entries=tuple(entries))
    nxt = (p + 1) % len(sheets)
    if sheets[nxt].filled() < len(BOXES):
        return attrs.evolve(
            state, sheets=tuple(sheets), phase=Phase.DECIDE, player=nxt, d6=(), d10=None, rolls=0
        )
    return attrs.evolve(
        state, sheets=tuple(sheets), phase=Phase.OVER, player=0, d6=(), d10=None, rolls=0
    )


def _expect_throw(state: State, action: object) -> ExtremeRoll:
    k = 5 - len(state.d6)
    d10_thrown = state.d10 is None
    if not isinstance(action, ExtremeRoll):
        raise IllegalActionError(
            f"the dice are being thrown: expected an ExtremeRoll of {k} six-sided dice"
            f"{' and the d10' if d10_thrown else ''}, got {action!r}"
        )
    if len(action.d6) != k:
        raise IllegalActionError(
            f"{k} six-sided dice are thrown here, the outcome has {len(action.d6)}"
        )
    if action.d6 and (action.d6[0] < 1 or action.d6[-1] > 6):
        raise IllegalActionError(f"six-sided dice show 1..6, got {action.d6}")
    if d10_thrown and (action.d10 is None or not 0 <= action.d10 <= 9):
        raise IllegalActionError(f"the d10 is thrown here and shows 0..9, got {action.d10!r}")
    if not d10_thrown and action.d10 is not None:
        raise IllegalActionError("the d10 was kept: the outcome's d10 must be None")
    return action


def apply(state: State, action: Action | ExtremeRoll | DiceRoll) -> State:
    """The state after ``action`` (a player's action or a chance outcome); ``state`` is unchanged.

    Raises:
        IllegalActionError: ``action`` is not legal here; the message names the rule.
    """
    phase = state.phase
    if phase is Phase.DECIDE:
        if isinstance(action, Score):
            return _after_score(state, action.box, _check_score(state, action.box))
        if isinstance(action, Roll):
            reason = _check_roll(state, action)
            if reason is not None:
                raise IllegalActionError(reason)
            sheets = state.sheets
            if state.rolls == 3:  # the fourth roll hands in a chip
                p = state.player
                chips = sheets[p].chips - 1
                sheets = (*sheets[:p], attrs.evolve(sheets[p], chips=chips), *sheets[p + 1 :])
            return attrs.evolve(
                state,
                sheets=sheets,
                phase=Phase.THROW,
                d6=action.keep_d6,
                d10=state.d10 if action.keep_d10 else None,
            )
        raise IllegalActionError(
            f"it is {state.names[state.player]}'s turn: expected Roll or Score, got {action!r}"
        )
    if phase is Phase.THROW:
        thrown = _expect_throw(state, action)
        d10 = state.d10 if thrown.d10 is None else thrown.d10
        return attrs.evolve(
            state,
            phase=Phase.DECIDE,
            d6=tuple(sorted(state.d6 + thrown.d6)),
            d10=d10,
            rolls=state.rolls + 1,
        )
    if phase is Phase.ROLL_OFF:
        return roll_off_step(state, action)
    raise IllegalActionError("the game is over: no more actions")


def scores(state: State) -> tuple[int, ...]:
    """Each player's running total: upper sum, the bonus once reached, the lower section."""
    return tuple(s.total(state.rules) for s in state.sheets)


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest total once the game is over (ties share).

    Raises:
        IllegalActionError: The game is not over yet.
    """
    if state.phase is not Phase.OVER:
        raise IllegalActionError("the game is not over yet: there are no winners")
    return top_seats(scores(state))
