"""The card-game engine: `new_game`, the transitions, the scores and the `Variant` protocol.

Every protocol function is a method of `GAME`, the single `Cards` game
(`kniffel_rules.game.Game`), built from the game's own pieces:
`kniffel_rules.cards.legality` judges the decisions, ``_flow`` carries them
out, and the chance events are here.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  start-player draw as ``StartPlayer(0)``, ``StartPlayer(1)``, ...; a card
  drawn (dealt, drawn from the pile, refilling the display) as every card of
  the pile, in card order;
* ``SETUP``: ``PlaceToken(row)`` for every row allowed, in board order;
* ``TURN``: ``Draw()``, then ``Begin(combination)`` for every combination
  with a whole play now, in `Combination` order, then ``Exchange(card)`` for
  every card of the hand in card order; with ``simpler`` only ``Draw()``;
* ``SECOND`` (simpler): every ``Begin``, every ``Exchange``, then ``Stop()``;
* ``PICK``: ``Pick(card)`` for every card of the hand, in card order, that
  comes next in some whole play of the combination begun (`whole_plays`);
* ``TAKE``: ``Take(card)`` for every card of the display, in card order;
* ``PLACE``: every ``Place`` (see `place_options`);
* ``EXCHANGE``: every further ``Exchange``, then ``Stop()``;
* ``DISCARD``: ``Discard(card)`` for every card of the hand, in card order.

``sample_chance`` makes exactly one call ``rng.randrange(k)``: ``k`` is the
number of players for the start-player draw (the outcome is that seat) and
the number of cards in the pile for a card (the outcome is the card at that
position in card order).

A whole play of action B (a `Play`: a combination and its cards) is not one
decision but a short sequence (KA-62): ``Begin(combination)``, then one
``Pick(card)`` per card in card order; the last pick plays it. So every
node has at most the hand's size + 8 legal actions (a node placing tokens at
most 24; at most 28: a hand holds at most 20 cards, KA-61), and
`whole_plays` lists the whole plays open now (`steps` turns one into its
decisions).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Final

from kniffel_rules._common import player_names
from kniffel_rules._fields import check_seat
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE, TERMINAL
from kniffel_rules.cards import _flow, _space
from kniffel_rules.cards._observe import stand_in_state
from kniffel_rules.cards.actions import (
    Action,
    Begin,
    Discard,
    Draw,
    Exchange,
    Outcome,
    Pick,
    Place,
    PlaceToken,
    Play,
    StartPlayer,
    Stop,
    Take,
)
from kniffel_rules.cards.legality import (
    _is_out,
    _phase_problem,
    _whole_plays,
    candidates,
    listing,
    problem,
    steps,
)
from kniffel_rules.cards.pieces import CARDS, Card, _holds, card_names
from kniffel_rules.cards.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from kniffel_rules.cards.state import Observation, Phase, State, Tokens
from kniffel_rules.cards.wire import action_to_text
from kniffel_rules.errors import InvalidStateError, Rejection
from kniffel_rules.game import Game, GameInfo, game_rules
from kniffel_rules.notation import said

__all__ = [
    "GAME",
    "INFO",
    "Cards",
    "Outcome",
    "new_game",
    "replay_steps",
    "scores",
    "stand_in",
    "whole_plays",
    "winners",
]

_DEFAULT_RULES = Rules()

INFO: Final = GameInfo(
    name="cards",
    titles={"en": "Kniffel: The Card Game", "de": "Kniffel: Das Kartenspiel"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    hidden_information=True,
    private_parts=frozenset({"hand"}),
    picture="card_board",
    end_rule="KA-29",
    score_rule="KA-56",
    action_index=_space.actions,
    chance_index=_space.outcomes,
    tensor=_space.tensor,
    bounds=_space.bounds,
)
"""What Kniffel: Das Kartenspiel says of itself (`kniffel_rules.game.GameInfo`)."""

_START = {n: tuple(StartPlayer(i) for i in range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_CHANCE_PHASES = (Phase.START, Phase.DEAL, Phase.DRAW, Phase.REFILL)


def _check_capacity(rules: Rules, players: int, path: str = "rules") -> None:
    """The board in play must have room for every token of a player."""
    tokens, capacity = rules.tokens(players), rules.board.capacity
    if capacity < tokens:
        side = "red" if rules.trickier else "blue"
        raise InvalidStateError(
            f"{path}.{side}_board",
            Text.of(
                N_("the board has {capacity} spaces, fewer than the {tokens} tokens of a player"),
                capacity=capacity,
                tokens=tokens,
            ),
        )


def new_game(
    players: int | Sequence[str] = 2,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> State:
    """Start a card game.

    Each player gets their tokens, 3 of them in the active area (KA-05).

    Args:
        players: The number of players (2 to 4), or their names in seat order.
        rules: The rules (``None``: the rulebook, see `Rules`).
        first_player: The start player. ``None`` starts with the start-player
            draw, one chance node with each seat 1/n (KA-07, KA-45).

    Returns:
        The first state: the start-player draw, or the first setup placement.

    Raises:
        InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.

    Examples:
        >>> from kniffel_rules import cards
        >>> s = cards.new_game(["Ann", "Ben"], first_player=0)
        >>> cards.legal_actions(s)[:2]
        (PlaceToken(Row.FULL_HOUSE), PlaceToken(Row.COLOUR))
    """
    rules = game_rules(rules, _DEFAULT_RULES, "cards")
    names = player_names(players, MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    _check_capacity(rules, n)
    total = rules.tokens(n)
    state = State(
        rules,
        names,
        ((),) * n,
        (Tokens(total - _flow.START_ACTIVE, _flow.START_ACTIVE),) * n,
        CARDS,
        (),
        (),
        Phase.START,
    )
    if first_player is None:
        return state
    return _flow.begin_setup(state, check_seat(first_player, n, "first_player"))


def scores(state: State) -> tuple[int, ...]:
    """Each player's tokens on the board so far (KA-56).

    A player who is out (trickier, KA-54) has lost and scores 0.

    Raises:
        InvalidStateError: ``state`` is not a card-game `State`.
    """
    GAME.check_state(state)
    rules = state.rules
    return tuple(0 if _is_out(rules, t) else t.placed for t in state.tokens)


def _ranking(state: State) -> tuple[int, ...]:
    """KA-29, KA-30, KA-56, KA-60: a player who is out never wins."""
    rules = state.rules
    seats = range(state.num_players)
    inside = tuple(i for i in seats if not _is_out(rules, state.tokens[i])) or tuple(seats)
    done = _flow.finished(state)  # a player who placed every token is never out
    if done:
        contenders = done
    else:
        s = scores(state)
        top = max(s[i] for i in inside)
        contenders = tuple(i for i in inside if s[i] == top)
    most = max(len(state.hands[i]) for i in contenders)
    return tuple(i for i in contenders if len(state.hands[i]) == most)


# --- the hooks of the game --------------------------------------------------------


def _to_move(state: State) -> int:
    phase = state.phase
    if phase in _CHANCE_PHASES:
        return CHANCE
    if phase is Phase.OVER:
        return TERMINAL
    return state.player


def _decide(state: State, action: Action) -> State:
    """The transition of a legal decision (`problem` has matched it to the phase)."""
    if isinstance(action, Discard):  # the commonest decisions first (the kinds are disjoint)
        return _flow.discard_card(state, CARDS[action.card.index])
    if isinstance(action, Take):
        return _flow.take_card(state, CARDS[action.card.index])
    if isinstance(action, Draw):
        return _flow.start_draw(state)
    if isinstance(action, Pick):
        return _flow.pick_card(state, CARDS[action.card.index])
    if isinstance(action, Begin):
        return _flow.begin_play(state, action.combination)
    if isinstance(action, Exchange):
        return _flow.do_exchange(state, CARDS[action.card.index])
    if isinstance(action, Stop):
        return _flow.end_turn(state)
    if isinstance(action, Place):
        return _flow.do_place(state, action)
    assert isinstance(action, PlaceToken)
    return _flow.place_setup_token(state, action.row)


@lru_cache(maxsize=128)
def _uniform(k: int) -> Fraction:
    return Fraction(1, k)


def _chance(state: State) -> tuple[tuple[Outcome, Fraction], ...]:
    if state.phase is Phase.START:
        p = _uniform(state.num_players)
        return tuple((s, p) for s in _START[state.num_players])
    p = _uniform(len(state.pile))
    return tuple((c, p) for c in state.pile)


def _sample(state: State, rng: random.Random) -> Outcome:
    if state.phase is Phase.START:
        return _START[state.num_players][rng.randrange(state.num_players)]
    return state.pile[rng.randrange(len(state.pile))]


def _outcome_misfit(state: State, outcome: object) -> str:
    if state.phase is Phase.START:
        n = state.num_players
        shown = said(outcome, action_to_text, __package__)
        return Text.of(
            N_("the start player is being drawn: expected a seat from 0 to {last}, got {shown}"),
            last=n - 1,
            shown=shown,
        )
    return Text.of(
        N_("a card is being drawn: expected a Card, got {shown}"),
        shown=said(outcome, action_to_text, __package__),
    )


def _outcome_problem(state: State, outcome: Outcome) -> Rejection | None:
    if state.phase is Phase.START:
        if isinstance(outcome, StartPlayer) and outcome in _START[state.num_players]:
            return None
        return Rejection(_outcome_misfit(state, outcome), "PR-04")
    if not isinstance(outcome, Card):
        return Rejection(_outcome_misfit(state, outcome), "PR-04")
    if not _holds(state.pile, outcome):
        return Rejection.of(
            N_("{card} is not in the draw pile"), "PR-04", card=card_names((outcome,))
        )
    return None


def _happen(state: State, outcome: Outcome) -> State:
    if isinstance(outcome, StartPlayer):
        return _flow.begin_setup(state, outcome.seat)
    return _flow.after_chance_card(state, CARDS[outcome.index])


def stand_in(obs: Observation) -> State:
    """A state that agrees with ``obs`` in everything its player may see.

    The player's own hand, the display, the discards, every board and
    reserve, the counts of the other hands and of the pile, the phase and
    its bookkeeping are the observation's; the cards the player cannot see
    (all 65 less their hand, the display and the discards) are dealt in card
    order, first to the other hands (as many as each holds, seat by seat),
    then to the pile. So it is deterministic, and the player's decisions
    judged on it are judged exactly as on the real state:
    ``legal_actions(obs)`` and ``why_illegal(obs, action)`` use it.

    Examples:
        >>> from kniffel_rules import cards
        >>> s = cards.new_game(2, first_player=0)
        >>> cards.stand_in(cards.observation(s, 1)) == s      # nothing dealt yet
        True

    Raises:
        InvalidStateError: ``obs`` is not a card-game `Observation`, or one
            whose fields do not fit together (path ``observation.<field>``).
    """
    if not isinstance(obs, Observation):
        raise InvalidStateError(
            "observation",
            Text.of(N_("expected a cards Observation, got {type}"), type=type(obs).__name__),
        )
    state = stand_in_state(obs)
    if _to_move(state) != obs.to_move:
        raise InvalidStateError(
            "observation.to_move",
            Text.of(
                N_("{shown} is not the player to move in phase {phase}"),
                shown=brief(obs.to_move),
                phase=repr(obs.phase.value),
            ),
        )
    return state


_PLAYS_BEGIN = (Phase.TURN, Phase.SECOND)
_DECISIONS = (PlaceToken, Draw, Take, Play, Begin, Pick, Place, Exchange, Stop, Discard)
_OUTCOMES = (StartPlayer, Card)


class Cards(Game[State, Observation, Action, Outcome]):
    """Kniffel: Das Kartenspiel's rules for the protocol of `kniffel_rules.game.Game`."""

    __slots__ = ()

    info = INFO
    state_class = State
    to_move = staticmethod(_to_move)
    decisions = _DECISIONS
    outcomes = _OUTCOMES
    candidates = staticmethod(candidates)
    problem = staticmethod(problem)
    decide = staticmethod(_decide)
    chance = staticmethod(_chance)
    sample = staticmethod(_sample)
    outcome_problem = staticmethod(_outcome_problem)
    outcome_misfit = staticmethod(_outcome_misfit)
    happen = staticmethod(_happen)
    ranking = staticmethod(_ranking)
    listing = staticmethod(listing)
    not_chance = N_("this is not a chance node: no card is being drawn")
    observation_class = Observation
    stand_in = staticmethod(stand_in)

    def misfit(self, state: State, action: object) -> str:
        """The refusal of an object that is not a decision here: the text of the phase's check."""
        return _phase_problem(state, action)


