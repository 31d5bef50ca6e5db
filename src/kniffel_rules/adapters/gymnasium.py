"""Gymnasium environments for the solitaire dice games (the ``[gymnasium]`` extra).

Importing this module registers two environments with Gymnasium:

- ``"kniffel_rules/Classic-v0"``: classic Kniffel, one player;
- ``"kniffel_rules/Extreme-v0"``: Kniffel Extreme, one player.

Both take ``rules=`` (the game's ``Rules``, default the rulebook) through
``gymnasium.make``. The action space is ``Discrete(n)`` over the game's fixed
action index (`kniffel_rules.adapters.space.ActionSpace`); the observation
is the game's observation tensor as ``float32`` (layout:
`kniffel_rules.adapters.space.observation_layout`). The dice are thrown
inside ``step``, from a ``random.Random`` seeded from the environment's
generator at ``reset(seed=...)``, so the agent only ever sees its own
decisions. The reward of a step is the points it entered: the change of the
player's score (``scores(state)[0]``), bonuses included in the step that
earns them, so an episode's rewards add up to the final score.
``info["action_mask"]`` is the legal-action mask (``int8``).

Render modes: ``"ansi"`` (``render()`` returns the game's plain-text
picture, in English) and ``"human"`` (the picture is printed to standard
output after ``reset`` and each ``step``, and ``render()`` returns ``None``,
as Gymnasium specifies). An environment pickles and deep-copies (a copy
taken mid-game plays on exactly as the original, dice included), so it
ships to a worker process.

A game that is not solitaire (``INFO.min_players`` above 1: the Duell, the
card game) has no Gymnasium environment: ``KniffelEnv("cards")`` raises
`UnsupportedGameError` saying so (use the PettingZoo environment
``env("cards")`` or OpenSpiel's ``kniffel_cards``).

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
"""

from __future__ import annotations

import random
import sys
from typing import Any, Final, Literal, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kniffel_rules._i18n import N_
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.adapters.arrays import FLOAT_MAX, action_mask, observation_array
from kniffel_rules.adapters.space import (
    GAMES,
    ActionSpace,
    UnsupportedGameError,
    resolve_game,
    tensor_size,
)
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.variant import Variant, get_variant

__all__ = ["ENVIRONMENTS", "RENDER_MODES", "KniffelEnv"]

RENDER_MODES: Final[tuple[str, ...]] = ("ansi", "human")
"""The render modes besides ``None``: the picture returned (``"ansi"``) or printed (``"human"``)."""

ENVIRONMENTS: dict[str, str] = {
    f"kniffel_rules/{name.capitalize()}-v0": name
    for name in GAMES
    if get_variant(name).INFO.score_sheet and get_variant(name).INFO.min_players == 1
}
"""The registered environment ids and their games: the solitaire games played on a box sheet."""

IllegalMode = Literal["penalty", "raise"]


class KniffelEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """A solitaire dice game as a Gymnasium environment.

    Args:
        game: ``"classic"`` or ``"extreme"`` (any dice game works solitaire
            except the Duell, which needs two players).
        rules: The game's ``Rules`` (``None``: the rulebook).
        illegal: ``"penalty"`` (default) or ``"raise"``, see the module.
        illegal_reward: The reward of a refused action under ``"penalty"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the game's
            plain-text picture, the game's ``render`` in English) or
            ``"human"`` (the picture is printed after ``reset`` and each
            ``step``).

    Raises:
        UnsupportedGameError: a game the adapters do not cover, or a card
            game (hidden information) that is not solitaire.
        InvalidStateError: bad ``rules``, ``illegal`` or ``render_mode``, or
            a game for several players only (the Duell; path ``game``).
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
    ) -> None:
        name, _, rules = resolve_game(game, rules)
        info = get_variant(name).INFO
        if info.min_players > 1 and not info.hidden_information:
            raise InvalidStateError(
                "game",
                f"{info.title()} needs {info.min_players} players: use the PettingZoo env",
            )
        if info.min_players > 1:  # and its seats see different views
            raise UnsupportedGameError(
                f"{info.title()} is for {info.min_players} to {info.max_players} players, "
                f"not solitaire: use the PettingZoo env (pettingzoo.env({name!r})) or "
                f"OpenSpiel's kniffel_{name}"
            )
        if illegal not in ("penalty", "raise"):
            raise InvalidStateError("illegal", f"expected 'penalty' or 'raise', got {illegal!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidStateError(
                "render_mode", f"expected None, 'ansi' or 'human', got {render_mode!r}"
            )
        self.game = name
        self.rules = rules
        self.index = ActionSpace.for_game(name, rules)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.index.size)
        size = tensor_size(name, 1, rules)
        self.observation_space = spaces.Box(-FLOAT_MAX, FLOAT_MAX, (size,), np.float32)
        self.state: Any = None
        self._chance = random.Random(0)

    @property
    def module(self) -> Variant:
        """The game's module (looked up by name, so the environment pickles)."""
        return get_variant(self.game)

    def _advance(self) -> None:
        # Throw the dice until the player decides or the game is over.
        module = self.module
        while module.current_player(self.state) == CHANCE:
            self.state = module.apply(self.state, module.sample_chance(self.state, self._chance))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        obs = observation_array(self.game, self.module.observation(self.state, 0))
        return obs, {"action_mask": action_mask(self.index, self.state)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; ``seed`` seeds the dice (Gymnasium's ``np_random``).

        Returns:
            The observation and ``info`` with the ``action_mask``.
        """
        super().reset(seed=seed)
        self._chance = random.Random(int(self.np_random.integers(2**63)))
        self.state = self.module.new_game(1, self.rules)
        self._advance()
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Take the action numbered ``action``, then throw the dice it calls for.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; ``info``
            holds the ``action_mask`` and ``illegal_action``.

        Raises:
            IllegalActionError: under ``illegal="raise"``, an action that is
                not legal (the rule's words), or ``step`` before ``reset`` or
                after the end.
        """
        module = self.module
        if self.state is None or module.current_player(self.state) == TERMINAL:
            raise IllegalActionError(N_("the game is over or not started: call reset()"))
        try:
            chosen = self.index.action(int(action))
        except (InvalidStateError, TypeError, ValueError, OverflowError):
            chosen = None
        reason = (
            f"{action!r} is not an action number 0..{self.index.size - 1}"
            if chosen is None
            else module.why_illegal(self.state, chosen)
        )
        if reason is not None:
            if self.illegal == "raise":
                raise IllegalActionError(reason)
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, self.illegal_reward, False, False, info
        before = module.scores(self.state)[0]
        self.state = module.apply(self.state, chosen)
        self._advance()
        reward = float(module.scores(self.state)[0] - before)
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe()
        info["illegal_action"] = False
        return obs, reward, module.is_terminal(self.state), False, info

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        """The game as plain text under ``"ansi"``; printed under ``"human"``.

        Returns:
            The picture under ``render_mode="ansi"`` (after ``reset``), else
            ``None``.
        """
        if self.render_mode is None or self.state is None:
            return None
        text: str = cast(Any, self.module).render(self.state)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n")
            return None
        return text


def _register() -> None:
    for env_id, game in ENVIRONMENTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="kniffel_rules.adapters.gymnasium:KniffelEnv",
                kwargs={"game": game},
            )


_register()
