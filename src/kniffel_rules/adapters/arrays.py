"""The numpy forms of the action mask and the observation tensor (the ``[rl]`` extra).

`kniffel_rules.adapters.space` gives them as plain tuples and lists; the
framework adapters hand numpy arrays to the learners:

    >>> from kniffel_rules import classic
    >>> from kniffel_rules.adapters.space import ActionSpace
    >>> mask = action_mask(ActionSpace.for_game("classic"), classic.new_game())
    >>> mask.dtype, int(mask.sum()), int(mask[0])
    (dtype('int8'), 1, 1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kniffel_rules.adapters.space import ActionSpace, observation_bounds, observation_tensor

__all__ = ["FLOAT_MAX", "action_mask", "box_bounds", "observation_array"]

FLOAT_MAX = float(np.finfo(np.float32).max)
"""The largest finite ``float32`` (the adapters' boxes once used it as their bound)."""


def action_mask(space: ActionSpace, view: Any) -> npt.NDArray[np.int8]:
    """`ActionSpace.mask` as a numpy ``int8`` array (1 = legal).

    Raises:
        InvalidStateError: a state of other rules or another game.
    """
    return np.asarray(space.mask(view), dtype=np.int8)


def observation_array(game: Any, observation: Any) -> npt.NDArray[np.float32]:
    """`observation_tensor` as a numpy ``float32`` array.

    Raises:
        InvalidStateError: not an observation of ``game``.
    """
    return np.asarray(observation_tensor(game, observation), dtype=np.float32)


def box_bounds(
    game: Any, players: int = 1, rules: Any = None
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """`observation_bounds` as the ``float32`` low and high of an observation box.

    An entry the rules hold constant (equal bounds) gets ``low .. low + 1``:
    Gymnasium's checker refuses a box whose bounds are equal, and a
    normalised entry then reads 0.

    Raises:
        UnsupportedGameError: not a game the adapters cover.
        InvalidStateError: bad ``players`` or ``rules``.
    """
    lows, highs = observation_bounds(game, players, rules)
    low = np.asarray(lows, dtype=np.float32)
    high = np.maximum(np.asarray(highs, dtype=np.float32), low + 1)
    return low, high
