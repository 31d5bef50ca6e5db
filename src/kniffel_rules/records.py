"""Game records on the wire: a whole game as one JSON document, read back by replaying it.

`record_to_json` writes a `GameRecord` of any game (finished or in
progress) as a document that names the game, its rules and players, the
starting state and every action and chance outcome in order, in the game's
``action_to_dict`` form::

    {"format": "kniffel-rules/record", "version": 1, "variant": "classic",
     "players": ["Ann", "Ben"], "rules": {...}, "initial": {...},
     "actions": [{"type": "roll", "keep": []}, {"type": "dice", "values": [1, 2, 3, 3, 6]},
                 ...],
     "finished": true, "scores": [212, 187]}

`record_from_json` reads it back and validates every step by replaying it
with the game's ``apply``: the first action that is not legal where it
stands is a `RecordError` naming its index (``actions[17]``), the rule's
reason and its clause id. The format is documented in ``docs/records.md``
and by the JSON Schema ``kniffel_rules/schemas/record.schema.json``.

A game whose decisions were split after a record was written offers
``replay_steps(state, action)``: the reader replays an action of the older
form as those steps (the card game's whole ``play`` becomes its ``begin``
and ``pick`` decisions), and the record read back holds today's actions.

A record of the card game can be cut down to what one player saw
(``record_to_json(record, player=1)``): every chance outcome that player
did not see (a card dealt to or drawn by another hand) is written
``{"type": "hidden"}`` and the starting state is that player's
observation. Such a document cannot be replayed (the other hands are
unknown); `player_record_from_json` reads and validates it.

Examples:
    >>> from kniffel_rules import random_policy, record, record_from_json, record_to_json
    >>> rec = record("classic", [random_policy, random_policy], seed=7)
    >>> record_from_json(record_to_json(rec)) == rec
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final, cast

import attrs

from kniffel_rules import _json
from kniffel_rules._common import check_name, seat_name
from kniffel_rules._fields import check_seat
from kniffel_rules._i18n import N_, Named, Text
from kniffel_rules._text import brief
from kniffel_rules._types import CHANCE
from kniffel_rules.errors import IllegalActionError, InvalidStateError, KniffelError
from kniffel_rules.lang import LANGS
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.playing import GameRecord
from kniffel_rules.variant import VARIANTS, Variant, get_variant

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "VERSION",
    "PlayerRecord",
    "RecordError",
    "Replayed",
    "player_record_from_json",
    "read_record",
    "record_from_json",
    "record_to_json",
    "schema",
]

FORMAT: Final = "kniffel-rules/record"
"""The ``format`` tag of a record document."""
VERSION: Final = 1
"""The version of the record document written by `record_to_json` (the only one read)."""
MAX_ACTIONS: Final = 1_000_000
"""The most actions a record document may hold (`kniffel_rules.record`'s default ``max_steps``)."""

_REQUIRED: Final = (
    "format",
    "version",
    "variant",
    "players",
    "rules",
    "initial",
    "actions",
    "finished",
    "scores",
)
_HIDDEN: Final = {"type": "hidden"}


class RecordError(InvalidStateError):
    """An action of a record that cannot be read or is not legal where it stands.

    Its ``path`` is ``actions[i]`` (or a field within it, ``actions[3].keep``)
    and its message says why: for an illegal action its canonical text, the
    rule's reason and the clause id (``actions[17]: score kniffel: roll the
    dice before entering a score [CL-47]``).

    Attributes:
        index: The index of the action in the record's ``actions``.
        rule: The clause id of the rule that refuses the action; ``""`` when
            the object is not an action of the game at all.
        reason: The rule's reason (``"roll the dice before entering a
            score"``); ``""`` when the object is not an action of the game.
        text: The action's canonical text (``"score kniffel"``), ``""`` when
            it is not an action of the game.
    """

    def __init__(
        self, index: int, path: str, message: str, rule: str = "", reason: str = "", text: str = ""
    ) -> None:
        self.index = index
        self.rule = rule
        self.reason = reason
        self.text = text
        super().__init__(path, message)


@attrs.frozen(slots=True)
class PlayerRecord:
    """A record as one player saw it: read by `player_record_from_json`.

    A record cut down for a player of the card game cannot be replayed
    exactly: the cards the other players were dealt or drew are unknown, so
    the states along the game cannot be rebuilt. Its structure and every
    visible action are validated; the hidden ones are ``None``.

    Attributes:
        variant: The game's registry name.
        viewer: The seat whose view it is.
        players: The players' names, in seat order.
        rules: The game's ``Rules``.
        initial: The viewer's observation of the starting state, as the
            game's ``observation_to_dict`` writes it (read, not rebuilt).
        actions: Every action and outcome in order, ``None`` where hidden
            from the viewer.
    """

    variant: str
    viewer: int
    players: tuple[str, ...]
    rules: Any
    initial: dict[str, Any]
    actions: tuple[Any, ...]


@attrs.frozen(slots=True)
class Replayed:
    """What `read_record` established about a record document.

    Attributes:
        record: The record of the actions that replay legally (all of them
            unless ``error``), ``final`` the state they reach.
        error: The first action that is not legal where it stands (only when
            `read_record` was asked not to raise it), else ``None``.
        finished: The document's ``finished`` as written.
        scores: The document's ``scores`` as written.
        viewer: The document's ``viewer``, or ``None``.
    """

    record: GameRecord
    error: RecordError | None
    finished: bool
    scores: tuple[int, ...]
    viewer: int | None


def _hides(game: Any) -> Any:
    """The game's ``hidden_from`` (the card game), or ``None`` when nothing is hidden."""
    return getattr(game, "hidden_from", None)


def _infer_variant(state: Any) -> str:
    """The registry name of the game whose ``State`` is the type of ``state``, else ``""``."""
    for name in VARIANTS:
        if type(state) is getattr(get_variant(name), "State", None):
            return name
    return ""


def _game_of_record(record: GameRecord) -> tuple[str, Variant]:
    name = record.variant
    if not isinstance(name, str):
        raise InvalidStateError(
            "variant", Text.of(N_("expected a game name, got {shown}"), shown=brief(name))
        )
    if name == "":
        name = _infer_variant(record.initial)
        if not name:
            raise InvalidStateError(
                "initial",
                Text.of(
                    N_("not a state of a registered game ({known}), got {type}"),
                    known=", ".join(VARIANTS),
                    type=type(record.initial).__name__,
                ),
            )
    elif name not in VARIANTS:
        raise InvalidStateError(
            "variant",
            Text.of(
                N_("unknown game {shown}; known games: {known}"),
                shown=brief(name),
                known=", ".join(VARIANTS),
            ),
        )
    return name, get_variant(name)


def _repath(exc: InvalidStateError, prefix: str, old: str = "") -> str:
    """``exc.path`` moved under ``prefix`` (its leading ``old`` component replaced)."""
    path = exc.path
    if old and (path == old or path.startswith((old + ".", old + "["))):
        return prefix + path[len(old) :]
    if not path:
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


def record_to_json(record: GameRecord, *, player: int | None = None) -> str:
    """The record as a JSON document (format: ``docs/records.md``).

    Writing costs what encoding costs, so that an app can store a game after
    every action: each action is encoded with the game's ``action_to_dict``
    (which refuses anything that is not an action of the game), ``initial``
    with its ``to_dict``, and ``finished`` and ``scores`` are read from
    ``final``; the record is not replayed. `record_from_json` replays it, so
    a record whose actions are not legal, or whose ``final`` is not the state
    they reach, is written but refused on reading. A record cut down for one
    player of the card game is replayed while it is written (to know which
    outcomes the player saw), so there both are checked at once.

    Args:
        record: A record of any game (finished or not). Its ``variant`` may
            be ``""``: the game is then found from the type of ``initial``.
        player: Write the record as this seat saw it. In the card game every
            chance outcome the seat did not see becomes ``{"type": "hidden"}``
            and ``initial`` is the seat's ``observation_to_dict`` of the
            starting state; in the dice games nothing is hidden, so the
            document is the full one. Either way it carries ``"viewer"``.

    Returns:
        The document, compact JSON on one line.

    Raises:
        RecordError: An action that is not one of the game's (its path
            ``actions[i]``); for a card record cut down for one player, also
            one that is not legal where it stands.
        InvalidStateError: Not a `GameRecord`, an unknown ``variant``,
            ``initial`` or ``final`` not a state of the game, ``player`` not
            a seat; for a card record cut down for one player, also a
            ``final`` that is not the state the actions reach.
    """
    if not isinstance(record, GameRecord):
        raise InvalidStateError(
            "record", Text.of(N_("expected a GameRecord, got {type}"), type=type(record).__name__)
        )
    name, game = _game_of_record(record)
    try:
        initial_doc = game.to_dict(record.initial)
    except InvalidStateError as exc:
        raise InvalidStateError(_repath(exc, "initial"), exc.detail) from None
    initial = record.initial
    names: tuple[str, ...] = initial.names
    hidden_from = None
    if player is not None:
        check_seat(player, len(names), "player")
        hidden_from = _hides(game)
    actions = record.actions
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        raise InvalidStateError(
            "actions", Text.of(N_("expected a tuple of actions, got {shown}"), shown=brief(actions))
        )
    written = [_encode(game, action, i) for i, action in enumerate(actions)]
    if hidden_from is not None:
        _redact(game, record, written, hidden_from, player)
    final = record.final
    try:
        finished, scores = game.is_terminal(final), list(game.scores(final))
    except InvalidStateError as exc:
        raise InvalidStateError(_repath(exc, "final"), exc.detail) from None
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": name,
        "players": list(names),
        "rules": initial.rules.to_dict(),
        "initial": initial_doc,
        "actions": written,
        "finished": finished,
        "scores": scores,
    }
    if player is not None:
        doc["viewer"] = player
        if hidden_from is not None:
            doc["initial"] = game.observation_to_dict(game.observation(initial, player))
    return _json.dumps(doc)


