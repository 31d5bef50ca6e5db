"""Playing whole games: `play`, game records and the random policy."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from kniffel_rules._fields import check_int
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.errors import IllegalActionError, InvalidStateError, StepLimitError
from kniffel_rules.game import GameInfo
from kniffel_rules.limits import MAX_PLAYERS, MAX_SEED_DIGITS
from kniffel_rules.variant import VARIANTS, UnknownVariantError, Variant, get_variant

__all__ = [
    "GameRecord",
    "Policy",
    "game_generators",
    "play",
    "random_policy",
    "record",
    "replay",
    "variant_name",
]

Policy = Callable[[Any, tuple[Any, ...], random.Random], Any]
"""A player: ``policy(state, legal_actions, rng) -> action``.

In `play` and `record`, ``rng`` is the seat's own generator, never chance's
(`game_generators`): a policy's draws do not change the dice.

With ``observe=True`` (`play`, `record`) the first argument is the player's
observation (``game.observation(state, seat)``) instead of the whole state;
every bot of `kniffel_rules.bots` takes either.
"""


def random_policy(state: Any, actions: tuple[Any, ...], rng: random.Random) -> Any:
    """Choose one of the legal actions uniformly at random with ``rng``.

    Args:
        state: The state (unused).
        actions: The legal actions.
        rng: The generator (one ``rng.randrange(len(actions))`` call).

    Returns:
        One of ``actions``.
    """
    return actions[rng.randrange(len(actions))]


@attrs.frozen(slots=True)
class GameRecord:
    """A game: where it started and every action taken, chance included.

    Replaying ``actions`` from ``initial`` with `replay` gives ``final``
    again, without any seed. The game need not be over: an app stores a
    game in progress the same way, with ``final`` the state it has reached
    (`record` always plays to the end, so its ``final`` is terminal).
    `kniffel_rules.record_to_json` writes a record as a JSON document and
    `kniffel_rules.record_from_json` reads it back (see ``docs/records.md``).

    Attributes:
        initial: The state the game started from.
        actions: Every action and chance outcome, in order.
        final: The last state: terminal when the game is finished.
        variant: The game's registry name (``"classic"``, one of
            `VARIANTS`), or ``""`` when not known; `record` fills it in,
            and `record_to_json` infers it from the type of ``initial``
            when it is ``""``.
    """

    initial: Any
    actions: tuple[Any, ...]
    final: Any
    variant: str = ""


_PROTOCOL = ("new_game", "current_player", "legal_actions", "sample_chance", "apply", "is_terminal")


def _resolve(variant: str | Variant) -> Variant:
    if isinstance(variant, str):
        return get_variant(variant)
    if not all(callable(getattr(variant, name, None)) for name in _PROTOCOL):
        raise UnknownVariantError(
            f"expected a game name or a game module, got {type(variant).__name__}"
        )
    return variant


def variant_name(variant: str | Variant) -> str:
    """The registry name of a game given by name or as its module, ``""`` if not registered.

    A module is known by its ``INFO.name`` (`kniffel_rules.GameInfo`) when it
    is the module registered under that name, so no other game is imported.
    """
    if isinstance(variant, str):
        return variant if variant in VARIANTS else ""
    info = getattr(variant, "INFO", None)
    name = info.name if isinstance(info, GameInfo) else ""
    return name if name in VARIANTS and get_variant(name) is variant else ""


_SEED_BOUND: Final = 10**MAX_SEED_DIGITS  # a seed is written as text (`limits.MAX_SEED_DIGITS`)


def game_generators(seed: int, seats: int) -> tuple[random.Random, list[random.Random]]:
    """The generators of one seeded game: chance's, and one for each seat's policy.

    Chance is ``random.Random(f"{seed}:chance")``, seat ``k``'s policy draws
    from ``random.Random(f"{seed}:seat:{k}")`` (string seeds are hashed with
    SHA-512 by `random.Random`, stable across Python versions). The streams
    are separate, so what a policy draws never changes the dice (common
    random numbers): `play`, `record`, `kniffel_rules.simulate` and the
    command line all take their generators from here.

    Args:
        seed: The game's seed.
        seats: The number of players.

    Returns:
        ``(chance, [seat 0's generator, seat 1's, ...])``.

    Raises:
        InvalidStateError: ``seed`` is not an integer, or has more than 4,000
            digits (it could not be written as the text the generators are
            seeded with; path ``seed``), or ``seats`` is not an integer
            ``0..limits.MAX_PLAYERS``.

    Examples:
        >>> chance, (first, second) = game_generators(7, 2)
        >>> chance.random() == game_generators(7, 1)[0].random()
        True
    """
    check_int(seed, "seed")
    check_int(seats, "seats", 0, MAX_PLAYERS)
    if not -_SEED_BOUND < seed < _SEED_BOUND:
        raise InvalidStateError("seed", f"expected at most 4,000 digits, got {brief(seed)}")
    return random.Random(f"{seed}:chance"), [
        random.Random(f"{seed}:seat:{k}") for k in range(seats)
    ]


def _generators(seed: object, seats: int) -> tuple[random.Random, list[random.Random]]:
    """`game_generators` of ``seed``; a generator samples chance and seeds the seats'."""
    if isinstance(seed, random.Random):
        return seed, [random.Random(seed.getrandbits(64)) for _ in range(seats)]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidStateError(
            "seed", f"expected an integer, None or a random.Random, got {brief(seed)}"
        )
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    return game_generators(seed, seats)


