"""Kniffel: Das Duell: two players, eleven discs, joker tiles, and matches.

The module follows the protocol of `kniffel_rules.Variant`.

Example:
    >>> from kniffel_rules import duel
    >>> s = duel.new_game(first_player=0)                # blue starts
    >>> s = duel.apply(s, duel.Roll())
    >>> s = duel.apply(s, duel.DiceRoll((2, 3, 4, 5, 5)))
    >>> duel.legal_actions(s)[:2]
    (Move(area=Area.SMALL_STRAIGHT), Roll(keep=()))
    >>> s = duel.apply(s, duel.Move(duel.Area.SMALL_STRAIGHT))
    >>> s.spot(duel.Area.SMALL_STRAIGHT), duel.current_player(s)
    (Spot.BLUE_SPACE, 1)

Rules, rulings and options: ``docs/rules/duel.md`` (clause ids ``DU-``).
"""

from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.areas import (
    AREAS,
    NUMBER_AREAS,
    SPECIAL_AREAS,
    Area,
    adjacent_triples,
    combinations,
)
from kniffel_rules.duel.checks import (
    check_joker,
    check_miss,
    check_roll,
    has_won,
    joker_block,
    movable_areas,
    move_target,
    win_reason,
)
from kniffel_rules.duel.game import (
    WIN_SCORE,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
    scores,
    winners,
)
from kniffel_rules.duel.rules import ADJACENCIES, Rules
from kniffel_rules.duel.serial import from_json, to_json
from kniffel_rules.duel.state import (
    BLUE,
    COLOURS,
    HOLES,
    JOKERS_PER_COLOUR,
    RED,
    SPACES,
    Action,
    Joker,
    Miss,
    Move,
    Phase,
    Roll,
    Spot,
    State,
)

__all__ = [
    "ADJACENCIES",
    "AREAS",
    "BLUE",
    "COLOURS",
    "HOLES",
    "JOKERS_PER_COLOUR",
    "NUMBER_AREAS",
    "RED",
    "SPACES",
    "SPECIAL_AREAS",
    "WIN_SCORE",
    "Action",
    "Area",
    "DiceRoll",
    "Joker",
    "Miss",
    "Move",
    "Phase",
    "Roll",
    "Rules",
    "Spot",
    "State",
    "adjacent_triples",
    "apply",
    "chance_outcomes",
    "check_joker",
    "check_miss",
    "check_roll",
    "combinations",
    "current_player",
    "from_json",
    "has_won",
    "is_terminal",
    "joker_block",
    "legal_actions",
    "movable_areas",
    "move_target",
    "new_game",
    "sample_chance",
    "scores",
    "to_json",
    "win_reason",
    "winners",
]
