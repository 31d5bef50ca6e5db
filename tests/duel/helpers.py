"""Building Duell positions for tests, and an independent check of the win conditions."""

from __future__ import annotations

from kniffel_rules import InvalidStateError, duel
from kniffel_rules.duel import Area, Phase, Rules, Spot, State
from kniffel_rules.duel.pieces import AREAS

B, R = Spot.BLUE_HOLE, Spot.RED_HOLE


def board(spots: dict[Area, Spot] | None = None) -> tuple[Spot, ...]:
    """A board with the given discs placed, every other disc in the centre."""
    return tuple((spots or {}).get(a, Spot.CENTRE) for a in AREAS)


def position(
    spots: dict[Area, Spot] | None = None,
    dice: tuple[int, ...] = (),
    *,
    player: int = 0,
    jokers: tuple[int, int] = (0, 0),
    rolls: int | None = None,
    jokers_used: int = 0,
    rules: Rules | None = None,
    results: tuple[int, ...] = (),
    first_player: int | None = None,
) -> State:
    """A position in which ``player`` decides, with ``dice`` showing after ``rolls`` throws.

    It must be reachable (``from_json`` accepts it): ``first_player`` is the
    given seat, else whichever seat makes the position reachable (``player``
    tried first).
    """
    if rolls is None:
        rolls = 1 if dice else 0
    if first_player is None:
        for seat in (player, 1 - player):
            try:
                return position(
                    spots,
                    dice,
                    player=player,
                    jokers=jokers,
                    rolls=rolls,
                    jokers_used=jokers_used,
                    rules=rules,
                    results=results,
                    first_player=seat,
                )
            except InvalidStateError:
                if seat != player:
                    raise
    state = State(
        rules or Rules(),
        ("Blue", "Red"),
        board(spots),
        Phase.DECIDE,
        player=player,
        dice=tuple(sorted(dice)),
        rolls=rolls,
        jokers=jokers,
        supply=(11 - jokers[0], 11 - jokers[1]),
        jokers_used=jokers_used,
        first_player=first_player,
        results=results,
    )
    assert duel.from_json(duel.to_json(state)) == state  # a reachable position
    return state


def throw(state: State, *faces: int) -> State:
    """Apply the chance outcome ``faces``."""
    return duel.apply(state, duel.DiceRoll(faces))


def rolled(state: State, *faces: int) -> State:
    """The first roll of a turn: ``Roll()`` and then the five ``faces``."""
    return throw(duel.apply(state, duel.Roll()), *faces)


def moves(state: State) -> list[Area]:
    """The areas offered by ``legal_actions`` for a disc move."""
    return [a.area for a in duel.legal_actions(state) if isinstance(a, duel.Move)]


def won_independently(spots: tuple[Spot, ...], hole: Spot, linear: bool = True) -> bool:
    """The win conditions of DU-21 / DU-46, written out again without the library's code."""
    secured = "".join("x" if s is hole else "." for s in spots)
    if secured.count("x") >= 5:
        return True
    rows = [secured] if linear else [secured[:6], secured[6:]]
    return any("xxx" in row for row in rows)
