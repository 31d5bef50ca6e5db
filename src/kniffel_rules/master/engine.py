"""The Kniffel Master engine: a new game, the transitions, the scores and the protocol.

The functions of the `Variant` protocol are the methods of `GAME`, the
single `Master` game (`kniffel_rules.game.Game`), built from its own pieces: the rules of
play of ``kniffel_rules.master.legality``, the transitions here, and the
shared five-dice throw and roll-off of ``kniffel_rules._dicegame``.

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

from typing import Final

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._common import top_seats
from kniffel_rules._dicegame import DiceGame
from kniffel_rules._i18n import N_
from kniffel_rules._tensor import dice_throws
from kniffel_rules._types import CHANCE
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import IllegalActionError, Rejection
from kniffel_rules.game import GameInfo
from kniffel_rules.master import _space, legality
from kniffel_rules.master.actions import (
    Action,
    Coins,
    Fulfil,
    NumberRows,
    Pass,
    Roll,
    RowAndCoins,
)
from kniffel_rules.master.legality import Outcome, _turn_outcome
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.state import Observation, Phase, Sheet, State
from kniffel_rules.master.wire import action_to_text

__all__ = [
    "GAME",
    "INFO",
    "MAX_PLAYERS",
    "Master",
    "outcome",
    "scores",
]

MAX_PLAYERS = 4
"""The most players a game takes (the rulebook: 2 to 4; 1 for practice)."""


INFO: Final = GameInfo(
    name="master",
    titles={"en": "Kniffel Master", "de": "Kniffel Master"},
    min_players=1,
    max_players=MAX_PLAYERS,
    picture="master_sheet",
    end_rule="MA-51",
    score_rule="MA-55",
    action_index=_space.actions,
    chance_index=dice_throws,
    tensor=_space.tensor,
    bounds=_space.bounds,
)
"""What Kniffel Master says of itself (`kniffel_rules.game.GameInfo`)."""

_DECIDE = Phase.DECIDE
_THROW = Phase.THROW
_OVER = Phase.OVER


# --- the transitions ------------------------------------------------------------


def _end_turn(state: State, sheets: tuple[Sheet, ...]) -> State:
    """Pass the dice on; the game ends once a round finishes with 15 stars somewhere (MA-20)."""
    # States are built directly (positional, in field order), not with
    # `attrs.evolve`, which was an eighth of a random playout.
    nxt = (state.player + 1) % len(state.names)
    first = state.first_player
    if nxt == first:
        target = state.rules.target_stars
        if any(s.stars >= target for s in sheets):
            return State(state.rules, state.names, sheets, _OVER, 0, (), 0, first, state.roll_off)
    return State(state.rules, state.names, sheets, _DECIDE, nxt, (), 0, first, state.roll_off)


def scores(state: State) -> tuple[int, ...]:
    """Each player's stars so far (MA-55).

    Raises:
        InvalidStateError: ``state`` is not a master `State`.
    """
    GAME.check_state(state)
    return tuple(s.stars for s in state.sheets)


class Master(DiceGame[State, Observation, Action, Rules]):
    """Kniffel Master's rules for the protocol of `kniffel_rules.game.Game`."""

    __slots__ = ()

    info = INFO
    state_class = State
    observation_class = Observation
    rules_class = Rules
    decisions = (Roll, Fulfil, NumberRows, Coins, RowAndCoins, Pass)
    expected = N_("Roll, a use of the dice or Pass")
    action_text = staticmethod(action_to_text)
    candidates = staticmethod(legality.candidates)
    problem = staticmethod(legality.problem)
    listing = staticmethod(legality.listing)

    def setup(self, rules: Rules, seats: int) -> tuple[Sheet, ...]:
        """An empty board for every seat."""
        return (Sheet(),) * seats

    def decide(self, state: State, action: Action) -> State:
        """The transition of a legal player action."""
        if type(action) is Roll:
            return State(
                state.rules,
                state.names,
                state.sheets,
                _THROW,
                state.player,
                action.keep,
                state.rolls,
                state.first_player,
                state.roll_off,
            )
        if isinstance(action, Roll):  # a subclass: keep the general path
            return attrs.evolve(state, phase=Phase.THROW, dice=action.keep)
        if isinstance(action, Pass):
            return _end_turn(state, state.sheets)
        result = _turn_outcome(state, action)
        assert isinstance(result, Outcome), result  # legal: `legality.problem` said so
        sheets = list(state.sheets)
        sheets[state.player] = result.sheet
        return _end_turn(state, tuple(sheets))

    def happen(self, state: State, action: DiceRoll) -> State:
        """A possible chance outcome: the thrown dice join those kept, or the roll-off goes on."""
        if state.phase is not _THROW:
            return _dicegame.throw_happen(state, action)
        return State(
            state.rules,
            state.names,
            state.sheets,
            _DECIDE,
            state.player,
            legality._joined(state.dice, action.values),
            state.rolls + 1,
            state.first_player,
            state.roll_off,
        )

    def ranking(self, state: State) -> tuple[int, ...]:
        """The seats with the most stars (ties share)."""
        return top_seats(tuple(s.stars for s in state.sheets))


GAME: Final = Master()
"""Kniffel Master: the single instance whose methods are the package's protocol functions."""


# --- the protocol ---------------------------------------------------------------


def outcome(state: State, action: Fulfil | NumberRows | Coins | RowAndCoins) -> Outcome:
    """What a use would do for the player to move: board, stars, coins, overhang, race.

    Args:
        state: A state where the current player has thrown.
        action: One of the uses in ``legal_actions(state)``.

    Returns:
        The `Outcome`; ``state`` is not changed.

    Raises:
        IllegalActionError: The use is not legal here (the message says why,
            ``.rule`` the clause id).
        InvalidStateError: ``state`` is not a master `State`.

    Examples:
        >>> from kniffel_rules import master
        >>> s = master.new_game(players=2, first_player=0)
        >>> s = master.apply(master.apply(s, master.Roll()), master.DiceRoll((1, 2, 3, 4, 5)))
        >>> master.engine.outcome(s, master.Fulfil(master.Task.LARGE_STRAIGHT))
        Outcome(sheet=Sheet(stars=2, tasks=[large_straight], rows=[0 0 0 0 0 0], coins=0+2/8),
                stars=2, coins=2, overhang=0, race=2)
    """
    GAME.check_state(state)
    if state.phase is not Phase.DECIDE:
        rule = "PR-03" if GAME.current_player(state) == CHANCE else "PR-05"
        raise IllegalActionError(N_("the dice can only be used by the player to move"), rule)
    result = _turn_outcome(state, action)
    if isinstance(result, Rejection):
        raise IllegalActionError(result)
    return result
