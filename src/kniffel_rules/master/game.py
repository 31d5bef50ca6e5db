"""The Kniffel Master engine: the functions of the `Variant` protocol.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  thrown dice as sorted tuples in lexicographic order (roll-off: faces 1..6);
* at the start of a turn, exactly ``(Roll(),)``;
* after a throw, first every legal use in the order of `legal_uses`:
  `Fulfil` by task (`Task` order); `NumberRows` with one row by face, then
  with two rows by faces; `Coins` by combination (pair, two pairs, three of
  a kind, four of a kind), then "task already fulfilled" by task;
  `RowAndCoins` by face, then combination. If there is no use, `Pass()`
  instead. Then ``Roll(keep)`` for every distinct keep that throws at least
  one die, by number of dice kept and then lexicographically (none after
  the third throw).

``sample_chance`` draws one integer with ``rng.randrange(6 ** k)`` for a
throw of ``k`` dice (see `kniffel_rules.dice.sample_roll`), and so does each
throw of the roll-off (``k = 1``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._common import player_names, top_seats
from kniffel_rules._dicegame import FIRST_ROLL, check_keep, keep_actions, roll_off_step
from kniffel_rules.dice import (
    DiceRoll,
    expect_roll,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.master.actions import Action, Coins, Fulfil, NumberRows, Pass, Roll, RowAndCoins
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.sheet import Sheet
from kniffel_rules.master.state import Phase, State
from kniffel_rules.master.uses import Outcome, legal_uses
from kniffel_rules.master.uses import use_outcome as _use_outcome
from kniffel_rules.rolloff import RollOff, opening

__all__ = [
    "MAX_PLAYERS",
    "apply",
    "chance_outcomes",
    "current_player",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "sample_chance",
    "scores",
    "winners",
]

MAX_PLAYERS = 4
"""The most players a game takes (the rulebook: 2 to 4; 1 for practice)."""

_DEFAULT_RULES = Rules()

_PASS = Pass()
_USES = (Fulfil, NumberRows, Coins, RowAndCoins)


def new_game(
    players: int | Sequence[str] = 1,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> State:
    """Start a Kniffel Master game.

    Args:
        players: The number of players (1 to 4), or their names in seat order.
        rules: The rules (``None``: the rulebook, see `Rules`).
        first_player: The seat that starts. ``None`` starts with the roll-off
            (MA-41) for two or more players, and at seat 0 for one.

    Returns:
        The first state: a chance node of the roll-off, or the first
        player's first roll.

    Raises:
        InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

    Example:
        >>> from kniffel_rules import master
        >>> s = master.new_game()
        >>> master.legal_actions(s)
        (Roll(keep=()),)
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected master.Rules, got {type(rules).__name__}")
    names = player_names(players, 1, MAX_PLAYERS)
    sheets = (Sheet(),) * len(names)
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
    over.
    """
    phase = state.phase
    if phase is Phase.DECIDE:
        if state.rolls == 0:
            return FIRST_ROLL
        uses: tuple[Action, ...] = legal_uses(state.sheets[state.player], state.dice)
        if not uses:
            uses = (_PASS,)
        if state.rolls >= 3:
            return uses
        return (*uses, *keep_actions(state.dice))
    if phase is Phase.OVER:
        return ()
    return tuple(o for o, _ in chance_outcomes(state))


_ROLL_RULES = {"rolls": "MA-05", "first": "MA-04", "all": "MA-42", "keep": "MA-04"}


def _check_roll(state: State, keep: tuple[int, ...]) -> str | None:
    return check_keep(state.rolls, state.dice, keep, "use the dice", _ROLL_RULES)


def _use(state: State, action: object) -> Outcome:
    if state.rolls == 0:
        raise IllegalActionError("roll the dice before using them")
    result = _use_outcome(state.sheets, state.player, state.dice, action, state.rules)
    if isinstance(result, str):
        raise IllegalActionError(result)
    return result


def outcome(state: State, action: Fulfil | NumberRows | Coins | RowAndCoins) -> Outcome:
    """What a use would do for the player to move: board, stars, coins, overhang, race.

    Args:
        state: A state where the current player has thrown.
        action: One of the uses in ``legal_actions(state)``.

    Returns:
        The `Outcome`; ``state`` is not changed.

    Raises:
        IllegalActionError: The use is not legal here (the message says why).

    Example:
        >>> from kniffel_rules import master
        >>> s = master.new_game(players=2, first_player=0)
        >>> s = master.apply(master.apply(s, master.Roll()), master.DiceRoll((1, 2, 3, 4, 5)))
        >>> master.outcome(s, master.Fulfil(master.Task.LARGE_STRAIGHT))
        Outcome(sheet=Sheet(stars=2, tasks=[large_straight], rows=[0 0 0 0 0 0], coins=0+2/8),
                stars=2, coins=2, overhang=0, race=2)
    """
    if state.phase is not Phase.DECIDE:
        raise IllegalActionError("the dice can only be used by the player to move")
    return _use(state, action)


def _end_turn(state: State, sheets: tuple[Sheet, ...]) -> State:
    """Pass the dice on; the game ends once a round finishes with 15 stars somewhere (MA-20)."""
    nxt = (state.player + 1) % state.num_players
    target = state.rules.target_stars
    if nxt == state.first_player and any(s.stars >= target for s in sheets):
        return attrs.evolve(state, sheets=sheets, phase=Phase.OVER, player=0, dice=(), rolls=0)
    return attrs.evolve(state, sheets=sheets, phase=Phase.DECIDE, player=nxt, dice=(), rolls=0)


def apply(state: State, action: Action | DiceRoll) -> State:
    """The state after ``action`` (a player's action or a chance outcome).

    ``state`` is not changed.

    Raises:
        IllegalActionError: ``action`` is not legal here; the message names
            the rule that forbids it.
    """
    phase = state.phase
    if phase is Phase.DECIDE:
        if isinstance(action, _USES):
            result = _use(state, action)
            sheets = list(state.sheets)
            sheets[state.player] = result.sheet
            return _end_turn(state, tuple(sheets))
        if isinstance(action, Roll):
            reason = _check_roll(state, action.keep)
            if reason is not None:
                raise IllegalActionError(reason)
            return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
        if isinstance(action, Pass):
            if state.rolls == 0:
                raise IllegalActionError("roll the dice before passing")
            uses = legal_uses(state.sheets[state.player], state.dice)
            if uses:
                raise IllegalActionError(
                    f"a turn passes only when the dice allow no use; they allow {uses[0]!r}"
                )
            return _end_turn(state, state.sheets)
        raise IllegalActionError(
            f"it is {state.names[state.player]}'s turn: expected Roll, a use of the dice "
            f"or Pass, got {action!r}"
        )
    if phase is Phase.THROW:
        thrown = expect_roll(action, 5 - len(state.dice))
        dice = tuple(sorted(state.dice + thrown))
        return attrs.evolve(state, phase=Phase.DECIDE, dice=dice, rolls=state.rolls + 1)
    if phase is Phase.ROLL_OFF:
        return roll_off_step(state, action)
    raise IllegalActionError("the game is over: no more actions")


def scores(state: State) -> tuple[int, ...]:
    """Each player's stars so far (MA-55)."""
    return tuple(s.stars for s in state.sheets)


def winners(state: State) -> tuple[int, ...]:
    """The seats with the most stars once the game is over (ties share).

    Raises:
        IllegalActionError: The game is not over yet.
    """
    if state.phase is not Phase.OVER:
        raise IllegalActionError("the game is not over yet: there are no winners")
    return top_seats(scores(state))