def _policies(policies: object) -> Sequence[Policy]:
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence):
        raise InvalidStateError("policies", "expected a list of policies, one per player")
    for i, policy in enumerate(policies):
        if not callable(policy):
            raise InvalidStateError(
                f"policies[{i}]", f"a policy is a callable, got {brief(policy)}"
            )
    return policies


def record(
    variant: str | Variant,
    policies: Sequence[Policy],
    *,
    seed: int | random.Random | None = None,
    rules: Any = None,
    max_steps: int = 1_000_000,
    observe: bool = False,
) -> GameRecord:
    """Play one whole game like `play` and keep every action.

    Args:
        variant: A game name (``"classic"``) or module.
        policies: One policy per player, in seat order.
        seed: The game's seed (an integer; ``None``: a fresh one), or a
            ``random.Random``. Chance and each seat's policy draw from
            separate generators (`game_generators`), so a policy's own draws
            never change the dice: two bots on the same seed see the same
            chance events as long as their choices lead to the same kind of
            event (common random numbers). A ``random.Random`` given here
            samples chance itself, after seeding the seats' generators with
            one ``getrandbits(64)`` each.
        rules: The game's ``Rules`` (``None``: the rulebook).
        max_steps: A safety bound on the number of actions.
        observe: Call each policy with what its player sees,
            ``game.observation(state, seat)``, instead of the whole state
            (the legal actions and the generator are the same). ``False``
            (the default): the policies get the state.

    Returns:
        The game's record, its ``variant`` the game's name in `VARIANTS`
        (``""`` for a module that is not registered).

    Raises:
        IllegalActionError: A policy returned an illegal action (its
            ``seat`` and ``record``, the game so far, say whose and where).
        StepLimitError: The game did not end within ``max_steps``.
        UnknownVariantError: ``variant`` is not a game.
        InvalidStateError: A bad ``policies``, ``seed``, ``rules``,
            ``max_steps`` or ``observe`` (or ``observe=True`` for a game
            module without ``observation``).
    """
    game = _resolve(variant)
    policies = _policies(policies)
    rng, seat_rngs = _generators(seed, len(policies))
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidStateError("max_steps", f"expected a positive integer, got {brief(max_steps)}")
    if not isinstance(observe, bool):
        raise InvalidStateError("observe", f"expected True or False, got {brief(observe)}")
    see: Callable[[Any, int], Any] | None = None
    if observe:
        see = getattr(game, "observation", None)
        if not callable(see):
            raise InvalidStateError("observe", "this game module has no observation function")
    state = game.new_game(players=len(policies), rules=rules)
    initial = state
    name = variant_name(variant)
    actions: list[Any] = []
    for _ in range(max_steps):
        player = game.current_player(state)
        if game.is_terminal(state):
            return GameRecord(initial, tuple(actions), state, name)
        if player == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            given = state if see is None else see(state, player)
            action = policies[player](given, legal, seat_rngs[player])
            try:
                state = game.apply(state, action)
            except IllegalActionError as exc:
                _blame(exc, player, GameRecord(initial, tuple(actions), state, name))
                raise
            actions.append(action)
            continue
        state = game.apply(state, action)
        actions.append(action)
    raise StepLimitError(max_steps, state)


