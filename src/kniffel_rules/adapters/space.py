"""A fixed action index and an observation tensor for each game (pure Python).

Learning frameworks (OpenSpiel, Gymnasium, PettingZoo) number the actions of
a game ``0 .. n-1`` once and for all, and describe a position as a flat
vector of numbers. This module gives both for every game of the registry
(the dice games and the card game), each built from what the game declares
in its ``INFO``, without numpy:

- `ActionSpace.for_game` enumerates every decision a player can ever be
  offered under the given rules, in a fixed documented order, with
  `ActionSpace.index`, `ActionSpace.action` and `ActionSpace.mask`;
- `ChanceSpace.for_game` does the same for the chance outcomes (the dice
  thrown, the roll-off dice, the start player and the cards dealt or drawn):
  they are not decisions and have an index of their own;
- `observation_tensor` turns an observation into a ``list[float]`` whose
  layout `observation_layout` names part by part.

The card game's index has a fixed size under given rules (298 with either
printed board): a play of a combination is the decision sequence
``Begin(combination)``, then one ``Pick(card)`` per card, so no index entry
names a set of cards. Its observation is the player's own view (the other
hands appear as their sizes and the cards everyone saw them take).

    >>> from kniffel_rules import classic
    >>> from kniffel_rules.adapters.space import ActionSpace
    >>> space = ActionSpace.for_game("classic")
    >>> space.size
    223
    >>> space.index(classic.Roll())
    0
    >>> space.action(222)
    Score(Box.CHANCE)
    >>> state = classic.new_game()
    >>> [i for i, legal in enumerate(space.mask(state)) if legal]
    [0]
    >>> from kniffel_rules import cards
    >>> index = ActionSpace.for_game("cards")
    >>> index.size, index.index(cards.Draw()), index.action(71)
    (298, 5, Begin(Combination.FULL_HOUSE))
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, cast

from kniffel_rules._i18n import N_, Text
from kniffel_rules._tensor import Tensor
from kniffel_rules._text import brief
from kniffel_rules.adapters._checks import integer
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.game import GameInfo
from kniffel_rules.variant import VARIANTS, UnknownVariantError, Variant, get_variant

__all__ = [
    "DICE_GAMES",
    "GAMES",
    "ActionSpace",
    "ChanceSpace",
    "UnsupportedGameError",
    "game_name",
    "observation_bounds",
    "observation_layout",
    "observation_tensor",
    "player_limits",
    "resolve_game",
    "tensor_size",
]

GAMES: Final[tuple[str, ...]] = VARIANTS
"""The games the adapters cover: every registered game (each declares its
index, chance outcomes and tensor in its ``INFO``)."""

DICE_GAMES: Final[tuple[str, ...]] = tuple(
    name for name in GAMES if not get_variant(name).INFO.hidden_information
)
"""The games whose observation holds the whole state: the dice games."""


class UnsupportedGameError(UnknownVariantError):
    """A game the adapters do not cover, or one an adapter cannot take (the card game solitaire)."""


def game_name(game: str | Variant | Any) -> str:
    """The registry name of ``game``, a name or a game module, if the adapters cover it.

    A module is known by its ``INFO.name`` and must be the registered module of
    that name.

    Raises:
        UnsupportedGameError: ``game`` is not a game the adapters cover.
    """
    if isinstance(game, str):
        name = game
    else:
        info = getattr(game, "INFO", None)
        name = info.name if isinstance(info, GameInfo) else ""
        if name in GAMES and get_variant(name) is not game:
            name = ""
    if name not in GAMES:
        raise UnsupportedGameError(
            f"unknown game {brief(game)}; the adapters cover {', '.join(GAMES)}"
        )
    return name


def resolve_game(game: str | Variant | Any, rules: Any = None) -> tuple[str, Variant, Any]:
    """The name, module and rules of ``game`` (``rules=None``: the rulebook).

    Raises:
        UnsupportedGameError: ``game`` is not one of `GAMES`.
        InvalidStateError: ``rules`` is not the game's ``Rules`` (path ``rules``).
    """
    name = game_name(game)
    module = get_variant(name)
    if rules is None:
        rules = module.Rules()
    elif not isinstance(rules, module.Rules):
        raise InvalidStateError("rules", f"expected {name} Rules, got {type(rules).__name__}")
    return name, module, rules


def player_limits(game: str | Variant | Any) -> tuple[int, int]:
    """The fewest and the most players ``game`` takes, as its ``INFO`` declares.

    The game's ``new_game`` checks a player count against the same
    ``INFO.min_players`` and ``INFO.max_players`` (classic, Extreme and Yatzy: 1 to
    `kniffel_rules.limits.MAX_PLAYERS`; Master 1 to 4; the Duell 2; the card
    game 2 to 4; no rules option changes them), so the adapters (OpenSpiel's
    registered game types) hold no second copy.

        >>> player_limits("master"), player_limits("duel"), player_limits("cards")
        ((1, 4), (2, 2), (2, 4))

    Raises:
        UnsupportedGameError: not a game the adapters cover.
    """
    info = get_variant(game_name(game)).INFO
    return info.min_players, info.max_players


def _render_text(game: Variant, state: Any, render_mode: str | None) -> str | None:
    """An environment's ``render()`` (Gymnasium's and PettingZoo's render modes).

    Args:
        game: The game's module.
        state: The environment's state (``None`` before ``reset``).
        render_mode: ``"ansi"``: the game's text picture is returned;
            ``"human"``: it is printed; ``None``: nothing.

    Returns:
        The picture under ``"ansi"`` once there is a state, else ``None``.
    """
    if render_mode is None or state is None:
        return None
    text: str = cast(Any, game).render(state)
    if render_mode == "human":
        sys.stdout.write(text + "\n")
        return None
    return text


def _declared(info: GameInfo, what: str) -> Any:
    found = getattr(info, what)
    if found is None:  # pragma: no cover - the registry's test checks every game
        raise UnsupportedGameError(f"the game {info.name} declares no {what} for the adapters")
    return found


def _state_of(view: Any) -> Any:
    # An observation of a dice game carries the whole state; the card game's
    # observation carries its rules and who is to move itself.
    inner = getattr(view, "state", None)
    return view if inner is None else inner


def _to_move(module: Variant, view: Any) -> int:
    """Who is to move at ``view`` (a state, or an observation: ``-1`` unless its player)."""
    to_move = getattr(view, "to_move", None)
    if isinstance(to_move, int) and not hasattr(view, "state"):  # a card-game observation
        return to_move if to_move == view.player else -1
    return module.current_player(_state_of(view))


class _Index:
    """A numbering of a fixed tuple of actions (shared by the two spaces)."""

    __slots__ = ("_actions", "_index", "game", "module", "rules")

    game: str
    module: Variant
    rules: Any
    _actions: tuple[Any, ...]
    _index: dict[Any, int]

    def __init__(self, game: str, module: Variant, rules: Any, actions: Sequence[Any]) -> None:
        self.game = game
        self.module = module
        self.rules = rules
        self._actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(self._actions)}

    @property
    def size(self) -> int:
        """How many entries the index has; they are numbered ``0 .. size-1``."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[Any, ...]:
        """Every entry, in index order."""
        return self._actions

    def index(self, action: Any) -> int:
        """The number of ``action``.

        Raises:
            IllegalActionError: ``action`` is not in the index (another game's
                action, a keep of six dice, a box the rules do not have...).
        """
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise IllegalActionError(
                Text.of(
                    N_("{action} is not an entry of the {game} index under these rules"),
                    action=brief(action),
                    game=self.game,
                )
            ) from None

    def action(self, i: int) -> Any:
        """The entry numbered ``i``.

        Raises:
            InvalidStateError: ``i`` is not an integer in ``0 .. size-1`` (path ``index``).
        """
        last = len(self._actions) - 1
        return self._actions[integer(i, "index", f"an integer 0..{last}", 0, last)]

    def _check(self, view: Any) -> Any:
        state = _state_of(view)
        if getattr(state, "rules", None) != self.rules:
            raise InvalidStateError(
                "state", f"expected a {self.game} state under the rules of this index"
            )
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from the game's name and rules: the module is not picklable,
        # and the numbering is a function of the two.
        return (_rebuild, (type(self), self.game, self.rules))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, _Index)
            and (self.game, self.rules) == (other.game, other.rules)
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.game, self.rules))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game}, size={self.size})"


