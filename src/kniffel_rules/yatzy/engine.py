"""The Yatzy game: its state, its actions and `GAME`, whose methods are the protocol.

The protocol is `kniffel_rules._boxgame.BoxGame`'s, driven by the sheet of
`kniffel_rules.yatzy.pieces`; the state document, the observations, the
typed actions and the text picture are the library's shared pieces, built
here for Yatzy (`DOCUMENT`, `VIEW`, `PARSER`, `PICTURE`).

Order of ``legal_actions``: at a chance node the outcomes of
``chance_outcomes`` (sorted tuples in lexicographic order; the roll-off:
faces 1..6); at the start of a turn ``(Roll(),)``; after a
throw ``Score(box)`` for every open box in sheet order (under
``forced_order`` only the first open one), then every keep that throws a
die, by number kept and then lexicographically (none after the third throw).
``sample_chance`` draws one ``rng.randrange(6 ** k)`` for a throw of ``k`` dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from kniffel_rules._boxdoc import box_document
from kniffel_rules._boxgame import BoxGame, BoxState
from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules._dicerender import sheet_picture
from kniffel_rules._dicewire import OpenObservation
from kniffel_rules._fields import enum_field
from kniffel_rules._openview import OpenParser, OpenView
from kniffel_rules._quickinit import quick_init
from kniffel_rules.dice import DiceRoll
from kniffel_rules.yatzy import pieces
from kniffel_rules.yatzy.pieces import ALIASES, Box, Rules

__all__ = [
    "DOCUMENT", "GAME", "INFO", "PARSER", "PICTURE", "VIEW", "Action", "Observation", "Phase",
    "Roll", "Score", "State", "Yatzy",
]  # fmt: skip


@quick_init
@attrs.frozen(slots=True)
class State(BoxState):
    """A Yatzy game at one moment (`kniffel_rules._boxgame.BoxState`; ``rules`` a yatzy `Rules`)."""


@attrs.frozen(slots=True)
class Observation(OpenObservation):
    """One seat's view of a Yatzy game: all of it, nothing is hidden.

    Attributes:
        state: The `State`.
    """

    state: State


@attrs.frozen(slots=True, repr=False)
class Score:
    """Enter the current dice in ``box``; this ends the turn.

    Attributes:
        box: The box, a yatzy `Box` (anything else raises `InvalidStateError`).
    """

    box: Box = attrs.field(validator=enum_field(Box))

    def __repr__(self) -> str:
        return f"Score({self.box!r})"


Action = Roll | Score
"""A player's action in Yatzy."""


class Yatzy(BoxGame[State, Observation, Action]):
    """Scandinavian Yatzy for the protocol of `kniffel_rules.game.Game`."""

    __slots__ = ()

    state_class = State
    observation_class = Observation
    rules_class = Rules
    decisions = (Roll, Score)
    score_class = Score
    box_class = Box
    aliases = ALIASES
    ids: ClassVar[Mapping[str, str]] = {
        "rolls": "YA-03",
        "first": "YA-03",
        "all": "YA-05",
        "keep": "YA-04",
        "early": "YA-06",
        "filled": "YA-06",
        "order": "YA-21",
        "extra": "YA-17",
        "over": "YA-18",
    }
    box_ids: ClassVar[Mapping[Box, str]] = {
        box: f"YA-{7 if box.value < 6 else box.value + 3:02d}" for box in Box
    }
    layout_of = staticmethod(pieces.layout)
    points_of = staticmethod(pieces._box_points)
    forced_of = staticmethod(lambda rules: rules.forced_order)


GAME: Final = Yatzy()
"""Yatzy: the single instance whose methods are the module's protocol functions."""

INFO: Final = GAME.declare(
    "yatzy", {"en": "Yatzy", "de": "Yatzy"}, pieces.solitaire, end_rule="YA-18", score_rule="YA-18"
)
"""What Yatzy says of itself (`kniffel_rules.game.GameInfo`)."""

DOCUMENT: Final = box_document(GAME)
"""Yatzy's state document (``kniffel-rules/yatzy-state``, `kniffel_rules.game.Document`)."""

VIEW: Final = OpenView[State, Observation](GAME, DOCUMENT.to_dict, DOCUMENT.from_dict)
"""Yatzy's open observations (`kniffel_rules._openview.OpenView`)."""

PARSER: Final = OpenParser[State, Observation, Action | DiceRoll](
    GAME, GAME.read_decisions, GAME.action_to_text, render=GAME.render_action
)
"""Yatzy's typed actions (`kniffel_rules._openview.OpenParser`)."""

PICTURE: Final = sheet_picture(State, Observation, "yatzy", GAME.status, GAME.sheet_rows)
"""Yatzy's text picture (`kniffel_rules._dicerender.sheet_picture`)."""
