"""Reading what a Duell player types: `parse_action`.

Accepted (English and German, any case, with or without umlauts; see the
"Notation" section of ``docs/rules/duel.md``):

* the canonical line of `action_to_text` (``roll keep 3 3``, ``joker 6 5``,
  ``move small_straight``, ``miss``, ``dice 1 2 3 3 6``);
* a roll: ``roll`` / ``wurf``, ``keep 3 3`` / ``behalte 3 3``, ``3 3``, ``33``,
  ``reroll 1 5`` (throw those two, keep the rest);
* a joker, the die's face first: ``joker 6 5``, ``joker 6 to 5``,
  ``joker 6 zu 5``, ``joker 6 -> 5``, ``6 -> 5``, ``turn 6 into 5``,
  ``mache 6 zu 5``; ``joker to 5`` / ``joker zu 5`` leaves the die to the
  dice showing (asked back when several could be meant);
* a move, with or without a verb (``move``, ``setze``, ``ziehe``): an area
  by its English or German name or a short form (`AREA_NAMES`:
  ``Einser``, ``sixes``, ``Viererpasch``, ``vier gleiche``, ``fh``,
  ``kl. Straße``, ``ss``, ``ls``, ``Kniffel``), or after a verb a number
  area by its face (``ziehe 6``);
* a miss: ``miss``, ``Fehlwurf``, ``pass``, ``take joker``;
* at a throw or in the roll-off, the dice: ``dice 2 3 3 5 6``, ``2 3 3 5 6``,
  ``23356``, ``dice 5``, ``5``.

`parse_action` accepts the seat's `Observation` as well as the `State`.

Examples:
    >>> from kniffel_rules import duel
    >>> s = duel.new_game(first_player=0)
    >>> s = duel.apply(duel.apply(s, duel.Roll()), duel.DiceRoll((2, 3, 3, 3, 4)))
    >>> duel.parse_action(s, "keep 3 3"), duel.parse_action(s, "Dreier")
    (Roll(keep=(3, 3)), Move(area=Area.THREES))
    >>> from kniffel_rules import ActionParseError
    >>> try:
    ...     duel.parse_action(s, "Fehlwurf")
    ... except ActionParseError as refusal:
    ...     print(refusal.rule, refusal)
    DU-44 'Fehlwurf': a disc can move (Threes): a player who can move a disc must move one

    >>> from kniffel_rules import duel
    >>> s = duel.new_game(first_player=1)
    >>> duel.parse_action(s, "würfeln"), duel.parse_action(duel.apply(s, duel.Roll()), "23345")
    (Roll(keep=()), DiceRoll((2, 3, 3, 4, 5)))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kniffel_rules._dicewire import named, read_roll
from kniffel_rules._openview import OpenParser
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move
from kniffel_rules.duel.engine import GAME
from kniffel_rules.duel.pieces import NUMBER_AREAS, Area
from kniffel_rules.duel.render import render_action
from kniffel_rules.duel.state import Observation, State
from kniffel_rules.duel.wire import action_to_text
from kniffel_rules.notation import Phrasebook, numbers, words

__all__ = ["AREA_NAMES", "parse_action"]

AREA_NAMES: Final[dict[Area, tuple[str, ...]]] = named(
    Area,
    {
        Area.KNIFFEL: ("fünf gleiche zahlen",),
    },
)
"""What a player may call each area, English and German, its labels (``Area.labels``)
among them; ``Area.key`` is read as well."""

_AREAS: Final = Phrasebook({area: (*names, area.key) for area, names in AREA_NAMES.items()})
_MOVE_VERBS: Final = Phrasebook({
    "move": (
        "move", "m", "mv", "pull", "push", "take", "secure", "claim", "move disc",
        "setze", "setzen", "setz", "setze auf", "ziehe", "ziehen", "zieh", "ziehe auf",
        "schiebe", "schieben", "nimm", "sichere", "sichern", "ziehe scheibe",
    ),
})
_MISS: Final = Phrasebook({
    "miss": (
        "miss", "fehlwurf", "fehler", "pass", "passe", "passen", "take joker", "take a joker",
        "nimm joker", "nimm einen joker", "joker nehmen", "no move", "kein zug",
    ),
})
_JOKER_WORDS: Final = Phrasebook({
    "joker": (
        "joker", "j", "use joker", "use a joker", "spend joker", "spend a joker", "play joker",
        "setze joker", "nutze joker", "benutze joker", "spiele joker", "joker einsetzen",
    ),
    "turn": (
        "turn", "change", "make", "set", "mache", "mach", "drehe", "dreh", "andere", "wandle",
        "verwandle",
    ),
})
# Between the die and its new face: "joker 6 to 5", "6 zu 5" ("->" is read as "to").
_TO: Final = frozenset({"to", "into", "in", "zu", "auf", "nach"})
# Words that carry nothing in "turn a 6 into a 5", "von der 6 auf eine 5".
_FILLER: Final = frozenset({
    "a", "an", "the", "one", "from", "ein", "eine", "einen", "einer", "einem", "der", "den",
    "die", "von",
})
_ARROW: Final = re.compile(r"-+>|=+>|\u2192|\u21d2|>")


def _read_miss(tokens: Sequence[str]) -> list[Miss]:
    return [Miss()] if _MISS.whole(tokens) is not None else []


def _read_move(tokens: Sequence[str]) -> list[Move]:
    verb = _MOVE_VERBS.match(tokens)
    rest = tokens[verb[1] :] if verb is not None else tokens
    area = _AREAS.whole(rest)
    if area is not None:
        return [Move(area)]
    face = numbers(rest) if verb is not None else None
    if face is not None and len(face) == 1 and 1 <= face[0] <= len(NUMBER_AREAS):
        return [Move(NUMBER_AREAS[face[0] - 1])]  # "ziehe 6": the Sixes
    return []


def _read_joker(tokens: Sequence[str], dice: Sequence[int]) -> list[Joker]:
    lead = _JOKER_WORDS.match(tokens)
    rest = [t for t in (tokens[lead[1] :] if lead is not None else tokens) if t not in _FILLER]
    said = lead is not None and lead[0] == "joker"
    if said and len(rest) == 1 and rest[0].isdigit() and len(rest[0]) == 2:
        return [Joker(int(rest[0][0]), int(rest[0][1]))]  # "joker 65"
    if said and len(rest) == 2 and (pair := numbers(rest)) is not None:
        return [Joker(*pair)]  # "joker 6 5"
    if len(rest) == 3 and rest[1] in _TO and (pair := numbers(rest[::2])) is not None:
        return [Joker(*pair)]  # "joker 6 to 5", "6 zu 5", "turn 6 into 5"
    if lead is not None and len(rest) == 2 and rest[0] in _TO:
        face = numbers(rest[1:])
        if face is not None:  # "joker to 5": any die showing another face
            return [Joker(d, face[0]) for d in sorted(set(dice)) if d != face[0]]
    return []


def _decisions(position: State, tokens: list[str], raw: str) -> list[Action | DiceRoll]:
    """What the words may name at a player's node: a miss, a move, a joker, a roll."""
    dice = position.dice
    arrowed = words(_ARROW.sub(" to ", raw))
    readings: list[Action | DiceRoll] = [
        *_read_miss(tokens), *_read_move(tokens), *_read_joker(arrowed, dice)
    ]
    if arrowed == tokens:  # "6 -> 5" is a joker, never the keep "6 5"
        readings += read_roll(tokens, dice)
    return readings


PARSER: Final = OpenParser[State, Observation, Action | DiceRoll](
    GAME, _decisions, action_to_text, render=render_action
)
"""The Duell's typed actions (`kniffel_rules._openview.OpenParser`)."""

parse_action = PARSER.parse_action
"""``parse_action(state, text)``: the legal action that ``text`` names (the forms above)."""
