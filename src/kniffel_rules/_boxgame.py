"""A five-dice game scored on a box sheet, written once over its sheet as data.

A game of this shape (its engine subclasses `BoxGame`) is the five-dice turn
of `kniffel_rules._dicegame` (up to three throws, any dice kept, the roll-off)
and a column of boxes that the dice are entered in, each worth the points
its scoring gives, with the upper bonus of its `kniffel_rules.boxsheet.Layout`
and no joker. Such a game supplies only its material: its ``Rules`` (a
`kniffel_rules._common.RuleSet`), its box enum (a
`kniffel_rules._labels.Labelled`, members numbered in sheet order), its
layout, the points of every sorted roll in every box, whether the boxes are
filled in order, and its clause ids. `BoxGame` makes the protocol of it
(its words: `kniffel_rules._boxtext.BoxWords`); the library's shared pieces
make the rest, built in the game's engine module: the state document
(`kniffel_rules._boxdoc.box_document`), the observations and the typed
actions (`kniffel_rules._openview.OpenView`, `kniffel_rules._openview.OpenParser`),
the text picture (`kniffel_rules._dicerender.sheet_picture`) and the paper
sheet (`kniffel_rules._boxpaper`).

A state of such a game is a `BoxState` (each player's entries by box number,
``None`` while open); the game subclasses it only to have a class of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._boxtext import BoxWords
from kniffel_rules._common import top_seats
from kniffel_rules._dicegame import FIRST_ROLL, DiceGame, Phase, Roll, check_keep, keep_actions
from kniffel_rules._dicewire import OpenObservation, SheetState, ThreeThrows, Turn
from kniffel_rules._fields import OpenBoxes
from kniffel_rules._i18n import N_, Named, Text
from kniffel_rules._labels import Labelled
from kniffel_rules._tensor import dice_throws, five_dice_header, keeps
from kniffel_rules._text import brief
from kniffel_rules.boxsheet import BoxPlay, Layout, SolitairePosition
from kniffel_rules.dice import D6, all_multisets, sorted_faces
from kniffel_rules.errors import InvalidStateError, KniffelError, Rejection
from kniffel_rules.game import GameInfo
from kniffel_rules.lang import Lang
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.rolloff import RollOff

__all__ = ["ROLLS", "BoxGame", "BoxState", "points_table"]

Entries = tuple["int | None", ...]
ROLLS: tuple[tuple[int, ...], ...] = all_multisets(5)
"""Every sorted throw of five dice (252), in lexicographic order."""

_open_boxes = OpenBoxes()

S = TypeVar("S", bound="BoxState")
V = TypeVar("V", bound=OpenObservation)
A = TypeVar("A")


@attrs.frozen(slots=True)
class BoxState(SheetState[Any, Entries], ThreeThrows):
    """A box-sheet dice game at one moment. Immutable; a game subclasses it to name its own.

    The fields ``rules``, ``names``, ``sheets`` (each player's entries, by box
    number, ``None`` while open), ``phase`` and ``player`` come first
    (`kniffel_rules._dicewire.SheetState`).

    Attributes:
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            throw). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
    """

    dice: tuple[int, ...] = ()
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None


def points_table(
    score: Callable[[int, tuple[int, ...]], int], boxes: int
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every sorted throw of five dice with its points in each of ``boxes`` boxes."""
    return {dice: tuple(score(b, dice) for b in range(boxes)) for dice in ROLLS}


