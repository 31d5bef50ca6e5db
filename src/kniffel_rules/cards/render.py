"""The card game as text for players: `render` (the table) and `render_action`.

`render` draws what one player may see. Given an `Observation`
(``cards.observation(state, p)``) it shows that player's own hand, sorted in
card order; given a `State` it shows only what every player sees. Either way
it shows whose turn it is and what they must do, the open display, the pile
and discard counts, each player's hand as a count, their reserve and active
tokens, and each board row by row: the levels with their spaces (``x`` a
token, ``.`` a free space, ``|`` between levels) and what the row is worth.
No card of another player's hand ever appears. Names of colours, rows and
combinations come from their ``labels``, every other word from the one table
of this module, in English or German. Lines stay within 79 columns.

Examples:
    >>> from kniffel_rules import cards
    >>> s = cards.new_game(["Ann", "Ben"], first_player=0)
    >>> render(s).splitlines()[:2]
    ['Round 1: Ann to move', 'place a setup token']
    >>> render_action(cards.Take(cards.Card(7, "red")), lang="de")
    'rot 7 aus der Auslage nehmen'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kniffel_rules._common import with_shown_names
from kniffel_rules._dicerender import lines as sentence_lines
from kniffel_rules._dicerender import to_move_line, winners_line
from kniffel_rules._i18n import C_, N_, phrases
from kniffel_rules._text import brief, display_width, short
from kniffel_rules.cards._observe import check_observation, see
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
from kniffel_rules.cards.engine import GAME, stand_in, winners
from kniffel_rules.cards.legality import _hand_limit, _is_out
from kniffel_rules.cards.pieces import ROWS, Card, Row
from kniffel_rules.cards.state import Observation, Phase, State, Tokens
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang

__all__ = ["render", "render_action"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "round": N_("Round {n}"),
        "start": N_("the start player is drawn"),
        "setup": N_("place a setup token"),
        "deal": N_("the cards are dealt"),
        "turn": N_("draw cards (A), play a combination (B) or exchange cards (C)"),
        "turn_simpler": N_("draw cards"),
        "draw": N_("{name} draws {n} more from the pile"),
        "take": N_("take {n} more from the display"),
        "second": N_("play a combination, exchange cards or stop"),
        "pick": N_("lay down the {combination} card by card: {cards} so far"),
        "place": N_("place the tokens of the {combination}"),
        "exchange": N_("exchange another card or stop ({n} exchanged)"),
        "discard": N_("discard down to the hand limit of {n}"),
        "refill": N_("the display is refilled"),
        "display": N_("Display"),
        "pile": N_("Pile: {n} cards, discards: {d}"),
        "pile_one": N_("Pile: 1 card, discards: {d}"),
        "hand": N_("Your hand ({name})"),
        "empty": C_("cards", "none"),
        "you": N_(" (you)"),
        "to_move": N_(" - to move"),
        "tally": N_("hand {h}, reserve {r}, active {a}, on the board {b}"),
        "out": N_(" - out of the game"),
        "known": N_("  taken from the display"),
        "value_full_house": N_("draw {n}"),
        "value_colour": N_("take {n}"),
        "value_three_of_a_kind": N_("exchange {n}"),
        "value_straight": N_("hand limit {n}"),
        # the actions
        "a_start": N_("player {n} starts"),
        "a_card": N_("card: {card}"),
        "a_token": N_("place a token on {row}"),
        "a_draw": N_("draw cards"),
        "a_take": N_("take {card} from the display"),
        "a_play": N_("play {combination}: {cards}"),
        "a_begin": N_("play {combination} (its cards next)"),
        "a_pick": N_("lay down {card}"),
        "a_place": N_("place tokens on {row}"),
        "a_reserve": N_("{n} from the reserve"),
        "a_columns": N_("{n} columns"),
        "a_exchange": N_("exchange {card} for a token"),
        "a_stop": N_("stop"),
        "a_discard": N_("discard {card}"),
    }
)

_ROW_LABEL: Final = 18
_NAME: Final = 30


def _w(key: str, lang: Lang, **values: object) -> str:
    return _WORDS[key][lang].format(**values)


def _fit(text: str, width: int = _NAME) -> str:
    return short(text, width)


def _card(card: Card, lang: Lang) -> str:
    return f"{card.colour.labels[lang]} {card.value}"


def _cards(cards: Sequence[Card], lang: Lang) -> str:
    return ", ".join(_card(c, lang) for c in cards) or _w("empty", lang)


def _wrapped(head: str, text: str, width: int = 79) -> list[str]:
    """``head: text`` folded at the commas so that no line is wider than ``width`` columns."""
    lines: list[str] = []
    line = f"{head}: "
    start = display_width(line)
    indent = " " * start if start < 30 else "  "
    for i, part in enumerate(text.split(", ")):
        piece = part if i == 0 else ", " + part
        if display_width(line + piece) + 1 > width and line.strip():  # room for the comma
            lines.append(line.rstrip() + ("," if i else ""))
            line = indent + part
        else:
            line += piece
    lines.append(line.rstrip())
    return lines


def _status(obs: Observation, winning: tuple[int, ...], lang: Lang) -> list[str]:
    """What happens now, in words: a line, and what the player must decide."""
    phase = obs.phase
    name = _fit(obs.names[obs.turn_of])
    if phase is Phase.OVER:
        return sentence_lines(winners_line([_fit(obs.names[i]) for i in winning], lang))
    head = _w("round", lang, n=obs.round + 1) + ": "
    chance = {
        Phase.START: "start",
        Phase.DEAL: "deal",
        Phase.DRAW: "draw",
        Phase.REFILL: "refill",
    }.get(phase)
    if chance is not None:
        return [head + _w(chance, lang, name=name, n=obs.pending)]
    if phase is Phase.TURN:
        decision = _w("turn_simpler" if obs.rules.simpler else "turn", lang)
    elif phase is Phase.PICK and obs.combination is not None:
        picked = _cards(obs.picked, lang) if obs.picked else _w("empty", lang)
        decision = _w("pick", lang, combination=obs.combination.labels[lang], cards=picked)
    elif phase is Phase.PLACE and obs.combination is not None:
        decision = _w("place", lang, combination=obs.combination.labels[lang])
    elif phase is Phase.DISCARD:
        decision = _w("discard", lang, n=_hand_limit(obs.rules, obs.tokens[obs.turn_of]))
    else:
        key = {Phase.SETUP: "setup", Phase.TAKE: "take", Phase.EXCHANGE: "exchange"}
        decision = _w(key.get(phase, "second"), lang, n=obs.pending)
    return [head + to_move_line(name, lang), *sentence_lines(decision)]


def _row_picture(spaces: Sequence[int], tokens: int) -> str:
    """``x|x|x.|...``: each level's spaces, ``x`` for a token."""
    levels = []
    left = tokens
    for size in spaces:
        filled = min(size, max(left, 0))
        levels.append("x" * filled + "." * (size - filled))
        left -= size
    return "|".join(levels)


