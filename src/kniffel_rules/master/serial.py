"""Kniffel Master states as a stable, validated document: a dict or JSON text.

The document (``"format": "kniffel-rules/master-state"``, ``"version": 1``):

```text
{"format": "kniffel-rules/master-state", "version": 1,
     "rules": {"target_stars": 15, "race": true},
     "players": [{"name": "Ann", "tasks": ["full_house", "chance_low"],
                  "rows": [0, 3, 8, 0, 5, 0], "coin_laps": 1, "coin_position": 4}],
     "phase": "roll_off" | "throw" | "decide" | "over",
     "player": 0, "dice": [1, 3, 3, 5, 6], "rolls": 1, "first_player": 0 | null,
     "roll_off": {"contenders": [0, 1], "faces": [4]} | null}
```

``tasks`` lists the fulfilled tasks by ``Task.key`` in `Task` order;
``rows`` the spaces moved on the number rows of faces 1 to 6 (0 not started,
8 completed); ``coin_position`` the spaces moved in the current lap. Stars
are not stored: they follow from the board. `to_dict` gives the document as
a dict, `to_json` as compact text. `from_dict` accepts nothing that
``apply`` could not have produced: every field is checked and every failure
is an `InvalidStateError` naming the field path; a dict is held to the
limits of parsed text first (`kniffel_rules._json.check_tree`). `from_json`
reads the text with the library's JSON reader, then as `from_dict` does,
with the same errors.
"""

from __future__ import annotations

from typing import Any, Final

from kniffel_rules import _json
from kniffel_rules._common import check_name
from kniffel_rules._dicewire import Turn
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.game import Document
from kniffel_rules.master.engine import GAME, MAX_PLAYERS
from kniffel_rules.master.pieces import NUMBER_ROW_MARKERS, ROW_LENGTH, Task
from kniffel_rules.master.rules import Rules
from kniffel_rules.master.state import Phase, Sheet, State, _lap_length

__all__ = [
    "FORMAT",
    "MAX_TURN_STARS",
    "VERSION",
    "from_dict",
    "from_json",
    "to_dict",
    "to_json",
]

FORMAT = "kniffel-rules/master-state"
"""The ``format`` tag of a Kniffel Master state document."""
VERSION = 1
"""The version of the state document written by `to_dict` and `to_json`."""

_FIELDS = ("rules", "players", "phase", "player", "dice", "rolls", "first_player", "roll_off")

MAX_TURN_STARS = 6
"""The most stars one turn can bring: two rows completed as the 4th and 5th
(2 + 2 bonus stars) with 7 coins of overhang and race crossing two short laps."""

_BY_KEY = {t.key: t for t in Task}


def _player_doc(name: str, sheet: Sheet) -> dict[str, Any]:
    return {
        "name": name,
        "tasks": [t.key for t in Task if sheet.tasks[t.value]],
        "rows": list(sheet.rows),
        "coin_laps": sheet.coin_laps,
        "coin_position": sheet.coin_position,
    }


def _write(state: State) -> dict[str, Any]:
    return {
        "rules": state.rules.to_dict(),
        "players": [
            _player_doc(name, sheet) for name, sheet in zip(state.names, state.sheets, strict=True)
        ],
        **Turn.of(state).to_dict(),
    }


def _read_task(value: Any, path: str) -> Task:
    if not isinstance(value, str) or value not in _BY_KEY:
        options = ", ".join(repr(k) for k in _BY_KEY)
        raise InvalidStateError(
            path,
            Text.of(N_("{value} is not a task ({options})"), value=brief(value), options=options),
        )
    return _BY_KEY[value]


def _read_row(value: Any, path: str) -> int:
    spaces = _json.check_int(value, path, 0, ROW_LENGTH)
    if spaces == 1:
        raise InvalidStateError(path, N_("a number row is started with at least two dice, never 1"))
    return spaces


