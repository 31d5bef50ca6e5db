"""Card-game states as a stable, validated document: a dict or JSON text.

The document (``"format": "kniffel-rules/cards-state"``, ``"version": 1``):

```text
{"format": "kniffel-rules/cards-state", "version": 1,
 "rules": {"simpler": false, "trickier": false, "max_rounds": 200,
           "blue_board": {"full_house": {"spaces": [1, 1, 2, 3],
                                         "values": [1, 2, 3, 4, 5]}, ...},
           "red_board": {...}},
 "players": [{"name": "Ann", "hand": ["blue 2", "red 7"], "shown": ["red 7"],
              "reserve": 18, "active": 3, "board": {"full_house": 1, "colour": 0,
              "three_of_a_kind": 0, "straight": 2, "two_pairs": 0}}],
 "pile": ["blue 1", ...], "display": [...], "discards": [...],
 "phase": "turn", "player": 0, "start_player": 0, "round": 0,
 "pending": 0, "combination": null, "picked": []}
```

Cards are written ``"<colour> <value>"``; every list of cards is in card
order. A player's ``"shown"`` are the cards of their hand everyone knows
about (`State.shown`), ``"picked"`` the cards of a combination being laid
down (`State.picked`); both may be left out when reading (a document written
before they existed: nothing shown, nothing picked). `to_dict` gives the
document as a dict, `to_json` as compact text. `from_dict` accepts
nothing that ``apply`` could not have produced as far as the fields can
tell: every field is checked, and so are the relations between them (every
card exactly once, every player's tokens
conserved, whole levels, the phase's bookkeeping; see
the internal ``_validate``). Every failure is an
`InvalidStateError` naming the field path; a dict is held to the limits of
parsed text first (`kniffel_rules._json.check_tree`). `from_json` reads
the text with the library's JSON reader, then as `from_dict` does, with the
same errors.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import _json
from kniffel_rules._common import check_name
from kniffel_rules._i18n import N_, Text
from kniffel_rules._memo import memo_table
from kniffel_rules.cards._validate import check_state
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.engine import GAME
from kniffel_rules.cards.pieces import ROWS, Card, _holds, _sort_cards, card_names
from kniffel_rules.cards.rules import MAX_PLAYERS, Rules
from kniffel_rules.cards.state import Phase, State, Tokens
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Document

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "kniffel-rules/cards-state"
"""The ``format`` tag of a card-game state document."""
VERSION = 1
"""The version of the state document written by `to_dict` and `to_json`."""

_FIELDS = (
    "rules",
    "players",
    "pile",
    "display",
    "discards",
    "phase",
    "player",
    "start_player",
    "round",
    "pending",
    "combination",
)
_PLAYER_FIELDS = ("name", "hand", "reserve", "active", "board")
_OPTIONAL_PLAYER_FIELDS = ("shown",)


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _write(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "players": [
            {
                "name": name,
                "hand": _cards(hand),
                "shown": _cards(tuple(c for c in state.shown if _holds(hand, c))),
                "reserve": t.reserve,
                "active": t.active,
                "board": {r.value: n for r, n in zip(ROWS, t.rows, strict=True)},
            }
            for name, hand, t in zip(state.names, state.hands, state.tokens, strict=True)
        ],
        "pile": _cards(state.pile),
        "display": _cards(state.display),
        "discards": _cards(state.discards),
        "phase": state.phase.value,
        "player": state.player,
        "start_player": state.start_player,
        "round": state.round,
        "pending": state.pending,
        "combination": None if state.combination is None else state.combination.value,
        "picked": _cards(state.picked),
    }


def read_cards(value: Any, path: str) -> tuple[Card, ...]:
    """Read an array of cards (``"red 7"``) in card order, each once (also for observations).

    Raises:
        InvalidStateError: Not such an array (path ``path`` or an item's).
    """
    cards = _json.check_list(value, path, Card.parse, max_length=65)
    for i in range(1, len(cards)):
        if cards[i - 1].index >= cards[i].index:
            raise InvalidStateError(f"{path}[{i}]", N_("cards are stored in card order, each once"))
    return cards


_RULES_READ: dict[str, Rules] = memo_table()
"""The rules of the documents read lately, by the ``repr`` of their object."""


def read_rules(value: Any) -> Rules:
    """Read a ``rules`` object as `Rules.from_dict` does (cached per document).

    Reading the boards costs far more than writing the object as text, so
    the text is the key of a small cache; the rules are always read from
    the object itself. ``value`` has passed `kniffel_rules._json.check_tree`
    (JSON types by exact type, no cycle), so its ``repr`` names one object:
    unlike JSON text, it tells a tuple from a list (an array is read from a
    list only), as it tells ``1`` from ``1.0`` and ``True``.

    Raises:
        InvalidStateError: Not a rules object, naming the field.
    """
    if type(value) is not dict:
        return Rules.from_dict(value)  # raises, naming the path
    key = repr(value)
    rules = _RULES_READ.get(key)
    if rules is None:
        rules = Rules.from_dict(value)
        if len(_RULES_READ) >= 64:
            _RULES_READ.clear()
        _RULES_READ[key] = rules
    return rules


def _read_player(value: Any, path: str) -> tuple[str, tuple[Card, ...], Tokens, tuple[Card, ...]]:
    p = _json.get_object(value, path, required=_PLAYER_FIELDS, optional=_OPTIONAL_PLAYER_FIELDS)
    name = check_name(p["name"], f"{path}.name")  # the same check as new_game's
    hand = read_cards(p["hand"], f"{path}.hand")
    shown = read_cards(p.get("shown", []), f"{path}.shown")
    for card in shown:
        if not _holds(hand, card):
            raise InvalidStateError(
                f"{path}.shown",
                Text.of(N_("{card} is not in the player's hand"), card=card_names((card,))),
            )
    return name, hand, read_tokens(p, path), shown


def read_tokens(seat: dict[str, Any], path: str) -> Tokens:
    """A seat's ``reserve``, ``active`` and ``board`` (tokens per row), as `Tokens`.

    Raises:
        InvalidStateError: A missing or bad field (path under ``path``).
    """
    reserve = _json.get_int(seat, "reserve", path, 0, 1_000)
    active = _json.get_int(seat, "active", path, 0, 1_000)
    b = _json.get_object(seat["board"], f"{path}.board", required=[r.value for r in ROWS])
    rows = tuple(_json.get_int(b, r.value, f"{path}.board", 0, 1_000) for r in ROWS)
    return Tokens(reserve, active, rows)


def _read(doc: dict[str, Any]) -> State:
    rules = read_rules(doc["rules"])
    players = _json.get_list(doc, "players", "", _read_player, max_length=MAX_PLAYERS)
    n = len(players)
    phase = Phase(_json.get_str(doc, "phase", "", [ph.value for ph in Phase]))
    combo = doc["combination"]
    if combo is not None:
        combo = Combination(_json.get_str(doc, "combination", "", [c.value for c in Combination]))
    return State(
        rules,
        tuple(p[0] for p in players),
        tuple(p[1] for p in players),
        tuple(p[2] for p in players),
        read_cards(doc["pile"], "pile"),
        read_cards(doc["display"], "display"),
        read_cards(doc["discards"], "discards"),
        phase,
        player=_json.get_int(doc, "player", "", 0, max(n - 1, 0)),
        start_player=_json.get_opt_int(doc, "start_player", "", 0, max(n - 1, 0)),
        round=_json.get_int(doc, "round", "", 0, rules.max_rounds),
        pending=_json.get_int(doc, "pending", "", 0, 1_000),
        combination=combo,
        picked=read_cards(doc.get("picked", []), "picked"),
        shown=_sort_cards(c for p in players for c in p[3]),
    )


_DOCUMENT: Final = Document(
    GAME, FORMAT, VERSION, _FIELDS, _write, _read, check_state, optional=("picked",)
)
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