def _rebuild(kind: type[ActionSpace | ChanceSpace], game: str, rules: Any) -> _Index:
    return kind.for_game(game, rules)


class ActionSpace(_Index):
    """Every decision of one dice game under fixed rules, numbered ``0 .. size-1``.

    The order: the ``Roll`` actions first (the kept dice as multisets by
    size, then lexicographically; for Extreme all with the d10 thrown, then
    all with it kept), then the game's other actions in the order of its
    pieces (classic, Extreme and Yatzy: ``Score`` by box in sheet order; Master:
    ``Fulfil`` by task, ``NumberRows`` one row then two, ``Coins``,
    ``RowAndCoins``, ``Pass``; the Duell: ``Joker`` by die then face,
    ``Move`` by area, ``Miss``). The order is stable within a minor version.

    The card game (no ``Roll``): ``PlaceToken`` by row (5, in ``cards.pieces.ROWS``
    order), ``Draw``, ``Take`` by card (65, in ``cards.pieces.CARDS`` order),
    ``Begin`` by combination (7, in ``Combination`` order), ``Pick`` by card
    (65), then ``Place`` by row, for the Two pairs row one level before two,
    then ``from_reserve`` from 0 to the most tokens those
    levels of the rules' board can take (no placement takes more), then
    ``Exchange`` by card (65), ``Stop``, ``Discard`` by card (65). With the
    printed boards: 0-4 ``PlaceToken``, 5 ``Draw``, 6-70 ``Take``, 71-77
    ``Begin``, 78-142 ``Pick``, 143-166 ``Place``, 167-231 ``Exchange``, 232
    ``Stop``, 233-297 ``Discard``.

    An index pickles and deep-copies (the copy is rebuilt from the game's
    name and rules, and equals the original), so it ships to a worker process.
    """

    __slots__ = ()

    @classmethod
    def for_game(cls, game: str | Variant | Any, rules: Any = None) -> ActionSpace:
        """The action index of ``game`` (a name or a module) under ``rules``.

        Args:
            game: A registered game's name (`kniffel_rules.VARIANTS`, such as
                ``"classic"`` or ``"yatzy"``) or its module.
            rules: The game's ``Rules`` (``None``: the rulebook).

        Raises:
            UnsupportedGameError: not a game the adapters cover.
            InvalidStateError: ``rules`` of another game (path ``rules``).
        """
        name, module, rules = resolve_game(game, rules)
        return cls(name, module, rules, _declared(module.INFO, "action_index")(rules))

    def legal_indices(self, view: Any) -> tuple[int, ...]:
        """The numbers of ``legal_actions(view)`` in their order (``()`` at chance or the end).

        Args:
            view: A state of the game under this index's rules, or an observation.

        Raises:
            InvalidStateError: a state of other rules or another game.
        """
        self._check(view)
        if _to_move(self.module, view) < 0:
            return ()
        return tuple(self.index(a) for a in self.module.legal_actions(view))

    def mask(self, view: Any) -> tuple[bool, ...]:
        """``True`` exactly at the numbers of ``legal_actions(view)``.

        At a chance node or the end of the game every entry is ``False``
        (chance outcomes are not decisions: see `ChanceSpace`). For an
        observation of a seat that is not to move, too.

        Raises:
            InvalidStateError: a state of other rules or another game.
        """
        out = [False] * self.size
        for i in self.legal_indices(view):
            out[i] = True
        return tuple(out)


