"""The box-sheet kit: one score-sheet verifier for every game played on a box sheet.

A game scored on a column of boxes (classic Kniffel, Kniffel Extreme)
describes its paper sheet with a `SheetSpec`: the boxes with what each can
hold and its clause id (`box_infos`), the layout (sections, bonus, totals,
`kniffel_rules.boxsheet.Layout`), its clause ids, how one recorded turn is
read, and (`TurnReplay`) the few pure functions of its engine that replay a
turn's rolls and enter the dice. `check` reads a document against the spec
and returns every finding; nothing here knows a game, and a game imports
nothing above the core to be verified. A game whose turns are five dice
with keeps (classic's format) reads them with `five_dice_turns`.

Derived fields (sums, bonus, totals, placement points, series results) are
checked the way a person checks a sheet line by line: a derived value is
right if it follows from the fields it is computed from as written on the
sheet (so an error carried forward is counted once, where it was made) or
from the boxes' values as written (so one wrong line is not blamed on the
lines below it). Sums never use the values a replay of recorded rolls
gives: a box the dice contradict is reported once, at the box. The
expected value reported is the one that follows from the written fields.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import attrs

from kniffel_rules import _json
from kniffel_rules._common import check_name, player_named
from kniffel_rules._i18n import N_, Text, localize
from kniffel_rules._text import brief
from kniffel_rules.boxsheet import Layout, placement_points
from kniffel_rules.dice import DiceRoll
from kniffel_rules.errors import IllegalActionError, InvalidStateError
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.notation import normalize

__all__ = [
    "DERIVED",
    "FACE_TUPLES",
    "BoxInfo",
    "DiceTurn",
    "Entered",
    "Finding",
    "Misfit",
    "Recorded",
    "Refused",
    "Replay",
    "Report",
    "SheetSpec",
    "SheetVerifier",
    "TurnReplay",
    "box_infos",
    "box_names",
    "check",
    "five_dice_replay",
    "five_dice_turns",
    "game_document",
    "interned",
    "key_named",
    "placement_points",
    "plain_faces",
    "read_document",
    "rest_of",
    "scored_turns",
    "spec_cache",
    "turn_reader",
    "verify_read",
]

DERIVED = ("upper_sum", "upper_bonus", "upper_total", "lower_total", "total")
"""The derived fields of a game, in sheet order."""


@attrs.frozen(slots=True)
class Finding:
    """One problem on a score sheet.

    Attributes:
        player: The player's index (0-based, the order of ``players``).
        game: The game's index within the player's ``games`` (0-based).
        field: The box key (``"full_house"``) or derived key (``"upper_sum"``),
            or ``"turns[3]"`` for a problem with a recorded turn.
        found: What the sheet says.
        expected: What it should say: a value, the tuple of values a box can
            hold, or a description (in English; `localized_expected` gives
            another language).
        rule: The clause id of the rule broken (``"CL-09"``), see ``docs/rules/``.
        message: The problem in words a player understands.
    """

    player: int
    game: int
    field: str
    found: Any
    expected: Any
    rule: str
    message: str

    def localized(self, lang: str) -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``); ``"en"`` gives ``message``.

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        return localize(self.message, lang)

    def localized_expected(self, lang: str) -> Any:
        """``expected`` in ``lang``: a description (``"a multiple of 50"``) translated, else as is.

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        return localize(self.expected, lang) if isinstance(self.expected, str) else self.expected

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The finding as a JSON-ready dict (tuples become lists).

        Args:
            lang: The language of ``message`` and of a described ``expected``
                (English by default, as the library writes reports).

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        expected = self.localized_expected(lang)
        return {
            "player": self.player,
            "game": self.game,
            "field": self.field,
            "found": self.found,
            "expected": list(expected) if isinstance(expected, tuple) else expected,
            "rule": self.rule,
            "message": self.localized(lang),
        }


