"""The rules of play of the Duell, each written once: why an action is refused, and the listing.

`problem` is the only judge of a player's action (the ``problem`` hook of
`kniffel_rules.game.Game`): ``None`` for a legal action, else the
`Rejection` (text and ``DU-`` clause id) that ``apply`` raises. It asks
one ``*_problem`` function per action: `roll_problem`, `joker_problem`,
`move_problem`, `miss_problem`.
`candidates` lists a superset of the legal actions in the documented order,
and `listing` is the same set, faster, built from the same rule functions.
The win condition (`win_reason`, `has_won`) is here too: the move that meets
it ends the game (DU-21).

Every public function here refuses a ``state`` that is not a Duell `State`
(and ``win_reason`` a board, seat or rules of the wrong kind) with
`InvalidStateError`, so junk never gets as far as an ``AttributeError``.
"""

from __future__ import annotations

from functools import lru_cache

from kniffel_rules._dicegame import FIRST_ROLL, check_keep, keep_actions
from kniffel_rules._fields import check_seat, is_int
from kniffel_rules._i18n import N_, Named
from kniffel_rules._text import brief, type_name
from kniffel_rules.dice import D6, sorted_faces
from kniffel_rules.duel.actions import Action, Joker, Miss, Move, Roll
from kniffel_rules.duel.combinations import _shown, _triples
from kniffel_rules.duel.pieces import AREAS, COLOUR_LABELS, HOLES, SPACES, Area, Spot
from kniffel_rules.duel.rules import Rules
from kniffel_rules.duel.state import State
from kniffel_rules.duel.wire import action_to_text
from kniffel_rules.errors import InvalidStateError, Rejection
from kniffel_rules.notation import dice_text, said

__all__ = [
    "candidates",
    "check_state",
    "has_won",
    "joker_hand_problem",
    "joker_problem",
    "listing",
    "miss_problem",
    "movable_areas",
    "move_problem",
    "move_target",
    "problem",
    "roll_problem",
    "win_reason",
]


def check_state(state: object) -> None:
    """Refuse anything that is not a Duell `State` (the text of `kniffel_rules.game.Game`).

    The error path is ``state``.

    Raises:
        InvalidStateError: ``state`` is not a `State`.
    """
    if state.__class__ is not State and not isinstance(state, State):
        raise InvalidStateError("state", f"expected a duel State, got {type_name(state)}")


def win_reason(board: tuple[Spot, ...], player: int, rules: Rules) -> str | None:
    """How ``player`` has won on ``board``, or None (DU-21, DU-46).

    Args:
        board: The spot of each area's disc, in board order.
        player: The seat (0 blue, 1 red).
        rules: The rules (their ``adjacency``).

    Returns:
        ``"five secured discs"``, ``"three adjacent secured discs (...)"``
        or None when neither holds.

    Raises:
        InvalidStateError: ``board`` is not a tuple of 11 `Spot`, ``player``
            not a seat 0 or 1, or ``rules`` not a Duell `Rules`.
    """
    if (
        type(board) is not tuple
        or len(board) != len(AREAS)
        or not all(isinstance(s, Spot) for s in board)
    ):
        raise InvalidStateError("board", "expected a tuple of the 11 areas' Spot")
    check_seat(player, 2, "player")
    if not isinstance(rules, Rules):
        raise InvalidStateError("rules", f"expected duel Rules, got {type(rules).__name__}")
    return _board_win(board, player, rules)


def _board_win(board: tuple[Spot, ...], player: int, rules: Rules) -> str | None:
    """`win_reason` without the checks of its arguments (for the engine's own boards)."""
    hole = HOLES[player]
    if board.count(hole) >= 5:  # a Spot equals only itself
        return "five secured discs"
    for run in _triples(rules):
        i, j, k = run
        if board[i] is hole and board[j] is hole and board[k] is hole:
            names = ", ".join(AREAS[i].label for i in run)
            return f"three adjacent secured discs ({names})"
    return None


def has_won(board: tuple[Spot, ...], player: int, rules: Rules) -> bool:
    """Whether ``player`` meets a win condition on ``board`` (see `win_reason`, which checks).

    Raises:
        InvalidStateError: Arguments of the wrong kind (see `win_reason`).
    """
    return win_reason(board, player, rules) is not None


_NOT_ROLLED = Rejection(N_("roll the dice first: a turn starts with a roll"), "DU-53")


def _not_rolled(state: State) -> Rejection | None:
    return _NOT_ROLLED if state.rolls == 0 else None


