"""Kniffel Extreme score sheets: verify one (`verify_sheet`) or write one (`write_sheet`).

The format is documented in ``docs/sheets.md`` and by the JSON Schema
``kniffel_rules/schemas/extreme-sheet.schema.json``. A recorded turn is::

    {"box": "highway", "rolls": [{"d6": [1, 2, 3, 5, 6], "d10": 9},
                                 {"keep_d6": [2, 3, 5, 6], "d6": [2, 3, 4, 5, 6], "d10": 7,
                                  "keep_d10": false}]}

``d6``/``d10`` are the dice showing after the roll; ``keep_d6``/``keep_d10``
what was kept from the roll before (absent for the first roll). A fourth
roll is allowed once per turn while the player has a chip.

Examples:
    A highway (six in a row) is worth 50 points; a sheet that says otherwise is
    refused with the rule's clause:

    >>> from kniffel_rules import extreme
    >>> report = extreme.verify_sheet({"variant": "extreme", "players": [
    ...     {"name": "Ann", "games": [{"fives": 30, "highway": 45}]}]})
    >>> report.ok, [(f.field, f.rule) for f in report.findings]
    (False, [('highway', 'EX-16')])
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from kniffel_rules import _boxsheetcheck as kit
from kniffel_rules import _json
from kniffel_rules._i18n import N_, Text
from kniffel_rules._memo import memo_table
from kniffel_rules.extreme.actions import ExtremeRoll, Roll, Score
from kniffel_rules.extreme.combinations import _throw_values, possible_values
from kniffel_rules.extreme.engine import GAME
from kniffel_rules.extreme.pieces import BOXES, UPPER, Box, layout
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.extreme.state import Phase, Sheet, State

__all__ = ["Throw", "Turn", "verify_sheet", "write_sheet"]

_RULE = {
    **dict.fromkeys(UPPER, "EX-06"),
    Box.THREE_OF_A_KIND: "EX-08",
    Box.FOUR_OF_A_KIND: "EX-09",
    Box.TWO_PAIRS: "EX-10",
    Box.THREE_PAIRS: "EX-11",
    Box.TWO_TRIPLES: "EX-12",
    Box.FULL_HOUSE: "EX-13",
    Box.BIG_FULL_HOUSE: "EX-14",
    Box.SMALL_STRAIGHT: "EX-15",
    Box.LARGE_STRAIGHT: "EX-15",
    Box.HIGHWAY: "EX-16",
    Box.KNIFFEL: "EX-17",
    Box.KNIFFEL_EXTREME: "EX-17",
    Box.TEN_OR_LESS: "EX-18",
    Box.THIRTY_THREE_OR_MORE: "EX-18",
    Box.CHANCE: "EX-19",
    Box.SUPER_CHANCE: "EX-19",
}
_SUM_DESCRIPTION = {
    Box.THREE_OF_A_KIND: N_("0 or the sum of six dice with at least three equal (5 to 39)"),
    Box.FOUR_OF_A_KIND: N_("0 or the sum of six dice with at least four equal (5 to 39)"),
    Box.TWO_PAIRS: N_("0 or the sum of six dice with two different pairs (7 to 37)"),
    Box.CHANCE: N_("0 or the sum of six dice (5 to 39)"),
    Box.SUPER_CHANCE: N_("0 or twice the sum of six dice (10 to 78)"),
}


@attrs.frozen(slots=True)
class Throw:
    """One recorded roll: what was kept from the roll before, and what shows after it.

    Attributes:
        keep_d6: The six-sided dice kept (sorted).
        keep_d10: Whether the d10 was kept.
        d6: The five six-sided dice showing after the roll (sorted).
        d10: The d10 showing after the roll.
    """

    keep_d6: tuple[int, ...]
    keep_d10: bool
    d6: tuple[int, ...]
    d10: int


@attrs.frozen(slots=True)
class Turn:
    """A recorded turn: its rolls and the box chosen."""

    box: Box
    rolls: tuple[Throw, ...]


_THROW_KEYS = frozenset({"d6", "d10", "keep_d6", "keep_d10"})


def _plain_throw(roll: Any) -> Throw | None:
    """A well-formed roll on the fast path (no field path built), else None."""
    if type(roll) is not dict or not roll.keys() <= _THROW_KEYS:
        return None
    d6 = kit.plain_faces(roll.get("d6"))
    keep = kit.plain_faces(roll.get("keep_d6", []))
    keep_d10 = roll.get("keep_d10", False)
    d10 = roll.get("d10")
    if (
        d6 is None
        or keep is None
        or len(d6) != 5
        or type(keep_d10) is not bool
        or type(d10) is not int
        or not 0 <= d10 <= 9
    ):
        return None
    return Throw(keep, keep_d10, d6, d10)


def _read_throw(roll: Any, path: str) -> Throw:
    r = _json.get_object(roll, path, required=("d6", "d10"), optional=("keep_d6", "keep_d10"))
    keep = _json.check_list(
        r.get("keep_d6", []),
        f"{path}.keep_d6",
        lambda v, p: _json.check_int(v, p, 1, 6),
        max_length=5,
    )
    d6 = _json.check_list(r["d6"], f"{path}.d6", lambda v, p: _json.check_int(v, p, 1, 6), length=5)
    keep_d10 = _json.get_bool(r, "keep_d10", path) if "keep_d10" in r else False
    d10 = _json.get_int(r, "d10", path, 0, 9)
    return Throw(tuple(sorted(keep)), keep_d10, tuple(sorted(d6)), d10)


_read_turn = kit.turn_reader({b.key: b for b in BOXES}, _plain_throw, _read_throw, Turn)


def _replay_for(rules: Rules) -> kit.TurnReplay:
    """Extreme's engine, as the kit replays recorded turns with it (chips and the d10 included)."""
    return kit.TurnReplay(
        start=GAME.new_game(1, rules=rules, first_player=0),
        apply=GAME.apply,
        roll=_roll,
        kept=lambda throw: list(throw.keep_d6),
        outcome=_outcome,
        resume=_resume,
        dice=lambda state: state.dice,
        enter=_enter,
        extra_bonus=lambda state: None,
        roll_rule="EX-02",
        turn_rule="EX-03",
    )


