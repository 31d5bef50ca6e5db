"""A whole card game consistent with what one player saw: `sample_state`.

Internal: the public name is ``cards.sample_state``. A player sees their own
hand, the display, the discards, every board and the counts; besides, every
player knows the cards taken from the open display that are still in a hand
(`Observation.shown`) and the cards the player to move has picked so far
(`Observation.picked`). `sample_state` deals the rest (the unknown cards)
uniformly at random around those known ones, so that a search can play on a
state the player might be in (a *determinization*), each one as likely as it
is given what they saw.

Examples:
    >>> import random
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(2, first_player=0)
    >>> obs = cards.observation(s, 0)
    >>> sample = cards.sample_state(obs, random.Random(1))
    >>> cards.observation(sample, 0) == obs
    True
"""

from __future__ import annotations

import random

from kniffel_rules._text import brief
from kniffel_rules.cards._observe import known_cards
from kniffel_rules.cards.engine import stand_in, whole_plays
from kniffel_rules.cards.pieces import CARDS, Card, _sort_cards
from kniffel_rules.cards.state import Observation, Phase, State, _evolve
from kniffel_rules.errors import InvalidStateError

__all__ = ["sample_state"]

_ATTEMPTS = 100_000  # a completing deal has probability >= 1/C(65, 5) per attempt, far above


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full `State` consistent with ``observation``, each consistent deal equally likely.

    The observer's own hand, the display, the discards, every board and
    reserve, the counts of the hands and of the pile, the phase and its
    bookkeeping, ``picked`` and ``shown`` are the observation's (the state is
    ``cards.stand_in(observation)`` with other hands and pile). Every other
    seat holds the cards known to be in its hand (its `Observation.shown`
    cards, and the picked cards for the player to move) and, besides, as
    many of the *unknown* cards as its hand size asks; the unknown cards
    left form the pile. The unknown cards are all 65 less the observer's
    hand, the display, the discards and those known cards.

    How ``rng`` is used, so that a seed replays: one call,
    ``rng.sample(unknown, k)``, with ``unknown`` the list of unknown cards in
    card order and ``k`` the number of them the other hands hold; the first
    cards drawn go to the lowest other seat, as many as it needs, the next to
    the next seat, and so on; the pile is the set of the others. As
    ``rng.sample`` draws every ordered choice equally likely, every
    consistent deal is equally likely. While another seat lays down a
    combination (``PICK``), a deal is consistent only if that hand can
    complete it (KA-62: only such cards are offered): a deal that cannot is
    thrown away and the call repeated (rejection, which keeps the consistent
    deals equally likely). When no card is unknown in a hand (``k == 0``)
    the result does not depend on ``rng``.

    Args:
        observation: What one player saw (``cards.observation(state, p)``).
        rng: The generator (a ``random.Random``).

    Returns:
        A `State` with ``cards.observation(result, observation.player) ==
        observation``.

    Raises:
        InvalidStateError: ``observation`` is not a card-game `Observation`
            or its fields do not fit together (path ``observation``), or
            ``rng`` is not a ``random.Random`` (path ``rng``).

    Examples:
        >>> import random
        >>> from kniffel_rules import CHANCE, cards
        >>> from kniffel_rules.cards import PlaceToken, Row
        >>> s = cards.new_game(2, first_player=0)
        >>> for row in (Row.FULL_HOUSE, Row.FULL_HOUSE, Row.STRAIGHT) * 2:
        ...     s = cards.apply(s, PlaceToken(row))
        >>> while cards.current_player(s) == CHANCE:     # the deal
        ...     s = cards.apply(s, cards.sample_chance(s, random.Random(4)))
        >>> obs = cards.observation(s, 0)
        >>> a = cards.sample_state(obs, random.Random(7))
        >>> a.hands[0] == s.hands[0], len(a.hands[1]) == len(s.hands[1])
        (True, True)
        >>> a == cards.sample_state(obs, random.Random(7))    # a seed replays
        True
        >>> cards.observation(a, 0) == obs
        True
        >>> cards.sample_state(obs, 7)
        Traceback (most recent call last):
            ...
        kniffel_rules.errors.InvalidStateError: rng: expected a random.Random, got 7
    """
    base = stand_in(observation)  # checks every field
    if not isinstance(rng, random.Random):
        raise InvalidStateError("rng", f"expected a random.Random, got {brief(rng)}")
    known = known_cards(observation)
    taken = {c.index for c in (*observation.display, *observation.discards)}
    taken.update(c.index for cards in known for c in cards)
    unknown = [c for c in CARDS if c.index not in taken]
    me = observation.player
    sizes = observation.hand_sizes
    wants = [0 if seat == me else size - len(known[seat]) for seat, size in enumerate(sizes)]
    must_complete = observation.phase is Phase.PICK and observation.turn_of != me
    for _ in range(_ATTEMPTS):
        drawn: list[Card] = rng.sample(unknown, sum(wants))
        hands: list[tuple[Card, ...]] = []
        start = 0
        for seat, more in enumerate(wants):
            if seat == me:
                hands.append(observation.hand)
                continue
            hands.append(_sort_cards((*known[seat], *drawn[start : start + more])))
            start += more
        dealt = {c.index for c in drawn}
        pile = tuple(c for c in unknown if c.index not in dealt)
        state = _evolve(base, hands=tuple(hands), pile=pile)
        if not must_complete or whole_plays(state):
            return state
    raise InvalidStateError(  # pragma: no cover - the stand-in proved a completing deal exists
        "observation.picked",
        f"no deal completing the combination begun was found in {_ATTEMPTS} attempts",
    )
