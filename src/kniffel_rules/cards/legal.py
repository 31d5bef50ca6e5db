"""What a player may do: the one place where each rule of play is checked.

Each rule has a ``*_reason`` function that returns ``None`` when the action
is allowed and otherwise the reason in words a player understands. The
listing functions (``*_actions``, `place_options`) build their candidates
and keep those whose reason is ``None``; ``apply`` raises the reason. So the
list of legal actions and the explanation of a rejection are one code path.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from kniffel_rules.cards.board import ROWS, Row
from kniffel_rules.cards.combos import Combination, explain, plays
from kniffel_rules.cards.deck import CARDS, Card, holds
from kniffel_rules.cards.rules import Rules
from kniffel_rules.cards.state import (
    Discard,
    Exchange,
    Phase,
    Place,
    PlaceToken,
    Play,
    State,
    Take,
    Tokens,
)

__all__ = [
    "discard_actions",
    "discard_reason",
    "exchange_actions",
    "exchange_block",
    "exchange_reason",
    "hand_limit",
    "is_out",
    "place_amount",
    "place_options",
    "place_reason",
    "play_actions",
    "play_reason",
    "row_value",
    "setup_actions",
    "setup_order",
    "setup_reason",
    "take_actions",
    "take_reason",
]

_TAKE: Final = {c: Take(c) for c in CARDS}
_EXCHANGE: Final = {c: Exchange(c) for c in CARDS}
_DISCARD: Final = {c: Discard(c) for c in CARDS}
_RESERVE_COMBOS = (Combination.FOUR_OF_A_KIND, Combination.KNIFFEL)


def _tokens_word(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def row_value(rules: Rules, tokens: Tokens, row: Row) -> int:
    """The value of ``row`` on a player's board (KA-10, KA-17..KA-20)."""
    return rules.board.row(row).value(tokens.on(row))


def hand_limit(rules: Rules, tokens: Tokens) -> int:
    """The player's hand limit: the value of their Straight row (KA-20)."""
    return rules.board.row(Row.STRAIGHT).value(tokens.on(Row.STRAIGHT))


def is_out(rules: Rules, tokens: Tokens) -> bool:
    """Trickier (no end-game rule): tokens are left but no free level fits them (KA-36, KA-54).

    Every placement fills a whole level, so a player whose remaining tokens
    are fewer than the spaces of every next free level can never place them.
    """
    left = tokens.left
    if rules.end_game_rule or left == 0:
        return False
    board = rules.board
    return not any(0 < board.row(r).next_spaces(tokens.on(r)) <= left for r in ROWS)


# --- placing tokens (action B) ------------------------------------------------


def place_amount(rules: Rules, tokens: Tokens, row: Row, levels: int = 1) -> int | str:
    """How many tokens a placement on the next ``levels`` levels of ``row`` takes.

    The level's spaces; with the end-game rule, all the player's last tokens
    when they are fewer (KA-26, KA-50).

    Returns:
        The number of tokens, or the reason why the row takes none.
    """
    need = rules.board.row(row).next_spaces(tokens.on(row), levels)
    if need == 0:
        if levels == 1:
            return f"the {row.label} row is full"
        return f"the {row.label} row has fewer than {levels} free columns"
    left = tokens.left
    if need <= left:
        return need
    if rules.end_game_rule:
        return left
    return f"a {need}-space level needs exactly {_tokens_word(need)}, you have only {left} left"