def _board(obs: Observation, seat: int, viewer: int | None, lang: Lang) -> list[str]:
    tokens: Tokens = obs.tokens[seat]
    rules = obs.rules
    board = rules.board
    mark = _w("you", lang) if seat == viewer else ""
    if seat == obs.turn_of and obs.to_move >= 0:
        mark += _w("to_move", lang)
    if _is_out(rules, tokens):
        mark += _w("out", lang)
    tally = _w(
        "tally", lang, h=obs.hand_sizes[seat], r=tokens.reserve, a=tokens.active, b=tokens.placed
    )
    lines = [f"{_fit(obs.names[seat])}{mark}", f"  {tally}"]
    known = obs.shown[seat] if obs.shown else ()
    if known and seat != viewer:  # public: cards this seat took from the open display
        lines += _wrapped(_w("known", lang), _cards(known, lang))
    # 16 columns hold a printed side's rows; a board of one's own may need up to 20
    column = max(16, *(len(_row_picture(r.spaces, 0)) + 1 for r in board.rows))
    for row, row_tokens, board_row in zip(ROWS, tokens.rows, board.rows, strict=True):
        picture = _row_picture(board_row.spaces, row_tokens)
        label = _fit(row.labels[lang], _ROW_LABEL - 1).ljust(_ROW_LABEL)
        line = f"  {label}{picture.ljust(column)}"
        if row is not Row.TWO_PAIRS:
            line += _w(f"value_{row.value}", lang, n=board_row.value(row_tokens))
        lines.append(line.rstrip())
    return lines


