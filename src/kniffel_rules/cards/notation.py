"""Reading what a card player types: `parse_action`.

Accepted (English and German, any case, with or without umlauts; the table
is the "Notation" section of ``docs/rules/cards.md``):

* the canonical line of `action_to_text` (``take red 7``,
  ``play straight blue 2 red 3 red 4 green 5 red 6``,
  ``place two_pairs reserve 1``);
* cards as ``red 7`` / ``rot 7`` / ``rot7``, or by value alone (``7``): the
  value then stands for any card of it that fits, and if several do the
  reader asks which (`AmbiguousActionError` listing them);
* a play of action B, step by step (KA-62): ``begin full_house`` /
  ``ansagen Full House`` (or the combination alone, or ``play full_house``
  with no cards), then ``pick red 7`` / ``wähle rot 7`` for each card (the
  card alone while picking);
* ``draw`` / ``ziehen``, ``take red 7`` / ``nimm rot 7``, ``exchange red 7`` /
  ``tauschen rot 7``, ``discard red 7`` / ``abwerfen rot 7``, ``stop`` /
  ``fertig`` / ``ende``; where the phase leaves one choice, the card alone
  (``rot 7`` while taking from the display, discarding, exchanging);
* a whole play by its combination and cards, values, colours or both
  (``play straight 2 3 4 5 6``, ``Straße 2 3 4 5 6``,
  ``play fh red 7 blue 7 7 2 2``, ``Dreierpasch 9 9 9``): read as the
  `Play`, which is no decision: the refusal says how to play it step by step;
* the placement of a Four of a kind or Kniffel: ``place two pairs from reserve 1``,
  ``reserve 1``, ``1 aus der Reserve``, ``Zwei Paare Reserve 0 Spalten 2``
  (the row may be left out where the combination fixes it; ``levels 1``
  when not said);
* setup: ``token straight`` / ``Stein Straße``, or the row alone;
* chance: ``card red 7`` / ``Karte rot 7`` / ``red 7``, ``start 1`` (the seat
  number, as in ``StartPlayer(1)``) or the start player's name.

The reader only interprets: it may list what the mover's hand, the display
or the placements offer that fits the words, but whether an action is legal
is asked of ``why_illegal`` (`kniffel_rules.notation.resolve`).

What the answer may depend on (KA-58: hands are hidden). At a player's
node the text is read against that player's `observation` of the state, never
against the state itself: the action found, the error's text, its
``.understood`` and its ``.legal`` are the same for the `State` and for
``observation(state, mover)``, so a refusal never tells the mover which cards
lie in the pile or in another hand. A card named by its value alone is looked
for only in the mover's own hand and the open display; a card drawn from the
pile (``card 13``, ``draw 2``: a chance outcome, never the mover's to choose)
is read at a player's node only when named in full (``card red 13``), so the
refusal names no card but the one the player typed. At a chance node
nobody moves: whoever types the outcome deals the cards and so holds the whole
state (a server never lets a client type one), and the outcome is read
against it (``card 13`` lists the thirteens in the pile); an `Observation` at
a chance node has no legal action.

Examples:
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(2, first_player=0)
    >>> cards.parse_action(s, "Stein Straße"), cards.parse_action(s, "token full_house")
    (PlaceToken(Row.STRAIGHT), PlaceToken(Row.FULL_HOUSE))
    >>> cards.parse_action(s, "nimm rot 7")
    Traceback (most recent call last):
    ...
    kniffel_rules.errors.ActionParseError: 'nimm rot 7': it is Player 1's turn: ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from kniffel_rules.cards.actions import (
    Action,
    Begin,
    Discard,
    Draw,
    Exchange,
    Outcome,
    Pick,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import Combination, plays
from kniffel_rules.cards.engine import GAME, stand_in
from kniffel_rules.cards.legality import candidates
from kniffel_rules.cards.pieces import CARDS, COLOURS, Card, Colour, Row
from kniffel_rules.cards.render import render_action
from kniffel_rules.cards.rules import MAX_PLAYERS
from kniffel_rules.cards.state import Observation, Phase, State
from kniffel_rules.cards.view import observation
from kniffel_rules.cards.wire import action_to_text
from kniffel_rules.notation import Menu, Phrasebook, numbers, resolve, words

__all__ = ["COLOUR_NAMES", "COMBINATION_NAMES", "ROW_NAMES", "parse_action"]

Reading = Action | Outcome
Spec = tuple[tuple[Colour | None, int], ...]

_COLOUR_ALIASES: Final[dict[Colour, tuple[str, ...]]] = {
    Colour.BLUE: ("blaue", "blauen"),
    Colour.GREEN: ("grüne", "grünen"),
    Colour.PURPLE: ("violet", "violett", "violette"),
    Colour.RED: ("rote", "roten"),
    Colour.YELLOW: ("gelbe", "gelben"),
}

COLOUR_NAMES: Final[dict[Colour, tuple[str, ...]]] = {
    c: (*c.labels.values(), *aliases) for c, aliases in _COLOUR_ALIASES.items()
}
"""What a player may call each colour: its labels (English, German) and other forms.

