"""SVG pictures of every game, drawn by the library (python-chess's ``chess.svg`` is the model).

Each function takes a game's ``State`` or ``Observation`` (the view of one
player) and returns the picture as SVG text: pure Python, no dependency,
well-formed XML with a ``viewBox``, a width and a height, the same text for
the same view. Every name a player reads is in the chosen language (``"en"``
or ``"de"``), from the games' own tables; players' names are escaped.

- `render` draws any game's view, the picture its game's ``INFO.picture`` names;
- `sheet`: the score sheet of a game on a box sheet (classic, Extreme, ...);
- `master_sheet`: the Kniffel Master boards (tasks, number rows, coin row);
- `duel_board`: the board of Kniffel: Das Duell (discs, holes, jokers);
- `card_board`: the card game (boards, display; the own hand only in an
  ``Observation``, counts of the others).

Importing this package imports no game; each picture imports its game when
it is drawn (`render` asks the registered games whose view it holds).

Examples:
    >>> from kniffel_rules import classic, svg
    >>> picture = svg.render(classic.new_game(players=["Ann", "Ben"]), lang="de", size=400)
    >>> picture.startswith("<svg") and "Einser" in picture and 'width="400"' in picture
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from kniffel_rules._text import type_name
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.svg._draw import check_size
from kniffel_rules.variant import VARIANTS, Variant, get_variant

__all__ = ["card_board", "duel_board", "master_sheet", "render", "sheet"]


def _game_of(view: object) -> Variant:
    """The registered game whose ``State`` or ``Observation`` ``view`` is."""
    for name in VARIANTS:
        game = get_variant(name)
        kinds = tuple(k for k in (getattr(game, "State", None), getattr(game, "Observation", None))
                      if isinstance(k, type))  # fmt: skip
        if isinstance(view, kinds):
            return game
    raise InvalidStateError(
        "view", f"expected a game's State or Observation, got {type_name(view)}"
    )


def render(view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """The picture of any game's ``State`` or ``Observation``, as SVG text.

    Args:
        view: A ``State`` or ``Observation`` of any game.
        lang: The language of every name in the picture.
        size: The width in pixels (the height follows); ``None``: natural size.

    Returns:
        The SVG document.

    Raises:
        UnknownLanguageError: ``lang`` is not a language of `kniffel_rules.lang.LANGS`.
        InvalidStateError: ``view`` is not a game's state or observation, or a bad ``size``.
    """
    game = _game_of(view)
    picture = _DRAWERS.get(game.INFO.picture or "")
    if picture is None:  # pragma: no cover - the registry's test checks every game
        raise InvalidStateError("view", f"the game {game.INFO.name} has no picture")
    return picture(view, lang=lang, size=size)


def sheet(view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """The score sheet of a game played on a box sheet (classic, Extreme, ...), as SVG text.

    One column per player (the player to move shaded), the game's own rows
    (every box with its entry, the upper sum, bonus and totals; classic: the
    extra-Kniffel bonus and a series' games; Extreme: the chips left), then
    whose turn it is with the throw count and the dice as faces with pips
    (Extreme's ten-sided die as a numbered kite).

    Args:
        view: A ``State`` or ``Observation`` of a game whose ``INFO.picture`` is ``"sheet"``.
        lang: The language of the box names and words.
        size: The width in pixels; ``None``: natural size.

    Returns:
        The SVG document.

    Raises:
        UnknownLanguageError: A bad ``lang``.
        InvalidStateError: ``view`` is of no such game, or a bad ``size``.
    """
    lang, size = check_lang(lang), check_size(size)
    game = _game_of(view)
    if game.INFO.picture != "sheet":
        raise InvalidStateError(
            "view",
            f"expected the State or Observation of a game on a box sheet, "
            f"got {game.INFO.title('en')}'s {type(view).__name__}",
        )
    from kniffel_rules.svg._sheet import draw_sheet

    return draw_sheet(game, view, lang, size)


def master_sheet(view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """Every player's Kniffel Master board, as SVG text.

    Per player: the tasks with their stars (gold once fulfilled), the six
    number rows with their markers (a star for a completed row), the coin
    row's current lap with its marker and the laps done, and the stars in
    all; then whose turn it is and the dice.

    Args:
        view: A Master ``State`` or ``Observation``.
        lang: The language of the names and words.
        size: The width in pixels; ``None``: natural size.

    Returns:
        The SVG document.

    Raises:
        UnknownLanguageError: A bad ``lang``.
        InvalidStateError: ``view`` is of another game, or a bad ``size``.
    """
    lang, size = check_lang(lang), check_size(size)
    from kniffel_rules.svg._master import draw_master

    return draw_master(view, lang, size)


def duel_board(view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """The board of Kniffel: Das Duell, as SVG text.

    The eleven areas in board order, each with its disc on the centre line,
    on blue's or red's space or in a hole (a secured disc takes its owner's
    colour); the jokers each player holds and the supply; the games won in a
    match; whose turn it is and the dice.

    Args:
        view: A Duell ``State`` or ``Observation``.
        lang: The language of the names and words.
        size: The width in pixels; ``None``: natural size.

    Returns:
        The SVG document.

    Raises:
        UnknownLanguageError: A bad ``lang``.
        InvalidStateError: ``view`` is of another game, or a bad ``size``.
    """
    lang, size = check_lang(lang), check_size(size)
    from kniffel_rules.svg._duel import draw_duel

    return draw_duel(view, lang, size)


def card_board(view: Any, *, lang: Lang = "en", size: int | None = None) -> str:
    """The card game from one player's view, as SVG text.

    Every player's board (the rows with their levels and the tokens on
    them, the reserve and the active area), the open display, the pile and
    the discards; hands as counts. A ``State`` shows only what every player
    may see; an ``Observation`` adds that seat's own hand, face up.

    Args:
        view: A card-game ``State`` or ``Observation``.
        lang: The language of the names and words.
        size: The width in pixels; ``None``: natural size.

    Returns:
        The SVG document.

    Raises:
        UnknownLanguageError: A bad ``lang``.
        InvalidStateError: ``view`` is of another game, or a bad ``size``.
    """
    lang, size = check_lang(lang), check_size(size)
    from kniffel_rules.svg._cards import draw_cards

    return draw_cards(view, lang, size)


_DRAWERS: Final[dict[str, Callable[..., str]]] = {
    "sheet": sheet,
    "master_sheet": master_sheet,
    "duel_board": duel_board,
    "card_board": card_board,
}
"""The pictures by the name a game's ``INFO.picture`` gives (`render` draws them)."""
