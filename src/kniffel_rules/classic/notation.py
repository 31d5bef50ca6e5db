"""Reading what a classic player types: `parse_action`.

Accepted (English and German, any case, with or without umlauts; see the
"Notation" section of ``docs/rules/classic.md``):

* the canonical line of `action_to_text` (``roll keep 3 3``, ``score full_house``);
* a roll: ``roll`` / ``wurf``, ``keep 3 3`` / ``behalte 3 3``, ``3 3``, ``33``,
  ``reroll 1 5`` (throw those two, keep the rest);
* a box, with or without a verb (``score``, ``eintragen``, ``streichen``):
  ``full house``, ``fh``, ``Dreierpasch``, ``3k``, ``kl. Straße``, ``ss``,
  ``Einser``, ``ones``, ``kniffel``, ``yahtzee``, ``chance``, ``max``;
* at a throw, the dice: ``dice 2 3 3 5 6``, ``2 3 3 5 6``, ``23356``.

Examples:
    >>> from kniffel_rules import classic, DiceRoll
    >>> s = classic.apply(classic.new_game(), classic.Roll())
    >>> s = classic.apply(s, DiceRoll((2, 3, 3, 3, 5)))
    >>> classic.parse_action(s, "Dreierpasch"), classic.parse_action(s, "keep 3 3")
    (Score(Box.THREE_OF_A_KIND), Roll(keep=(3, 3)))
    >>> classic.parse_action(s, "keep 6 6")
    Traceback (most recent call last):
    ...
    kniffel_rules.errors.ActionParseError: 'keep 6 6': cannot keep 6 6: there is no 6 ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kniffel_rules._dicewire import read_roll, read_score
from kniffel_rules._openview import OpenParser
from kniffel_rules.classic.actions import Action, Score
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.pieces import BOX_NAMES, BOX_PHRASES, read_box
from kniffel_rules.classic.render import render_action
from kniffel_rules.classic.state import Observation, State
from kniffel_rules.classic.wire import action_to_text
from kniffel_rules.dice import DiceRoll

__all__ = ["BOX_NAMES", "parse_action", "read_box"]

def _read_score(tokens: Sequence[str]) -> list[Score]:
    box = read_score(tokens, BOX_PHRASES)
    return [] if box is None else [Score(box)]


def _decisions(position: State, tokens: list[str], raw: str) -> list[Action | DiceRoll]:
    """What the words may name at a player's node: a box to score, a roll."""
    return [*_read_score(tokens), *read_roll(tokens, position.dice)]


PARSER: Final = OpenParser[State, Observation, Action | DiceRoll](
    GAME, _decisions, action_to_text, render=render_action
)
"""Classic Kniffel's typed actions (`kniffel_rules._openview.OpenParser`)."""

parse_action = PARSER.parse_action
"""``parse_action(state, text)``: the legal action that ``text`` names (the forms above)."""
