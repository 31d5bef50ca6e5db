"""Classic score sheets: verify one (`verify_sheet`) or write one from a game (`write_sheet`).

The format is documented in ``docs/sheets.md`` and by the JSON Schema
``kniffel_rules/schemas/classic-sheet.schema.json``. A recorded turn is::

    {"box": "full_house", "rolls": [{"dice": [2, 3, 3, 5, 6]},
                                    {"keep": [3, 3], "dice": [3, 3, 3, 5, 5]}]}

``dice`` are the five dice showing after the roll, ``keep`` the dice kept
from the roll before (absent or empty for the first roll of a turn).

Examples:
    >>> from kniffel_rules import classic
    >>> sheet = {"variant": "classic", "players": [{"name": "Ann", "games": [
    ...     {"kniffel": 0, "extra_kniffel_bonus": 50}]}]}
    >>> [(f.field, f.rule) for f in classic.verify_sheet(sheet).findings]
    [('extra_kniffel_bonus', 'CL-22')]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from kniffel_rules import _boxsheetcheck as kit
from kniffel_rules._i18n import N_, Text
from kniffel_rules.boxsheet import placement_points
from kniffel_rules.classic._reach import JOKER_RULE
from kniffel_rules.classic.actions import Roll, Score
from kniffel_rules.classic.combinations import entry_values, possible_values
from kniffel_rules.classic.engine import GAME
from kniffel_rules.classic.legality import Entry, check_entry
from kniffel_rules.classic.pieces import BOX_RULES, Box, layout, sheet_boxes
from kniffel_rules.classic.rules import Rules
from kniffel_rules.classic.state import Phase, Sheet, State
from kniffel_rules.dice import DiceRoll

__all__ = ["Turn", "verify_sheet", "write_sheet"]

_RULE = BOX_RULES
_SUM_DESCRIPTION = {
    Box.THREE_OF_A_KIND: N_("0 or the sum of five dice with at least three equal (5 to 30)"),
    Box.FOUR_OF_A_KIND: N_("0 or the sum of five dice with at least four equal (5 to 30)"),
    Box.CHANCE: N_("0 or the sum of five dice (5 to 30)"),
    Box.MAXIMUM: N_("the sum of five dice (5 to 30), never a struck 0"),
    Box.MINIMUM: N_("the sum of five dice (5 to 30), never a struck 0"),
}

Turn = kit.DiceTurn
"""A recorded turn of a classic sheet: the rolls and the box chosen (`DiceTurn`)."""


def _replay_for(rules: Rules) -> kit.TurnReplay:
    """Classic's engine, as the kit replays recorded turns with it."""

    def enter(
        start: State, state: State, box: Box, written: Mapping[str, int]
    ) -> kit.Entered | kit.Refused:
        entry = check_entry(state.sheets[0], state.dice, box, rules)
        if not isinstance(entry, Entry):
            sheet = start.sheets[0]
            if not sheet.is_filled(box):
                sheet = sheet.with_entry(box, written.get(box.key, 0))
            return kit.Refused(entry.rule or "CL-07", entry, _next_turn(start, sheet))
        if entry.joker:
            after = GAME.apply(state, _SCORES[box])
            return kit.Entered(entry.value, "CL-19", after, N_("as a joker "))
        return kit.Entered(entry.value, _RULE[box], GAME.apply(state, _SCORES[box]))

    return kit.five_dice_replay(
        start=GAME.new_game(1, rules=attrs.evolve(rules, games=1, ranking="total"), first_player=0),
        apply=GAME.apply,
        roll=Roll,
        resume=_resume,
        enter=enter,
        extra_bonus=lambda state: state.sheets[0].extra_bonus,
        roll_rule="CL-05",
        turn_rule="CL-07",
    )


def _next_turn(state: State, sheet: Sheet) -> State:
    return attrs.evolve(state, sheets=(sheet,), phase=Phase.DECIDE, dice=(), rolls=0)


_SCORES = {b: Score(b) for b in Box}


def _resume(start: State, turn: kit.DiceTurn) -> State:
    final = turn.rolls[-1][1]
    return attrs.evolve(start, phase=Phase.DECIDE, dice=final, rolls=min(len(turn.rolls), 3))


