"""The wire pieces the dice games share: the roll and the throw, in JSON and in words.

Classic Kniffel, Master and the Duell roll five dice with the core's `Roll`
and throw them as `DiceRoll`; Extreme uses `DiceRoll` for its roll-off. Each
is written once here: its `Form` (JSON), its canonical text, and the
readings of what a player types (``"roll"``, ``"keep 3 3"``, ``"3 3"``,
``"33"``, ``"behalte 3 3"``, ``"reroll 1 5"``; at a throw ``"2 3 3 5 6"``).

The dice games have nothing hidden: `OpenObservation` is the whole state
seen by one seat, and `open_observation_to_dict` its JSON form.

The turn of a dice game's state (its ``phase``, ``player``, ``dice``,
``rolls``, ``first_player`` and ``roll_off``) is one value, `Turn`: written,
read and checked here once for the state documents of every dice game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar, get_type_hints

import attrs
from typing_extensions import Self

from kniffel_rules import _json
from kniffel_rules._dicegame import Phase, Roll, current_player
from kniffel_rules._dicerender import WORDS
from kniffel_rules._fields import check_seat
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief, type_name
from kniffel_rules.dice import DiceRoll, is_sub_multiset, multiset_difference
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import LANGS
from kniffel_rules.notation import Menu, Phrasebook, normalize, numbers, resolve, slots
from kniffel_rules.rolloff import RollOff
from kniffel_rules.wire import Form, faces

__all__ = [
    "COMMON_NAMES",
    "DICE_FORM",
    "ROLL_FORM",
    "ROLL_OFF_NEEDS",
    "SCORE_VERBS",
    "OpenObservation",
    "SheetState",
    "ThreeThrows",
    "Turn",
    "dice_text",
    "faces_text",
    "named",
    "open_observation",
    "open_observation_to_dict",
    "open_stand_in",
    "parse_open",
    "read_dice",
    "read_faces",
    "read_phase",
    "read_roll",
    "read_score",
    "read_seating",
    "roll_text",
    "turn_text",
]

E = TypeVar("E", bound=enum.Enum)
R = TypeVar("R")
P = TypeVar("P")

COMMON_NAMES: Mapping[str, tuple[str, ...]] = {
    "ones": ("1s", "aces", "einer", "1er"),
    "twos": ("2s", "2er"),
    "threes": ("3s", "3er"),
    "fours": ("4s", "4er"),
    "fives": ("5s", "5er"),
    "sixes": ("6s", "6er"),
    "three_of_a_kind": (
        "3 of a kind", "3k", "3ok", "3x", "toak", "trips",
        "dreierpasch", "3er pasch", "dreier pasch", "3erpasch", "drei gleiche", "3 gleiche",
    ),
    "four_of_a_kind": (
        "4 of a kind", "4k", "4ok", "4x", "foak", "quads",
        "viererpasch", "4er pasch", "vierer pasch", "4erpasch", "vier gleiche", "4 gleiche",
    ),
    "two_pairs": ("2 pairs", "two pair", "2 pair", "2p", "2 paare", "zwei paar", "2 paar"),
    "full_house": ("fh", "full"),
    "small_straight": ("sm straight", "sm str", "ss", "kl strasse", "kleine", "ks"),
    "large_straight": ("lg straight", "lg str", "big straight", "ls", "gr strasse", "grosse", "gs"),
    "kniffel": (
        "yahtzee", "yatzy", "yahtzy", "five of a kind", "5 of a kind", "5k", "fünf gleiche",
        "5 gleiche",
    ),
    "chance": ("ch",),
}
"""What players call the boxes and areas the dice games share (by ``key``): aliases only.

The labels (``Box.labels`` in English and German) are added by `named`, so no
name is typed twice.
"""

SCORE_VERBS: tuple[str, ...] = (
    "score", "s", "enter", "write", "put", "take", "strike", "scratch", "cross", "zero",
    "eintragen", "trage", "schreibe", "schreiben", "notiere", "streiche", "streichen",
    "nimm", "in", "in die", "ins", "auf", "auf die", "into", "in the",
)
"""The words that may come before a box's name (``score fh``, ``streiche Kniffel``)."""

_SCORE = Phrasebook({"score": SCORE_VERBS})


