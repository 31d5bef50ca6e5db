"""The Duell game engine: `new_game`, the transitions, the scores and the protocol functions.

The protocol functions are the methods of `GAME`, the single `Duel` game
(`kniffel_rules.game.Game`): the rules of play are in
`kniffel_rules.duel.legality`, the chance side is the five-dice game's of
`kniffel_rules._dicegame`.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  thrown dice as sorted tuples in lexicographic order (roll-off: faces 1..6);
* at the start of a turn, exactly ``(Roll(),)``;
* after a throw: first ``Move(area)`` for every area whose disc can move, in
  board order, or ``Miss()`` when there is none; then, while the player
  holds a joker, ``Joker(die, face)`` for every face shown (ascending) and
  every other face (ascending); then, up to the third throw and before any
  joker, ``Roll(keep)`` for every distinct keep that throws at least one
  die, by number of dice kept and then lexicographically.

``sample_chance`` draws one integer with ``rng.randrange(6 ** k)`` for a
throw of ``k`` dice, read as ``k`` base-6 digits (see
`kniffel_rules.dice.sample_roll`); a roll-off throw is ``k = 1``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from kniffel_rules import _dicegame
from kniffel_rules._dicegame import DiceGame
from kniffel_rules._i18n import N_
from kniffel_rules._tensor import dice_throws
from kniffel_rules.dice import DiceRoll, multiset_difference
from kniffel_rules.duel import _space, legality
from kniffel_rules.duel.actions import Action, Joker, Miss, Move, Roll
from kniffel_rules.duel.legality import _board_win, move_target
from kniffel_rules.duel.pieces import HOLES, START_BOARD, Spot
from kniffel_rules.duel.rules import Rules
from kniffel_rules.duel.state import Observation, Phase, State
from kniffel_rules.duel.wire import action_to_text
from kniffel_rules.errors import Rejection
from kniffel_rules.game import GameInfo
from kniffel_rules.rolloff import RollOff

__all__ = [
    "GAME",
    "INFO",
    "WIN_SCORE",
    "Duel",
    "scores",
]

WIN_SCORE = 5
"""The score of the winner of a finished single game (DU-52): a win is worth five discs."""

INFO: Final = GameInfo(
    name="duel",
    titles={"en": "Kniffel: The Duel", "de": "Kniffel: Das Duell"},
    min_players=2,
    max_players=2,
    picture="duel_board",
    end_rule="DU-21",
    score_rule="DU-52",
    action_index=_space.actions,
    chance_index=dice_throws,
    tensor=_space.tensor,
    bounds=_space.bounds,
)
"""What Kniffel: Das Duell says of itself (`kniffel_rules.game.GameInfo`)."""


# --- the transitions of a legal decision --------------------------------------


# Every successor is built directly, each field by position (rules, names,
# board, phase, player, dice, rolls, jokers, supply, jokers_used,
# first_player, roll_off, results): what ``attrs.evolve`` builds, without its
# per-call field walk.


def _next_turn(
    state: State,
    board: tuple[Spot, ...] | None = None,
    jokers: tuple[int, ...] | None = None,
    supply: tuple[int, ...] | None = None,
) -> State:
    return State(
        state.rules,
        state.names,
        state.board if board is None else board,
        state.phase,
        1 - state.player,
        (),
        0,
        state.jokers if jokers is None else jokers,
        state.supply if supply is None else supply,
        0,
        state.first_player,
        state.roll_off,
        state.results,
    )


def _game_won(state: State, board: tuple[Spot, ...]) -> State:
    results = (*state.results, state.player)
    if results.count(state.player) >= state.rules.match_wins:
        return State(
            state.rules,
            state.names,
            board,
            Phase.OVER,
            0,
            (),
            0,
            state.jokers,
            state.supply,
            0,
            state.first_player,
            state.roll_off,
            results,
        )
    # The match goes on: the next game starts from the setup, with a roll-off (DU-47, DU-50).
    return State(
        state.rules,
        state.names,
        START_BOARD,
        Phase.ROLL_OFF,
        first_player=None,
        roll_off=RollOff((0, 1)),
        results=results,
    )


def _move(state: State, action: Move) -> State:
    target = move_target(state, action.area)
    assert not isinstance(target, Rejection)  # the game asked legality first
    board = list(state.board)
    board[action.area._value_] = target
    new_board = tuple(board)
    if target is HOLES[state.player] and _board_win(new_board, state.player, state.rules):
        return _game_won(state, new_board)
    return _next_turn(state, board=new_board)


def _miss(state: State) -> State:
    p = state.player
    if state.supply[p] == 0:  # the colour's supply is empty: nothing to take (DU-45)
        return _next_turn(state)
    jokers = list(state.jokers)
    supply = list(state.supply)
    jokers[p] += 1
    supply[p] -= 1
    return _next_turn(state, jokers=tuple(jokers), supply=tuple(supply))


@cache
def _turned(dice: tuple[int, ...], die: int, face: int) -> tuple[int, ...]:
    """The sorted dice after a joker turns one die showing ``die`` to ``face``."""
    return tuple(sorted((*multiset_difference(dice, (die,)), face)))


def _joker(state: State, action: Joker) -> State:
    p = state.player
    jokers = list(state.jokers)
    supply = list(state.supply)
    jokers[p] -= 1
    supply[p] += 1  # a used joker goes back to its colour's supply (DU-14, DU-51)
    return State(
        state.rules,
        state.names,
        state.board,
        state.phase,
        p,
        _turned(state.dice, action.die, action.face),
        state.rolls,
        tuple(jokers),
        tuple(supply),
        state.jokers_used + 1,
        state.first_player,
        state.roll_off,
        state.results,
    )


def _rolled(state: State, keep: tuple[int, ...]) -> State:
    return State(
        state.rules,
        state.names,
        state.board,
        Phase.THROW,
        state.player,
        keep,
        state.rolls,
        state.jokers,
        state.supply,
        state.jokers_used,
        state.first_player,
        state.roll_off,
        state.results,
    )


class Duel(DiceGame[State, Observation, Action, Rules]):
    """Kniffel: Das Duell's rules for the protocol of `kniffel_rules.game.Game`."""

    __slots__ = ()

    info = INFO
    state_class = State
    observation_class = Observation
    rules_class = Rules
    default_names = (N_("Blue"), N_("Red"))  # shown in the reader's language
    decisions = (Roll, Joker, Move, Miss)
    expected = N_("Roll, Joker, Move or Miss")
    not_over = N_("the game is not over yet: there is no winner")
    action_text = staticmethod(action_to_text)
    candidates = staticmethod(legality.candidates)
    problem = staticmethod(legality._problem)
    listing = staticmethod(legality._listing)

    def setup(self, rules: Rules, seats: int) -> tuple[Spot, ...]:
        """The board of DU-02: every disc on the centre line."""
        return START_BOARD

    def decide(self, state: State, action: Action) -> State:
        """The state after a legal roll, move, joker or miss."""
        if isinstance(action, Roll):
            return _rolled(state, action.keep)
        if isinstance(action, Move):
            return _move(state, action)
        if isinstance(action, Joker):
            return _joker(state, action)
        return _miss(state)

    def happen(self, state: State, action: DiceRoll) -> State:
        """`kniffel_rules._dicegame.throw_happen`, the throw's successor built directly."""
        if state.phase is not Phase.THROW:
            return _dicegame.throw_happen(state, action)
        kept = state.dice
        return State(
            state.rules,
            state.names,
            state.board,
            Phase.DECIDE,
            state.player,
            tuple(sorted(kept + action.values)) if kept else action.values,
            state.rolls + 1,
            state.jokers,
            state.supply,
            state.jokers_used,
            state.first_player,
            state.roll_off,
            state.results,
        )

    def outcome_problem(self, state: State, action: DiceRoll) -> Rejection | None:
        """`kniffel_rules._dicegame.throw_problem`, whose refusal of a huge face is worded here."""
        try:
            return _dicegame.throw_problem(state, action)
        except ValueError:  # the refusal quotes a "face" of more than 4,300 digits
            return Rejection(N_("die faces are 1..6, got a face too large to print"), "PR-04")

    def ranking(self, state: State) -> tuple[int, ...]:
        """The winner of the last game."""
        return (state.results[-1],)


GAME: Final = Duel()
"""Kniffel: Das Duell: the single instance whose methods are the package's protocol functions."""


# --- the protocol functions -----------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Each player's score so far (DU-52).

    A single game (``match_wins=1``): the discs each player has secured; once
    the game is over the winner scores `WIN_SCORE` (5), so a win by three
    adjacent discs outranks the loser's up to four secured discs. A match:
    the games each player has won.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    GAME.check_state(state)
    if state.rules.match_wins > 1:
        return state.games_won
    counts = tuple(len(state.secured(p)) for p in (0, 1))
    if state.phase is Phase.OVER:
        winner = state.results[-1]
        return tuple(WIN_SCORE if p == winner else counts[p] for p in (0, 1))
    return counts