def _bonuses(n: int) -> Text:
    return Text.counted(n, N_("{n} extra-Kniffel bonus"), N_("{n} extra-Kniffel bonuses"))


def _check_bonus_for(rules: Rules) -> Any:
    amount = rules.extra_kniffel_bonus

    def check_bonus(
        entries: Mapping[str, int], bonus: int, doubtful: frozenset[str], emit: kit.Emit
    ) -> None:
        if bonus == 0:
            return
        field = "extra_kniffel_bonus"
        if amount == 0 or bonus < 0 or bonus % amount:
            expected = 0 if amount == 0 else Text.of(N_("a multiple of {amount}"), amount=amount)
            emit(
                field,
                bonus,
                expected,
                "CL-44",
                Text.of(
                    N_(
                        "the extra-Kniffel bonus is {bonus}, but each extra Kniffel earns {amount}."
                    ),
                    bonus=bonus,
                    amount=amount,
                ),
            )
            return
        n = bonus // amount
        kniffel = entries.get("kniffel")
        if "kniffel" not in doubtful:
            if kniffel is None:
                emit(
                    field,
                    bonus,
                    0,
                    "CL-17",
                    Text.of(
                        N_(
                            "an extra-Kniffel bonus of {bonus}, but the Kniffel box is still "
                            "open: only a Kniffel after the first one earns a bonus."
                        ),
                        bonus=bonus,
                    ),
                )
                return
            if rules.extra_bonus_requires_fifty and kniffel != rules.kniffel_score:
                emit(
                    field,
                    bonus,
                    0,
                    "CL-22",
                    Text.of(
                        N_(
                            "an extra-Kniffel bonus of {bonus}, but the Kniffel box is struck: "
                            "the bonus is earned only while it holds {score}."
                        ),
                        bonus=bonus,
                        score=rules.kniffel_score,
                    ),
                )
                return
        if rules.joker == "schmidt":
            slots = sum(
                1
                for i, k in enumerate(layout(rules).upper_keys)
                if k in doubtful or entries.get(k) == 5 * (i + 1)
            )
            if n > slots:
                emit(
                    field,
                    bonus,
                    slots * amount,
                    "CL-21",
                    Text.of(
                        N_(
                            "{bonuses}, but five of a kind stands in only {boxes}: the bonus "
                            "comes with an extra Kniffel entered in its upper box."
                        ),
                        bonuses=_bonuses(n),
                        boxes=Text.counted(slots, N_("{n} upper box"), N_("{n} upper boxes")),
                    ),
                )
        else:
            slots = sum(1 for k in entries if k != "kniffel")
            if n > slots:
                emit(
                    field,
                    bonus,
                    slots * amount,
                    JOKER_RULE[rules.joker],  # the joker mode's clause: where the roll goes
                    Text.of(
                        N_(
                            "{bonuses}, but the sheet has only {boxes} filled besides Kniffel: "
                            "each extra Kniffel fills a box."
                        ),
                        bonuses=_bonuses(n),
                        boxes=Text.counted(slots, N_("{n} box"), N_("{n} boxes")),
                    ),
                )

    return check_bonus


_THROWN_NUMBER = frozenset({Box.MAXIMUM, Box.MINIMUM})
"""Croatian's boxes whose entry is the number thrown itself: never struck (CL-52)."""


def _possible(box: Box, rules: Rules) -> frozenset[int]:
    """What a paper sheet may show in ``box``: a struck 0 anywhere but Maximum and Minimum."""
    if box in _THROWN_NUMBER:
        return entry_values(box, rules)
    return possible_values(box, rules)


@lru_cache(maxsize=64)  # keyed by rules read from documents: bounded
def spec(rules: Rules) -> kit.SheetSpec:
    """The sheet description the shared checker uses for ``rules``."""
    boxes = sheet_boxes(rules)
    ids = {
        "bonus": "CL-09",
        "totals": "CL-24",
        "filled": "CL-23",
        "games": "CL-26",
        "series": "CL-27",
        "placement": "CL-28",
        "extra": "CL-18",
    }
    if layout(rules).product is not None:
        ids["lower_total"] = "CL-31"
    return kit.SheetSpec(
        variant="classic",
        boxes=kit.box_infos(boxes, _RULE, lambda b: _possible(b, rules), _SUM_DESCRIPTION),
        layout=layout(rules),
        rules=ids,
        max_games=rules.games,
        placement_first=rules.placement_first,
        check_extra_bonus=_check_bonus_for(rules),
        read_turn=kit.five_dice_turns({b.key: b for b in boxes}),
        replay=_replay_for(rules),
    )