def _read_sheet(value: Any, path: str, rules: Rules) -> tuple[str, Sheet]:
    p = _json.get_object(
        value, path, required=("name", "tasks", "rows", "coin_laps", "coin_position")
    )
    name = check_name(p["name"], f"{path}.name")
    tasks = _json.get_list(p, "tasks", path, _read_task, max_length=len(Task))
    if len(set(tasks)) != len(tasks):
        raise InvalidStateError(f"{path}.tasks", N_("a task is fulfilled only once"))
    flags = tuple(t in tasks for t in Task)
    rows = _json.get_list(p, "rows", path, _read_row, length=6)
    limit = rules.target_stars + MAX_TURN_STARS
    laps = _json.get_int(p, "coin_laps", path, 0, limit)
    sheet = Sheet(flags, rows, laps, 0)
    position = _json.get_int(p, "coin_position", path, 0, sheet.lap_length - 1)
    sheet = Sheet(flags, rows, laps, position)
    if sheet.free_markers < 0:
        raise InvalidStateError(
            f"{path}.rows",
            Text.of(
                N_("{rows} rows in progress, but only {markers} markers may stand on number rows"),
                rows=sheet.rows_in_progress,
                markers=NUMBER_ROW_MARKERS - sheet.retired_markers,
            ),
        )
    return name, sheet


def _read(doc: dict[str, Any]) -> State:
    rules = Rules.from_dict(doc["rules"])
    players = _json.get_players(doc, lambda v, p: _read_sheet(v, p, rules), MAX_PLAYERS)
    n = len(players)
    return State(
        rules,
        tuple(name for name, _ in players),
        tuple(sheet for _, sheet in players),
        **Turn.from_dict(doc, n).fields(),
    )


def _check_consistency(state: State) -> None:
    """The relations between fields that ``apply`` always keeps."""
    n, phase, target = state.num_players, state.phase, state.rules.target_stars
    stars = [s.stars for s in state.sheets]
    _check_race(state)
    turn = Turn.of(state)
    first = turn.seated()
    if first is None:
        if n < 2 or any(s != Sheet() for s in state.sheets):
            raise InvalidStateError("players", N_("a roll-off happens before anything else"))
        if not turn.idle:
            raise InvalidStateError("phase", N_("a roll-off happens before anything else"))
        return
    for i, s in enumerate(stars):
        if s >= target + MAX_TURN_STARS:
            raise InvalidStateError(
                f"players[{i}]",
                Text.of(
                    N_(
                        "{stars} stars: the game ends at {target}, and one turn brings at most "
                        "{most} more"
                    ),
                    stars=s,
                    target=target,
                    most=MAX_TURN_STARS,
                ),
            )
    if phase is Phase.OVER:
        turn.check_over()
        if max(stars) < target:
            raise InvalidStateError(
                "players",
                Text.of(N_("the game ends only once someone has {target} stars"), target=target),
            )
        return
    turn.check_dice()
    to_move = (state.player - first) % n
    for i, s in enumerate(stars):
        if s >= target and (i - first) % n >= to_move:
            raise InvalidStateError(
                f"players[{i}]",
                Text.of(
                    N_(
                        "{stars} stars before their turn of this round: the game would have ended "
                        "with the last round"
                    ),
                    stars=s,
                ),
            )


def _coins_moved(sheet: Sheet) -> int:
    """All the spaces the coin marker of ``sheet`` has moved: the laps completed and the current."""
    return sum(_lap_length(i) for i in range(sheet.coin_laps)) + sheet.coin_position


def _race_items(sheets: tuple[Sheet, ...]) -> list[tuple[int, ...]]:
    """For each task and number row that someone has, the seats that have it."""
    items = [tuple(i for i, s in enumerate(sheets) if s.tasks[t.value]) for t in Task]
    items += [tuple(i for i, s in enumerate(sheets) if s.rows[f] >= ROW_LENGTH) for f in range(6)]
    return [h for h in items if h]