def place_reason(rules: Rules, tokens: Tokens, combo: Combination, place: object) -> str | None:
    """Why ``place`` is not a legal placement of ``combo``'s tokens (``None``: it is).

    KA-14, KA-15, KA-22..KA-25, KA-49 and the end-game rule KA-26, KA-50.
    """
    if not isinstance(place, Place):
        return f"place the tokens of your {combo.label}: expected Place, got {place!r}"
    row, r, levels = place.row, place.from_reserve, place.levels
    if not isinstance(row, Row):
        return f"Place needs a Row, got {row!r}"
    for name, v in (("from_reserve", r), ("levels", levels)):
        if isinstance(v, bool) or not isinstance(v, int):
            return f"Place.{name} must be an integer, got {v!r}"
    if levels not in (1, 2):
        return f"Place.levels is 1, or 2 for a Kniffel's two columns of Two pairs; got {levels}"
    target = combo.row
    if target is not None and row is not target:
        return f"a {combo.label} puts its tokens in the {target.label} row"
    if levels != 1 and not (combo is Combination.KNIFFEL and row is Row.TWO_PAIRS and levels == 2):
        return "only a Kniffel may fill two levels at once: the next two columns of Two pairs"
    amount = place_amount(rules, tokens, row, levels)
    if isinstance(amount, str):
        return amount
    if levels == 2 and amount <= 2:
        return "with 2 tokens or fewer left, a Kniffel fills one column of Two pairs"
    if not 0 <= r <= amount:
        return f"{_tokens_word(amount)} are placed here: from_reserve must be 0..{amount}"
    if r and combo not in _RESERVE_COMBOS:
        return f"a {combo.label} takes its tokens from the active play area only"
    if r > tokens.reserve:
        return f"you have only {_tokens_word(tokens.reserve)} in the reserve"
    from_active = amount - r
    if from_active > tokens.active:
        need = rules.board.row(row).next_spaces(tokens.on(row), levels)
        if combo not in _RESERVE_COMBOS:
            return (
                f"a {need}-space level needs exactly {_tokens_word(need)}, "
                f"you have {tokens.active} in play"
            )
        return (
            f"{_tokens_word(from_active)} would come from the active play area, "
            f"you have {tokens.active} in play"
        )
    if levels == 2 and from_active < 1:
        return "a Kniffel in two columns of Two pairs takes at least 1 token from the active area"
    return None


def place_options(rules: Rules, tokens: Tokens, combo: Combination) -> tuple[Place, ...]:
    """Every legal placement of ``combo``'s tokens.

    In row order; for the Two pairs row one column before two; then by
    ``from_reserve`` ascending. For the combinations with a row of their own
    this is at most one placement, with nothing from the reserve.
    """
    rows = ROWS if combo is Combination.KNIFFEL else (combo.row,)
    found = []
    for row in rows:
        assert row is not None
        both = combo is Combination.KNIFFEL and row is Row.TWO_PAIRS
        for levels in (1, 2) if both else (1,):
            amount = place_amount(rules, tokens, row, levels)
            if isinstance(amount, str):
                continue
            top = amount if combo in _RESERVE_COMBOS else 0
            for r in range(top + 1):
                place = Place(row, r, levels)
                if place_reason(rules, tokens, combo, place) is None:
                    found.append(place)
    return tuple(found)


def _placement_block(rules: Rules, tokens: Tokens, combo: Combination) -> str | None:
    if place_options(rules, tokens, combo):
        return None
    if combo is Combination.KNIFFEL:
        return f"no row has a free level that your {_tokens_word(tokens.left)} can fill"
    assert combo.row is not None
    amount = place_amount(rules, tokens, combo.row)
    r = min(tokens.reserve, amount) if combo in _RESERVE_COMBOS and isinstance(amount, int) else 0
    reason = place_reason(rules, tokens, combo, Place(combo.row, r))
    assert reason is not None
    return reason


# --- playing a combination (action B) -------------------------------------------


@lru_cache(maxsize=4096)
def _play_objects(hand: tuple[Card, ...]) -> tuple[tuple[Combination, tuple[Play, ...]], ...]:
    groups: dict[Combination, list[Play]] = {}
    for combo, cards in plays(hand):
        groups.setdefault(combo, []).append(Play(combo, cards))
    return tuple((c, tuple(ps)) for c, ps in groups.items())


def play_actions(state: State) -> tuple[Play, ...]:
    """Every legal `Play` for the player to move, in the order of `plays`."""
    rules, tokens = state.rules, state.tokens[state.player]
    found: list[Play] = []
    for combo, group in _play_objects(state.hands[state.player]):
        if _placement_block(rules, tokens, combo) is None:
            found.extend(group)
    return tuple(found)


def play_reason(state: State, play: Play) -> str | None:
    """Why ``play`` may not be played now (``None``: it may). KA-13..KA-25."""
    combo = play.combination
    if not isinstance(combo, Combination):
        return f"Play needs a Combination, got {combo!r}"
    hand = state.hands[state.player]
    cards = play.cards
    if len(set(cards)) != len(cards):
        return "each card can be played only once"
    for card in cards:
        if not holds(hand, card):
            return f"{card} is not in your hand"
    if not any(c is combo and cs == cards for c, cs in plays(hand)):
        return explain(combo, cards)
    return _placement_block(state.rules, state.tokens[state.player], combo)


