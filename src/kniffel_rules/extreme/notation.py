"""Reading what a Kniffel Extreme player types: `parse_action`.

Accepted (English and German, any case, with or without umlauts; see the
"Notation" section of ``docs/rules/extreme.md``):

* the canonical line of `action_to_text` (``roll keep 3 3 5 d10``,
  ``score two_pairs``, ``throw 1 2 3 4 5 d10 7``, ``dice 4``);
* a roll: ``roll`` / ``wurf``, ``keep 3 3`` / ``behalte 3 3``, ``3 3``,
  ``33``; the d10 by name: ``keep 3 3 d10``, ``behalte 3 3 w10``, ``keep d10``;
  a face only the d10 shows keeps the d10 (``keep 3 3 7`` with the d10 on 7,
  and ``keep 5 5 5`` when two Fives and the d10 show 5); ``reroll 1 5`` (throw
  those, keep the rest, the d10 included), ``reroll 1 5 d10``. The fourth roll
  hands in its chip by itself; ``chip``, ``use chip`` or ``chip einsetzen``
  before a roll is accepted and changes nothing (``chip keep 6 6``);
* a box, with or without a verb (``score``, ``eintragen``, ``streichen``):
  the German sheet's names (``Zwei Paare``, ``Großes Full House``,
  ``10 oder weniger``), English names and short forms (``2 pairs``,
  ``big fh``, ``highway``, ``kniffel extreme``, ``33 or more``, ``super chance``);
  see `BOX_NAMES`;
* at a throw, the dice: ``throw 1 2 3 4 5 d10 7``, ``1 2 3 4 5 w10 7``, or
  the five six-sided faces followed by the d10's (``1 2 3 4 5 7``,
  ``123457``; a single face a six-sided die cannot show, 0 or 7 to 9, is the
  d10 wherever it stands); ``2 3`` when the d10 was kept; in the roll-off
  ``dice 4`` or ``4``.

Examples:
    >>> from kniffel_rules import extreme
    >>> s = extreme.apply(extreme.new_game(), extreme.Roll())
    >>> s = extreme.apply(s, extreme.parse_action(s, "3 3 4 5 6 w10 7"))
    >>> extreme.parse_action(s, "Zwei Paare"), extreme.parse_action(s, "keep 3 3 d10")
    (Score(Box.TWO_PAIRS), Roll(keep_d6=(3, 3), keep_d10=True))
    >>> extreme.parse_action(s, "behalte 3 4 5 6 7")
    Roll(keep_d6=(3, 4, 5, 6), keep_d10=True)
    >>> extreme.parse_action(s, "keep 2 2")
    Traceback (most recent call last):
    ...
    kniffel_rules.errors.ActionParseError: 'keep 2 2': cannot keep 2 2: there is no 2 ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kniffel_rules._dicewire import named, read_dice, read_score
from kniffel_rules._openview import OpenParser
from kniffel_rules.dice import DiceRoll, is_sub_multiset, multiset_difference
from kniffel_rules.extreme.actions import Action, ExtremeRoll, Roll, Score
from kniffel_rules.extreme.engine import GAME
from kniffel_rules.extreme.pieces import Box
from kniffel_rules.extreme.render import render_action
from kniffel_rules.extreme.state import Observation, Phase, State
from kniffel_rules.extreme.wire import action_to_text
from kniffel_rules.notation import Phrasebook

__all__ = ["BOX_NAMES", "D10_NAMES", "parse_action"]

BOX_NAMES: Final[dict[Box, tuple[str, ...]]] = named(
    Box,
    {
        Box.TWO_PAIRS: ("tp", "doppelpaar"),
        Box.THREE_PAIRS: (
            "3 pairs",
            "three pair",
            "3 pair",
            "3p",
            "3 paare",
            "drei paar",
            "3 paar",
        ),
        Box.TWO_TRIPLES: (
            "2 triples",
            "two trips",
            "2 trips",
            "double trips",
            "2t",
            "2 dreier",
            "zwei drillinge",
            "2 drillinge",
            "doppeldrilling",
        ),
        Box.BIG_FULL_HOUSE: (
            "large full house",
            "big fh",
            "bfh",
            "gr full house",
            "grosses fh",
            "gr fh",
            "gfh",
        ),
        Box.HIGHWAY: ("hw", "hwy", "six straight", "6 straight", "straight of six", "autobahn"),
        Box.KNIFFEL_EXTREME: (
            "extreme kniffel",
            "extreme",
            "kx",
            "ke",
            "yahtzee extreme",
            "six of a kind",
            "6 of a kind",
        ),
        Box.TEN_OR_LESS: (
            "10 o w",
            "10ow",
            "hochstens 10",
            "bis 10",
            "ten or less",
            "10 or fewer",
            "10 or under",
            "10 and under",
            "max 10",
        ),
        Box.THIRTY_THREE_OR_MORE: (
            "33 o m",
            "33om",
            "mindestens 33",
            "ab 33",
            "thirty three or more",
            "33 or higher",
            "33 and up",
            "33 and over",
            "min 33",
        ),
        Box.SUPER_CHANCE: ("superchance", "super", "sc", "double chance", "doppelte chance"),
    },
)
"""What a player may call each box: aliases, then both languages' labels; ``Box.key`` too."""

