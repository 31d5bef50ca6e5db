"""The dice games and the card game as OpenSpiel games (the ``[openspiel]`` extra).

Importing this module registers every game of the registry with ``pyspiel``
as ``kniffel_<name>``: ``kniffel_classic``, ``kniffel_extreme``,
``kniffel_master``, ``kniffel_duel``, ``kniffel_cards`` and ``kniffel_yatzy``,
loaded as ``pyspiel.load_game("kniffel_duel")`` or with parameters,
``pyspiel.load_game("kniffel_classic(players=1,full_cup=True)")`` or
``pyspiel.load_game("kniffel_classic", {"players": 1, "full_cup": True})``:
``players`` is the number of seats (default 2), within the game's own limits
(`kniffel_rules.adapters.space.player_limits`, which the registered
``GameType``'s ``min_num_players`` and ``max_num_players`` state: classic,
Extreme and Yatzy 1 to `kniffel_rules.limits.MAX_PLAYERS`, Master 1 to 4, the Duell 2,
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
- Other observation types (``make_py_observer(iig_obs_type)``, which
  ``open_spiel.python.observation.make_observation`` calls) keep the parts
  the type asks for: ``private_info=NONE`` is the public view (the card
  game's observation without the ``hand``), ``public_info=False`` the hand
  alone; the card game refuses ``ALL_PLAYERS`` (`KniffelObserver`).
- Returns (terminal only): with one player, the final score; with two or
  more, ``+1`` for each winner and ``-1`` for the others (``0`` for all when
  every seat ties), so the Duell and two-player games are zero-sum.
- ``max_game_length`` is a bound on the moves (chance included) that random
  play never approaches; the rules themselves do not bound a roll-off of
  repeated ties, nor a Duell whose discs keep changing sides.

The states wrap the library's immutable states, and the library's rules
decide every legal action. Nothing of a state is ever deep-copied:
``clone()`` shares the immutable states (O(1); `benchmarks/openspiel_clone.py`
compares it with OpenSpiel's C++ ``yacht``), and ``undo_action(player,
action)`` takes back the last move in O(1), the states before it being kept
(`KniffelState`).

A state's ``serialize()`` string is pyspiel's own form for Python games: the
history, then the state's Python attributes as a base64 **pickle**, which
``game.deserialize_state`` and ``pyspiel.deserialize_game_and_state``
unpickle in pyspiel's C++ before this module sees anything. Like any pickle,
read one only from a source you trust: a crafted string runs code. A state
that comes from a client travels as the library's JSON instead,
``get_variant(state.kniffel_game).to_json(state.inner)``, which ``from_json``
reads back checking every field; ``KniffelState(game, inner)`` wraps it
again (its history starts there).

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
import math
import operator
import random
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

from kniffel_rules._text import brief, type_name
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.adapters._checks import finite, integer
from kniffel_rules.adapters.space import (
    GAMES,
    ActionSpace,
    ChanceSpace,
    observation_layout,
    observation_tensor,
    player_limits,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.variant import Variant, get_variant

__all__ = [
    "GAME_NAMES",
    "KniffelGame",
    "KniffelObserver",
    "KniffelState",
    "PlayerAction",
]

GAME_NAMES: dict[str, str] = {f"kniffel_{game}": game for game in GAMES}
"""The OpenSpiel short names and the games they load."""

_CHANCE_ID: int = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_ID: int = int(pyspiel.PlayerId.TERMINAL)


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


def _bounds(game: str, rules: Any, players: int) -> tuple[float, float, int]:
    """(min utility, max utility, max game length) under ``rules``, as the game declares."""
    bounds = _module_of(game).INFO.bounds
    if bounds is None:  # pragma: no cover - the registry's test checks every game
        return 0.0, 0.0, 100_000
    return bounds(rules, players)


def _game_type(game: str, zero_sum: bool = False) -> Any:
    """The registered type (general-sum); a two-player game is loaded as zero-sum."""
    low, high = player_limits(game)
    utility = pyspiel.GameType.Utility
    info = _module_of(game).INFO
    hidden = info.hidden_information
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=f"kniffel_{game}",
        long_name=info.title("de"),  # the published (German) title
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
    # OpenSpiel's parameters are scalars: options that are documents (the
    # card game's boards) stay the rulebook's.
    options = _module_of(game).Rules().to_dict()
    scalars = {name: value for name, value in options.items() if not isinstance(value, dict | list)}
    return {"players": 2, **scalars}


class KniffelGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """One game as a ``pyspiel.Game`` (see the module for the parameters).

    Args:
        game: A registered game's name (`kniffel_rules.VARIANTS`: ``"classic"``,
            ``"extreme"``, ``"master"``, ``"duel"``, ``"cards"``, ``"yatzy"``).
        params: OpenSpiel's parameters: ``players`` and the options of ``Rules``.

    Raises:
        InvalidStateError: ``params`` not a dict (path ``params``), bad
            ``players`` (not an integer, or a count outside the game's
            limits, as its ``new_game`` and the registered type say; path
            ``players``) or rules options (path ``rules.<option>``).
    """

    GAME: ClassVar[str] = ""
    """The registry name of the class's game: set by the class made for each game
    (``pyspiel.load_game("kniffel_classic")`` is one of ``"classic"``); ``""`` here,
    where the ``game`` argument names it."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise InvalidStateError(
                "params", f"expected a dict of parameters or None, got {brief(params)}"
            )
        params = {**_defaults(game), **(params or {})}
        module = _module_of(game)
        players = integer(params.pop("players"), "players", "a number of players")
        rules = module.Rules.from_dict(params)
        # the game's own check of the count (as its type says); every state starts here
        start = module.new_game(players, rules)
        self.kniffel_game = game
        self.kniffel_rules = rules
        self._start = _Node(_table(game, rules), start)
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
        state: KniffelState = KniffelState.__new__(KniffelState)
        pyspiel.State.__init__(state, self)
        state._at = self._start  # the library's start state is immutable: shared
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KniffelObserver:
        """The observer of the observation tensors and strings of ``iig_obs_type``.

        ``open_spiel.python.observation.make_observation(game, iig_obs_type)``
        calls it; ``None`` is OpenSpiel's default observation (public and the
        seat's own private information). See `KniffelObserver` for the types.

        Raises:
            InvalidStateError: (a ``ValueError``) a type the game does not
                offer (the card game's ``PrivateInfoType.ALL_PLAYERS``), a
                ``iig_obs_type`` that is not an ``IIGObservationType``, or
                ``params`` (path ``iig_obs_type`` or ``params``).
        """
        return KniffelObserver(
            self.kniffel_game, self.num_players(), self.kniffel_rules, params, iig_obs_type
        )