def _blame(exc: IllegalActionError, seat: int, so_far: GameRecord) -> None:
    """Say on ``exc`` whose policy chose the refused action (`IllegalActionError.seat`)."""
    exc.seat = seat
    exc.record = so_far
    note = (
        f"chosen by the policy of seat {seat} ({so_far.initial.names[seat]!r}) after "
        f"{len(so_far.actions)} actions; the error's .record holds the game so far"
    )
    if sys.version_info >= (3, 11):  # the traceback shows it
        exc.add_note(note)


def play(
    variant: str | Variant,
    policies: Sequence[Policy],
    *,
    seed: int | random.Random | None = None,
    rules: Any = None,
    observe: bool = False,
) -> Any:
    """Play one whole game and return its final state.

    Chance (every throw, draw and the start-player roll-off) is sampled from
    a generator of its own, and each seat's policy gets another, all derived
    from ``seed`` (`game_generators`): the same seed replays the same game,
    and a policy's own random draws never change the dice, so two bots
    compared on the same seeds meet the same chance (common random numbers,
    as long as their choices lead to the same kind of chance event).

    Args:
        variant: A game name (``"classic"``) or module.
        policies: One policy per player, in seat order.
        seed: The seed (an integer; ``None``: a fresh one), or a
            ``random.Random`` that samples chance (and first seeds the seats'
            generators, one ``getrandbits(64)`` each).
        rules: The game's ``Rules`` (``None``: the rulebook).
        observe: Call each policy with its player's observation,
            ``game.observation(state, seat)``, instead of the whole state
            (``False``, the default: the state). A policy that decides only
            from what its player sees plays the same game either way.

    Returns:
        The terminal state.

    Examples:
        >>> from kniffel_rules import play, random_policy, classic
        >>> final = play("classic", [random_policy, random_policy], seed=7)
        >>> classic.is_terminal(final)
        True

        A policy given only what its player sees (``observe=True``):

        >>> from kniffel_rules import cards
        >>> def first(seen, actions, rng):
        ...     assert isinstance(seen, cards.Observation)
        ...     return actions[0]
        >>> cards.is_terminal(play("cards", [first, first], seed=1, observe=True))
        True
    """
    return record(variant, policies, seed=seed, rules=rules, observe=observe).final


def replay(variant: str | Variant, initial: Any, actions: Sequence[Any]) -> Any:
    """Apply ``actions`` one after the other from ``initial``.

    Args:
        variant: A game name or module.
        initial: The starting state.
        actions: Actions and chance outcomes, as in `GameRecord.actions`.

    Returns:
        The state after the last action.

    Raises:
        IllegalActionError: An action was not legal where it was applied.
        InvalidStateError: ``initial`` is not a state of the game, or
            ``actions`` not a list.
    """
    game = _resolve(variant)
    game.current_player(initial)  # a junk initial state is refused even with no actions
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        raise InvalidStateError("actions", "expected a list of actions")
    state = initial
    for action in actions:
        state = game.apply(state, action)
    return state
