"""The inside of an observation: what one seat sees, and a state that agrees with it.

Internal: the public names are ``cards.observation`` (`kniffel_rules.cards.view`)
and ``cards.stand_in`` (`kniffel_rules.cards.engine`). This module imports no
engine, so that the engine can give `stand_in_state` to the protocol (`kniffel_rules.game.Game`).

`stand_in_state` deals the cards the observer cannot see (all 65 less their
own hand, the display, the discards and the cards known to be in the other
hands: `Observation.shown` and `Observation.picked`) in card order: first to
the other hands, seat by seat, as many as each holds besides its known cards,
then the rest to the pile. In ``PICK`` seen by another seat, the player to
move first gets the unseen cards that complete the first whole play of the
combination begun (the view tells that their hand completes it, KA-62). So
the stand-in is a function of the observation alone, and equal views give
equal stand-ins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from kniffel_rules._common import check_name
from kniffel_rules._fields import check_int
from kniffel_rules._i18n import C_, N_, Named, Phrase, Text
from kniffel_rules._text import brief
from kniffel_rules.cards.combinations import (
    Combination,
    _colours,
    _of_a_kind,
    _straights,
    _two_groups,
)
from kniffel_rules.cards.pieces import CARDS, ROWS, Card, _holds, _sort_cards, card_names
from kniffel_rules.cards.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from kniffel_rules.cards.state import Observation, Phase, State, Tokens
from kniffel_rules.errors import InvalidStateError

__all__ = ["check_observation", "known_cards", "see", "stand_in_state"]

_PATH = "observation"

# what a tuple of the observation holds, named in a message ("expected a tuple of cards")
_CARDS = Named(Phrase(C_("a tuple of", "cards")))
_TOKENS = Named(Phrase(C_("a tuple of", "Tokens")))
_NAMES = Named(Phrase(C_("a tuple of", "names")))
_COUNTS = Named(Phrase(C_("a tuple of", "counts")))
_TUPLES_OF_CARDS = Named(Phrase(C_("a tuple of", "tuples of cards")))


def _shown_by_seat(state: State) -> tuple[tuple[Card, ...], ...]:
    if not state.shown:
        return ((),) * len(state.hands)
    return tuple(tuple(c for c in state.shown if _holds(hand, c)) for hand in state.hands)


def see(state: State, player: int, to_move: int) -> Observation:
    """``player``'s view of ``state`` (a checked state and seat)."""
    return Observation(
        player=player,
        rules=state.rules,
        names=state.names,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        tokens=state.tokens,
        display=state.display,
        discards=state.discards,
        pile_size=len(state.pile),
        phase=state.phase,
        to_move=to_move,
        turn_of=state.player,
        start_player=state.start_player,
        round=state.round,
        pending=state.pending,
        combination=state.combination,
        picked=state.picked,
        shown=_shown_by_seat(state),
    )


def _fail(field: str, message: str) -> InvalidStateError:  # a msgid or a `Text`
    return InvalidStateError(f"{_PATH}.{field}" if field else _PATH, message)


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    return check_int(value, f"{_PATH}.{field}", lo, hi)


def _tuple(value: Any, field: str, check: Callable[[Any], bool], what: Named) -> tuple[Any, ...]:
    if type(value) is not tuple or len(value) > len(CARDS):
        raise _fail(
            field,
            Text.of(N_("expected a tuple of {what}, got {shown}"), what=what, shown=brief(value)),
        )
    for i, item in enumerate(value):
        if not check(item):
            raise _fail(
                f"{field}[{i}]",
                Text.of(N_("expected {what}, got {shown}"), what=what, shown=brief(item)),
            )
    return value


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    cards = _tuple(value, field, lambda c: isinstance(c, Card), _CARDS)
    for i in range(1, len(cards)):
        if cards[i - 1].index >= cards[i].index:
            raise _fail(f"{field}[{i}]", N_("cards are kept in card order, each once"))
    return cards


def _tokens(value: Any, n: int) -> None:
    _tuple(value, "tokens", lambda t: isinstance(t, Tokens), _TOKENS)
    if len(value) != n:
        raise _fail(
            "tokens",
            Text.of(N_("expected the tokens of {n} players, got {count}"), n=n, count=len(value)),
        )
    for i, t in enumerate(value):
        if type(t.rows) is not tuple or len(t.rows) != len(ROWS):
            raise _fail(
                f"tokens[{i}].rows",
                Text.of(N_("expected {n} rows, got {shown}"), n=len(ROWS), shown=brief(t.rows)),
            )
        for count in (t.reserve, t.active, *t.rows):
            _int(count, f"tokens[{i}]", 0, 1_000)


