"""The shape of a game, written once: `Game` holds the protocol, a game supplies its rules.

A game of the library is one object, the single instance of a subclass of
`Game`. The subclass supplies only what is its own (the *hooks*): who moves,
the candidate decisions and the rule that refuses one, the transitions, the
chance events and the ranking. `Game` turns them into the functions of the
`kniffel_rules.Variant` protocol, with one legality path (PokerKit's
verify/can/do):

* `Game.why_illegal` is the only judge: ``None`` for a legal action, else
  the `Rejection` (text and clause id) that `Game.apply` raises;
* `Game.legal_actions` is the candidates that `Game.why_illegal` lets
  through (a game may give a faster listing, `Game.listing`, that provably
  is the same set; the conformance suite compares the two at every node);
* `Game.apply` asks the same judges, then runs the game's transition.

Protocol misuse is told apart from a broken rule here, once, and carries a
clause id of ``docs/protocol.md`` (``PR-01`` ..); a rule of the game carries
the game's own clause id (``CL-07``), given by the game's hooks.

A game module binds the protocol functions of its instance as module-level
names (``apply = GAME.apply``), so ``classic.apply(state, action)`` is the
method itself, precisely typed, with no wrapper between.

`GameInfo` is what a game says of itself (its name, titles and player
limits); the registry, the command line and the adapters read it instead of
keeping tables of their own.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

import attrs

from kniffel_rules import _json
from kniffel_rules._common import seat_name
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief, type_name
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.errors import IllegalActionError, InvalidStateError, Rejection
from kniffel_rules.lang import LANGS, Lang
from kniffel_rules.notation import said

if TYPE_CHECKING:
    from kniffel_rules.boxsheet import BoxPlay, Solitaire, SolitairePosition

__all__ = [
    "GAME_OVER",
    "NOT_OVER",
    "PROTOCOL_CLAUSES",
    "Document",
    "Game",
    "GameInfo",
    "game_rules",
]

S = TypeVar("S")
"""The game's ``State`` class."""
V = TypeVar("V")
"""The game's ``Observation`` class (what one seat sees)."""
A = TypeVar("A")
"""The game's player actions (a union of its action classes)."""
O = TypeVar("O")  # noqa: E741 - the outcome type, named like A and S
"""The game's chance outcomes."""
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

GAME_OVER: Final = Rejection(N_("the game is over: no more actions"), "PR-05")
"""The refusal of every action once a game is over."""

NOT_OVER: Final = N_("the game is not over yet: there are no winners")
"""The usual text of `Game.winners` before the end."""


def _check_titles(instance: GameInfo, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Mapping):
        raise ValueError(f"GameInfo.titles must map languages to titles, got {brief(value)}")
    missing = [lang for lang in LANGS if not isinstance(value.get(lang), str) or not value[lang]]
    if missing:
        raise ValueError(f"GameInfo.titles lacks a title in {', '.join(missing)}")


def _check_limits(instance: GameInfo, attribute: attrs.Attribute[Any], value: int) -> None:
    if not 1 <= instance.min_players <= value:
        raise ValueError("GameInfo needs 1 <= min_players <= max_players")