KA-43: the rulebook names only blue.
"""

_COMBINATION_ALIASES: Final[dict[Combination, tuple[str, ...]]] = {
    Combination.FULL_HOUSE: ("fh", "full"),
    Combination.COLOUR: ("color", "flush", "col"),
    Combination.THREE_OF_A_KIND: (
        "3 of a kind", "3k", "3ok", "3x", "toak", "trips", "triple", "3er pasch",
        "dreier pasch", "3erpasch", "drilling", "dreier",
    ),
    Combination.STRAIGHT: ("str", "run"),
    Combination.TWO_PAIRS: (
        "2 pairs", "two pair", "2 pair", "2p", "tp", "2 paare", "zwei paar", "doppelpaar",
    ),
    Combination.FOUR_OF_A_KIND: (
        "4 of a kind", "4k", "4ok", "4x", "foak", "quads", "4er pasch", "vierer pasch",
        "4erpasch", "vierling", "vierer",
    ),
    Combination.KNIFFEL: (
        "yahtzee", "five of a kind", "5 of a kind", "5k", "fünferpasch", "5er pasch",
        "fünfer pasch",
    ),
}

COMBINATION_NAMES: Final[dict[Combination, tuple[str, ...]]] = {
    c: (*c.labels.values(), *aliases) for c, aliases in _COMBINATION_ALIASES.items()
}
"""What a player may call each combination: its labels (English, German) and other forms;
its value is read as well."""

ROW_NAMES: Final[dict[Row, tuple[str, ...]]] = {
    r: COMBINATION_NAMES[Combination(r.value)] for r in Row
}
"""What a player may call each row of the board (the names of its combination)."""

_COLOURS: Final = Phrasebook({c: (*names, c.value) for c, names in COLOUR_NAMES.items()})
_COMBINATIONS: Final = Phrasebook(
    {c: (*names, c.value) for c, names in COMBINATION_NAMES.items()}
)
_ROWS: Final = Phrasebook({r: (*names, r.value) for r, names in ROW_NAMES.items()})

_VERBS: Final = Phrasebook({
    "start": ("start", "startspieler", "start spieler", "beginner", "first player"),
    "card": ("card", "karte", "deal", "gib"),
    "token": (
        "token", "place token", "setup", "chip", "marker", "stein", "spielstein",
        "setze stein", "lege stein", "plattchen",
    ),
    "draw": (
        "draw", "draw cards", "ziehen", "ziehe", "zieh", "karten ziehen", "nachziehen",
        "a", "action a", "aktion a",
    ),
    "take": ("take", "nimm", "nehme", "nehmen", "aufnehmen"),
    "begin": (
        "begin", "announce", "start playing", "ansagen", "sage an", "beginne", "beginnen",
        "ansage",
    ),
    "pick": (
        "pick", "add", "lay", "lay down", "wähle", "wählen", "auslegen", "lege aus", "dazu",
    ),
    "play": (
        "play", "spiele", "spielen", "spiel", "ausspielen", "spiele aus", "lege", "legen",
        "b", "action b", "aktion b",
    ),
    "place": ("place", "put", "platziere", "platzieren", "setze", "setzen", "tokens", "steine"),
    "exchange": (
        "exchange", "swap", "trade", "tauschen", "tausche", "tausch", "eintauschen",
        "c", "action c", "aktion c",
    ),
    "stop": (
        "stop", "stopp", "done", "end", "finish", "pass", "fertig", "ende", "schluss",
        "genug", "passe", "passen",
    ),
    "discard": (
        "discard", "drop", "abwerfen", "wirf ab", "werfe ab", "ablegen", "lege ab", "abwurf",
    ),
})
_OPTIONS: Final = Phrasebook({
    "reserve": (
        "reserve", "from reserve", "from the reserve", "from my reserve", "res",
        "aus reserve", "aus der reserve", "von der reserve", "vorrat", "aus dem vorrat",
    ),
    "levels": (
        "levels", "level", "columns", "column", "cols", "spalten", "spalte", "ebenen",
        "ebene", "stufen", "stufe",
    ),
})
_FILLER: Final = frozenset({
    "card", "cards", "karte", "karten", "the", "a", "an", "die", "der", "den", "and", "und",
    "with", "mit",
})
_ON: Final = frozenset({"row", "reihe", "in", "on", "auf", "into", "the", "der", "die", "den"})
_STARTS: Final = (("starts",), ("begins",), ("beginnt",), ("startet",), ("fangt", "an"))
_FUSED: Final = re.compile(r"([a-z]+?)(\d{1,2})")
_PLAYS_NOW: Final = (Phase.TURN, Phase.SECOND)
_DEALING: Final = (Phase.DEAL, Phase.DRAW, Phase.REFILL)


def _value(token: str) -> int | None:
    if token.isdigit() and len(token) <= 2 and 1 <= int(token) <= 13:
        return int(token)
    return None


def _spec(tokens: Sequence[str]) -> Spec | None:
    """Card words as ``(colour or None, value)`` pairs: ``red 7``, ``rot7``, ``7``."""
    out: list[tuple[Colour | None, int]] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        colour = _COLOURS.match(tokens[i:])
        value = _value(token)
        fused = _FUSED.fullmatch(token)
        if token in _FILLER:
            i += 1
            continue
        if colour is not None:
            i += colour[1]
            value = _value(tokens[i]) if i < len(tokens) else None
            if value is None:
                return None
            out.append((colour[0], value))
        elif value is not None:
            out.append((None, value))
        elif fused is not None:
            named = _COLOURS.whole([fused.group(1)])
            value = _value(fused.group(2))
            if named is None or value is None:
                return None
            out.append((named, value))
        else:
            return None
        i += 1
    return tuple(out)


def _fits(spec: Spec, cards: Sequence[Card]) -> bool:
    """Whether each item of ``spec`` names a card of ``cards``, each card once."""
    pool = list(cards)
    for colour, value in sorted(spec, key=lambda item: item[0] is None):
        for j, card in enumerate(pool):
            if card.value == value and (colour is None or card.colour is colour):
                del pool[j]
                break
        else:
            return False
    return True


def _concrete(spec: Spec, prefer: Sequence[Card]) -> tuple[Card, ...]:
    """Cards for ``spec``: named ones as named, a bare value from ``prefer`` first."""
    chosen: list[Card] = []
    for colour, value in sorted(spec, key=lambda item: item[0] is None):
        if colour is not None:
            chosen.append(CARDS[(value - 1) * len(COLOURS) + COLOURS.index(colour)])
            continue
        pool = [*(c for c in prefer if c.value == value), *CARDS[(value - 1) * 5 : value * 5]]
        chosen.append(next((c for c in pool if c not in chosen), pool[0]))  # five: played twice
    return tuple(chosen)


def _one_card(
    tokens: Sequence[str], pool: Sequence[Card], make: Callable[[Card], Reading]
) -> list[Reading]:
    """One card named in ``tokens``: every card of ``pool`` that fits, else the card as said.

    A value alone that fits no card of ``pool`` (the mover's hand or the
    display) reads as nothing: choosing a colour for it would name a card
    the player did not name and may not see (KA-58).
    """
    spec = _spec(tokens)
    if spec is None or len(spec) != 1:
        return []
    found = [make(c) for c in pool if _fits(spec, (c,))]
    if found or spec[0][0] is None:
        return found
    return [make(_concrete(spec, ())[0])]


def _drawn(state: State, tokens: Sequence[str]) -> list[Reading]:
    """A card from the pile (a chance outcome) named in ``tokens``.

    At a chance node a value alone stands for the five cards of it (the
    dealer knows the pile; `resolve` keeps those in it). At a player's node
    only a card named in full is read: a value alone would have to pick a
    card the player cannot see, and the refusal would name it (KA-58).
    """
    spec = _spec(tokens)
    if spec is None or len(spec) != 1:
        return []
    colour, value = spec[0]
    first = (value - 1) * len(COLOURS)
    if colour is not None:
        return [CARDS[first + COLOURS.index(colour)]]
    return list(CARDS[first : first + len(COLOURS)]) if state.phase in _DEALING else []


def _read_play(state: State, tokens: Sequence[str]) -> list[Reading]:
    named = _COMBINATIONS.match(tokens)
    combo = named[0] if named is not None else None
    spec = _spec(tokens[named[1] :] if named is not None else tokens)
    if spec is None or len(spec) > len(CARDS):
        return []
    hand = state.hands[state.player]
    found: list[Reading] = [
        Play(c, cs)
        for c, cs in plays(hand)
        if (combo is None or c is combo)
        and (combo is not None or not spec or len(cs) == len(spec))
        and _fits(spec, cs)
    ]
    if not found and combo is not None and spec:
        found.append(Play(combo, _concrete(spec, hand)))
    if combo is not None and not spec:  # "play kniffel": begin it (KA-62)
        found.insert(0, Begin(combo))
    return found


def _read_row(tokens: Sequence[str]) -> Row | None:
    i = 0
    while i < len(tokens) and tokens[i] in _ON:
        i += 1
    return _ROWS.whole(tokens[i:]) if i < len(tokens) else None


def _read_place(state: State, tokens: Sequence[str]) -> list[Reading]:
    row: Row | None = None
    said: dict[str, int] = {}
    i = 0
    while i < len(tokens):
        named_row = _ROWS.match(tokens[i:])
        option = _OPTIONS.match(tokens[i:])
        amount = numbers(tokens[i : i + 1])
        if tokens[i] in _ON:
            i += 1
        elif named_row is not None and row is None:
            row, i = named_row[0], i + named_row[1]
        elif option is not None and option[0] not in said:
            i += option[1]
            amount = numbers(tokens[i : i + 1])
            if not amount:
                return []
            said[option[0]] = amount[0]
            i += 1
        elif amount and (after := _OPTIONS.match(tokens[i + 1 :])) and after[0] not in said:
            said[after[0]] = amount[0]
            i += 1 + after[1]
        else:
            return []
    reserve, levels = said.get("reserve"), said.get("levels", 1)
    placing = state.phase is Phase.PLACE and state.combination is not None
    offered = candidates(state) if placing else ()
    found: list[Reading] = [
        p
        for p in offered
        if isinstance(p, Place)
        and (row is None or p.row is row)
        and (reserve is None or p.from_reserve == reserve)
        and p.levels == levels
    ]
    if placing and row is None and state.combination is not None:
        row = state.combination.row
    if not found and row is not None and levels in (1, 2):
        found.append(Place(row, reserve or 0, levels))
    return found


def _read_token(tokens: Sequence[str]) -> list[Reading]:
    row = _read_row(tokens)
    return [] if row is None else [PlaceToken(row)]


def _read_start(state: State, tokens: Sequence[str]) -> list[Reading]:
    seat = numbers(tokens)
    if seat is not None and len(seat) == 1:
        return [StartPlayer(seat[0])] if seat[0] < MAX_PLAYERS else []
    for end in _STARTS:
        if tuple(tokens[-len(end) :]) == end:
            tokens = tokens[: -len(end)]
    names = [tuple(words(name)) for name in state.names]
    return [StartPlayer(i) for i, name in enumerate(names) if name == tuple(tokens)]


def _read_verb(state: State, verb: str, rest: Sequence[str]) -> list[Reading]:
    hand = state.hands[state.player]
    if verb == "draw" and rest:  # "draw red 7": the card drawn
        return _drawn(state, rest)
    if verb in ("draw", "stop"):
        return [] if rest else [Draw() if verb == "draw" else Stop()]
    if verb == "take":
        return _one_card(rest, state.display, Take)
    if verb == "exchange":
        return _one_card(rest, hand, Exchange)
    if verb == "discard":
        return _one_card(rest, hand, Discard)
    if verb == "play":
        return _read_play(state, rest)
    if verb == "begin":
        combo = _COMBINATIONS.whole(rest)
        return [] if combo is None else [Begin(combo)]
    if verb == "pick":
        return _one_card(rest, hand, Pick)
    if verb == "token":
        return _read_token(rest)
    if verb == "place":
        token, place = _read_token(rest), _read_place(state, rest)
        return [*token, *place] if state.phase is Phase.SETUP else [*place, *token]
    if verb == "card":
        return _drawn(state, rest)
    return _read_start(state, rest)


def _read_bare(state: State, tokens: Sequence[str]) -> list[Reading]:
    phase = state.phase
    hand = state.hands[state.player]
    found: list[Reading] = []
    if phase is Phase.START:
        found = _read_start(state, tokens)
    elif phase in _DEALING:
        found = _drawn(state, tokens)
    elif phase is Phase.SETUP:
        found = _read_token(tokens)
    elif phase is Phase.TAKE:
        found = _one_card(tokens, state.display, Take)
    elif phase is Phase.DISCARD:
        found = _one_card(tokens, hand, Discard)
    elif phase is Phase.EXCHANGE:
        found = _one_card(tokens, hand, Exchange)
    elif phase is Phase.PICK:
        found = _one_card(tokens, hand, Pick)
    elif phase is Phase.PLACE:
        found = _read_place(state, tokens)
    if phase in _PLAYS_NOW or (not found and _COMBINATIONS.match(tokens) is not None):
        found = _read_play(state, tokens)
    return found


def _read(state: State, tokens: Sequence[str]) -> list[Reading]:
    verb = _VERBS.match(tokens)
    if verb is None:
        return _read_bare(state, tokens)
    return _read_verb(state, verb[0], tokens[verb[1] :])


_MENU: Final = Menu(render_action)
"""The card game's menu lines (``render_action``), read back in every language."""