def _enter(
    start: State, state: State, box: Box, written: Mapping[str, int]
) -> kit.Entered | kit.Refused:
    filled = state.sheets[0][box]
    if filled is not None:
        after = attrs.evolve(
            start, phase=Phase.DECIDE, d6=(), d10=None, rolls=0, sheets=(state.sheets[0],)
        )
        return kit.Refused(
            "EX-03", Text.of(N_("that box was already filled ({filled})"), filled=filled), after
        )
    assert state.d10 is not None
    value = _throw_values(state.d6, state.d10)[box.value]
    return kit.Entered(value, _RULE[box], GAME.apply(state, _SCORES[box]))


_SCORES = {b: Score(b) for b in Box}
_ROLLS: dict[tuple[tuple[int, ...], bool], Roll] = memo_table()
_THROWN: dict[tuple[tuple[int, ...], int | None], ExtremeRoll] = memo_table()


def _roll(throw: Throw) -> Roll:
    """``Roll(keep, keep_d10)``, one shared object per keep (bounded: 924 of them)."""
    keep, keep_d10 = throw.keep_d6, throw.keep_d10
    bounded = keep in kit.FACE_TUPLES and type(keep_d10) is bool
    return kit.interned(_ROLLS, (keep, keep_d10), lambda: Roll(keep, keep_d10), bounded)


def _outcome(state: State, throw: Throw) -> ExtremeRoll | kit.Misfit:
    """The throw a recorded roll shows: its dice less the dice kept (a kept d10 stays)."""
    kept_d10 = state.d10
    thrown = kit.rest_of(throw.d6, throw.keep_d6)
    if thrown is None or (kept_d10 is not None and kept_d10 != throw.d10):
        return kit.Misfit(
            [*throw.d6, throw.d10],
            Text.of(N_("the dice kept still showing")),
            Text.of(
                N_("shows {dice} and {d10}, which does not include the dice kept"),
                dice=str(list(throw.d6)),
                d10=throw.d10,
            ),
        )
    d10 = None if kept_d10 is not None else throw.d10
    bounded = thrown in kit.FACE_TUPLES and (d10 is None or (type(d10) is int and 0 <= d10 <= 9))
    return kit.interned(_THROWN, (thrown, d10), lambda: ExtremeRoll(thrown, d10), bounded)


