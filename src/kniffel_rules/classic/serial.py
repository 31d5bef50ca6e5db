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
from typing import Any

from kniffel_rules import _json
from kniffel_rules._common import check_name, check_turn_order
from kniffel_rules.classic._reach import FinalTotals, check_extra_bonus, final_totals
from kniffel_rules.classic.combinations import entry_values
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.pieces import Box, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Phase, Sheet, State
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.rolloff import RollOff

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "kniffel-rules/classic-state"
"""The ``format`` tag of a classic state document."""
VERSION = 1
"""The version of the state document written by `to_dict` and `to_json`."""

_MAX_BONUS = 12 * 10_000  # twelve extra Kniffels at the largest bonus Rules allows


def _sheet_doc(sheet: Sheet) -> dict[str, int]:
    return {b.key: v for b in Box if (v := sheet.entries[b.value]) is not None}


def to_dict(state: State) -> dict[str, Any]:
    """The state as a JSON-ready document (see the module docs for the format).

    A new dict on every call, sharing nothing with ``state``.

    Raises:
        InvalidStateError: ``state`` is not a classic `State`.

    Examples:
        >>> from kniffel_rules import classic
        >>> s = classic.new_game(["Ann", "Ben"], first_player=1)
        >>> classic.to_dict(s)["players"][1]
        {'name': 'Ben', 'sheet': {}, 'extra_kniffel_bonus': 0}
        >>> classic.from_dict(classic.to_dict(s)) == s
        True
    """
    GAME.check_state(state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "players": [
            {"name": name, "sheet": _sheet_doc(sheet), "extra_kniffel_bonus": sheet.extra_bonus}
            for name, sheet in zip(state.names, state.sheets, strict=True)
        ],
        "phase": state.phase.value,
        "player": state.player,
        "dice": list(state.dice),
        "rolls": state.rolls,
        "game": state.game,
        "first_player": state.first_player,
        "roll_off": None if state.roll_off is None else state.roll_off.to_doc(),
        "results": [list(r) for r in state.results],
    }


def to_json(state: State) -> str:
    """The state as compact JSON text: the document of `to_dict`.

    Raises:
        InvalidStateError: ``state`` is not a classic `State`.

    Examples:
        >>> from kniffel_rules import classic
        >>> s = classic.new_game(["Ann", "Ben"], first_player=1)
        >>> classic.from_json(classic.to_json(s)) == s
        True
    """
    return _json.dumps(to_dict(state))


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
                f"{path}.sheet.{key}", f"{v} is not a value {box.label} can hold"
            )
        entries[box.value] = v
    bonus = _json.get_int(p, "extra_kniffel_bonus", path, 0, _MAX_BONUS)
    check_extra_bonus(tuple(entries), bonus, rules, f"{path}.extra_kniffel_bonus")
    return Sheet(tuple(entries), bonus)


def _read_total(value: Any, path: str, totals: FinalTotals) -> int:
    total = _json.check_int(value, path, totals.lowest, totals.highest)
    if total not in totals:
        raise InvalidStateError(path, f"{total} is not a total a full sheet can have")
    return total


def from_dict(data: Any) -> State:
    """Read a state from the document of `to_dict`, checking every invariant.

    ``data`` is held to what parsed text is (`kniffel_rules._json.check_tree`:
    JSON types only, the depth and size limits), then read as `from_json`
    reads text; it is not changed.

    Args:
        data: The document (a dict).

    Returns:
        The state.

    Raises:
        InvalidStateError: The document is malformed or describes a state
            the rules cannot reach; the message names the field path.
    """
    _json.check_tree(data)
    return _read(data)


def from_json(text: str | bytes) -> State:
    """Read a state written by `to_json`, checking every invariant.

    The text is parsed by the library's JSON reader (size, depth, each key
    once, no ``NaN``), then read as `from_dict` reads a dict.

    Args:
        text: The JSON document.

    Returns:
        The state.

    Raises:
        InvalidStateError: The document is malformed or describes a state
            the rules cannot reach; the message names the field path.
    """
    return _read(_json.loads(text))