def _encode(game: Variant, action: Any, index: int) -> dict[str, Any]:
    try:
        return game.action_to_dict(action)
    except InvalidStateError as exc:
        path = _repath(exc, f"actions[{index}]", "action")
        raise RecordError(index, path, exc.detail) from None


def _redact(
    game: Variant, record: GameRecord, written: list[dict[str, Any]], hidden_from: Any, player: Any
) -> None:
    """Replay the record; each outcome ``player`` does not see becomes ``{"type": "hidden"}``."""
    state = record.initial
    for i, action in enumerate(record.actions):
        if game.current_player(state) == CHANCE and hidden_from(state, player):
            written[i] = dict(_HIDDEN)
        state = _step(game, state, action, i)
    if state != record.final:
        raise InvalidStateError("final", N_("is not the state that the actions lead to"))


def _step(game: Variant, state: Any, action: Any, index: int) -> Any:
    """``apply``, an illegal action becoming a `RecordError` with its reason and clause id."""
    try:
        return game.apply(state, action)
    except IllegalActionError as exc:
        raise _illegal(game, action, index, exc) from None


def _illegal(game: Variant, action: Any, index: int, exc: IllegalActionError) -> RecordError:
    try:
        text = game.action_to_text(action)
    except KniffelError:
        text = brief(action)
    reason = exc.message  # the refusal itself (a `Rejection` localizes), its text ``str(exc)``
    named = _named_action(game, action, text)
    if exc.rule:
        said = Text.of(N_("{text}: {reason} [{rule}]"), text=named, reason=reason, rule=exc.rule)
    else:
        said = Text.of(N_("{text}: {reason}"), text=named, reason=reason)
    return RecordError(index, f"actions[{index}]", said, exc.rule, reason, text)