def _resume(start: State, turn: Turn) -> State:
    """A turn whose rolls broke goes on from its last dice (a fourth roll spends a chip)."""
    last = turn.rolls[-1]
    used_chip = len(turn.rolls) >= 4 and start.sheets[0].chips > 0
    sheets = (
        (attrs.evolve(start.sheets[0], chips=start.sheets[0].chips - 1),)
        if used_chip
        else start.sheets
    )
    return attrs.evolve(
        start,
        sheets=sheets,
        phase=Phase.DECIDE,
        d6=last.d6,
        d10=last.d10,
        rolls=min(len(turn.rolls), 4),
    )


def _no_extra_bonus(
    entries: Mapping[str, int], bonus: int, doubtful: frozenset[str], emit: kit.Emit
) -> None:
    """Extreme has no extra-Kniffel bonus entry (EX-21); the reader rejects the field."""


@lru_cache(maxsize=64)  # keyed by rules read from documents: bounded
def spec(rules: Rules) -> kit.SheetSpec:
    """The sheet description the shared checker uses for ``rules``."""
    return kit.SheetSpec(
        variant="extreme",
        boxes=kit.box_infos(BOXES, _RULE, possible_values, _SUM_DESCRIPTION),
        layout=layout(rules),
        rules={
            "bonus": "EX-07",
            "totals": "EX-20",
            "filled": "EX-20",
            "games": "EX-20",
            "series": "EX-20",
            "placement": "EX-20",
            "extra": "EX-21",
        },
        max_games=1,
        check_extra_bonus=_no_extra_bonus,
        read_turn=_read_turn,
        replay=_replay_for(rules),
    )


_VERIFIER = kit.SheetVerifier("extreme", lambda rules_doc: spec(Rules.from_dict(rules_doc)))
verify_checked = _VERIFIER.verify_checked
"""`verify_sheet` of a dict `kniffel_rules.sheets.read_document` has read already."""
verify_sheet = _VERIFIER.verify
"""``verify_sheet(doc)``: verify a Kniffel Extreme score sheet and report every problem.

A recorded turn is replayed with its keeps, the fourth roll and its chip; an
entry without turns is checked over six dice
(`kniffel_rules._boxsheetcheck.SheetVerifier.verify`; an example opens this module).
"""


def write_sheet(
    record: kit.Recorded, *, rolls: bool = True, derived: bool = True
) -> dict[str, Any]:
    """The score sheet of a recorded Extreme game, as a sheet document.

    Args:
        record: A game recorded with `kniffel_rules.record`.
        rolls: Include every turn's rolls, so the sheet can be replayed.
        derived: Include the derived fields (sums, bonus, totals).

    Returns:
        The document, which `verify_sheet` accepts without findings.

    Raises:
        InvalidStateError: ``record`` is not a recorded Extreme game (path ``record``).
        IllegalActionError: An action of the record is not legal where it stands.
    """
    initial = kit.recorded_start(record, State, "an Extreme")
    n = initial.num_players
    turns: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    scored, state = kit.scored_turns(record, GAME.apply, Score, Roll, _keep, _thrown)
    for before, _, _, turn in scored:
        turns[before.player].append(turn)
    players = []
    for p in range(n):
        game = _game_doc(initial.rules, state.sheets[p], derived)
        if rolls:
            game["turns"] = turns[p]
        players.append({"name": initial.names[p], "games": [game]})
    return {"variant": "extreme", "rules": initial.rules.to_dict(), "players": players}


def _keep(action: Roll) -> dict[str, Any]:
    return {"keep_d6": list(action.keep_d6), "keep_d10": action.keep_d10}


def _thrown(outcome: object, before: State, after: State) -> dict[str, Any] | None:
    """The six dice a throw shows (not a die of the roll-off)."""
    if isinstance(outcome, ExtremeRoll):
        assert after.d10 is not None
        return {"d6": list(after.d6), "d10": after.d10}
    return None


def _game_doc(rules: Rules, sheet: Sheet, derived: bool) -> dict[str, Any]:
    return kit.game_document(layout(rules), sheet.entries, 0, derived)
