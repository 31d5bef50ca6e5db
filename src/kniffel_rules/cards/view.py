"""What one player may see of a card game: `observation`, its JSON form, and `hidden_from`.

A player sees their own hand, never another's (KA-58): the other hands and
the pile appear only as counts; the boards, reserves, the display and the
discards are public. ``legal_actions(observation)`` gives that player's legal
actions when they are to move (else ``()``); they are judged on
``cards.stand_in(observation)``, a state that agrees with the view.

`hidden_from` tells, at a chance node, whether a player does not see what
chance brings (a card dealt to or drawn by another player): the records use
it to cut a game down to what one player saw.

Examples:
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(2, first_player=0)
    >>> obs = cards.observation(s, 1)
    >>> obs.hand, obs.hand_sizes, obs.pile_size
    ((), (0, 0), 65)
    >>> seat, _ = cards.observation_to_dict(obs)["players"]
    >>> seat["name"], seat["hand_size"], seat["reserve"], seat["active"]
    ('Player 1', 0, 21, 3)
"""

from __future__ import annotations

from typing import Any

from kniffel_rules import _json
from kniffel_rules._common import check_name
from kniffel_rules._fields import check_seat
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.cards._flow import DEAL_SIZE
from kniffel_rules.cards._observe import see
from kniffel_rules.cards._validate import check_state
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.engine import GAME, stand_in
from kniffel_rules.cards.pieces import ROWS, Card
from kniffel_rules.cards.rules import MAX_PLAYERS
from kniffel_rules.cards.serial import read_cards, read_rules, read_tokens
from kniffel_rules.cards.state import Observation, Phase, State, Tokens
from kniffel_rules.errors import InvalidStateError

__all__ = [
    "Observation",
    "hidden_from",
    "observation",
    "observation_from_dict",
    "observation_to_dict",
    "stand_in",
]

_FIELDS = (
    "variant", "player", "to_move", "rules", "players", "hand", "display", "discards",
    "pile_size", "phase", "turn_of", "start_player", "round", "pending", "combination",
)  # fmt: skip
_SEAT_FIELDS = ("name", "hand_size", "reserve", "active", "board")


def _seat(state: State, player: object) -> int:
    return check_seat(player, state.num_players, "player")


