"""What one player may see of a card game: `observation`, its JSON form, and `hidden_from`.

A player sees their own hand, never another's (KA-58): the other hands and
the pile appear only as counts; the boards, reserves, the display and the
discards are public. ``legal_actions(observation)`` gives that player's legal
actions when they are to move (else ``()``); they are judged on
``cards.stand_in(observation)``, a state that agrees with the view.

`hidden_from` tells, at a chance node, whether a player does not see what
chance brings (a card dealt to or drawn by another player): the records use
it to cut a game down to what one player saw.

Example:
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

from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.cards._flow import DEAL_SIZE
from kniffel_rules.cards._observe import see
from kniffel_rules.cards.engine import SHELL, stand_in
from kniffel_rules.cards.pieces import ROWS, Card
from kniffel_rules.cards.state import Observation, Phase, State
from kniffel_rules.errors import InvalidStateError

__all__ = ["Observation", "hidden_from", "observation", "observation_to_dict", "stand_in"]


def _seat(state: State, player: object) -> int:
    n = state.num_players
    if type(player) is not int or not 0 <= player < n:
        raise InvalidStateError("player", f"expected a seat 0..{n - 1}, got {brief(player)}")
    return player


def observation(state: State, player: int) -> Observation:
    """What ``player`` may see of ``state``: the other hands only as counts.

    Raises:
        InvalidStateError: ``state`` is not a card-game `State`, or
            ``player`` is not a seat of the game (path ``player``).
    """
    SHELL.check_state(state)
    return see(state, _seat(state, player), SHELL.current_player(state))


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


def hidden_from(state: State, player: int) -> bool:
    """Whether ``player`` does not see the outcome of the pending chance event.

    True at a chance node that gives a card to another player's hand: a card
    dealt to another seat (KA-07, KA-46) or drawn from the pile by the
    player to move (KA-10). The start-player draw, the display cards of the
    deal and the refills of the display are seen by everyone; away from a
    chance node nothing is pending, and the answer is ``False``.

    Example:
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
    SHELL.check_state(state)
    seat = _seat(state, player)
    if SHELL.current_player(state) != CHANCE or seat == state.player:
        return False
    if state.phase is Phase.DRAW:
        return True
    dealt = sum(len(h) for h in state.hands)
    return state.phase is Phase.DEAL and dealt < DEAL_SIZE * state.num_players