def move_target(state: State, area: object) -> Spot | Rejection:
    """Where the disc of ``area`` goes if the current player moves it, or why it cannot.

    From the centre or the opponent's space to the mover's space; from the
    mover's space into the mover's hole; Kniffel's disc straight into the
    hole. A secured disc never moves (DU-08..DU-11, DU-20).

    Args:
        state: A state in which the current player decides.
        area: The area whose disc should move.

    Returns:
        The spot the disc would go to, or the `Rejection` (DU-53, DU-07 or
        DU-11) that `move_problem` gives (PR-01 for an ``area`` that is not
        an `Area`).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    if not isinstance(area, Area):
        return _not_an_area(area)
    return _target(state, area)


def _not_an_area(area: object) -> Rejection:
    return Rejection.of(N_("Move needs a duel Area, got {got}"), "PR-01", got=brief(area))


def _target(state: State, area: Area) -> Spot | Rejection:
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    if area not in _shown(state.dice):
        return Rejection.of(
            N_("the dice {dice} do not show {area}: its disc cannot move"),
            "DU-07",
            dice=dice_text(state.dice),
            area=area,
        )
    spot = state.board[area._value_]
    if spot is _BLUE_HOLE or spot is _RED_HOLE:  # spot.secured
        owner = Named(COLOUR_LABELS[HOLES.index(spot)])
        return Rejection.of(
            N_("the {area} disc is secured in {owner}'s hole and never moves again"),
            "DU-11",
            area=area,
            owner=owner,
        )
    p = state.player
    if not area.has_spaces or spot is SPACES[p]:
        return HOLES[p]
    return SPACES[p]


def move_problem(state: State, area: object) -> Rejection | None:
    """Why the current player may not move the disc of ``area``, or None.

    Args:
        state: A state in which the current player decides.
        area: The area of the `Move` (anything but an `Area` is not a move of
            this game: ``PR-01``).

    Returns:
        None when the disc can move (see `move_target`), else the reason.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    target = move_target(state, area)
    return target if isinstance(target, Rejection) else None


def movable_areas(state: State) -> tuple[Area, ...]:
    """The areas whose disc the current player can move, in board order.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _movable(state)


_BLUE_HOLE, _RED_HOLE = HOLES


def _movable(state: State) -> tuple[Area, ...]:
    # `_target` gives a Spot exactly when the dice have been rolled, show the
    # area, and its disc is not secured: the areas shown whose disc is free.
    if state.rolls == 0:
        return ()
    board = state.board
    return tuple(
        [
            a
            for a in _shown(state.dice)
            if (s := board[a._value_]) is not _BLUE_HOLE and s is not _RED_HOLE
        ]
    )


def miss_problem(state: State) -> Rejection | None:
    """Why the current player may not declare a miss now, or None (DU-44, DU-45).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _miss_problem(state)


def _miss_problem(state: State) -> Rejection | None:
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    movable = _movable(state)
    if movable:
        return Rejection.of(
            N_("a disc can move ({names}): a player who can move a disc must move one"),
            "DU-44",
            names=tuple(movable),
        )
    return None


_ROLL_RULES = {"rolls": "DU-05", "first": "DU-05", "all": "DU-53", "keep": "DU-05"}
_JOKER_FIXES = Rejection(
    N_("jokers are used after the final roll: no roll may follow a joker"), "DU-43"
)


def roll_problem(state: State, keep: tuple[int, ...]) -> Rejection | None:
    """Why the current player may not keep ``keep`` and throw the rest, or None (DU-05, DU-43).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`, or ``keep`` not
            dice faces (integers, in any order).
    """
    check_state(state)
    return _roll_problem(state, sorted_faces(keep, "keep"))


def _roll_problem(state: State, keep: tuple[int, ...]) -> Rejection | None:
    if state.jokers_used and state.rolls < 3:
        return _JOKER_FIXES
    stop = N_("move a disc, spend a joker or declare a miss")
    try:
        return check_keep(state.rolls, state.dice, keep, stop, _ROLL_RULES)
    except ValueError:  # the refusal quotes a kept "die" of more than 4,300 digits
        return Rejection.of(
            N_("cannot keep {keep}: the dice showing are {dice}"),
            _ROLL_RULES["keep"],
            keep=dice_text(keep),
            dice=dice_text(state.dice),
        )


_NO_JOKER = Rejection(
    N_("no joker tile in hand (a joker taken at a miss can be used from the next turn on)"),
    "DU-13",
)


def joker_hand_problem(state: State) -> Rejection | None:
    """Why the current player may not spend any joker now, or None (DU-13, DU-43).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _hand_problem(state)


def _hand_problem(state: State) -> Rejection | None:
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    if state.jokers[state.player] == 0:
        return _NO_JOKER
    return None


def joker_problem(state: State, die: object, face: object) -> Rejection | None:
    """Why the current player may not turn a die showing ``die`` to ``face``, or None.

    Args:
        state: A state in which the current player decides.
        die: The face of the die to change.
        face: The face it should show.

    Returns:
        None when the joker may be spent, else the reason (DU-53, DU-13 or DU-48).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _joker_problem(state, die, face)


