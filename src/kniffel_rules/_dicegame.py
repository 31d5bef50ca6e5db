"""The turn machinery every dice game shares, written once.

Classic Kniffel, Kniffel Master and Kniffel: Das Duell roll five dice the
same way (up to three rolls, any dice kept, the start player found by the
roll-off); Kniffel Extreme shares the phases and the roll-off. This module
holds the pieces that are the same in all of them: the `Phase` of a state,
the `Roll` action of the five-dice games with its legality check, the exact
throw outcomes, and the chance-node and roll-off handling. Each game keeps
only what is its own.

A state using it has the attributes ``phase``, ``player``, ``dice`` (the
dice kept while a throw is pending), ``roll_off`` and ``first_player``.
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, partial
from typing import Any, Generic, Protocol, TypeVar

import attrs

from kniffel_rules._common import player_names
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.dice import (
    DiceRoll,
    all_multisets,
    decode_throw,
    is_sub_multiset,
    keep_shortfall,
    roll_outcomes,
    sample_roll,
    sorted_faces,
    sub_multisets,
)
from kniffel_rules.errors import IllegalActionError, Rejection
from kniffel_rules.game import Game, game_rules
from kniffel_rules.notation import dice_text, said
from kniffel_rules.rolloff import ROLLOFF_OUTCOMES, RollOff, opening

__all__ = [
    "FIRST_ROLL",
    "DiceGame",
    "DiceTurns",
    "Phase",
    "Roll",
    "check_keep",
    "current_player",
    "keep_actions",
    "landed",
    "opening_state",
    "replace",
    "roll_off_step",
    "throw_chance",
    "throw_happen",
    "throw_misfit",
    "throw_outcomes",
    "throw_problem",
    "throw_sample",
]


class Phase(enum.Enum):
    """What happens next in a dice game's state."""

    ROLL_OFF = "roll_off"
    """Chance: a contender's die in the start-player roll-off."""
    THROW = "throw"
    """Chance: the dice that were not kept are thrown."""
    DECIDE = "decide"
    """The current player decides: roll again, or use the dice."""
    OVER = "over"
    """The game is over."""


def _keep(values: Iterable[int]) -> tuple[int, ...]:
    return sorted_faces(values, "keep")


@attrs.frozen(slots=True, repr=False)
class Roll:
    """Keep ``keep`` and throw the other dice. The first roll of a turn is ``Roll()``.

    The constructor sorts ``keep``: ``Roll(keep=[3, 1]) == Roll(keep=(1, 3))``.

    Attributes:
        keep: The dice kept, a sorted sub-multiset of the current dice.
    """

    keep: tuple[int, ...] = attrs.field(default=(), converter=_keep)

    def __repr__(self) -> str:
        return f"Roll(keep={brief(self.keep)})"


FIRST_ROLL: tuple[Roll] = (Roll(),)
"""The only legal action at the start of a turn."""

# One shared DiceRoll object per multiset of up to five dice: sampling and
# listing outcomes allocate nothing.
_ROLL_OBJ: dict[tuple[int, ...], DiceRoll] = {
    m: DiceRoll(m) for k in range(6) for m in all_multisets(k)
}
_THROWS: tuple[tuple[tuple[DiceRoll, Fraction], ...], ...] = tuple(
    tuple((_ROLL_OBJ[m], p) for m, p in roll_outcomes(k)) for k in range(6)
)
# The outcome of code ``c`` of a throw of ``k`` dice, ``_DRAWN[k][c]``: the
# `DiceRoll` of `decode_throw` (what `sample_roll` gives for that code).
_DRAWN: tuple[tuple[DiceRoll, ...], ...] = tuple(
    tuple(_ROLL_OBJ[decode_throw(c, k)] for c in range(6**k)) for k in range(6)
)
# Every keep allowed from five sorted dice (their distinct sub-multisets): a
# set lookup instead of counting the faces for every roll.
_KEEPS: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {
    m: frozenset(sub_multisets(m)) for m in all_multisets(5)
}


@cache
def keep_actions(dice: tuple[int, ...]) -> tuple[Roll, ...]:
    """Every ``Roll`` that throws at least one die, by number kept, then lexicographically."""
    return _keep_actions(dice)


# A cached function delegates its work to an undecorated one, which mutation
# testing can reach (mutmut leaves decorated functions alone; docs/quality.md).
def _keep_actions(dice: tuple[int, ...]) -> tuple[Roll, ...]:
    return tuple(Roll(s) for s in sub_multisets(dice) if len(s) < len(dice))