@attrs.frozen(slots=True)
class GameInfo:
    """What a game says of itself: its name, titles, who may play it and what it offers.

    Every registered game module has one as ``INFO``; the registry, the
    command line, records, the pictures and the adapters ask it rather than
    keeping tables of their own (``tests/test_registry_capabilities.py``
    fails when a registered game lacks one of the capabilities).

    Attributes:
        name: The registry name (``"classic"``), as `kniffel_rules.get_variant` takes it.
        titles: The game's title in every language of `kniffel_rules.lang.LANGS`.
        min_players: The fewest players the game allows.
        max_players: The most players the game allows.
        hidden_information: Whether a seat may not see all of a state (the
            card game's hands): its observations then hide what is not theirs.
        private_parts: The parts of a seat's observation that only that seat
            sees (the card game's ``"hand"``): each the name of a part of the
            adapters' observation tensor and a key of ``observation_to_dict``
            (OpenSpiel's public observation type leaves them out).
        score_sheet: Whether the game is scored on a box sheet that
            `kniffel_rules.verify_sheet` checks.
        picture: The picture `kniffel_rules.svg.render` draws of a view:
            the name of a drawing function of `kniffel_rules.svg`
            (``"sheet"``); ``None``: the game has none.
        end_rule: The clause id of the rule that ends the game (``"CL-23"``):
            what `kniffel_rules.verify_sheet` cites when a game record's
            ``finished`` disagrees with its actions.
        score_rule: The clause id of the rule that gives the game's
            ``scores`` (``"CL-24"``): what `kniffel_rules.verify_sheet`
            cites when a game record's ``scores`` disagree with its actions.
        action_index: ``action_index(rules)``: every decision a player can
            ever be offered under ``rules``, each once, in the fixed order of
            the adapters' `kniffel_rules.adapters.space.ActionSpace`.
        chance_index: ``chance_index(rules)``: every chance outcome under
            ``rules``, each once, in the fixed order of
            `kniffel_rules.adapters.space.ChanceSpace`.
        tensor: ``tensor(t, game, observation)`` writes the observation's
            numbers, part by part, with ``t.add(name, values, high=, low=)``
            (the bounds the rules guarantee for each value; a flag's are the
            default 0..1) and ``t.one_hot(name, size, at)`` (``game`` is the
            game module): the layout of
            `kniffel_rules.adapters.space.observation_tensor` and the bounds of
            `kniffel_rules.adapters.space.observation_bounds`.
        bounds: ``bounds(rules, players)``: the lowest and the highest final
            score of a solitaire game and the most decisions and chance events
            a game can take (OpenSpiel's utility range and game length).
        solitaire: ``solitaire(rules)``: the box sheet as the exact solitaire
            solver reads it (`kniffel_rules.boxsheet.Solitaire`); ``None``: the
            game has no exact solitaire player.
        position: How a one-player position described by hand is read and
            judged (`kniffel_rules.boxsheet.SolitairePosition`, what
            ``kniffel advise`` asks); ``None``: the game cannot be advised.
        box_play: ``box_play(rules)``: the solitaire game as data for the
            vectorised engine (`kniffel_rules.boxsheet.BoxPlay`); ``None``:
            the game has no vectorised engine.

    Examples:
        >>> from kniffel_rules import classic
        >>> classic.INFO.name, classic.INFO.title("de"), classic.INFO.hidden_information
        ('classic', 'Kniffel', False)
    """

    name: str
    titles: Mapping[Lang, str] = attrs.field(validator=_check_titles)
    min_players: int
    max_players: int = attrs.field(validator=_check_limits)
    hidden_information: bool = False
    private_parts: frozenset[str] = frozenset()
    score_sheet: bool = False
    picture: str | None = None
    end_rule: str = ""
    score_rule: str = ""
    action_index: Callable[[Any], Sequence[Any]] | None = attrs.field(default=None, repr=False)
    chance_index: Callable[[Any], Sequence[Any]] | None = attrs.field(default=None, repr=False)
    tensor: Callable[[Any, Any, Any], None] | None = attrs.field(default=None, repr=False)
    bounds: Callable[[Any, int], tuple[float, float, int]] | None = attrs.field(
        default=None, repr=False
    )
    solitaire: Callable[[Any], Solitaire] | None = attrs.field(default=None, repr=False)
    position: SolitairePosition | None = attrs.field(default=None, repr=False)
    box_play: Callable[[Any], BoxPlay] | None = attrs.field(default=None, repr=False)

    def title(self, lang: Lang = "en") -> str:
        """The game's title in ``lang`` (English for a language it lacks)."""
        return self.titles.get(lang, self.titles["en"])


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