class ChanceSpace(_Index):
    """Every chance outcome of one dice game, numbered ``0 .. size-1``.

    Classic, Master and the Duell: ``DiceRoll`` of 1..5 dice (the roll-off
    is the one-die throws), by the number of dice, then lexicographically.
    Extreme: the six roll-off dice ``DiceRoll((1,))`` .. ``DiceRoll((6,))``,
    then ``ExtremeRoll`` with the d10 kept (``None``), then with the d10
    showing 0..9, each by the number of d6 thrown, then lexicographically.
    The card game: ``StartPlayer(seat)`` for the seats 0..3, then every
    ``Card`` in ``cards.pieces.CARDS`` order (69 in all, for any number of players).
    """

    __slots__ = ()

    @classmethod
    def for_game(cls, game: str | Variant | Any, rules: Any = None) -> ChanceSpace:
        """The chance index of ``game`` (a name or a module) under ``rules``.

        Raises:
            UnsupportedGameError: not a game the adapters cover.
            InvalidStateError: ``rules`` of another game (path ``rules``).
        """
        name, module, rules = resolve_game(game, rules)
        return cls(name, module, rules, _declared(module.INFO, "chance_index")(rules))

    def outcomes(self, state: Any) -> tuple[tuple[int, Fraction], ...]:
        """``chance_outcomes(state)`` with each outcome replaced by its number.

        Raises:
            IllegalActionError: ``state`` is not a chance node (``PR-06``).
            InvalidStateError: a state of other rules or another game.
        """
        self._check(state)
        return tuple((self.index(o), p) for o, p in self.module.chance_outcomes(state))


# --- observation tensors --------------------------------------------------


def _build(game: str | Variant | Any, observation: Any) -> Tensor:
    name, module, _ = resolve_game(game)
    game_module = cast(Any, module)
    if module.INFO.hidden_information:  # the seat's own view, not a state
        if not isinstance(observation, game_module.Observation):
            raise InvalidStateError("observation", f"expected a {name} observation")
    else:
        state = getattr(observation, "state", None)
        observer = getattr(observation, "player", None)
        if state is None or isinstance(observer, bool) or not isinstance(observer, int):
            raise InvalidStateError("observation", f"expected a {name} observation")
        if not isinstance(state, game_module.State):
            raise InvalidStateError("observation", f"expected a {name} observation")
    t = Tensor()
    _declared(module.INFO, "tensor")(t, module, observation)
    return t