def check_keep(
    rolls: int, dice: tuple[int, ...], keep: tuple[int, ...], stop: str, rules: Mapping[str, str]
) -> Rejection | None:
    """Why keeping ``keep`` and throwing the rest is not allowed now, or None.

    The five-dice rule every game shares: at most three rolls, the first
    throws all five dice, keeping all five is no roll, and only dice that
    show can be kept.

    Args:
        rolls: Throws made this turn.
        dice: The five dice showing (``()`` before the first roll).
        keep: The dice to keep.
        stop: What the player does instead of rolling ("enter the dice in a box").
        rules: The game's clause ids under ``"rolls"``, ``"first"``, ``"all"``, ``"keep"``.
    """
    if rolls >= 3:
        return Rejection.of(
            N_("a turn has at most three rolls: {stop}"), rules["rolls"], stop=Text(stop)
        )
    if rolls == 0:
        if keep:
            return Rejection(N_("the first roll of a turn throws all five dice"), rules["first"])
        return None
    if len(keep) >= 5:
        return Rejection.of(
            N_("keeping all five dice throws nothing: to stop, {stop}"),
            rules["all"],
            stop=Text(stop),
        )
    keeps = _KEEPS.get(dice)
    if keeps is not None and keep in keeps:
        return None
    if keeps is not None or not is_sub_multiset(keep, dice):
        return Rejection(keep_shortfall(keep, dice), rules["keep"])
    return None


class _DiceState(Protocol):
    @property
    def phase(self) -> Phase: ...
    @property
    def player(self) -> int: ...
    @property
    def dice(self) -> tuple[int, ...]: ...
    @property
    def roll_off(self) -> RollOff | None: ...
    @property
    def rolls(self) -> int: ...


S = TypeVar("S", bound=_DiceState)
V = TypeVar("V")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741 - the outcome type, named like A and S
R = TypeVar("R")


def current_player(state: _DiceState) -> int:
    """The seat to act, `CHANCE` or `TERMINAL`, from the state's phase."""
    phase = state.phase
    if phase is _DECIDE:
        return state.player
    if phase is _OVER:
        return TERMINAL
    return CHANCE


_DECIDE = Phase.DECIDE
_OVER = Phase.OVER
_THROW = Phase.THROW


_NOT_CHANCE = N_("this is not a chance node: no dice are being thrown")


def throw_outcomes(state: _DiceState) -> tuple[tuple[DiceRoll, Fraction], ...]:
    """The outcomes of the pending throw of a five-dice game, or of the roll-off.

    Raises:
        IllegalActionError: Not a chance node.
    """
    if state.phase is Phase.THROW:
        return _THROWS[5 - len(state.dice)]
    if state.phase is Phase.ROLL_OFF:
        return ROLLOFF_OUTCOMES
    raise IllegalActionError(_NOT_CHANCE)


def throw_sample(state: _DiceState, rng: random.Random) -> DiceRoll:
    """One outcome of `throw_outcomes`, drawn with one ``rng.randrange`` call.

    Raises:
        IllegalActionError: Not a chance node.
    """
    if state.phase is _THROW:
        k = 5 - len(state.dice)
        if 0 < k <= 5:
            return _DRAWN[k][rng.randrange(_SIDES[k])]
        return _ROLL_OBJ[sample_roll(rng, k)]
    if state.phase is Phase.ROLL_OFF:
        return _DRAWN[1][rng.randrange(6)]
    raise IllegalActionError(_NOT_CHANCE)


_SIDES = tuple(6**k for k in range(6))
_Fields = tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]
_FIELDS: dict[type, _Fields | None] = {}


def _fields_of(cls: type) -> _Fields | None:
    """The init names of an attrs class and a getter of their values, or None if evolve differs."""
    if cls not in _FIELDS:
        found = attrs.fields(cls)
        names = tuple(a.name for a in found)
        plain = len(names) > 1 and all(a.init and a.alias == a.name for a in found)
        _FIELDS[cls] = (names, operator.attrgetter(*names)) if plain else None
    return _FIELDS[cls]


def replace(state: A, **changes: Any) -> A:
    """``attrs.evolve(state, **changes)``, faster: the class called with every field by position.

    The same object as evolve's (the class's ``__init__`` runs with the same
    values: converters and validators included); a class whose fields are not
    all plain init arguments goes through `attrs.evolve`.
    """
    cls = type(state)
    known = _FIELDS.get(cls) if cls in _FIELDS else _fields_of(cls)
    if known is None:
        return attrs.evolve(state, **changes)  # type: ignore[misc]
    names, values = known
    row = list(values(state))
    for key, value in changes.items():
        row[names.index(key)] = value
    made: A = cls(*row)
    return made


