"""Classic's sheet as the exact solitaire solver reads it, and a position read by hand.

`solitaire` is the sheet for the solver (`kniffel_rules.boxsheet.Solitaire`);
`POSITION` reads and judges a one-player position described by hand
(`kniffel_rules.boxsheet.SolitairePosition`, what ``kniffel advise`` asks).

The solver (`kniffel_rules.bots.optimal`) knows no game: it reads the sheet
layout, the ordinary points of every roll in every box, and, for an extra
Kniffel, every entry the joker rules allow, all from here. Each comes from
classic's own rules: `combinations.score` and `legality.check_entry`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

from kniffel_rules._dicewire import Turn
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.boxsheet import BoxPlay, Solitaire, SolitairePosition
from kniffel_rules.classic._reach import extra_bonus_problem
from kniffel_rules.classic.actions import Roll, Score
from kniffel_rules.classic.combinations import check_dice, possible_values, score
from kniffel_rules.classic.legality import Entry, _off_sheet, check_entry
from kniffel_rules.classic.pieces import BOX_RULES, BOXES, Box, layout, read_box, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Phase, Sheet, State
from kniffel_rules.errors import InvalidStateError, KniffelError

__all__ = ["POSITION", "box_play", "position", "solitaire"]

_BOX = tuple(Box)
"""Every box by its number (``Box.value``)."""


def solitaire(rules: Rules) -> Solitaire:
    """Classic's sheet under ``rules`` for the exact solitaire solver.

    ``games`` and ``ranking`` are reset (each game of a series is played
    the same); an extra Kniffel is entered as `legality.check_entry` allows.

    Raises:
        InvalidStateError: ``rules`` is not a classic `Rules`.
        KniffelError: The Croatian variant (its lower section is a product
            of three entries, outside the solver's state space).
    """
    sheet = layout(rules)
    if sheet.product is not None:
        raise KniffelError(
            Text.of(
                N_(
                    "the optimal solitaire player does not cover the Croatian variant: its "
                    "lower section, (Maximum - Minimum) x Ones, is not a sum of entries"
                )
            )
        )
    key = attrs.evolve(rules, games=1, ranking="total")

    def points(box: int, dice: tuple[int, ...]) -> int:
        return score(_BOX[box], dice, key)

    return Solitaire(
        layout=sheet,
        points=points,
        joker=_joker(key),
        kniffel_box=Box.KNIFFEL.value,
        full_cup=key.full_cup,
        rules=key,
    )


def _joker(
    rules: Rules,
) -> Callable[[Sequence[int | None], tuple[int, ...]], tuple[tuple[int, int, int], ...]]:
    """Every entry `legality.check_entry` allows five of a kind, as ``Solitaire.joker`` lists."""

    def joker(
        entries: Sequence[int | None], dice: tuple[int, ...]
    ) -> tuple[tuple[int, int, int], ...]:
        board = Sheet(tuple(entries))
        found = []
        for box in BOXES:
            if entries[box.value] is None:
                entry = check_entry(board, dice, box, rules)
                if isinstance(entry, Entry):
                    found.append((box.value, entry.value, entry.bonus))
        return tuple(found)

    return joker


def _decision(action: Roll | Score) -> tuple[int | None, tuple[int, ...], bool]:
    if isinstance(action, Score):
        return action.box.value, (), False
    return None, action.keep, False


def box_play(rules: Rules) -> BoxPlay:
    """Classic's solitaire game under ``rules`` for the vectorised engine (`BoxPlay`).

    The points are `combinations.score`'s, an extra Kniffel is entered as
    `legality.check_entry` allows (no joker on the Croatian sheet, CL-17);
    a series of ``games`` is one episode, ranked as ``ranking`` says.
    """
    sheet = layout(rules)

    def points(box: int, d6: tuple[int, ...], d10: int | None) -> int:
        return score(_BOX[box], d6, rules)

    croatian = sheet.product is not None
    first = rules.placement_first
    return BoxPlay(
        layout=sheet,
        points=points,
        decision=_decision,
        joker=None if croatian else _joker(rules),
        kniffel_box=None if croatian else Box.KNIFFEL.value,
        games=rules.games,
        game_points=None if rules.ranking == "total" else (1 if first is None else first),
    )


def _box_key(text: str) -> str | None:
    """The key of the box ``text`` names in English or German (`pieces.read_box`)."""
    box = read_box(text)
    return None if box is None else box.key


def position(rules: Rules, dice: tuple[int, ...], rolls_left: int,
             filled: Sequence[tuple[str, int]], extra_bonus: int) -> State:  # fmt: skip
    """The one-player position at the DECIDE phase, refused when no game under ``rules`` reaches it.

    Args:
        rules: The classic rules.
        dice: The five dice showing, sorted, faces 1..6.
        rolls_left: The throws left in the turn, 0..2.
        filled: ``(box key, points)`` for each filled box, in the order given.
        extra_bonus: The extra-Kniffel bonus points credited so far.

    Returns:
        The `State`: one player (``"you"``), the dice thrown ``3 - rolls_left`` times.

    Raises:
        InvalidStateError: Naming the argument (path ``filled``,
            ``extra_bonus``, ``rules``; ``""`` for the whole position) and the
            clause of ``docs/rules/classic.md``: a box given twice (CL-07),
            a box off the sheet (CL-30), a value the box cannot hold, every
            box filled (CL-23), an extra bonus no game credits (CL-44,
            CL-17, CL-22, CL-18, CL-41 to CL-43, CL-31).
    """
    if not isinstance(rules, Rules):
        raise InvalidStateError(
            "rules",
            Text.of(
                N_("expected {game}.Rules, got {type}"), game="classic", type=type(rules).__name__
            ),
        )
    by_key = {box.key: box for box in Box}
    given: dict[Box, int] = {}
    for key, points in filled:
        box = by_key.get(key) if isinstance(key, str) else None
        if box is None:
            raise InvalidStateError(
                "filled", Text.of(N_("unknown box {key} ({rule})"), key=brief(key), rule="CL-07")
            )
        if box in given:
            raise InvalidStateError(
                "filled",
                Text.of(
                    N_("{key} is given twice ({rule}: one entry per box)"),
                    key=box.key,
                    rule="CL-07",
                ),
            )
        given[box] = points
    on_sheet = sheet_boxes(rules)
    entries: list[int | None] = [None] * len(Box)
    for box, value in given.items():
        if box not in on_sheet:
            reason = _off_sheet(box, rules)
            raise InvalidStateError(
                "filled", Text.of(N_("{reason} ({rule})"), reason=reason, rule=reason.rule)
            )
        if value not in possible_values(box, rules):
            raise InvalidStateError(
                "filled",
                Text.of(
                    N_("{box} cannot hold {points} ({rule})"),
                    box=box,
                    points=value,
                    rule=BOX_RULES.get(box, "CL-07"),
                ),
            )
        entries[box.value] = value
    if sum(v is not None for v in entries) >= len(on_sheet):
        raise InvalidStateError(
            "filled", Text.of(N_("every box is filled: the game is over ({rule})"), rule="CL-23")
        )
    problem = extra_bonus_problem(tuple(entries), extra_bonus, rules)
    if problem is not None:
        raise InvalidStateError("extra_bonus", problem)
    try:  # the state's own checks, should the ones above miss a case
        state = State(rules, ("you",), (Sheet(tuple(entries), extra_bonus),), Phase.DECIDE,
                      player=0, dice=check_dice(dice), rolls=3 - rolls_left,
                      first_player=0)  # fmt: skip
        if not 0 <= rolls_left <= 2:
            raise InvalidStateError(
                "rolls_left", Text.of(N_("0, 1 or 2, got {count}"), count=rolls_left)
            )
        Turn.of(state).check_dice()
    except KniffelError as error:
        raise InvalidStateError(
            "", Text.of(N_("{error} (no game reaches this position)"), error=error)
        ) from None
    return state


POSITION: Final = SolitairePosition(tuple(box.key for box in BOXES), _box_key, position)
"""How ``kniffel advise`` reads a classic position (``classic.INFO.position``)."""