def _joker_problem(state: State, die: object, face: object) -> Rejection | None:
    reason = _hand_problem(state)
    if reason is not None:
        return reason
    for value in (die, face):
        if not is_int(value) or value not in D6:
            return Rejection.of(
                N_("a joker turns a die to a face 1..6, got {got}"), "DU-13", got=brief(value)
            )
    if die not in state.dice:
        return Rejection.of(
            N_("no die shows {die}: the dice are {dice}"),
            "DU-13",
            die=die,
            dice=dice_text(state.dice),
        )
    if die == face:
        return Rejection.of(
            N_("the die already shows {face}: a joker must change the die"), "DU-48", face=face
        )
    return None


def problem(state: State, action: Action) -> Rejection | None:
    """Why the current player may not take ``action``, or None: the rules of play.

    Args:
        state: A state in which the current player decides.
        action: A `Roll`, `Joker`, `Move` or `Miss`.

    Returns:
        None for a legal action, else the `Rejection` that ``apply`` raises
        (PR-01 for an object that is not an action of this game).

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _problem(state, action)


def _problem(state: State, action: Action) -> Rejection | None:
    """`problem` of a state the protocol has checked (the hook of `kniffel_rules.game.Game`)."""
    if isinstance(action, Roll):  # the commonest first: the classes are disjoint
        return _roll_problem(state, action.keep)
    if isinstance(action, Move):
        area = action.area
        if not isinstance(area, Area):  # only an object built around the constructor
            return _not_an_area(area)
        target = _target(state, area)
        return target if isinstance(target, Rejection) else None
    if isinstance(action, Joker):
        return _joker_problem(state, action.die, action.face)
    if isinstance(action, Miss):
        return _miss_problem(state)
    shown = said(action, action_to_text, __package__)
    return Rejection.of(N_("expected Roll, Joker, Move or Miss, got {shown}"), "PR-01", shown=shown)


_MISS = (Miss(),)
_MOVES = {a: Move(a) for a in AREAS}
_ALL_MOVES = tuple(_MOVES.values())
_MOVE_AT = {a.value: move for a, move in _MOVES.items()}  # by Area.value: no Enum hash


@lru_cache(maxsize=512)
def _joker_actions(dice: tuple[int, ...]) -> tuple[Joker, ...]:
    return tuple(Joker(d, f) for d in sorted(set(dice)) for f in D6 if f != d)


def candidates(state: State) -> tuple[Action, ...]:
    """A superset of the legal actions, in the order of ``legal_actions``.

    At the start of a turn ``(Roll(),)``; after a throw every ``Move`` in
    board order, ``Miss()``, every ``Joker`` for the dice (by the face shown,
    then the new face) and every ``Roll`` that throws at least one die.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    if state.rolls == 0:
        return FIRST_ROLL
    return (*_ALL_MOVES, *_MISS, *_joker_actions(state.dice), *keep_actions(state.dice))


def listing(state: State) -> tuple[Action, ...]:
    """The candidates that `problem` lets through, built faster from the same rules.

    The moves are `movable_areas` (`move_target` on the areas shown), else the
    miss (`miss_problem` accepts it exactly then); every joker candidate
    passes `joker_problem` exactly when `joker_hand_problem` does, and every
    roll candidate passes `roll_problem` exactly when ``Roll()`` does.

    Raises:
        InvalidStateError: ``state`` is not a Duell `State`.
    """
    check_state(state)
    return _listing(state)


def _listing(state: State) -> tuple[Action, ...]:
    """`listing` of a state the protocol has checked (the hook of `kniffel_rules.game.Game`)."""
    if state.rolls == 0:
        return FIRST_ROLL
    movable = _movable(state)
    actions: tuple[Action, ...] = (
        tuple([_MOVE_AT[a._value_] for a in movable]) if movable else _MISS
    )
    return actions + _tail(
        state.dice,
        state.jokers[state.player] != 0,  # `_hand_problem` after a roll
        state.rolls < 3 and not state.jokers_used,  # `_roll_problem` of Roll() after a roll
    )


@lru_cache(maxsize=1024)
def _tail(dice: tuple[int, ...], jokers: bool, rolls: bool) -> tuple[Action, ...]:
    """The jokers of ``dice`` if ``jokers``, then its rolls if ``rolls``: what follows the moves."""
    return (*(_joker_actions(dice) if jokers else ()), *(keep_actions(dice) if rolls else ()))
