"""Classic states as a stable, validated document: a dict (``to_dict``) or JSON text (``to_json``).

The document (``"format": "kniffel-rules/classic-state"``, ``"version": 1``):

```text
{"format": "kniffel-rules/classic-state", "version": 1,
     "rules": {...every Rules option...},
     "players": [{"name": "Ann", "sheet": {"ones": 3, ...}, "extra_kniffel_bonus": 0}],
     "phase": "roll_off" | "throw" | "decide" | "over",
     "player": 0, "dice": [1, 3, 3, 5, 6], "rolls": 1,
     "game": 0, "first_player": 0 | null,
     "roll_off": {"contenders": [0, 1], "faces": [4]} | null,
     "results": [[231, 198], ...]}
```

``sheet`` holds the filled boxes only, by ``Box.key``. `to_json` writes
`to_dict`'s document as compact text. `from_dict` accepts nothing that
``apply`` could not have produced: every field is checked, and every
invariant of ``docs/rules/classic.md`` ("Reachable states"); every failure
is an `InvalidStateError` naming the field path. Limits: at most
`kniffel_rules.limits.MAX_PLAYERS` players (as ``new_game``), names as
`kniffel_rules._common.check_name` takes them, documents within the JSON
reader's size and depth limits, which hold for a dict given to `from_dict`
too (`kniffel_rules._json.check_tree`). `from_json` reads the text with the
library's JSON reader, then as `from_dict` does, with the same errors.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from kniffel_rules import _json
from kniffel_rules._common import check_name, check_turn_order
from kniffel_rules._dicewire import Turn
from kniffel_rules._i18n import N_, Text
from kniffel_rules.classic._reach import FinalTotals, check_extra_bonus, final_totals
from kniffel_rules.classic.combinations import entry_values
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.pieces import Box, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Phase, Sheet, State
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Document

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "kniffel-rules/classic-state"
"""The ``format`` tag of a classic state document."""
VERSION = 1
"""The version of the state document written by `to_dict` and `to_json`."""

_FIELDS = (
    "rules", "players", "phase", "player", "dice", "rolls", "game", "first_player", "roll_off",
    "results",
)  # fmt: skip
_MAX_BONUS = 12 * 10_000  # twelve extra Kniffels at the largest bonus Rules allows


def _sheet_doc(sheet: Sheet) -> dict[str, int]:
    return {b.key: v for b in Box if (v := sheet.entries[b.value]) is not None}


def _write(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "players": [
            {"name": name, "sheet": _sheet_doc(sheet), "extra_kniffel_bonus": sheet.extra_bonus}
            for name, sheet in zip(state.names, state.sheets, strict=True)
        ],
        **Turn.of(state).to_dict(),
        "game": state.game,
        "results": [list(r) for r in state.results],
    }


_BY_KEY = {b.key: b for b in Box}


def _read_sheet(value: Any, path: str, rules: Rules) -> Sheet:
    p = _json.get_object(value, path, required=("name", "sheet", "extra_kniffel_bonus"))
    boxes = sheet_boxes(rules)
    entries: list[int | None] = [None] * len(Box)
    raw = _json.get_object(p["sheet"], f"{path}.sheet", optional=[b.key for b in boxes])
    for key, v in raw.items():
        box = _BY_KEY[key]
        v = _json.check_int(v, f"{path}.sheet.{key}")
        if v not in entry_values(box, rules):
            raise InvalidStateError(
                f"{path}.sheet.{key}",
                Text.of(N_("{value} is not a value {box} can hold"), value=v, box=box),
            )
        entries[box.value] = v
    bonus = _json.get_int(p, "extra_kniffel_bonus", path, 0, _MAX_BONUS)
    check_extra_bonus(tuple(entries), bonus, rules, f"{path}.extra_kniffel_bonus")
    return Sheet(tuple(entries), bonus)


def _read_total(value: Any, path: str, totals: FinalTotals) -> int:
    total = _json.check_int(value, path, totals.lowest, totals.highest)
    if total not in totals:
        raise InvalidStateError(
            path, Text.of(N_("{total} is not a total a full sheet can have"), total=total)
        )
    return total


def _read(doc: dict[str, Any]) -> State:
    rules = Rules.from_dict(doc["rules"])
    sheets = _json.get_players(doc, lambda v, p: _read_sheet(v, p, rules))
    n = len(sheets)
    names = tuple(check_name(p["name"], f"players[{i}].name") for i, p in enumerate(doc["players"]))
    turn = Turn.from_dict(doc, n)
    game = _json.get_int(doc, "game", "", 0, rules.games)
    results = _json.get_list(
        doc,
        "results",
        "",
        lambda v, p: _json.check_list(
            v, p, partial(_read_total, totals=final_totals(rules)), length=n
        ),
        length=game,
    )
    return State(rules, names, sheets, **turn.fields(), game=game, results=results)


def _check_consistency(state: State) -> None:
    """The relations between fields that ``apply`` always keeps."""
    rules, n, phase = state.rules, state.num_players, state.phase
    turns = len(sheet_boxes(rules))
    filled = [s.filled() for s in state.sheets]
    turn = Turn.of(state)
    first = turn.seated()
    if first is None:
        if n < 2 or any(filled) or state.game or not turn.idle:
            raise InvalidStateError("phase", N_("a roll-off happens before anything else"))
        return
    if phase is Phase.OVER:
        if state.game != rules.games:
            raise InvalidStateError(
                "game", Text.of(N_("a finished series has game = {games}"), games=rules.games)
            )
        if any(f != turns for f in filled):
            raise InvalidStateError("players", N_("every box is filled when the game is over"))
        turn.check_over()
        if state.results[-1] != tuple(s.total(rules) for s in state.sheets):
            raise InvalidStateError("results", N_("the last result must be the sheets' totals"))
        return
    if state.game >= rules.games:
        raise InvalidStateError(
            "game",
            Text.of(
                N_("the series has {games}; it would be over"),
                games=Text.counted(rules.games, N_("{n} game"), N_("{n} games")),
            ),
        )
    turn.check_dice()
    if phase is Phase.THROW and rules.full_cup and state.dice:
        raise InvalidStateError("dice", N_("no die may be kept under full_cup"))
    start = (first + state.game) % n
    check_turn_order(filled, start, state.player, turns)


_DOCUMENT: Final = Document(GAME, FORMAT, VERSION, _FIELDS, _write, _read, _check_consistency)
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