D10_NAMES: Final[tuple[str, ...]] = (
    "d10",
    "w10",
    "d 10",
    "w 10",
    "zehner",
    "zehnerwurfel",
    "10er",
    "10er wurfel",
)
"""What a player may call the ten-sided die (``keep 3 3 d10``, ``throw 1 2 3 4 5 w10 7``)."""

_BOXES: Final = Phrasebook({box: (*names, box.key) for box, names in BOX_NAMES.items()})
_D10: Final = Phrasebook({"d10": D10_NAMES})
_ROLL_WORDS: Final = Phrasebook(
    {
        "roll": ("roll", "r", "throw", "wurf", "wurfeln", "wirf", "werfen", "nochmal"),
        "keep": ("keep", "k", "hold", "behalte", "behalten", "halte", "halten", "roll keep"),
        "reroll": ("reroll", "re", "neu", "neu wurfeln", "throw again"),
        "all": ("roll all", "keep none", "alle", "alle wurfeln", "alle neu", "all"),
    }
)
_CHIP: Final = Phrasebook(
    {
        "chip": (
            "chip",
            "use chip",
            "use a chip",
            "hand in a chip",
            "with chip",
            "with a chip",
            "chip einsetzen",
            "chip abgeben",
            "mit chip",
            "fourth roll",
            "4th roll",
            "vierter wurf",
        ),
    }
)
_THROW_WORDS: Final = Phrasebook(
    {
        "throw": ("throw", "wurf", "dice", "die", "wurfel", "augen", "rolled", "gewurfelt"),
    }
)
_MOST_FACES = 6  # six dice at most: longer lists are not understood


def _faces(tokens: Sequence[str]) -> list[int] | None:
    """Single faces ``3 3 5`` or runs ``335``, in the order typed; ``None`` if not faces."""
    out: list[int] = []
    for token in tokens:
        if not token.isdigit() or len(token) > _MOST_FACES:
            return None
        out.extend(int(c) for c in token)
    return out if len(out) <= _MOST_FACES else None


def _kept(tokens: Sequence[str]) -> tuple[list[int], bool] | None:
    """The faces named and whether the d10 is named (``3 3 d10``), or ``None``."""
    faces: list[str] = []
    named = False
    i = 0
    while i < len(tokens):
        d10 = _D10.match(tokens[i:])
        if d10 is not None:
            if named:
                return None
            named, i = True, i + d10[1]
        else:
            faces.append(tokens[i])
            i += 1
    values = _faces(faces)
    return None if values is None else (values, named)


def _without(values: Sequence[int], face: int) -> list[int]:
    rest = list(values)
    rest.remove(face)
    return rest


