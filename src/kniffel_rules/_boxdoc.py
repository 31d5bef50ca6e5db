"""The state document of a box-sheet dice game: a `kniffel_rules.game.Document` of its sheet.

The document (``"format": "kniffel-rules/<game>-state"``, ``"version": 1``)
is classic's without its series and extra bonus::

    {"format": "kniffel-rules/<game>-state", "version": 1,
     "rules": {...every Rules option...},
     "players": [{"name": "Ann", "sheet": {"ones": 3, ...}}],
     "phase": "roll_off" | "throw" | "decide" | "over",
     "player": 0, "dice": [1, 3, 3, 5, 6], "rolls": 1,
     "first_player": 0 | null, "roll_off": {"contenders": [0, 1], "faces": [4]} | null}

``sheet`` holds the filled boxes only, by key, each a value the box can
hold. The turn is the dice games' `kniffel_rules._dicewire.Turn`;
the reader accepts nothing that ``apply`` could not have produced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kniffel_rules import _json
from kniffel_rules._common import check_name, check_turn_order
from kniffel_rules._dicegame import Phase
from kniffel_rules._dicewire import Turn
from kniffel_rules._i18n import N_, Text
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Document
from kniffel_rules.limits import MAX_PLAYERS

if TYPE_CHECKING:
    from kniffel_rules._boxgame import BoxGame, BoxState

__all__ = ["box_document"]

VERSION = 1
"""The version of the state document."""

_FIELDS = ("rules", "players", "phase", "player", "dice", "rolls", "first_player", "roll_off")


def box_document(game: BoxGame[Any, Any, Any]) -> Document[Any]:
    """The state document of ``game`` (declared: its ``info`` names the format).

    Bind its methods as the game's ``to_dict``, ``to_json``, ``from_dict``
    and ``from_json``.
    """

    def write(state: BoxState) -> dict[str, Any]:
        keys = game.layout_of(state.rules).keys
        return {
            "rules": state.rules.to_dict(),
            "players": [
                {"name": n, "sheet": {k: v for k, v in zip(keys, e, strict=True) if v is not None}}
                for n, e in zip(state.names, state.sheets, strict=True)
            ],
            **Turn.of(state).to_dict(),
        }

    def read(doc: dict[str, Any]) -> Any:
        rules = game.rules_class.from_dict(doc["rules"])
        keys = game.layout_of(rules).keys

        def sheet(value: Any, path: str) -> tuple[int | None, ...]:
            p = _json.get_object(value, path, required=("name", "sheet"))
            raw = _json.get_object(p["sheet"], f"{path}.sheet", optional=keys)
            entries: list[int | None] = [None] * len(keys)
            for key, v in raw.items():
                b = keys.index(key)
                v = _json.check_int(v, f"{path}.sheet.{key}")
                if v not in game.entry_values(rules, b):
                    raise InvalidStateError(
                        f"{path}.sheet.{key}",
                        Text.of(
                            N_("{value} is not a value {box} can hold"),
                            value=v,
                            box=game.box_class(b),  # named as on the sheet, in each language
                        ),
                    )
                entries[b] = v
            return tuple(entries)

        info = game.info
        sheets = _json.get_players(doc, sheet, min(info.max_players, MAX_PLAYERS))
        n = len(sheets)
        if n < info.min_players:
            players = Text.counted(info.min_players, N_("{n} player"), N_("{n} players"))
            few = Text.of(N_("at least {players}"), players=players)
            raise InvalidStateError("players", few)
        names = tuple(
            check_name(p["name"], f"players[{i}].name") for i, p in enumerate(doc["players"])
        )
        return game.state_class(rules, names, sheets, **Turn.from_dict(doc, n).fields())

    def check(state: BoxState) -> None:
        _check_consistency(state, game.forced_of(state.rules))

    tag = f"kniffel-rules/{game.info.name}-state"
    return Document(game, tag, VERSION, _FIELDS, write, read, check)


def _check_consistency(state: BoxState, forced: bool) -> None:
    """The relations between fields that ``apply`` always keeps."""
    boxes = len(state.sheets[0])
    filled = [boxes - e.count(None) for e in state.sheets]
    if forced:
        for i, e in enumerate(state.sheets):
            if any(v is None for v in e[: filled[i]]):
                raise InvalidStateError(
                    f"players[{i}].sheet", N_("forced order: the boxes are filled top to bottom")
                )
    turn = Turn.of(state)
    first = turn.seated()
    if first is None:
        if state.num_players < 2 or any(filled) or not turn.idle:
            raise InvalidStateError("phase", N_("a roll-off happens before anything else"))
        return
    if state.phase is Phase.OVER:
        if any(f != boxes for f in filled):
            raise InvalidStateError("players", N_("every box is filled when the game is over"))
        turn.check_over()
        return
    turn.check_dice()
    check_turn_order(filled, first, state.player, boxes)
