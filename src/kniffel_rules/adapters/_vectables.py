"""The array tables of the vectorised engine, built once per game and rule set (numpy).

Everything the engine needs is read from the game's `kniffel_rules.boxsheet.BoxPlay`
(``INFO.box_play(rules)``) and its action index: what each of the 252 sorted
throws of five d6 (times the ten d10 faces, for a game with the d10) scores in
each box, computed by the game's own ``points``; which keeps each throw
allows; what each action number does. Nothing here names a game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from kniffel_rules.adapters.space import ActionSpace, UnsupportedGameError, observation_layout
from kniffel_rules.boxsheet import BoxPlay
from kniffel_rules.dice import all_multisets
from kniffel_rules.variant import get_variant

__all__ = ["NO_D10", "Tables", "tables"]

ROLLS5: Final[tuple[tuple[int, ...], ...]] = tuple(all_multisets(5))
"""The 252 sorted throws of five d6, lexicographically: the engine's dice index."""

NO_DICE: Final = len(ROLLS5)
"""The dice index of "no dice showing" (the start of a turn, the end of the game)."""

NO_D10: Final = 10
"""The d10 value of "not thrown" (and of a game without the d10)."""

_POWER: Final = np.array([0] + [6**k for k in range(6)], dtype=np.int32)
"""A die showing face f adds ``6 ** (f - 1)`` to its throw's code."""


