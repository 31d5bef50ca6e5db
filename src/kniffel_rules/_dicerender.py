r"""The text pictures of the five-dice games, the parts they share.

Every dice game's ``render`` is a `Picture`: the turn lines (`turn_lines`:
the roll-off, whose turn it is, the dice and the throw count, what the
player must decide, or the winners), a blank line, then the game's own
table or board. Classic Kniffel and Extreme lay out their sheets side by
side with `table` (one column per player, the rows labelled in the player's
language); their ``render`` modules choose the rows (their boxes and sums).
The throws and the rolls read the same in every game (`throw_phrase`), and
the words the games share are in `WORDS` (one entry per word, both languages).

Examples:
    >>> print("\n".join(table([("Ones", ["3", "-"]), ("Total", ["3", "0"])], ["Ann", "Ben"])))
          Ann Ben
    ----- --- ---
    Ones    3   -
    Total   3   0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from kniffel_rules._common import with_shown_names
from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules._i18n import N_, phrases
from kniffel_rules._labels import Labelled, word
from kniffel_rules._text import display_width, pad, shorts, type_name, wrap
from kniffel_rules.boxsheet import Layout
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Game
from kniffel_rules.lang import Lang, check_lang

__all__ = [
    "NAME_WIDTH",
    "WIDTH",
    "WORDS",
    "Picture",
    "Row",
    "SheetDrawing",
    "cell",
    "check_view",
    "dice_line",
    "faces",
    "lines",
    "names_text",
    "roll_off_line",
    "sheet_drawing",
    "sheet_picture",
    "sheet_rows",
    "shown_state",
    "table",
    "throw_phrase",
    "thrown_phrase",
    "to_move_line",
    "turn_lines",
    "winners_line",
]

WIDTH: Final = 79
"""The longest line of a picture."""

NAME_WIDTH: Final = 14
"""A player's column is at most this wide; a longer name is cut in the column's head."""

Row = tuple[str, Sequence[str]]
"""A row of a table: its label and one value per player."""
S = TypeVar("S")
V = TypeVar("V")

WORDS: Final[Mapping[str, Mapping[Lang, str]]] = phrases(
    {
        "to_move": N_("{name} to move"),
        "dice": N_("Dice"),
        "kept": N_("Kept"),
        "throwing": N_("throwing the rest"),
        "throwing_all": N_("Throwing all dice"),
        "not_thrown": N_("not thrown yet"),
        "throw_of": N_("roll {n} of {m}"),
        "game_of": N_("Game {n} of {m}"),
        "roll_off": N_("Roll-off for the start player"),
        "to_throw": N_("{name} to throw"),
        "game_over": N_("Game over."),
        "winner": N_("Winner: {names}"),
        "winners": N_("Winners (tied): {names}"),
        "and": N_("and"),
        "upper_sum": N_("Upper sum"),
        "bonus": N_("Bonus {bonus} at {at}"),
        "upper_total": N_("Upper total"),
        "lower_total": N_("Lower total"),
        "total": N_("Total"),
        "score": N_("score {box}"),
        "throw_all": N_("throw all dice"),
        "keep": N_("keep {dice}, throw the rest"),
        "thrown": N_("the dice show {dice}"),
        "thrown_none": N_("no dice thrown"),
        "first_roll": N_("roll the dice"),
        "being_thrown": N_("the dice are thrown"),
    }
)
"""The words of the pictures and the action phrases, English and German."""


def check_view(view: object, state_class: type[S], observation_class: type, game: str) -> S:
    """The state a view shows (an observation's state), or an `InvalidStateError`.

    Raises:
        InvalidStateError: ``view`` is neither the game's state nor its
            observation (path ``view``).
    """
    if isinstance(view, observation_class):
        view = getattr(view, "state", None)
    if not isinstance(view, state_class):
        raise InvalidStateError(
            "view", f"expected {game} State or Observation, got {type_name(view)}"
        )
    return view


def shown_state(game: Game[S, Any, Any, Any], view: object) -> S:
    """The state a view shows (an observation's state), checked by ``game.check_state``.

    Raises:
        InvalidStateError: ``view`` is neither the game's state nor its
            observation (path ``state``).
    """
    cls = game.observation_class
    shown: Any = view
    state: S = shown.state if cls is not None and isinstance(shown, cls) else shown
    game.check_state(state)
    return state


def cell(value: int | None) -> str:
    """A box as written: its number (a struck box is ``0``), ``-`` while open."""
    return "-" if value is None else str(value)


def faces(values: Sequence[int]) -> str:
    """Die faces as a player reads them: ``"2 3 3 5 6"``."""
    return " ".join(str(v) for v in values)


def names_text(names: Sequence[str], lang: Lang) -> str:
    """``"Ann"``, ``"Ann and Ben"``, ``"Ann, Ben and Cid"`` (German ``und``)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {word(WORDS, 'and', lang)} {names[-1]}"


def _widths(rows: Sequence[Row], names: Sequence[str], cap: int) -> list[int]:
    """Each player's column: its name (at most ``cap``, at least 3) or its widest value."""
    return [
        max(3, min(cap, display_width(name)), *(len(values[i]) for _, values in rows))
        for i, name in enumerate(names)
    ]


def _blocks(widths: Sequence[int], room: int) -> list[range]:
    """The players in runs whose columns (each one space and its width) fill at most ``room``."""
    blocks: list[range] = []
    start = used = 0
    for i, w in enumerate(widths):
        if i > start and used + 1 + w > room:
            blocks.append(range(start, i))
            start, used = i, 0
        used += 1 + w
    blocks.append(range(start, len(widths)))
    return blocks


def table(rows: Sequence[Row], names: Sequence[str]) -> list[str]:
    """The rows as a table at most `WIDTH` wide: a head of the players' names, a rule, the rows.

    The first column holds the row labels; each player's column is as wide
    as its name (at most `NAME_WIDTH`, at least 3) and its widest value,
    the values right-aligned. Where the players do not fit side by side,
    their names are cut further (to 8), and where they still do not, the
    table comes in blocks of players, one below the other, each with the
    labels.
    """
    label_width = max(len(label) for label, _ in rows)
    room = WIDTH - label_width
    widths = _widths(rows, names, NAME_WIDTH)
    for cap in range(NAME_WIDTH - 1, 7, -1):
        if sum(1 + w for w in widths) <= room:
            break
        widths = _widths(rows, names, cap)
    out: list[str] = []
    for block in _blocks(widths, room):
        if out:
            out.append("")
        heads = shorts([names[i] for i in block], [widths[i] for i in block])
        head = " ".join(pad(h, widths[i], ">") for h, i in zip(heads, block, strict=True))
        out.append(f"{'':<{label_width}} {head}".rstrip())
        out.append(" ".join("-" * w for w in (label_width, *(widths[i] for i in block))))
        for label, values in rows:
            body = " ".join(f"{values[i]:>{widths[i]}}" for i in block)
            out.append(f"{label:<{label_width}} {body}".rstrip())
    return out


def lines(text: str) -> list[str]:
    """A sentence wrapped to `WIDTH` columns (names may be long, or wide)."""
    return wrap(text, WIDTH)


def dice_line(throwing: bool, dice: Sequence[int], rolls: int, lang: Lang, throws: int = 3) -> str:
    """The five dice and the throw count, as every five-dice game writes them.

    Args:
        throwing: Whether the dice not kept are being thrown (the ``THROW`` phase).
        dice: The dice showing, or the dice kept while throwing.
        rolls: The throws made in this turn so far.
        lang: The language.
        throws: The throws a turn has.

    Examples:
        >>> dice_line(False, (2, 3, 3, 5, 6), 1, "en"), dice_line(True, (3, 3), 1, "de")
        ('Dice: 2 3 3 5 6   roll 1 of 3', 'Behalten: 3 3, der Rest wird geworfen (Wurf 2 von 3)')
    """
    if throwing:
        count = word(WORDS, "throw_of", lang).format(n=rolls + 1, m=throws)
        if not dice:
            return f"{word(WORDS, 'throwing_all', lang)} ({count})"
        kept = f"{word(WORDS, 'kept', lang)}: {faces(dice)}"
        return f"{kept}, {word(WORDS, 'throwing', lang)} ({count})"
    if not dice:
        return f"{word(WORDS, 'dice', lang)}: {word(WORDS, 'not_thrown', lang)}"
    count = word(WORDS, "throw_of", lang).format(n=rolls, m=throws)
    return f"{word(WORDS, 'dice', lang)}: {faces(dice)}   {count}"


def to_move_line(name: str, lang: Lang) -> str:
    """``"Ann to move"`` / ``"Ann ist am Zug"``."""
    return word(WORDS, "to_move", lang).format(name=name)


def winners_line(names: Sequence[str], lang: Lang) -> str:
    """``"Game over. Winner: Ann"``, or the tied winners."""
    key = "winner" if len(names) == 1 else "winners"
    return f"{word(WORDS, 'game_over', lang)} " + word(WORDS, key, lang).format(
        names=names_text(names, lang)
    )


def roll_off_line(
    names: Sequence[str], contenders: Sequence[int], thrown: Sequence[int], lang: Lang
) -> str:
    """The roll-off so far: ``"Roll-off for the start player: Ann 5; Ben to throw"``."""
    done = ", ".join(f"{names[s]} {f}" for s, f in zip(contenders, thrown, strict=False))
    parts = [p for p in (done,) if p]
    if len(thrown) < len(contenders):
        parts.append(word(WORDS, "to_throw", lang).format(name=names[contenders[len(thrown)]]))
    return f"{word(WORDS, 'roll_off', lang)}: " + "; ".join(parts)


def throw_phrase(action: Roll | DiceRoll, lang: Lang) -> str:
    """A roll or a throw as a short phrase: ``"keep 3 3, throw the rest"``, ``"the dice show 2 5"``.

    Examples:
        >>> throw_phrase(Roll(), "en"), throw_phrase(Roll((3, 3)), "de")
        ('throw all dice', '3 3 behalten, Rest würfeln')
        >>> throw_phrase(DiceRoll((2, 5)), "en")
        'the dice show 2 5'
    """
    if isinstance(action, DiceRoll):
        return thrown_phrase(action.values, lang)
    if not action.keep:
        return word(WORDS, "throw_all", lang)
    return word(WORDS, "keep", lang).format(dice=faces(action.keep))


def thrown_phrase(values: Sequence[int], lang: Lang) -> str:
    """What the dice show, as a phrase: ``"the dice show 2 5"``.

    An outcome of no dice (which no rule allows, but the wire can carry) is
    ``"no dice thrown"``, not a sentence that breaks off.

    Examples:
        >>> thrown_phrase((2, 5), "de"), thrown_phrase((), "en")
        ('die Würfel zeigen 2 5', 'no dice thrown')
    """
    if not values:
        return word(WORDS, "thrown_none", lang)
    return word(WORDS, "thrown", lang).format(dice=faces(values))


def five_dice_line(state: Any, lang: Lang) -> str:
    """`dice_line` of a state with ``phase``, ``dice`` and ``rolls`` (three throws a turn)."""
    return dice_line(state.phase is Phase.THROW, state.dice, state.rolls, lang)


def turn_lines(
    state: Any,
    lang: Lang,
    winners: Callable[[Any], Sequence[int]],
    *,
    mover: str | None = None,
    dice: Callable[[Any, Lang], str] = five_dice_line,
    decide: Callable[[Any, Lang], list[str]] | None = None,
) -> list[str]:
    """Whose turn it is, as every dice game's picture opens.

    The roll-off so far; once the game is over, the winners; else who is to
    move and the dice, then (given ``decide``) what the player must do: wait
    for the throw, throw for the first time, or what ``decide`` says.

    Args:
        state: A dice game's state (``names``, ``phase``, ``player``,
            ``roll_off``, and what ``dice`` reads).
        lang: The language.
        winners: The winning seats of a finished game.
        mover: Who is to move, as written (``None``: their name).
        dice: The line of the dice and the throw count.
        decide: The lines of the player's choice after a throw; ``None``:
            the picture says nothing of it.

    Examples:
        >>> from kniffel_rules import classic
        >>> s = classic.new_game(["Ann", "Ben"], first_player=1)
        >>> turn_lines(s, "de", classic.winners)
        ['Ben ist am Zug', 'Würfel: noch nicht geworfen']
    """
    names = state.names
    phase = state.phase
    if phase is Phase.ROLL_OFF and state.roll_off is not None:
        off = state.roll_off
        return lines(roll_off_line(names, off.contenders, off.faces, lang))
    if phase is Phase.OVER:
        return lines(winners_line([names[p] for p in winners(state)], lang))
    who = names[state.player] if mover is None else mover
    out = [*lines(to_move_line(who, lang)), *lines(dice(state, lang))]
    if decide is None:
        return out
    if phase is Phase.THROW:
        out.append(word(WORDS, "being_thrown", lang))
    elif state.rolls == 0:
        out.append(word(WORDS, "first_roll", lang))
    else:
        out.extend(decide(state, lang))
    return out


class Picture(Generic[S, V]):
    """A dice game's ``render``, written once: the turn lines, a blank line, the table or board.

    A game builds one (``PICTURE = Picture(check, status, body)``) and binds
    ``render = PICTURE.render``.

    Attributes:
        check: The state a view shows (a state, or an observation's), refusing
            anything else with `InvalidStateError`.
        status: The lines above the blank line (`turn_lines`, and what the
            game says before them).
        body: The lines below it: the sheets, the board.
        default_names: The game's names of its seats when ``new_game`` is
            given a count (``None``: ``"Player 1"``, ...); the picture shows
            a seat still so named in its language (`kniffel_rules._common.shown_names`).
    """

    __slots__ = ("body", "check", "default_names", "status")

    def __init__(
        self,
        check: Callable[[object], S],
        status: Callable[[S, Lang], list[str]],
        body: Callable[[S, Lang], list[str]],
        default_names: tuple[str, ...] | None = None,
    ) -> None:
        self.check = check
        self.status = status
        self.body = body
        self.default_names = default_names

    def render(self, view: S | V, *, lang: Lang = "en") -> str:
        """A plain-text picture of the game: whose turn, the dice, then its sheets or board.

        Args:
            view: The game's `State`, or a seat's `Observation` (the same
                picture: nothing of a dice game is hidden).
            lang: The language of the labels and words (``"en"`` or ``"de"``).

        Returns:
            Lines joined by newlines, none wider than 79 columns for up
            to four players (longer names are cut), no trailing newline.

        Raises:
            UnknownLanguageError: ``lang`` is not one the library speaks.
            InvalidStateError: ``view`` is neither a `State` nor an
                `Observation` of the game.
        """
        lang = check_lang(lang)
        state = with_shown_names(self.check(view), lang, self.default_names)
        return "\n".join([*self.status(state, lang), "", *self.body(state, lang)])


def sheet_picture(
    state_class: type[S],
    observation_class: type[V],
    game: str,
    status: Callable[[S, Lang], list[str]],
    rows: Callable[[S, Lang], Sequence[Row]],
) -> Picture[S, V]:
    """The `Picture` of a game scored on sheets: the players' sheets side by side (`table`).

    Args:
        state_class: The game's ``State``.
        observation_class: The game's ``Observation`` (its ``state`` is drawn).
        game: The game as the refusal of another object names it (``"a classic"``).
        status: The lines above the sheets (`turn_lines`, and what the game adds).
        rows: The sheets' rows: a label and one value per player.
    """

    def check(view: object) -> S:
        return check_view(view, state_class, observation_class, game)

    def sheets(state: S, lang: Lang) -> list[str]:
        players: Any = state
        return table(rows(state, lang), players.names)

    return Picture(check, status, sheets)


def sheet_rows(
    sheet: Layout,
    boxes: Sequence[Labelled],
    entries: Sequence[Sequence[int | None]],
    lang: Lang,
    extra: tuple[str, Sequence[int]] | None = None,
) -> list[Row]:
    """The rows of box sheets, one value per player, as classic Kniffel and Extreme print them.

    The upper boxes, their sum, the bonus with its threshold, the upper
    total; the lower boxes, the extra-Kniffel bonus (given ``extra``), the
    lower total and the total.

    Args:
        sheet: The sheet's `kniffel_rules.boxsheet.Layout`.
        boxes: The boxes on the sheet, in sheet order (each ``labels`` and
            its ``value``, the index of its entry).
        entries: Each player's entries, by box value (``None``: open).
        lang: The language.
        extra: The label of the extra-Kniffel bonus and each player's
            bonus, counted in the total (its row is shown where the sheet
            has the bonus); ``None``: none.
    """
    upper = [b for b in boxes if b.value in sheet.upper]
    lower = [b for b in boxes if b.value not in sheet.upper]
    rows: list[Row] = [(b.labels[lang], [cell(e[b.value]) for e in entries]) for b in upper]
    rows.append((word(WORDS, "upper_sum", lang), [str(sheet.upper_sum(e)) for e in entries]))
    bonus = word(WORDS, "bonus", lang).format(bonus=sheet.bonus, at=sheet.threshold)
    rows.append((bonus, [str(sheet.upper_bonus(e)) for e in entries]))
    rows.append((word(WORDS, "upper_total", lang), [str(sheet.upper_total(e)) for e in entries]))
    rows.extend((b.labels[lang], [cell(e[b.value]) for e in entries]) for b in lower)
    bonuses: Sequence[int] = [0] * len(entries)
    if extra is not None:
        label, bonuses = extra
        if sheet.extra_bonus:
            rows.append((label, [str(x) for x in bonuses]))
    rows.append((word(WORDS, "lower_total", lang), [str(sheet.lower_total(e)) for e in entries]))
    totals = [str(sheet.total(e, x)) for e, x in zip(entries, bonuses, strict=True)]
    rows.append((word(WORDS, "total", lang), totals))
    return rows


@attrs.frozen
class SheetDrawing:
    """What the SVG score sheet (`kniffel_rules.svg.sheet`) draws of a box-sheet game's view.

    A box-sheet game's ``GAME.drawing(view, lang)`` returns one, so the
    picture layer draws every such game from the game's own rows.

    Attributes:
        title: The heading.
        state: The state drawn (an observation's state).
        rows: The sheet's rows: the label, one value per player (``""`` for
            an open box), whether it is a sum (drawn shaded, in bold).
        strip: The turn strip's options besides the state
            (`kniffel_rules.svg._turn.turn_strip`: ``max_rolls``, ``total``,
            ``d6``, ``d10``); empty for five dice and three throws.
    """

    title: str
    state: Any
    rows: tuple[tuple[str, tuple[str, ...], bool], ...]
    strip: Mapping[str, Any] = attrs.field(factory=dict)


def sheet_drawing(
    title: str,
    state: Any,
    rows: Sequence[Row],
    boxes: Sequence[Labelled],
    lang: Lang,
    **strip: Any,
) -> SheetDrawing:
    """The `SheetDrawing` of a game's text rows: a row that is not a box's is a sum.

    Args:
        title: The heading.
        state: The state drawn.
        rows: The rows of the text picture (`sheet_rows` and what the game adds).
        boxes: Every box of the game (their labels in ``lang`` tell a box's row).
        lang: The language of ``rows``.
        **strip: The turn strip's options (see `SheetDrawing.strip`).
    """
    labels = {b.labels[lang] for b in boxes}
    drawn = []
    for label, values in rows:
        is_box = label in labels
        shown = tuple("" if is_box and v == "-" else v for v in values)  # open: blank, as on paper
        drawn.append((label, shown, not is_box))
    return SheetDrawing(title, state, tuple(drawn), strip)