_NO_STATE: Final = object()  # no state has been asked yet (``None`` is a caller's bad state)


def _module_game(module: str) -> Any:
    """The ``GAME`` of a game's module (how a pickled game is read back)."""
    return importlib.import_module(module).GAME


def _no_listing(state: object) -> None:
    return None


def _no_stand_in(observation: object) -> Any:
    raise InvalidStateError("state", "this game has no observations")


class Game(Generic[S, V, A, O]):
    """The protocol of one game, written once over the game's own rules.

    A subclass sets the class attributes below, the hooks among them as
    ``staticmethod``s of the game's own functions (``problem =
    staticmethod(legality.problem)``: no frame between the protocol and the
    rule); everything else is the protocol, the same for every game. Type
    parameters: the ``State`` class, the ``Observation`` class, the player
    actions and the chance outcomes.

    Attributes:
        info: What the game says of itself (`GameInfo`).
        state_class: The game's ``State`` class: anything else given as a
            state is refused with `InvalidStateError` (path ``state``).
        observation_class: The game's ``Observation`` class: `current_player`,
            `is_terminal`, `legal_actions`, `why_illegal` and `is_legal`
            accept one as well as a state (it has ``player`` and ``to_move``).
        decisions: The classes of the game's player actions.
        outcomes: The classes of the game's chance outcomes.
        not_chance: The text of `chance_outcomes` away from a chance node.
        not_over: The text of `winners` before the end.
        expected: The decisions a player's node takes, as `misfit` names
            them (``"Roll or Score"``).
        default_names: The names of the seats when ``new_game`` is given a
            count (`N_` msgids, shown in the reader's language); ``None``:
            ``"Player 1"``, ... (`kniffel_rules._common.player_names`).
        action_text: Hook: the game's ``action_to_text``, with which
            `Game.misfit` (and a dice game's ``outcome_misfit``) names a
            refused object as players write it (never a ``repr``); a game
            that replaces both need not give it.
        to_move: Hook: the seat to act in a state, `CHANCE` or `TERMINAL`.
        misfit: Hook: the text refusing an object that is not a decision of
            this node (it names whose turn it is and what is expected; by
            default `Game.misfit`, from ``expected`` and ``action_text``).
        candidates: Hook: a superset of the legal decisions, in the
            documented order.
        problem: Hook: the rules of play: why a decision (an instance of one
            of ``decisions``, at a player's node) is illegal, or ``None``.
        decide: Hook: the transition of a legal decision.
        chance: Hook: every outcome of the pending chance event with its
            exact probability (called only at a chance node).
        sample: Hook: one outcome of the pending chance event drawn with the
            generator (called only at a chance node).
        outcome_problem: Hook: why an instance of one of ``outcomes`` cannot
            come out of the pending chance event (``PR-04``), or ``None``.
        outcome_misfit: Hook: the text refusing an object that is not an
            outcome of the pending chance event.
        happen: Hook: the transition of a possible chance outcome.
        ranking: Hook: the winning seats of a finished game.
        listing: Optional hook: a faster listing of the legal decisions that
            is provably the candidates that ``problem`` lets through
            (``None`` where there is none; the conformance suite compares).
        stand_in: Hook of a game with observations: a state that agrees with
            an observation in everything the observer's decisions depend on
            (their own hand, the public cards, the counts), to list and judge
            their actions; it refuses a view whose fields do not fit together.
    """

    __slots__ = ("_last",)

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[Any]]
    observation_class: ClassVar[type[Any] | None] = None
    decisions: ClassVar[tuple[type, ...]]
    outcomes: ClassVar[tuple[type, ...]]
    not_chance: ClassVar[str] = N_("this is not a chance node")
    not_over: ClassVar[str] = NOT_OVER
    expected: ClassVar[str] = N_("one of their decisions")
    default_names: ClassVar[tuple[str, ...] | None] = None

    # -- the hooks: what each game supplies (its functions, as staticmethods) --

    action_text: Callable[[Any], str]
    to_move: Callable[[S], int]
    candidates: Callable[[S], tuple[A, ...]]
    problem: Callable[[S, A], Rejection | None]
    decide: Callable[[S, A], S]
    chance: Callable[[S], tuple[tuple[O, Fraction], ...]]
    sample: Callable[[S, random.Random], O]
    outcome_problem: Callable[[S, O], Rejection | None]
    outcome_misfit: Callable[[S, object], str]
    happen: Callable[[S, O], S]
    ranking: Callable[[S], tuple[int, ...]]
    listing: Callable[[S], tuple[A, ...] | None] = staticmethod(_no_listing)
    stand_in: Callable[[V], S] = staticmethod(_no_stand_in)

    def misfit(self, state: Any, action: object) -> str:
        """The refusal of an object that is not one of ``decisions`` at a player's node.

        It names whose turn it is, what the node takes (``expected``) and the
        object as players write it (``action_text``).
        """
        shown = said(action, self.action_text, type(self).__module__.rpartition(".")[0])
        return Text.of(
            N_("it is {name}'s turn: expected {expected}, got {shown}"),
            name=seat_name(state.names, state.player, self.default_names),
            expected=Text(self.expected),
            shown=shown,
        )

    # -- the protocol ---------------------------------------------------------

    def __init__(self) -> None:
        # The last state whose mover was asked, with the mover and what the
        # game offered there (the listed actions or the drawn outcome): a
        # playout asks `is_terminal`, `current_player`, `legal_actions` and
        # `apply` of the same state, and a state is immutable, so the hook
        # runs once per state and an offered action is not judged twice. One
        # tuple, replaced whole: threads may share the game.
        self._last: tuple[object, int, tuple[object, ...]] = (_NO_STATE, TERMINAL, ())

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles (and copies) as a reference to its module's ``GAME``, the one instance."""
        return (_module_game, (type(self).__module__,))

    def _mover(self, state: Any) -> int:
        """``to_move`` of a state of exactly the game's class, remembered for the last state."""
        last = self._last
        if last[0] is state:
            return last[1]
        who = self.to_move(state)
        self._last = (state, who, ())
        return who

    def _seen(self, state: Any) -> tuple[S, bool] | None:
        """``(stand-in state, observer to move)`` for an observation, ``None`` for anything else."""
        cls = self.observation_class
        if cls is None or not isinstance(state, cls):
            return None
        return self.stand_in(state), state.to_move == state.player

    def _who(self, state: Any) -> int:
        cls = self.state_class
        if state.__class__ is not cls and not isinstance(state, cls):
            raise InvalidStateError(
                "state", f"expected a {self.info.name} State, got {type_name(state)}"
            )
        return self.to_move(state)

    def check_state(self, state: object) -> None:
        """Refuse anything that is not the game's ``State``.

        Raises:
            InvalidStateError: Not a ``State`` of this game (path ``state``).
        """
        self._who(state)

    def current_player(self, state: S | V) -> int:
        """The seat to act, `CHANCE` or `TERMINAL` (of a state or an observation).

        Raises:
            InvalidStateError: Neither a ``State`` nor an ``Observation`` of this game.
        """
        position: Any = state
        last = self._last
        if last[0] is position:
            return last[1]
        if position.__class__ is self.state_class:
            who = self.to_move(position)
            self._last = (position, who, ())
            return who
        cls = self.observation_class
        if cls is not None and isinstance(position, cls):
            self.stand_in(position)  # refuses a view whose fields do not fit together
            return int(position.to_move)
        return self._who(position)

    def is_terminal(self, state: S | V) -> bool:
        """Whether the game is over (of a state or an observation)."""
        position: Any = state
        last = self._last
        if last[0] is position:
            return last[1] == TERMINAL
        if position.__class__ is self.state_class:
            who = self.to_move(position)
            self._last = (position, who, ())
            return who == TERMINAL
        return self.current_player(position) == TERMINAL

    def why_illegal(self, state: S | V, action: object) -> Rejection | None:
        """``None`` if ``action`` is legal in ``state``, else the reason and its clause id.

        The one judge of legality: `legal_actions` lists what it lets
        through, and `apply` raises exactly the `Rejection` it returns (its
        ``.rule`` is a clause id of the game's rules page, or ``PR-..`` of
        ``docs/protocol.md`` for protocol misuse). Given an observation,
        judges the observer's own action: one of a player who is not to move
        is refused (``PR-08``).
        """
        position: Any = state
        seen = self._seen(position)
        if seen is not None:
            if not seen[1]:
                stand_in: Any = seen[0]
                mover = self.current_player(position)
                return Rejection(self._not_yours(mover, stand_in.names), "PR-08")
            position = seen[0]
        return self._judge(position, action, self._who(position))

    def _judge(self, state: S, action: object, who: int) -> Rejection | None:
        """The one dispatch of `why_illegal` and `apply`: ``state``'s mover is ``who``.

        A decision of the game's kind at a player's node goes to the game's
        ``problem``, an outcome at a chance node to ``outcome_problem``;
        anything else is protocol misuse (``PR-01`` .. ``PR-03``) or the end
        of the game.
        """
        if who >= 0:
            if isinstance(action, self.decisions):
                return self.problem(state, action)  # type: ignore[arg-type]
            rule = "PR-02" if isinstance(action, self.outcomes) else "PR-01"
            return Rejection(self.misfit(state, action), rule)
        if who == CHANCE:
            if isinstance(action, self.outcomes):
                return self.outcome_problem(state, action)  # type: ignore[arg-type]
            rule = "PR-03" if isinstance(action, self.decisions) else "PR-01"
            return Rejection(self.outcome_misfit(state, action), rule)
        return GAME_OVER

    def is_legal(self, state: S | V, action: object) -> bool:
        """Whether ``action`` is legal in ``state`` (`why_illegal` returns ``None``)."""
        return self.why_illegal(state, action) is None

    def apply(self, state: S, action: A | O) -> S:
        """The state after ``action`` (a player's action or a chance outcome).

        ``state`` is not changed.

        An action object that `legal_actions` or `sample_chance` returned
        for this very state object was judged legal there and is not judged
        again (the result is the same; a playout's step saves the check).

        Raises:
            IllegalActionError: ``action`` is not legal here, with exactly the
                reason and clause id that `why_illegal` gives.
        """
        last = self._last
        if last[0] is state:
            who = last[1]
            # An action offered for this very state was judged when it was
            # offered. (A loop: cheaper than ``any(map(is_, ...))``'s setup
            # for the one outcome of a chance node and the dozens of a decision.)
            judged = False
            for offered in last[2]:
                if offered is action:
                    judged = True
                    break
        elif state.__class__ is self.state_class:
            who = self.to_move(state)
            judged = False
        else:
            # An observation, a subclass of State or junk: `why_illegal`
            # judges it (an observation as its observer's action), and only
            # a State moves on (`_who` refuses anything else).
            reason = self.why_illegal(state, action)
            if reason is not None:
                raise IllegalActionError(reason)
            who = self._who(state)
            judged = True
        if not judged:
            reason = self._judge(state, action, who)
            if reason is not None:
                raise IllegalActionError(reason)
        if who == CHANCE:
            return self.happen(state, action)  # type: ignore[arg-type]
        return self.decide(state, action)  # type: ignore[arg-type]

    def _not_yours(self, to_move: int, names: Sequence[str]) -> str:
        if to_move == CHANCE:
            return N_("it is not your turn: chance decides next")
        if to_move == TERMINAL:
            return GAME_OVER
        name = seat_name(names, to_move, self.default_names)  # as the pictures name the seat
        return Text.of(N_("it is not your turn: {name} is to move"), name=name)

    def legal_actions(self, state: S | V) -> tuple[A, ...] | tuple[O, ...]:
        """Every legal decision, or at a chance node every outcome, or ``()`` at the end.

        In the order the game documents. Given an observation: the
        observer's legal actions when they are to move (the same as the
        state's), else ``()``.
        """
        position: Any = state
        last = self._last
        if last[0] is position:
            who = last[1]
        elif position.__class__ is self.state_class:
            who = self._mover(position)
        else:
            seen = self._seen(position)
            if seen is not None:
                if not seen[1]:
                    return ()
                position = seen[0]
            who = self._who(position)
        listed: tuple[A, ...] | tuple[O, ...]
        if who >= 0:
            fast = self.listing(position)
            listed = self.checked_actions(position) if fast is None else fast
        elif who == CHANCE:
            listed = tuple(o for o, _ in self.chance(position))
        else:
            return ()
        if position is state and position.__class__ is self.state_class:
            self._last = (position, who, listed)  # `apply` need not judge these again
        return listed

    def checked_actions(self, state: S) -> tuple[A, ...] | tuple[O, ...]:
        """The candidates that `why_illegal` lets through, without any fast path.

        This is the definition of the legal actions at a player's node;
        `legal_actions` equals it (the conformance suite checks).
        """
        if self._who(state) < 0:
            return self.legal_actions(state)
        return tuple(a for a in self.candidates(state) if self.problem(state, a) is None)

    def chance_outcomes(self, state: S) -> tuple[tuple[O, Fraction], ...]:
        """At a chance node, every outcome with its exact probability (summing to exactly 1).

        Raises:
            IllegalActionError: Not a chance node (``PR-06``).
        """
        if self._who(state) != CHANCE:
            raise IllegalActionError(self.not_chance, "PR-06")
        return self.chance(state)

    def sample_chance(self, state: S, rng: random.Random) -> O:
        """At a chance node, one outcome drawn with ``rng`` (as the game documents).

        Raises:
            IllegalActionError: Not a chance node (``PR-06``).
            InvalidStateError: ``rng`` is not a `random.Random` (path ``rng``).
        """
        last = self._last
        if last[0] is state:
            who = last[1]
        elif state.__class__ is self.state_class:
            who = self._mover(state)
        else:
            who = self._who(state)
        if who != CHANCE:
            raise IllegalActionError(self.not_chance, "PR-06")
        if not isinstance(rng, random.Random):
            raise InvalidStateError("rng", f"expected a random.Random, got {type(rng).__name__}")
        outcome = self.sample(state, rng)
        if state.__class__ is self.state_class:
            self._last = (state, who, (outcome,))  # `apply` need not judge it again
        return outcome

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats of a finished game (ties share).

        Raises:
            IllegalActionError: The game is not over (``PR-07``).
        """
        if self._who(state) != TERMINAL:
            raise IllegalActionError(self.not_over, "PR-07")
        return self.ranking(state)


# -- the state document ---------------------------------------------------------


class Document(Generic[S]):
    """A game's state document, written once: its header, its two forms, its limits.

    A game's ``serial`` module makes one from its own parts (the format tag,
    the version, the fields and a writer and reader of the document's body)
    and binds its methods as the module-level names (``to_dict =
    DOCUMENT.to_dict``): the protocol's `to_dict`, `to_json`, `from_dict`
    and `from_json`, with no wrapper between.

    The document is ``{"format": ..., "version": ..., <the body>}``. It is
    read in three steps: the header (an object with exactly the fields,
    those in ``optional`` may be left out; the format tag; the version),
    each field alone (``read``), then the relations between them
    (``check``).

    Args:
        game: The game (its `Game` instance), whose ``check_state`` refuses
            anything that is not its ``State``.
        tag: The ``format`` tag (``"kniffel-rules/classic-state"``).
        version: The ``version`` written, the only one read.
        fields: The body's fields, in the order they are written.
        write: The body of a state: a new dict of ``fields``, sharing
            nothing with the state; the document writes them in the order
            of ``fields``, then ``optional`` (a game's parts, such as the dice turn's
            `kniffel_rules._dicewire.Turn`, need not know where they stand).
        read: The state of a document whose header is checked, every
            field checked alone; every failure is an `InvalidStateError`
            naming the field path.
        check: The relations between the fields of a state read (the
            invariants of a reachable state), refused with an
            `InvalidStateError` naming the field path.
        optional: The fields a document may lack (one written before they
            existed).

    Examples:
        >>> from kniffel_rules import classic
        >>> s = classic.new_game(["Ann", "Ben"], first_player=1)
        >>> classic.to_dict(s)["players"][1]
        {'name': 'Ben', 'sheet': {}, 'extra_kniffel_bonus': 0}
        >>> classic.from_dict(classic.to_dict(s)) == s
        True
        >>> classic.from_json(classic.to_json(s)) == s
        True
    """

    __slots__ = (
        "_body",
        "_check",
        "_fields",
        "_game",
        "_optional",
        "_read",
        "_write",
        "format",
        "version",
    )

    def __init__(
        self,
        game: Game[S, Any, Any, Any],
        tag: str,
        version: int,
        fields: Sequence[str],
        write: Callable[[S], dict[str, Any]],
        read: Callable[[dict[str, Any]], S],
        check: Callable[[S], None],
        optional: Sequence[str] = (),
    ) -> None:
        self.format: Final = tag
        self.version: Final = version
        self._game = game
        self._fields = ("format", "version", *fields)
        self._optional = tuple(optional)
        self._body = (*fields, *(f for f in optional if f not in fields))
        self._write = write
        self._read = read
        self._check = check

    def to_dict(self, state: S) -> dict[str, Any]:
        """The state as a JSON-ready document (see the game's ``serial`` module for the format).

        A new dict on every call, sharing nothing with ``state``.

        Raises:
            InvalidStateError: ``state`` is not a ``State`` of the game (path ``state``).
        """
        self._game.check_state(state)
        body = self._write(state)
        ordered = {k: body[k] for k in self._body if k in body}
        return {"format": self.format, "version": self.version, **ordered}

    def to_json(self, state: S) -> str:
        """The state as compact JSON text: the document of `to_dict`.

        Raises:
            InvalidStateError: ``state`` is not a ``State`` of the game (path ``state``).
        """
        return _json.dumps(self.to_dict(state))

    def from_dict(self, data: Any) -> S:
        """Read a state from the document of `to_dict`, checking every invariant.

        ``data`` is held to what parsed text is (`kniffel_rules._json.check_tree`:
        JSON types only, the depth and size limits of `kniffel_rules.limits`),
        then read as `from_json` reads text; it is not changed.

        Args:
            data: The document (a dict).

        Returns:
            The state.

        Raises:
            InvalidStateError: The document is malformed or describes a state
                the rules cannot reach; the message names the field path.
        """
        _json.check_tree(data)
        return self._read_checked(data)

    def from_json(self, text: str | bytes) -> S:
        """Read a state written by `to_json`, checking every invariant.

        The text is parsed by the library's JSON reader (size, depth, each key
        once, no ``NaN``), then read as `from_dict` reads a dict.

        Args:
            text: The JSON document.

        Returns:
            The state.

        Raises:
            InvalidStateError: The document is malformed or describes a state
                the rules cannot reach; the message names the field path.
        """
        return self._read_checked(_json.loads(text))

    def _read_checked(self, data: Any) -> S:
        """`from_dict` of a document already held to the limits of parsed text."""
        doc = _json.read_header(data, self.format, self.version, self._fields, self._optional)
        state = self._read(doc)
        self._check(state)
        return state
