"""The classic game engine: the functions of the `Variant` protocol.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  thrown dice as sorted tuples in lexicographic order (roll-off: faces 1..6);
* at the start of a turn, exactly ``(Roll(),)``;
* after a throw, first ``Score(box)`` for every box the rules allow, in sheet
  order, then ``Roll(keep)`` for every distinct keep that throws at least one
  die, by number of dice kept and then lexicographically (none with
  ``full_cup``, none after the third throw).

``sample_chance`` draws one integer with ``rng.randrange(6 ** k)`` for a
throw of ``k`` dice (see `kniffel_rules.dice.sample_roll`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._common import player_names, top_seats
from kniffel_rules._dicegame import FIRST_ROLL, check_keep, keep_actions, roll_off_step
from kniffel_rules.classic.boxes import Box
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.scoring import Entry, allowed_boxes, check_entry, sheet_boxes
from kniffel_rules.classic.state import Action, Phase, Roll, Score, Sheet, State
from kniffel_rules.dice import (
    DiceRoll,
    expect_roll,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError, Rejection
from kniffel_rules.rolloff import RollOff, opening

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "is_terminal",
    "legal_actions",
    "new_game",
    "ranking_points",
    "sample_chance",
    "scores",
    "totals",
    "winners",
]

_DEFAULT_RULES = Rules()


def new_game(
    players: int | Sequence[str] = 1,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> State:
    """Start a classic game (or series).

    Args:
        players: The number of players, or their names in seat order.
        rules: The rules (``None``: the rulebook, see `Rules`).
        first_player: The seat that starts. ``None`` starts with the roll-off
            (CL-03) for two or more players, and at seat 0 for one.

    Returns:
        The first state: a chance node of the roll-off, or the first
        player's first roll.

    Raises:
        InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

    Examples:
        >>> from kniffel_rules import classic
        >>> s = classic.new_game()
        >>> classic.legal_actions(s)
        (Roll(keep=()),)
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected classic.Rules, got {type(rules).__name__}")
    names = player_names(players)
    sheets = (Sheet(),) * len(names)
    start = opening(len(names), first_player)
    if isinstance(start, RollOff):
        return State(rules, names, sheets, Phase.ROLL_OFF, first_player=None, roll_off=start)
    return State(rules, names, sheets, Phase.DECIDE, player=start, first_player=start)


def current_player(state: State) -> int:
    """The seat to act, `CHANCE` or `TERMINAL`."""
    return _dicegame.current_player(state)


def is_terminal(state: State) -> bool:
    """Whether the game (the whole series) is over."""
    return state.phase is Phase.OVER