def observation_tensor(game: str | Variant | Any, observation: Any) -> list[float]:
    """The observation as a flat list of floats, in the layout of `observation_layout`.

    Seats are listed from the observer's point of view: ``p0`` is the
    observer, ``p1`` the next seat in the order of play, and so on. The
    parts, for every game:

    - ``to_move``: one-hot over the seats (observer first), then chance,
      then the end of the game (``players + 2``);
    - ``phase``: one-hot roll-off, throw, decide, over (4);
    - ``rolls``: one-hot of the throws made in the turn (4; Extreme
      ``4 + chips``);

    then classic: ``dice`` (how many dice show each face 1..6: the dice
    showing, or the dice kept while a throw is pending), per player
    ``filled`` and ``entries`` (one per box of the sheet under the rules),
    ``extra_bonus``, ``score``, and ``game`` (the game of the series, 0-based,
    and the number of games). Extreme: ``d6`` (face counts), ``d10`` (one-hot
    of 0..9, then "none"), per player ``filled`` and ``entries`` (22
    boxes), ``chips``, ``score``. Master: ``dice``, per player ``tasks`` (6
    flags), ``rows`` (the spaces of rows 1..6), ``coins`` (laps, position),
    ``stars``. The Duell: ``dice``, ``board`` (for each of the 11 areas a
    one-hot of centre, own space, opponent's space, own hole, opponent's
    hole), ``jokers`` and ``supply`` (own, opponent's), ``jokers_used``,
    ``games_won`` (own, opponent's) and ``match_wins``.

    The card game (the observation is a card-game ``Observation``: other
    hands appear only as their size and the cards of theirs everyone knows):
    ``to_move`` as above; ``turn_of`` and ``start_player`` (one-hot over the
    seats, observer first; no start player yet: all zero); ``phase`` (one-hot
    in the order of ``cards.Phase``: 13); ``pending``; ``combination``
    (one-hot in ``Combination`` order, all zero when none: 7); ``round``
    (the rounds completed and ``max_rounds``); four card sets of 65 flags in
    card order (``cards.pieces.CARDS``: by value, then colour): ``hand`` (the
    observer's own), ``display``, ``discards``, ``picked``; ``pile_size``;
    then per seat, observer first, ``shown`` (65 flags: the cards of that
    hand taken from the display and still in it), ``hand_size`` and
    ``tokens`` (reserve, active area, then the tokens on each row in
    ``cards.pieces.ROWS`` order: 7).

    Args:
        game: The game's name or module.
        observation: ``game.observation(state, player)``.

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: not an observation of ``game`` (path ``observation``).
    """
    return _build(game, observation).values


def observation_layout(
    game: str | Variant | Any, players: int = 1, rules: Any = None
) -> tuple[tuple[str, int], ...]:
    """The parts of `observation_tensor` as ``(name, length)`` pairs, in order.

        >>> observation_layout("master", players=2)[:3]
        (('to_move', 4), ('phase', 4), ('rolls', 4))
        >>> observation_layout("cards", players=2)[-3:]
        (('p1.shown', 65), ('p1.hand_size', 1), ('p1.tokens', 7))

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: bad ``players`` or ``rules``.
    """
    name, module, rules = resolve_game(game, rules)
    state = module.new_game(players, rules, first_player=0)
    return tuple(_build(name, module.observation(state, 0)).parts)


def observation_bounds(
    game: str | Variant | Any, players: int = 1, rules: Any = None
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The lowest and the highest value of each entry of `observation_tensor`.

    The game declares them with its tensor (a flag or a one-hot: 0..1; a
    count or a score: the bounds its rules and ``INFO.bounds`` guarantee),
    so every observation of ``players`` seats under ``rules`` lies within.

        >>> low, high = observation_bounds("classic")
        >>> len(low) == len(high) == tensor_size("classic"), min(low), max(high)
        (True, -125.0, 1285.0)

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: bad ``players`` or ``rules``.
    """
    name, module, rules = resolve_game(game, rules)
    state = module.new_game(players, rules, first_player=0)
    t = _build(name, module.observation(state, 0))
    return tuple(t.lows), tuple(t.highs)


def tensor_size(game: str | Variant | Any, players: int = 1, rules: Any = None) -> int:
    """The length of `observation_tensor` for ``players`` players under ``rules``.

        >>> tensor_size("classic")
        47

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: bad ``players`` or ``rules``.
    """
    return sum(n for _, n in observation_layout(game, players, rules))