class PlayerAction(NamedTuple):
    """One move of a state's history: who made it (``pyspiel.PlayerId.CHANCE``: chance) and what."""

    player: int
    """The seat, or ``pyspiel.PlayerId.CHANCE`` (``-1``)."""
    action: int
    """The action's (or chance outcome's) number."""


class _Table:
    """What every state of one game under one set of rules shares: its module, spaces and texts.

    Immutable once built; copied and pickled as a reference to the
    ``(game, rules)`` it was built for.
    """

    __slots__ = ("actions", "chance", "game", "module", "rules", "texts")

    def __init__(self, game: str, rules: Any) -> None:
        self.game = game
        self.rules = rules
        self.module = _module_of(game)
        self.actions, self.chance = _spaces(game, rules)
        self.texts = _texts(game, rules)

    def __copy__(self) -> _Table:
        return self

    def __deepcopy__(self, memo: Any) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _table, (self.game, self.rules)


@cache
def _table(game: str, rules: Any) -> _Table:
    return _Table(game, rules)


class _Node:
    """One position and the way back to the start: a persistent stack of the library's states.

    ``inner`` is the library's (immutable) state, ``player`` and ``action``
    the move that led here from ``previous`` (the node before, ``None`` at
    the start), ``depth`` the number of moves since the start. A node never
    changes, so a clone shares it (copying a node returns the node) and an
    undo steps back to ``previous``. Pickled as one flat list (no recursion
    however long the game).
    """

    __slots__ = ("action", "depth", "inner", "player", "previous", "table")

    depth: int

    def __init__(
        self,
        table: _Table,
        inner: Any,
        previous: _Node | None = None,
        player: int = 0,
        action: int = 0,
    ) -> None:
        self.table = table
        self.inner = inner
        self.previous = previous
        self.player = player
        self.action = action
        self.depth = 0 if previous is None else previous.depth + 1

    def __copy__(self) -> _Node:
        return self

    def __deepcopy__(self, memo: Any) -> _Node:
        return self

    def path(self) -> list[_Node]:
        """The nodes from the start to this one."""
        nodes: list[_Node] = []
        node: _Node | None = self
        while node is not None:
            nodes.append(node)
            node = node.previous
        nodes.reverse()
        return nodes

    def __reduce__(self) -> tuple[Any, ...]:
        path = self.path()
        moves = [(n.player, n.action, n.inner) for n in path[1:]]
        return _rebuild, (self.table, path[0].inner, moves)


