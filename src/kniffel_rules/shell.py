"""The protocol shell: the bookkeeping every game shares, written once.

A game module supplies only what is its own: whose turn it is, the candidate
decisions and the rules that refuse them, the transitions, and its chance
events. `Shell` turns those pieces into the functions of the `Variant`
protocol, with one legality path (PokerKit's verify/can/do):

* `Shell.why_illegal` is the only judge: ``None`` for a legal action, else
  the `Rejection` (text and clause id) that `Shell.apply` raises;
* `Shell.legal_actions` is the candidates that `Shell.why_illegal` lets
  through (a game may give a faster listing that provably is the same set;
  the conformance suite compares the two at every node it visits);
* `Shell.apply` asks `Shell.why_illegal`, then runs the game's transition.

Protocol misuse is told apart from a broken rule here, once, and carries a
clause id of ``docs/protocol.md`` (``PR-01`` ..); a rule of the game carries
the game's own clause id (``CL-07``), given by the game's checks.

Each game module keeps its typed one-line public functions that call its
shell, so a type checker still sees precise types.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, Generic, TypeVar

import attrs

from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.errors import IllegalActionError, InvalidStateError, Rejection

__all__ = [
    "GAME_OVER",
    "NOT_OVER",
    "PROTOCOL_CLAUSES",
    "Shell",
    "game_rules",
]

S = TypeVar("S")
R = TypeVar("R")

PROTOCOL_CLAUSES: Final = {
    "PR-01": "an object that is not an action or outcome of this game",
    "PR-02": "a chance outcome where a player decides",
    "PR-03": "a player's action where chance decides",
    "PR-04": "an outcome this chance event cannot produce",
    "PR-05": "an action after the end of the game",
    "PR-06": "chance asked for away from a chance node",
    "PR-07": "winners asked for before the end of the game",
    "PR-08": "an action asked of the view of a player who is not to move",
}
"""The clauses of the protocol page (``docs/protocol.md``), by id."""

GAME_OVER: Final = Rejection("the game is over: no more actions", "PR-05")
"""The refusal of every action once a game is over."""

NOT_OVER: Final = "the game is not over yet: there are no winners"
"""The usual text of `Shell.winners` before the end."""


def game_rules(rules: object, default: R, game: str) -> R:
    """``new_game``'s ``rules`` argument: ``None`` for ``default`` (the rulebook), else checked.

    Raises:
        InvalidStateError: Not the game's ``Rules`` (path ``rules``).
    """
    if rules is None:
        return default
    if not isinstance(rules, type(default)):
        raise InvalidStateError("rules", f"expected {game}.Rules, got {type(rules).__name__}")
    return rules


def _no_fast_path(state: Any) -> None:
    return None


@attrs.frozen(slots=True)
class Shell(Generic[S]):
    """The protocol functions of one game, built from the game's own pieces.

    Attributes:
        to_move: The seat to act, `CHANCE` or `TERMINAL`.
        decisions: The classes of the game's player actions.
        outcomes: The classes of the game's chance outcomes.
        misfit: The text refusing an object that is not a decision of this
            node (it names whose turn it is and what is expected).
        candidates: A superset of the legal decisions, in the documented order.
        problem: The game's rules of play: why a decision (an instance of
            one of ``decisions``, at a player's node) is illegal, or ``None``.
        decide: The transition of a legal decision.
        chance: Every outcome of the pending chance event with its exact
            probability (called only at a chance node).
        sample: One outcome of the pending chance event drawn with the
            generator (called only at a chance node).
        outcome_problem: Why an instance of one of ``outcomes`` cannot come
            out of the pending chance event (``PR-04``), or ``None``.
        outcome_misfit: The text refusing an object that is not an outcome
            of the pending chance event.
        happen: The transition of a possible chance outcome.
        ranking: The winning seats of a finished game.
        listing: Optionally, a faster listing of the legal decisions that is
            provably the candidates that ``problem`` lets through (``None``
            where there is none, or for a node it does not cover).
        not_chance: The text of `chance_outcomes` away from a chance node.
        not_over: The text of `winners` before the end.
        state_class: The game's ``State`` class: anything else given as a
            state is refused with `InvalidStateError` (path ``state``).
        name: The game's name in messages.
        observation_class: The game's ``Observation`` class: `current_player`,
            `is_terminal`, `legal_actions`, `why_illegal` and `is_legal`
            accept one as well as a state (it has ``player`` and ``to_move``).
        stand_in: A state that agrees with an observation in everything the
            observer's decisions depend on (their own hand, the public
            cards, the counts), to list and judge the observer's actions.
    """

    to_move: Callable[[S], int]
    decisions: tuple[type, ...]
    outcomes: tuple[type, ...]
    misfit: Callable[[S, object], str]
    candidates: Callable[[S], tuple[Any, ...]]
    problem: Callable[[S, Any], Rejection | None]
    decide: Callable[[S, Any], S]
    chance: Callable[[S], tuple[tuple[Any, Fraction], ...]]
    sample: Callable[[S, random.Random], Any]
    outcome_problem: Callable[[S, Any], Rejection | None]
    outcome_misfit: Callable[[S, object], str]
    happen: Callable[[S, Any], S]
    ranking: Callable[[S], tuple[int, ...]]
    listing: Callable[[S], tuple[Any, ...] | None] = _no_fast_path
    not_chance: str = "this is not a chance node"
    not_over: str = NOT_OVER
    state_class: type | None = None
    name: str = "this game"
    observation_class: type[Any] | None = None
    stand_in: Callable[[Any], S] | None = None

    def _seen(self, state: Any) -> tuple[Any, bool] | None:
        """``(stand-in state, observer to move)`` for an observation, ``None`` for anything else."""
        cls = self.observation_class
        if cls is None or not isinstance(state, cls) or self.stand_in is None:
            return None
        return self.stand_in(state), state.to_move == state.player

    def _who(self, state: S) -> int:
        cls = self.state_class
        if cls is not None and state.__class__ is not cls and not isinstance(state, cls):
            raise InvalidStateError(
                "state", f"expected a {self.name} State, got {type(state).__name__}"
            )
        return self.to_move(state)

    def check_state(self, state: object) -> None:
        """Refuse anything that is not the game's ``State`` (for functions outside the shell).

        Raises:
            InvalidStateError: Not a ``State`` of this game (path ``state``).
        """
        self._who(state)  # type: ignore[arg-type]

    def current_player(self, state: S | Any) -> int:
        """The seat to act, `CHANCE` or `TERMINAL` (of a state or an observation)."""
        if state.__class__ is self.state_class:
            return self.to_move(state)  # type: ignore[arg-type]
        cls = self.observation_class
        if cls is not None and isinstance(state, cls):
            seen: Any = state
            return int(seen.to_move)
        return self._who(state)

    def is_terminal(self, state: S | Any) -> bool:
        """Whether the game is over."""
        if state.__class__ is self.state_class:
            return self.to_move(state) == TERMINAL  # type: ignore[arg-type]
        return self.current_player(state) == TERMINAL

    def why_illegal(self, state: S | Any, action: object) -> Rejection | None:
        """``None`` if ``action`` is legal in ``state``, else the reason and its clause id.

        Given an observation, judges the observer's own action: one of a
        player who is not to move is refused (``PR-08``).
        """
        seen = self._seen(state)
        if seen is not None:
            if not seen[1]:
                return Rejection(self._not_yours(self.current_player(state)), "PR-08")
            state = seen[0]
        who = self._who(state)
        if who >= 0:
            if isinstance(action, self.decisions):
                return self.problem(state, action)
            rule = "PR-02" if isinstance(action, self.outcomes) else "PR-01"
            return Rejection(self.misfit(state, action), rule)
        if who == CHANCE:
            if isinstance(action, self.outcomes):
                return self.outcome_problem(state, action)
            rule = "PR-03" if isinstance(action, self.decisions) else "PR-01"
            return Rejection(self.outcome_misfit(state, action), rule)
        return GAME_OVER

    def is_legal(self, state: S | Any, action: object) -> bool:
        """Whether ``action`` is legal in ``state`` (`why_illegal` returns ``None``)."""
        return self.why_illegal(state, action) is None

    def apply(self, state: S, action: Any) -> S:
        """The state after ``action``; ``state`` is not changed.

        Raises:
            IllegalActionError: With exactly the reason `why_illegal` gives.
        """
        if type(state) is self.state_class:
            # The common case, decided in one pass: the same judges as
            # `why_illegal` (a state of this game, a decision or an outcome
            # of the right kind), asked once, then the transition.
            who = self.to_move(state)
            if who >= 0:
                if isinstance(action, self.decisions):
                    reason = self.problem(state, action)
                    if reason is None:
                        return self.decide(state, action)
                    raise IllegalActionError(reason)
            elif who == CHANCE and isinstance(action, self.outcomes):
                reason = self.outcome_problem(state, action)
                if reason is None:
                    return self.happen(state, action)
                raise IllegalActionError(reason)
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalActionError(reason)
        if self._who(state) == CHANCE:
            return self.happen(state, action)
        return self.decide(state, action)

    @staticmethod
    def _not_yours(to_move: int) -> str:
        if to_move == CHANCE:
            return "it is not your turn: chance decides next"
        if to_move == TERMINAL:
            return GAME_OVER
        return f"it is not your turn: seat {to_move} is to move"

    def legal_actions(self, state: S | Any) -> tuple[Any, ...]:
        """Every legal decision, or at a chance node every outcome, or ``()`` at the end.

        Given an observation: the observer's legal actions when they are to
        move (the same as the state's), else ``()``.
        """
        if state.__class__ is self.state_class:
            who = self.to_move(state)  # type: ignore[arg-type]
        else:
            seen = self._seen(state)
            if seen is not None:
                if not seen[1]:
                    return ()
                state = seen[0]
            who = self._who(state)
        if who >= 0:
            fast = self.listing(state)
            if fast is not None:
                return fast
            return self.checked_actions(state)
        if who == CHANCE:
            return tuple(o for o, _ in self.chance(state))
        return ()

    def checked_actions(self, state: S) -> tuple[Any, ...]:
        """The candidates that `why_illegal` lets through, without any fast path.

        This is the definition of the legal actions at a player's node;
        `legal_actions` equals it (the conformance suite checks).
        """
        if self._who(state) < 0:
            return self.legal_actions(state)
        return tuple(a for a in self.candidates(state) if self.problem(state, a) is None)

    def chance_outcomes(self, state: S) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node, every outcome with its exact probability.

        Raises:
            IllegalActionError: Not a chance node (``PR-06``).
        """
        if self._who(state) != CHANCE:
            raise IllegalActionError(self.not_chance, "PR-06")
        return self.chance(state)

    def sample_chance(self, state: S, rng: random.Random) -> Any:
        """At a chance node, one outcome drawn with ``rng``.

        Raises:
            IllegalActionError: Not a chance node (``PR-06``).
            InvalidStateError: ``rng`` is not a `random.Random` (path ``rng``).
        """
        if self._who(state) != CHANCE:
            raise IllegalActionError(self.not_chance, "PR-06")
        if not isinstance(rng, random.Random):
            raise InvalidStateError("rng", f"expected a random.Random, got {type(rng).__name__}")
        return self.sample(state, rng)

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats of a finished game (ties share).

        Raises:
            IllegalActionError: The game is not over (``PR-07``).
        """
        if self._who(state) != TERMINAL:
            raise IllegalActionError(self.not_over, "PR-07")
        return self.ranking(state)