def named(members: type[E], extra: Mapping[E, tuple[str, ...]]) -> dict[E, tuple[str, ...]]:
    """Each member's names: the `COMMON_NAMES` of its ``key``, the ``extra`` ones, its labels.

    The labels are the member's ``labels`` in every language of
    `kniffel_rules.lang.LANGS` (and its ``label``), normalised, added when no
    name before already reads the same: a table of names never repeats a label.

    Examples:
        >>> import enum
        >>> class Box(enum.Enum):
        ...     HIGHWAY = 0
        ...     key = property(lambda self: self.name.lower())
        ...     labels = property(lambda self: {"en": "Highway", "de": "Große Straße 6"})
        >>> named(Box, {Box.HIGHWAY: ("hw", "highway")})
        {<Box.HIGHWAY: 0>: ('hw', 'highway', 'grosse strasse 6')}
    """
    out: dict[E, tuple[str, ...]] = {}
    for m in members:
        names = [*COMMON_NAMES.get(getattr(m, "key", ""), ()), *extra.get(m, ())]
        seen = {normalize(n) for n in names}
        for text in _labels(m):
            folded = normalize(text)
            if folded and folded not in seen:
                seen.add(folded)
                names.append(folded)
        out[m] = tuple(names)
    return out


def _labels(member: object) -> tuple[str, ...]:
    """A member's labels in every language, then its ``label`` (``()`` if it has none)."""
    labels = getattr(member, "labels", None)
    found = []
    if isinstance(labels, Mapping):
        found = [labels[lang] for lang in LANGS if lang in labels]
    single = getattr(member, "label", None)
    if isinstance(single, str):
        found.append(single)
    return tuple(t for t in found if isinstance(t, str))


ROLL_FORM = Form("roll", Roll, (("keep", faces(1, 6, 5)),), title="keep these dice, throw the rest")
"""``{"type": "roll", "keep": [3, 3]}``."""

DICE_FORM = Form(
    "dice", DiceRoll, (("values", faces(1, 6, 6)),), title="chance: the faces of the dice thrown"
)
"""``{"type": "dice", "values": [1, 2, 3, 3, 6]}`` (one die in the roll-off)."""


def faces_text(values: Sequence[int]) -> str:
    """Die faces as words: ``"3 3 5"``.

    Raises:
        InvalidStateError: A value no die of the library shows (0..10), or
            more than six of them: such an action has no text (path ``action``).
    """
    if len(values) > 6 or not all(0 <= v <= 10 for v in values):
        raise InvalidStateError("action", Text.of(N_("no dice show {shown}"), shown=brief(values)))
    return " ".join(str(v) for v in values)


def roll_text(action: Roll) -> str:
    """``"roll"`` or ``"roll keep 3 3 5"``."""
    return f"roll keep {faces_text(action.keep)}" if action.keep else "roll"


def dice_text(outcome: DiceRoll) -> str:
    """``"dice 1 2 3 3 6"``."""
    return f"dice {faces_text(outcome.values)}".rstrip()


def turn_text(action: object, game: str) -> str:
    """The text of a `Roll` or a thrown `DiceRoll`; anything else is no action of ``game``.

    The last step of a five-dice game's ``action_to_text``, after its own actions.

    Raises:
        InvalidStateError: Not a `Roll` or a `DiceRoll` (path ``action``).
    """
    if isinstance(action, Roll):
        return roll_text(action)
    if isinstance(action, DiceRoll):
        return dice_text(action)
    raise InvalidStateError(
        "action",
        Text.of(N_("not an action or outcome of {game}: {shown}"), game=game, shown=brief(action)),
    )


_ROLL_WORDS = Phrasebook(
    {
        "roll": ("roll", "r", "throw", "wurf", "wurfeln", "wirf", "werfen", "nochmal"),
        "keep": ("keep", "k", "hold", "behalte", "behalten", "halte", "halten", "roll keep"),
        "reroll": ("reroll", "re", "neu", "neu wurfeln", "throw again"),
        "all": ("roll all", "keep none", "alle", "alle wurfeln", "alle neu", "all"),
    }
)


def read_faces(tokens: Sequence[str], lo: int = 1, hi: int = 6) -> tuple[int, ...] | None:
    """Dice faces as typed: ``["3", "3", "5"]`` or one run of digits ``["335"]``, sorted."""
    if len(tokens) == 1 and tokens[0].isdigit() and 1 < len(tokens[0]) <= 6:
        found: tuple[int, ...] | None = tuple(int(c) for c in tokens[0])
    else:
        found = numbers(tokens)
    if found is None or not all(lo <= v <= hi for v in found):
        return None
    return tuple(sorted(found))