def _named_action(game: Variant, action: Any, text: str) -> object:
    """An action as a sentence names it: ``text`` in English, the game's menu line in the others.

    ``text`` is the action's canonical text (``"score chance"``, what
    `RecordError.text` holds); German reads the line its menu shows
    (``"Chance eintragen"``). An object the game cannot render stays ``text``.
    """
    try:
        lines = {lang: game.render_action(action, lang=lang) for lang in LANGS if lang != "en"}
    except KniffelError:
        return text
    return Named({"en": text, **lines})


def _decode(game: Variant, value: Any, index: int) -> Any:
    try:
        return game.action_from_dict(value)
    except InvalidStateError as exc:
        path = _repath(exc, f"actions[{index}]", "action")
        raise RecordError(index, path, exc.detail) from None


def _header(doc: Any) -> tuple[str, Variant, dict[str, Any]]:
    """Check the document's object, format, version and variant."""
    doc = _json.get_object(doc, "", required=_REQUIRED, optional=("viewer",))
    if doc["format"] != FORMAT:
        raise InvalidStateError(
            "format",
            Text.of(
                N_("expected {expected}, got {value}"),
                expected=repr(FORMAT),
                value=brief(doc["format"]),
            ),
        )
    _json.get_int(doc, "version", "", VERSION, VERSION)
    name = _json.get_str(doc, "variant", "", VARIANTS)
    return name, get_variant(name), doc


