"""The dice games and the card game as OpenSpiel games (the ``[openspiel]`` extra).

Importing this module registers five games with ``pyspiel``:
``kniffel_classic``, ``kniffel_extreme``, ``kniffel_master``,
``kniffel_duel`` and ``kniffel_cards``, loaded as ``pyspiel.load_game("kniffel_duel")`` or with
parameters, ``pyspiel.load_game("kniffel_classic(players=1,full_cup=True)")``
or ``pyspiel.load_game("kniffel_classic", {"players": 1, "full_cup": True})``:
``players`` is the number of seats (default 2), within the game's own limits
(`kniffel_rules.adapters.space.player_limits`, which the registered
``GameType``'s ``min_num_players`` and ``max_num_players`` state: classic and
Extreme 1 to `kniffel_rules.limits.MAX_PLAYERS`, Master 1 to 4, the Duell 2,
the card game 2 to 4; a count beyond them is refused with
``InvalidStateError``), and every option of the
game's ``Rules`` is a parameter of its own, with the rulebook's value as the
default (the card game: ``simpler``, ``trickier`` and ``max_rounds``; its
boards are the printed ones).

- Actions are the numbers of the game's fixed action index
  (`kniffel_rules.adapters.space.ActionSpace`); chance outcomes are the
  numbers of its chance index (`kniffel_rules.adapters.space.ChanceSpace`),
  with their exact probabilities as floats (``chance_outcomes()``): every
  throw and every die of the start-player roll-off is an explicit chance node
  (the card game: the start player, and every card dealt or drawn, each card
  of the pile equally likely).
- Observations: ``observation_tensor(player)`` is the game's observation
  tensor from that seat's side (`kniffel_rules.adapters.space.observation_layout`),
  ``observation_string(player)`` the observation's JSON
  (``observation_to_dict``). Nothing is hidden in the dice games, so they are
  registered as perfect-information games.
- The card game is registered as an imperfect-information game: a seat's
  observation is its own view (its hand, the other hands as their sizes
  and the cards everyone saw them take from the display, the public rest).
  Its information state (``information_state_tensor``/``_string``) is that
  same observation: the game keeps on the table what a player learnt (the
  discards, the boards, the ``shown`` cards, the round and the turn's
  bookkeeping), so two histories a player can tell apart nearly always
  leave different observations. It is not strict perfect recall: the
  player's own past actions are not listed, and the order in which cards
  came and went (and what lay in the discard pile once it has been
  shuffled into a new pile) is not kept. ``resample_from_infostate`` deals
  the unseen cards again (``cards.sample_state``), for OpenSpiel's ISMCTS.
- Returns (terminal only): with one player, the final score; with two or
  more, ``+1`` for each winner and ``-1`` for the others (``0`` for all when
  every seat ties), so the Duell and two-player games are zero-sum.
- ``max_game_length`` is a bound on the moves (chance included) that random
  play never approaches; the rules themselves do not bound a roll-off of
  repeated ties, nor a Duell whose discs keep changing sides.

The states wrap the library's immutable states, so cloning is
cheap and the library's rules decide every legal action.

    >>> import pyspiel
    >>> import kniffel_rules.adapters.openspiel
    >>> game = pyspiel.load_game("kniffel_duel")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())  # the roll-off
    (True, 6)
    >>> cards = pyspiel.load_game("kniffel_cards(players=3,max_rounds=20)")
    >>> cards.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    True
    >>> cards.num_distinct_actions(), cards.max_chance_outcomes()
    (298, 69)
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.adapters.space import (
    GAMES,
    ActionSpace,
    ChanceSpace,
    observation_layout,
    observation_tensor,
    player_limits,
)
from kniffel_rules.dice import all_multisets
from kniffel_rules.variant import Variant, get_variant

__all__ = [
    "GAME_NAMES",
    "KniffelCards",
    "KniffelClassic",
    "KniffelDuel",
    "KniffelExtreme",
    "KniffelGame",
    "KniffelMaster",
    "KniffelObserver",
    "KniffelState",
]

GAME_NAMES: dict[str, str] = {f"kniffel_{game}": game for game in GAMES}
"""The OpenSpiel short names and the games they load."""

_LONG: dict[str, str] = {
    "classic": "Kniffel",
    "extreme": "Kniffel Extreme",
    "master": "Kniffel Master",
    "duel": "Kniffel: Das Duell",
    "cards": "Kniffel: Das Kartenspiel",
}
_CARD_OPTIONS = ("simpler", "trickier", "max_rounds")  # the boards stay the printed ones


@cache
def _spaces(game: str, rules: Any) -> tuple[ActionSpace, ChanceSpace]:
    return ActionSpace.for_game(game, rules), ChanceSpace.for_game(game, rules)


@cache
def _module_of(game: str) -> Variant:
    return get_variant(game)


@cache
def _texts(game: str, rules: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    module = _module_of(game)
    actions, chance = _spaces(game, rules)
    return (
        tuple(module.action_to_text(a) for a in actions.actions),
        tuple(module.action_to_text(o) for o in chance.actions),
    )


# The games hand out the same tuple of outcomes for the same throw; its
# numbered, sorted, float form is kept by the tuple's identity (the tuple
# itself is held too, so the id cannot be reused while the entry lives).
_OUTCOMES: dict[int, tuple[Any, list[tuple[int, float]]]] = {}


def _numbered_outcomes(game: str, rules: Any, state: Any) -> list[tuple[int, float]]:
    raw = _module_of(game).chance_outcomes(state)
    hit = _OUTCOMES.get(id(raw))
    if hit is not None and hit[0] is raw:
        return list(hit[1])
    _, chance = _spaces(game, rules)
    numbered = sorted((chance.index(o), float(p)) for o, p in raw)
    if len(_OUTCOMES) > 4096:
        _OUTCOMES.clear()
    _OUTCOMES[id(raw)] = (raw, numbered)
    return list(numbered)


@cache
def _extreme_best(rules: Any) -> int:
    extreme: Any = _module_of("extreme")
    return max(
        int(extreme.score(box, (*d6, d10)))
        for d6 in all_multisets(5)
        for d10 in range(10)
        for box in extreme.Box
    )


def _bounds(game: str, rules: Any, players: int) -> tuple[float, float, int]:
    """(min utility, max utility, max game length) under ``rules``."""
    roll_off = 50 * players
    if game == "classic":
        classic: Any = _module_of("classic")
        boxes = len(classic.pieces.sheet_boxes(rules))
        best = max(30, rules.full_house_score, rules.small_straight_score)
        best = max(best, rules.large_straight_score, rules.kniffel_score)
        per_game = boxes * best + rules.upper_bonus + 12 * rules.extra_kniffel_bonus
        length = rules.games * players * boxes * 7 + roll_off
        return -125.0 * rules.games, float(per_game * rules.games), length
    if game == "extreme":
        per_game = 22 * _extreme_best(rules) + rules.upper_bonus
        return 0.0, float(per_game), players * 22 * (2 * (3 + rules.chips) + 1) + roll_off
    if game == "master":
        return 0.0, 200.0, 100_000 * players
    if game == "cards":
        # setup and the deal, then per turn at most a few moves per card
        return -1.0, 1.0, 200 + rules.max_rounds * players * 2 * 65
    return 0.0, 0.0, 100_000 * rules.match_wins


def _game_type(game: str, zero_sum: bool = False) -> Any:
    """The registered type (general-sum); a two-player game is loaded as zero-sum."""
    low, high = player_limits(game)
    utility = pyspiel.GameType.Utility
    hidden = game == "cards"
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=f"kniffel_{game}",
        long_name=_LONG[game],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.IMPERFECT_INFORMATION
        if hidden
        else information.PERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=hidden,
        provides_information_state_tensor=hidden,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_defaults(game),
    )


def _defaults(game: str) -> dict[str, Any]:
    options = _module_of(game).Rules().to_dict()
    if game == "cards":
        options = {name: options[name] for name in _CARD_OPTIONS}
    return {"players": 2, **options}


class KniffelGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """One game as a ``pyspiel.Game`` (see the module for the parameters).

    Args:
        game: ``"classic"``, ``"extreme"``, ``"master"``, ``"duel"`` or ``"cards"``.
        params: OpenSpiel's parameters: ``players`` and the options of ``Rules``.

    Raises:
        InvalidStateError: bad ``players`` (a count outside the game's limits,
            as its ``new_game`` and the registered type say; path ``players``)
            or rules options (path ``rules.<option>``).
    """

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = {**_defaults(game), **(params or {})}
        module = _module_of(game)
        players = params.pop("players")
        rules = module.Rules.from_dict(params)
        module.new_game(players, rules)  # the game's own check of the count (as its type says)
        self.kniffel_game = game
        self.kniffel_rules = rules
        actions, chance = _spaces(game, rules)
        low, high, length = _bounds(game, rules, players)
        zero_sum = players == 2
        game_type = _game_type(game, zero_sum)
        if players >= 2:
            low, high = -1.0, 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            max_chance_outcomes=chance.size,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        super().__init__(game_type, info, {"players": players, **params})

    def new_initial_state(self) -> KniffelState:
        """The start of a game: the roll-off, with two or more players."""
        module = get_variant(self.kniffel_game)
        start = module.new_game(self.num_players(), self.kniffel_rules)
        return KniffelState(self, start)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KniffelObserver:
        """The observer of the observation tensors and strings."""
        return KniffelObserver(self.kniffel_game, self.num_players(), self.kniffel_rules, params)


class KniffelState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A ``pyspiel.State`` around one immutable state of the library.

    Args:
        game: The `KniffelGame`.
        state: The library's state.
    """

    def __init__(self, game: KniffelGame, state: Any) -> None:
        super().__init__(game)
        self.kniffel_game: str = game.kniffel_game
        self.kniffel_rules: Any = game.kniffel_rules
        self.inner: Any = state

    @property
    def _module(self) -> Variant:
        return _module_of(self.kniffel_game)

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        who = self._module.current_player(self.inner)
        if who == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if who == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return who

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action numbers, ascending."""
        actions, _ = _spaces(self.kniffel_game, self.kniffel_rules)
        return sorted(actions.legal_indices(self.inner))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcome numbers with their exact probabilities as floats, ascending."""
        return _numbered_outcomes(self.kniffel_game, self.kniffel_rules, self.inner)

    def _apply_action(self, action: int) -> None:
        actions, chance = _spaces(self.kniffel_game, self.kniffel_rules)
        space = chance if self.is_chance_node() else actions
        self.inner = self._module.apply(self.inner, space.action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        actions, chance = _texts(self.kniffel_game, self.kniffel_rules)
        return (chance if player == pyspiel.PlayerId.CHANCE else actions)[int(action)]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._module.is_terminal(self.inner)

    def returns(self) -> list[float]:
        """Solitaire: the score; else +1 per winner, -1 for the others (0 before the end)."""
        module = self._module
        n = self.num_players()
        if not module.is_terminal(self.inner):
            return [0.0] * n
        if n == 1:
            return [float(module.scores(self.inner)[0])]
        winners = module.winners(self.inner)
        if len(winners) == n:
            return [0.0] * n
        return [1.0 if seat in winners else -1.0 for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KniffelState:
        """A state that ``player_id`` cannot tell from this one, drawn at random (the card game).

        The unseen cards (the other hands but the cards everyone saw them
        take, and the pile) are dealt again uniformly at random
        (``cards.sample_state``), seeded from ``probability_sampler()`` (a
        float in [0, 1), as OpenSpiel's ``UniformProbabilitySampler`` gives).
        In the dice games nothing is hidden: the state itself.
        """
        if self.kniffel_game != "cards":
            return KniffelState(self.get_game(), self.inner)
        module: Any = self._module
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        view = module.observation(self.inner, int(player_id))
        return KniffelState(self.get_game(), module.sample_state(view, rng))

    def __str__(self) -> str:
        return self._module.to_json(self.inner)


class KniffelObserver:
    """OpenSpiel's observer: the observation tensor and string of one seat.

    Args:
        game: The game's name.
        players: The number of seats.
        rules: The game's rules.
        params: Observer parameters (none are supported).

    Raises:
        ValueError: ``params`` given.
    """

    def __init__(self, game: str, players: int, rules: Any, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        self.game = game
        parts = observation_layout(game, players, rules)
        self.tensor = np.zeros(sum(n for _, n in parts), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, n in parts:
            self.dict[name] = self.tensor[at : at + n]
            at += n

    def set_from(self, state: KniffelState, player: int) -> None:
        """Fill `tensor` with ``state`` seen from ``player``."""
        module = get_variant(self.game)
        self.tensor[:] = observation_tensor(self.game, module.observation(state.inner, player))

    def string_from(self, state: KniffelState, player: int) -> str:
        """The observation of ``player`` as JSON (``observation_to_dict``)."""
        module = get_variant(self.game)
        view = module.observation_to_dict(module.observation(state.inner, player))
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


class KniffelClassic(KniffelGame):
    """``kniffel_classic``: classic Kniffel (``params``: ``players`` and the ``Rules`` options)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("classic", params)


class KniffelExtreme(KniffelGame):
    """``kniffel_extreme``: Kniffel Extreme (``params``: ``players`` and the ``Rules`` options)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("extreme", params)


class KniffelMaster(KniffelGame):
    """``kniffel_master``: Kniffel Master (``params``: ``players`` and the ``Rules`` options)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("master", params)


class KniffelCards(KniffelGame):
    """``kniffel_cards``: the card game.

    ``params``: ``players`` (2-4) and the ``Rules`` options ``simpler``,
    ``trickier`` and ``max_rounds`` (the boards are the printed ones).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("cards", params)


class KniffelDuel(KniffelGame):
    """``kniffel_duel``: Kniffel: Das Duell (``params``: ``players`` = 2, the ``Rules`` options)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("duel", params)


# pyspiel keeps the factories until after Python has shut down: a class is
# released cleanly there, a function (or lambda) aborts the interpreter at exit.
_FACTORIES: dict[str, type[KniffelGame]] = {
    "classic": KniffelClassic,
    "extreme": KniffelExtreme,
    "master": KniffelMaster,
    "duel": KniffelDuel,
    "cards": KniffelCards,
}


def _register() -> None:
    known = set(pyspiel.registered_names())
    for short, game in GAME_NAMES.items():
        if short not in known:
            pyspiel.register_game(_game_type(game), _FACTORIES[game])


_register()
