"""``kniffel advise``: the optimal player's advice for a real classic game.

The position is read from the command line (the dice, the rolls left, the
boxes filled, the extra-Kniffel bonus so far) and refused, naming the clause
of ``docs/rules/classic.md``, when no game under the rules can reach it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TextIO

from kniffel_rules import classic
from kniffel_rules._text import brief
from kniffel_rules.classic import Box, Phase, Rules, Sheet, State
from kniffel_rules.classic._reach import extra_bonus_problem
from kniffel_rules.classic.combinations import check_dice, possible_values
from kniffel_rules.classic.notation import read_box
from kniffel_rules.classic.pieces import BOXES, sheet_boxes
from kniffel_rules.classic.render import render_action
from kniffel_rules.classic.sheet import spec
from kniffel_rules.cli.arguments import number, number_list
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang, check_lang

__all__ = ["advise", "position"]

_WORDS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "dice": {"en": "Dice {dice}, {left}", "de": "Würfel {dice}, {left}"},
    "left0": {"en": "no roll left", "de": "kein Wurf mehr"},
    "left1": {"en": "1 roll left", "de": "noch 1 Wurf"},
    "left2": {"en": "2 rolls left", "de": "noch 2 Würfe"},
    "value": {"en": "expected final score", "de": "erwartete Endsumme"},
    "action": {"en": "action", "de": "Zug"},
    "win": {"en": "P(win)", "de": "P(Sieg)"},
}


def _parse_filled(items: list[str]) -> dict[Box, int]:
    filled: dict[Box, int] = {}
    for item in items:
        for part in item.split(","):
            key, _, value = part.strip().partition("=")
            if not key.strip():
                continue
            box = read_box(key)
            if box is None:
                known = ", ".join(b.key for b in BOXES)
                raise KniffelError(
                    f"--filled: unknown box {brief(key.strip())}; boxes: {known} "
                    '(or their English or German names, e.g. dreierpasch, "Kleine Straße")'
                )
            try:
                points = number(value, f"--filled: {box.key}")
            except KniffelError:
                raise KniffelError(
                    f"--filled: {brief(part.strip())} needs a number, e.g. {box.key}=12"
                ) from None
            if box in filled:
                raise KniffelError(f"--filled: {box.key} is given twice (CL-07: one entry a box)")
            filled[box] = points
    return filled


def position(dice: str, rolls_left: int, filled: list[str], extra_bonus: int,
             rules: Rules) -> State:  # fmt: skip
    """The solitaire position described on the command line.

    Box names are read in English or German (``dreierpasch=20``,
    ``"Kleine Straße"=30``, ``full_house=25``). A position no game under
    ``rules`` reaches is refused with the clause of ``docs/rules/classic.md``
    that rules it out: a box off the sheet (CL-30), a value the box cannot
    hold, every box filled (CL-23), an extra bonus that is not a multiple of
    the bonus (CL-44), one without a filled Kniffel box (CL-17), one with a
    struck Kniffel box (CL-22), more bonuses than boxes an extra Kniffel can
    have gone to (CL-18; CL-41 to CL-43 under the other joker modes), any
    bonus on the Croatian sheet (CL-31).

    Raises:
        KniffelError: A bad die, box or value, or an impossible position.
    """
    try:
        faces = check_dice(number_list(dice, "--dice", example="1,3,3,5,6"))
    except ValueError:
        raise KniffelError(f"--dice: {brief(dice)} is not five numbers like 1,3,3,5,6") from None
    if not 0 <= rolls_left <= 2:
        raise KniffelError("--rolls-left is 0, 1 or 2 (after the first, second or third roll)")
    on_sheet = sheet_boxes(rules)
    rule_of = {info.box: info.rule for info in spec(rules).boxes}
    entries: list[int | None] = [None] * len(Box)
    for box, value in _parse_filled(filled).items():
        if box not in on_sheet:
            variant = "Croatian" if rules.croatian else "standard"
            raise KniffelError(f"--filled: the {variant} sheet has no box {box.label} (CL-30)")
        if value not in possible_values(box, rules):
            raise KniffelError(
                f"--filled: {box.label} cannot hold {value} ({rule_of.get(box, 'CL-07')})"
            )
        entries[box.value] = value
    if sum(v is not None for v in entries) >= len(on_sheet):
        raise KniffelError("--filled: every box is filled: the game is over (CL-23)")
    problem = extra_bonus_problem(tuple(entries), extra_bonus, rules)
    if problem is not None:
        raise KniffelError(f"--extra-bonus: {problem}")
    try:  # the library's own judgement of the whole position, should the checks above miss a case
        state = State(rules, ("you",), (Sheet(tuple(entries), extra_bonus),), Phase.DECIDE,
                      player=0, dice=faces, rolls=3 - rolls_left, first_player=0)  # fmt: skip
        classic.from_json(classic.to_json(state))
    except KniffelError as error:
        raise KniffelError(f"{error} (no game reaches this position)") from None
    return state


def advise(dice: str, rolls_left: int, filled: list[str], extra_bonus: int, rules: Rules,
           top: int, out: TextIO, *, lang: Lang = "en",
           opponents: str | None = None) -> int:  # fmt: skip
    """Print every legal action with its expected final score, best first.

    The first line states the position; a header labels the two columns
    (``expected final score``, ``action``); each action is written as
    `kniffel_rules.classic.render_action` phrases it in ``lang``.

    Args:
        dice: The five dice, ``"1,3,3,5,6"``.
        rolls_left: 0, 1 or 2.
        filled: ``box=value`` items (comma-separated, repeatable).
        extra_bonus: The extra-Kniffel bonus points so far.
        rules: The classic rules.
        top: How many actions to print (0: all).
        out: Where to print.
        lang: The language of the labels and the actions.
        opponents: Final scores of finished opponents (``"231,198"``): the
            actions are ranked by the chance to beat them
            (`WinProbabilityPlayer`), with the expected score beside it.

    Returns:
        The exit status, 0.

    Raises:
        KniffelError: A bad or impossible position (see `position`).
        UnknownLanguageError: ``lang`` is not one the library speaks.
    """
    lang = check_lang(lang)
    state = position(dice, rolls_left, filled, extra_bonus, rules)
    try:
        from kniffel_rules.bots.optimal import OptimalSolitaire
    except ImportError:  # pragma: no cover - the solver ships with the package
        raise KniffelError("the optimal player is not available in this installation") from None
    if opponents is not None:
        return _advise_to_win(state, opponents, rules, top, out, lang)
    advice = OptimalSolitaire(rules).advise(state)
    shown = " ".join(map(str, state.dice))
    left = _WORDS[f"left{rolls_left}"][lang]
    print(_WORDS["dice"][lang].format(dice=shown, left=left), file=out)
    value = _WORDS["value"][lang]
    width = len(value)
    print(f"  {value}  {_WORDS['action'][lang]}", file=out)
    for item in advice[:top] if top else advice:
        print(f"  {item.value:>{width}.2f}  {render_action(item.action, lang=lang)}", file=out)
    return 0


def _advise_to_win(state: State, opponents: str, rules: Rules, top: int, out: TextIO,
                   lang: Lang) -> int:  # fmt: skip
    """`advise` against finished opponents: P(win), expected score, action."""
    from kniffel_rules.bots.winning import WinProbabilityPlayer
    from kniffel_rules.bots.winning.player import MAX_OPPONENTS

    try:
        totals = number_list(opponents, "--opponents", 0, example="231,198")
    except KniffelError:
        raise KniffelError(f"--opponents: {brief(opponents)} is not scores like 231,198") from None
    if not totals or len(totals) > MAX_OPPONENTS:
        raise KniffelError(
            f"--opponents: expected 1 to {MAX_OPPONENTS} final scores like 231,198, "
            f"got {len(totals)}"
        )
    advice = WinProbabilityPlayer(rules).advise(state, opponents=totals)
    shown = " ".join(map(str, state.dice))
    left = _WORDS[f"left{3 - state.rolls}"][lang]
    print(_WORDS["dice"][lang].format(dice=shown, left=left), file=out)
    win, value = _WORDS["win"][lang], _WORDS["value"][lang]
    print(f"  {win:>7}  {value}  {_WORDS['action'][lang]}", file=out)
    for item in advice[:top] if top else advice:
        print(f"  {100 * item.win:>6.2f}%  {item.score:>{len(value)}.2f}  "
              f"{render_action(item.action, lang=lang)}", file=out)  # fmt: skip
    return 0