def parse_action(state: State | Observation, text: str) -> Action | Outcome:
    """The legal action of ``state`` that ``text`` names (see the module docs for the forms).

    Args:
        state: The position, or the `Observation` of the player who typed
            (then only their own actions are legal, as in ``legal_actions``).
            At a player's node a `State` is read as that player's
            observation: the answer depends only on what the mover sees.
        text: What the player typed; the canonical line of `action_to_text`
            is always understood.

    Returns:
        The action (at a chance node: the `Card` or `StartPlayer`), legal in
        ``state``.

    Raises:
        ActionParseError: Not understood, or understood but illegal (the
            message quotes the rule and ``.rule`` is its clause id), or
            ambiguous (`AmbiguousActionError`, whose ``.candidates`` are the
            legal actions the text fits); a ``ValueError`` too.
        InvalidStateError: ``state`` is not a card-game `State` or `Observation`.
    """
    if isinstance(state, State) and GAME.current_player(state) >= 0:
        state = observation(state, GAME.current_player(state))  # checks the state too
    seen = stand_in(state) if isinstance(state, Observation) else state
    GAME.check_state(seen)

    def read(tokens: list[str], raw: str) -> list[Reading]:
        return _read(seen, tokens)

    action: Action | Outcome = resolve(
        text,
        read,
        GAME.legal_actions(state),
        partial(GAME.why_illegal, state),
        action_to_text,
        _MENU,
    )
    return action
