"""A five-dice game scored on a box sheet, written once over its sheet as data.

A game of this shape (its engine subclasses `BoxGame`) is the five-dice turn
of `kniffel_rules._dicegame` (up to three throws, any dice kept, the roll-off)
and a column of boxes that the dice are entered in, each worth the points
its scoring gives, with the upper bonus of its `kniffel_rules.boxsheet.Layout`
and no joker. Such a game supplies only its material: its ``Rules``, its box
enum (members numbered in sheet order, with ``key`` and ``labels``), its
layout, the points of every sorted roll in every box, whether the boxes are
filled in order, and its clause ids. `BoxGame` makes the protocol of it; the
functions below make its document, its text, its picture rows, its adapter
data and its paper-sheet checker, so that the game's package is its rules.

A state of such a game is a `BoxState` (each player's entries by box number,
``None`` while open); the game subclasses it only to have a class of its own.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import compress, repeat
from operator import is_
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from kniffel_rules import _dicegame, _json
from kniffel_rules._boxsheetcheck import (
    DiceTurn,
    Entered,
    Recorded,
    Refused,
    SheetSpec,
    SheetVerifier,
    box_infos,
    five_dice_replay,
    five_dice_turns,
    game_document,
)
from kniffel_rules._common import (
    check_name,
    check_turn_order,
    player_names,
    rules_from_dict,
    top_seats,
)
from kniffel_rules._dicegame import FIRST_ROLL, DiceGame, Phase, Roll, check_keep, keep_actions
from kniffel_rules._dicerender import (
    WORDS,
    cell,
    dice_line,
    faces,
    lines,
    roll_off_line,
    table,
    to_move_line,
    winners_line,
)
from kniffel_rules._dicewire import (
    DICE_FORM,
    ROLL_FORM,
    SCORE_VERBS,
    OpenObservation,
    dice_text,
    named,
    open_observation,
    open_observation_from_dict,
    open_observation_to_dict,
    parse_open,
    read_dice,
    read_roll,
    roll_text,
)
from kniffel_rules._tensor import dice_header, face_counts, keeps
from kniffel_rules.boxsheet import Layout, SolitairePosition
from kniffel_rules.dice import DiceRoll, all_multisets
from kniffel_rules.errors import InvalidStateError, KniffelError, Rejection
from kniffel_rules.game import GameInfo
from kniffel_rules.lang import Lang, check_lang, word
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.notation import Phrasebook, said, words
from kniffel_rules.rolloff import RollOff
from kniffel_rules.wire import Codec, Form, enum_kind

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["ROLLS", "BoxEnum", "BoxGame", "BoxState", "RulesDocument", "points_table"]

Entries = tuple["int | None", ...]
ROLLS: tuple[tuple[int, ...], ...] = all_multisets(5)
"""Every sorted throw of five dice (252), in lexicographic order."""

S = TypeVar("S", bound="BoxState")
V = TypeVar("V", bound=OpenObservation)
A = TypeVar("A")


class BoxEnum(enum.Enum):
    """A box of a box sheet: its number (sheet order), its JSON key and its labels.

    A game's ``Box`` subclasses it with members written ``ONES = 0, "Ones",
    "Einser"``: the number (the member's ``value``), the English and the
    German label.
    """

    _value_: int
    _labels: Mapping[Lang, str]

    def __new__(cls, number: int, en: str, de: str) -> Self:
        """The member numbered ``number``, labelled ``en`` and ``de``."""
        member = object.__new__(cls)
        member._value_ = number
        member._labels = {"en": en, "de": de}
        return member

    @property
    def key(self) -> str:
        """The JSON key of the box: its name in lower case (``"one_pair"``)."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The English label (``"One pair"``)."""
        return self._labels["en"]

    @property
    def labels(self) -> Mapping[Lang, str]:
        """The label in each language (``{"en": "One pair", "de": "Ein Paar"}``)."""
        return self._labels

    def __repr__(self) -> str:
        return f"Box.{self.name}"


class RulesDocument:
    """The document form of a frozen attrs ``Rules``: `to_dict` and `from_dict`."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict of every option."""
        return attrs.asdict(self)  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, doc: Any, path: str = "rules") -> Self:
        """Read rules from a dict; missing options take their defaults.

        Raises:
            InvalidStateError: Not a mapping, an unknown option or a bad value (path ``rules.*``).
        """
        return rules_from_dict(cls, doc, path)


