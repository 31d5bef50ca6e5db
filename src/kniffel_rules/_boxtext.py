"""The words of a box-sheet dice game: its actions in JSON and in text, what players type, its rows.

`BoxWords` is the part of `kniffel_rules._boxgame.BoxGame` that speaks: the
JSON forms of the actions (`BoxWords.codec`, a `kniffel_rules.wire.Codec` of
the dice games' roll and throw and the game's ``Score``), their canonical
line (`BoxWords.action_to_text`, the dice turn's by
`kniffel_rules._dicewire.turn_text`), their phrase in a player's language
(`BoxWords.render_action`, the turn's by
`kniffel_rules._dicerender.throw_phrase`), the reading of typed words at a
player's node (`BoxWords.read_decisions`, for
`kniffel_rules._openview.OpenParser`), and the rows and turn lines of the
text picture (`BoxWords.sheet_rows` by `kniffel_rules._dicerender.sheet_rows`,
`BoxWords.status` by `kniffel_rules._dicerender.turn_lines`) that a game's
`kniffel_rules._dicerender.sheet_picture` draws.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, ClassVar

from kniffel_rules._dicegame import Roll
from kniffel_rules._dicerender import (
    WORDS,
    Row,
    SheetDrawing,
    check_view,
    sheet_drawing,
    sheet_rows,
    throw_phrase,
    turn_lines,
)
from kniffel_rules._dicewire import DICE_FORM, ROLL_FORM, named, read_roll, read_score, turn_text
from kniffel_rules._labels import Labelled, word
from kniffel_rules.boxsheet import Layout
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import GameInfo
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.notation import Phrasebook, words
from kniffel_rules.wire import Codec, Form, enum_kind

__all__ = ["BoxWords"]

class BoxWords:
    """The wire, the words and the picture rows of a box-sheet game (a mixin of its game class).

    Attributes:
        score_class: The game's ``Score`` action (one field, ``box``).
        box_class: The box enum (a `kniffel_rules._labels.Labelled`;
            ``value`` = box number = sheet order).
        aliases: What else players call the boxes (besides their labels and keys).
    """

    __slots__ = ()

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[Any]]
    observation_class: ClassVar[type[Any] | None]
    score_class: type
    box_class: type[Labelled]
    aliases: Mapping[Any, tuple[str, ...]] = {}
    layout_of: Callable[[Any], Layout]
    ranking: Callable[[Any], tuple[int, ...]]

    @property
    def codec(self) -> Codec[Any]:
        """The JSON forms of the actions and outcomes: ``{"type": "score", "box": key}`` ..."""
        return _codec(self.info.name, self.score_class, self.box_class)

    def action_to_text(self, action: object) -> str:
        """One canonical line: ``roll``, ``roll keep 3 3``, ``score one_pair``, ``dice 1 2 3 3 6``.

        Raises:
            InvalidStateError: Not an action or outcome of the game (path ``action``).
        """
        if isinstance(action, self.score_class):
            box: Labelled = action.box  # type: ignore[attr-defined]
            return f"score {box.key}"
        return turn_text(action, self.info.name)

    action_text = action_to_text
    """The hook of `kniffel_rules.game.Game` that names a refused object: `action_to_text`."""

    @property
    def phrasebook(self) -> Phrasebook[Any]:
        """Every name of every box: the aliases, both languages' labels, the key."""
        return _phrasebook(self.box_class, tuple(self.aliases.items()))

    def read_box(self, text: object) -> Any:
        """The box ``text`` names (any label, alias or key, English or German), else ``None``."""
        return self.phrasebook.whole(words(text)) if isinstance(text, str) else None

    def read_decisions(self, state: Any, tokens: list[str], raw: str) -> list[Any]:
        """What a player's words may name (`kniffel_rules._openview.OpenParser`): a box, a roll."""
        box = read_score(tokens, self.phrasebook)
        found = [] if box is None else [self.score_class(box)]
        return [*found, *read_roll(tokens, state.dice)]

    def render_action(self, action: object, *, lang: Lang = "en") -> str:
        """A short phrase for ``action`` in ``lang``: ``"Ein Paar eintragen"`` (German).

        Raises:
            UnknownLanguageError: ``lang`` is not one the library speaks.
            InvalidStateError: Not an action or outcome of the game (path ``action``).
        """
        lang = check_lang(lang)
        if isinstance(action, self.score_class):
            box: Labelled = action.box  # type: ignore[attr-defined]
            return word(WORDS, "score", lang).format(box=box.labels[lang])
        if isinstance(action, (Roll, DiceRoll)):
            return throw_phrase(action, lang)
        raise InvalidStateError(
            "action",
            f"expected a {self.info.name} action or a DiceRoll, got {type(action).__name__}",
        )

    # -- the picture ----------------------------------------------------------

    def view_state(self, view: object) -> Any:
        """The state a view shows (an observation's state).

        Raises:
            InvalidStateError: Neither the game's state nor its observation (path ``view``).
        """
        observation: Any = self.observation_class
        return check_view(view, self.state_class, observation, self.info.name)

    def status(self, state: Any, lang: Lang) -> list[str]:
        """The lines above the sheets: the roll-off, whose turn and the dice, or the winners."""
        return turn_lines(state, lang, self.ranking)

    def sheet_rows(self, state: Any, lang: Lang) -> list[Row]:
        """The sheets' rows in ``lang``: each box, the sums, the bonus, the totals."""
        return sheet_rows(self.layout_of(state.rules), list(self.box_class), state.sheets, lang)

    def drawing(self, view: object, lang: Lang) -> SheetDrawing:
        """The SVG score sheet's content: `sheet_rows` of the state a view shows."""
        state = self.view_state(view)
        rows = self.sheet_rows(state, lang)
        return sheet_drawing(self.info.title(lang), state, rows, list(self.box_class), lang)


@lru_cache(maxsize=8)
def _codec(name: str, score: type, boxes: type[Labelled]) -> Codec[Any]:
    forms = (
        ROLL_FORM,
        Form("score", score, (("box", enum_kind(boxes)),), title="enter the dice in a box"),
        DICE_FORM,
    )
    return Codec(name, forms)


@lru_cache(maxsize=8)
def _phrasebook(
    boxes: type[Labelled], aliases: tuple[tuple[Any, tuple[str, ...]], ...]
) -> Phrasebook[Any]:
    names = named(boxes, dict(aliases))
    return Phrasebook({b: (*n, b.key) for b, n in names.items()})
