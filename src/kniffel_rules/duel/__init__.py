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

The rooms: ``rules`` (`Rules`), ``pieces`` (areas, spots, tiles),
``combinations`` (what dice show), ``actions``, ``state``, ``legality``
(every refusal, with its clause id), ``engine`` (`new_game` and the protocol
functions), ``serial`` (JSON), and on the wire ``wire`` (actions as JSON
objects and canonical text), ``notation`` (`parse_action`), ``view``
(`observation`) and ``render`` (`render`, `render_action`: text for
players). The old paths ``duel.areas``, ``duel.checks`` and ``duel.game``
still import, with a `DeprecationWarning`.
"""

from kniffel_rules._moved import alias_modules
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move, Roll
from kniffel_rules.duel.combinations import adjacent_triples, combinations
from kniffel_rules.duel.engine import (
    GAME,
    INFO,
    WIN_SCORE,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
    scores,
    why_illegal,
    winners,
)
from kniffel_rules.duel.legality import (
    check_joker,
    check_miss,
    check_roll,
    has_won,
    joker_block,
    joker_hand_problem,
    joker_problem,
    miss_problem,
    movable_areas,
    move_problem,
    move_target,
    roll_problem,
    win_reason,
)
from kniffel_rules.duel.notation import AREA_NAMES, parse_action
from kniffel_rules.duel.pieces import (
    AREAS,
    BLUE,
    COLOUR_LABELS,
    COLOURS,
    HOLES,
    JOKERS_PER_COLOUR,
    NUMBER_AREAS,
    RED,
    SPACES,
    SPECIAL_AREAS,
    Area,
    Spot,
)
from kniffel_rules.duel.render import render, render_action
from kniffel_rules.duel.rules import ADJACENCIES, Rules
from kniffel_rules.duel.serial import from_dict, from_json, to_dict, to_json
from kniffel_rules.duel.state import Observation, Phase, State
from kniffel_rules.duel.view import observation, observation_from_dict, observation_to_dict
from kniffel_rules.duel.wire import action_from_dict, action_to_dict, action_to_text

# The module paths before the common rooms (docs/protocol.md, "Adding a game").
alias_modules(__name__, {"areas": "combinations", "checks": "legality", "game": "engine"})

__all__ = [
    "ADJACENCIES",
    "AREAS",
    "AREA_NAMES",
    "BLUE",
    "COLOURS",
    "COLOUR_LABELS",
    "GAME",
    "HOLES",
    "INFO",
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
    "Observation",
    "Phase",
    "Roll",
    "Rules",
    "Spot",
    "State",
    "action_from_dict",
    "action_to_dict",
    "action_to_text",
    "adjacent_triples",
    "apply",
    "chance_outcomes",
    "check_joker",
    "check_miss",
    "check_roll",
    "combinations",
    "current_player",
    "from_dict",
    "from_json",
    "has_won",
    "is_legal",
    "is_terminal",
    "joker_block",
    "joker_hand_problem",
    "joker_problem",
    "legal_actions",
    "miss_problem",
    "movable_areas",
    "move_problem",
    "move_target",
    "new_game",
    "observation",
    "observation_from_dict",
    "observation_to_dict",
    "parse_action",
    "render",
    "render_action",
    "roll_problem",
    "sample_chance",
    "scores",
    "to_dict",
    "to_json",
    "why_illegal",
    "win_reason",
    "winners",
]