def check_observation(obs: Observation) -> None:
    """Check that the fields of ``obs`` have their types and add up to the 65 cards.

    An `Observation` made by ``observation`` always passes; one built by
    hand may not, and is refused before anything is judged on it.

    Raises:
        InvalidStateError: The first bad field (path ``observation.<field>``).
    """
    if not isinstance(obs.rules, Rules):
        raise _fail(
            "rules", Text.of(N_("expected cards.Rules, got {type}"), type=type(obs.rules).__name__)
        )
    names = _tuple(obs.names, "names", lambda s: isinstance(s, str), _NAMES)
    for i, name in enumerate(names):
        check_name(name, f"{_PATH}.names[{i}]")  # the same check as new_game's
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _fail(
            "names",
            Text.of(
                N_("this game needs {least} to {most} players, got {count}"),
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=n,
            ),
        )
    player = _int(obs.player, "player", 0, n - 1)
    _int(obs.turn_of, "turn_of", 0, n - 1)
    if obs.start_player is not None:
        _int(obs.start_player, "start_player", 0, n - 1)
    _int(obs.to_move, "to_move", -2, n - 1)
    _int(obs.round, "round", 0, obs.rules.max_rounds)
    _int(obs.pending, "pending", 0, 1_000)
    if not isinstance(obs.phase, Phase):
        raise _fail("phase", Text.of(N_("expected a Phase, got {shown}"), shown=brief(obs.phase)))
    if obs.combination is not None and not isinstance(obs.combination, Combination):
        raise _fail(
            "combination",
            Text.of(
                N_("expected a Combination or None, got {shown}"), shown=brief(obs.combination)
            ),
        )
    _tokens(obs.tokens, n)
    sizes = _tuple(obs.hand_sizes, "hand_sizes", lambda k: type(k) is int and k >= 0, _COUNTS)
    if len(sizes) != n:
        raise _fail(
            "hand_sizes", Text.of(N_("expected {n} counts, got {count}"), n=n, count=len(sizes))
        )
    hand = _cards(obs.hand, "hand")
    if sizes[player] != len(hand):
        raise _fail(
            "hand_sizes",
            Text.of(
                N_("the player's own hand holds {count} cards, not {size}"),
                count=len(hand),
                size=sizes[player],
            ),
        )
    seen = {c.index for c in hand}
    for field in ("display", "discards"):
        for i, card in enumerate(_cards(getattr(obs, field), field)):
            if card.index in seen:
                raise _fail(
                    f"{field}[{i}]",
                    Text.of(
                        N_("{card} is seen twice: every card exists once"), card=card_names((card,))
                    ),
                )
            seen.add(card.index)
    picked = _cards(obs.picked, "picked")
    mover = obs.turn_of
    for i, card in enumerate(picked):
        if mover == player:
            if not _holds(hand, card):
                raise _fail(
                    f"picked[{i}]",
                    Text.of(
                        N_("{card} is not in the hand of the player to move"),
                        card=card_names((card,)),
                    ),
                )
        elif card.index in seen:
            raise _fail(
                f"picked[{i}]",
                Text.of(
                    N_("{card} is seen twice: every card exists once"), card=card_names((card,))
                ),
            )
    known = _known(obs, n)
    for seat, cards in enumerate(known):
        if seat == player:
            continue
        if len(cards) > sizes[seat]:
            raise _fail(
                f"shown[{seat}]",
                Text.of(
                    N_("{count} known cards in a hand of {size}"),
                    count=len(cards),
                    size=sizes[seat],
                ),
            )
        for card in cards:
            if card.index in seen:
                raise _fail(
                    f"shown[{seat}]",
                    Text.of(
                        N_("{card} is seen twice: every card exists once"), card=card_names((card,))
                    ),
                )
            seen.add(card.index)
    pile = _int(obs.pile_size, "pile_size", 0, len(CARDS))
    hidden = sum(sizes) - len(hand) - sum(len(k) for s, k in enumerate(known) if s != player) + pile
    if len(seen) + hidden != len(CARDS):
        raise _fail(
            "pile_size",
            Text.of(
                N_("{seen} cards seen and {hidden} hidden: all {total} cards are in play"),
                seen=len(seen),
                hidden=hidden,
                total=len(CARDS),
            ),
        )


