"""``kniffel advise``: the optimal player's advice for a real game of any game it serves.

It serves every registered game with an exact solitaire player
(``INFO.solitaire``) that reads a position by hand (``INFO.position``,
`kniffel_rules.boxsheet.SolitairePosition`). The position is read from the
command line (the dice, the rolls left, the boxes filled, the extra bonus so
far); the game judges it and refuses, naming the clause of its rules page,
a position no game under the rules can reach.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import Any, Final, TextIO, overload

from kniffel_rules._i18n import N_, Text, translate
from kniffel_rules._text import brief
from kniffel_rules.boxsheet import SolitairePosition
from kniffel_rules.cli.arguments import number, number_list
from kniffel_rules.cli.words import decimal, percent, say
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.lang import Lang, check_lang
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["Advisable", "advisable", "advise", "position"]

_WORDS: Final = {  # English templates; the catalogue translates them
    "dice": N_("Dice {dice}, {left}"),
    "left0": N_("no roll left"),
    "left1": N_("1 roll left"),
    "left2": N_("2 rolls left"),
    "value": N_("expected final score"),
    "action": N_("action"),
    "win": N_("P(win)"),
    "no_coach": N_("--opponents: the win-probability coach plays only {games}, not {game}"),
    "bad_opponents": N_("--opponents: {opponents} is not scores like 231,198"),
    "opponents_count": N_(
        "--opponents: expected 1 to {most} final scores like 231,198, got {count}"
    ),
}

_OPTIONS: Final = {"dice": "--dice", "filled": "--filled", "extra_bonus": "--extra-bonus",
                   "rules": "--rules"}  # fmt: skip
"""The command-line option of each argument a game's `SolitairePosition.build` names."""


def advisable() -> list[str]:
    """The registered games ``kniffel advise`` serves: an exact solitaire player and `position`."""
    return [
        name
        for name in VARIANTS
        if get_variant(name).INFO.solitaire is not None
        and get_variant(name).INFO.position is not None
    ]


class Advisable(Sequence[str]):
    """`advisable`, looked up on first use: ``kniffel advise --game``'s choices.

    Finding the advised games imports every game; a parser built for another
    command (or ``--version``) never asks, so the command line starts fast.
    """

    def _names(self) -> list[str]:
        found: list[str] | None = getattr(self, "_found", None)
        if found is None:
            found = advisable()
            self._found = found
        return found

    def __len__(self) -> int:
        return len(self._names())

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def _game(rules: object) -> Any:
    """The registered game whose ``Rules`` ``rules`` is, when ``advise`` serves it."""
    for name in advisable():
        game = get_variant(name)
        if type(rules) is game.Rules:
            return game
    raise KniffelError(
        Text.of(
            N_("--rules: expected the rules of a game advise serves ({games}), got {type}"),
            games=tuple(advisable()),
            type=type(rules).__name__,
        )
    )


def _parse_filled(items: list[str], reader: SolitairePosition) -> list[tuple[str, int]]:
    filled: list[tuple[str, int]] = []
    for item in items:
        for part in item.split(","):
            name, _, value = part.strip().partition("=")
            if not name.strip():
                continue
            key = reader.box_key(name)
            if key is None:
                raise KniffelError(
                    Text.of(
                        N_(
                            "--filled: unknown box {name}; boxes: {known} (or their English "
                            'or German names, e.g. dreierpasch, "Kleine Straße")'
                        ),
                        name=brief(name.strip()),
                        known=tuple(reader.keys),
                    )
                )
            try:
                points = number(value, f"--filled: {key}")
            except KniffelError:
                raise KniffelError(
                    Text.of(
                        N_("--filled: {item} needs a number, e.g. {key}=12"),
                        item=brief(part.strip()),
                        key=key,
                    )
                ) from None
            filled.append((key, points))
    return filled


def position(dice: str, rolls_left: int, filled: list[str], extra_bonus: int,
             rules: Any) -> Any:  # fmt: skip
    """The solitaire position described on the command line, judged by its game.

    The game is the one whose ``Rules`` ``rules`` is. Box names are read the
    way the game reads them: its keys, English or German names
    (``dreierpasch=20``, ``"Kleine Straße"=30``, ``full_house=25``). A
    position no game under ``rules`` reaches is refused by the game's
    ``INFO.position`` (`kniffel_rules.boxsheet.SolitairePosition`) with the
    clause of its rules page that rules it out (for instance a value the
    box cannot hold, every box filled, an extra bonus no game credits).

    Raises:
        KniffelError: A bad die, box or value, or an impossible position,
            naming the option.
    """
    game = _game(rules)
    reader: SolitairePosition = game.INFO.position
    try:
        faces = tuple(sorted(number_list(dice, "--dice", example="1,3,3,5,6")))
    except KniffelError:
        faces = ()
    if len(faces) != 5 or faces[0] < 1 or faces[-1] > 6:
        raise KniffelError(
            Text.of(N_("--dice: {dice} is not five numbers like 1,3,3,5,6"), dice=brief(dice))
        )
    if not 0 <= rolls_left <= 2:
        raise KniffelError(
            Text.of(N_("--rolls-left is 0, 1 or 2 (after the third, second or first roll)"))
        )
    boxes = _parse_filled(filled, reader)
    try:
        return reader.build(rules, faces, rolls_left, boxes, extra_bonus)
    except InvalidStateError as error:
        option = _OPTIONS.get(error.path, error.path)  # another path: as it is
        detail = Text(error.detail)
        raise KniffelError(
            Text.of(N_("{option}: {detail}"), option=option, detail=detail) if option else detail
        ) from None