@attrs.frozen(slots=True)
class Report:
    """The result of verifying one score sheet.

    Attributes:
        variant: The game of the sheet.
        findings: Every problem found, in sheet order (player, game, field).
    """

    variant: str
    findings: tuple[Finding, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the sheet has no finding."""
        return not self.findings

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The report as a JSON-ready dict (the findings' words in ``lang``, English by default).

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        return {
            "variant": self.variant,
            "ok": self.ok,
            "findings": [f.to_dict(lang) for f in self.findings],
        }

    def __str__(self) -> str:
        if self.ok:
            return "The sheet is right."
        count = len(self.findings)
        lines = ["1 problem:" if count == 1 else f"{count} problems:"]
        lines.extend(f"- {f.message} [{f.rule}]" for f in self.findings)
        return "\n".join(lines)


def read_document(doc: Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """A sheet given as a dict or as JSON text, as a dict (not validated further).

    A dict given directly is held to what parsed text holds
    (`kniffel_rules._json.check_tree`: JSON data by exact type, so a dict
    subclass is refused); another mapping (a read-only view) is read as the
    dict of its items first.

    Raises:
        InvalidStateError: Not JSON, or not a JSON object.
    """
    if isinstance(doc, (str, bytes, bytearray)):
        data = _json.loads(doc)
    else:
        data = doc
        if isinstance(doc, Mapping) and not isinstance(doc, dict):
            try:
                data = dict(doc)
            except Exception as exc:  # the mapping's own code failed: nothing was read
                said = f"the mapping's items cannot be read: {brief(exc)}"
                raise InvalidStateError("", said) from None
        _json.check_tree(data)
    if not isinstance(data, Mapping):
        got = Text.of(N_("a sheet is a JSON object, got {type}"), type=type(data).__name__)
        raise InvalidStateError("", got)
    return dict(data)


_PLAYER_DERIVED = ("series_total", "series_points")
_PLAYER_KEYS = frozenset({"name", "games", *_PLAYER_DERIVED})


@attrs.frozen(slots=True)
class BoxInfo:
    """What the checker needs to know of one box.

    Attributes:
        box: The game's box enum member.
        key: Its JSON key.
        label: Its printed name.
        rule: The clause id of its scoring rule.
        possible: Every value it can hold, 0 included.
        expected: The tuple of values, or a description for a sum box.
    """

    box: Any
    key: str
    label: str
    rule: str
    possible: frozenset[int]
    expected: tuple[int, ...] | str


Emit = Callable[[str, Any, Any, str, str], None]
"""``emit(field, found, expected, rule, message)`` records a finding."""


@attrs.frozen(slots=True)
class Replay:
    """What replaying one game's recorded turns established.

    Attributes:
        entries: The value each replayed box must hold (by box key).
        extra_bonus: The extra-Kniffel bonus the replay credits, or None
            when the game has none.
    """

    entries: dict[str, int]
    extra_bonus: int | None


@attrs.frozen(slots=True)
class Misfit:
    """A recorded roll whose dice do not follow from the roll before.

    Attributes:
        found: What the roll shows (a finding's ``found``).
        expected: What it should show (a finding's ``expected``).
        text: The rest of the message after ``"roll 2 of turn 3 "``.
    """

    found: Any
    expected: Any
    text: str


@attrs.frozen(slots=True)
class Entered:
    """The dice of a replayed turn entered in its box.

    Attributes:
        value: What the box must hold.
        rule: The clause id when the sheet holds something else.
        state: The game after the entry.
        how: Words before ``"(turn n)"`` when the sheet holds something
            else (classic: ``"as a joker "``), or ``""``.
    """

    value: int
    rule: str
    state: Any
    how: str = ""


@attrs.frozen(slots=True)
class Refused:
    """A replayed turn whose box cannot take its dice.

    Attributes:
        rule: The clause id broken.
        reason: Why, after ``"... in Twos, but "``.
        state: The game the next turn starts from.
    """

    rule: str
    reason: str
    state: Any


@attrs.frozen(slots=True)
class TurnReplay:
    """The pure functions of a game's engine that replay recorded turns.

    The kit runs the loop (`replay_turns`): each roll's action through
    ``apply`` (a refusal is a finding with the engine's reason), its dice
    checked against the keep (``outcome``), then the box entered
    (``enter``); the game says only what is its own.

    Attributes:
        start: The solo game the turns are replayed in.
        apply: The game's ``apply``.
        roll: The player's action of one recorded roll.
        kept: What a refused roll kept (a finding's ``found``).
        outcome: ``(state after the roll action, roll)``: the chance
            outcome the roll shows, or a `Misfit`.
        resume: ``(state before the turn, turn)``: where a turn whose rolls
            broke goes on, its last dice showing.
        dice: The dice showing in a state, as the messages list them.
        enter: ``(state before the turn, state after its rolls, box,
            written entries)``: `Entered` or `Refused`.
        extra_bonus: The extra-Kniffel bonus the replayed game credits, or
            ``None`` when the game has none.
        roll_rule: The clause id of a broken roll.
        turn_rule: The clause id of a box filled without a turn, or a turn
            whose box is empty on the sheet.
    """

    start: Any
    apply: Callable[[Any, Any], Any]
    roll: Callable[[Any], Any]
    kept: Callable[[Any], Any]
    outcome: Callable[[Any, Any], Any]
    resume: Callable[[Any, Any], Any]
    dice: Callable[[Any], Sequence[int]]
    enter: Callable[[Any, Any, Any, Mapping[str, int]], Entered | Refused]
    extra_bonus: Callable[[Any], int | None]
    roll_rule: str
    turn_rule: str


@attrs.frozen(slots=True)
class SheetSpec:
    """A game's score sheet, for the checker.

    Attributes:
        variant: The ``variant`` value of the documents.
        boxes: The boxes, in sheet order.
        layout: The sheet's sections, bonus and totals.
        rules: Clause ids: ``bonus``, ``totals``, ``filled``, ``games``,
            ``series``, ``placement``.
        max_games: How many games the series has.
        check_extra_bonus: Roll-less checks of that entry:
            ``(entries, bonus, doubtful keys, emit)``.
        read_turn: Validates one recorded turn (raises InvalidStateError);
            the turn has ``box`` and ``rolls``.
        replay: What the game's engine does for a replay of the turns.
        placement_first: First place's placement points on a fixed table
            (classic's ``ranking="placement_fixed"``: 8), or ``None`` for
            the number of players.
    """

    variant: str
    boxes: tuple[BoxInfo, ...]
    layout: Layout
    rules: Mapping[str, str]
    max_games: int
    check_extra_bonus: Callable[[Mapping[str, int], int, frozenset[str], Emit], None]
    read_turn: Callable[[Any, str], Any]
    replay: TurnReplay
    placement_first: int | None = None

    @property
    def by_key(self) -> dict[str, BoxInfo]:
        """The boxes by key."""
        return {b.key: b for b in self.boxes}

    game_keys: frozenset[str] = attrs.field(
        init=False, default=attrs.Factory(lambda self: _game_keys(self), takes_self=True)
    )
    """Every key a game object may have (computed)."""

    box_keys: frozenset[str] = attrs.field(
        init=False, default=attrs.Factory(lambda self: frozenset(b.key for b in self.boxes),
                                          takes_self=True),
    )  # fmt: skip
    """The keys of the boxes (computed)."""

    key_order: tuple[str, ...] = attrs.field(
        init=False, default=attrs.Factory(lambda self: tuple(b.key for b in self.boxes),
                                          takes_self=True),
    )  # fmt: skip
    """The keys of the boxes in sheet order (computed)."""

    names: Mapping[str, str] = attrs.field(
        init=False,
        default=attrs.Factory(lambda self: box_names(b.box for b in self.boxes), takes_self=True),
    )
    """Each box's key by its normalised key and labels in every language (computed)."""

    sections: tuple[tuple[str, ...], tuple[str, ...]] | None = attrs.field(
        init=False, default=attrs.Factory(lambda self: _sections(self), takes_self=True)
    )
    """The keys of the upper and the lower section when both are sums, else None (computed)."""


def box_names(boxes: Iterable[Any]) -> dict[str, str]:
    """Each box's key by its key and its labels (``box.labels``, every language), normalised.

    ``boxes`` are a game's box members (with ``key``, ``labels`` and
    ``label``). ``"Einser"``, ``"ONES"``, ``"Kleine Straße"`` and ``"kleine
    strasse"`` all name ``ones`` / ``small_straight``: how a sheet's box
    keys are read when they are not the exact keys.
    """
    members = list(boxes)
    names: dict[str, str] = {normalize(b.key): b.key for b in members}
    for b in members:
        labels = getattr(b, "labels", None)
        texts = [*labels.values()] if isinstance(labels, Mapping) else []
        for text in (*texts, b.label):
            names.setdefault(normalize(text), b.key)
    return names


def key_named(names: Mapping[str, str], text: object) -> object:
    """The box key ``text`` names (see `box_names`), or ``text`` itself when it names none."""
    if isinstance(text, str) and len(text) <= 100:
        return names.get(normalize(text), text)
    return text


def _renamed(game: dict[str, Any], spec: SheetSpec, path: str) -> dict[str, Any]:
    """``game`` with each box given by a label (any language, any case) under its key.

    Keys that name no box stay as they are (the reader then refuses them,
    listing the keys); a box given twice, by its key and a label, is refused.
    """
    known = spec.game_keys
    out: dict[str, Any] = {}
    for key, value in game.items():
        new = key if key in known else key_named(spec.names, key)
        if new in out:
            twice = Text.of(N_("names the box {box}, given twice"), box=str(new))
            raise InvalidStateError(f"{path}.{key}", twice)
        out[new if isinstance(new, str) else key] = value
    return out


def _refuse_key(game: dict[str, Any], spec: SheetSpec, path: str) -> None:
    """Refuse the first key of ``game`` that names nothing, listing the keys a game has."""
    key = next(k for k in game if k not in spec.game_keys)
    others = sorted(spec.game_keys - spec.box_keys)
    raise InvalidStateError(
        path,
        Text.of(
            N_(
                "unknown field {key}: a game's fields are the boxes ({boxes}; or their "
                "English or German names) and {others}"
            ),
            key=brief(key),
            boxes=", ".join(spec.key_order),
            others=", ".join(others),
        ),
    )


def _sections(spec: SheetSpec) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    sheet = spec.layout
    if sheet.product is not None:
        return None
    on_sheet = {b.key for b in spec.boxes}
    upper = tuple(k for b in sheet.upper if (k := sheet.keys[b]) in on_sheet)
    lower = tuple(k for b in sheet.lower if (k := sheet.keys[b]) in on_sheet)
    return upper, lower


def _game_keys(spec: SheetSpec) -> frozenset[str]:
    keys = {*(b.key for b in spec.boxes), *DERIVED, "turns", "placement_points"}
    if spec.layout.extra_bonus:
        keys.add("extra_kniffel_bonus")
    return frozenset(keys)


_LIMIT = 1_000_000
_SPECS = 64  # rules documents whose sheet description is kept (each ~15 KB)


def _read(
    doc: Mapping[str, Any], spec: SheetSpec
) -> list[tuple[str, list[dict[str, Any]], dict[str, int]]]:
    """Validate the document's shape; returns (name, games, player fields) per player.

    The common case (a well-formed sheet) takes a fast path; the general
    readers of `kniffel_rules._json` run only to name what is wrong.
    """
    game_keys = spec.game_keys
    players = doc["players"]
    if not isinstance(players, list) or len(players) > MAX_PLAYERS:
        _json.get_list(doc, "players", "", lambda v, p: v, max_length=MAX_PLAYERS)
    if not players:
        raise InvalidStateError("players", N_("a sheet has at least one player"))
    out = []
    for i, raw in enumerate(players):
        path = f"players[{i}]"
        if (
            type(raw) is dict
            and raw.keys() <= _PLAYER_KEYS
            and type(raw.get("name")) is str
            and type(raw.get("games")) is list
            and 0 < len(raw["games"]) <= 1_000
        ):
            p, name, games = raw, check_name(raw["name"], f"{path}.name"), raw["games"]
        else:  # the general readers name what is wrong
            p = _json.get_object(raw, path, required=("name", "games"), optional=_PLAYER_DERIVED)
            name = check_name(p["name"], f"{path}.name")
            games = _json.get_list(p, "games", path, lambda v, q: v, max_length=1_000)
            if not games:
                raise InvalidStateError(f"{path}.games", N_("a player has at least one game"))
        extra = {k: _json.get_int(p, k, path, -_LIMIT, _LIMIT) for k in _PLAYER_DERIVED if k in p}
        checked = []
        for g, game in enumerate(games):
            if not isinstance(game, dict) or not game.keys() <= game_keys:
                if isinstance(game, dict):  # box labels for keys: only when a key misses
                    game = _renamed(game, spec, f"{path}.games[{g}]")
                if not isinstance(game, dict) or not game.keys() <= game_keys:
                    if not isinstance(game, dict):
                        _json.get_object(game, f"{path}.games[{g}]")  # names what it is
                    _refuse_key(game, spec, f"{path}.games[{g}]")
            if "turns" not in game and _plain_ints(game):
                checked.append(game)
                continue
            values: dict[str, Any] = {}
            if "turns" in game and _plain_ints(game, "turns"):
                values.update(game)
                values["turns"] = _json.check_list(
                    game["turns"],
                    f"{path}.games[{g}].turns",
                    spec.read_turn,
                    max_length=len(spec.boxes),
                )
                checked.append(values)
                continue
            for key, value in game.items():
                if key != "turns" and type(value) is int and -_LIMIT <= value <= _LIMIT:
                    values[key] = value
                elif key == "turns":
                    values[key] = _json.check_list(
                        value,
                        f"{path}.games[{g}].turns",
                        spec.read_turn,
                        max_length=len(spec.boxes),
                    )
                else:
                    _json.check_int(value, f"{path}.games[{g}].{key}", -_LIMIT, _LIMIT)
            checked.append(values)
        out.append((name, checked, extra))
    return out


_INT = frozenset({int})


def _plain_ints(game: dict[str, Any], but: str | None = None) -> bool:
    """True when every value of ``game`` (but the key ``but``) is an int within the limit."""
    values = list(game.values()) if but is None else [v for k, v in game.items() if k != but]
    if not values:
        return but is not None or not game
    return set(map(type, values)) <= _INT and min(values) >= -_LIMIT and max(values) <= _LIMIT


def replay_turns(
    spec: SheetSpec, turns: Sequence[Any], written: Mapping[str, int], emit: Emit
) -> Replay:
    """Replay one game's recorded turns and check every written box against the dice.

    A turn whose box is empty on the sheet, a box holding what its dice do
    not score, a box no turn entered and a broken roll are findings.
    """
    game = spec.replay
    labels = {b.key: b.box for b in spec.boxes}
    state = game.start
    expected: dict[str, int] = {}
    turned: set[str] = set()
    for t, turn in enumerate(turns):
        start = state
        state = _replay_rolls(game, state, turn, t, emit)
        box = turn.box
        key = box.key
        turned.add(key)
        dice = ", ".join(map(str, game.dice(state)))
        entry = game.enter(start, state, box, written)
        if isinstance(entry, Refused):
            emit(
                f"turns[{t}]",
                key,
                Text.of(N_("another box")),
                entry.rule,
                Text.of(
                    N_("turn {turn} entered {dice} in {box}, but {reason}."),
                    turn=t + 1,
                    dice=dice,
                    box=box,
                    reason=Text(entry.reason),
                ),
            )
            state = entry.state
            continue
        value = entry.value
        expected[key] = value
        state = entry.state
        found = written.get(key)
        if found is None:
            emit(
                key,
                None,
                value,
                game.turn_rule,
                Text.of(
                    N_(
                        "turn {turn} entered {dice} in {box} ({value}), but {box} is empty "
                        "on the sheet."
                    ),
                    turn=t + 1,
                    dice=dice,
                    box=box,
                    value=value,
                ),
            )
        elif found != value:
            emit(
                key,
                found,
                value,
                entry.rule,
                Text.of(
                    N_(
                        "{box} holds {found}, but the dice {dice} score {value} there "
                        "{how}(turn {turn})."
                    ),
                    box=box,
                    found=found,
                    dice=dice,
                    value=value,
                    how=Text(entry.how),
                    turn=t + 1,
                ),
            )
    for key, value in written.items():
        if key not in turned:
            emit(
                key,
                value,
                None,
                game.turn_rule,
                Text.of(
                    N_("{box} holds {value}, but no recorded turn entered anything there."),
                    box=labels[key],
                    value=value,
                ),
            )
    return Replay(expected, game.extra_bonus(state))


def _replay_rolls(game: TurnReplay, state: Any, turn: Any, t: int, emit: Emit) -> Any:
    """Apply the turn's rolls; a broken roll is reported and the turn resumes from its dice."""
    start = state
    field = f"turns[{t}]"
    for i, roll in enumerate(turn.rolls):
        try:
            state = game.apply(state, game.roll(roll))
        except IllegalActionError as exc:
            emit(
                field,
                game.kept(roll),
                None,
                exc.rule or game.roll_rule,
                Text.of(
                    N_("roll {roll} of turn {turn}: {reason}."),
                    roll=i + 1,
                    turn=t + 1,
                    reason=Text(getattr(exc, "message", str(exc))),
                ),
            )
            break
        outcome = game.outcome(state, roll)
        if isinstance(outcome, Misfit):
            emit(
                field,
                outcome.found,
                outcome.expected,
                game.roll_rule,
                Text.of(
                    N_("roll {roll} of turn {turn} {text}."),
                    roll=i + 1,
                    turn=t + 1,
                    text=Text(outcome.text),
                ),
            )
            break
        state = game.apply(state, outcome)
    else:
        return state
    return game.resume(start, turn)


def check(doc: Mapping[str, Any], spec: SheetSpec) -> Report:
    """Verify a sheet document against ``spec``; every problem becomes a `Finding`.

    Raises:
        InvalidStateError: The document is malformed (names the field path).
    """
    _json.get_object(doc, "", required=("variant", "players"), optional=("rules", "$schema"))
    players = _read(doc, spec)
    findings: list[Finding] = []
    n_games = max(len(games) for _, games, _ in players)
    # the correct and the written totals of every game, for placement and series
    true_totals: list[list[int | None]] = []
    written_totals: list[list[int | None]] = []
    complete: list[list[bool]] = []
    for p, (name, games, _) in enumerate(players):
        t_row: list[int | None] = []
        w_row: list[int | None] = []
        c_row: list[bool] = []
        for g, game in enumerate(games):
            true_total, written_total = _check_game(spec, p, g, name, game, findings)
            t_row.append(true_total)
            w_row.append(written_total)
            c_row.append(spec.box_keys <= game.keys())
        true_totals.append(t_row)
        written_totals.append(w_row)
        complete.append(c_row)
    _check_progress(spec, players, complete, n_games, findings)
    if n_games > 1 or any(
        extra or any("placement_points" in game for game in games) for _, games, extra in players
    ):
        _check_series(spec, players, complete, true_totals, written_totals, n_games, findings)
    return Report(spec.variant, tuple(findings))


def _game_of(name: str, g: int) -> Text:
    return Text.of(N_("{name}, game {game}"), name=player_named(name), game=g + 1)


def _emitter(findings: list[Finding], p: int, g: int, who: str) -> Emit:
    def emit(field: str, found: Any, expected: Any, rule: str, message: str) -> None:
        text = Text.of(N_("{who}: {message}"), who=player_named(who), message=Text(message))
        findings.append(Finding(p, g, field, found, expected, rule, text))

    return emit


def _listing(values: tuple[int, ...] | str) -> Text:
    if isinstance(values, str):
        return Text(values)
    shown = [str(v) for v in values]
    if len(shown) > 1:
        return Text.of(N_("{values} or {last}"), values=", ".join(shown[:-1]), last=shown[-1])
    return Text(shown[0])


def _check_game(
    spec: SheetSpec, p: int, g: int, name: str, game: dict[str, Any], findings: list[Finding]
) -> tuple[int, int]:
    """Check one player's game; return its correct and its written total."""
    emit = _emitter(findings, p, g, _game_of(name, g))
    entries = {k: game[k] for k in spec.key_order if k in game}
    bonus_entry = game.get("extra_kniffel_bonus", 0)
    turns = game.get("turns")
    doubtful: set[str] = set()
    replay = replay_turns(spec, turns, entries, emit) if turns is not None else None
    boxes: Sequence[BoxInfo] = spec.boxes
    if replay is None and all(entries[b.key] in b.possible for b in boxes if b.key in entries):
        boxes = ()  # every entry is a value its box can hold
    for info in boxes:
        key = info.key
        if key not in entries:
            continue
        value = entries[key]
        if replay is not None and key in replay.entries:
            continue  # checked against the dice by the replay
        if value not in info.possible:
            doubtful.add(key)
            emit(
                key,
                value,
                info.expected,
                info.rule,
                Text.of(
                    N_("{box} holds {value}, but {box} can only hold {values}."),
                    box=info.box,
                    value=value,
                    values=_listing(info.expected),
                ),
            )
    if spec.layout.extra_bonus:
        if replay is not None and replay.extra_bonus is not None:
            if bonus_entry != replay.extra_bonus:
                rule = spec.rules["extra"]
                if bonus_entry > replay.extra_bonus:  # a bonus not earned: the rule the entries
                    why: list[Finding] = []  # break, as without the turns (a joker: CL-21)
                    spec.check_extra_bonus(entries, bonus_entry, frozenset(doubtful),
                                           _emitter(why, p, g, name))  # fmt: skip
                    rule = why[0].rule if why else rule
                emit(
                    "extra_kniffel_bonus",
                    bonus_entry,
                    replay.extra_bonus,
                    rule,
                    Text.of(
                        N_(
                            "the extra-Kniffel bonus is {bonus}, but the recorded turns "
                            "earn {earned}."
                        ),
                        bonus=bonus_entry,
                        earned=replay.extra_bonus,
                    ),
                )
        elif bonus_entry:
            spec.check_extra_bonus(entries, bonus_entry, frozenset(doubtful), emit)
    return _check_derived(spec, game, entries, bonus_entry, emit)


_WORDS = {
    "upper_sum": N_("the upper sum"),
    "upper_bonus": N_("the upper bonus"),
    "upper_total": N_("the upper total"),
    "lower_total": N_("the lower total"),
    "total": N_("the total"),
}


def _check_derived(
    spec: SheetSpec,
    game: Mapping[str, Any],
    entries: Mapping[str, int],
    bonus_entry: int,
    emit: Emit,
) -> tuple[int, int]:
    sheet = spec.layout
    if spec.sections is not None:
        upper_keys, lower_keys = spec.sections
        upper_sum = sum([entries[k] for k in upper_keys if k in entries])
        upper_bonus = sheet.bonus if upper_sum >= sheet.threshold else 0
        lower_total = sum([entries[k] for k in lower_keys if k in entries])
    else:
        values = sheet.entries_of(entries)
        upper_sum = sheet.upper_sum(values)
        upper_bonus = sheet.upper_bonus(values)
        lower_total = sheet.lower_total(values)
    true = {
        "upper_sum": upper_sum,
        "upper_bonus": upper_bonus,
        "upper_total": upper_sum + upper_bonus,
        "lower_total": lower_total,
        "total": upper_sum + upper_bonus + lower_total + bonus_entry,
    }
    if not game.keys() & true.keys():
        return true["total"], true["total"]

    def written(key: str) -> int:
        value: int = game.get(key, true[key])
        return value

    for key in DERIVED:
        found = game.get(key)
        if found is None or found == true[key]:
            continue
        if key == "upper_bonus":
            expected = sheet.bonus if written("upper_sum") >= sheet.threshold else 0
        elif key == "upper_total":
            expected = written("upper_sum") + written("upper_bonus")
        elif key == "total":
            expected = written("upper_total") + written("lower_total") + bonus_entry
        else:
            expected = true[key]
        if found == expected:
            continue  # follows from the fields above as written
        why = (
            Text.of(
                N_("{bonus} at {threshold} or more, else 0"),
                bonus=sheet.bonus,
                threshold=sheet.threshold,
            )
            if key == "upper_bonus"
            else Text(N_("the sum of the boxes above"))
        )
        rule = spec.rules["bonus"] if key == "upper_bonus" else spec.rules.get(key)
        emit(
            key,
            found,
            expected,
            rule or spec.rules["totals"],
            Text.of(
                N_("{what} is {found}, but should be {expected} ({why})."),
                what=Text(_WORDS[key]),
                found=found,
                expected=expected,
                why=why,
            ),
        )
    return true["total"], written("total")


def _check_progress(
    spec: SheetSpec,
    players: Sequence[tuple[str, list[dict[str, Any]], Any]],
    complete: list[list[bool]],
    n_games: int,
    findings: list[Finding],
) -> None:
    """Games in a series, finished games, and turn order within the last game."""
    boxes = len(spec.boxes)
    last_counts: dict[int, int] = {}
    for p, (name, games, _) in enumerate(players):
        emit = _emitter(findings, p, len(games) - 1, name)
        if len(games) > spec.max_games:
            emit(
                "games",
                len(games),
                spec.max_games,
                spec.rules["games"],
                Text.of(
                    N_("{count} games, but the series has {most}."),
                    count=len(games),
                    most=spec.max_games,
                ),
            )
        elif len(games) < n_games:
            emit(
                "games",
                len(games),
                n_games,
                spec.rules["games"],
                Text.of(
                    N_(
                        "{games}, but other players have {others}: every player "
                        "plays every game of the series."
                    ),
                    games=Text.counted(len(games), N_("{n} game"), N_("{n} games")),
                    others=n_games,
                ),
            )
        for g in range(len(games) - 1):
            missing = spec.box_keys - games[g].keys()
            told = {f.field for f in findings if f.player == p and f.game == g}
            if not complete[p][g] and not missing <= told:  # one finding per wrong line
                filled = len(spec.box_keys) - len(missing)
                _emitter(findings, p, g, _game_of(name, g))(
                    "filled",
                    filled,
                    boxes,
                    spec.rules["filled"],
                    Text.of(
                        N_(
                            "only {filled} of {boxes} boxes are filled, but a later game was "
                            "started: a game ends when every box is filled."
                        ),
                        filled=filled,
                        boxes=boxes,
                    ),
                )
        if len(games) == n_games:
            last_counts[p] = len(spec.box_keys & games[-1].keys())
    if last_counts:
        top = max(last_counts.values())
        for p, count in last_counts.items():
            if count < top - 1:
                name = players[p][0]
                _emitter(findings, p, n_games - 1, _game_of(name, n_games - 1))(
                    "filled",
                    count,
                    (top - 1, top),
                    spec.rules["filled"],
                    Text.of(
                        N_(
                            "{count} boxes are filled while another player has {top}: players "
                            "take turns, so the counts differ by at most one."
                        ),
                        count=count,
                        top=top,
                    ),
                )


def _check_series(
    spec: SheetSpec,
    players: Sequence[tuple[str, list[dict[str, Any]], dict[str, int]]],
    complete: list[list[bool]],
    true_totals: list[list[int | None]],
    written_totals: list[list[int | None]],
    n_games: int,
    findings: list[Finding],
) -> None:
    """Placement points per finished game, and each player's series result."""
    n = len(players)
    true_points: list[list[int]] = [[] for _ in range(n)]
    written_points: list[list[int]] = [[] for _ in range(n)]
    for g in range(n_games):
        if not all(g < len(players[p][1]) and complete[p][g] for p in range(n)):
            continue
        first = spec.placement_first
        by_written = placement_points([written_totals[p][g] or 0 for p in range(n)], first)
        by_true = placement_points([true_totals[p][g] or 0 for p in range(n)], first)
        scale = (
            Text.of(N_("{first} for first place, one less for each place below"), first=n)
            if first is None
            else Text.of(
                N_("{first} for first place, one less for each place below, at least 0"),
                first=first,
            )
        )
        for p in range(n):
            game = players[p][1][g]
            true_points[p].append(by_true[p])
            found = game.get("placement_points")
            written_points[p].append(by_written[p] if found is None else found)
            if found is not None and found not in (by_written[p], by_true[p]):
                _emitter(findings, p, g, _game_of(players[p][0], g))(
                    "placement_points",
                    found,
                    by_written[p],
                    spec.rules["placement"],
                    Text.of(
                        N_(
                            "{found} placement points, but the totals give {points} "
                            "({scale}; ties share the better place)."
                        ),
                        found=found,
                        points=by_written[p],
                        scale=scale,
                    ),
                )
    for p, (name, games, extra) in enumerate(players):
        emit = _emitter(findings, p, len(games) - 1, name)
        if "series_total" in extra:
            found = extra["series_total"]
            sum_written = sum(t or 0 for t in written_totals[p])
            sum_true = sum(t or 0 for t in true_totals[p])
            if found not in (sum_written, sum_true):
                emit(
                    "series_total",
                    found,
                    sum_written,
                    spec.rules["series"],
                    Text.of(
                        N_("the series total is {found}, but the games' totals add up to {sum}."),
                        found=found,
                        sum=sum_written,
                    ),
                )
        if "series_points" in extra:
            found = extra["series_points"]
            pw, pt = sum(written_points[p]), sum(true_points[p])
            if found not in (pw, pt):
                emit(
                    "series_points",
                    found,
                    pw,
                    spec.rules["placement"],
                    Text.of(
                        N_(
                            "the series has {found} placement points, but the finished games "
                            "give {points}."
                        ),
                        found=found,
                        points=pw,
                    ),
                )


def spec_cache(build: Callable[[Any], SheetSpec]) -> Callable[[Any], SheetSpec]:
    """Memoise ``build(rules_doc)`` on the rules document's items when they are hashable.

    Args:
        build: Makes the spec from a ``rules`` object (it validates it).

    Returns:
        A function of the ``rules`` object giving the (cached) spec.
    """
    cached = lru_cache(maxsize=_SPECS)(lambda items: build(dict(items)))

    def spec_of(rules_doc: Any) -> SheetSpec:
        if isinstance(rules_doc, dict):
            try:
                result: SheetSpec = cached(tuple(sorted(rules_doc.items())))
                return result
            except TypeError:  # an unhashable value: let the builder name it
                pass
        return build(rules_doc)

    return spec_of


def verify_read(data: dict[str, Any], variant: str, spec_of: Callable[[Any], SheetSpec]) -> Report:
    """Check a document `read_document` has read against the spec of its rules."""
    if data.get("variant") != variant:
        wrong = Text.of(
            N_("expected {expected}, got {value}"),
            expected=repr(variant),
            value=brief(data.get("variant")),
        )
        raise InvalidStateError("variant", wrong)
    return check(data, spec_of(data.get("rules", {})))


@attrs.frozen(slots=True)
class SheetVerifier:
    """A game's sheet verifier: the ``variant`` of its documents and the spec of their rules.

    Attributes:
        variant: The ``variant`` value of the documents.
        spec_of: The `SheetSpec` of a document's ``rules`` object (it
            validates it); memoised with `spec_cache`.
    """

    variant: str
    spec_of: Callable[[Any], SheetSpec] = attrs.field(converter=spec_cache)

    def verify(self, doc: Mapping[str, Any] | str | bytes) -> Report:
        """Verify a score sheet of the game and report every problem.

        Without recorded turns each entry is checked to be a value its box
        can hold; with them the turns are replayed through the game's
        ``apply`` and every entry is checked against the dice. Derived
        fields and the number of filled boxes (and a series' placement
        points and results) are checked either way.

        Args:
            doc: The sheet, as a dict or JSON text (format: ``docs/sheets.md``).

        Returns:
            The report; ``report.ok`` is True for a right sheet.

        Raises:
            InvalidStateError: The document is malformed (wrong types,
                unknown box names, missing players, ...); the message names
                the field.
        """
        return verify_read(read_document(doc), self.variant, self.spec_of)

    def verify_checked(self, data: dict[str, Any]) -> Report:
        """`verify` of a dict `read_document` has read already (not read twice)."""
        return verify_read(data, self.variant, self.spec_of)


FACE_TUPLES: frozenset[tuple[int, ...]] = frozenset(
    tuple(sorted(t)) for n in range(6) for t in itertools.product(range(1, 7), repeat=n)
)
"""Every sorted tuple of at most five faces 1..6: the dice a roll of a sheet may hold."""


def plain_faces(value: Any) -> tuple[int, ...] | None:
    """The sorted faces of a JSON list of at most five ints 1..6 (not bools), else ``None``.

    The fast path of the turn readers: ``None`` sends the value to the
    reader that names what is wrong.
    """
    if type(value) is not list or len(value) > 5 or not all(type(v) is int for v in value):
        return None
    faces = tuple(sorted(value))
    return faces if faces in FACE_TUPLES else None


def rest_of(dice: tuple[int, ...], keep: tuple[int, ...]) -> tuple[int, ...] | None:
    """The sorted dice of ``dice`` left when ``keep`` is taken out, or None if it is not in them."""
    if not keep:
        return dice
    rest = list(dice)
    for face in keep:
        try:
            rest.remove(face)
        except ValueError:
            return None
    return tuple(rest)


K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


def interned(cache: dict[K, T], key: K, make: Callable[[], T], keep: bool) -> T:
    """``cache[key]``, made by ``make()`` on a miss and kept only when ``keep`` (a bounded key).

    The replays build one action object per keep and per throw; a key read
    from a hostile document is kept only when it is one of the finitely many
    well-formed ones, so the cache stays bounded.
    """
    value = cache.get(key)
    if value is None:
        value = make()
        if keep:
            cache[key] = value
    return value


@attrs.frozen(slots=True)
class DiceTurn:
    """A recorded turn of five dice with keeps (classic's format): the rolls and the box chosen.

    Attributes:
        box: The box the dice were entered in (the game's box member).
        rolls: ``(keep, dice)`` per roll: the dice kept from the roll
            before, and the five dice showing after the roll (both sorted).
    """

    box: Any
    rolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def _faces(value: Any, path: str, count: int | None) -> tuple[int, ...]:
    faces = _json.check_list(
        value, path, lambda v, p: _json.check_int(v, p, 1, 6), max_length=5, length=count
    )
    return tuple(sorted(faces))


R = TypeVar("R")


def turn_reader(
    boxes: Mapping[str, Any],
    plain_roll: Callable[[Any], R | None],
    read_roll: Callable[[Any, str], R],
    turn: Callable[[Any, tuple[R, ...]], T],
    *,
    named_only: bool = False,
) -> Callable[[Any, str], T]:
    """The reader of a game's recorded turns ``{"box": key, "rolls": [roll, ...]}``.

    Args:
        boxes: The game's box members by key; a box may also be named by
            its labels (see `box_names`).
        plain_roll: One roll read on the fast path, or ``None`` when it is
            not certainly well formed (no field path is built).
        read_roll: One roll read by the readers that name the field path
            of what is wrong (raises `InvalidStateError`).
        turn: The game's turn of a box and its rolls.
        named_only: Return the naming readers alone, without the fast path
            (what the tests compare the fast path with).

    Returns:
        ``read(value, path)``: the turn, or `InvalidStateError` naming the
        field path. A well-formed turn takes the fast path; anything else
        goes to the naming readers, which give the same turn or the error.
    """
    names = box_names(boxes.values())  # the keys by label: read when a key misses

    def read(value: Any, path: str) -> T:
        if type(value) is dict and len(value) == 2:
            key = value.get("box")
            rolls = value.get("rolls")
            if type(key) is str and key in boxes and type(rolls) is list and 0 < len(rolls) <= 10:
                out = []
                for roll in rolls:
                    plain = plain_roll(roll)
                    if plain is None:
                        break
                    out.append(plain)
                else:
                    return turn(boxes[key], tuple(out))
        return read_named(value, path)

    def read_named(value: Any, path: str) -> T:
        t = _json.get_object(value, path, required=("box", "rolls"))
        if isinstance(t["box"], str) and t["box"] not in boxes:  # a label, either language
            t = {**t, "box": key_named(names, t["box"])}
        key = _json.get_str(t, "box", path, list(boxes))
        rolls = _json.get_list(t, "rolls", path, lambda v, p: v, max_length=10)
        if not rolls:
            raise InvalidStateError(f"{path}.rolls", N_("a turn has at least one roll"))
        read = tuple(read_roll(roll, f"{path}.rolls[{i}]") for i, roll in enumerate(rolls))
        return turn(boxes[key], read)

    return read_named if named_only else read


Faces = tuple[int, ...]


def _plain_five_dice(roll: Any) -> tuple[Faces, Faces] | None:
    if type(roll) is not dict or len(roll) != 1 + ("keep" in roll):
        return None
    dice = plain_faces(roll.get("dice"))
    keep = plain_faces(roll.get("keep", []))
    if dice is None or keep is None or len(dice) != 5:
        return None
    return keep, dice


def _read_five_dice(roll: Any, path: str) -> tuple[Faces, Faces]:
    r = _json.get_object(roll, path, required=("dice",), optional=("keep",))
    keep = _faces(r.get("keep", []), f"{path}.keep", None)
    return keep, _faces(r["dice"], f"{path}.dice", 5)


def five_dice_turns(
    boxes: Mapping[str, Any], *, named_only: bool = False
) -> Callable[[Any, str], DiceTurn]:
    """The reader of turns of five dice with keeps: ``{"keep": [..], "dice": [..]}`` a roll.

    Args:
        boxes: The game's box members by key (see `turn_reader`).
        named_only: The naming readers alone (`turn_reader`).

    Returns:
        ``read(value, path)``: the `DiceTurn`, or `InvalidStateError` naming
        the field path.
    """
    return turn_reader(boxes, _plain_five_dice, _read_five_dice, DiceTurn, named_only=named_only)


_THROWN: dict[tuple[int, ...], DiceRoll] = {}


def _thrown(rest: tuple[int, ...]) -> DiceRoll:
    """``DiceRoll(rest)``, one shared object per sorted tuple of at most five faces."""
    return interned(_THROWN, rest, lambda: DiceRoll(rest), rest in FACE_TUPLES)


def _five_dice_outcome(state: Any, roll: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
    """The throw a recorded roll of a `DiceTurn` shows: its dice less the dice kept."""
    keep, dice = roll
    rest = rest_of(dice, keep)
    if rest is None:
        return Misfit(
            list(dice),
            Text.of(N_("five dice including the kept {kept}"), kept=str(list(keep))),
            Text.of(
                N_("shows {dice}, which does not include the dice kept, {kept}"),
                dice=str(list(dice)),
                kept=str(list(keep)),
            ),
        )
    return _thrown(rest)


def five_dice_replay(
    *,
    start: Any,
    apply: Callable[[Any, Any], Any],
    roll: Callable[[tuple[int, ...]], Any],
    resume: Callable[[Any, Any], Any],
    enter: Callable[[Any, Any, Any, Mapping[str, int]], Entered | Refused],
    extra_bonus: Callable[[Any], int | None],
    roll_rule: str,
    turn_rule: str,
) -> TurnReplay:
    """The `TurnReplay` of a game of five dice with keeps, whose turns `five_dice_turns` reads.

    The game's rolls are ``roll(keep)`` actions answered by
    `kniffel_rules.dice.DiceRoll` outcomes, and its states show ``dice``:
    such a game gives only its solo start, ``apply``, the roll action, how a
    broken turn resumes and how a box takes the dice (its scoring). The
    other fields are as in `TurnReplay`.
    """
    actions: dict[tuple[int, ...], Any] = {}

    def roll_of(turn_roll: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
        keep = turn_roll[0]
        return interned(actions, keep, lambda: roll(keep), keep in FACE_TUPLES)

    return TurnReplay(
        start=start,
        apply=apply,
        roll=roll_of,
        kept=lambda turn_roll: list(turn_roll[0]),
        outcome=_five_dice_outcome,
        resume=resume,
        dice=lambda state: state.dice,
        enter=enter,
        extra_bonus=extra_bonus,
        roll_rule=roll_rule,
        turn_rule=turn_rule,
    )


def box_infos(
    boxes: Iterable[Any],
    rule: Mapping[Any, str],
    possible: Callable[[Any], frozenset[int]],
    described: Mapping[Any, str],
) -> tuple[BoxInfo, ...]:
    """The `BoxInfo` of each box on a sheet: a game's scoring, as the checker reads it.

    Args:
        boxes: The box members on the sheet, in sheet order.
        rule: Each box's scoring clause id.
        possible: Every value a box can hold on paper, 0 included.
        described: For a box holding a sum, the words listing what it can
            hold (instead of the values).
    """
    infos = []
    for b in boxes:
        values = possible(b)
        expected = described.get(b) or tuple(sorted(values))
        infos.append(BoxInfo(b, b.key, b.label, rule[b], values, expected))
    return tuple(infos)


def game_document(
    sheet: Layout, entries: Sequence[int | None], extra_bonus: int, derived: bool
) -> dict[str, Any]:
    """One game of a sheet document: the filled boxes, the extra bonus and the derived fields.

    Args:
        sheet: The game's layout under its rules.
        entries: The entries by box number (``None``: open).
        extra_bonus: The extra-Kniffel bonus credited (a line of its own
            when the layout has one; in the total either way).
        derived: Include the sums, bonus and totals.
    """
    doc: dict[str, Any] = {sheet.keys[b]: v for b in sheet.boxes if (v := entries[b]) is not None}
    if sheet.extra_bonus:
        doc["extra_kniffel_bonus"] = extra_bonus
    if derived:
        values = (
            sheet.upper_sum(entries),
            sheet.upper_bonus(entries),
            sheet.upper_total(entries),
            sheet.lower_total(entries),
            sheet.total(entries, extra_bonus),
        )
        doc.update(zip(DERIVED, values, strict=True))
    return doc


class Recorded(Protocol):
    """A recorded game as a game's ``write_sheet`` reads it (`kniffel_rules.GameRecord` is one)."""

    @property
    def initial(self) -> Any:
        """The state the game started from."""
        ...

    @property
    def actions(self) -> Sequence[Any]:
        """Every action and chance outcome, in order."""
        ...


def recorded_start(record: object, state_class: type[T], game: str) -> T:
    """The state a recorded game of one game started from; ``record`` checked first.

    Args:
        record: What a caller passed as a recorded game.
        state_class: The game's ``State``.
        game: The game's name as an error message reads it (``"a classic"``).

    Raises:
        InvalidStateError: ``record`` is not a recorded game of this game (no
            ``initial`` of its ``State``, no sequence of ``actions``; path ``record``).
    """
    expected = f"expected {game} game recorded by kniffel_rules.record"
    missing = object()
    initial = getattr(record, "initial", missing)
    actions = getattr(record, "actions", missing)
    if initial is missing or actions is missing:
        raise InvalidStateError("record", f"{expected}, got {type(record).__name__}")
    if not isinstance(initial, state_class):
        kind = type(initial)
        got = f"one starting from a {kind.__module__}.{kind.__qualname__}"
        raise InvalidStateError("record", f"{expected}, got {got}")
    if not isinstance(actions, (tuple, list)):
        got = f"actions of type {type(actions).__name__}"
        raise InvalidStateError("record", f"{expected}, got {got}")
    return initial


Scored = tuple[Any, Any, Any, dict[str, Any]]
"""A scoring action of a replay: the state before, the action, the state after, its turn."""


def scored_turns(
    record: Recorded,
    apply: Callable[[Any, Any], Any],
    score: type[Any],
    roll: type[Any],
    keep: Callable[[Any], dict[str, Any]],
    thrown: Callable[[Any, Any, Any], dict[str, Any] | None],
) -> tuple[list[Scored], Any]:
    """Replay a recorded game as a sheet writer reads it: every turn with its rolls.

    Args:
        record: The recorded game.
        apply: The game's ``apply``.
        score: The game's action that fills a box (it has ``box``).
        roll: The game's roll action: a turn's first has an empty entry,
            a later one ``keep(action)``.
        keep: The fields of a later roll (what it keeps).
        thrown: ``thrown(outcome, before, after)``: the fields a throw adds
            to the last roll (the dice showing), ``None`` for any other
            outcome (a roll-off).

    Returns:
        ``(scored, last)``: for every ``score`` action ``(before, action,
        after, turn)`` with ``turn = {"box": key, "rolls": [...]}``, in order;
        and the state after the last action.
    """
    scored: list[Scored] = []
    rolls: list[dict[str, Any]] = []
    state = record.initial
    for action in record.actions:
        before = state
        state = apply(state, action)
        if isinstance(action, roll):
            rolls.append(keep(action) if before.rolls else {})
        elif isinstance(action, score):
            scored.append((before, action, state, {"box": action.box.key, "rolls": rolls}))
            rolls = []
        else:
            dice = thrown(action, before, state)
            if dice is not None:
                rolls[-1].update(dice)
    return scored, state
