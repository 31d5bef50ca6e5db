r"""The text picture the dice games with a score sheet share: classic Kniffel and Extreme.

The sheets side by side (one column per player, the rows labelled in the
player's language), the line that says whose turn it is, the dice and the
throw count, the roll-off and the winners. The games' ``render`` modules
choose the rows (their boxes and sums); this module lays them out and holds
the words they share (`WORDS`, one entry per word, both languages).

Examples:
    >>> print("\n".join(table([("Ones", ["3", "-"]), ("Total", ["3", "0"])], ["Ann", "Ben"])))
          Ann Ben
    ----- --- ---
    Ones    3   -
    Total   3   0
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, word

__all__ = [
    "NAME_WIDTH",
    "WIDTH",
    "WORDS",
    "cell",
    "check_view",
    "dice_line",
    "faces",
    "lines",
    "names_text",
    "roll_off_line",
    "table",
    "to_move_line",
    "winners_line",
]

WIDTH: Final = 79
"""The longest line of a picture for up to four players."""

NAME_WIDTH: Final = 14
"""A player's column is at most this wide; a longer name is cut in the column's head."""

Row = tuple[str, Sequence[str]]
S = TypeVar("S")

WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "to_move": {"en": "{name} to move", "de": "{name} ist am Zug"},
    "dice": {"en": "Dice", "de": "Würfel"},
    "kept": {"en": "Kept", "de": "Behalten"},
    "throwing": {"en": "throwing the rest", "de": "der Rest wird geworfen"},
    "throwing_all": {"en": "Throwing all dice", "de": "Alle Würfel werden geworfen"},
    "not_thrown": {"en": "not thrown yet", "de": "noch nicht geworfen"},
    "throw_of": {"en": "throw {n} of {m}", "de": "Wurf {n} von {m}"},
    "game_of": {"en": "Game {n} of {m}", "de": "Spiel {n} von {m}"},
    "roll_off": {"en": "Roll-off for the first turn", "de": "Auswürfeln, wer beginnt"},
    "to_throw": {"en": "{name} to throw", "de": "{name} würfelt"},
    "game_over": {"en": "Game over.", "de": "Spielende."},
    "winner": {"en": "Winner: {names}", "de": "Gewinner: {names}"},
    "winners": {"en": "Winners (tied): {names}", "de": "Gewinner (gleichauf): {names}"},
    "and": {"en": "and", "de": "und"},
    "upper_sum": {"en": "Upper sum", "de": "Summe oben"},
    "bonus": {"en": "Bonus {bonus} at {at}", "de": "Bonus {bonus} ab {at}"},
    "upper_total": {"en": "Upper total", "de": "Gesamt oben"},
    "lower_total": {"en": "Lower total", "de": "Gesamt unten"},
    "total": {"en": "Total", "de": "Endsumme"},
    "score": {"en": "score {box}", "de": "{box} eintragen"},
    "throw_all": {"en": "throw all dice", "de": "alle Würfel werfen"},
    "keep": {"en": "keep {dice}, throw the rest", "de": "{dice} behalten, Rest würfeln"},
    "thrown": {"en": "the dice show {dice}", "de": "die Würfel zeigen {dice}"},
}
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
            "view", f"expected {game} State or Observation, got {type(view).__name__}"
        )
    return view


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


def _head(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def table(rows: Sequence[Row], names: Sequence[str]) -> list[str]:
    """The rows as a table: a head of the players' names, a rule, one line per row.

    The first column holds the row labels; each player's column is as wide
    as its name (at most `NAME_WIDTH`, at least 3) and its widest value,
    the values right-aligned.
    """
    label_width = max(len(label) for label, _ in rows)
    widths = [
        max(3, min(NAME_WIDTH, len(name)), *(len(values[i]) for _, values in rows))
        for i, name in enumerate(names)
    ]
    head = " ".join(f"{_head(n, w):>{w}}" for n, w in zip(names, widths, strict=True))
    out = [f"{'':<{label_width}} {head}".rstrip()]
    out.append(" ".join("-" * w for w in (label_width, *widths)))
    for label, values in rows:
        body = " ".join(f"{v:>{w}}" for v, w in zip(values, widths, strict=True))
        out.append(f"{label:<{label_width}} {body}".rstrip())
    return out


def lines(text: str) -> list[str]:
    """A sentence wrapped to `WIDTH` (names may be long)."""
    return textwrap.wrap(text, WIDTH, break_long_words=True) or [""]


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
        ('Dice: 2 3 3 5 6   throw 1 of 3', 'Behalten: 3 3, der Rest wird geworfen (Wurf 2 von 3)')
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
    """The roll-off so far: ``"Roll-off for the first turn: Ann 5; Ben to throw"``."""
    done = ", ".join(f"{names[s]} {f}" for s, f in zip(contenders, thrown, strict=False))
    parts = [p for p in (done,) if p]
    if len(thrown) < len(contenders):
        parts.append(word(WORDS, "to_throw", lang).format(name=names[contenders[len(thrown)]]))
    return f"{word(WORDS, 'roll_off', lang)}: " + "; ".join(parts)
