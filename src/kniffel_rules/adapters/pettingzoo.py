"""PettingZoo AEC environments for the dice games and the card game (the ``[pettingzoo]`` extra).

``env(game, num_players=2, *, reward="win", render_mode=None, rules=None,
**options)`` is an AEC environment for every game of the registry
(`kniffel_rules.variant.VARIANTS`, by the game's name: ``env("classic")``). There is no parallel
environment: the games are played in turns, one decision at a time. Its keyword arguments are of two
kinds: the environment's own options `ENV_OPTIONS` (``reward``,
``render_mode``, and ``rules``, a whole ``Rules``), and the fields of the
game's ``Rules`` (``env("classic", full_cup=True)``, ``env("cards", 3,
trickier=True, max_rounds=50)``, ``env("classic", 2, reward="points",
games=3)``). A name that is neither is refused with an error listing both.
The agents are ``"player_0"`` .. ``"player_{n-1}"`` in seat order. Every
agent's action space is ``Discrete(n)`` over the game's fixed action index
(`kniffel_rules.adapters.space.ActionSpace`); an observation is a dict with
``"observation"``, the game's observation tensor from that seat's side
(``float32``; layout: `kniffel_rules.adapters.space.observation_layout`), and
``"action_mask"`` (``int8``; all zeros for an agent that is not to move).
The observation's box has the bounds the game declares for every entry
(`kniffel_rules.adapters.space.observation_bounds`: flags 0..1, dice counts
0..5, a box's best score...; an entry the rules hold constant gets
``low .. low + 1``), not float32's largest number.

In the card game an agent observes only its own view (``cards.observation``):
its own hand, the other hands as their sizes and the cards everyone saw
them take from the display, and what lies open on the table; no other
hand's hidden card and nothing of the pile's cards reaches it. ``render()``
draws what every player sees (no hand).

``state()`` is PettingZoo's global state for centralised critics: every
seat's observation tensor, in seat order, in ``state_space`` (the
observation box once per seat); in the card game it holds every hand. The
game itself is the environment's ``game_state`` (the library's ``State``).

Chance happens inside the environment: the start-player roll-off and every
throw are drawn from a ``random.Random`` seeded from ``reset(seed=...)``, so
``agent_selection`` is always a player who decides. Rewards: with
``reward="win"`` (the default) nothing until the end, then ``+1`` for each
winner and ``-1`` for the others (``0`` for all when every seat ties); with
``reward="points"`` each step's change of every seat's score (what a fresh
sheet already holds, an upper bonus whose threshold is 0, in the first step,
so a seat's rewards add up to its final score). An action that
is not legal raises ``IllegalActionError`` (the rule's words); respect the
mask.

Seeding continues as in Gymnasium: ``reset(seed=s)`` starts the seeded
stream and every later ``reset()`` without a seed draws the next game from
it, so ``reset(seed=42); reset()`` plays the same second game every time
(``pettingzoo.test.seed_test`` passes); only a ``reset()`` before any seed
draws fresh entropy. Render modes: ``"ansi"`` (``render()`` returns the
plain-text picture, in English) and ``"human"`` (the picture is printed to
standard output after ``reset`` and each ``step``, and by ``render()``,
which returns ``None``). An environment pickles and deep-copies (a copy
taken mid-game plays on exactly as the original, dice included), so it
ships to a worker process.

    >>> from kniffel_rules.adapters.pettingzoo import env
    >>> game = env("duel")
    >>> game.reset(seed=7)
    >>> observation, reward, termination, truncation, info = game.last()
    >>> int(observation["action_mask"].sum()), game.agent_selection in game.agents
    (1, True)
    >>> table = env("cards", 3, max_rounds=40)
    >>> table.reset(seed=2)
    >>> table.observe(table.agent_selection)["action_mask"].shape
    (298,)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final, Literal, cast

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.adapters._checks import integer
from kniffel_rules.adapters.arrays import action_mask, box_bounds, observation_array
from kniffel_rules.adapters.space import ActionSpace, _render_text, game_name, resolve_game
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.limits import MAX_SEED_DIGITS
from kniffel_rules.variant import Variant, get_variant

__all__ = ["ENV_OPTIONS", "RENDER_MODES", "KniffelAEC", "env", "raw_env"]

RewardMode = Literal["win", "points"]

ENV_OPTIONS: Final[tuple[str, ...]] = ("reward", "render_mode", "rules")
"""The keyword options of `env` that belong to the environment, not to the game's ``Rules``."""