class Tables:
    """The arrays of one game under one rule set (read-only once built).

    Attributes:
        game: The game's registry name.
        rules: The rules.
        play: The game's `BoxPlay`.
        index: The action index (`ActionSpace`), shared with the scalar env.
        parts: The observation parts ``(name, length)``, as the scalar env's.
        size: The observation's length.
        boxes: ``B``, the boxes of the sheet (columns, in sheet order).
        faces: ``D``: 10 with the d10, else 1 (a throw's row is ``dice * D + d10``).
        points: ``(252 * D, B)``: what each throw scores in each column.
        code_to_dice: The dice index of five faces by their code (the face
            counts as base-6 digits).
        counts: ``(253, 6)``: the face counts of each dice index (the last: none).
        five_kind: ``(253,)``: the throw is five of a kind.
        box_col: ``(A,)``: the column an action scores in, ``-1`` for a roll.
        keep_len, keep_vals, keep_d10: ``(A,)``, ``(A, 5)``, ``(A,)``: what a roll keeps.
        legal_keep: ``(253, A)``: the roll actions a throw allows (row 252:
            the first roll only), ``False`` for every score action.
        roll_table: ``(506, A)``: `legal_keep`, then the same rows with no roll legal.
        roll_actions, score_actions: The action numbers of each kind.
        scores_last: The score actions are the last ``B`` numbers, in column order.
        first_score: The first score action's number.
        offsets: The observation parts as ``(name, start, length)``.
        score_cols: ``(S,)``: the column of each score action, in index order.
        upper, lower: The columns of the sections.
        sections: ``(B, 2)``: 1 where a column is in the upper, the lower section.
        upper_cols, lower_cols: The same as slices where they are consecutive
            (a view instead of a copy).
        product: The columns ``(maximum, minimum, factor)`` of a product
            lower section, else ``None``.
        kniffel_col: The column of ``play.kniffel_box`` when the joker applies, else ``None``.
    """

    def __init__(self, game: str, rules: Any) -> None:
        module = get_variant(game)
        declare = module.INFO.box_play
        if declare is None:
            raise UnsupportedGameError(f"{module.INFO.title()} has no vectorised engine")
        play: BoxPlay = declare(rules)
        layout = play.layout
        self.game = game
        self.rules = rules
        self.play = play
        self.index = ActionSpace.for_game(game, rules)
        self.parts = observation_layout(game, 1, rules)
        self.size = sum(n for _, n in self.parts)
        boxes = layout.boxes
        col = {box: c for c, box in enumerate(boxes)}
        self.boxes = len(boxes)
        self.faces = 10 if play.d10 else 1
        d10s: tuple[int | None, ...] = tuple(range(10)) if play.d10 else (None,)
        self.points = np.array(
            [[play.points(box, dice, d10) for box in boxes] for dice in ROLLS5 for d10 in d10s],
            dtype=np.int32,
        )
        # a throw's code: its face counts as base-6 digits (order-free: no sort)
        self.code_to_dice = np.full(5 * 6**5 + 1, -1, dtype=np.int16)
        for i, dice in enumerate(ROLLS5):
            self.code_to_dice[sum(_POWER[face] for face in dice)] = i
        counts = np.zeros((NO_DICE + 1, 6), dtype=np.float32)
        for i, dice in enumerate(ROLLS5):
            for face in dice:
                counts[i, face - 1] += 1
        self.counts = counts
        self.five_kind = np.array([d[0] == d[4] for d in ROLLS5] + [False])
        actions = self.index.actions
        n = len(actions)
        self.box_col = np.full(n, -1, dtype=np.int64)
        self.keep_len = np.zeros(n, dtype=np.int64)
        self.keep_vals = np.zeros((n, 5), dtype=np.int8)
        self.keep_d10 = np.zeros(n, dtype=bool)
        self.legal_keep = np.zeros((NO_DICE + 1, n), dtype=bool)
        keep_counts = np.zeros((n, 6), dtype=np.float32)
        throwing = np.zeros(n, dtype=bool)  # a roll that throws a die
        for a, action in enumerate(actions):
            box, keep, keep_d10 = play.decision(action)
            if box is not None:
                self.box_col[a] = col[box]
                continue
            self.keep_len[a] = len(keep)
            self.keep_vals[a, : len(keep)] = keep
            self.keep_d10[a] = keep_d10
            if not keep and not keep_d10:
                self.legal_keep[NO_DICE, a] = True  # the first roll of a turn
            for face in keep:
                keep_counts[a, face - 1] += 1
            # keeping every die throws nothing
            throwing[a] = len(keep) < 5 or (play.d10 and not keep_d10)
        # a keep is legal where the throw shows every die it keeps
        shows = (keep_counts[None, :, :] <= counts[:NO_DICE, None, :]).all(axis=2)
        self.legal_keep[:NO_DICE] = shows & throwing & (self.box_col < 0)
        # the table of `VectorGame.masks`: row ``dice`` while a roll is allowed,
        # row ``dice + 253`` once not (no roll action then)
        self.roll_table = np.concatenate([self.legal_keep, np.zeros_like(self.legal_keep)])
        self.roll_actions = np.flatnonzero(self.box_col < 0)
        self.score_actions = np.flatnonzero(self.box_col >= 0)
        self.score_cols = self.box_col[self.score_actions]
        first = int(self.score_actions[0])
        # the usual index: the rolls, then one score per column in sheet order
        self.scores_last = bool(
            np.array_equal(self.score_actions, np.arange(first, n))
            and np.array_equal(self.score_cols, np.arange(self.boxes))
        )
        self.first_score = first
        self.offsets = []
        at = 0
        for name, length in self.parts:
            self.offsets.append((name, at, length))
            at += length
        self.upper = np.array([col[b] for b in layout.upper], dtype=np.int64)
        self.lower = np.array([col[b] for b in layout.lower], dtype=np.int64)
        self.sections = np.zeros((self.boxes, 2), dtype=np.int32)
        self.sections[self.upper, 0] = 1
        self.sections[self.lower, 1] = 1
        self.upper_cols = _as_slice(self.upper)
        self.lower_cols = _as_slice(self.lower)
        self.product = None if layout.product is None else tuple(col[b] for b in layout.product)
        joker = play.joker is not None and play.kniffel_box is not None
        self.kniffel_col = col[play.kniffel_box] if joker and play.kniffel_box is not None else None
        self._joker: dict[tuple[bytes, int, int], tuple[npt.NDArray[Any], ...]] = {}

    def __reduce__(self) -> tuple[Any, tuple[str, Any]]:
        """Pickled as its recipe, ``tables(game, rules)``: built again (or shared) where it lands.

        The arrays are derived data, and a game's ``BoxPlay`` may hold
        functions made for its rules, which do not pickle.
        """
        return tables, (self.game, self.rules)

    def joker(
        self, filled: npt.NDArray[np.bool_], entries: npt.NDArray[np.int32], dice: int
    ) -> tuple[npt.NDArray[Any], ...]:
        """The boxes five of a kind may go in on one sheet, and their points and bonus.

        Returns:
            ``(allowed, points, bonus)``, each of length ``B``, from the
            game's own ``joker`` (asked once per open-box pattern, Kniffel
            entry and throw, then remembered).
        """
        assert self.kniffel_col is not None
        assert self.play.joker is not None
        key = (filled.tobytes(), int(entries[self.kniffel_col]), dice)
        found = self._joker.get(key)
        if found is None:
            layout = self.play.layout
            sheet: list[int | None] = [None] * len(layout.keys)
            for c, box in enumerate(layout.boxes):
                if filled[c]:
                    sheet[box] = int(entries[c])
            col = {box: c for c, box in enumerate(layout.boxes)}
            allowed = np.zeros(self.boxes, dtype=bool)
            points = np.zeros(self.boxes, dtype=np.int32)
            bonus = np.zeros(self.boxes, dtype=np.int32)
            for box, value, extra in self.play.joker(sheet, ROLLS5[dice]):
                allowed[col[box]] = True
                points[col[box]] = value
                bonus[col[box]] = extra
            found = (allowed, points, bonus)
            self._joker[key] = found
        return found

    def dice_index(self, faces: npt.NDArray[Any]) -> npt.NDArray[np.int16]:
        """The dice index of each row of ``(N, 5)`` faces 1..6, in any order."""
        result: npt.NDArray[np.int16] = self.code_to_dice[_POWER[faces].sum(axis=1)]
        return result


def _as_slice(cols: npt.NDArray[np.int64]) -> slice | npt.NDArray[np.int64]:
    """``cols`` as a slice when they are consecutive, else as they are."""
    if len(cols) and np.array_equal(cols, np.arange(cols[0], cols[0] + len(cols))):
        return slice(int(cols[0]), int(cols[0]) + len(cols))
    return cols


@lru_cache(maxsize=32)
def tables(game: str, rules: Any) -> Tables:
    """The `Tables` of ``game`` under ``rules`` (built once, then shared)."""
    return Tables(game, rules)