def advise(dice: str, rolls_left: int, filled: list[str], extra_bonus: int, rules: Any,
           top: int, out: TextIO, *, lang: Lang = "en",
           opponents: str | None = None) -> int:  # fmt: skip
    """Print every legal action with its expected final score, best first.

    The first line states the position; a header labels the two columns
    (``expected final score``, ``action``); each action is written as the
    game's ``render_action`` phrases it in ``lang``. The advice is
    `kniffel_rules.bots.OptimalSolitaire`'s for the game of ``rules``
    (it builds the game's value table on first use, with progress on stderr).

    Args:
        dice: The five dice, ``"1,3,3,5,6"``.
        rolls_left: 0, 1 or 2.
        filled: ``box=value`` items (comma-separated, repeatable).
        extra_bonus: The extra bonus points so far (classic's extra Kniffels).
        rules: The rules of a game `advisable` lists; the game is the one
            whose ``Rules`` they are.
        top: How many actions to show (0: all).
        out: Where to print.
        lang: The language of the labels and the actions.
        opponents: Final scores of finished opponents (``"231,198"``): the
            actions are ranked by the chance to beat them
            (`WinProbabilityPlayer`), with the expected score beside it;
            only for a game whose bots include that player. Working that
            out takes about half a minute: a line on standard error says so
            first.

    Returns:
        The exit status, 0.

    Raises:
        KniffelError: A bad or impossible position (see `position`), or
            ``opponents`` for a game the win-probability player does not play.
        UnknownLanguageError: ``lang`` is not one the library speaks.
    """
    lang = check_lang(lang)
    state = position(dice, rolls_left, filled, extra_bonus, rules)
    game = _game(rules)
    try:
        from kniffel_rules.bots import BOTS, OptimalSolitaire, WinProbabilityPlayer
    except ImportError:  # pragma: no cover - the solver ships with the package
        raise KniffelError(
            Text.of(N_("the optimal player is not available in this installation"))
        ) from None
    if opponents is not None:
        coached = [g for g in VARIANTS if WinProbabilityPlayer in BOTS.get(g, {}).values()]
        if game.INFO.name not in coached:
            titles = ", ".join(get_variant(g).INFO.title(lang) for g in coached)
            raise KniffelError(
                translate(_WORDS["no_coach"], lang).format(games=titles, game=game.INFO.title(lang))
            )
        return _advise_to_win(state, opponents, rules, top, out, lang, game)
    advice = OptimalSolitaire(rules, lang=lang).advise(state)
    shown = " ".join(map(str, state.dice))
    left = translate(_WORDS[f"left{rolls_left}"], lang)
    print(translate(_WORDS["dice"], lang).format(dice=shown, left=left), file=out)
    value = translate(_WORDS["value"], lang)
    width = len(value)
    print(f"  {value}  {translate(_WORDS['action'], lang)}", file=out)
    for item in advice[:top] if top else advice:
        print(f"  {decimal(item.value, 2, lang):>{width}}  "
              f"{game.render_action(item.action, lang=lang)}", file=out)  # fmt: skip
    return 0


def _advise_to_win(state: Any, opponents: str, rules: Any, top: int, out: TextIO,
                   lang: Lang, game: Any) -> int:  # fmt: skip
    """`advise` against finished opponents: P(win), expected score, action."""
    from kniffel_rules.bots.winning import WinProbabilityPlayer
    from kniffel_rules.bots.winning.player import MAX_OPPONENTS

    try:
        totals = number_list(opponents, "--opponents", 0, example="231,198")
    except KniffelError:
        text = translate(_WORDS["bad_opponents"], lang)
        raise KniffelError(text.format(opponents=brief(opponents))) from None
    if not totals or len(totals) > MAX_OPPONENTS:
        text = translate(_WORDS["opponents_count"], lang)
        raise KniffelError(text.format(most=MAX_OPPONENTS, count=len(totals)))
    print(say("advise_working", lang), file=sys.stderr, flush=True)  # a long wait, said first
    advice = WinProbabilityPlayer(rules).advise(state, opponents=totals)
    shown = " ".join(map(str, state.dice))
    left = translate(_WORDS[f"left{3 - state.rolls}"], lang)
    print(translate(_WORDS["dice"], lang).format(dice=shown, left=left), file=out)
    win, value = translate(_WORDS["win"], lang), translate(_WORDS["value"], lang)
    print(f"  {win:>7}  {value}  {translate(_WORDS['action'], lang)}", file=out)
    for item in advice[:top] if top else advice:
        print(f"  {percent(item.win, 2, lang):>7}  {decimal(item.score, 2, lang):>{len(value)}}  "
              f"{game.render_action(item.action, lang=lang)}", file=out)  # fmt: skip
    return 0
