"""A vectorised engine for the solitaire box-sheet dice games, and its Gymnasium vector env.

`VectorGame` steps ``N`` solitaire games of one game under one rule set
together, as numpy arrays: the throws (from a ``numpy.random.Generator``),
the keeps, the scores and the bonuses, the legal-action masks, the joker
rules, the forced order, the chips, a series of games, the end of the game.
It reads the game only through its declaration (``INFO.box_play(rules)``,
`kniffel_rules.boxsheet.BoxPlay`), its action index and its observation
layout, so every game that declares a ``box_play`` is covered (classic with
every house rule, Kniffel Extreme, ...) and the engine keeps no copy of a
rule: each point is the game's own ``points`` or ``joker``, tabulated once
per rule set over the 252 sorted throws (`kniffel_rules.adapters._vectables`).
``tests/adapters/test_vector.py`` plays the same dice through this engine
and the scalar one and compares every reward, mask and observation.

`KniffelVectorEnv` is its Gymnasium face, registered as the vector entry
point of the environments of those games (``kniffel_rules/Classic-v0``,
``Extreme-v0``, ``Yatzy-v0``)::

    >>> import gymnasium
    >>> import kniffel_rules.adapters.gymnasium
    >>> envs = gymnasium.make_vec(
    ...     "kniffel_rules/Classic-v0", num_envs=4, vectorization_mode="vector_entry_point"
    ... )
    >>> obs, info = envs.reset(seed=1)
    >>> obs.shape, info["action_mask"].shape
    ((4, 47), (4, 223))
    >>> obs, rewards, terminated, truncated, info = envs.step(np.zeros(4, dtype=np.int64))
    >>> int(info["action_mask"][:, 0].sum())  # after the first roll, any keep may be rolled
    4

The action numbers and the observation are exactly the scalar env's
(`kniffel_rules.adapters.gymnasium.KniffelEnv`): the same `ActionSpace`, the
same `observation_tensor` layout as ``float32``, the same reward (the points
the step entered, bonuses included). A policy trained on one runs on the other.

Autoreset: ``AutoresetMode.SAME_STEP`` (``metadata["autoreset_mode"]``). A
game that ends in a step is reset in that same step: the observation and
``info["action_mask"]`` returned are the new game's first (its mask allows
exactly the first roll, never all-zero), the finished game's last
observation is ``info["final_obs"][i]`` where ``info["_final_obs"][i]`` is
``True`` (an object array of ``N``, ``None`` elsewhere: the form of
Gymnasium's own vector envs), and ``terminated`` (the game is over)
or ``truncated`` (``max_episode_steps`` reached: by default the bound
for the rules, as the scalar env's) says which rows ended.
That is what mask-aware learners (sb3-contrib's MaskablePPO) expect: every
mask they see has a legal action.

Illegal actions follow the scalar env: by default (``illegal="penalty"``) an
env given an illegal or out-of-range action number does not move, gets
``illegal_reward`` and ``info["illegal_action"]`` is ``True`` at its row;
with ``illegal="raise"`` the step raises `IllegalActionError` naming the
first such env's index and action, before any env moves. An action array
of the wrong shape or type is refused with `InvalidStateError` (path
``actions``) under either mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kniffel_rules._i18n import N_
from kniffel_rules._text import brief
from kniffel_rules.adapters._checks import finite, integer
from kniffel_rules.adapters._vectables import NO_D10, NO_DICE, ROLLS5, Tables, tables
from kniffel_rules.adapters.arrays import box_bounds
from kniffel_rules.adapters.gymnasium import SeedError, _episode_limit
from kniffel_rules.adapters.space import UnsupportedGameError, resolve_game
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.limits import MAX_ENVS

__all__ = ["AUTORESET_MODE", "KniffelVectorEnv", "VectorGame", "make_vector_env"]

AUTORESET_MODE: Final = AutoresetMode.SAME_STEP
"""How `KniffelVectorEnv` resets a finished game: in the step that ends it."""

Array = npt.NDArray[Any]


class VectorGame:
    """``N`` solitaire games of one game under one rule set, stepped together.

    The state is a handful of arrays, one row per game: the entries and
    which boxes are filled, the extra bonus, the dice showing (an index of
    the 252 sorted throws), the d10, the throws made in the turn, the chips,
    the game of the series, the score of finished games, and whether the
    game is over. Every game is always at a player's decision: a throw is
    made inside `step`, from ``rng``.

    Args:
        game: A game whose ``INFO`` declares ``box_play`` (a name or module).
        num_envs: ``N``, 1 .. `kniffel_rules.limits.MAX_ENVS`.
        rules: The game's ``Rules`` (``None``: the rulebook).
        rng: The generator of the throws (``None``: a fresh unseeded one).

    Raises:
        UnsupportedGameError: a game without a vectorised engine.
        InvalidStateError: bad ``rules``, or ``num_envs`` not an integer
            ``1 .. limits.MAX_ENVS``.
    """

    def __init__(
        self,
        game: Any = "classic",
        num_envs: int = 1,
        rules: Any = None,
        rng: np.random.Generator | None = None,
    ) -> None:
        name, module, rules = resolve_game(game, rules)
        if module.INFO.box_play is None:
            raise UnsupportedGameError(
                f"{module.INFO.title()} is not a solitaire box-sheet dice game: no vector engine"
            )
        n = integer(num_envs, "num_envs", f"an integer 1..{MAX_ENVS:,}", 1, MAX_ENVS)
        self.tables: Tables = tables(name, rules)
        self.num_envs = n
        self.rng = np.random.default_rng() if rng is None else rng
        t = self.tables
        self.filled = np.zeros((n, t.boxes), dtype=bool)
        self.entries = np.zeros((n, t.boxes), dtype=np.int32)
        self.extra = np.zeros(n, dtype=np.int32)
        self.dice = np.full(n, NO_DICE, dtype=np.int16)
        self.d10 = np.full(n, NO_D10, dtype=np.int16)
        self.rolls = np.zeros(n, dtype=np.int16)
        self.chips = np.full(n, t.play.chips, dtype=np.int16)
        self.game = np.zeros(n, dtype=np.int32)
        self.past = np.zeros(n, dtype=np.int32)
        self.over = np.zeros(n, dtype=bool)
        self._rows = np.arange(n)
        self._slots = np.arange(5)
        # what a fresh sheet holds (an upper bonus at a threshold of 0): the same totals, of row 0,
        # and so the score of a game (series) at its start
        self._fresh = int(self.totals()[0])
        self.score: Array = self.scores()
        self._fresh_score = int(self.score[0])
        self.unpaid: Array = self.score.copy()  # what a game started with, paid in its first step

    @property
    def num_actions(self) -> int:
        """The size of the action index."""
        return self.tables.index.size

    def reset(self, rows: Array | None = None) -> None:
        """Start a new game (series) in ``rows`` (a boolean mask or row numbers; ``None``: all)."""
        if rows is None:
            rows = np.ones(self.num_envs, dtype=bool)
        self._new_sheets(rows)
        self.game[rows] = 0
        self.past[rows] = 0
        self.over[rows] = False
        self.score[rows] = self.unpaid[rows] = self._fresh_score  # `scores()` of a fresh game

    def _new_sheets(self, rows: Array) -> None:
        self.filled[rows] = False
        self.entries[rows] = 0
        self.extra[rows] = 0
        self.dice[rows] = NO_DICE
        self.d10[rows] = NO_D10
        self.rolls[rows] = 0
        self.chips[rows] = self.tables.play.chips

    def totals(self) -> Array:
        """Each row's running total of the current game (entries, bonuses)."""
        t = self.tables
        layout = t.play.layout
        sums = self.entries @ t.sections  # the upper and the lower sum
        upper = sums[:, 0]
        total: Array = upper + np.where(upper >= layout.threshold, layout.bonus, 0) + self.extra
        if t.product is None:
            lower: Array = sums[:, 1]
            return total + lower
        mx, mn, factor = t.product
        worth = (self.entries[:, mx].astype(np.int64) - self.entries[:, mn]) * self.entries[
            :, factor
        ]
        if layout.product_floor:
            worth = np.maximum(worth, 0)
        complete = self.filled[:, [mx, mn, factor]].all(axis=1)
        product: Array = np.where(complete, worth, 0)
        return total + product

    def scores(self) -> Array:
        """Each row's score, as the game's ``scores(state)[0]`` (computed; `score` holds it)."""
        if self.tables.play.game_points is not None:
            return self.past.astype(np.int64)
        running: Array = np.where(self.over, 0, self.totals())
        return self.past + running

    def _joker_rows(self) -> Array:
        col = self.tables.kniffel_col
        if col is None:
            return self._rows[:0]
        return np.flatnonzero(
            (self.rolls > 0) & self.tables.five_kind[self.dice] & self.filled[:, col]
        )

    def masks(self) -> npt.NDArray[np.bool_]:
        """The ``(N, A)`` legal-action masks (all ``False`` in a finished game)."""
        t = self.tables
        no_roll = (self.rolls >= 3) & ((self.rolls > 3) | (self.chips <= 0))
        mask = np.take(t.roll_table, self.dice + no_roll * (NO_DICE + 1), axis=0)
        open_ = ~self.filled
        if t.play.forced_order:
            first = open_.argmax(axis=1)
            open_ = np.zeros_like(open_)
            open_[self._rows, first] = True
            open_ &= ~self.filled
        for i in self._joker_rows():
            open_[i] &= t.joker(self.filled[i], self.entries[i], int(self.dice[i]))[0]
        open_ &= (self.rolls > 0)[:, None]
        if t.scores_last:
            mask[:, t.first_score :] = open_
        else:
            mask[:, t.score_actions] = open_[:, t.score_cols]
        if self.over.any():
            mask[self.over] = False
        return mask

    def step(self, actions: Array, active: Array | None = None) -> tuple[Array, Array]:
        """Take one legal action in every ``active`` row (the others stay as they are).

        A roll throws the dice it does not keep; a score enters the dice
        and ends the turn, and the game once every box is filled (the next
        game of a series starts at once).

        Args:
            actions: ``(N,)`` action numbers, legal where ``active`` (not checked here).
            active: ``(N,)`` booleans (``None``: every row).

        Returns:
            ``(rewards, terminated)``: the change of each active row's score
            (a game's first step also pays what its fresh sheet held,
            `unpaid`, so a game's rewards add up to its final score), and
            the rows whose game (series) ended in this step.
        """
        t = self.tables
        n = self.num_envs
        if active is None:
            active = np.ones(n, dtype=bool)
        before = self.score
        col = t.box_col[actions]
        scoring = active & (col >= 0)
        rolling = active & (col < 0)
        # -- the scores: the dice showing go in the box
        if scoring.any():
            rows = np.flatnonzero(scoring)
            c = col[rows]
            throw = self.dice[rows].astype(np.int64)
            if t.faces > 1:
                throw = throw * t.faces + self.d10[rows]
            value = t.points[throw, c]
            bonus = np.zeros(len(rows), dtype=np.int32)
            joker = self._joker_rows()
            if len(joker):
                where = np.searchsorted(rows, joker)
                for i, k in zip(joker, where, strict=True):
                    if k < len(rows) and rows[k] == i:
                        _, points, extra = t.joker(
                            self.filled[i], self.entries[i], int(self.dice[i])
                        )
                        value[k] = points[c[k]]
                        bonus[k] = extra[c[k]]
            self.entries[rows, c] = value
            self.filled[rows, c] = True
            self.extra[rows] += bonus
            self.rolls[rows] = 0
            self.dice[rows] = NO_DICE
            self.d10[rows] = NO_D10
        # -- the rolls: a fourth throw hands in a chip
        if rolling.any():
            rows = np.flatnonzero(rolling)
            a = actions[rows]
            self.chips[rows] -= self.rolls[rows] == 3
            faces = self.rng.integers(1, 7, size=(len(rows), 5), dtype=np.int8)
            kept = self._slots < t.keep_len[a][:, None]
            faces = np.where(kept, t.keep_vals[a], faces)
            self.dice[rows] = t.dice_index(faces)
            if t.faces > 1:
                thrown = ~t.keep_d10[a]
                self.d10[rows] = np.where(
                    thrown, self.rng.integers(0, 10, size=len(rows)), self.d10[rows]
                )
            self.rolls[rows] += 1
        # -- the end of a game, of the series
        done = scoring & self.filled.all(axis=1)
        terminated = np.zeros(n, dtype=bool)
        per_game = t.play.game_points
        totals = self.totals() if per_game is None else None
        if totals is not None and self.over.any():
            totals[self.over] = 0  # a finished series' score is all in ``past``
        if done.any():
            added: Array | int = totals[done] if totals is not None else (per_game or 0)
            self.past[done] += added
            self.game[done] += 1
            terminated = done & (self.game >= t.play.games)
            self.over |= terminated
            self._new_sheets(done & ~terminated)  # a finished series keeps its last sheet
            if totals is not None:
                totals[done] = np.where(terminated[done], 0, self._fresh)
        self.score = self.past.astype(np.int64) if totals is None else self.past + totals
        rewards = (self.score - before).astype(np.float64)
        if self.unpaid.any():  # only where a fresh sheet holds points (a threshold of 0)
            rewards += np.where(active, self.unpaid, 0)
            self.unpaid[active] = 0
        return rewards, terminated

    def observations(self, rows: Array | None = None) -> npt.NDArray[np.float32]:
        """The observations, each the scalar env's ``observation_tensor``.

        Args:
            rows: The row numbers to observe (``None``: every row, in order).

        Returns:
            ``(len(rows), size)`` ``float32``.
        """
        t = self.tables
        if rows is None:
            over, rolls, dice, d10 = self.over, self.rolls, self.dice, self.d10
            filled, entries, extra, chips = self.filled, self.entries, self.extra, self.chips
            score, game = self.score, self.game
        else:
            over, rolls, dice, d10 = (
                self.over[rows],
                self.rolls[rows],
                self.dice[rows],
                self.d10[rows],
            )
            filled, entries, extra = self.filled[rows], self.entries[rows], self.extra[rows]
            chips, score, game = self.chips[rows], self.score[rows], self.game[rows]
        n = len(over)
        out = np.zeros((n, t.size), dtype=np.float32)
        at_row = self._rows[:n]
        for name, at, length in t.offsets:
            part = out[:, at : at + length]
            if name == "to_move":  # the player, or the end
                part[at_row, np.where(over, length - 1, 0)] = 1
            elif name == "phase":  # decide, or over
                part[at_row, np.where(over, 3, 2)] = 1
            elif name == "rolls":
                part[at_row, rolls] = 1
            elif name in ("dice", "d6"):
                part[:] = t.counts[dice]
            elif name == "d10":
                part[at_row, d10] = 1
            elif name == "p0.filled":
                part[:] = filled
            elif name == "p0.entries":
                part[:] = entries
            elif name == "p0.extra_bonus":
                part[:, 0] = extra
            elif name == "p0.chips":
                part[:, 0] = chips
            elif name == "p0.score":
                part[:, 0] = score
            elif name == "game":
                part[:, 0] = game
                part[:, 1] = t.play.games
            else:  # pragma: no cover - a game whose tensor has a part this engine lacks
                raise UnsupportedGameError(f"the vector engine cannot write the part {brief(name)}")
        return out

    def dice_of(self, row: int) -> tuple[tuple[int, ...], int | None]:
        """The dice showing in ``row``: the sorted five d6 (``()`` for none) and the d10."""
        d = int(self.dice[row])
        d10 = int(self.d10[row])
        return (() if d == NO_DICE else ROLLS5[d]), (None if d10 == NO_D10 else d10)