def roll_off_step(state: S, action: DiceRoll) -> S:
    """Apply one roll-off throw: the next contender's face, or the decision.

    Args:
        state: A state in ``Phase.ROLL_OFF``.
        action: The outcome, a `DiceRoll` of one die that the game's
            ``outcome_problem`` (`throw_problem`) has let through: a game's
            ``happen`` is only asked about a legal outcome.
    """
    (face,) = action.values
    assert state.roll_off is not None
    result = state.roll_off.throw(face)
    if isinstance(result, RollOff):
        return replace(state, roll_off=result)
    return replace(
        state,
        phase=Phase.DECIDE,
        player=result,
        first_player=result,
        roll_off=None,
    )


# The chance side of a five-dice game for `kniffel_rules.game.Game`: the
# throw of the dice not kept (Phase.THROW) and the roll-off (Phase.ROLL_OFF).


def _thrown(state: _DiceState) -> int:
    return 5 - len(state.dice) if state.phase is _THROW else 1


def throw_chance(state: _DiceState) -> tuple[tuple[DiceRoll, Fraction], ...]:
    """The outcomes of the pending throw (or roll-off throw); only at a chance node."""
    if state.phase is Phase.THROW:
        return _THROWS[5 - len(state.dice)]
    return ROLLOFF_OUTCOMES


def _dice_count(n: int) -> Text:
    """A number of dice as a message says it: ``1 die``, ``5 dice``."""
    return Text.counted(n, N_("{n} die"), N_("{n} dice"))


def throw_misfit(
    state: _DiceState, action: object, to_text: Callable[[Any], str] | None = None
) -> str:
    """The refusal of an object that is not a `DiceRoll` at a throw.

    ``to_text`` is the game's ``action_to_text``, to name the object as
    players write it (never a ``repr``); without it only throws and rolls are
    named, anything else by its kind.
    """
    count = _thrown(state)
    game = type(state).__module__.rpartition(".")[0] if to_text else None  # its menu lines
    shown = said(action, to_text or _roll_line, game)
    return Text.of(
        N_("the dice are being thrown: expected a DiceRoll of {dice}, got {shown}"),
        dice=_dice_count(count),
        shown=shown,
    )


def _roll_line(action: object) -> str:
    """The line of a throw or a roll as the dice games write it (for `throw_misfit`)."""
    if isinstance(action, DiceRoll):
        return f"dice {dice_text(action.values)}"
    if isinstance(action, Roll):
        return f"roll keep {dice_text(action.keep)}" if action.keep else "roll"
    raise TypeError(type(action).__name__)


def throw_problem(state: _DiceState, action: DiceRoll) -> Rejection | None:
    """Why ``action`` cannot come out of the pending throw (``PR-04``), or None."""
    count = 5 - len(state.dice) if state.phase is _THROW else 1  # `_thrown`, without a call
    values = action.values
    if len(values) != count:
        return Rejection.of(
            N_("this throw is of {dice}; the outcome has {got}"),
            "PR-04",
            dice=_dice_count(count),
            got=_dice_count(len(values)),
        )
    if values and (values[0] < 1 or values[-1] > 6):
        return Rejection.of(N_("die faces are 1..6, got {dice}"), "PR-04", dice=dice_text(values))
    return None


# For each state class: a getter of its init fields' values and the positions
# of ``phase``, ``dice`` and ``rolls`` among them (None: built by `replace`).
_THROWN: dict[type, tuple[Callable[[Any], tuple[Any, ...]], int, int, int] | None] = {}


def _thrown_plan(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], int, int, int] | None:
    known = _fields_of(cls)
    plan = None
    if known is not None and {"phase", "dice", "rolls"} <= set(known[0]):
        names, values = known
        plan = (values, names.index("phase"), names.index("dice"), names.index("rolls"))
    _THROWN[cls] = plan
    return plan


def throw_happen(state: S, action: DiceRoll) -> S:
    """Apply a possible outcome: the dice join those kept, or the roll-off goes on.

    The successor of a throw is ``replace(state, phase=DECIDE, dice=landed,
    rolls=rolls + 1)``, built by position: the class called with every field.
    """
    if state.phase is Phase.ROLL_OFF:
        return roll_off_step(state, action)
    cls = state.__class__
    plan = _THROWN[cls] if cls in _THROWN else _thrown_plan(cls)
    if plan is None:
        return replace(state, phase=_DECIDE, dice=landed(state, action), rolls=state.rolls + 1)
    values, phase, dice, rolls = plan
    row = list(values(state))
    row[phase] = _DECIDE
    row[dice] = landed(state, action)
    row[rolls] = row[rolls] + 1
    made: S = cls(*row)
    return made


def landed(state: _DiceState, action: DiceRoll) -> tuple[int, ...]:
    """The five dice after a throw: those kept and those thrown, sorted (of `throw_happen`).

    A throw of all five dice lands as it is: a `DiceRoll`'s values are sorted.
    """
    kept = state.dice
    return tuple(sorted(kept + action.values)) if kept else action.values