def _said(key: str, tokens: Sequence[str]) -> list[str] | None:
    """The words in the slot of the phrase ``WORDS[key]`` (any language) that ``tokens`` say."""
    for lang in LANGS:
        found = slots(WORDS[key][lang], tokens)
        if found is not None:
            return [t for words in found.values() for t in words]
    return None


def read_score(tokens: Sequence[str], book: Phrasebook[E]) -> E | None:
    """The box of ``book`` that ``tokens`` score: ``score fh``, ``Einser eintragen``, ``fh``.

    A verb of `SCORE_VERBS` may come first; the menu's own phrase
    (``WORDS["score"]`` of `kniffel_rules._dicerender`, ``{box} eintragen``)
    is read too.
    """
    verb = _SCORE.match(tokens)
    box = book.whole(tokens[verb[1] :] if verb is not None else tokens)
    if box is None:
        named_box = _said("score", tokens)
        box = None if named_box is None else book.whole(named_box)
    return box


def read_roll(tokens: Sequence[str], dice: Sequence[int]) -> list[Roll]:
    """The `Roll` a player's words name, given the dice showing (``[]`` if none).

    ``roll`` (also ``roll all``, ``keep none``), ``keep 3 3`` and plain
    ``3 3`` or ``33`` keep those dice; ``reroll 1 5`` throws those and keeps
    the rest. The menu's phrases (``WORDS`` of `kniffel_rules._dicerender`:
    ``throw all dice``, ``3 3 behalten, Rest würfeln``) are read too.
    """
    if _said("throw_all", tokens) is not None:
        return [Roll()]
    shown = _said("keep", tokens)
    if shown is not None:
        values = read_faces(shown)
        return [] if values is None else [Roll(values)]
    word = _ROLL_WORDS.match(tokens)
    if word is None:
        kept = read_faces(tokens)
        return [] if kept is None else [Roll(kept)]
    verb, n = word
    rest = tokens[n:]
    if verb in ("roll", "all") and not rest:
        return [Roll()]
    if verb == "roll":
        keep = _ROLL_WORDS.match(rest)
        if keep is None or keep[0] != "keep":
            return []
        rest = rest[keep[1] :]
        verb = "keep"
    values = read_faces(rest)
    if values is None:
        return []
    if verb == "keep":
        return [Roll(values)]
    if verb == "reroll" and is_sub_multiset(values, dice):
        return [Roll(multiset_difference(tuple(dice), values))]
    if verb == "reroll":
        return [Roll(values)] if not dice else []
    return []


_DICE_WORDS = Phrasebook({"dice": ("dice", "die", "wurfel", "augen", "throw", "wurf")})


def read_dice(tokens: Sequence[str]) -> list[DiceRoll]:
    """A throw as typed at a chance node: ``dice 1 2 3 3 6``, ``1 2 3 3 6`` or ``12336``."""
    shown = _said("thrown", tokens)
    word = _DICE_WORDS.match(tokens)
    if shown is not None:
        values = read_faces(shown)
    else:
        values = read_faces(tokens[word[1] :] if word is not None else tokens)
    return [] if values is None or len(values) > 6 else [DiceRoll(values)]


@attrs.frozen(slots=True)
class SheetState(Generic[R, P]):
    """What the state of a dice game with a sheet per player begins with; a game adds its turn.

    The ``State`` of classic Kniffel, Extreme and Master is a subclass: its
    own fields (the dice, the rolls, who started, the roll-off) follow these
    in its constructor. Type parameters: the game's ``Rules`` and ``Sheet``.

    Attributes:
        rules: The rules in force.
        names: The players' names, in seat order (clockwise).
        sheets: Each player's sheet (Master: board), in seat order.
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off and once the
            game is over).
    """

    rules: R
    names: tuple[str, ...]
    sheets: tuple[P, ...]
    phase: Phase
    player: int = 0

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.names)


class ThreeThrows:
    """The turn of a game of five dice thrown at most three times (a mixin of its ``State``)."""

    __slots__ = ()

    rolls: int

    @property
    def rolls_left(self) -> int:
        """How many throws the current player still has this turn."""
        return 3 - self.rolls


