"""The classic game engine: the transitions, the scores and `GAME`, whose methods are the protocol.

The functions of the `Variant` protocol are the methods of `GAME`, the
single `Classic` game (`kniffel_rules.game.Game`), built from the rules in
`kniffel_rules.classic.legality` and the transitions here; ``new_game`` is
the dice games' (`kniffel_rules._dicegame.DiceTurns.new_game`). The package
binds them as its module-level names.

Order of ``legal_actions`` (documented, stable within a minor version):

* at a chance node, the outcomes in the order of ``chance_outcomes``: the
  thrown dice as sorted tuples in lexicographic order (roll-off: faces 1..6);
* at the start of a turn, exactly ``(Roll(),)``;
* after a throw, first ``Score(box)`` for every box the rules allow, in sheet
  order, then ``Roll(keep)`` for every distinct keep that throws at least one
  die, by number of dice kept and then lexicographically (none with
  ``full_cup``, none after the third throw).

``sample_chance`` draws one integer with ``rng.randrange(6 ** k)`` for a
throw of ``k`` dice (see `kniffel_rules.dice.sample_roll`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from kniffel_rules import _dicegame
from kniffel_rules._common import top_seats
from kniffel_rules._dicegame import DiceGame
from kniffel_rules._dicerender import SheetDrawing, check_view
from kniffel_rules._fields import is_int
from kniffel_rules._i18n import N_, Text
from kniffel_rules._tensor import dice_throws
from kniffel_rules._text import brief
from kniffel_rules.boxsheet import placement_points
from kniffel_rules.classic import _rows, _solitaire, _space, legality
from kniffel_rules.classic.actions import Action, Roll, Score
from kniffel_rules.classic.combinations import _natural_scores
from kniffel_rules.classic.legality import _entry, _is_extra_kniffel
from kniffel_rules.classic.pieces import Box, layout, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Observation, Phase, Sheet, State
from kniffel_rules.classic.wire import action_to_text
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import GameInfo, game_rules
from kniffel_rules.lang import Lang
from kniffel_rules.limits import MAX_PLAYERS

__all__ = [
    "GAME",
    "INFO",
    "Classic",
    "ranking_points",
    "scores",
    "totals",
    "winners",
]

_DEFAULT_RULES = Rules()

INFO: Final = GameInfo(
    name="classic",
    titles={"en": "Kniffel", "de": "Kniffel"},
    min_players=1,
    max_players=MAX_PLAYERS,
    score_sheet=True,
    picture="sheet",
    end_rule="CL-23",
    score_rule="CL-24",
    action_index=_space.actions,
    chance_index=dice_throws,
    tensor=_space.tensor,
    bounds=_space.bounds,
    solitaire=_solitaire.solitaire,
    position=_solitaire.POSITION,
    box_play=_solitaire.box_play,
)
"""What classic Kniffel says of itself (`kniffel_rules.game.GameInfo`)."""


def _after_score(state: State, value: int, bonus: int, box: Box) -> State:
    p = state.player
    rules = state.rules
    sheets = list(state.sheets)
    sheets[p] = sheets[p].with_entry(box, value, bonus)
    nxt = (p + 1) % len(sheets)
    if sheets[nxt].filled() < len(sheet_boxes(rules)):
        return State(
            rules,
            state.names,
            tuple(sheets),
            Phase.DECIDE,
            nxt,
            (),
            0,
            state.game,
            state.first_player,
            state.roll_off,
            state.results,
        )
    # Everyone has filled every box: the game is over.
    finished = tuple(s.total(rules) for s in sheets)
    results = (*state.results, finished)
    game = state.game + 1
    if game >= rules.games:
        return attrs.evolve(
            state,
            sheets=tuple(sheets),
            phase=Phase.OVER,
            player=0,
            dice=(),
            rolls=0,
            game=game,
            results=results,
        )
    assert state.first_player is not None
    start = (state.first_player + game) % len(sheets)
    return attrs.evolve(
        state,
        sheets=(Sheet(),) * len(sheets),
        phase=Phase.DECIDE,
        player=start,
        dice=(),
        rolls=0,
        game=game,
        results=results,
    )


def ranking_points(results: Sequence[int], rules: Rules | None = None) -> tuple[int, ...]:
    """Placement points for one game's totals: N for first place, N-1 for second, ...

    Tied players share the better place (CL-48). Under
    ``ranking="placement_fixed"`` the rulebook's fixed table: 8 for first
    place, 7 for second, ..., 0 from the ninth place on (CL-54).

    Args:
        results: One game's totals, in seat order.
        rules: The rules (``None``: the rulebook); only ``ranking`` is read.

    Raises:
        InvalidStateError: ``results`` is not a sequence of integers, or
            ``rules`` not classic `Rules`.

    Examples:
        >>> ranking_points((200, 250, 200))
        (2, 3, 2)
        >>> ranking_points((200, 250, 200), Rules(ranking="placement_fixed"))
        (7, 8, 7)
    """
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise InvalidStateError(
            "results",
            Text.of(N_("expected a sequence of totals, got {value}"), value=brief(results)),
        )
    for i, total in enumerate(results):
        if not is_int(total):
            raise InvalidStateError(
                f"results[{i}]", Text.of(N_("expected an integer, got {value}"), value=brief(total))
            )
    rules = game_rules(rules, _DEFAULT_RULES, "classic")
    return placement_points(results, rules.placement_first)


def scores(state: State) -> tuple[int, ...]:
    """Each player's score so far.

    One game: the running total (entries, the upper bonus once reached,
    extra-Kniffel bonuses; Croatian's product once its three boxes are
    filled). A series ranked by ``"total"``: finished games plus the running
    one; by ``"placement"`` or ``"placement_fixed"``: the placement points
    of finished games only.
    Linear in players x games.

    Raises:
        InvalidStateError: ``state`` is not a classic `State`.
    """
    GAME.check_state(state)
    return _scores(state)


def _scores(state: State) -> tuple[int, ...]:
    n = state.num_players
    acc = [0] * n
    if state.rules.ranking != "total":
        first = state.rules.placement_first
        for result in state.results:
            acc = [a + p for a, p in zip(acc, placement_points(result, first), strict=True)]
        return tuple(acc)
    for result in state.results:
        acc = [a + t for a, t in zip(acc, result, strict=True)]
    if state.phase is not Phase.OVER:
        acc = [a + t for a, t in zip(acc, _totals(state), strict=True)]
    return tuple(acc)


def totals(state: State) -> tuple[int, ...]:
    """Each player's running total in the current game (or the last one, once over).

    Raises:
        InvalidStateError: ``state`` is not a classic `State`.
    """
    GAME.check_state(state)
    return _totals(state)


def _totals(state: State) -> tuple[int, ...]:
    sheet = layout(state.rules)
    return tuple(sheet.total(s.entries, s.extra_bonus) for s in state.sheets)


class Classic(DiceGame[State, Observation, Action, Rules]):
    """Classic Kniffel's rules for the protocol of `kniffel_rules.game.Game`.

    The hooks are the rules of `kniffel_rules.classic.legality` and the
    transitions of this module; the chance side is the five-dice throw
    and the roll-off of `kniffel_rules._dicegame.DiceGame`.
    """

    __slots__ = ()

    info = INFO
    state_class = State
    observation_class = Observation
    rules_class = Rules
    decisions = (Roll, Score)
    expected = N_("Roll or Score")
    action_text = staticmethod(action_to_text)
    candidates = staticmethod(legality.candidates)
    problem = staticmethod(legality.problem)
    listing = staticmethod(legality.listing)

    def setup(self, rules: Rules, seats: int) -> tuple[Sheet, ...]:
        """An empty sheet for every seat.

        `new_game` then starts with the roll-off (CL-02) for two or more
        players unless a ``first_player`` is given, at seat 0 for one.
        """
        return (Sheet(),) * seats

    def decide(self, state: State, action: Action) -> State:
        """The state after a legal roll (the throw is pending) or score (the next turn)."""
        if not isinstance(action, Score):
            # Build the successor directly (every field by position): what
            # ``attrs.evolve(state, phase=Phase.THROW, dice=action.keep)`` builds.
            return State(
                state.rules,
                state.names,
                state.sheets,
                Phase.THROW,
                state.player,
                action.keep,
                state.rolls,
                state.game,
                state.first_player,
                state.roll_off,
                state.results,
            )
        box = action.box
        rules = state.rules
        sheet = state.sheets[state.player]
        dice = state.dice
        if _is_extra_kniffel(sheet, dice, rules):
            made = _entry(sheet, dice, box, rules)
            return _after_score(state, made.value, made.bonus, box)
        # Not an extra Kniffel: `_entry` is the natural score and no bonus.
        # (``_value_`` is ``box.value`` without the enum property's call.)
        return _after_score(state, _natural_scores(dice, rules)[box._value_], 0, box)

    def happen(self, state: State, action: DiceRoll) -> State:
        """`kniffel_rules._dicegame.throw_happen`, the successor of a throw built directly."""
        if state.phase is not Phase.THROW:
            return _dicegame.throw_happen(state, action)
        return State(
            state.rules,
            state.names,
            state.sheets,
            Phase.DECIDE,
            state.player,
            _dicegame.landed(state, action),
            state.rolls + 1,
            state.game,
            state.first_player,
            state.roll_off,
            state.results,
        )

    def ranking(self, state: State) -> tuple[int, ...]:
        """The seats with the highest score (ties share)."""
        return top_seats(_scores(state))

    def drawing(self, view: State | Observation, lang: Lang) -> SheetDrawing:
        """The SVG score sheet's content (`kniffel_rules.classic._rows.drawing`).

        Raises:
            InvalidStateError: ``view`` is not a classic `State` or `Observation`.
        """
        state = check_view(view, State, Observation, "a classic")
        return _rows.drawing(state, lang, INFO.title("de"), scores(state))  # the published title


GAME: Final = Classic()
"""Classic Kniffel: the single instance whose methods are the package's protocol functions."""

winners = GAME.winners  # read here by `kniffel_rules.classic.render`
