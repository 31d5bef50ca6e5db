"""Kniffel Extreme states as a stable, validated document: a dict or JSON text.

The document (``"format": "kniffel-rules/extreme-state"``, ``"version": 1``):

```text
{"format": "kniffel-rules/extreme-state", "version": 1,
 "rules": {"chips": 3, "upper_bonus": 45, "upper_bonus_threshold": 73},
 "players": [{"name": "Ann", "sheet": {"highway": 50, ...}, "chips": 2}],
 "phase": "roll_off" | "throw" | "decide" | "over",
 "player": 0, "d6": [1, 3, 3, 5, 6], "d10": 7 | null, "rolls": 1,
 "first_player": 0 | null,
 "roll_off": {"contenders": [0, 1], "faces": [4]} | null}
```

``sheet`` holds the filled boxes only, by ``Box.key``. `to_dict` gives the
document as a dict, `to_json` as compact text. `from_dict` accepts exactly
the states that ``new_game`` and ``apply`` can produce: every field is
checked, and so is every invariant of a reachable state (listed under
"Reachable states" on ``docs/rules/extreme.md``); every failure is an
`InvalidStateError` naming the field path. The limits are
those of ``new_game``: 1 to `limits.MAX_PLAYERS` players, names of at most
`limits.MAX_NAME_LENGTH` characters of valid Unicode, and the document
limits of the JSON reader (`limits.MAX_DOCUMENT_LENGTH`, `limits.MAX_DEPTH`),
which hold for a dict given to `from_dict` too (`kniffel_rules._json.check_tree`).
`from_json` reads the text with the library's JSON reader, then as
`from_dict` does, with the same errors.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import _json
from kniffel_rules._common import check_name, check_turn_order
from kniffel_rules._i18n import N_, Text
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.extreme.combinations import entry_values
from kniffel_rules.extreme.engine import GAME
from kniffel_rules.extreme.pieces import BOXES, Box
from kniffel_rules.extreme.rules import Rules
from kniffel_rules.extreme.state import ExtremeTurn, Phase, Sheet, State
from kniffel_rules.game import Document

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "kniffel-rules/extreme-state"
"""The ``format`` tag of an Extreme state document."""
VERSION = 1
"""The version of the document written by `to_dict` and `to_json`."""

_FIELDS = ("rules", "players", "phase", "player", "d6", "d10", "rolls", "first_player", "roll_off")
_BY_KEY = {b.key: b for b in Box}


def _write(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "players": [
            {
                "name": name,
                "sheet": {b.key: v for b in Box if (v := sheet[b]) is not None},
                "chips": sheet.chips,
            }
            for name, sheet in zip(state.names, state.sheets, strict=True)
        ],
        **ExtremeTurn.of(state).to_dict(),
    }


def _read_player(value: Any, path: str, rules: Rules) -> tuple[str, Sheet]:
    p = _json.get_object(value, path, required=("name", "sheet", "chips"))
    name = check_name(p["name"], f"{path}.name")
    entries: list[int | None] = [None] * len(Box)
    raw = _json.get_object(p["sheet"], f"{path}.sheet", optional=list(_BY_KEY))
    for key, v in raw.items():
        box = _BY_KEY[key]
        v = _json.check_int(v, f"{path}.sheet.{key}")
        if v not in entry_values(box):
            raise InvalidStateError(
                f"{path}.sheet.{key}",
                Text.of(N_("{value} is not a value a throw scores in {box}"), value=v, box=box),
            )
        entries[box.value] = v
    chips = _json.get_int(p, "chips", path, 0, rules.chips)
    return name, Sheet(tuple(entries), chips)


def _read(doc: dict[str, Any]) -> State:
    rules = Rules.from_dict(doc["rules"])
    players = _json.get_players(doc, lambda v, p: _read_player(v, p, rules))
    n = len(players)
    return State(
        rules,
        tuple(name for name, _ in players),
        tuple(sheet for _, sheet in players),
        **ExtremeTurn.from_dict(doc, n).fields(),
    )


def _check_chips(state: State, turn: ExtremeTurn, filled: list[int]) -> None:
    """Invariant 4: a chip buys the fourth roll of one turn, at most one per turn."""
    fourth = turn.fourth_roll
    for seat, sheet in enumerate(state.sheets):
        spent = state.rules.chips - sheet.chips
        current = fourth and seat == state.player
        if current and spent == 0:
            raise InvalidStateError("rolls", N_("a fourth roll needs a chip handed in"))
        turns = filled[seat] + current  # turns completed, and this one if it used its chip
        if spent > turns:
            raise InvalidStateError(
                f"players[{seat}].chips",
                Text.of(
                    N_("chips spent {spent} > turns taken {turns}: at most one chip per turn"),
                    spent=spent,
                    turns=turns,
                ),
            )


def _check_reachable(state: State) -> None:
    """The invariants of a reachable state (docs/rules/extreme.md, "Reachable states")."""
    n, phase = state.num_players, state.phase
    filled = [s.filled() for s in state.sheets]
    turn = ExtremeTurn.of(state)
    _check_chips(state, turn, filled)
    first = turn.seated()
    if first is None:
        if n < 2 or any(filled) or not turn.idle:
            raise InvalidStateError("phase", N_("a roll-off happens before anything else"))
        return
    if phase is Phase.OVER:
        if any(f != len(BOXES) for f in filled):
            raise InvalidStateError("players", N_("every box is filled when the game is over"))
        turn.check_over()
        return
    turn.check_dice()
    check_turn_order(filled, first, state.player, len(BOXES))


_DOCUMENT: Final = Document(GAME, FORMAT, VERSION, _FIELDS, _write, _read, _check_reachable)
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
