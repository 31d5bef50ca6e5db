"""The Kniffel Extreme engine: the functions of the `Variant` protocol.

`new_game`, the transitions (a player's `Roll` or `Score`, a throw, a
roll-off throw), the scores, and `GAME`, the single `Extreme` game
(`kniffel_rules.game.Game`) whose methods are the protocol functions. The
rules of play are in
`kniffel_rules.extreme.legality`.

Order of ``legal_actions`` (stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  six-sided dice thrown as sorted tuples in lexicographic order, and for
  each the d10's faces 0..9 (a single ``None`` when the d10 was kept); the
  roll-off: faces 1..6;
* at the start of a turn exactly ``(Roll(),)``;
* after a throw, first ``Score(box)`` for every open box in sheet order,
  then every ``Roll`` that throws at least one die, by the number of
  six-sided dice kept, then lexicographically, the d10 thrown before the
  d10 kept. After the third throw the ``Roll`` actions are offered only
  while the player has a chip (the fourth roll hands one in); never after
  the fourth.

``sample_chance`` makes one call, ``rng.randrange(6 ** k * 10)`` when the
d10 is thrown with ``k`` six-sided dice (the d10 is the code modulo 10, the
rest is decoded as by `kniffel_rules.dice.decode_throw`), or
``rng.randrange(6 ** k)`` when the d10 is kept; the roll-off is a throw of
one die (``rng.randrange(6)``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Final

from kniffel_rules import _dicegame
from kniffel_rules._common import top_seats
from kniffel_rules._dicegame import DiceTurns, roll_off_step
from kniffel_rules._dicerender import SheetDrawing, check_view
from kniffel_rules._i18n import N_, Text
from kniffel_rules.dice import DiceRoll, decode_throw, roll_outcomes, sample_roll
from kniffel_rules.errors import Rejection
from kniffel_rules.extreme import _rows, _space
from kniffel_rules.extreme.actions import Action, ExtremeRoll, Roll, Score
from kniffel_rules.extreme.combinations import _throw_values
from kniffel_rules.extreme.legality import candidates, listing, problem
from kniffel_rules.extreme.pieces import BOXES
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.extreme.state import Observation, Phase, Sheet, State
from kniffel_rules.extreme.wire import action_to_text
from kniffel_rules.game import GameInfo
from kniffel_rules.lang import Lang
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.notation import dice_text, said
from kniffel_rules.rolloff import ROLLOFF_OUTCOMES

__all__ = [
    "GAME",
    "INFO",
    "Extreme",
    "scores",
    "winners",
]

INFO: Final = GameInfo(
    name="extreme",
    titles={"en": "Kniffel Extreme", "de": "Kniffel Extreme"},
    min_players=1,
    max_players=MAX_PLAYERS,
    score_sheet=True,
    picture="sheet",
    end_rule="EX-20",
    score_rule="EX-20",
    action_index=_space.actions,
    chance_index=_space.outcomes,
    tensor=_space.tensor,
    bounds=_space.bounds,
    box_play=_space.box_play,
)
"""What Kniffel Extreme says of itself (`kniffel_rules.game.GameInfo`)."""


# --- the transitions of a player's action ----------------------------------------------------


def _after_roll(state: State, action: Roll) -> State:
    # Every successor is built directly, each field by position: what
    # ``attrs.evolve`` builds, without its per-call field walk.
    sheets = state.sheets
    rolls = state.rolls
    p = state.player
    if rolls == 3:  # the fourth roll hands in a chip
        sheet = sheets[p]
        sheets = (*sheets[:p], Sheet(sheet.entries, sheet.chips - 1), *sheets[p + 1 :])
    return State(
        state.rules,
        state.names,
        sheets,
        Phase.THROW,
        p,
        action.keep_d6,
        state.d10 if action.keep_d10 else None,
        rolls,
        state.first_player,
        state.roll_off,
    )


# What the dice are worth in every box, by (five d6, d10): `_throw_values` once per throw.
_box_values = cache(_throw_values)
_BOX_COUNT = len(BOXES)


def _after_score(state: State, action: Score) -> State:
    d10 = state.d10
    assert d10 is not None
    index = action.box._value_
    p = state.player
    sheets = list(state.sheets)
    sheet = sheets[p]
    entries = list(sheet.entries)
    entries[index] = _box_values(state.d6, d10)[index]
    sheets[p] = Sheet(tuple(entries), sheet.chips)
    nxt = (p + 1) % len(sheets)
    if sheets[nxt].filled() < _BOX_COUNT:
        return State(
            state.rules,
            state.names,
            tuple(sheets),
            Phase.DECIDE,
            nxt,
            (),
            None,
            0,
            state.first_player,
            state.roll_off,
        )
    return State(
        state.rules,
        state.names,
        tuple(sheets),
        Phase.OVER,
        0,
        (),
        None,
        0,
        state.first_player,
        state.roll_off,
    )


# --- the chance side: Extreme's own throw and the shared roll-off ------------------------------


@cache
def _throw_outcomes(k: int, d10: bool) -> tuple[tuple[ExtremeRoll, Fraction], ...]:
    faces: tuple[int | None, ...] = tuple(range(10)) if d10 else (None,)
    share = Fraction(1, len(faces))
    return tuple((ExtremeRoll(m, f), p * share) for m, p in roll_outcomes(k) for f in faces)


@cache
def _outcome_objects(k: int, d10: bool) -> dict[tuple[tuple[int, ...], int | None], ExtremeRoll]:
    return {(o.d6, o.d10): o for o, _ in _throw_outcomes(k, d10)}


@cache
def _by_d6(k: int, d10: bool) -> dict[tuple[int, ...], tuple[ExtremeRoll, ...]]:
    """The outcomes of a throw of ``k`` d6 by the d6 shown: ``[d6][face]``, ``[d6][0]`` if kept."""
    table: dict[tuple[int, ...], list[ExtremeRoll]] = {}
    for outcome, _ in _throw_outcomes(k, d10):
        table.setdefault(outcome.d6, []).append(outcome)  # faces 0..9 in order
    return {d6: tuple(row) for d6, row in table.items()}


@cache
def _by_code(k: int, d10: bool) -> tuple[tuple[ExtremeRoll, ...], ...]:
    """`_by_d6` by the code of the d6 thrown: ``[code]`` is ``[decode_throw(code, k)]``."""
    by_d6 = _by_d6(k, d10)
    return tuple([by_d6[decode_throw(code, k)] for code in range(6**k)])


def _d6_count(n: int) -> Text:
    return Text.counted(n, N_("{n} six-sided die"), N_("{n} six-sided dice"))


def _throw_misfit(state: State, action: object) -> str:
    shown = said(action, action_to_text, __package__)
    if state.d10 is None:
        return Text.of(
            N_(
                "the dice are being thrown: expected an ExtremeRoll of {dice} and the d10, "
                "got {shown}"
            ),
            dice=_d6_count(5 - len(state.d6)),
            shown=shown,
        )
    return Text.of(
        N_("the dice are being thrown: expected an ExtremeRoll of {dice}, got {shown}"),
        dice=_d6_count(5 - len(state.d6)),
        shown=shown,
    )


def _throw_problem(state: State, action: ExtremeRoll) -> Rejection | None:
    k = 5 - len(state.d6)
    d10_thrown = state.d10 is None
    if len(action.d6) != k:
        return Rejection.of(
            N_("this throw is of {dice}; the outcome has {got}"),
            "PR-04",
            dice=_d6_count(k),
            got=_d6_count(len(action.d6)),
        )
    if action.d6 and (action.d6[0] < 1 or action.d6[-1] > 6):
        return Rejection.of(
            N_("six-sided dice show 1..6, got {dice}"), "PR-04", dice=dice_text(action.d6)
        )
    if d10_thrown and action.d10 is None:  # ExtremeRoll itself keeps the face within 0..9
        return Rejection(N_("the d10 is thrown here: the outcome needs its face, 0..9"), "PR-04")
    if not d10_thrown and action.d10 is not None:
        return Rejection(N_("the d10 was kept: the outcome has no d10"), "PR-04")
    return None


def _scores(state: State) -> tuple[int, ...]:
    return tuple(s.total(state.rules) for s in state.sheets)


class Extreme(DiceTurns[State, Observation, Action, ExtremeRoll | DiceRoll, Rules]):
    """Kniffel Extreme's rules for the protocol of `kniffel_rules.game.Game`."""

    __slots__ = ()

    info = INFO
    state_class = State
    observation_class = Observation
    rules_class = Rules
    decisions = (Roll, Score)
    outcomes = (ExtremeRoll, DiceRoll)
    expected = N_("Roll or Score")
    not_chance = N_("this is not a chance node: no dice are being thrown")
    action_text = staticmethod(action_to_text)
    candidates = staticmethod(candidates)
    problem = staticmethod(problem)
    listing = staticmethod(listing)

    def setup(self, rules: Rules, seats: int) -> tuple[Sheet, ...]:
        """An empty sheet and the rules' chips for every seat."""
        return (Sheet(chips=rules.chips),) * seats

    def decide(self, state: State, action: Action) -> State:
        """The state after a legal roll (a chip for the fourth) or score."""
        if isinstance(action, Score):
            return _after_score(state, action)
        return _after_roll(state, action)

    def chance(
        self, state: State
    ) -> tuple[tuple[ExtremeRoll, Fraction], ...] | tuple[tuple[DiceRoll, Fraction], ...]:
        """The outcomes of the pending throw, or of a roll-off throw."""
        if state.phase is Phase.THROW:
            return _throw_outcomes(5 - len(state.d6), state.d10 is None)
        return ROLLOFF_OUTCOMES

    def sample(self, state: State, rng: random.Random) -> ExtremeRoll | DiceRoll:
        """One outcome of the pending throw: one ``rng.randrange`` call (the module's notes)."""
        if state.phase is Phase.THROW:
            k = 5 - len(state.d6)
            if state.d10 is not None:
                if k == 0:  # sample_roll throws nothing and draws nothing
                    return _outcome_objects(k, False)[(sample_roll(rng, k), None)]
                return _by_code(k, False)[rng.randrange(6**k)][0]
            code = rng.randrange(6**k * 10)
            return _by_code(k, True)[code // 10][code % 10]
        return ROLLOFF_OUTCOMES[rng.randrange(6)][0]

    def outcome_misfit(self, state: State, action: object) -> str:
        """The refusal of an object that is no outcome of the pending throw or roll-off throw."""
        if state.phase is Phase.THROW:
            return _throw_misfit(state, action)
        return _dicegame.throw_misfit(state, action, action_to_text)

    def outcome_problem(self, state: State, action: ExtremeRoll | DiceRoll) -> Rejection | None:
        """Why ``action`` cannot come out of the pending chance event (``PR-04``), or None.

        A throw comes out as an `ExtremeRoll`, a roll-off throw as a `DiceRoll`
        of one die; the other class cannot come out (``PR-04``, with the text
        naming what is expected).
        """
        if state.phase is Phase.THROW:
            if isinstance(action, ExtremeRoll):
                return _throw_problem(state, action)
            return Rejection(_throw_misfit(state, action), "PR-04")
        if isinstance(action, DiceRoll):
            return _dicegame.throw_problem(state, action)
        return Rejection(_dicegame.throw_misfit(state, action, action_to_text), "PR-04")

    def happen(self, state: State, action: ExtremeRoll | DiceRoll) -> State:
        """The dice thrown join those kept, or the roll-off goes on."""
        if action.__class__ is not ExtremeRoll and isinstance(action, DiceRoll):
            return roll_off_step(state, action)
        assert isinstance(action, ExtremeRoll)
        d10 = state.d10 if action.d10 is None else action.d10
        kept = state.d6
        return State(
            state.rules,
            state.names,
            state.sheets,
            Phase.DECIDE,
            state.player,
            tuple(sorted(kept + action.d6)) if kept else action.d6,
            d10,
            state.rolls + 1,
            state.first_player,
            state.roll_off,
        )

    def ranking(self, state: State) -> tuple[int, ...]:
        """The seats with the highest total (ties share)."""
        return top_seats(_scores(state))

    def drawing(self, view: State | Observation, lang: Lang) -> SheetDrawing:
        """The SVG score sheet's content (`kniffel_rules.extreme._rows.drawing`).

        Raises:
            InvalidStateError: ``view`` is not an Extreme `State` or `Observation`.
        """
        state = check_view(view, State, Observation, "an Extreme")
        return _rows.drawing(state, lang, INFO.title("de"))  # the published title


GAME: Final = Extreme()
"""Kniffel Extreme: the single instance whose methods are the package's protocol functions."""

winners = GAME.winners  # read here by `kniffel_rules.extreme.render`


# --- the typed public protocol functions ------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Each player's running total: upper sum, the bonus once reached, the lower section.

    Raises:
        InvalidStateError: ``state`` is not an Extreme `State` (path ``state``).
    """
    GAME.check_state(state)
    return _scores(state)
