"""The Duell as text for players: `render` (the board) and `render_action`.

`render` draws one seat's view (a `State` or its `Observation`; nothing in
the Duell is hidden, so both show the same): whose turn it is and what they
must decide, the dice and the throw count, the board as one line per area
with its disc on one of five places (blue hole, blue space, centre, red
space, red hole), the jokers each player holds and the score (discs secured;
in a match the games won). Area names come from ``Area.labels``, the
colours from `COLOUR_LABELS`, the words the dice games share (whose turn,
the dice, the roll-off, the winners) from ``kniffel_rules._dicerender``,
every other word from the one table of this module, in English or German.
No line is wider than 79 columns.

Examples:
    >>> from kniffel_rules import DiceRoll, duel
    >>> s = duel.new_game(["Ann", "Ben"], first_player=0)
    >>> s = duel.apply(duel.apply(s, duel.Roll()), DiceRoll((2, 3, 4, 5, 5)))
    >>> s = duel.apply(s, duel.Move(duel.Area.SMALL_STRAIGHT))
    >>> render(s).splitlines()[:3]
    ['Ben (red) to move', 'Dice: not thrown yet', 'roll the dice']
    >>> [line for line in render(s).splitlines() if "Small" in line]
    ['Small straight     .      X      .      .      .     blue space']
    >>> render_action(duel.Joker(6, 5), lang="de")
    'Joker: 6 zu 5 drehen'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Final

from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules._dicerender import Picture, shown_state, throw_phrase, turn_lines
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._text import brief, short
from kniffel_rules.dice import DiceRoll
from kniffel_rules.duel.actions import Action, Joker, Miss, Move
from kniffel_rules.duel.engine import GAME
from kniffel_rules.duel.pieces import AREAS, BLUE, COLOUR_LABELS, RED, Spot
from kniffel_rules.duel.state import Observation, State
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang

__all__ = ["render", "render_action"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "decide": N_("keep dice and roll again, or move a disc, spend a joker or declare a miss"),
        "final": N_("move a disc, spend a joker or declare a miss"),
        "jokers_used": N_("jokers spent this turn: {n}"),
        "match_over": N_("The match is over."),
        "game_no": N_("Game {n} of the match (first to {wins} games)"),
        "area": N_("Area"),
        "hole": N_("hole"),
        "space": N_("space"),
        "centre": N_("centre"),
        "disc": N_("disc"),
        "blue_space": N_("blue space"),
        "red_space": N_("red space"),
        "blue_hole": N_("blue hole"),
        "red_hole": N_("red hole"),
        "jokers": N_("Jokers"),
        "secured": N_("Secured"),
        "games_won": N_("Games won"),
        # the actions
        "joker": N_("joker: turn a {die} into a {face}"),
        "move": N_("move the {area} disc"),
        "miss": N_("miss: take a joker"),
    }
)

_SPOT_WORD: Final[Mapping[Spot, str]] = {
    Spot.CENTRE: "centre",
    Spot.BLUE_SPACE: "blue_space",
    Spot.RED_SPACE: "red_space",
    Spot.BLUE_HOLE: "blue_hole",
    Spot.RED_HOLE: "red_hole",
}
# The five places of an area, left to right: blue's side, the centre, red's side.
_PLACES: Final = (Spot.BLUE_HOLE, Spot.BLUE_SPACE, Spot.CENTRE, Spot.RED_SPACE, Spot.RED_HOLE)
_THROWS: Final = 3
_LABEL_WIDTH: Final = 16
_CELL: Final = 7


def _w(key: str, lang: Lang, **values: object) -> str:
    return _WORDS[key][lang].format(**values)


def _colour(seat: int, lang: Lang) -> str:
    return COLOUR_LABELS[seat][lang]


def _status(state: State, lang: Lang) -> list[str]:
    """Whose turn it is, the dice and what they decide (or who won, or the roll-off)."""
    out: list[str] = []
    if state.rules.match_wins > 1:
        if state.phase is Phase.OVER:
            out.append(_w("match_over", lang))
        else:
            n = len(state.results) + 1
            out.append(_w("game_no", lang, n=n, wins=state.rules.match_wins))
    who = f"{state.names[state.player]} ({_colour(state.player, lang)})"
    return out + turn_lines(state, lang, _last_winner, mover=who, decide=_decide)


def _last_winner(state: State) -> tuple[int, ...]:
    """The winner of the last game (of the match, once it is over)."""
    return state.results[-1:]


def _decide(state: State, lang: Lang) -> list[str]:
    out = [_w("jokers_used", lang, n=state.jokers_used)] if state.jokers_used else []
    final = state.rolls >= _THROWS or state.jokers_used > 0
    out.append(_w("final" if final else "decide", lang))
    return out


def _cell(text: str) -> str:
    return short(text, _CELL - 1).center(_CELL)


def _board(state: State, lang: Lang) -> list[str]:
    blue, red = (f"{_colour(seat, lang)}: {short(state.names[seat], 24)}" for seat in (BLUE, RED))
    lines = [f"{blue}   {red}", ""]
    head = [_w(w, lang) for w in ("hole", "space", "centre", "space", "hole")]
    lines.append(
        (_w("area", lang).ljust(_LABEL_WIDTH) + "".join(_cell(h) for h in head))
        + "  "
        + _w("disc", lang)
    )
    blue_side, red_side = (_colour(seat, lang).center(2 * _CELL) for seat in (BLUE, RED))
    lines.insert(2, (" " * _LABEL_WIDTH + blue_side + " " * _CELL + red_side).rstrip())
    for area in AREAS:
        spot = state.board[area.value]
        cells = []
        for place in _PLACES:
            if spot is place:
                cells.append(_cell("X"))
            elif not area.has_spaces and place in (Spot.BLUE_SPACE, Spot.RED_SPACE):
                cells.append(_cell(""))
            else:
                cells.append(_cell("."))
        label = short(area.labels[lang], _LABEL_WIDTH - 1).ljust(_LABEL_WIDTH)
        lines.append(f"{label}{''.join(cells)}  {_w(_SPOT_WORD[spot], lang)}".rstrip())
    lines.append("")
    lines.append(_tally(state, "jokers", state.jokers, lang))
    lines.append(_tally(state, "secured", tuple(len(state.secured(p)) for p in (0, 1)), lang))
    if state.rules.match_wins > 1:
        lines.append(_tally(state, "games_won", state.games_won, lang))
    return lines


def _tally(state: State, key: str, counts: Sequence[int], lang: Lang) -> str:
    parts = ", ".join(f"{short(n, 24)} {c}" for n, c in zip(state.names, counts, strict=True))
    return f"{_w(key, lang)}: {parts}"


PICTURE: Final = Picture[State, Observation](
    partial(shown_state, GAME), _status, _board, GAME.default_names
)
"""The Duell's text picture (`kniffel_rules._dicerender.Picture`)."""

render = PICTURE.render
"""``render(view, *, lang="en")``: the picture of the module docstring, as text."""


def render_action(action: Action | DiceRoll, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"move the Full House disc"``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``action`` is not a Duell action or outcome (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, (Roll, DiceRoll)):
        return throw_phrase(action, lang)
    if isinstance(action, Joker):
        return _w("joker", lang, die=action.die, face=action.face)
    if isinstance(action, Move):
        return _w("move", lang, area=action.area.labels[lang])
    if isinstance(action, Miss):
        return _w("miss", lang)
    raise InvalidStateError("action", f"not an action or outcome of duel: {brief(action)}")