@attrs.frozen(slots=True)
class OpenObservation:
    """One seat's view of a dice game: the whole state, since nothing is hidden.

    Each dice game's ``Observation`` is a subclass whose ``state`` is the
    game's ``State``, made by the game's ``observation(state, player)``;
    ``legal_actions`` of it are that seat's legal actions when it is to
    move, else ``()``.

    Attributes:
        player: Whose view this is.
        to_move: ``current_player`` of the state (a seat, ``CHANCE`` or ``TERMINAL``).
        state: The state itself.
    """

    player: int
    to_move: int
    state: Any

    def __attrs_post_init__(self) -> None:
        """Refuse fields that do not fit: a hand-built view is checked like a read one.

        ``attrs.evolve(obs, to_move="x")`` or ``Observation(0, 5, state)``
        raises here, so every protocol function given an observation meets
        only consistent ones and answers with the game's own errors.

        Raises:
            InvalidStateError: ``state`` not the game's ``State``, ``player``
                not one of its seats, or ``to_move`` not who moves in it
                (path ``observation.<field>``).
        """
        expected = _state_class(type(self))
        state = self.state
        if expected is not None and not isinstance(state, expected):
            raise InvalidStateError(
                "observation.state",
                Text.of(N_("expected a State of the game, got {type}"), type=type_name(state)),
            )
        names = getattr(state, "names", None)
        if not isinstance(names, tuple) or not names:
            raise InvalidStateError("observation.state.names", N_("expected the players' names"))
        seats = len(names)
        check_seat(self.player, seats, "observation.player")
        who = current_player(state)
        if type(self.to_move) is not int or self.to_move != who:
            raise InvalidStateError(
                "observation.to_move",
                Text.of(
                    N_("{shown} is not the player to move: {who}"),
                    shown=brief(self.to_move),
                    who=str(who),
                ),
            )


_STATE_CLASSES: dict[type, type | None] = {}


def _state_class(cls: type) -> type | None:
    """The class an observation class's ``state`` field holds (``None`` if not a class)."""
    if cls not in _STATE_CLASSES:
        hint = get_type_hints(cls).get("state")
        _STATE_CLASSES[cls] = hint if isinstance(hint, type) else None
    return _STATE_CLASSES[cls]


def open_stand_in(obs: OpenObservation) -> Any:
    """The state an open observation shows (the ``stand_in`` hook of `kniffel_rules.game.Game`)."""
    return obs.state


def open_observation(
    cls: type[OpenObservation],
    state: Any,
    player: object,
    to_move: Callable[[Any], int],
    num_players: Callable[[Any], int],
) -> Any:
    """``cls(player, to_move(state), state)`` after checking ``player`` is a seat.

    Raises:
        InvalidStateError: ``player`` is not a seat of the game (path ``player``).
    """
    if isinstance(state, OpenObservation):  # the game reads observations too
        raise InvalidStateError(
            "state", Text.of(N_("expected a State, got {type}"), type=type_name(state))
        )
    who = to_move(state)  # refuses what is not the game's state
    seats = num_players(state)
    return cls(check_seat(player, seats, "player"), who, state)


def open_observation_to_dict(
    obs: OpenObservation,
    cls: type[OpenObservation],
    variant: str,
    to_dict: Callable[[Any], dict[str, Any]],
) -> dict[str, Any]:
    """``{"variant", "player", "to_move", "state"}``, the state as its ``to_dict`` document.

    Raises:
        InvalidStateError: ``obs`` is not an observation of the game (path ``observation``).
    """
    if not isinstance(obs, cls):
        raise InvalidStateError(
            "observation",
            Text.of(
                N_("expected a {variant} Observation, got {type}"),
                variant=variant,
                type=type(obs).__name__,
            ),
        )
    return {
        "variant": variant,
        "player": obs.player,
        "to_move": obs.to_move,
        "state": to_dict(obs.state),
    }


def open_observation_from_dict(
    data: Any,
    cls: type[OpenObservation],
    variant: str,
    from_dict: Callable[[Any], Any],
    to_move: Callable[[Any], int],
    num_players: Callable[[Any], int],
) -> Any:
    """Read what `open_observation_to_dict` wrote: the state by ``from_dict``, then the seat.

    Raises:
        InvalidStateError: A malformed document, a ``state`` that
            ``from_dict`` refuses (its path under ``state``), a ``player``
            that is no seat, or a ``to_move`` that is not who moves.
    """
    _json.check_tree(data)
    doc = _json.get_object(data, "", required=("variant", "player", "to_move", "state"))
    if doc["variant"] != variant:
        raise InvalidStateError(
            "variant",
            Text.of(
                N_("expected {expected}, got {value}"),
                expected=repr(variant),
                value=brief(doc["variant"]),
            ),
        )
    if not isinstance(doc["state"], dict):
        raise InvalidStateError(
            "state", Text.of(N_("expected an object, got {type}"), type=brief(doc["state"]))
        )
    try:
        state = from_dict(doc["state"])
    except InvalidStateError as error:
        path = f"state.{error.path}" if error.path else "state"
        raise InvalidStateError(path, error.detail) from None
    seats = num_players(state)
    player = _json.get_int(doc, "player", "", 0, seats - 1)
    obs = open_observation(cls, state, player, to_move, num_players)
    if _json.get_int(doc, "to_move", "", -2, seats - 1) != obs.to_move:
        raise InvalidStateError(
            "to_move",
            Text.of(
                N_("{shown} is not the player to move: {who}"),
                shown=str(doc["to_move"]),
                who=str(obs.to_move),
            ),
        )
    return obs


