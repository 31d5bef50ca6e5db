"""Gymnasium environments for every game (the ``[gymnasium]`` extra).

Importing this module registers one environment per game of the registry
(`kniffel_rules.variant.VARIANTS`), its id built from the game's name:
``"kniffel_rules/Classic-v0"``, ``"kniffel_rules/Extreme-v0"`` and so on,
one per game (`ENVIRONMENTS` lists them). Each is a
single-agent environment: the agent plays one seat (``seat=0`` unless
chosen), and the other seats are the library's bots (``opponents=[...]``,
names of `kniffel_rules.bots.BOTS` for the game, or ``"random"``), whose
moves and every chance event are played inside ``step``. A game that can be
played alone starts solitaire (``opponents=()``); the Duell and the card
game start against ``min_players - 1`` copies of the game's first bot in
``BOTS`` (its greedy one). So ``gymnasium.make("kniffel_rules/Classic-v0",
opponents=["greedy", "greedy"])`` is a table of three. The bots' generator
and the dice's are two ``random.Random`` seeded from ``reset(seed=...)``.

All take ``rules=`` (the game's ``Rules``, default the rulebook) through
``gymnasium.make``. The action space is ``Discrete(n)`` over the game's fixed
action index (`kniffel_rules.adapters.space.ActionSpace`).

Observations (``obs=``): ``"raw"`` (the default) is the game's observation
tensor from the agent's seat as ``float32`` (layout:
`kniffel_rules.adapters.space.observation_layout`), in a ``Box`` whose
bounds are the ones the game declares for every entry
(`kniffel_rules.adapters.space.observation_bounds`: flags 0..1, dice counts
0..5, a box's best score, the score range of ``INFO.bounds``...);
``"normalized"`` is the same tensor scaled into ``[0, 1]`` by those bounds
(``(raw - low) / (high - low)``), in ``Box(0, 1)``. An entry the rules hold
constant (Extreme's chips with ``chips=0``) gets the bounds ``low .. low + 1``
(Gymnasium's checker refuses a box of equal bounds), so it reads 0
normalised. In the card game the agent sees only its own view.

Rewards (``reward=``): ``"points"``, the change of the agent's score
(``scores(state)[seat]``) from its action to its next decision (bonuses in
the step that earns them; what a fresh sheet already holds, an upper bonus
whose threshold is 0, in the first step), so a solitaire episode's rewards
add up to the final score; ``"win"``, nothing until the end, then ``+1`` if the agent is
among the winners, ``-1`` if not, ``0`` when every seat ties (PettingZoo's
``reward="win"``). By default (``reward=None``) the games scored on a box
sheet (the games whose ``INFO`` declares ``box_play``) and every solitaire game reward points;
Master, the Duell and the card game at a table reward the win (their
"score" is stars, games won or a ranking, not points to add up).

The mask of the legal actions is ``info["action_mask"]`` (``int8``) and
``action_masks()`` (a ``bool`` array, the convention of sb3-contrib's
``MaskablePPO``; through wrappers: ``env.get_wrapper_attr("action_masks")()``
or ``env.unwrapped.action_masks()``).

Episode length: every registration has ``max_episode_steps``, the most
decisions a game of the registered table under the rulebook can take
(``INFO.bounds``, the length OpenSpiel reads too: classic 141, Extreme 336,
Master 100,000 ...); the
environment's own ``max_episode_steps`` is that bound for its rules and
table, and ``step`` truncates there by itself. A masked agent is never
truncated: only refused actions (which change nothing) can make an episode
that long. With house rules or more seats than registered, the environment's
own bound may be the larger: pass ``max_episode_steps=-1`` to
``gymnasium.make`` to leave the limit to the environment.

Render modes: ``"ansi"`` (``render()`` returns the game's plain-text
picture, in English) and ``"human"`` (the picture is printed to standard
output after ``reset`` and each ``step``, and ``render()`` returns ``None``,
as Gymnasium specifies). An environment pickles and deep-copies (a copy
taken mid-game plays on exactly as the original, dice and bots included),
so it ships to a worker process.

An illegal action is, by default, refused with a penalty: the state does not
change, the reward is ``illegal_reward`` (``-1.0``) and
``info["illegal_action"]`` is ``True`` (so random agents and
``gymnasium.utils.env_checker.check_env`` can step the environment). With
``illegal="raise"`` it raises ``IllegalActionError`` naming the rule instead.

    >>> import gymnasium
    >>> import kniffel_rules.adapters.gymnasium
    >>> env = gymnasium.make("kniffel_rules/Classic-v0")
    >>> obs, info = env.reset(seed=1)
    >>> int(info["action_mask"].sum())  # only the first roll
    1
    >>> obs, reward, terminated, truncated, info = env.step(0)
    >>> reward, terminated, int(info["action_mask"][0])
    (0.0, False, 1)
    >>> env.unwrapped.action_masks().dtype, env.spec.max_episode_steps
    (dtype('bool'), 141)
    >>> duel = gymnasium.make("kniffel_rules/Duel-v0", obs="normalized")
    >>> obs, info = duel.reset(seed=3)
    >>> bool(obs.min() >= 0 and obs.max() <= 1), duel.unwrapped.opponents
    (True, ('greedy',))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.adapters._checks import finite, integer
from kniffel_rules.adapters.arrays import action_mask, box_bounds, observation_array
from kniffel_rules.adapters.space import (
    GAMES,
    ActionSpace,
    _render_text,
    game_name,
    resolve_game,
)
from kniffel_rules.bots import BOTS, make_bot
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.playing import Policy
from kniffel_rules.variant import Variant, get_variant

__all__ = [
    "ENVIRONMENTS",
    "OBSERVATIONS",
    "RENDER_MODES",
    "REWARDS",
    "KniffelEnv",
    "SeedError",
    "default_opponents",
    "env_id",
    "episode_bound",
]

RENDER_MODES: Final[tuple[str, ...]] = ("ansi", "human")
"""The render modes besides ``None``: the picture returned (``"ansi"``) or printed (``"human"``)."""

OBSERVATIONS: Final[tuple[str, ...]] = ("raw", "normalized")
"""The observation forms: the raw tensor in its declared bounds, or scaled into ``[0, 1]``."""

REWARDS: Final[tuple[str, ...]] = ("points", "win")
"""The reward forms: the agent's score gain, or +1/-1/0 at the end (``None``: the game's own)."""


def env_id(game: str) -> str:
    """The Gymnasium id of a game of the registry (``"kniffel_rules/Classic-v0"``).

    Raises:
        UnsupportedGameError: not a game the adapters cover.
    """
    return f"kniffel_rules/{game_name(game).capitalize()}-v0"


class SeedError(InvalidStateError, gymnasium.error.Error):
    """A seed that is not ``None`` or an integer >= 0 (path ``seed``).

    Both the library's `InvalidStateError` and Gymnasium's ``error.Error``,
    which Gymnasium's own ``reset`` raises for such a seed.
    """


ENVIRONMENTS: dict[str, str] = {env_id(name): name for name in GAMES}
"""The registered environment ids and their games: every game of the registry."""

IllegalMode = Literal["penalty", "raise"]
ObservationMode = Literal["raw", "normalized"]
RewardMode = Literal["points", "win"]


def default_opponents(game: str) -> tuple[str, ...]:
    """The bots a game's environment plays against unless told: none if it can be played alone.

    Otherwise ``min_players - 1`` copies of the game's first bot of
    `kniffel_rules.bots.BOTS` (its greedy one).

        >>> default_opponents("classic"), default_opponents("duel")
        ((), ('greedy',))
    """
    name, module, _ = resolve_game(game)
    info = module.INFO
    if info.min_players == 1:
        return ()
    return (next(iter(BOTS[name])),) * (info.min_players - 1)


def episode_bound(game: str, rules: Any = None, players: int = 1) -> int:
    """The most decisions one game of ``players`` seats under ``rules`` can take.

    The length the game declares in ``INFO.bounds`` (decisions and chance
    events of all seats together, so it bounds one seat's decisions too):
    an episode of the agent's legal actions never reaches it.

        >>> episode_bound("classic"), episode_bound("classic", players=3)
        (141, 423)

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: bad ``rules``, or ``players`` not a number of
            players the game takes (path ``players``).
    """
    _, module, rules = resolve_game(game, rules)
    players = integer(players, "players", "a number of players")
    module.new_game(players, rules)  # the game's own check of the count
    bounds = module.INFO.bounds
    if bounds is None:  # pragma: no cover - the registry's test checks every game
        raise InvalidStateError("game", f"{module.INFO.name} declares no bounds")
    return int(bounds(rules, players)[2])


def _episode_limit(max_episode_steps: Any, game: str, rules: Any, players: int) -> int:
    """The step at which an environment truncates: ``max_episode_steps`` or its own bound.

    ``None`` or ``-1`` (Gymnasium's "no limit of the registry") leave the
    limit to the environment: `episode_bound` for its rules and table.

    Raises:
        InvalidStateError: not ``None``, ``-1`` or an integer >= 1 (path
            ``max_episode_steps``).
    """
    if max_episode_steps is None:
        return episode_bound(game, rules, players)
    expected = "None, -1 (the bound of the rules) or an integer >= 1"
    steps = integer(max_episode_steps, "max_episode_steps", expected, least=-1)
    if steps == -1:
        return episode_bound(game, rules, players)
    if steps == 0:
        raise InvalidStateError("max_episode_steps", f"expected {expected}, got 0")
    return steps


def _bot(game: str, name: Any, rules: Any) -> Policy:
    known = BOTS.get(game, {})
    if name != "random" and (not isinstance(name, str) or name not in known):
        names = ", ".join([*known, "random"])
        raise InvalidStateError(
            "opponents", f"expected bot names of {game} ({names}), got {brief(name)}"
        )
    return make_bot(game, name, rules)  # a bot solved for the rules gets them


class KniffelEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """A game as a single-agent Gymnasium environment (see the module).

    Args:
        game: A game of the registry (``"classic"``, ``"duel"``, ``"cards"``...).
        rules: The game's ``Rules`` (``None``: the rulebook).
        illegal: ``"penalty"`` (default) or ``"raise"``, see the module.
        illegal_reward: The reward of a refused action under ``"penalty"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the game's
            plain-text picture, the game's ``render`` in English) or
            ``"human"`` (the picture is printed after ``reset`` and each
            ``step``).
        obs: ``"raw"`` (default) or ``"normalized"`` (values in ``[0, 1]``).
        opponents: The bots at the other seats, by their names in
            `kniffel_rules.bots.BOTS` (or ``"random"``); ``None``:
            `default_opponents`.
        seat: The agent's seat, ``0 .. len(opponents)``; the bots take the
            others in order.
        reward: ``"points"``, ``"win"`` or ``None`` (the game's natural one,
            see the module).
        max_episode_steps: Truncate an episode after this many steps;
            ``None`` or ``-1``: the bound for the rules and the table
            (`episode_bound`). Through ``gymnasium.make`` the keyword is
            Gymnasium's own (its ``TimeLimit``), and the environment keeps
            its bound.

    Attributes:
        game_state: The library's state of the game being played (the
            game's ``State``: the whole table, every seat's secrets
            included), ``None`` before the first ``reset``. Read it to
            score, render or store the game; the agent observes only
            ``observation``.

    Raises:
        UnsupportedGameError: a game the adapters do not cover.
        InvalidStateError: bad ``rules``, ``illegal``, ``illegal_reward``
            (not a finite number), ``render_mode``, ``obs``, ``opponents``
            (a name that is not a bot of the game, or a table the game does
            not allow), ``seat``, ``reward`` or ``max_episode_steps``; the
            path names the argument.
    """

    # Gymnasium's attribute; render_fps only paces a player of recorded frames
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str = "classic",
        rules: Any = None,
        illegal: IllegalMode = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        obs: ObservationMode = "raw",
        opponents: Sequence[str] | None = None,
        seat: int = 0,
        reward: RewardMode | None = None,
        max_episode_steps: int | None = None,
    ) -> None:
        name, module, rules = resolve_game(game, rules)
        info = module.INFO
        if illegal not in ("penalty", "raise"):
            raise InvalidStateError(
                "illegal", f"expected 'penalty' or 'raise', got {brief(illegal)}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidStateError(
                "render_mode", f"expected None, 'ansi' or 'human', got {brief(render_mode)}"
            )
        if obs not in OBSERVATIONS:
            raise InvalidStateError(
                "obs", f"expected 'raw' or 'normalized', got {brief(obs)}"
            )
        if reward is not None and reward not in REWARDS:
            raise InvalidStateError(
                "reward", f"expected None, 'points' or 'win', got {brief(reward)}"
            )
        if opponents is None:
            opponents = default_opponents(name)
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            raise InvalidStateError(
                "opponents", f"expected a list of bot names, got {brief(opponents)}"
            )
        bots = tuple(opponents)
        for bot in bots:
            _bot(name, bot, rules)  # refuses an unknown name now, not at reset
        players = len(bots) + 1
        if not info.min_players <= players <= info.max_players:
            raise InvalidStateError(
                "opponents",
                f"{info.title()} is for {info.min_players} to {info.max_players} players: "
                f"give {info.min_players - 1} to {info.max_players - 1} opponents, not {len(bots)}",
            )
        seat = integer(seat, "seat", f"a seat 0..{players - 1}", 0, players - 1)
        self.game = name
        self.rules = rules
        self.opponents = bots
        self.seat = seat
        self.players = players
        self.reward_mode: RewardMode = reward or (
            "points" if players == 1 or info.score_sheet else "win"
        )
        self.obs_mode = obs
        self.index = ActionSpace.for_game(name, rules)
        self.illegal = illegal
        self.illegal_reward = finite(illegal_reward, "illegal_reward")
        self.render_mode = render_mode
        self.max_episode_steps = _episode_limit(max_episode_steps, name, rules, players)
        self.action_space = spaces.Discrete(self.index.size)
        low, high = box_bounds(name, players, rules)
        self._low = low.astype(np.float64)
        self._scale = 1.0 / (high.astype(np.float64) - self._low)
        if obs == "raw":
            self.observation_space = spaces.Box(low, high, dtype=np.float32)
        else:
            self.observation_space = spaces.Box(0.0, 1.0, low.shape, np.float32)
        self.game_state: Any = None
        self._chance = random.Random(0)
        self._bot_rng = random.Random(0)
        self._policies: dict[int, Policy] | None = None
        self._steps = 0
        self._unpaid = 0  # the score the game started with, paid in the first step
        self._mask = np.zeros(self.index.size, dtype=np.int8)

    @property
    def module(self) -> Variant:
        """The game's module (looked up by name, so the environment pickles)."""
        return get_variant(self.game)

    def _bots(self) -> dict[int, Policy]:
        # The bots by seat, built on first use (a copy builds its own).
        if self._policies is None:
            seats = [s for s in range(self.players) if s != self.seat]
            self._policies = {
                s: _bot(self.game, b, self.rules)
                for s, b in zip(seats, self.opponents, strict=True)
            }
        return self._policies

    def __getstate__(self) -> dict[str, Any]:
        """The environment's fields, without the bots (rebuilt on first use)."""
        state = dict(self.__dict__)
        state["_policies"] = None
        return state

    def _advance(self) -> None:
        # Throw the dice and let the bots play until the agent decides or the game is over.
        module = self.module
        hidden = module.INFO.hidden_information
        while True:
            who = module.current_player(self.game_state)
            if who == CHANCE:
                self.game_state = module.apply(
                    self.game_state, module.sample_chance(self.game_state, self._chance)
                )
            elif who == TERMINAL or who == self.seat:
                return
            else:
                view = module.observation(self.game_state, who) if hidden else self.game_state
                legal = module.legal_actions(self.game_state)
                self.game_state = module.apply(
                    self.game_state, self._bots()[who](view, legal, self._bot_rng)
                )

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        view = self.module.observation(self.game_state, self.seat)
        raw = observation_array(self.game, view)
        self._mask = action_mask(self.index, view)
        if self.obs_mode == "normalized":
            raw = ((raw - self._low) * self._scale).astype(np.float32)
        return raw, {"action_mask": self._mask.copy()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent now, as ``bool`` (sb3-contrib's ``MaskablePPO``).

        The same as ``info["action_mask"]`` of the last ``reset`` or
        ``step``; all ``False`` before the first ``reset`` and at the end.
        """
        return self._mask.astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; ``seed`` seeds the dice and the bots (Gymnasium's ``np_random``).

        The bots' moves and the chance events before the agent's first
        decision are played here.

        Returns:
            The observation and ``info`` with the ``action_mask``.

        Raises:
            SeedError: ``seed`` is not ``None`` or an integer >= 0 (numpy's
                integers too; a bool is not a seed); the environment is unchanged.
        """
        if seed is not None:  # numpy's integers as Python's, which Gymnasium's seeding takes
            seed = integer(seed, "seed", "None or an integer >= 0", least=0, error=SeedError)
        super().reset(seed=seed)
        self._chance = random.Random(int(self.np_random.integers(2**63)))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        self.game_state = self.module.new_game(self.players, self.rules)
        self._steps = 0
        self._advance()
        self._unpaid = self.module.scores(self.game_state)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def _reward(self, before: float) -> float:
        module = self.module
        if self.reward_mode == "points":
            unpaid, self._unpaid = self._unpaid, 0
            return float(module.scores(self.game_state)[self.seat] - before + unpaid)
        if not module.is_terminal(self.game_state):
            return 0.0
        winners = module.winners(self.game_state)
        if len(winners) == self.players:
            return 0.0
        return 1.0 if self.seat in winners else -1.0

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Take the action numbered ``action``, then the dice and the bots' moves it calls for.

        ``action`` is an integer (a numpy integer too). Anything else (a
        float, a string, a bool) is not an action number: it is refused as
        an illegal action is (a penalty, or `IllegalActionError`), never
        rounded to one.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; ``info``
            holds the ``action_mask`` and ``illegal_action``. ``truncated``
            once ``max_episode_steps`` steps have not ended the game (only
            refused actions can make it so long).

        Raises:
            IllegalActionError: under ``illegal="raise"``, an action that is
                not legal (the rule's words; the environment is unchanged, the
                step not counted towards ``max_episode_steps``), or ``step``
                before ``reset`` or after the end.
        """
        module = self.module
        if self.game_state is None or module.current_player(self.game_state) == TERMINAL:
            raise IllegalActionError(N_("the game is over or not started: call reset()"))
        try:
            chosen = self.index.action(action)  # an integer (numpy's too), not a float or text
        except InvalidStateError:
            chosen = None
        reason = (
            Text.of(
                N_("{action} is not an action number 0..{last}"),
                action=brief(action),
                last=self.index.size - 1,
            )
            if chosen is None
            else module.why_illegal(self.game_state, chosen)
        )
        if reason is not None and self.illegal == "raise":
            raise IllegalActionError(reason)  # the environment unchanged: not even a step counted
        self._steps += 1
        truncated = self._steps >= self.max_episode_steps
        if reason is not None:
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, self.illegal_reward, False, truncated, info
        before = module.scores(self.game_state)[self.seat]
        self.game_state = module.apply(self.game_state, chosen)
        self._advance()
        reward = self._reward(before)
        terminated = module.is_terminal(self.game_state)
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe()
        info["illegal_action"] = False
        return obs, reward, terminated, truncated and not terminated, info

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        """The game as plain text under ``"ansi"``; printed under ``"human"``.

        Returns:
            The picture under ``render_mode="ansi"`` (after ``reset``), else
            ``None``.
        """
        return _render_text(self.module, self.game_state, self.render_mode)


def _vector_entry_point(game: str) -> str | None:
    """The vectorised engine for a game that declares itself to it (``INFO.box_play``)."""
    if get_variant(game).INFO.box_play is None:
        return None
    return "kniffel_rules.adapters.vector:make_vector_env"


def _register() -> None:
    for env_name, game in ENVIRONMENTS.items():
        if env_name not in gymnasium.registry:
            gymnasium.register(
                id=env_name,
                entry_point="kniffel_rules.adapters.gymnasium:KniffelEnv",
                vector_entry_point=_vector_entry_point(game),
                # max_episode_steps=None in the kwargs: make_vec then hands the
                # vector entry point None (the bound of the rules it is given),
                # not the registered bound of the rulebook (gymnasium.make
                # takes the keyword as its own, for the TimeLimit)
                kwargs={"game": game, "max_episode_steps": None},
                max_episode_steps=episode_bound(game, None, len(default_opponents(game)) + 1),
            )


_register()