def _read(data: Any) -> State:
    """`from_dict` of a document already checked by `kniffel_rules._json.check_tree`."""
    doc = _json.read_header(
        data,
        FORMAT,
        VERSION,
        (
            "format",
            "version",
            "rules",
            "players",
            "phase",
            "player",
            "dice",
            "rolls",
            "game",
            "first_player",
            "roll_off",
            "results",
        ),
    )
    rules = Rules.from_dict(doc["rules"])
    sheets = _json.get_list(
        doc, "players", "", lambda v, p: _read_sheet(v, p, rules), max_length=MAX_PLAYERS
    )
    n = len(sheets)
    if n == 0:
        raise InvalidStateError("players", "at least 1 player is needed")
    names = tuple(check_name(p["name"], f"players[{i}].name") for i, p in enumerate(doc["players"]))
    phase_names = [ph.value for ph in Phase]
    phase = Phase(_json.get_str(doc, "phase", "", phase_names))
    player = _json.get_int(doc, "player", "", 0, n - 1)
    dice = _json.check_faces(doc["dice"], "dice", 1, 6, max_length=5)
    rolls = _json.get_int(doc, "rolls", "", 0, 3)
    game = _json.get_int(doc, "game", "", 0, rules.games)
    first = _json.get_opt_int(doc, "first_player", "", 0, n - 1)
    roll_off = None if doc["roll_off"] is None else RollOff.from_doc(doc["roll_off"], "roll_off", n)
    results = _json.get_list(
        doc,
        "results",
        "",
        lambda v, p: _json.check_list(
            v, p, partial(_read_total, totals=final_totals(rules)), length=n
        ),
        length=game,
    )
    state = State(
        rules,
        names,
        sheets,
        phase,
        player=player,
        dice=dice,
        rolls=rolls,
        game=game,
        first_player=first,
        roll_off=roll_off,
        results=results,
    )
    _check_consistency(state)
    return state


def _check_consistency(state: State) -> None:
    """The relations between fields that ``apply`` always keeps."""
    rules, n, phase = state.rules, state.num_players, state.phase
    turns = len(sheet_boxes(rules))
    filled = [s.filled() for s in state.sheets]
    if phase is Phase.ROLL_OFF:
        if state.roll_off is None or state.first_player is not None:
            raise InvalidStateError(
                "roll_off", "a roll-off phase needs a roll-off and no first_player"
            )
        if n < 2 or any(filled) or state.game or state.dice or state.rolls or state.player:
            raise InvalidStateError("phase", "a roll-off happens before anything else")
        return
    if state.roll_off is not None:
        raise InvalidStateError("roll_off", f"must be null in phase {phase.value!r}")
    if state.first_player is None:
        raise InvalidStateError("first_player", "must be a seat once the roll-off is decided")
    if phase is Phase.OVER:
        if state.game != rules.games:
            raise InvalidStateError("game", f"a finished series has game = {rules.games}")
        if any(f != turns for f in filled):
            raise InvalidStateError("players", "every box is filled when the game is over")
        if state.dice or state.rolls or state.player:
            raise InvalidStateError("dice", "no dice, rolls or player once the game is over")
        if state.results[-1] != tuple(s.total(rules) for s in state.sheets):
            raise InvalidStateError("results", "the last result must be the sheets' totals")
        return
    if state.game >= rules.games:
        raise InvalidStateError("game", f"the series has {rules.games} game(s); it would be over")
    if phase is Phase.THROW:
        if state.rolls > 2 or len(state.dice) > 4 or (state.rolls == 0 and state.dice):
            raise InvalidStateError("dice", "kept dice must leave something to throw")
        if rules.full_cup and state.dice:
            raise InvalidStateError("dice", "no die may be kept under full_cup")
    elif (state.rolls == 0) != (len(state.dice) == 0) or len(state.dice) not in (0, 5):
        raise InvalidStateError("dice", "five dice after a throw, none before the first")
    start = (state.first_player + state.game) % n
    check_turn_order(filled, start, state.player, turns)