_VERIFIER = kit.SheetVerifier("classic", lambda rules_doc: spec(Rules.from_dict(rules_doc)))
verify_checked = _VERIFIER.verify_checked
"""`verify_sheet` of a dict `kniffel_rules.sheets.read_document` has read already."""
verify_sheet = _VERIFIER.verify
"""``verify_sheet(doc)``: verify a classic score sheet and report every problem (a `Report`).

The extra-Kniffel bonus, placement points and series results are checked too
(`kniffel_rules._boxsheetcheck.SheetVerifier.verify`; an example opens this module).
"""


def write_sheet(
    record: kit.Recorded, *, rolls: bool = True, derived: bool = True
) -> dict[str, Any]:
    """The score sheet of a recorded classic game, as a sheet document.

    Args:
        record: A game recorded with `kniffel_rules.record` (any number of
            players and games; an unfinished game is written as far as it went).
        rolls: Include every turn's rolls, so the sheet can be replayed.
        derived: Include the derived fields (sums, bonus, totals, and for a
            series the placement points and series results).

    Returns:
        The document, which `verify_sheet` accepts without findings.

    Raises:
        InvalidStateError: ``record`` is not a recorded classic game (path ``record``).
        IllegalActionError: An action of the record is not legal where it stands.
    """
    initial = kit.recorded_start(record, State, "a classic")
    rules = initial.rules
    n = initial.num_players
    games: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    sheets = [Sheet()] * n
    turns: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    scored, state = kit.scored_turns(record, GAME.apply, Score, Roll, _keep, _thrown)
    for before, action, after, turn in scored:
        p = before.player
        entry = check_entry(before.sheets[p], before.dice, action.box, rules)
        assert isinstance(entry, Entry)
        sheets[p] = sheets[p].with_entry(action.box, entry.value, entry.bonus)
        turns[p].append(turn)
        if after.phase is Phase.OVER or after.game != before.game:
            for q in range(n):
                games[q].append(_game_doc(rules, sheets[q], turns[q], rolls, derived))
            sheets = [Sheet()] * n
            turns = [[] for _ in range(n)]
    if state.phase is not Phase.OVER:
        for q in range(n):
            games[q].append(_game_doc(rules, sheets[q], turns[q], rolls, derived))
    players: list[dict[str, Any]] = [
        {"name": initial.names[p], "games": games[p]} for p in range(n)
    ]
    if derived and rules.games > 1:
        _add_series(players, len(state.results), state.rules.placement_first)
    return {"variant": "classic", "rules": rules.to_dict(), "players": players}


def _keep(action: Roll) -> dict[str, Any]:
    return {"keep": list(action.keep)}


def _thrown(outcome: object, before: State, after: State) -> dict[str, Any] | None:
    """The dice a throw shows (not a die of the roll-off)."""
    if isinstance(outcome, DiceRoll) and before.phase is Phase.THROW:
        return {"dice": list(after.dice)}
    return None


def _game_doc(
    rules: Rules, sheet: Sheet, turns: list[dict[str, Any]], rolls: bool, derived: bool
) -> dict[str, Any]:
    doc = kit.game_document(layout(rules), sheet.entries, sheet.extra_bonus, derived)
    if rolls:
        doc["turns"] = turns
    return doc


def _add_series(players: list[dict[str, Any]], finished: int, first: int | None) -> None:
    for g in range(finished):  # placement points only for the games that are over (CL-28)
        games = [pl["games"][g] for pl in players]
        if not all("total" in gm for gm in games):
            continue
        points = placement_points([gm["total"] for gm in games], first)
        for gm, pts in zip(games, points, strict=True):
            gm["placement_points"] = pts
    for pl in players:
        pl["series_total"] = sum(gm["total"] for gm in pl["games"])
        pl["series_points"] = sum(gm.get("placement_points", 0) for gm in pl["games"])
