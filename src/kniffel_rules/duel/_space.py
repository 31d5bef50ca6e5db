"""The Duell's data for the adapters: its fixed action index, tensor and bounds.

Declared in ``duel.INFO`` (`kniffel_rules.GameInfo`); read by
`kniffel_rules.adapters.space`, which documents the orders and layouts. The
chance outcomes are every dice game's throws (`kniffel_rules._tensor.dice_throws`).
"""

from __future__ import annotations

from typing import Any

from kniffel_rules._dicegame import Roll
from kniffel_rules._tensor import five_dice_header, keeps
from kniffel_rules.dice import D6
from kniffel_rules.duel.actions import Joker, Miss, Move
from kniffel_rules.duel.pieces import JOKERS_PER_COLOUR, Area, Spot
from kniffel_rules.duel.rules import Rules


def actions(rules: Rules) -> list[Any]:
    """Every decision: ``Roll``, ``Joker`` by die then face, ``Move`` by area, ``Miss``."""
    out: list[Any] = [Roll(k) for k in keeps(4)]
    out += [Joker(die, face) for die in D6 for face in D6 if die != face]
    out += [Move(area) for area in Area]
    out.append(Miss())
    return out


def tensor(t: Any, game: Any, observation: Any) -> None:
    """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
    own, other = five_dice_header(t, game, observation)
    state = observation.state
    order = (
        Spot.CENTRE,
        (Spot.BLUE_SPACE, Spot.RED_SPACE)[own],
        (Spot.BLUE_SPACE, Spot.RED_SPACE)[other],
        (Spot.BLUE_HOLE, Spot.RED_HOLE)[own],
        (Spot.BLUE_HOLE, Spot.RED_HOLE)[other],
    )
    cells: list[float] = []
    for spot in state.board:
        cells += [float(spot is s) for s in order]
    t.add("board", cells)
    t.add("jokers", [state.jokers[own], state.jokers[other]], high=JOKERS_PER_COLOUR)
    t.add("supply", [state.supply[own], state.supply[other]], high=JOKERS_PER_COLOUR)
    t.add("jokers_used", [state.jokers_used], high=JOKERS_PER_COLOUR)
    wins = state.rules.match_wins
    t.add("games_won", [state.results.count(own), state.results.count(other)], high=wins)
    t.add("match_wins", [wins], high=wins)


def bounds(rules: Rules, players: int) -> tuple[float, float, int]:
    """No solitaire score (two players only), and a bound on the match's length."""
    return 0.0, 0.0, 100_000 * rules.match_wins