@attrs.frozen(slots=True)
class BoxState:
    """A box-sheet dice game at one moment. Immutable; a game subclasses it to name its own.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order.
        sheets: Each player's entries, by box number (``None`` while open).
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off and at the end).
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            throw). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far (0..3).
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.
    """

    rules: Any
    names: tuple[str, ...]
    sheets: tuple[Entries, ...]
    phase: Phase
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0
    first_player: int | None = 0
    roll_off: RollOff | None = None

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)


def points_table(
    score: Callable[[int, tuple[int, ...]], int], boxes: int
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every sorted throw of five dice with its points in each of ``boxes`` boxes."""
    return {dice: tuple(score(b, dice) for b in range(boxes)) for dice in ROLLS}


class BoxGame(DiceGame[S, V, A]):
    """The rules of a box-sheet dice game, from its sheet as data.

    A subclass sets `info`, `state_class`, `observation_class`, ``decisions``
    (``(Roll, Score)``) and:

    Attributes:
        score_class: The game's ``Score`` action (one field, ``box``).
        box_class: The box enum (``value`` = box number = sheet order).
        ids: The clause ids: ``rolls``, ``first``, ``all``, ``keep`` (the
            throw, see `kniffel_rules._dicegame.check_keep`), ``early`` (a
            score before the first throw), ``filled`` (a box already
            filled), ``order`` (a box out of the forced order), ``extra``
            (the sheet has no extra bonus), ``over`` (the game ends when
            every box is filled).
        box_ids: The clause of each box's scoring, by box member.
        layout_of: ``layout_of(rules)``: the sheet (`Layout`).
        points_of: ``points_of(rules)``: the points of every sorted throw in
            every box, by box number.
        forced_of: ``forced_of(rules)``: whether boxes are filled top to bottom.
        aliases: What else players call the boxes (besides their labels and keys).
        rules_class: The game's ``Rules``.
    """

    __slots__ = ()

    score_class: type
    box_class: type[enum.Enum]
    ids: ClassVar[Mapping[str, str]]
    box_ids: ClassVar[Mapping[Any, str]]
    layout_of: Callable[[Any], Layout]
    points_of: Callable[[Any], Mapping[tuple[int, ...], tuple[int, ...]]]
    forced_of: Callable[[Any], bool]
    aliases: Mapping[Any, tuple[str, ...]] = {}

    def declare(self, name: str, titles: Mapping[Lang, str], solitaire: Any) -> GameInfo:
        """Set and return the game's `GameInfo`.

        One to `kniffel_rules.limits.MAX_PLAYERS` players, a score sheet, the
        ``"box_sheet"`` picture, the adapters' data of this kit, the solver's
        sheet ``solitaire(rules)`` and a position read by hand (`hand_position`).
        """
        position = SolitairePosition(
            keys=tuple(b.key for b in self.box_class),  # type: ignore[attr-defined]
            box_key=lambda text: None if (b := self.read_box(text)) is None else b.key,
            build=self.hand_position,
        )
        info = GameInfo(
            name=name,
            titles=titles,
            min_players=1,
            max_players=MAX_PLAYERS,
            score_sheet=True,
            picture="box_sheet",
            action_index=self.action_index,
            chance_index=self.chance_index,
            tensor=self.tensor,
            bounds=self.bounds,
            solitaire=solitaire,
            position=position,
        )
        type(self).info = info
        return info

    # -- the rules of play --------------------------------------------------

    def misfit(self, state: S, action: object) -> str:
        """The refusal of an object that is neither a roll nor a score."""
        shown = said(action, self.action_to_text)
        return f"it is {state.names[state.player]}'s turn: expected Roll or Score, got {shown}"

    def problem(self, state: S, action: Any) -> Rejection | None:
        """Why a player's ``action`` is illegal now, or ``None``: the rule of a roll or a score."""
        if isinstance(action, Roll):
            return check_keep(
                state.rolls, state.dice, action.keep, "enter the dice in a box", self.ids
            )
        ids = self.ids
        if state.rolls == 0:
            return Rejection("roll the dice before entering a score", ids["early"])
        box: object = action.box
        if not isinstance(box, self.box_class):
            return Rejection(f"Score needs a {self.info.name} Box, got {box!r}", "PR-01")
        entries = state.sheets[state.player]
        filled = entries[box.value]
        label = box.labels["en"]  # type: ignore[attr-defined]
        if filled is not None:
            return Rejection(f"box {label} is already filled ({filled})", ids["filled"])
        if self.forced_of(state.rules):
            first = entries.index(None)
            if box.value != first:
                due = self.box_class(first).labels["en"]  # type: ignore[attr-defined]
                return Rejection(
                    f"the boxes are filled top to bottom: {due} is next, not {label}", ids["order"]
                )
        return None

    def _scores(self, rules: Any) -> tuple[Any, ...]:
        return _score_actions(self.score_class, self.box_class)

    def candidates(self, state: S) -> tuple[A, ...]:
        """Every box's ``Score``, then the first roll or every keep that throws a die."""
        rolls: tuple[Any, ...] = FIRST_ROLL if state.rolls == 0 else keep_actions(state.dice)
        return (*self._scores(state.rules), *rolls)

    def listing(self, state: S) -> tuple[A, ...]:
        """The legal actions, fast: provably ``candidates`` filtered by ``problem``."""
        if state.rolls == 0:
            return FIRST_ROLL  # type: ignore[return-value]
        entries = state.sheets[state.player]
        every = self._scores(state.rules)
        if self.forced_of(state.rules):
            scores: tuple[Any, ...] = (every[entries.index(None)],)
        else:
            scores = tuple(compress(every, map(is_, entries, repeat(None))))
        return scores if state.rolls >= 3 else scores + keep_actions(state.dice)

    def decide(self, state: S, action: Any) -> S:
        """The state after a legal roll (the throw is pending) or score (the next turn)."""
        cls = type(state)
        if isinstance(action, Roll):
            return cls(
                state.rules,
                state.names,
                state.sheets,
                Phase.THROW,
                state.player,
                action.keep,
                state.rolls,
                state.first_player,
                state.roll_off,
            )
        p = state.player
        box: int = action.box.value
        sheets = list(state.sheets)
        entries = list(sheets[p])
        entries[box] = self.points_of(state.rules)[state.dice][box]
        sheets[p] = tuple(entries)
        nxt = (p + 1) % len(sheets)
        if None in sheets[nxt]:
            return cls(
                state.rules,
                state.names,
                tuple(sheets),
                Phase.DECIDE,
                nxt,
                (),
                0,
                state.first_player,
                state.roll_off,
            )
        return cls(
            state.rules,
            state.names,
            tuple(sheets),
            Phase.OVER,
            0,
            (),
            0,
            state.first_player,
            state.roll_off,
        )

    outcome_problem = staticmethod(_dicegame.throw_problem)
    happen = staticmethod(_dicegame.throw_happen)

    def totals(self, state: S) -> tuple[int, ...]:
        """Each player's running total (entries and the upper bonus once reached)."""
        sheet = self.layout_of(state.rules)
        return tuple(sheet.total(e) for e in state.sheets)

    def ranking(self, state: S) -> tuple[int, ...]:
        """The seats with the highest total (ties share)."""
        return top_seats(self.totals(state))

    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score so far: the running total.

        Raises:
            InvalidStateError: ``state`` is not the game's ``State``.
        """
        self.check_state(state)
        return self.totals(state)

    def new_game(
        self, players: int | Sequence[str] = 1, rules: Any = None, first_player: int | None = None
    ) -> S:
        """A new game: the roll-off for two or more players without ``first_player``.

        Raises:
            InvalidStateError: Bad ``players``, ``rules`` or ``first_player``.
        """
        default = self.rules_class()
        if rules is None:
            rules = default
        elif not isinstance(rules, type(default)):
            raise InvalidStateError(
                "rules", f"expected {self.info.name}.Rules, got {type(rules).__name__}"
            )
        names = player_names(players, self.info.min_players, self.info.max_players)
        empty = (None,) * len(self.box_class)
        make = self.state_class
        start: S = _dicegame.opening_state(
            lambda phase, **kw: make(rules, names, (empty,) * len(names), phase, **kw),
            len(names),
            first_player,
        )
        return start

    rules_class: type[Any]

    # -- the wire and the words ---------------------------------------------

    @property
    def codec(self) -> Codec[Any]:
        """The JSON forms of the actions and outcomes (`kniffel_rules.wire.Codec`)."""
        return _codec(self.info.name, self.score_class, self.box_class)

    def action_to_dict(self, action: object, /) -> dict[str, Any]:
        """The action or outcome as a JSON-ready object: ``{"type": "score", "box": key}``.

        Raises:
            InvalidStateError: Not an action or outcome of the game (path ``action``).
        """
        return self.codec.to_dict(action)

    def action_from_dict(self, data: object, /) -> Any:
        """The action or outcome of `action_to_dict`'s object, validated.

        Raises:
            InvalidStateError: Not such an object; the message names the field path.
        """
        return self.codec.from_dict(data)

    def action_to_text(self, action: object, /) -> str:
        """One canonical line: ``roll``, ``roll keep 3 3``, ``score one_pair``, ``dice 1 2 3 3 6``.

        Raises:
            InvalidStateError: Not an action or outcome of the game (path ``action``).
        """
        if isinstance(action, self.score_class):
            return f"score {action.box.key}"  # type: ignore[attr-defined]
        if isinstance(action, Roll):
            return roll_text(action)
        if isinstance(action, DiceRoll):
            return dice_text(action)
        raise InvalidStateError(
            "action", f"not an action or outcome of {self.info.name}: {type(action).__name__}"
        )

    def read_box(self, text: object) -> Any:
        """The box ``text`` names (any label, alias or key, English or German), else ``None``."""
        found = self.phrasebook.whole(words(text)) if isinstance(text, str) else None
        return found

    @property
    def phrasebook(self) -> Phrasebook[Any]:
        """Every name of every box: the aliases, both languages' labels, the key."""
        return _phrasebook(self.box_class, tuple(self.aliases.items()))

    def reader(self, state: S, who: int) -> Callable[[list[str], str], list[Any]]:
        """The reader of a player's words for `kniffel_rules._dicewire.parse_open`."""
        boxes = self.phrasebook

        def read(tokens: list[str], raw: str) -> list[Any]:
            if who < 0:
                return list(read_dice(tokens))
            verb = _VERBS.match(tokens)
            box = boxes.whole(tokens[verb[1] :] if verb is not None else tokens)
            found = [] if box is None else [self.score_class(box)]
            return [*found, *read_roll(tokens, state.dice)]

        return read

    def render_action(self, action: object, /, *, lang: Lang = "en") -> str:
        """A short phrase for ``action`` in ``lang``: ``"Ein Paar eintragen"`` (German).

        Raises:
            UnknownLanguageError: ``lang`` is not one the library speaks.
            InvalidStateError: Not an action or outcome of the game (path ``action``).
        """
        lang = check_lang(lang)
        if isinstance(action, self.score_class):
            label = action.box.labels[lang]  # type: ignore[attr-defined]
            return word(WORDS, "score", lang).format(box=label)
        if isinstance(action, Roll):
            if not action.keep:
                return word(WORDS, "throw_all", lang)
            return word(WORDS, "keep", lang).format(dice=faces(action.keep))
        if isinstance(action, DiceRoll):
            return word(WORDS, "thrown", lang).format(dice=faces(action.values))
        raise InvalidStateError(
            "action",
            f"expected a {self.info.name} action or a DiceRoll, got {type(action).__name__}",
        )

    def parse_action(self, state: S | V, text: str, /) -> Any:
        """The legal action of ``state`` (or of a seat's observation) that ``text`` names.

        Raises:
            ActionParseError: Not understood, illegal (the rule quoted) or ambiguous.
            InvalidStateError: Not a State or Observation of the game.
        """
        cls: Any = self.observation_class
        return parse_open(
            self,
            cls,
            state,
            text,
            self.reader,
            self.action_to_text,
        )

    # -- the observations ---------------------------------------------------

    def observation(self, state: S, player: int, /) -> V:
        """What seat ``player`` sees of ``state``: all of it (nothing is hidden).

        Raises:
            InvalidStateError: Not the game's State, or ``player`` not a seat of it.
        """
        self.check_state(state)
        obs: V = open_observation(
            self.observation_class,  # type: ignore[arg-type]
            state,
            player,
            self.current_player,
            _seats,
        )
        return obs

    def observation_to_dict(self, observation: V, /) -> dict[str, Any]:
        """``{"variant", "player", "to_move", "state"}``, the state as `to_dict`'s document.

        Raises:
            InvalidStateError: Not an observation of the game (path ``observation``).
        """
        cls: Any = self.observation_class
        return open_observation_to_dict(observation, cls, self.info.name, self.to_dict)

    def observation_from_dict(self, data: Any, /) -> V:
        """Read `observation_to_dict`'s object, refusing a malformed or impossible view.

        Raises:
            InvalidStateError: The message names the field path.
        """
        cls: Any = self.observation_class
        obs: V = open_observation_from_dict(
            data, cls, self.info.name, self.from_dict, self.current_player, _seats
        )
        return obs

    # -- the pictures ---------------------------------------------------------

    def view_state(self, view: object) -> S:
        """The state a view shows (an observation's state).

        Raises:
            InvalidStateError: Neither the game's state nor its observation (path ``view``).
        """
        if self.observation_class is not None and isinstance(view, self.observation_class):
            view = getattr(view, "state", None)
        if not isinstance(view, self.state_class):
            raise InvalidStateError(
                "view", f"expected {self.info.name} State or Observation, got {type(view).__name__}"
            )
        return view  # type: ignore[no-any-return]

    def rows(self, view: object, lang: Lang) -> list[tuple[str, list[str], bool]]:
        """The sheet's lines in ``lang``: label, each player's cell, whether a sum."""
        state = self.view_state(view)
        sheet = self.layout_of(state.rules)
        entries = state.sheets
        labels = [b.labels[lang] for b in self.box_class]  # type: ignore[attr-defined]

        def boxes(section: tuple[int, ...]) -> list[tuple[str, list[str], bool]]:
            return [(labels[b], [cell(e[b]) for e in entries], False) for b in section]

        def line(key: str, values: Sequence[int], **kw: int) -> tuple[str, list[str], bool]:
            return (word(WORDS, key, lang).format(**kw), [str(v) for v in values], True)

        return [
            *boxes(sheet.upper),
            line("upper_sum", [sheet.upper_sum(e) for e in entries]),
            line(
                "bonus",
                [sheet.upper_bonus(e) for e in entries],
                bonus=sheet.bonus,
                at=sheet.threshold,
            ),
            line("upper_total", [sheet.upper_total(e) for e in entries]),
            *boxes(sheet.lower),
            line("lower_total", [sheet.lower_total(e) for e in entries]),
            line("total", [sheet.total(e) for e in entries]),
        ]

    def render(self, view: object, /, *, lang: Lang = "en") -> str:
        """A plain-text picture: whose turn, the dice, every sheet with its sums.

        Raises:
            UnknownLanguageError: ``lang`` is not one the library speaks.
            InvalidStateError: ``view`` is not the game's State or Observation.
        """
        lang = check_lang(lang)
        state = self.view_state(view)
        names = state.names
        if state.phase is Phase.ROLL_OFF and state.roll_off is not None:
            out = lines(roll_off_line(names, state.roll_off.contenders, state.roll_off.faces, lang))
        elif state.phase is Phase.OVER:
            out = lines(winners_line([names[p] for p in self.ranking(state)], lang))
        else:
            out = lines(to_move_line(names[state.player], lang))
            out.extend(lines(dice_line(state.phase is Phase.THROW, state.dice, state.rolls, lang)))
        rows = [(label, values) for label, values, _ in self.rows(state, lang)]
        return "\n".join([*out, "", *table(rows, names)])

    # -- the document ---------------------------------------------------------

    def possible(self, rules: Any, box: int) -> frozenset[int]:
        """Every value box number ``box`` can hold under ``rules``, a struck 0 included."""
        return _possible(self.points_of(rules), box)

    def to_dict(self, state: S) -> dict[str, Any]:
        """The state as a JSON-ready document (a new dict each call).

        Raises:
            InvalidStateError: ``state`` is not the game's ``State``.
        """
        self.check_state(state)
        keys = self.layout_of(state.rules).keys
        return {
            "format": f"kniffel-rules/{self.info.name}-state",
            "version": 1,
            "rules": state.rules.to_dict(),
            "players": [
                {"name": n, "sheet": {k: v for k, v in zip(keys, e, strict=True) if v is not None}}
                for n, e in zip(state.names, state.sheets, strict=True)
            ],
            "phase": state.phase.value,
            "player": state.player,
            "dice": list(state.dice),
            "rolls": state.rolls,
            "first_player": state.first_player,
            "roll_off": None if state.roll_off is None else state.roll_off.to_doc(),
        }

    def from_dict(self, data: Any) -> S:
        """Read `to_dict`'s document, checking every field and invariant.

        Raises:
            InvalidStateError: Malformed, or a state the rules cannot reach;
                the message names the field path.
        """
        _json.check_tree(data)
        doc = _json.read_header(data, f"kniffel-rules/{self.info.name}-state", 1, _STATE_KEYS)
        rules = self.rules_class.from_dict(doc["rules"])
        keys = self.layout_of(rules).keys

        def sheet(value: Any, path: str) -> Entries:
            p = _json.get_object(value, path, required=("name", "sheet"))
            raw = _json.get_object(p["sheet"], f"{path}.sheet", optional=keys)
            entries: list[int | None] = [None] * len(keys)
            for key, v in raw.items():
                b = keys.index(key)
                v = _json.check_int(v, f"{path}.sheet.{key}")
                if v not in self.possible(rules, b):
                    raise InvalidStateError(
                        f"{path}.sheet.{key}", f"{v} is not a value {key} can hold"
                    )
                entries[b] = v
            return tuple(entries)

        top = self.info.max_players
        sheets = _json.get_list(doc, "players", "", sheet, max_length=min(top, MAX_PLAYERS))
        n = len(sheets)
        if n < self.info.min_players:
            raise InvalidStateError("players", f"at least {self.info.min_players} player(s)")
        names = tuple(
            check_name(p["name"], f"players[{i}].name") for i, p in enumerate(doc["players"])
        )
        phase = Phase(_json.get_str(doc, "phase", "", [ph.value for ph in Phase]))
        off = doc["roll_off"]
        state: S = self.state_class(
            rules,
            names,
            tuple(sheets),
            phase,
            player=_json.get_int(doc, "player", "", 0, n - 1),
            dice=_json.check_faces(doc["dice"], "dice", 1, 6, max_length=5),
            rolls=_json.get_int(doc, "rolls", "", 0, 3),
            first_player=_json.get_opt_int(doc, "first_player", "", 0, n - 1),
            roll_off=None if off is None else RollOff.from_doc(off, "roll_off", n),
        )
        _check_consistency(state, self.forced_of(rules))
        return state

    def to_json(self, state: S) -> str:
        """The state as compact JSON text: `to_dict`'s document.

        Raises:
            InvalidStateError: ``state`` is not the game's ``State``.
        """
        return _json.dumps(self.to_dict(state))

    def from_json(self, text: str | bytes) -> S:
        """Read `to_json`'s text (the library's JSON reader), then as `from_dict`.

        Raises:
            InvalidStateError: Malformed, or a state the rules cannot reach.
        """
        return self.from_dict(_json.loads(text))

    # -- the adapters' data ---------------------------------------------------

    def action_index(self, rules: Any) -> list[Any]:
        """Every decision: the rolls by keep, then ``Score`` by box."""
        return [Roll(k) for k in keeps(4)] + list(self._scores(rules))

    @staticmethod
    def chance_index(rules: Any) -> list[Any]:
        """Every throw of 1..5 dice, by the number of dice, then lexicographically."""
        return [DiceRoll(values) for k in range(1, 6) for values in all_multisets(k)]

    @staticmethod
    def tensor(t: Any, game: Any, observation: Any) -> None:
        """The observation's parts (see `kniffel_rules.adapters.space.observation_tensor`)."""
        state = observation.state
        seats = dice_header(t, game, state, observation.player, 3)
        t.add("dice", face_counts(state.dice))
        scores = game.scores(state)
        for rel, seat in enumerate(seats):
            entries = state.sheets[seat]
            t.add(f"p{rel}.filled", [e is not None for e in entries])
            t.add(f"p{rel}.entries", [e or 0 for e in entries])
            t.add(f"p{rel}.score", [scores[seat]])

    def bounds(self, rules: Any, players: int) -> tuple[float, float, int]:
        """The lowest and highest solitaire score, and the longest game's length."""
        table = self.points_of(rules).values()
        best = self.layout_of(rules).bonus + sum(map(max, zip(*table, strict=True)))
        return 0.0, float(best), players * len(self.box_class) * 7 + 50 * players

    # -- the paper sheet ------------------------------------------------------

    def sheet_spec(
        self, rules: Any, box_rules: Mapping[Any, str], ids: Mapping[str, str]
    ) -> SheetSpec:
        """The description the shared sheet checker uses for ``rules``."""
        members = list(self.box_class)
        turn_rule = ids["filled"]

        def enter(start: Any, state: Any, box: Any, written: Mapping[str, int]) -> Any:
            reason = self.problem(state, self.score_class(box))
            if reason is not None:
                entries = list(start.sheets[0])
                if entries[box.value] is None:
                    entries[box.value] = written.get(box.key, 0)
                after = attrs.evolve(
                    start, sheets=(tuple(entries),), phase=Phase.DECIDE, dice=(), rolls=0
                )
                return Refused(reason.rule or turn_rule, str(reason), after)
            after = self.apply(state, self.score_class(box))
            return Entered(self.points_of(rules)[state.dice][box.value], box_rules[box], after)

        def resume(start: Any, turn: DiceTurn) -> Any:
            return attrs.evolve(
                start, phase=Phase.DECIDE, dice=turn.rolls[-1][1], rolls=min(len(turn.rolls), 3)
            )

        return SheetSpec(
            variant=self.info.name,
            boxes=box_infos(members, box_rules, lambda b: self.possible(rules, b.value), {}),
            layout=self.layout_of(rules),
            rules={
                k: ids[k] for k in ("bonus", "totals", "filled", "games", "series", "placement")
            },
            max_games=1,
            check_extra_bonus=lambda entries, bonus, doubtful, emit: None,
            read_turn=five_dice_turns({b.key: b for b in members}),  # type: ignore[attr-defined]
            replay=five_dice_replay(
                start=self.new_game(1, rules=rules, first_player=0),
                apply=self.apply,
                roll=Roll,
                resume=resume,
                enter=enter,
                extra_bonus=lambda state: None,
                roll_rule=ids["keep"],
                turn_rule=turn_rule,
            ),
        )

    def hand_position(self, rules: Any, dice: tuple[int, ...], rolls_left: int,
                      filled: Sequence[tuple[str, int]], extra_bonus: int) -> S:  # fmt: skip
        """A one-player position at the DECIDE phase, described by hand (``kniffel advise``).

        The `kniffel_rules.boxsheet.SolitairePosition` ``build`` of the game.

        Args:
            rules: The game's rules.
            dice: The five dice showing, sorted, faces 1..6.
            rolls_left: The throws left in the turn, 0..2.
            filled: ``(box key, points)`` for each filled box, in the order given.
            extra_bonus: Extra bonus points credited (the kit's sheets have none).

        Raises:
            InvalidStateError: Naming the argument (path ``filled``,
                ``extra_bonus``, ``rules``; ``""`` for the whole position) and
                the clause: a box given twice (``ids["filled"]``), a value no
                dice score in the box (its ``box_ids`` clause), any extra bonus
                (``ids["extra"]``), every box filled (``ids["over"]``), a box
                filled below an open one under the forced order (``ids["order"]``).
        """
        if not isinstance(rules, self.rules_class):
            raise InvalidStateError(
                "rules", f"expected {self.info.name}.Rules, got {type(rules).__name__}"
            )
        ids = self.ids
        by_key: dict[str, Any] = {b.key: b for b in self.box_class}  # type: ignore[attr-defined]
        entries: list[int | None] = [None] * len(by_key)
        for key, points in filled:
            box = by_key.get(key)
            if box is None:
                raise InvalidStateError("filled", f"unknown box {key!r} ({ids['filled']})")
            if entries[box.value] is not None:
                raise InvalidStateError(
                    "filled", f"{key} is given twice ({ids['filled']}: one entry a box)"
                )
            if points not in self.possible(rules, box.value):
                raise InvalidStateError(
                    "filled", f"{box.label} cannot hold {points} ({self.box_ids[box]})"
                )
            entries[box.value] = points
        if extra_bonus:
            raise InvalidStateError(
                "extra_bonus", f"the {self.info.title()} sheet has no extra bonus ({ids['extra']})"
            )
        if None not in entries:
            raise InvalidStateError(
                "filled", f"every box is filled: the game is over ({ids['over']})"
            )
        if self.forced_of(rules):
            first_open = entries.index(None)
            below = [
                b.label
                for b in by_key.values()
                if b.value > first_open and entries[b.value] is not None
            ]
            if below:
                due = next(b.label for b in by_key.values() if b.value == first_open)
                raise InvalidStateError(
                    "filled",
                    f"the boxes are filled top to bottom: {below[0]} is filled while {due} "
                    f"is open ({ids['order']})",
                )
        try:  # the game's own judgement of the whole position, should the checks above miss one
            state: S = self.state_class(rules, ("you",), (tuple(entries),), Phase.DECIDE,
                                        player=0, dice=dice, rolls=3 - rolls_left,
                                        first_player=0)  # fmt: skip
            self.from_dict(self.to_dict(state))
        except KniffelError as error:
            raise InvalidStateError("", f"{error} (no game reaches this position)") from None
        return state

    def verifier(self, spec: Callable[[Any], SheetSpec]) -> SheetVerifier:
        """The paper-sheet verifier of ``spec(rules)`` (`verify_sheet` is its ``verify``)."""
        return SheetVerifier(self.info.name, lambda doc: spec(self.rules_class.from_dict(doc)))

    def write_sheet(
        self, record: Recorded, *, rolls: bool = True, derived: bool = True
    ) -> dict[str, Any]:
        """The score sheet of a recorded game, as a sheet document `verify_sheet` accepts."""
        state = record.initial
        rules = state.rules
        turns: list[list[dict[str, Any]]] = [[] for _ in state.names]
        current: list[dict[str, Any]] = []
        for action in record.actions:
            before, state = state, self.apply(state, action)
            if isinstance(action, Roll):
                current.append({"keep": list(action.keep)} if before.rolls else {})
            elif isinstance(action, DiceRoll) and before.phase is Phase.THROW:
                current[-1]["dice"] = list(state.dice)
            elif isinstance(action, self.score_class):
                turns[before.player].append(
                    {
                        "box": action.box.key,  # type: ignore[attr-defined]
                        "rolls": current,
                    }
                )
                current = []
        players = []
        for name, entries, done in zip(state.names, state.sheets, turns, strict=True):
            game = game_document(self.layout_of(rules), entries, 0, derived)
            if rolls:
                game["turns"] = done
            players.append({"name": name, "games": [game]})
        return {"variant": self.info.name, "rules": rules.to_dict(), "players": players}


def _seats(state: BoxState) -> int:
    return len(state.names)


_STATE_KEYS = (
    "format",
    "version",
    "rules",
    "players",
    "phase",
    "player",
    "dice",
    "rolls",
    "first_player",
    "roll_off",
)
_VERBS = Phrasebook({"score": SCORE_VERBS})


@lru_cache(maxsize=8)
def _score_actions(score: type, boxes: type[enum.Enum]) -> tuple[Any, ...]:
    return tuple(score(b) for b in boxes)


@lru_cache(maxsize=8)
def _codec(name: str, score: type, boxes: type[enum.Enum]) -> Codec[Any]:
    forms = (
        ROLL_FORM,
        Form("score", score, (("box", enum_kind(boxes)),), title="enter the dice in a box"),
        DICE_FORM,
    )
    return Codec(name, forms)


@lru_cache(maxsize=8)
def _phrasebook(boxes: type[enum.Enum], aliases: tuple[tuple[Any, Any], ...]) -> Phrasebook[Any]:
    names: dict[Any, tuple[str, ...]] = named(boxes, dict(aliases))
    return Phrasebook({b: (*n, b.key) for b, n in names.items()})


def _possible(points: Mapping[tuple[int, ...], tuple[int, ...]], box: int) -> frozenset[int]:
    return frozenset({0, *(row[box] for row in points.values())})


def _check_consistency(state: BoxState, forced: bool) -> None:
    """The relations between fields that ``apply`` always keeps."""
    n, phase, boxes = state.num_players, state.phase, len(state.sheets[0])
    filled = [boxes - e.count(None) for e in state.sheets]
    if forced:
        for i, e in enumerate(state.sheets):
            if any(v is None for v in e[: filled[i]]):
                raise InvalidStateError(
                    f"players[{i}].sheet", "forced order: the boxes are filled top to bottom"
                )
    if phase is Phase.ROLL_OFF:
        if state.roll_off is None or state.first_player is not None:
            raise InvalidStateError(
                "roll_off", "a roll-off phase needs a roll-off and no first_player"
            )
        if n < 2 or any(filled) or state.dice or state.rolls or state.player:
            raise InvalidStateError("phase", "a roll-off happens before anything else")
        return
    if state.roll_off is not None:
        raise InvalidStateError("roll_off", f"must be null in phase {phase.value!r}")
    if state.first_player is None:
        raise InvalidStateError("first_player", "must be a seat once the roll-off is decided")
    if phase is Phase.OVER:
        if any(f != boxes for f in filled):
            raise InvalidStateError("players", "every box is filled when the game is over")
        if state.dice or state.rolls or state.player:
            raise InvalidStateError("dice", "no dice, rolls or player once the game is over")
        return
    if phase is Phase.THROW:
        if state.rolls > 2 or len(state.dice) > 4 or (state.rolls == 0 and state.dice):
            raise InvalidStateError("dice", "kept dice must leave something to throw")
    elif (state.rolls == 0) != (len(state.dice) == 0) or len(state.dice) not in (0, 5):
        raise InvalidStateError("dice", "five dice after a throw, none before the first")
    check_turn_order(filled, state.first_player, state.player, boxes)