def _observed(view: State | Observation) -> tuple[Observation, bool, tuple[int, ...]]:
    """The view as an observation, whether it shows a hand, and the winners if it is over."""
    if isinstance(view, Observation):
        check_observation(view)
        winning: tuple[int, ...] = ()
        if view.phase is Phase.OVER:
            winning = winners(stand_in(view))
        return view, True, winning
    GAME.check_state(view)
    winning = winners(view) if view.phase is Phase.OVER else ()
    return see(view, view.player, GAME.current_player(view)), False, winning


def render(view: State | Observation, *, lang: Lang = "en") -> str:
    """A plain-text picture of what one player may see of the game.

    Args:
        view: A card-game `Observation` (``cards.observation(state, p)``),
            which adds that player's own hand, or a `State`, of which only
            what every player sees is drawn (no hand at all). Under each
            other seat's board: the cards it took from the open display and
            still holds (`Observation.shown`; every player saw them taken).
        lang: ``"en"`` or ``"de"``.

    Returns:
        Lines joined by newlines, none wider than 79 columns (longer
        names are cut).

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``view`` is neither a card-game `State` nor a
            valid `Observation`.
    """
    lang = check_lang(lang)
    obs, with_hand, winning = _observed(view)
    obs = with_shown_names(obs, lang)
    lines = _status(obs, winning, lang)
    lines += _wrapped(_w("display", lang), _cards(obs.display, lang))
    pile = "pile_one" if obs.pile_size == 1 else "pile"
    lines.append(_w(pile, lang, n=obs.pile_size, d=len(obs.discards)))
    if with_hand:
        head = _w("hand", lang, name=_fit(obs.names[obs.player]))
        lines += _wrapped(head, _cards(obs.hand, lang))
    for seat in range(len(obs.names)):
        lines.append("")
        lines += _board(obs, seat, obs.player if with_hand else None, lang)
    return "\n".join(lines)


def render_action(action: Action | Outcome, *, lang: Lang = "en") -> str:
    """A short phrase for ``action`` in ``lang``: ``"take red 7 from the display"``.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of the library.
        InvalidStateError: ``action`` is not a card-game action or outcome (path ``action``).
    """
    lang = check_lang(lang)
    if isinstance(action, Card):
        return _w("a_card", lang, card=_card(action, lang))
    if isinstance(action, StartPlayer):
        return _w("a_start", lang, n=action.seat + 1)
    if isinstance(action, PlaceToken):
        return _w("a_token", lang, row=action.row.labels[lang])
    if isinstance(action, Draw):
        return _w("a_draw", lang)
    if isinstance(action, Take):
        return _w("a_take", lang, card=_card(action.card, lang))
    if isinstance(action, Pick):
        return _w("a_pick", lang, card=_card(action.card, lang))
    if isinstance(action, Begin):
        return _w("a_begin", lang, combination=action.combination.labels[lang])
    if isinstance(action, Play):
        cards = _cards(action.cards, lang)
        return _w("a_play", lang, combination=action.combination.labels[lang], cards=cards)
    if isinstance(action, Place):
        extra = [_w("a_reserve", lang, n=action.from_reserve)]
        if action.levels != 1:
            extra.append(_w("a_columns", lang, n=action.levels))
        return f"{_w('a_place', lang, row=action.row.labels[lang])} ({', '.join(extra)})"
    if isinstance(action, Exchange):
        return _w("a_exchange", lang, card=_card(action.card, lang))
    if isinstance(action, Stop):
        return _w("a_stop", lang)
    if isinstance(action, Discard):
        return _w("a_discard", lang, card=_card(action.card, lang))
    raise InvalidStateError("action", f"not an action or outcome of cards: {brief(action)}")