class BoxGame(BoxWords, DiceGame[S, V, A, Any]):
    """The rules of a box-sheet dice game, from its sheet as data.

    A subclass sets `info` (by `declare`), `state_class`,
    `observation_class`, ``decisions`` (``(Roll, Score)``), the attributes
    of `kniffel_rules._boxtext.BoxWords` and:

    Attributes:
        rules_class: The game's ``Rules``.
        ids: The clause ids: ``rolls``, ``first``, ``all``, ``keep`` (the
            throw, see `kniffel_rules._dicegame.check_keep`), ``early`` (a
            score before the first throw), ``filled`` (a box already
            filled), ``order`` (a box out of the forced order), ``extra``
            (the sheet has no extra bonus), ``over`` (the game ends when
            every box is filled).
        box_ids: The clause of each box's scoring, by box member.
        layout_of: ``layout_of(rules)``: the sheet (`Layout`).
        points_of: ``points_of(rules)``: the points of every sorted throw in
            every box, by box number.
        forced_of: ``forced_of(rules)``: whether boxes are filled top to bottom.
    """

    __slots__ = ()

    expected: ClassVar[str] = N_("Roll or Score")
    ids: ClassVar[Mapping[str, str]]
    box_ids: ClassVar[Mapping[Any, str]]
    layout_of: Callable[[Any], Layout]
    points_of: Callable[[Any], Mapping[tuple[int, ...], tuple[int, ...]]]
    forced_of: Callable[[Any], bool]

    def declare(
        self, name: str, titles: Mapping[Lang, str], solitaire: Any, end_rule: str, score_rule: str
    ) -> GameInfo:
        """Set and return the game's `GameInfo`.

        One to `kniffel_rules.limits.MAX_PLAYERS` players, the clause ids of
        the game's end and of its scores, a score sheet, the
        ``"sheet"`` picture, the adapters' data of this kit, the solver's
        sheet ``solitaire(rules)`` and a position read by hand (`hand_position`).
        """
        position = SolitairePosition(
            keys=tuple(b.key for b in self.box_class),
            box_key=self.box_key,
            build=self.hand_position,
        )
        info = GameInfo(
            name=name,
            titles=titles,
            min_players=1,
            max_players=MAX_PLAYERS,
            score_sheet=True,
            picture="sheet",
            end_rule=end_rule,
            score_rule=score_rule,
            action_index=self.action_index,
            chance_index=self.chance_index,
            tensor=self.tensor,
            bounds=self.bounds,
            solitaire=solitaire,
            position=position,
            box_play=self.box_play,
        )
        type(self).info = info
        return info

    def box_key(self, text: str) -> str | None:
        """The key of the box ``text`` names (`read_box`), or ``None``.

        The `kniffel_rules.boxsheet.SolitairePosition` ``box_key`` of the game:
        a method, so that the game's `GameInfo` pickles with it.
        """
        box = self.read_box(text)
        return None if box is None else str(box.key)

    # -- the rules of play --------------------------------------------------

    def problem(self, state: S, action: Any) -> Rejection | None:
        """Why a player's ``action`` is illegal now, or ``None``: the rule of a roll or a score."""
        if isinstance(action, Roll):
            return check_keep(
                state.rolls, state.dice, action.keep, N_("enter the dice in a box"), self.ids
            )
        ids = self.ids
        if state.rolls == 0:
            return Rejection(N_("roll the dice before entering a score"), ids["early"])
        box: object = action.box
        if not isinstance(box, self.box_class):
            return Rejection.of(
                N_("Score needs a {game} Box, got {got}"),
                "PR-01",
                game=self.info.name,
                got=brief(box),
            )
        entries = state.sheets[state.player]
        filled = entries[box.value]
        if filled is not None:
            return Rejection.of(
                N_("box {box} is already filled ({filled})"), ids["filled"], box=box, filled=filled
            )
        if self.forced_of(state.rules):
            first = entries.index(None)
            if box.value != first:
                return Rejection.of(
                    N_("the boxes are filled top to bottom: {due} is next, not {box}"),
                    ids["order"],
                    due=self.box_class(first),
                    box=box,
                )
        return None

    def _scores(self, rules: Any) -> tuple[Any, ...]:
        return _score_actions(self.score_class, self.box_class)

    def candidates(self, state: S) -> tuple[A, ...]:
        """Every box's ``Score``, then the first roll or every keep that throws a die."""
        rolls: tuple[Any, ...] = FIRST_ROLL if state.rolls == 0 else keep_actions(state.dice)
        return (*self._scores(state.rules), *rolls)

    def listing(self, state: S) -> tuple[A, ...]:
        """The legal actions, fast: provably ``candidates`` filtered by ``problem``."""
        if state.rolls == 0:
            return FIRST_ROLL  # type: ignore[return-value]
        entries = state.sheets[state.player]
        every = self._scores(state.rules)
        if self.forced_of(state.rules):
            scores: tuple[Any, ...] = (every[entries.index(None)],)
        else:
            scores = _open_boxes(every, entries)
        return scores if state.rolls >= 3 else scores + keep_actions(state.dice)

    def decide(self, state: S, action: Any) -> S:
        """The state after a legal roll (the throw is pending) or score (the next turn)."""
        cls = type(state)
        if isinstance(action, Roll):
            return cls(
                state.rules,
                state.names,
                state.sheets,
                Phase.THROW,
                state.player,
                action.keep,
                state.rolls,
                state.first_player,
                state.roll_off,
            )
        p = state.player
        box: int = action.box.value
        sheets = list(state.sheets)
        entries = list(sheets[p])
        entries[box] = self.points_of(state.rules)[state.dice][box]
        sheets[p] = tuple(entries)
        nxt = (p + 1) % len(sheets)
        if None in sheets[nxt]:
            return cls(
                state.rules,
                state.names,
                tuple(sheets),
                Phase.DECIDE,
                nxt,
                (),
                0,
                state.first_player,
                state.roll_off,
            )
        return cls(
            state.rules,
            state.names,
            tuple(sheets),
            Phase.OVER,
            0,
            (),
            0,
            state.first_player,
            state.roll_off,
        )

    outcome_problem = staticmethod(_dicegame.throw_problem)
    happen = staticmethod(_dicegame.throw_happen)

    def totals(self, state: S) -> tuple[int, ...]:
        """Each player's running total (entries and the upper bonus once reached)."""
        sheet = self.layout_of(state.rules)
        return tuple(sheet.total(e) for e in state.sheets)

    def ranking(self, state: S) -> tuple[int, ...]:
        """The seats with the highest total (ties share)."""
        return top_seats(self.totals(state))

    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score so far: the running total.

        Raises:
            InvalidStateError: ``state`` is not the game's ``State``.
        """
        self.check_state(state)
        return self.totals(state)

    def setup(self, rules: Any, seats: int) -> tuple[Entries, ...]:
        """An empty sheet (every box open) for every seat."""
        return ((None,) * len(self.box_class),) * seats

    def possible(self, rules: Any, box: int) -> frozenset[int]:
        """Every value box number ``box`` can hold on a paper sheet, a struck 0 included."""
        return _possible(self.points_of(rules), box)

    def entry_values(self, rules: Any, box: int) -> frozenset[int]:
        """Every value a `Score` enters in box number ``box`` under ``rules``.

        What some throw scores there: the values a state can hold (a box
        holds 0 only where some throw does not fit, so Chance never does);
        a paper sheet also takes a struck 0 (`possible`).
        """
        return frozenset(row[box] for row in self.points_of(rules).values())

    # -- the adapters' data ---------------------------------------------------

    def action_index(self, rules: Any) -> list[Any]:
        """Every decision: the rolls by keep, then ``Score`` by box."""
        return [Roll(k) for k in keeps(4)] + list(self._scores(rules))

    chance_index = staticmethod(dice_throws)

    def tensor(self, t: Any, game: Any, observation: Any) -> None:
        """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
        seats = five_dice_header(t, game, observation)
        state = observation.state
        scores = game.scores(state)
        table = self.points_of(state.rules).values()
        most = [max(points) for points in zip(*table, strict=True)]
        _, high, _ = self.bounds(state.rules, 1)
        for rel, seat in enumerate(seats):
            entries = state.sheets[seat]
            t.add(f"p{rel}.filled", [e is not None for e in entries])
            t.add(f"p{rel}.entries", [e or 0 for e in entries], high=most)
            t.add(f"p{rel}.score", [scores[seat]], high=high)

    def box_play(self, rules: Any) -> BoxPlay:
        """The solitaire game under ``rules`` for the vectorised engine (`BoxPlay`)."""
        table = self.points_of(rules)

        def points(box: int, d6: tuple[int, ...], d10: int | None) -> int:
            return int(table[d6][box])

        return BoxPlay(
            layout=self.layout_of(rules),
            points=points,
            decision=_decision,
            forced_order=bool(self.forced_of(rules)),
        )

    def bounds(self, rules: Any, players: int) -> tuple[float, float, int]:
        """The lowest and highest solitaire score, and the longest game's length."""
        table = self.points_of(rules).values()
        best = self.layout_of(rules).bonus + sum(map(max, zip(*table, strict=True)))
        return 0.0, float(best), players * len(self.box_class) * 7 + 50 * players

    def hand_position(self, rules: Any, dice: tuple[int, ...], rolls_left: int,
                      filled: Sequence[tuple[str, int]], extra_bonus: int) -> S:  # fmt: skip
        """A one-player position at the DECIDE phase, described by hand (``kniffel advise``).

        The `kniffel_rules.boxsheet.SolitairePosition` ``build`` of the game.

        Args:
            rules: The game's rules.
            dice: The five dice showing, sorted, faces 1..6.
            rolls_left: The throws left in the turn, 0..2.
            filled: ``(box key, points)`` for each filled box, in the order given.
            extra_bonus: Extra bonus points credited (the kit's sheets have none).

        Raises:
            InvalidStateError: Naming the argument (path ``filled``,
                ``extra_bonus``, ``rules``; ``""`` for the whole position) and
                the clause: a box given twice (``ids["filled"]``), a value no
                dice score in the box (its ``box_ids`` clause), any extra bonus
                (``ids["extra"]``), every box filled (``ids["over"]``), a box
                filled below an open one under the forced order (``ids["order"]``).
        """
        if not isinstance(rules, self.rules_class):
            raise InvalidStateError(
                "rules",
                Text.of(
                    N_("expected {game}.Rules, got {type}"),
                    game=self.info.name,
                    type=type(rules).__name__,
                ),
            )
        ids = self.ids
        by_key: dict[str, Any] = {b.key: b for b in self.box_class}
        entries: list[int | None] = [None] * len(by_key)
        for key, points in filled:
            box = by_key.get(key) if isinstance(key, str) else None
            if box is None:
                raise InvalidStateError(
                    "filled",
                    Text.of(N_("unknown box {key} ({rule})"), key=brief(key), rule=ids["filled"]),
                )
            if entries[box.value] is not None:
                raise InvalidStateError(
                    "filled",
                    Text.of(
                        N_("{key} is given twice ({rule}: one entry per box)"),
                        key=key,
                        rule=ids["filled"],
                    ),
                )
            if points not in self.possible(rules, box.value):
                raise InvalidStateError(
                    "filled",
                    Text.of(
                        N_("{box} cannot hold {points} ({rule})"),
                        box=box,
                        points=points,
                        rule=self.box_ids[box],
                    ),
                )
            entries[box.value] = points
        if extra_bonus:
            raise InvalidStateError(
                "extra_bonus",
                Text.of(
                    N_("the {game} sheet has no extra bonus ({rule})"),
                    game=Named(self.info.titles),
                    rule=ids["extra"],
                ),
            )
        if None not in entries:
            raise InvalidStateError(
                "filled",
                Text.of(N_("every box is filled: the game is over ({rule})"), rule=ids["over"]),
            )
        if self.forced_of(rules):
            first_open = entries.index(None)
            below = [
                b for b in by_key.values() if b.value > first_open and entries[b.value] is not None
            ]
            if below:
                due = next(b for b in by_key.values() if b.value == first_open)
                raise InvalidStateError(
                    "filled",
                    Text.of(
                        N_(
                            "the boxes are filled top to bottom: {box} is filled while {due} "
                            "is open ({rule})"
                        ),
                        box=below[0],
                        due=due,
                        rule=ids["order"],
                    ),
                )
        try:  # the dice against the turn, as a state document's reader judges them
            state: S = self.state_class(rules, ("you",), (tuple(entries),), Phase.DECIDE,
                                        player=0, dice=dice, rolls=3 - rolls_left,
                                        first_player=0)  # fmt: skip
            Turn.of(state).check_dice()
            if dice != sorted_faces(dice, "dice") or len(dice) != 5 or not set(dice) <= set(D6):
                raise InvalidStateError(
                    "dice", Text.of(N_("five dice showing 1 to 6, got {dice}"), dice=brief(dice))
                )
        except KniffelError as error:
            raise InvalidStateError(
                "", Text.of(N_("{error} (no game reaches this position)"), error=error)
            ) from None
        return state


def _decision(action: Any) -> tuple[int | None, tuple[int, ...], bool]:
    """A kit game's action as `BoxPlay.decision` reads it: a ``Roll`` or a ``Score``."""
    if isinstance(action, Roll):
        return None, action.keep, False
    return int(action.box.value), (), False


@lru_cache(maxsize=16)
def _score_actions(score: type, boxes: type[Labelled]) -> tuple[Any, ...]:
    """Every box's ``Score``, built once per game (the actions are frozen values)."""
    return tuple(score(b) for b in boxes)


def _possible(points: Mapping[tuple[int, ...], tuple[int, ...]], box: int) -> frozenset[int]:
    return frozenset({0, *(row[box] for row in points.values())})