RENDER_MODES: Final[tuple[str, ...]] = ("ansi", "human")
"""The render modes besides ``None``: the picture returned (``"ansi"``) or printed (``"human"``)."""

_SEED_BOUND: Final = 10**MAX_SEED_DIGITS  # `reset` writes a seed as text


class KniffelAEC(AECEnv):  # type: ignore[misc, unused-ignore]
    """A dice game as a PettingZoo AEC environment (see the module).

    Args:
        game: A registered game's name (`kniffel_rules.VARIANTS`: ``"classic"``,
            ``"extreme"``, ``"master"``, ``"duel"``, ``"cards"``, ``"yatzy"``).
        num_players: The number of seats (the Duell: 2; Master: 1..4; the card
            game: 2..4).
        rules: The game's ``Rules`` (``None``: the rulebook).
        reward: ``"win"`` or ``"points"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the game's
            plain-text picture, the game's ``render`` in English) or
            ``"human"`` (the picture is printed to standard output after
            ``reset`` and each ``step``, and by ``render()``).

    Attributes:
        game_state: The library's state of the game being played (the
            game's ``State``: every hand included), ``None`` before the
            first ``reset``. PettingZoo's global state for centralised
            training is the method `state` (in `state_space`).

    Raises:
        UnsupportedGameError: a game the adapters do not cover.
        InvalidStateError: bad ``num_players`` (not an integer: path
            ``num_players``; outside the game's limits: path ``players``),
            ``rules``, ``reward`` or ``render_mode``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's attribute)
        "render_modes": list(RENDER_MODES),
        "name": "kniffel_rules",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "classic",
        num_players: int = 2,
        rules: Any = None,
        reward: RewardMode = "win",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        name, module, rules = resolve_game(game, rules)
        num_players = integer(num_players, "num_players", "a number of players")
        if reward not in ("win", "points"):
            raise InvalidStateError("reward", f"expected 'win' or 'points', got {brief(reward)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidStateError(
                "render_mode", f"expected None, 'ansi' or 'human', got {brief(render_mode)}"
            )
        module.new_game(num_players, rules)  # checks num_players for this game
        self.game = name
        self.rules = rules
        self.num_players = num_players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"kniffel_rules_{name}"}
        self.index = ActionSpace.for_game(name, rules)
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        low, high = box_bounds(name, num_players, rules)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.index.size) for agent in self.possible_agents
        }
        self._chance = random.Random(0)  # replaced at reset
        self._games: random.Random | None = None  # seeds each game after the seeded one
        self.game_state: Any = None
        self._unpaid: tuple[int, ...] = (0,) * num_players  # the scores the game started with

    @functools.cached_property
    def state_space(self) -> spaces.Box:
        """The box of `state`: the observation box once per seat (built when first asked for)."""
        low, high = box_bounds(self.game, self.num_players, self.rules)
        n = self.num_players
        return spaces.Box(np.tile(low, n), np.tile(high, n), dtype=np.float32)

    @property
    def module(self) -> Variant:
        """The game's module (looked up by name, so the environment pickles)."""
        return get_variant(self.game)

    def _seat(self, agent: Any) -> int:
        """The seat of ``agent``, one of `possible_agents`.

        Raises:
            InvalidStateError: not an agent of this environment (path ``agent``).
        """
        if isinstance(agent, str) and agent in self.possible_agents:
            return self.possible_agents.index(agent)
        raise InvalidStateError(
            "agent",
            f"{brief(agent)} is not an agent of this environment: "
            f"expected one of {', '.join(self.possible_agents)}",
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for all).

        Raises:
            InvalidStateError: not an agent of this environment (path ``agent``).
        """
        self._seat(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same for all).

        Raises:
            InvalidStateError: not an agent of this environment (path ``agent``).
        """
        self._seat(agent)
        return self.action_spaces[agent]

    def _check_started(self) -> None:
        if self.game_state is None:
            raise InvalidStateError(
                "game_state", "the environment is not started: call reset() first"
            )

    def _check_agents_left(self) -> None:
        # after the game every agent is stepped out with None; then nobody is selected
        self._check_started()
        if not self.agents:
            raise InvalidStateError(
                "agents", "the game is over and every agent has left it: call reset()"
            )

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's ``agent_iter``: the selected agent, until none is left or ``max_iter``.

        Raises:
            InvalidStateError: ``agent_iter`` before ``reset`` (path
                ``game_state``), or ``max_iter`` not an integer (path ``max_iter``).
        """
        self._check_started()
        return super().agent_iter(integer(max_iter, "max_iter", "an integer"))

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": tensor, "action_mask": mask}`` from ``agent``'s seat.

        Raises:
            InvalidStateError: ``observe`` before ``reset`` (path ``game_state``),
                or ``agent`` not an agent of this environment (path ``agent``).
        """
        self._check_started()
        seat = self._seat(agent)
        view = self.module.observation(self.game_state, seat)
        return {
            "observation": observation_array(self.game, view),
            "action_mask": action_mask(self.index, view),
        }

    def state(self) -> Any:
        """PettingZoo's global state: every seat's observation tensor, in seat order.

        One ``float32`` vector in `state_space` (the observation box tiled
        once per seat), for the centralised critics of CTDE methods. Its
        seat ``k``'s part is ``observe(f"player_{k}")["observation"]``. In
        the dice games each part already holds the whole table; in the card
        game the parts together hold every hand, which no agent observes:
        give it to a critic, never to a policy.

        Raises:
            InvalidStateError: ``state`` before ``reset`` (path ``game_state``).
        """
        self._check_started()
        module, game = self.module, self.game
        return np.concatenate(
            [
                observation_array(game, module.observation(self.game_state, seat))
                for seat in range(self.num_players)
            ]
        )

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: what the selected agent sees, its reward and its flags.

        Raises:
            InvalidStateError: ``last`` before ``reset`` (path ``game_state``), or
                once every agent has left the finished game (path ``agents``).
        """
        self._check_agents_left()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def _advance(self) -> None:
        module = self.module
        while module.current_player(self.game_state) == CHANCE:
            self.game_state = module.apply(
                self.game_state, module.sample_chance(self.game_state, self._chance)
            )

    def _select(self) -> None:
        seat = self.module.current_player(self.game_state)
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (the roll-off included).

        Args:
            seed: Seeds the dice of this game and of every later game started
                without a seed (``None``: the next game of the stream, or
                fresh entropy if no seed was ever given).
            options: Unused (PettingZoo's signature).

        Raises:
            InvalidStateError: ``seed`` is not an integer of at most 4,000 digits
                (`kniffel_rules.limits.MAX_SEED_DIGITS`; path ``seed``).
        """
        if seed is not None:
            start = integer(  # the seed is written into a text seed below
                seed, "seed", "an integer of at most 4,000 digits or None",
                1 - _SEED_BOUND, _SEED_BOUND - 1,
            )
            self._chance = random.Random(start)  # a seed's first game is as it always was
            self._games = random.Random(f"kniffel_rules.pettingzoo:{start}")
        else:
            if self._games is None:
                self._games = random.Random()  # no seed yet: fresh entropy
            self._chance = random.Random(self._games.getrandbits(64))
        self.game_state = self.module.new_game(self.num_players, self.rules)
        self._advance()
        self._unpaid = self.module.scores(self.game_state)  # paid in the first step
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """The selected agent takes the action numbered ``action``; chance follows.

        ``action`` is an integer (a numpy integer too); a float, a string or
        a bool is not an action number and is refused, never rounded to one.

        Once the game is over, each agent in turn is stepped out of it with
        ``None`` (PettingZoo's dead step).

        Raises:
            IllegalActionError: the action is not legal for the selected
                agent (or not an action number), or not ``None`` for an
                agent whose game is over.
            InvalidStateError: ``step`` before ``reset`` (path ``game_state``), or
                once every agent has left the finished game (path ``agents``).
        """
        self._check_agents_left()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    Text.of(
                        N_("the game is over for {agent}: the only action it can take is None"),
                        agent=agent,
                    )
                )
            self._was_dead_step(action)
            return
        module = self.module
        try:
            chosen = self.index.action(action)  # an integer (numpy's too), not a float or text
        except InvalidStateError:
            raise IllegalActionError(
                Text.of(
                    N_("{action} is not an action number 0..{last}"),
                    action=brief(action),
                    last=self.index.size - 1,
                )
            ) from None
        reason = module.why_illegal(self.game_state, chosen)
        if reason is not None:
            raise IllegalActionError(reason)
        before = module.scores(self.game_state)
        self._cumulative_rewards[agent] = 0.0
        self.game_state = module.apply(self.game_state, chosen)
        self._advance()
        if self.reward_mode == "points":
            after, unpaid = module.scores(self.game_state), self._unpaid
            self._unpaid = (0,) * len(after)
            self.rewards = {
                a: float(after[i] - before[i] + unpaid[i]) for i, a in enumerate(self.agents)
            }
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if module.is_terminal(self.game_state):
            if self.reward_mode == "win":
                winners = module.winners(self.game_state)
                if len(winners) < len(self.agents):
                    self.rewards = {
                        a: 1.0 if i in winners else -1.0 for i, a in enumerate(self.agents)
                    }
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as plain text under ``"ansi"``; printed under ``"human"``.

        Returns:
            The picture under ``render_mode="ansi"`` (after ``reset``), else
            ``None``.
        """
        return _render_text(self.module, self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game: str = "classic",
    num_players: int = 2,
    *,
    reward: RewardMode = "win",
    render_mode: str | None = None,
    rules: Any = None,
    **options: Any,
) -> KniffelAEC:
    """`KniffelAEC` for ``game`` (see `env`, which it is without PettingZoo's wrappers).

    Raises:
        UnsupportedGameError: a game the adapters do not cover.
        InvalidStateError: a bad player count, option or rules field.
    """
    name = game_name(game)
    module = get_variant(name)
    fields = tuple(field.name for field in attrs.fields(cast(Any, module.Rules)))
    unknown = [key for key in options if key not in fields]
    if unknown:
        raise InvalidStateError(
            unknown[0],
            f"not an option of env({brief(name)}): the environment's options are "
            f"{', '.join(ENV_OPTIONS)}; the {name} Rules fields are {', '.join(fields)}",
        )
    if options:
        if rules is not None:
            raise InvalidStateError(
                "rules", "give either rules= (a whole Rules) or Rules fields as keywords, not both"
            )
        try:
            rules = module.Rules(**options)
        except TypeError as error:
            raise InvalidStateError("rules", str(error)) from None
    return KniffelAEC(name, num_players, rules, reward, render_mode)


def env(
    game: str = "classic",
    num_players: int = 2,
    *,
    reward: RewardMode = "win",
    render_mode: str | None = None,
    rules: Any = None,
    **options: Any,
) -> KniffelAEC:
    """The AEC environment of ``game`` for ``num_players`` seats.

    The keywords are the environment's own (`ENV_OPTIONS`: ``reward``,
    ``render_mode``, ``rules``) and the fields of the game's ``Rules``
    (``env("classic", 2, reward="points", full_cup=True)``).

    Args:
        game: A registered game's name (`kniffel_rules.VARIANTS`: ``"classic"``,
            ``"extreme"``, ``"master"``, ``"duel"``, ``"cards"``, ``"yatzy"``).
        num_players: The number of seats.
        reward: ``"win"`` (+1/-1 at the end) or ``"points"`` (each step's
            change of every score).
        render_mode: ``None``, ``"ansi"`` or ``"human"`` (see `KniffelAEC`).
        rules: The game's whole ``Rules`` (``None``: the rulebook, or the
            ``Rules`` built from ``**options``); not together with ``**options``.
        **options: Fields of the game's ``Rules`` (``games=3``, ``full_cup=True``...).

    Raises:
        UnsupportedGameError: a game the adapters do not cover.
        InvalidStateError: a bad player count, ``reward``, ``render_mode``
            or ``rules``; a keyword that is neither an environment option
            nor a ``Rules`` field (the message lists both); ``rules`` given
            together with ``Rules`` fields.
    """
    return raw_env(
        game, num_players, reward=reward, render_mode=render_mode, rules=rules, **options
    )