def _check_race(state: State) -> None:
    """The race bonus (MA-19) moved every coin marker at least as far as it paid.

    Each task and number row that one player has paid that player 2 coins;
    one that several players have paid 2 to one of them (the first) and 1 to
    another (the second). Coins only ever move forward, so each player's
    coins moved must cover the race coins they received under some order of
    the firsts. Checked exactly (a search over the orders, a few thousand
    vectors at most for four players).
    """
    if not state.rules.race:
        return
    sheets = state.sheets
    caps = [_coins_moved(s) for s in sheets]
    items = _race_items(sheets)
    for i, cap in enumerate(caps):  # the bound of one player alone: a clear message
        least = sum(2 if len(h) == 1 else 1 if len(h) == 2 else 0 for h in items if i in h)
        if cap < least:
            raise InvalidStateError(
                f"players[{i}]",
                Text.of(
                    N_(
                        "the coin marker has moved {moved} spaces, but the race bonus alone "
                        "(MA-19) paid at least {least} coins for the tasks and rows this player "
                        "has"
                    ),
                    moved=cap,
                    least=least,
                ),
            )
    # players whose coins cover 2 for everything they hold never bind: leave them out
    bound = [i for i, cap in enumerate(caps) if cap < 2 * sum(i in h for h in items)]
    if bound and not _race_fits(tuple(caps[i] for i in bound), _bound_items(items, bound)):
        raise InvalidStateError(
            "players",
            N_(
                "the coin markers have not moved far enough for the race bonus (MA-19): "
                "in no order of firsts and seconds do the coins moved cover the race coins paid"
            ),
        )


def _bound_items(items: list[tuple[int, ...]], bound: list[int]) -> list[tuple[int, ...]]:
    """The items as the ways to pay them to the bound players (``-1``: someone else)."""
    slot = {seat: k for k, seat in enumerate(bound)}
    return [tuple(slot.get(seat, -1) for seat in h) for h in items]


def _race_fits(caps: tuple[int, ...], items: list[tuple[int, ...]]) -> bool:
    """Whether some order of firsts and seconds pays each bound player at most its cap.

    A depth-first search over the items, the most constrained first, trying
    the first's 2 coins on the seat with the most room; positions already
    seen fail again, so it ends within the number of distinct slack vectors.
    """
    order = sorted(items, key=len)
    # the least the items from ``at`` on must pay the bound players, in all and each
    need = [0] * (len(order) + 1)
    each = [[0] * len(caps) for _ in range(len(order) + 1)]
    for at in range(len(order) - 1, -1, -1):
        h = order[at]
        others = sum(seat < 0 for seat in h)
        least = 2 if len(h) == 1 else (3, 1, 0)[min(others, 2)]
        need[at] = need[at + 1] + (least if h[0] >= 0 or len(h) > 1 else 0)
        each[at] = list(each[at + 1])
        for seat in h:
            if seat >= 0 and len(h) <= 2:
                each[at][seat] += 2 if len(h) == 1 else 1
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def fits(at: int, room: tuple[int, ...]) -> bool:
        if at == len(order):
            return True
        if (at, room) in seen or sum(room) < need[at]:
            return False
        if any(r < e for r, e in zip(room, each[at], strict=True)):
            return False
        seen.add((at, room))
        holders = order[at]
        pays = (
            [((holders[0], 2),)]
            if len(holders) == 1
            else [
                ((a, 2), (b, 1))
                for i, a in enumerate(holders)
                for j, b in enumerate(holders)
                if i != j
            ]
        )
        pays.sort(key=lambda pay: -(room[pay[0][0]] if pay[0][0] >= 0 else 99))
        for pay in pays:
            left = list(room)
            for seat, coins in pay:
                if seat >= 0:
                    left[seat] -= coins
            if min(left) >= 0 and fits(at + 1, tuple(left)):
                return True
        return False

    return fits(0, caps)


_DOCUMENT: Final = Document(GAME, FORMAT, VERSION, _FIELDS, _write, _read, _check_consistency)
to_dict = _DOCUMENT.to_dict
to_json = _DOCUMENT.to_json
from_dict = _DOCUMENT.from_dict
from_json = _DOCUMENT.from_json