def chance_outcomes(state: State) -> tuple[tuple[DiceRoll, Fraction], ...]:
    """Every outcome of the pending throw with its exact probability (sum exactly 1).

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    return _dicegame.throw_outcomes(state)


def sample_chance(state: State, rng: random.Random) -> DiceRoll:
    """Throw the pending dice with ``rng`` (one ``rng.randrange`` call).

    Raises:
        IllegalActionError: ``state`` is not a chance node.
    """
    return _dicegame.throw_sample(state, rng)


def legal_actions(state: State) -> tuple[Action, ...] | tuple[DiceRoll, ...]:
    """Every legal action, in the order documented in this module.

    At a chance node these are the possible outcomes; ``()`` once the game is
    over. The scoring actions already apply the joker rules: a caller never
    needs to know them to play correctly.
    """
    phase = state.phase
    if phase is Phase.DECIDE:
        if state.rolls == 0:
            return FIRST_ROLL
        boxes = allowed_boxes(state.sheets[state.player], state.dice, state.rules)
        scores_: tuple[Action, ...] = tuple(_SCORE[b] for b in boxes)
        if state.rolls >= 3:
            return scores_
        if state.rules.full_cup:
            return (*scores_, *FIRST_ROLL)
        return (*scores_, *keep_actions(state.dice))
    if phase is Phase.OVER:
        return ()
    return tuple(o for o, _ in chance_outcomes(state))


_SCORE = {box: Score(box) for box in sheet_boxes(Rules()) + sheet_boxes(Rules(croatian=True))}


_ROLL_RULES = {"rolls": "CL-04", "first": "CL-04", "all": "CL-47", "keep": "CL-05"}


def _check_roll(state: State, keep: tuple[int, ...]) -> Rejection | None:
    """Why ``Roll(keep)`` is not allowed now, or None: the one check of a roll."""
    reason = check_keep(state.rolls, state.dice, keep, "enter the dice in a box", _ROLL_RULES)
    if reason is None and keep and state.rules.full_cup:
        return Rejection(
            "full cup (St. Galler) rules: every roll throws all five dice, none may be kept",
            "CL-29",
        )
    return reason


def _entry(state: State, box: object) -> Entry:
    if state.rolls == 0:
        raise IllegalActionError("roll the dice before entering a score", "CL-47")
    if not isinstance(box, Box):
        raise IllegalActionError(f"Score needs a classic Box, got {box!r}")
    entry = check_entry(state.sheets[state.player], state.dice, box, state.rules)
    if isinstance(entry, str):
        raise IllegalActionError(entry)
    return entry


def _after_score(state: State, entry: Entry, box_action: Score) -> State:
    p = state.player
    sheets = list(state.sheets)
    sheets[p] = sheets[p].with_entry(box_action.box, entry.value, entry.bonus)
    nxt = (p + 1) % len(sheets)
    if sheets[nxt].filled() < len(sheet_boxes(state.rules)):
        return attrs.evolve(
            state, sheets=tuple(sheets), phase=Phase.DECIDE, player=nxt, dice=(), rolls=0
        )
    # Everyone has filled every box: the game is over.
    finished = tuple(s.total(state.rules) for s in sheets)
    results = (*state.results, finished)
    game = state.game + 1
    if game >= state.rules.games:
        return attrs.evolve(
            state,
            sheets=tuple(sheets),
            phase=Phase.OVER,
            player=0,
            dice=(),
            rolls=0,
            game=game,
            results=results,
        )
    assert state.first_player is not None
    start = (state.first_player + game) % len(sheets)
    return attrs.evolve(
        state,
        sheets=(Sheet(),) * len(sheets),
        phase=Phase.DECIDE,
        player=start,
        dice=(),
        rolls=0,
        game=game,
        results=results,
    )


def apply(state: State, action: Action | DiceRoll) -> State:
    """The state after ``action`` (a player's action or a chance outcome).

    ``state`` is not changed.

    Raises:
        IllegalActionError: ``action`` is not legal here; the message names
            the rule that forbids it.
    """
    phase = state.phase
    if phase is Phase.DECIDE:
        if isinstance(action, Score):
            return _after_score(state, _entry(state, action.box), action)
        if isinstance(action, Roll):
            reason = _check_roll(state, action.keep)
            if reason is not None:
                raise IllegalActionError(reason)
            return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
        raise IllegalActionError(
            f"it is {state.names[state.player]}'s turn: expected Roll or Score, got {action!r}"
        )
    if phase is Phase.THROW:
        thrown = expect_roll(action, 5 - len(state.dice))
        dice = tuple(sorted(state.dice + thrown))
        return attrs.evolve(state, phase=Phase.DECIDE, dice=dice, rolls=state.rolls + 1)
    if phase is Phase.ROLL_OFF:
        return roll_off_step(state, action)
    raise IllegalActionError("the game is over: no more actions")


def totals(state: State) -> tuple[int, ...]:
    """Each player's running total in the current game (or the last one, once over)."""
    return tuple(s.total(state.rules) for s in state.sheets)


def ranking_points(results: Sequence[int]) -> tuple[int, ...]:
    """Placement points for one game's totals: N for first place, N-1 for second, ...

    Tied players share the better place (CL-16).

    Examples:
        >>> ranking_points((200, 250, 200))
        (2, 3, 2)
    """
    n = len(results)
    return tuple(n - sum(1 for other in results if other > mine) for mine in results)


def scores(state: State) -> tuple[int, ...]:
    """Each player's score so far.

    One game: the running total (entries, the upper bonus once reached,
    extra-Kniffel bonuses; Croatian's product once its three boxes are
    filled). A series ranked by ``"total"``: finished games plus the running
    one; by ``"placement"``: the placement points of finished games only.
    """
    n = state.num_players
    if state.rules.ranking == "placement":
        points = [0] * n
        for result in state.results:
            for i, pts in enumerate(ranking_points(result)):
                points[i] += pts
        return tuple(points)
    acc = [sum(r[i] for r in state.results) for i in range(n)]
    if state.phase is not Phase.OVER:
        for i, t in enumerate(totals(state)):
            acc[i] += t
    return tuple(acc)


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest score once the game is over (ties share).

    Raises:
        IllegalActionError: The game is not over yet.
    """
    if state.phase is not Phase.OVER:
        raise IllegalActionError("the game is not over yet: there are no winners")
    return top_seats(scores(state))