def _rebuild(table: _Table, start: Any, moves: list[tuple[int, int, Any]]) -> _Node:
    node = _Node(table, start)
    for player, action, inner in moves:
        node = _Node(table, inner, node, player, action)
    return node


class KniffelState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A ``pyspiel.State`` around one immutable state of the library.

    The state holds one `_Node`: the library's state and the chain of the
    states before it. The library's states never change, so:

    - ``clone()`` is O(1): the copy shares the node (nothing is deep-copied;
      each state keeps only its own reference to the chain). It is a Python
      method, as are ``apply_action`` and ``undo_action``: Python callers
      (``open_spiel.python.algorithms.mcts``, ``ismcts``) reach them
      directly. C++ callers (``pyspiel.random_sim_test``, C++ bots) go
      through pyspiel's ``PyState::Clone`` and ``ApplyAction``, which start
      a new state and copy the same reference (slower, the same result).
    - ``undo_action(player, action)`` steps back to the previous state in
      O(1), when ``(player, action)`` is the last move of the history; the
      cost is one small node kept per move (the chain back to the start,
      whose states are the library's own, already built). C++ code cannot
      undo (pyspiel does not forward ``UndoAction`` to a Python game).

    pyspiel's C++ base keeps a record of the moves of its own, which a
    Python game can neither copy cheaply nor shorten; it is filled only when
    C++ code applies a move. The state's history is the node chain:
    ``history()``, ``history_str()``, ``full_history()``, ``move_number()``,
    ``is_initial_state()`` and ``is_initial_non_chance_state()`` answer from
    it, right after any mix of clones and undos. The serialised form
    (``serialize()``, pickling) carries the chain, so it reads back as the
    same state with the same history.

    Args:
        game: The `KniffelGame`.
        state: The library's state (the start of this state's history).

    Raises:
        InvalidStateError: ``game`` is not a `KniffelGame` (path ``game``), or
            ``state`` is not a state of its game, rules and number of players
            (path ``state``).
    """

    def __init__(self, game: KniffelGame, state: Any) -> None:
        if not isinstance(game, KniffelGame):
            raise InvalidStateError(
                "game", f"expected a kniffel_rules OpenSpiel game, got {type(game).__name__}"
            )
        table = game._start.table
        if getattr(state, "rules", None) != table.rules:  # another game's, or other rules
            raise InvalidStateError(
                "state", f"expected a {table.game} state under the rules of the game"
            )
        seats = len(table.module.scores(state))
        if seats != game.num_players():
            raise InvalidStateError(
                "state", f"expected a state of {game.num_players()} players, got {seats}"
            )
        super().__init__(game)
        self._at = _Node(table, state)

    @property
    def inner(self) -> Any:
        """The library's state."""
        return self._at.inner

    @property
    def kniffel_game(self) -> str:
        """The game's registry name (``"classic"``)."""
        return self._at.table.game

    @property
    def kniffel_rules(self) -> Any:
        """The game's ``Rules``."""
        return self._at.table.rules

    @property
    def _module(self) -> Variant:
        return self._at.table.module

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        at = self._at
        who = at.table.module.current_player(at.inner)
        if who == CHANCE:
            return _CHANCE_ID
        if who == TERMINAL:
            return _TERMINAL_ID
        return who

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action numbers, ascending."""
        at = self._at
        return sorted(at.table.actions.legal_indices(at.inner))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcome numbers with their exact probabilities as floats, ascending."""
        return _numbered_outcomes(self.kniffel_game, self.kniffel_rules, self.inner)

    def _apply_action(self, action: int) -> None:
        at = self._at
        table = at.table
        who = table.module.current_player(at.inner)
        if who == CHANCE:
            player, move = _CHANCE_ID, table.chance.action(action)
        else:
            player, move = who, table.actions.action(action)
        inner = table.module.apply(at.inner, move)  # the library judges the move
        self._at = _Node(table, inner, at, player, operator.index(action))

    def apply_action(self, action: int) -> None:
        """Make the move (or chance outcome) numbered ``action``.

        Raises:
            IllegalActionError: Not a legal move here (the library's reason).
            InvalidStateError: Not a number of the game's index (path ``index``).
        """
        self._apply_action(action)

    def apply_action_with_legality_check(self, action: int) -> None:
        """`apply_action`: every move is checked by the library's rules anyway."""
        self._apply_action(action)

    def clone(self) -> KniffelState:
        """A copy of this state, history included, that shares its immutable positions (O(1))."""
        twin: KniffelState = type(self).__new__(type(self))
        pyspiel.State.__init__(twin, self.get_game())
        twin._at = self._at
        return twin

    def __copy__(self) -> KniffelState:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> KniffelState:
        return self.clone()

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move: ``action`` by ``player`` (``pyspiel.PlayerId.CHANCE``: chance).

        O(1): the state before it is kept (see the class).

        Raises:
            IllegalActionError: Nothing to undo (the start of this state's
                history: the first state, or one ``resample_from_infostate``
                dealt), or ``(player, action)`` is not the last move.
            InvalidStateError: ``player`` or ``action`` is not an integer
                (path ``player`` or ``action``).
        """
        at = self._at
        who = integer(player, "player", "a player id")
        what = integer(action, "action", "an action number")
        previous = at.previous
        if previous is None:
            raise IllegalActionError(
                "undo_action: nothing to undo, the state is at the start of its history"
            )
        if (who, what) != (at.player, at.action):
            raise IllegalActionError(
                f"undo_action: the last move was action {at.action} by player {at.player}, "
                f"not action {what} by player {who}"
            )
        self._at = previous

    def history(self) -> list[int]:
        """The action numbers from the start, chance outcomes included."""
        return [node.action for node in self._at.path()[1:]]

    def history_str(self) -> str:
        """`history` as OpenSpiel writes it (``"0, 209, 3"``)."""
        return ", ".join(str(action) for action in self.history())

    def full_history(self) -> list[PlayerAction]:
        """Every move from the start: `PlayerAction` ``(player, action)`` pairs."""
        return [PlayerAction(node.player, node.action) for node in self._at.path()[1:]]

    def move_number(self) -> int:
        """The number of moves (chance included) since the start."""
        return self._at.depth

    def is_initial_state(self) -> bool:
        """Whether no move has been made yet."""
        return self._at.previous is None

    def is_initial_non_chance_state(self) -> bool:
        """Whether this is the first decision of a player (every move so far was chance)."""
        if self.is_chance_node():
            return False
        node: _Node | None = self._at
        while node is not None and node.previous is not None:
            if node.player != _CHANCE_ID:
                return False
            node = node.previous
        return True

    def _action_to_string(self, player: int, action: int) -> str:
        """The text of the action numbered ``action`` (``player`` ``CHANCE``: the chance outcome's).

        Raises:
            InvalidStateError: ``action`` is not a number of the index (path ``index``).
        """
        table = self._at.table
        chance = player == _CHANCE_ID
        space = table.chance if chance else table.actions
        space.action(action)  # refuses a number outside the index (or not a number)
        return table.texts[1 if chance else 0][operator.index(action)]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        at = self._at
        return at.table.module.is_terminal(at.inner)

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
        float in [0, 1), as OpenSpiel's ``UniformProbabilitySampler`` gives);
        the dealt state starts a history of its own (nothing to undo). In
        the dice games nothing is hidden: a clone of the state.

        Raises:
            InvalidStateError: ``player_id`` not a seat (path ``player``, or
                ``player_id`` when not an integer), ``probability_sampler``
                not callable or giving something other than a number in
                [0, 1) (path ``probability_sampler``).
        """
        if not self._module.INFO.hidden_information:
            return self.clone()
        module: Any = self._module
        seat = integer(player_id, "player_id", "a player id")
        if not callable(probability_sampler):
            raise InvalidStateError(
                "probability_sampler",
                f"expected a callable giving a number in [0, 1), got {brief(probability_sampler)}",
            )
        draw: Any = probability_sampler()
        try:
            unit = finite(draw, "probability_sampler")  # a real number: not text, not a bool
        except InvalidStateError:
            unit = math.nan
        if not 0.0 <= unit < 1.0:
            raise InvalidStateError(
                "probability_sampler", f"expected a number in [0, 1), got {brief(draw)}"
            )
        rng = random.Random(int(unit * 2**53))
        view = module.observation(self.inner, seat)
        return KniffelState(self.get_game(), module.sample_state(view, rng))

    def __str__(self) -> str:
        return self._module.to_json(self.inner)


class KniffelObserver:
    """OpenSpiel's observer: the observation tensor and string of one seat, of one type.

    The type (``pyspiel.IIGObservationType``) picks the parts of the
    seat's observation (`observation_layout`, observer first): the public
    parts if ``public_info``, the seat's private parts (the card game's
    ``hand``, its ``INFO.private_parts``) if ``private_info`` is ``SINGLE_PLAYER``.
    So the default type (``None``: public and ``SINGLE_PLAYER``) is the
    whole observation, ``private_info=NONE`` the public view (the card game
    without the hand), ``public_info=False`` the hand alone. The dice games
    hide nothing: every type with ``public_info`` is the whole observation,
    and ``private_info=ALL_PLAYERS`` is honoured there (no seat has a
    secret); the card game refuses it, since a seat's observation holds only
    its own hand. ``perfect_recall`` changes nothing: the information state
    is the observation (see the module).

    Attributes:
        tensor: The observation of the last `set_from` (``float32``).
        dict: The parts in `tensor`, by name (views of it).
        public_info: Whether the public parts are observed.
        private_info: Whether the seat's private parts are observed.

    Args:
        game: The game's name.
        players: The number of seats.
        rules: The game's rules.
        params: Observer parameters (none are supported).
        iig_obs_type: The observation type (``None``: OpenSpiel's default,
            ``IIGObservationType(perfect_recall=False)``).

    Raises:
        InvalidStateError: (a ``ValueError``, what OpenSpiel's games raise)
            ``params`` given (path ``params``), or an unsupported or
            malformed type (path ``iig_obs_type``, naming the type).
    """

    def __init__(
        self,
        game: str,
        players: int,
        rules: Any,
        params: Any = None,
        iig_obs_type: Any = None,
    ) -> None:
        if params:
            raise InvalidStateError(
                "params", f"observation parameters are not supported: {brief(params)}"
            )
        public, private = _observation_type(game, iig_obs_type)
        secret = get_variant(game).INFO.private_parts
        self.game = game
        self.public_info = public
        self.private_info = private
        self._secret = secret
        spans: list[tuple[str, int, int]] = []  # the parts kept: name, start, length
        at = 0
        for name, n in observation_layout(game, players, rules):
            if private if name in secret else public:
                spans.append((name, at, n))
            at += n
        kept = [i for _, start, n in spans for i in range(start, start + n)]
        self._keep: Any = None if len(kept) == at else np.array(kept, dtype=np.intp)
        self.tensor = np.zeros(len(kept), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, _, n in spans:
            self.dict[name] = self.tensor[at : at + n]
            at += n

    def _check_state(self, state: Any) -> None:
        if not isinstance(state, KniffelState):
            raise InvalidStateError(
                "state", f"expected a kniffel_{self.game} state, got {type_name(state)}"
            )

    def set_from(self, state: KniffelState, player: int) -> None:
        """Fill `tensor` with ``state`` seen from ``player`` (the parts of the type).

        Raises:
            InvalidStateError: ``state`` not a state of these games (path
                ``state``; a state of another game too), ``player`` not a seat
                (path ``player``).
        """
        self._check_state(state)
        module = get_variant(self.game)
        full = observation_tensor(self.game, module.observation(state.inner, player))
        self.tensor[:] = full if self._keep is None else np.asarray(full, np.float32)[self._keep]

    def string_from(self, state: KniffelState, player: int) -> str:
        """The observation of ``player`` as JSON (``observation_to_dict``, the parts of the type).

        Without ``private_info`` the private keys (the card game's
        ``hand``) are left out; without ``public_info`` only they are kept.

        Raises:
            InvalidStateError: as `set_from`.
        """
        self._check_state(state)
        module = get_variant(self.game)
        view = module.observation_to_dict(module.observation(state.inner, player))
        if not self.private_info:
            view = {key: value for key, value in view.items() if key not in self._secret}
        if not self.public_info:
            view = {key: value for key, value in view.items() if key in self._secret}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _observation_type(game: str, iig_obs_type: Any) -> tuple[bool, bool]:
    """``(public parts, private parts)`` of an observation type, or why the game refuses it."""
    if iig_obs_type is None:
        return True, True
    try:
        public = iig_obs_type.public_info
        kind = iig_obs_type.private_info
    except AttributeError:
        raise InvalidStateError(
            "iig_obs_type",
            f"expected a pyspiel.IIGObservationType or None, got {brief(iig_obs_type)}",
        ) from None
    if not isinstance(public, bool) or not isinstance(kind, pyspiel.PrivateInfoType):
        raise InvalidStateError(
            "iig_obs_type",
            f"expected a pyspiel.IIGObservationType or None, got {brief(iig_obs_type)}",
        )
    if kind == pyspiel.PrivateInfoType.ALL_PLAYERS and get_variant(game).INFO.private_parts:
        raise InvalidStateError(
            "iig_obs_type",
            f"kniffel_{game} does not support private_info=PrivateInfoType.ALL_PLAYERS: "
            "a seat observes only its own hand; ask for SINGLE_PLAYER (the seat's own view) "
            "or NONE (the public view)",
        )
    return public, kind != pyspiel.PrivateInfoType.NONE


def _factory(game: str) -> type[KniffelGame]:
    """The class OpenSpiel loads ``game`` with: a `KniffelGame` subclass made for it.

    One recipe for every registered game (no game has a class of its own
    to keep in step). The class is bound in this module under its name,
    ``Kniffel_<game>``, where pickle looks a game's class up
    (``pickle.dumps(game)``). pyspiel keeps the factories until after
    Python has shut down: a class is released cleanly there, a function
    (or lambda) aborts the interpreter at exit.
    """

    def __init__(self: KniffelGame, params: dict[str, Any] | None = None) -> None:
        KniffelGame.__init__(self, game, params)

    title = _module_of(game).INFO.title()
    name = f"Kniffel_{game}"
    made = type(
        name,
        (KniffelGame,),
        {"__init__": __init__, "__doc__": f"``kniffel_{game}``: {title}.", "GAME": game},
    )
    globals()[name] = made
    return made


def _register() -> None:
    known = set(pyspiel.registered_names())
    for short, game in GAME_NAMES.items():
        if short not in known:
            pyspiel.register_game(_game_type(game), _factory(game))


_register()