Reader = Callable[[list[str], str], Sequence[Any]]
"""A game's reader of a player's words (see `kniffel_rules.notation.resolve`)."""


def parse_open(
    game: Any,
    observation_class: type[OpenObservation],
    state: Any,
    text: object,
    reader: Callable[[Any, int], Reader],
    to_text: Callable[[Any], str],
    menu: Menu | None = None,
) -> Any:
    """A dice game's ``parse_action``: of a state, or of a seat's open observation.

    Args:
        game: The game (its `kniffel_rules.game.Game` instance).
        observation_class: The game's ``Observation``.
        state: The state, or an observation (whose seat, when not to move,
            is refused with ``PR-08`` by the game).
        text: What the player typed.
        reader: Given the state and the seat to move (or ``CHANCE``), the
            game's reader of the words.
        to_text: The game's ``action_to_text``.
        menu: The game's menu lines (`kniffel_rules.notation.Menu` of its
            ``render_action``): read back in every language.

    Raises:
        ActionParseError: As `kniffel_rules.notation.resolve`.
        InvalidStateError: Neither a state nor an observation of the game.
    """
    position = state.state if isinstance(state, observation_class) else state
    game.check_state(position)
    read = reader(position, game.current_player(position))
    judge = partial(game.why_illegal, state)
    return resolve(text, read, game.legal_actions(state), judge, to_text, menu)


# -- the turn in a state document ---------------------------------------------


ROLL_OFF_NEEDS = N_("a roll-off phase needs a roll-off and no first_player")
"""The text of `Turn.seated` for a roll-off phase that does not fit."""


