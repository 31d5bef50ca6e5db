"""The card game's data for the adapters: its fixed action index, chance outcomes, tensor, bounds.

Declared in ``cards.INFO`` (`kniffel_rules.GameInfo`); read by
`kniffel_rules.adapters.space`, which documents the orders and layouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kniffel_rules.cards._boards import ROWS, Row
from kniffel_rules.cards.actions import (
    Begin,
    Discard,
    Draw,
    Exchange,
    Pick,
    Place,
    PlaceToken,
    StartPlayer,
    Stop,
    Take,
)
from kniffel_rules.cards.combinations import Combination
from kniffel_rules.cards.pieces import CARDS
from kniffel_rules.cards.rules import MAX_PLAYERS, Rules
from kniffel_rules.cards.state import Phase


def place_bound(board: Any, row: Any, levels: int) -> int:
    """The most tokens one placement on ``levels`` levels of ``row`` of ``board`` can take.

    The largest sum of the spaces of ``levels`` consecutive levels of the row
    (0 when the row has fewer levels): a placement never takes more tokens
    than the spaces it fills (the end-game rule only lets it take fewer), so
    this bounds ``Place.from_reserve`` for every player count.
    """
    spaces = board.row(row).spaces
    sums = [sum(spaces[i : i + levels]) for i in range(len(spaces) - levels + 1)]
    return max(sums, default=0)


def _places(rules: Rules) -> list[Any]:
    out: list[Any] = []
    for row in ROWS:
        for levels in (1, 2) if row is Row.TWO_PAIRS else (1,):
            top = place_bound(rules.board, row, levels)
            out += [Place(row, r, levels) for r in range(top + 1) if top]
    return out


def actions(rules: Rules) -> list[Any]:
    """Every decision, in the order of `kniffel_rules.adapters.space.ActionSpace`."""
    out: list[Any] = [PlaceToken(row) for row in ROWS]
    out.append(Draw())
    out += [Take(card) for card in CARDS]
    out += [Begin(combination) for combination in Combination]
    out += [Pick(card) for card in CARDS]
    out += _places(rules)
    out += [Exchange(card) for card in CARDS]
    out.append(Stop())
    out += [Discard(card) for card in CARDS]
    return out


def outcomes(rules: Rules) -> list[Any]:
    """``StartPlayer`` for every seat, then every card."""
    return [StartPlayer(seat) for seat in range(MAX_PLAYERS)] + list(CARDS)


def _card_set(cards: Sequence[Any]) -> list[float]:
    row = [0.0] * 65
    for card in cards:
        row[card.index] = 1.0
    return row


def tensor(t: Any, game: Any, obs: Any) -> None:
    """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
    n = len(obs.names)
    seats = [(obs.player + k) % n for k in range(n)]
    to_move = obs.to_move
    t.one_hot("to_move", n + 2, seats.index(to_move) if to_move >= 0 else n - to_move - 1)
    t.one_hot("turn_of", n, seats.index(obs.turn_of))
    start = obs.start_player
    t.one_hot("start_player", n, None if start is None else seats.index(start))
    t.one_hot("phase", len(Phase), list(Phase).index(obs.phase))
    t.add("pending", [obs.pending], high=len(CARDS))
    combos = list(Combination)
    t.one_hot(
        "combination",
        len(combos),
        None if obs.combination is None else combos.index(obs.combination),
    )
    t.add("round", [obs.round, obs.rules.max_rounds], high=obs.rules.max_rounds)
    t.add("hand", _card_set(obs.hand))
    t.add("display", _card_set(obs.display))
    t.add("discards", _card_set(obs.discards))
    t.add("picked", _card_set(obs.picked))
    t.add("pile_size", [obs.pile_size], high=len(CARDS))
    shown = obs.shown or ((),) * n
    tokens_each = obs.rules.tokens(n)
    for rel, seat in enumerate(seats):
        tokens = obs.tokens[seat]
        t.add(f"p{rel}.shown", _card_set(shown[seat]))
        t.add(f"p{rel}.hand_size", [obs.hand_sizes[seat]], high=len(CARDS))
        t.add(f"p{rel}.tokens", [tokens.reserve, tokens.active, *tokens.rows], high=tokens_each)


def bounds(rules: Rules, players: int) -> tuple[float, float, int]:
    """Win or loss, and the longest game: setup and the deal, then a few moves per card a turn."""
    return -1.0, 1.0, 200 + rules.max_rounds * players * 2 * 65
