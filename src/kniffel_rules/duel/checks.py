"""What the current player may do, and why not: the single checking path.

``legal_actions`` lists exactly what these functions accept, and ``apply``
raises with the reason they give; no rule is written down twice.
"""

from __future__ import annotations

from kniffel_rules._dicegame import check_keep
from kniffel_rules.dice import D6
from kniffel_rules.duel.areas import AREAS, Area, adjacent_triples, shown_areas
from kniffel_rules.duel.rules import Rules
from kniffel_rules.duel.state import COLOURS, HOLES, SPACES, Spot, State

__all__ = [
    "check_joker",
    "check_miss",
    "check_roll",
    "has_won",
    "joker_block",
    "movable_areas",
    "move_target",
    "win_reason",
]


def win_reason(board: tuple[Spot, ...], player: int, rules: Rules) -> str | None:
    """How ``player`` has won on ``board``, or None (DU-21, DU-46).

    Args:
        board: The spot of each area's disc, in board order.
        player: The seat (0 blue, 1 red).
        rules: The rules (their ``adjacency``).

    Returns:
        ``"five secured discs"``, ``"three adjacent secured discs (...)"``
        or None when neither holds.
    """
    hole = HOLES[player]
    if sum(1 for s in board if s is hole) >= 5:
        return "five secured discs"
    for run in adjacent_triples(rules):
        if all(board[i] is hole for i in run):
            names = ", ".join(AREAS[i].label for i in run)
            return f"three adjacent secured discs ({names})"
    return None


def has_won(board: tuple[Spot, ...], player: int, rules: Rules) -> bool:
    """Whether ``player`` meets a win condition on ``board`` (see `win_reason`)."""
    return win_reason(board, player, rules) is not None


def _not_rolled(state: State) -> str | None:
    return "roll the dice first: a turn starts with a roll" if state.rolls == 0 else None


def move_target(state: State, area: Area) -> Spot | str:
    """Where the disc of ``area`` goes if the current player moves it, or why it cannot.

    From the centre or the opponent's space to the mover's space; from the
    mover's space into the mover's hole; Kniffel's disc straight into the
    hole. A secured disc never moves (DU-08..DU-11, DU-20).

    Args:
        state: A state in which the current player decides.
        area: The area whose disc should move.

    Returns:
        The spot the disc would go to, or the reason (a sentence naming the
        rule) why it may not move.
    """
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    if area not in shown_areas(state.dice):
        return f"the dice {state.dice} do not show {area.label}: its disc cannot move"
    spot = state.board[area.value]
    if spot.secured:
        owner = COLOURS[HOLES.index(spot)]
        return f"the {area.label} disc is secured in {owner}'s hole and never moves again"
    p = state.player
    if not area.has_spaces or spot is SPACES[p]:
        return HOLES[p]
    return SPACES[p]


def movable_areas(state: State) -> tuple[Area, ...]:
    """The areas whose disc the current player can move, in board order."""
    if state.rolls == 0:
        return ()
    return tuple(a for a in shown_areas(state.dice) if isinstance(move_target(state, a), Spot))


def check_miss(state: State) -> str | None:
    """Why the current player may not declare a miss now, or None (DU-12, DU-44)."""
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    movable = movable_areas(state)
    if movable:
        names = ", ".join(a.label for a in movable)
        return f"a disc can move ({names}): a player who can move a disc must move one"
    return None


def check_roll(state: State, keep: tuple[int, ...]) -> str | None:
    """Why the current player may not keep ``keep`` and throw the rest, or None (DU-05, DU-06)."""
    if state.jokers_used and state.rolls < 3:
        return "jokers are used after the final roll: no roll may follow a joker"
    stop = "move a disc, use a joker or take the miss"
    return check_keep(state.rolls, state.dice, keep, stop, _ROLL_RULES)


_ROLL_RULES = {"rolls": "DU-05", "first": "DU-05", "all": "DU-53", "keep": "DU-05"}


def joker_block(state: State) -> str | None:
    """Why the current player may not spend any joker now, or None (DU-13, DU-43)."""
    reason = _not_rolled(state)
    if reason is not None:
        return reason
    if state.jokers[state.player] == 0:
        return "no joker tile in hand (a joker taken at a miss can be used from the next turn on)"
    return None


def check_joker(state: State, die: object, face: object) -> str | None:
    """Why the current player may not turn a die showing ``die`` to ``face``, or None.

    Args:
        state: A state in which the current player decides.
        die: The face of the die to change.
        face: The face it should show.

    Returns:
        None when the joker may be spent, else the reason.
    """
    reason = joker_block(state)
    if reason is not None:
        return reason
    for value in (die, face):
        if isinstance(value, bool) or not isinstance(value, int) or value not in D6:
            return f"a joker turns a die to a face 1..6, got {value!r}"
    if die not in state.dice:
        return f"no die shows {die}: the dice are {state.dice}"
    if die == face:
        return f"the die already shows {face}: a joker must change the die"
    return None