def observation(state: State, player: int) -> Observation:
    """What ``player`` may see of ``state``: the other hands only as counts.

    Raises:
        InvalidStateError: ``state`` is not a card-game `State`, or
            ``player`` is not a seat of the game (path ``player``).
    """
    GAME.check_state(state)
    return see(state, _seat(state, player), GAME.current_player(state))


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation as a JSON-ready object, holding nothing hidden from its player.

    ``{"variant": "cards", "player", "to_move", "rules"`` (as
    ``Rules.to_dict``), ``"players"`` (for each seat its ``name``,
    ``hand_size``, ``reserve``, ``active`` and ``board``: the tokens on each
    row), ``"hand"`` (the player's own cards, ``"red 7"``), ``"display"``,
    ``"discards"``, ``"pile_size"``, ``"phase"``, ``"turn_of"``,
    ``"start_player"``, ``"round"``, ``"pending"``, ``"combination"}``.
    No other hand and no card of the pile is in it: only their counts.

    Raises:
        InvalidStateError: ``observation`` is not a card-game `Observation`, or its
            fields do not fit together (path ``observation``).
    """
    stand_in(observation)  # checks every field
    return {
        "variant": "cards",
        "player": observation.player,
        "to_move": observation.to_move,
        "rules": observation.rules.to_dict(),
        "players": [
            {
                "name": name,
                "hand_size": size,
                "shown": _cards(shown),
                "reserve": t.reserve,
                "active": t.active,
                "board": {r.value: k for r, k in zip(ROWS, t.rows, strict=True)},
            }
            for name, size, shown, t in zip(
                observation.names,
                observation.hand_sizes,
                observation.shown or ((),) * len(observation.names),
                observation.tokens,
                strict=True,
            )
        ],
        "hand": _cards(observation.hand),
        "display": _cards(observation.display),
        "discards": _cards(observation.discards),
        "pile_size": observation.pile_size,
        "phase": observation.phase.value,
        "turn_of": observation.turn_of,
        "start_player": observation.start_player,
        "round": observation.round,
        "pending": observation.pending,
        "combination": None if observation.combination is None else observation.combination.value,
        "picked": _cards(observation.picked),
    }


def _read_seat(value: Any, path: str) -> tuple[str, int, tuple[Card, ...], Tokens]:
    seat = _json.get_object(value, path, required=_SEAT_FIELDS, optional=("shown",))
    name = check_name(seat["name"], f"{path}.name")  # the same check as new_game's
    size = _json.get_int(seat, "hand_size", path, 0, 65)
    shown = read_cards(seat.get("shown", []), f"{path}.shown")
    return name, size, shown, read_tokens(seat, path)


def observation_from_dict(data: Any) -> Observation:
    """Read an observation written by `observation_to_dict`, checking every field.

    For a client that is sent its seat's view as JSON (a bot behind a game
    server): ``legal_actions(observation_from_dict(d))`` lists that seat's
    legal actions. The reader refuses what no view of a real game can be:
    the fields as `from_json` reads them (cards in card order, each once),
    and then together as `stand_in` and `from_json` check them (all 65
    cards accounted for, ``to_move`` the seat the phase gives, the phase's
    own fields such as ``combination``). ``shown`` and ``picked`` may
    be left out (nothing known, nothing picked).

    Examples:
        >>> from kniffel_rules import cards
        >>> obs = cards.observation(cards.new_game(2, first_player=0), 1)
        >>> cards.observation_from_dict(cards.observation_to_dict(obs)) == obs
        True

    Raises:
        InvalidStateError: A malformed or impossible view; the message names
            the field path (``players[1].hand_size``, ``observation.pile_size``).
    """
    _json.check_tree(data)
    doc = _json.get_object(data, "", required=_FIELDS, optional=("picked",))
    if doc["variant"] != "cards":
        raise InvalidStateError(
            "variant",
            Text.of(
                N_("expected {expected}, got {value}"),
                expected=repr("cards"),
                value=brief(doc["variant"]),
            ),
        )
    rules = read_rules(doc["rules"])
    seats = _json.get_list(doc, "players", "", _read_seat, max_length=MAX_PLAYERS)
    n = len(seats)
    top = max(n - 1, 0)
    combination = doc["combination"]
    if combination is not None:
        combination = Combination(
            _json.get_str(doc, "combination", "", [c.value for c in Combination])
        )
    obs = Observation(
        player=_json.get_int(doc, "player", "", 0, top),
        rules=rules,
        names=tuple(seat[0] for seat in seats),
        hand=read_cards(doc["hand"], "hand"),
        hand_sizes=tuple(seat[1] for seat in seats),
        tokens=tuple(seat[3] for seat in seats),
        display=read_cards(doc["display"], "display"),
        discards=read_cards(doc["discards"], "discards"),
        pile_size=_json.get_int(doc, "pile_size", "", 0, 65),
        phase=Phase(_json.get_str(doc, "phase", "", [ph.value for ph in Phase])),
        to_move=_json.get_int(doc, "to_move", "", -2, top),
        turn_of=_json.get_int(doc, "turn_of", "", 0, top),
        start_player=_json.get_opt_int(doc, "start_player", "", 0, top),
        round=_json.get_int(doc, "round", "", 0, rules.max_rounds),
        pending=_json.get_int(doc, "pending", "", 0, 1_000),
        combination=combination,
        picked=read_cards(doc.get("picked", []), "picked"),
        shown=tuple(seat[2] for seat in seats),
    )
    state = stand_in(obs)  # the fields together, as for a view built by hand
    try:  # and the phase with its fields, as from_json judges a state
        check_state(state)
    except InvalidStateError as error:
        raise InvalidStateError(f"observation.{error.path}", error.detail) from None
    return obs


def hidden_from(state: State, player: int) -> bool:
    """Whether ``player`` does not see the outcome of the pending chance event.

    True at a chance node that gives a card to another player's hand: a card
    dealt to another seat (KA-07, KA-46) or drawn from the pile by the
    player to move (KA-10). The start-player draw, the display cards of the
    deal and the refills of the display are seen by everyone; away from a
    chance node nothing is pending, and the answer is ``False``.

    Examples:
        >>> from kniffel_rules import cards
        >>> from kniffel_rules.cards import PlaceToken, Row
        >>> s = cards.new_game(2, first_player=0)
        >>> for row in (Row.FULL_HOUSE, Row.FULL_HOUSE, Row.STRAIGHT) * 2:
        ...     s = cards.apply(s, PlaceToken(row))
        >>> s.phase.value, s.player, cards.hidden_from(s, 0), cards.hidden_from(s, 1)
        ('deal', 0, False, True)

    Raises:
        InvalidStateError: ``state`` is not a card-game `State`, or
            ``player`` is not a seat of the game (path ``player``).
    """
    GAME.check_state(state)
    seat = _seat(state, player)
    if GAME.current_player(state) != CHANCE or seat == state.player:
        return False
    if state.phase is Phase.DRAW:
        return True
    dealt = sum(len(h) for h in state.hands)
    return state.phase is Phase.DEAL and dealt < DEAL_SIZE * state.num_players