def _keep_readings(values: list[int], named: bool, state: State) -> list[Roll]:
    """``keep``: the faces are six-sided dice, and the d10 when it is named.

    Unnamed, the d10 is one of the faces only when the six-sided dice do not
    show them all and the d10 shows one of them (the reading of a player's
    words, not a rule: ``why_illegal`` judges what comes out).
    """
    out = [Roll(values, named)]
    d10 = state.d10
    if not named and d10 is not None and d10 in values and not is_sub_multiset(values, state.d6):
        out.append(Roll(_without(values, d10), True))
    return out


def _reroll_readings(values: list[int], named: bool, state: State) -> list[Roll]:
    """``reroll``: throw the dice named and keep the rest.

    The d10 is thrown when it is named, or when only it shows one of the faces.
    """
    d6, d10 = state.d6, state.d10
    if d10 is None:
        return []
    if is_sub_multiset(values, d6):
        return [Roll(multiset_difference(d6, tuple(values)), not named)]
    if not named and d10 in values and is_sub_multiset(rest := _without(values, d10), d6):
        return [Roll(multiset_difference(d6, tuple(rest)), False)]
    return []


def _read_roll(tokens: Sequence[str], state: State) -> list[Roll]:
    chip = _CHIP.match(tokens)
    if chip is not None:
        tokens = tokens[chip[1] :]
        if not tokens:
            return []
    word = _ROLL_WORDS.match(tokens)
    verb, rest = ("keep", tokens) if word is None else (word[0], tokens[word[1] :])
    if verb == "roll" and rest:
        keep = _ROLL_WORDS.match(rest)
        if keep is None or keep[0] != "keep":
            return []
        verb, rest = "keep", rest[keep[1] :]
    if verb in ("roll", "all"):
        return [] if rest else [Roll()]
    kept = _kept(rest)
    if kept is None:
        return []
    if verb == "keep":
        return _keep_readings(*kept, state)
    return _reroll_readings(*kept, state)


def _read_score(tokens: Sequence[str]) -> list[Score]:
    box = read_score(tokens, _BOXES)
    return [] if box is None else [Score(box)]


def _read_throw(tokens: Sequence[str], state: State) -> list[ExtremeRoll]:
    """A throw: the six-sided faces and the d10's face after its name.

    Unnamed, when the d10 is thrown and one face more than the six-sided dice
    is given, the d10 is the one face no six-sided die shows, else the last.
    """
    word = _THROW_WORDS.match(tokens)
    rest = tokens[word[1] :] if word is not None else tokens
    faces: list[str] = []
    d10: int | None = None
    i = 0
    while i < len(rest):
        name = _D10.match(rest[i:])
        if name is None:
            faces.append(rest[i])
            i += 1
            continue
        i += name[1]
        if d10 is not None or i >= len(rest) or len(rest[i]) != 1 or not rest[i].isdigit():
            return []
        d10, i = int(rest[i]), i + 1
    values = _faces(faces)
    if values is None:
        return []
    if d10 is None and state.d10 is None and values and len(values) == 6 - len(state.d6):
        odd = [j for j, v in enumerate(values) if not 1 <= v <= 6]
        d10 = values.pop(odd[0] if len(odd) == 1 else len(values) - 1)
    return [ExtremeRoll(values, d10)]


def _decisions(
    position: State, tokens: list[str], raw: str
) -> list[Action | ExtremeRoll | DiceRoll]:
    """What the words may name at a player's node: a box to score, a roll."""
    return [*_read_score(tokens), *_read_roll(tokens, position)]


def _chance(position: State, tokens: list[str], raw: str) -> list[Action | ExtremeRoll | DiceRoll]:
    """What the words may name at a chance node: the six dice thrown, or a roll-off die."""
    if position.phase is Phase.THROW:
        return list(_read_throw(tokens, position))
    return list(read_dice(tokens))


PARSER: Final = OpenParser[State, Observation, Action | ExtremeRoll | DiceRoll](
    GAME, _decisions, action_to_text, _chance, render=render_action
)
"""Kniffel Extreme's typed actions (`kniffel_rules._openview.OpenParser`)."""

parse_action = PARSER.parse_action
"""``parse_action(state, text)``: the legal action that ``text`` names (the forms above)."""