IllegalMode = Literal["penalty", "raise"]


class KniffelVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], Any]):
    """``num_envs`` solitaire games as one Gymnasium vector env (see the module).

    Args:
        num_envs: The number of games stepped together, 1 .. `kniffel_rules.limits.MAX_ENVS`.
        game: The game's name in the registry (``"classic"``, ...: a game
            whose ``INFO`` declares ``box_play``).
        rules: The game's ``Rules`` (``None``: the rulebook).
        illegal: ``"penalty"`` (default) or ``"raise"``, as the scalar env.
        illegal_reward: The reward of a refused action under ``"penalty"``.
        max_episode_steps: Truncate a game after this many steps; ``None`` or
            ``-1``: the bound for the rules (`kniffel_rules.adapters.gymnasium.episode_bound`
            of one seat), where the scalar env truncates by itself.
        render_mode: Only ``None`` (the vector env draws nothing).
        obs: ``"raw"`` (default) or ``"normalized"`` (values in ``[0, 1]``),
            with the scalar env's observation box either way.
        opponents: Only none: the vector env plays solitaire games (the
            scalar env plays against bots).

    Raises:
        UnsupportedGameError: a game without a vectorised engine.
        InvalidStateError: a bad argument, named.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AUTORESET_MODE, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 1,
        game: Any = "classic",
        rules: Any = None,
        illegal: IllegalMode = "penalty",
        illegal_reward: float = -1.0,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        obs: str = "raw",
        opponents: Sequence[str] | None = None,
    ) -> None:
        if obs not in ("raw", "normalized"):
            raise InvalidStateError("obs", f"expected 'raw' or 'normalized', got {brief(obs)}")
        if opponents is not None and (
            isinstance(opponents, str) or not isinstance(opponents, Sequence) or len(opponents)
        ):  # None or an empty list: solitaire; "" or 0 is no list of bots
            raise InvalidStateError(
                "opponents", "the vector env plays solitaire games: use the scalar env for a table"
            )
        if illegal not in ("penalty", "raise"):
            raise InvalidStateError(
                "illegal", f"expected 'penalty' or 'raise', got {brief(illegal)}"
            )
        if render_mode is not None:
            raise InvalidStateError(
                "render_mode", f"the vector env has none, got {brief(render_mode)}"
            )
        self._np_random, self._np_random_seed = seeding.np_random()
        self.engine = VectorGame(game, num_envs, rules, self._np_random)
        t = self.engine.tables
        self.max_episode_steps: int = _episode_limit(max_episode_steps, t.game, t.rules, 1)
        self.game = t.game
        self.rules = t.rules
        self.index = t.index
        self.num_envs = self.engine.num_envs
        self.illegal = illegal
        self.illegal_reward = finite(illegal_reward, "illegal_reward")
        self.render_mode = None
        self.single_action_space = spaces.Discrete(t.index.size)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        low, high = box_bounds(self.game, 1, self.rules)
        self.obs_mode = obs
        self._low = low
        self._scale = (1.0 / (high.astype(np.float64) - low)).astype(np.float32)
        if obs == "raw":
            self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        else:
            self.single_observation_space = spaces.Box(0.0, 1.0, low.shape, np.float32)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self._steps = np.zeros(self.num_envs, dtype=np.int64)
        self._mask: npt.NDArray[np.bool_] = np.zeros((self.num_envs, t.index.size), dtype=bool)
        self._started = False

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game in every env; ``seed`` (an integer) seeds the dice of all of them.

        Returns:
            The ``(N, size)`` observations and ``info`` with the ``(N, A)``
            ``action_mask`` (``int8``).

        Raises:
            SeedError: a ``seed`` that is not ``None`` or an integer >= 0 (an
                `InvalidStateError` and Gymnasium's ``error.Error``, as the scalar env's).
        """
        if seed is not None:
            seed = integer(seed, "seed", "None or an integer >= 0", least=0, error=SeedError)
            self._np_random, self._np_random_seed = seeding.np_random(seed)
            self.engine.rng = self._np_random
        self.engine.reset()
        self._steps[:] = 0
        self._started = True
        self._mask = self.engine.masks()
        return self._shown(self.engine.observations()), {"action_mask": self._mask.astype(np.int8)}

    def _shown(self, raw: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The observations as ``obs`` asks: raw, or scaled into ``[0, 1]`` by the bounds."""
        if self.obs_mode == "raw":
            return raw
        shown: npt.NDArray[np.float32] = (raw - self._low) * self._scale
        return shown

    def _check(self, actions: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[Any]]:
        """The actions as ``int64`` (a number beyond it as -1: out of range), and as given."""
        try:
            array = np.asarray(actions)
        except (TypeError, ValueError):  # a ragged list, an object numpy cannot hold
            raise InvalidStateError(
                "actions", f"expected {self.num_envs} integer action numbers, got {brief(actions)}"
            ) from None
        if array.shape != (self.num_envs,):
            raise InvalidStateError(
                "actions", f"expected shape ({self.num_envs},), got {array.shape}"
            )
        if array.dtype.kind not in "iu":
            raise InvalidStateError(
                "actions", f"expected integer action numbers, got {array.dtype}"
            )
        if array.dtype.kind == "u" and array.dtype.itemsize == 8:  # beyond int64: not wrapped
            return np.where(array > np.iinfo(np.int64).max, -1, array).astype(np.int64), array
        return array.astype(np.int64, copy=False), array

    def step(
        self, actions: Any
    ) -> tuple[npt.NDArray[np.float32], Array, Array, Array, dict[str, Any]]:
        """Take one action number in each env (the dice are thrown inside).

        Returns:
            ``(observations, rewards, terminated, truncated, info)``; ``info``
            holds ``action_mask``, ``illegal_action``, and ``final_obs`` with
            ``_final_obs`` for the envs reset in this step.

        Raises:
            InvalidStateError: ``actions`` not ``N`` integers (path ``actions``).
            IllegalActionError: under ``illegal="raise"``, an illegal or
                out-of-range action (naming the env), or ``step`` before ``reset``.
        """
        if not self._started:
            raise IllegalActionError(N_("the envs are not started: call reset()"))
        a, given = self._check(actions)
        size = self.index.size
        in_range = (a >= 0) & (a < size)
        safe = np.where(in_range, a, 0)
        legal = in_range & self._mask[self.engine._rows, safe]
        all_legal = bool(legal.all())
        if not all_legal:
            bad = int(np.flatnonzero(~legal)[0])
            if self.illegal == "raise":
                raise IllegalActionError(self._why(bad, int(given[bad])))
        rewards, terminated = self.engine.step(safe, legal)
        if not all_legal:
            rewards[~legal] = self.illegal_reward
        self._steps += 1
        truncated = (self._steps >= self.max_episode_steps) & ~terminated
        ended = terminated | truncated
        info: dict[str, Any] = {"illegal_action": ~legal}
        if ended.any():
            rows = np.flatnonzero(ended)
            final = np.full(self.num_envs, None, dtype=object)  # Gymnasium's own form
            for i, last in zip(rows, self._shown(self.engine.observations(rows)), strict=True):
                final[i] = last
            info["final_obs"] = final
            info["_final_obs"] = ended
            self.engine.reset(rows)
            obs = self._shown(self.engine.observations())
            self._steps[rows] = 0
        else:
            obs = self._shown(self.engine.observations())
        self._mask = self.engine.masks()
        info["action_mask"] = self._mask.astype(np.int8)  # the caller's copy, as at reset
        return obs, rewards, terminated, truncated, info

    def _why(self, env: int, action: int) -> str:
        if not 0 <= action < self.index.size:
            return f"env {env}: {action} is not an action number 0..{self.index.size - 1}"
        return f"env {env}: action {action} ({self.index.action(action)!r}) is not legal now"

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The current ``(N, A)`` legal-action masks as booleans (sb3-contrib's MaskablePPO)."""
        mask: npt.NDArray[np.bool_] = self._mask.copy()
        return mask


def make_vector_env(num_envs: int = 1, **kwargs: Any) -> KniffelVectorEnv:
    """Gymnasium's ``vector_entry_point``: `KniffelVectorEnv` (``game`` among ``kwargs``)."""
    return KniffelVectorEnv(num_envs, **kwargs)