def _players(doc: dict[str, Any]) -> tuple[str, ...]:
    names = _json.get_list(doc, "players", "", check_name, max_length=MAX_PLAYERS)
    if not names:
        raise InvalidStateError("players", N_("a game has at least one player"))
    return names


def _rules(game: Variant, doc: dict[str, Any]) -> Any:
    return game.Rules.from_dict(doc["rules"], "rules")


def _written_result(doc: dict[str, Any], n: int) -> tuple[bool, tuple[int, ...]]:
    finished = _json.get_bool(doc, "finished", "")
    scores = _json.get_list(doc, "scores", "", _json.check_int, length=n)
    return finished, scores


def read_record(doc: Any, *, stop_at_illegal: bool = True) -> Replayed:
    """Validate a parsed record document and replay it (the reader of `record_from_json`).

    Everything `record_from_json` checks is checked here except that the
    written ``finished`` and ``scores`` agree with the replay: they are
    returned as written, for the caller to compare (the score-sheet verifier
    reports a disagreement as a finding).

    Args:
        doc: The parsed JSON document (a dict).
        stop_at_illegal: Raise the `RecordError` of the first illegal
            action; when false, stop replaying there and return it in
            `Replayed.error` (the actions after it are still decoded, so a
            malformed one still raises).

    Returns:
        The replay.

    Raises:
        RecordError: An action that is not one of the game's (or, with
            ``stop_at_illegal``, not legal where it stands).
        InvalidStateError: Anything else that is wrong with the document;
            the message names the field (a dict given directly is first held
            to what parsed text holds: `kniffel_rules._json.check_tree`).
    """
    _json.check_tree(doc)
    return _replay_document(doc, stop_at_illegal=stop_at_illegal)


def _replay_document(doc: Any, *, stop_at_illegal: bool = True) -> Replayed:
    """`read_record` of a document already held to what parsed text holds (not walked again)."""
    name, game, doc = _header(doc)
    viewer: int | None = None
    if "viewer" in doc:
        viewer = _json.check_int(doc["viewer"], "viewer", 0, MAX_PLAYERS - 1)
    names = _players(doc)
    if viewer is not None:
        check_seat(viewer, len(names), "viewer")
        if _hides(game) is not None:
            raise InvalidStateError(
                "viewer",
                Text.of(
                    N_(
                        "this record of {game} is cut down to what {name} saw and cannot be "
                        "replayed (the other hands are hidden); read it with "
                        "player_record_from_json"
                    ),
                    game=Named(game.INFO.titles),
                    name=seat_name(names, viewer, cast(Any, game).GAME.default_names),
                ),
            )
    rules = _rules(game, doc)
    initial = _initial_state(game, doc)
    if tuple(initial.names) != names:
        raise InvalidStateError("players", N_("the names differ from those of the initial state"))
    if initial.rules != rules:
        raise InvalidStateError("rules", N_("the rules differ from those of the initial state"))
    raw = _json.get_list(doc, "actions", "", lambda v, p: v, max_length=MAX_ACTIONS)
    finished, scores = _written_result(doc, len(names))
    actions: list[Any] = []
    error: RecordError | None = None
    state = initial
    expand = getattr(game, "replay_steps", None)  # an older record's action in today's steps
    for i, value in enumerate(raw):
        action = _decode(game, value, i)
        if error is not None:
            continue
        for step in expand(state, action) if expand is not None else (action,):
            try:
                state = game.apply(state, step)
            except IllegalActionError as exc:
                error = _illegal(game, action, i, exc)
                if stop_at_illegal:
                    raise error from None
                break
            actions.append(step)
    rec = GameRecord(initial, tuple(actions), state, name)
    return Replayed(rec, error, finished, scores, viewer)


def _object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        kind = "null" if value is None else type(value).__name__
        raise InvalidStateError(path, Text.of(N_("expected an object, got {type}"), type=kind))
    return value


def _initial_state(game: Variant, doc: dict[str, Any]) -> Any:
    value = _object(doc["initial"], "initial")
    try:
        return game.from_dict(value)
    except InvalidStateError as exc:
        raise InvalidStateError(_repath(exc, "initial"), exc.detail) from None