def opening_state(make: Callable[..., S], players: int, first_player: int | None) -> S:
    """A dice game's first state: the roll-off, or the first player's first roll.

    Args:
        make: Builds the state from ``phase`` and the keywords ``player``,
            ``first_player`` and ``roll_off`` (the game's ``State`` with its
            rules, names and sheets already given).
        players: The number of players.
        first_player: The seat that starts, or ``None`` for the roll-off
            (seat 0 at once for a solitaire game).

    Raises:
        InvalidStateError: A ``first_player`` that is not a seat.
    """
    start = opening(players, first_player)
    if isinstance(start, RollOff):
        return make(Phase.ROLL_OFF, first_player=None, roll_off=start)
    return make(Phase.DECIDE, player=start, first_player=start)


def _shown_state(observation: Any) -> Any:
    """The state an open observation shows: all of it (nothing is hidden in a dice game)."""
    return observation.state


_RULEBOOKS: dict[type, Any] = {}


def _rulebook(rules_class: type[R]) -> R:
    """The rules of the rulebook (``rules_class()``), made once per class."""
    found = _RULEBOOKS.get(rules_class)
    if found is None:
        found = _RULEBOOKS[rules_class] = rules_class()
    made: R = found
    return made


class DiceTurns(Game[S, V, A, O], Generic[S, V, A, O, R]):
    """What every dice game shares: who moves by phase, the first state, open observations.

    The first state (`new_game`) is the roll-off or the first player's first
    roll, over the game's `setup`; who moves is read off the `Phase`; a seat
    sees the whole state. Kniffel Extreme, whose throw differs, subclasses
    this directly; the five-dice games subclass `DiceGame`, which adds the
    throw. Type parameters: those of `kniffel_rules.game.Game` and the
    game's ``Rules``.

    Attributes:
        rules_class: The game's ``Rules``; ``rules_class()`` is the rulebook.
    """

    __slots__ = ()

    rules_class: type[R]
    to_move = staticmethod(current_player)
    stand_in = staticmethod(_shown_state)

    def setup(self, rules: R, seats: int) -> Any:
        """What the players start with: the ``State``'s field after ``names``.

        Each player's empty sheet (or board), one per seat; the Duell's
        shared board.
        """
        raise NotImplementedError

    def new_game(
        self,
        players: int | Sequence[str] | None = None,
        rules: R | None = None,
        first_player: int | None = None,
    ) -> S:
        """Start a game: the roll-off, or the first player's first roll.

        Args:
            players: The number of players, or their names in seat order
                (``None``: the fewest the game allows, ``info.min_players``),
                within ``info.min_players`` .. ``info.max_players``.
            rules: The rules (``None``: the rulebook, ``rules_class()``).
            first_player: The seat that starts. ``None`` starts with the
                roll-off (the clause of the game's rules page) for two or more
                players, and at seat 0 for one.

        Returns:
            The first state: a chance node of the roll-off, or the first
            player's first roll.

        Raises:
            InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

        Examples:
            >>> from kniffel_rules import classic, duel
            >>> classic.legal_actions(classic.new_game())
            (Roll(keep=()),)
            >>> s = duel.new_game(first_player=1)
            >>> s.names, duel.current_player(s)
            (('Blue', 'Red'), 1)
        """
        info = self.info
        checked = game_rules(rules, _rulebook(self.rules_class), info.name)
        given = info.min_players if players is None else players
        names = player_names(given, info.min_players, info.max_players)
        if self.default_names is not None and isinstance(given, int):
            names = self.default_names
        make: Callable[..., S] = self.state_class
        start = partial(make, checked, names, self.setup(checked, len(names)))
        return opening_state(start, len(names), first_player)


class DiceGame(DiceTurns[S, V, A, DiceRoll, R]):
    """The hooks every five-dice game shares: who moves by phase, the throw and the roll-off.

    A subclass (classic, Master, the Duell) adds its decisions, its rules
    and its transitions (``happen`` included: `throw_happen` or the game's
    own); ``outcome_problem`` is `throw_problem` unless the game refines it,
    and a refused outcome is named with the game's ``action_text``. Extreme,
    whose throw differs, subclasses `DiceTurns`. The observations are open: a
    seat sees the whole state.
    """

    __slots__ = ()

    outcomes = (DiceRoll,)
    not_chance = _NOT_CHANCE
    chance = staticmethod(throw_chance)
    sample = staticmethod(throw_sample)
    outcome_problem: Callable[[S, DiceRoll], Rejection | None] = staticmethod(throw_problem)

    def outcome_misfit(self, state: Any, action: object) -> str:
        """`throw_misfit`, naming the object with the game's ``action_text``."""
        return throw_misfit(state, action, self.action_text)