def _known(obs: Observation, n: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's known cards (`shown`, with `picked` for the mover), checked."""
    shown = obs.shown
    if shown == ():
        shown = ((),) * n
    _tuple(shown, "shown", lambda k: type(k) is tuple, _TUPLES_OF_CARDS)
    if len(shown) != n:
        raise _fail(
            "shown",
            Text.of(
                N_("expected the known cards of {n} players, got {count}"), n=n, count=len(shown)
            ),
        )
    known: list[tuple[Card, ...]] = []
    owner: dict[int, int] = {}
    for seat, cards in enumerate(shown):
        cards = _cards(cards, f"shown[{seat}]")
        for card in cards:
            if card.index in owner:
                raise _fail(
                    f"shown[{seat}]",
                    Text.of(N_("{card} is known in two hands"), card=card_names((card,))),
                )
            owner[card.index] = seat
        if seat == obs.player:
            for card in cards:
                if not _holds(obs.hand, card):
                    raise _fail(
                        f"shown[{seat}]",
                        Text.of(
                            N_("{card} is not in the player's own hand"), card=card_names((card,))
                        ),
                    )
        if seat == obs.turn_of and obs.picked:
            for card in obs.picked:
                if owner.get(card.index, seat) != seat:
                    raise _fail(
                        "picked",
                        Text.of(
                            N_("{card} is known to be in another hand"), card=card_names((card,))
                        ),
                    )
            cards = _sort_cards(set(cards) | set(obs.picked))
        known.append(cards)
    return tuple(known)


def known_cards(obs: Observation) -> tuple[tuple[Card, ...], ...]:
    """For each seat, the cards of its hand ``obs``'s player knows of.

    Their own whole hand for the observer; for every other seat its
    `Observation.shown` cards, and the `Observation.picked` cards for the
    player to move. ``obs`` is checked first (`check_observation`).

    Raises:
        InvalidStateError: ``obs`` does not pass `check_observation`.
    """
    check_observation(obs)
    known = list(_known(obs, len(obs.names)))
    known[obs.player] = obs.hand
    return tuple(known)


def _completion(
    combo: Combination, picked: tuple[Card, ...], known: tuple[Card, ...], pool: tuple[Card, ...]
) -> Iterator[tuple[Card, ...]]:
    """The cards each whole ``combo`` starting with ``picked`` needs from ``pool``, in order.

    The whole plays are `combinations.plays`'s own, of the hand ``known`` +
    ``pool`` (lazily, combination by combination: the pool may be large).
    """
    hand = _sort_cards(set(known) | set(pool))
    by_value: dict[int, list[Card]] = {}
    for card in hand:
        by_value.setdefault(card.value, []).append(card)
    sets = {
        Combination.FULL_HOUSE: lambda: _two_groups(by_value, 3, 2),
        Combination.COLOUR: lambda: _colours(hand),
        Combination.THREE_OF_A_KIND: lambda: _of_a_kind(by_value, 3),
        Combination.STRAIGHT: lambda: _straights(by_value),
        Combination.TWO_PAIRS: lambda: _two_groups(by_value, 2, 2),
        Combination.FOUR_OF_A_KIND: lambda: _of_a_kind(by_value, 4),
        Combination.KNIFFEL: lambda: _of_a_kind(by_value, 5),
    }[combo]()
    k, mine = len(picked), set(known)
    for cards in sets:
        ordered = _sort_cards(cards)
        if ordered[:k] == picked:
            yield tuple(c for c in ordered if c not in mine)


def _mover_extra(obs: Observation, known: tuple[Card, ...], unseen: tuple[Card, ...]) -> set[Card]:
    """PICK, seen by another seat: unseen cards the mover needs to complete the combination.

    The player to move began a combination the hand could make and picked
    only cards that can still complete it (KA-62): a view is consistent only
    with hands that complete it. The first whole play (in the order of
    `combinations.plays`) that fits the mover's hand size gives the cards.
    """
    if obs.phase is not Phase.PICK or obs.turn_of == obs.player or obs.combination is None:
        return set()
    size = obs.hand_sizes[obs.turn_of]
    for extra in _completion(obs.combination, obs.picked, known, unseen):
        if len(known) + len(extra) <= size:
            return set(extra)
    raise _fail(
        "picked",
        Text.of(
            N_(
                "no hand of {size} cards with the cards known to be in it completes the "
                "{combination} begun with the cards picked"
            ),
            size=size,
            combination=obs.combination,
        ),
    )


def stand_in_state(obs: Observation) -> State:
    """A `State` that agrees with ``obs``: the unseen cards dealt in card order.

    Everything public is copied; the observer's hand is theirs; the cards
    they cannot see go to the other hands (as many as each holds, seat by
    seat) and then to the pile, in card order.

    Raises:
        InvalidStateError: ``obs`` does not pass `check_observation`.
    """
    known = known_cards(obs)
    seen = {c.index for c in (*obs.display, *obs.discards)}
    seen.update(c.index for cards in known for c in cards)
    unseen = tuple(c for c in CARDS if c.index not in seen)
    extra = _mover_extra(obs, known[obs.turn_of], unseen)
    if extra:
        unseen = tuple(c for c in unseen if c not in extra)
    hands: list[tuple[Card, ...]] = []
    dealt = 0
    for seat, size in enumerate(obs.hand_sizes):
        if seat == obs.player:
            hands.append(obs.hand)
        else:
            have = (*known[seat], *extra) if seat == obs.turn_of else known[seat]
            more = size - len(have)
            hands.append(_sort_cards((*have, *unseen[dealt : dealt + more])))
            dealt += more
    return State(
        obs.rules,
        obs.names,
        tuple(hands),
        obs.tokens,
        unseen[dealt:],
        obs.display,
        obs.discards,
        obs.phase,
        player=obs.turn_of,
        start_player=obs.start_player,
        round=obs.round,
        pending=obs.pending,
        combination=obs.combination,
        picked=obs.picked,
        shown=_sort_cards(tuple({c for cards in (obs.shown or ()) for c in cards})),
    )