def record_from_json(text: str | bytes) -> GameRecord:
    """Read a record document back, validating every action by replaying it.

    Args:
        text: The document of `record_to_json` (JSON text).

    Returns:
        The record, ``variant`` the game's registry name and ``final`` the
        state the actions reach (terminal when the game is finished).

    Raises:
        RecordError: The first action that is not an action of the game, or
            not legal where it stands; ``index`` is its position, the
            message gives the rule's reason and clause id.
        InvalidStateError: Anything else wrong (not JSON, another format or
            version, a missing or unknown key, a bad starting state, rules
            or names that differ from the starting state's, ``finished`` or
            ``scores`` that differ from the replay, a record cut down for
            one player of the card game); the message names the field.

    Examples:
        >>> from kniffel_rules import record_from_json
        >>> record_from_json('{"format": "kniffel-rules/record", "version": 2}')
        Traceback (most recent call last):
        ...
        kniffel_rules.errors.InvalidStateError: missing field 'variant'
    """
    replayed = _replay_document(_json.loads(text))
    rec = replayed.record
    game = get_variant(rec.variant)
    finished = game.is_terminal(rec.final)
    if replayed.finished != finished:
        says = (
            N_("says the game is over, but the actions do not end it")
            if replayed.finished
            else N_("says the game goes on, but the actions end it")
        )
        raise InvalidStateError("finished", says)
    scores = tuple(game.scores(rec.final))
    if replayed.scores != scores:
        raise InvalidStateError(
            "scores",
            Text.of(
                N_("{written}, but the actions give {scores}"),
                written=brief(list(replayed.scores)),
                scores=brief(list(scores)),
            ),
        )
    return rec


def player_record_from_json(text: str | bytes) -> PlayerRecord:
    """Read a record cut down for one player (``record_to_json(record, player=p)``).

    The card game's such record cannot be replayed exactly: the cards dealt
    to or drawn by the other players are hidden, so the states along the
    game are unknown, and so is whether its actions were legal. Its
    structure, names and rules are validated, ``initial`` must be the
    viewer's observation of the game, read with every check of the game's
    ``observation_from_dict`` (its ``player`` the viewer, its names and
    ``rules`` those of the header), and is kept as the object it is, and every visible action is
    decoded with the game's ``action_from_dict``. A dice game hides nothing, so its player
    record is a full record: it is replayed and checked like
    `record_from_json` does, and ``initial`` is the viewer's
    ``observation_to_dict`` of the starting state.

    Args:
        text: The document (JSON text); it must carry ``viewer``.

    Returns:
        The player's record.

    Raises:
        RecordError: A visible action that is not an action of the game
            (its path ``actions[i]``), or, in a dice game, not legal.
        InvalidStateError: Anything else wrong; the message names the field.
    """
    doc = _json.loads(text)
    name, game, doc = _header(doc)
    if "viewer" not in doc:
        raise InvalidStateError(
            "viewer", N_("missing: this is a full record; read it with record_from_json")
        )
    hidden_from = _hides(game)
    if hidden_from is None:
        rec = record_from_json(text)
        viewer = check_seat(doc["viewer"], len(rec.initial.names), "viewer")
        initial = game.observation_to_dict(game.observation(rec.initial, viewer))
        return PlayerRecord(
            name, viewer, tuple(rec.initial.names), rec.initial.rules, initial, rec.actions
        )
    names = _players(doc)
    viewer = check_seat(doc["viewer"], len(names), "viewer")
    rules = _rules(game, doc)
    initial = _object(doc["initial"], "initial")
    try:  # every check of observation_from_dict: fields, types, cards each once, the counts
        seen = game.observation_from_dict(initial)
    except InvalidStateError as exc:
        raise InvalidStateError(_repath(exc, "initial", "observation"), exc.detail) from None
    if seen.player != viewer:
        raise InvalidStateError(
            "initial.player", Text.of(N_("expected the viewer, {viewer}"), viewer=viewer)
        )
    if tuple(seen.names) != names:
        raise InvalidStateError(
            "players", N_("the names differ from those of the initial observation")
        )
    if seen.rules != rules:
        raise InvalidStateError(
            "rules", N_("the rules differ from those of the initial observation")
        )
    raw = _json.get_list(doc, "actions", "", lambda v, p: v, max_length=MAX_ACTIONS)
    _written_result(doc, len(names))
    actions = tuple(None if v == _HIDDEN else _decode(game, v, i) for i, v in enumerate(raw))
    return PlayerRecord(name, viewer, names, rules, dict(initial), actions)


def schema() -> dict[str, Any]:
    """The JSON Schema of the record document (shipped as ``schemas/record.schema.json``)."""
    text = resources.files("kniffel_rules.schemas").joinpath("record.schema.json")
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result