@attrs.frozen(slots=True)
class Turn:
    """The turn of a dice game's state as one value: its document form and its checks.

    A dice game's ``State`` keeps these fields flat (the engines build
    states field by field, the hot path of a playout); `Turn.of` reads them
    off a state, `Turn.fields` gives them back as the ``State``'s keyword
    arguments. The state documents of every dice game write the turn with
    `to_dict`, read it with `from_dict` and check how its fields fit
    together with `seated`, `check_dice` and `check_over`, so the keys, the
    values and the words of a refusal are the same in every game. Kniffel
    Extreme's turn (a d10 beside the five dice, a fourth roll) is the
    subclass ``kniffel_rules.extreme.state.ExtremeTurn``.

    Attributes:
        phase: What happens next.
        player: The seat whose turn it is (0 during the roll-off and once over).
        dice: In ``DECIDE``: the five dice showing (``()`` before the first
            roll). In ``THROW``: the dice kept, waiting for the others.
        rolls: Throws made in this turn so far.
        first_player: The seat that started (``None`` during the roll-off).
        roll_off: The roll-off in progress, or ``None``.

    Examples:
        >>> from kniffel_rules import classic
        >>> turn = Turn.of(classic.new_game(["Ann", "Ben"], first_player=1))
        >>> turn.to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'phase': 'decide', 'player': 1, 'dice': [], 'rolls': 0,
         'first_player': 1, 'roll_off': None}
        >>> Turn.from_dict(turn.to_dict(), 2) == turn, turn.seated()
        (True, 1)
    """

    phase: Phase
    player: int
    dice: tuple[int, ...]
    rolls: int
    first_player: int | None
    roll_off: RollOff | None

    DICE_PATH: ClassVar[str] = "dice"
    """The document field that names the dice in a refusal."""
    ROLL_OFF_TEXT: ClassVar[str] = ROLL_OFF_NEEDS
    """The refusal of a roll-off phase without its roll-off (`seated`)."""

    @classmethod
    def of(cls, state: Any) -> Self:
        """The turn of a dice game's ``state`` (its flat fields)."""
        return cls(
            state.phase, state.player, state.dice, state.rolls, state.first_player, state.roll_off
        )

    def fields(self) -> dict[str, Any]:
        """The turn as keyword arguments of the game's ``State``."""
        return {
            "phase": self.phase,
            "player": self.player,
            "dice": self.dice,
            "rolls": self.rolls,
            "first_player": self.first_player,
            "roll_off": self.roll_off,
        }

    def to_dict(self) -> dict[str, Any]:
        """The turn's fields of a state document (the game's `Document` orders them)."""
        roll_off = self.roll_off
        return {
            "phase": self.phase.value,
            "player": self.player,
            "dice": list(self.dice),
            "rolls": self.rolls,
            "first_player": self.first_player,
            "roll_off": None if roll_off is None else roll_off.to_doc(),
        }

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any], seats: int) -> Self:
        """The turn of a state document of ``seats`` players, each field checked alone.

        The dice are 0 to 5 faces 1..6, sorted; the rolls 0..3.

        Raises:
            InvalidStateError: A field out of its range, naming it.
        """
        phase = read_phase(doc)
        player = _json.get_int(doc, "player", "", 0, seats - 1)
        dice = _json.check_faces(doc["dice"], "dice", 1, 6, max_length=5)
        rolls = _json.get_int(doc, "rolls", "", 0, 3)
        first, roll_off = read_seating(doc, seats)
        return cls(phase, player, dice, rolls, first, roll_off)

    @property
    def idle(self) -> bool:
        """Whether no die is showing or kept, no throw made and seat 0 holds the turn.

        How a turn stands during the roll-off and once the game is over.
        """
        return not self.dice and not self.rolls and not self.player

    def seated(self) -> int | None:
        """The first player once the roll-off is decided, after checking the seating.

        In the roll-off phase there is a roll-off and no first player yet (the
        answer is ``None``); after it, no roll-off and a first player.

        Raises:
            InvalidStateError: The roll-off or the first player do not fit the
                phase (path ``roll_off`` or ``first_player``).
        """
        first = self.first_player
        if self.phase is Phase.ROLL_OFF:
            if self.roll_off is None or first is not None:
                raise InvalidStateError("roll_off", self.ROLL_OFF_TEXT)
            return None
        if self.roll_off is not None:
            null = Text.of(N_("must be null in phase {phase}"), phase=repr(self.phase.value))
            raise InvalidStateError("roll_off", null)
        if first is None:
            raise InvalidStateError(
                "first_player", N_("must be a seat once the roll-off is decided")
            )
        return first

    def check_over(self) -> None:
        """A finished game shows no dice, no throws and seat 0.

        Raises:
            InvalidStateError: Any of them (path `DICE_PATH`).
        """
        if not self.idle:
            raise InvalidStateError(
                self.DICE_PATH, N_("no dice, rolls or player once the game is over")
            )

    def check_dice(self) -> None:
        """The five dice of a turn fit its moment (a turn in ``THROW`` or ``DECIDE``).

        Waiting for a throw, at most two throws are made and at least one die
        is thrown (none kept before the first); at a decision, five dice after
        a throw and none before the first.

        Raises:
            InvalidStateError: The dice do not fit (path ``dice``).
        """
        dice, rolls = self.dice, self.rolls
        if self.phase is Phase.THROW:
            if rolls > 2 or len(dice) > 4 or (rolls == 0 and dice):
                raise InvalidStateError("dice", N_("kept dice must leave something to throw"))
        elif (rolls == 0) != (len(dice) == 0) or len(dice) not in (0, 5):
            raise InvalidStateError("dice", N_("five dice after a throw, none before the first"))


def read_phase(doc: Mapping[str, Any]) -> Phase:
    """The ``phase`` field of a state document.

    Raises:
        InvalidStateError: Not the value of a `Phase` (path ``phase``).
    """
    return Phase(_json.get_str(doc, "phase", "", [ph.value for ph in Phase]))


def read_seating(doc: Mapping[str, Any], seats: int) -> tuple[int | None, RollOff | None]:
    """The ``first_player`` and ``roll_off`` of a state document, each checked alone.

    Raises:
        InvalidStateError: A field out of its range, naming it.
    """
    first = _json.get_opt_int(doc, "first_player", "", 0, seats - 1)
    raw = doc["roll_off"]
    return first, None if raw is None else RollOff.from_doc(raw, "roll_off", seats)
