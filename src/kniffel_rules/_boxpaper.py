"""The paper score sheet of a box-sheet dice game: its checker's description and its writer.

`sheet_spec` describes a game of `kniffel_rules._boxgame.BoxGame` to the
shared sheet checker (`kniffel_rules._boxsheetcheck`): one game per player,
no extra bonus or series, the turns replayed with the game's own rules.
`sheet_writer` writes the sheet of a recorded game, which the checker
accepts without findings (the turns read by
`kniffel_rules._boxsheetcheck.scored_turns`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from kniffel_rules._boxsheetcheck import (
    DiceTurn,
    Entered,
    Recorded,
    Refused,
    SheetSpec,
    box_infos,
    five_dice_replay,
    five_dice_turns,
    game_document,
    recorded_start,
    scored_turns,
)
from kniffel_rules._dicegame import Phase, Roll
from kniffel_rules.dice import DiceRoll

if TYPE_CHECKING:
    from kniffel_rules._boxgame import BoxGame

__all__ = ["sheet_spec", "sheet_writer"]

_CHECKED = ("bonus", "totals", "filled", "games", "series", "placement")


def sheet_spec(
    game: BoxGame[Any, Any, Any], rules: Any, box_rules: Mapping[Any, str], ids: Mapping[str, str]
) -> SheetSpec:
    """The description the shared sheet checker uses for ``game`` under ``rules``.

    Args:
        game: The game.
        rules: Its rules.
        box_rules: The clause id of each box's scoring.
        ids: The clause ids of the sheet: ``bonus``, ``totals``, ``filled``,
            ``games``, ``series``, ``placement`` and ``keep`` (a roll).
    """
    members = list(game.box_class)
    turn_rule = ids["filled"]
    points = game.points_of(rules)

    def enter(start: Any, state: Any, box: Any, written: Mapping[str, int]) -> Any:
        reason = game.problem(state, game.score_class(box))
        if reason is not None:
            entries = list(start.sheets[0])
            if entries[box.value] is None:
                entries[box.value] = written.get(box.key, 0)
            after = attrs.evolve(
                start, sheets=(tuple(entries),), phase=Phase.DECIDE, dice=(), rolls=0
            )
            return Refused(reason.rule or turn_rule, reason, after)
        after = game.apply(state, game.score_class(box))
        return Entered(points[state.dice][box.value], box_rules[box], after)

    def resume(start: Any, turn: DiceTurn) -> Any:
        return attrs.evolve(
            start, phase=Phase.DECIDE, dice=turn.rolls[-1][1], rolls=min(len(turn.rolls), 3)
        )

    return SheetSpec(
        variant=game.info.name,
        boxes=box_infos(members, box_rules, lambda b: game.possible(rules, b.value), {}),
        layout=game.layout_of(rules),
        rules={k: ids[k] for k in _CHECKED},
        max_games=1,
        check_extra_bonus=lambda entries, bonus, doubtful, emit: None,
        read_turn=five_dice_turns({b.key: b for b in members}),
        replay=five_dice_replay(
            start=game.new_game(1, rules=rules, first_player=0),
            apply=game.apply,
            roll=Roll,
            resume=resume,
            enter=enter,
            extra_bonus=lambda state: None,
            roll_rule=ids["keep"],
            turn_rule=turn_rule,
        ),
    )


def _keep(action: Roll) -> dict[str, Any]:
    return {"keep": list(action.keep)}


def _thrown(outcome: object, before: Any, after: Any) -> dict[str, Any] | None:
    """The dice a throw shows (not a die of the roll-off)."""
    if isinstance(outcome, DiceRoll) and before.phase is Phase.THROW:
        return {"dice": list(after.dice)}
    return None


def sheet_writer(game: BoxGame[Any, Any, Any]) -> Callable[..., dict[str, Any]]:
    """The game's ``write_sheet(record, *, rolls=True, derived=True)``."""

    def write_sheet(
        record: Recorded, *, rolls: bool = True, derived: bool = True
    ) -> dict[str, Any]:
        """The score sheet of a recorded game, as a sheet document `verify_sheet` accepts.

        Args:
            record: A recorded game (an unfinished one is written as far as it went).
            rolls: Include every turn's rolls, so the sheet can be replayed.
            derived: Include the sums, the bonus and the totals.

        Raises:
            InvalidStateError: ``record`` is not a recorded game of this game
                (path ``record``).
            IllegalActionError: An action of the record is not legal where it stands.
        """
        rules = recorded_start(record, game.state_class, f"a {game.info.title('en')}").rules
        scored, state = scored_turns(record, game.apply, game.score_class, Roll, _keep, _thrown)
        turns: list[list[dict[str, Any]]] = [[] for _ in state.names]
        for before, _, _, turn in scored:
            turns[before.player].append(turn)
        players = []
        for name, entries, done in zip(state.names, state.sheets, turns, strict=True):
            doc = game_document(game.layout_of(rules), entries, 0, derived)
            if rolls:
                doc["turns"] = done
            players.append({"name": name, "games": [doc]})
        return {"variant": game.info.name, "rules": rules.to_dict(), "players": players}

    return write_sheet