# --- exchanging cards for tokens (action C) ---------------------------------------


def exchange_block(state: State) -> str | None:
    """Why the player to move may not exchange a (further) card now (``None``: they may).

    KA-27, KA-52 and, with ``trickier``, KA-35.
    """
    rules, tokens = state.rules, state.tokens[state.player]
    limit = row_value(rules, tokens, Row.THREE_OF_A_KIND)
    done = state.pending if state.phase is Phase.EXCHANGE else 0
    if done >= limit:
        return f"your Three-of-a-kind row allows {limit} card(s) per exchange"
    if tokens.reserve == 0:
        return "your reserve has no tokens left to move into play"
    if rules.active_limit and tokens.active >= hand_limit(rules, tokens):
        return (
            f"your active area may hold at most {hand_limit(rules, tokens)} tokens "
            "(your hand limit)"
        )
    if not state.hands[state.player]:
        return "you have no cards to exchange"
    return None


def exchange_reason(state: State, card: object) -> str | None:
    """Why ``card`` may not be exchanged now (``None``: it may)."""
    block = exchange_block(state)
    if block is not None:
        return block
    if not isinstance(card, Card) or not holds(state.hands[state.player], card):
        return f"{card} is not in your hand"
    return None


def exchange_actions(state: State) -> tuple[Exchange, ...]:
    """Every legal `Exchange`, in hand order."""
    if exchange_block(state) is not None:
        return ()
    return tuple(_EXCHANGE[c] for c in state.hands[state.player])


# --- the display and the hand limit -----------------------------------------------


def take_reason(state: State, card: object) -> str | None:
    """Why ``card`` may not be taken from the display (``None``: it may)."""
    if not isinstance(card, Card) or not holds(state.display, card):
        return f"{card} is not in the open display"
    return None


def take_actions(state: State) -> tuple[Take, ...]:
    """Every legal `Take`, in display order."""
    return tuple(_TAKE[c] for c in state.display)


def discard_reason(state: State, card: object) -> str | None:
    """Why ``card`` may not be discarded (``None``: it may)."""
    if not isinstance(card, Card) or not holds(state.hands[state.player], card):
        return f"{card} is not in your hand"
    return None


def discard_actions(state: State) -> tuple[Discard, ...]:
    """Every legal `Discard`, in hand order."""
    return tuple(_DISCARD[c] for c in state.hands[state.player])


# --- setup --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def setup_order(players: int, start: int, trickier: bool) -> tuple[int, ...]:
    """The seat of each setup placement, in order (KA-06, KA-34, KA-45).

    Basic game: each player in turn order from the start player places their
    3 tokens. Trickier: one token at a time in reverse order, beginning with
    the player to the right of the start player, twice round.
    """
    if trickier:
        ring = tuple((start - 1 - i) % players for i in range(players))
        return ring * 2
    return tuple((start + i) % players for i in range(players) for _ in range(3))


def setup_reason(state: State, seat: int, row: object) -> str | None:
    """Why ``seat`` may not put a setup token on ``row`` (``None``: they may)."""
    if not isinstance(row, Row):
        return f"PlaceToken needs a Row, got {row!r}"
    tokens = state.tokens[seat]
    have = tokens.on(row)
    if have >= 2:
        return "before the game, at most 2 tokens go in one row"
    if state.rules.board.row(row).next_spaces(have) != 1:
        return f"before the game, tokens go on 1-space levels only; not the next of {row.label}"
    if state.rules.trickier:
        for other, theirs in enumerate(state.tokens):
            if other != seat and theirs.on(row) > have:
                return (
                    f"{state.names[other]} already has a token on that space "
                    f"({row.label}, level {have + 1})"
                )
    return None


def setup_actions(state: State, seat: int) -> tuple[PlaceToken, ...]:
    """Every legal `PlaceToken` for ``seat``, in row order."""
    return tuple(_PLACE_TOKEN[r] for r in ROWS if setup_reason(state, seat, r) is None)


_PLACE_TOKEN: Final = {r: PlaceToken(r) for r in ROWS}