GAME: Final = Cards()
"""The card game: the single instance whose methods are the package's protocol functions."""

winners = GAME.winners  # read here by `kniffel_rules.cards.render`


def whole_plays(state: State | Observation) -> tuple[Play, ...]:
    """The whole plays of action B open to the player to move, each once (KA-62).

    At ``TURN`` (not simpler) and ``SECOND``: every whole `Play` legal now,
    by combination in `Combination` order, then by the cards' positions in
    card order; at ``PICK``: those of the combination begun that extend the
    cards picked; otherwise ``()``. A `Play` is a value, not a decision:
    `steps` gives the ``Begin`` and ``Pick`` decisions that make it, and the
    legal ``Begin`` and ``Pick`` decisions are read from this same list.
    Given an `Observation`: its player's, when they are to move.

    Examples:
        >>> from kniffel_rules import cards
        >>> s = cards.new_game(2, first_player=0)
        >>> cards.engine.whole_plays(s)                  # setup: no play
        ()

    Raises:
        InvalidStateError: ``state`` is not a card-game `State` or `Observation`.
    """
    seen = stand_in(state) if isinstance(state, Observation) else state
    GAME.check_state(seen)
    if _to_move(seen) < 0 or (isinstance(state, Observation) and state.to_move != state.player):
        return ()  # chance, the end, or another seat's move seen from a view
    return _whole_plays(seen)


def replay_steps(state: State, action: Action | Outcome) -> tuple[Action | Outcome, ...]:
    """The actions of today that ``action``, read from an older record, stands for.

    A whole `Play` where a combination may be begun (``TURN`` or ``SECOND``)
    stands for its `steps` (KA-62: a record written before the play became
    a sequence of decisions); any other action stands for itself. The
    reader of records (``kniffel_rules.records``) replays an old record this
    way; `apply` still judges every step.

    Examples:
        >>> from kniffel_rules import cards
        >>> s = cards.new_game(2, first_player=0)
        >>> cards.replay_steps(s, cards.Draw())
        (Draw(),)
    """
    if isinstance(action, Play) and type(state) is State and state.phase in _PLAYS_BEGIN:
        return steps(action)
    return (action,)
