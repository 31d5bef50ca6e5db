"""Small helpers every game shares: ``Rules``' base and validators, and player names."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any, Final, TypeVar

import attrs
from typing_extensions import Self

from kniffel_rules._fields import int_field
from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError
from kniffel_rules.lang import check_lang
from kniffel_rules.limits import MAX_NAME_LENGTH, MAX_PLAYERS

__all__ = [
    "BIDI_CONTROLS",
    "MAX_MARKS",
    "RuleSet",
    "check_bool",
    "check_choice",
    "check_int",
    "check_name",
    "check_turn_order",
    "name_problem",
    "player_named",
    "player_names",
    "rules_from_dict",
    "seat_name",
    "shown_names",
    "top_seats",
    "with_shown_names",
]

R = TypeVar("R")
T = TypeVar("T")


@attrs.frozen
class _OneOf:
    """The validator `check_choice` builds (a class, so the check runs as a method)."""

    options: tuple[str, ...]

    def __call__(self, inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not str or value not in self.options:
            allowed = ", ".join(repr(o) for o in self.options)
            wrong = Text.of(
                N_("{value} is not one of {options}"), value=brief(value), options=allowed
            )
            raise InvalidStateError(f"rules.{attr.name}", wrong)


# The two factories run only when the Rules classes are defined, at import:
# a mutant of them could never be switched on, so mutmut leaves them alone.
def check_choice(options: Collection[str]) -> Any:  # pragma: no mutate block
    """An attrs validator: the value is one of ``options`` (error path ``rules.<field>``)."""
    return _OneOf(tuple(options))


def check_int(lo: int, hi: int) -> Any:  # pragma: no mutate block
    """An attrs validator: `_fields.check_int` within ``lo..hi``, path ``rules.<field>``."""
    return int_field(lo, hi, prefix="rules.")


def check_bool(inst: Any, attr: attrs.Attribute[Any], value: Any) -> None:
    """An attrs validator: ``True`` or ``False``."""
    if not isinstance(value, bool):
        wrong = Text.of(N_("expected True or False, got {value}"), value=brief(value))
        raise InvalidStateError(f"rules.{attr.name}", wrong)


def rules_from_dict(cls: type[R], doc: Any, path: str) -> R:
    """Build an attrs ``Rules`` class from a dict; missing options take their defaults.

    Args:
        cls: The frozen attrs rules class.
        doc: A mapping of option names to values.
        path: The field path used in error messages.

    Returns:
        The rules.

    Raises:
        InvalidStateError: Not a mapping, an unknown option or a bad value.
    """
    if type(doc) is not dict:  # exactly: a subclass's methods could answer differently
        raise InvalidStateError(path, N_("expected an object of rule options"))
    known = {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]
    for key in doc:
        if type(key) is not str or key not in known:
            raise InvalidStateError(path, Text.of(N_("unknown rule option {key}"), key=brief(key)))
    try:
        return cls(**doc)
    except InvalidStateError as exc:  # the validators name "rules.<field>"
        raise InvalidStateError(path + exc.path.removeprefix("rules"), exc.detail) from None


@attrs.frozen(slots=True, kw_only=True)
class RuleSet:
    """The base of every game's frozen attrs ``Rules``: its document form, option by option.

    A game's ``Rules`` subclasses it with its options as fields (validated by
    `check_int`, `check_choice`, `check_bool`); a game whose options are not
    all JSON values (the card game's boards) overrides both methods.
    """

    def to_dict(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict of every option."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, doc: Any, path: str = "rules") -> Self:
        """Read rules from a dict; missing options take their defaults.

        Args:
            doc: A mapping of option names to values.
            path: The field path used in error messages.

        Returns:
            The rules.

        Raises:
            InvalidStateError: Not a mapping, an unknown option or a bad value.
        """
        return rules_from_dict(cls, doc, path)


BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The bidirectional controls (category Cf) a name refuses: ALM, LRM, RLM, LRE..RLO, LRI..PDI.

They reorder the text around them, so a name holding one can make a line
of output read as something else (as in "Trojan Source", CVE-2021-42574).
"""

_REFUSED_CATEGORIES: Final = {
    "Cc": N_("a control character"),
    "Cs": N_("a surrogate"),
    "Co": N_("a private-use character"),
    "Cn": N_("an unassigned code point"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
}

_BIDI: Final = N_("a bidirectional control")

_REFUSES: Final = N_(
    "{code} at index {index} is {kind} (Unicode category {category}); a player's name refuses "
    "control characters, bidirectional controls, surrogates, private-use and unassigned code "
    "points and line separators"
)


MAX_MARKS: Final = 4
"""The most combining marks a name may stack on one character (Vietnamese takes two, pointed
Hebrew up to four; more only draws over the lines above and below)."""

# Characters that show nothing however they are set: the spaces and format characters
# (categories Zs, Cf) and the combining marks are judged by category, these by name.
_BLANKS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_UNSEEN: Final = frozenset({"Zs", "Cf", "Mn", "Me"})

_NO_VISIBLE: Final = N_("a player's name needs a visible character")

_STACKED: Final = N_(
    "{code} at index {index} is the {count}th mark on one character; a player's name "
    "stacks at most {most} marks"
)


def name_problem(value: str) -> Text | None:
    r"""Why the text ``value`` cannot be a player's name's characters, or ``None``.

    A name is one line of visible text. It refuses the characters a terminal
    or a viewer may act on instead of showing: control characters (Unicode
    category Cc: ESC, BEL, newline, tab, DEL, the C1 controls), the
    bidirectional controls (`BIDI_CONTROLS`), surrogates (Cs), private-use
    (Co) and unassigned (Cn, as of Python's Unicode database) code points,
    and line and paragraph separators (Zl, Zp). The other format characters
    (Cf) stay allowed: a zero-width joiner builds an emoji sequence, tag
    characters a flag. The offending character is named by its code point,
    never printed. A name needs one character that shows (not only spaces,
    format characters, combining marks or blank fillers such as U+3164), and
    stacks at most `MAX_MARKS` combining marks (Mn, Me) on one character: a
    pile of them draws far above and below its line, over other players'
    names.

    Examples:
        >>> name_problem("Ann"), name_problem("Jo\u200dy"), name_problem("Ng\u0065\u0323\u0302n")
        (None, None, None)
        >>> print(name_problem("A\x1b]0;x\x07"))  # doctest: +NORMALIZE_WHITESPACE
        U+001B at index 1 is a control character (Unicode category Cc); a player's name refuses
        control characters, bidirectional controls, surrogates, private-use and unassigned code
        points and line separators
        >>> print(name_problem("\u200b "))
        a player's name needs a visible character
    """
    problem = _refused(value)
    if problem is not None:
        return problem
    if value.isascii():  # the usual case: no mark, no filler
        return None if value.strip(" ") else Text(_NO_VISIBLE)
    marks = 0
    visible = False
    for i, char in enumerate(value):
        category = unicodedata.category(char)
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                code = f"U+{ord(char):04X}"
                return Text.of(_STACKED, code=code, index=i, count=marks, most=MAX_MARKS)
        else:
            marks = 0
        visible = visible or (category not in _UNSEEN and char not in _BLANKS)
    return None if visible else Text(_NO_VISIBLE)


def _refused(value: str) -> Text | None:
    """The first character of ``value`` of a refused kind, named, or ``None``."""
    if value.isprintable():  # no category C or Z character but the space: the usual case
        return None
    for i, char in enumerate(value):
        kind = _REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind is None and char in BIDI_CONTROLS:
            kind = _BIDI
        if kind is not None:
            category = unicodedata.category(char)
            code = f"U+{ord(char):04X}"
            return Text.of(
                _REFUSES, code=code, index=i, kind=Text(kind), category=category
            )  # a sentence in every language
    return None


def check_name(value: Any, path: str) -> str:
    """A player's name: a non-empty string of at most `limits.MAX_NAME_LENGTH` characters.

    It must be one line of visible text (see `name_problem`: no control
    characters, bidirectional controls, surrogates, private-use or
    unassigned code points, line separators), so that no picture, CLI line
    or log that shows it can be made to clear a screen, retitle a window or
    fake other output, and every document holding it can be written as
    UTF-8. Every door that takes a name (``new_game``, every ``from_json``
    and ``observation_from_dict``, records, score sheets, the CLI's
    ``--players``) takes it through here.

    Raises:
        InvalidStateError: Anything else (error path ``path``).
    """
    if not isinstance(value, str) or not value:
        raise InvalidStateError(path, N_("a player's name is a non-empty string"))
    if len(value) > MAX_NAME_LENGTH:
        long = Text.of(N_("a player's name has at most {most} characters"), most=MAX_NAME_LENGTH)
        raise InvalidStateError(path, long)
    problem = name_problem(value)
    if problem is not None:
        raise InvalidStateError(path, problem)
    return value


def player_names(
    players: int | Sequence[str], min_players: int = 1, max_players: int = MAX_PLAYERS
) -> tuple[str, ...]:
    """Normalise ``new_game``'s ``players``: a count or a list of names.

    Args:
        players: The number of players, or their names in seat order.
        min_players: The fewest players the game allows.
        max_players: The most players the game allows (`limits.MAX_PLAYERS`
            unless the game has a smaller limit; ``from_json`` uses the same).

    Returns:
        The names (``"Player 1"``, ... for a count).

    Raises:
        InvalidStateError: Not a count or a list of names (see `check_name`),
            or a number of players the game does not allow.
    """
    if isinstance(players, bool):
        raise InvalidStateError("players", N_("expected a number of players or a list of names"))
    if isinstance(players, int):
        count = players
    elif isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidStateError("players", N_("expected a number of players or a list of names"))
    else:
        count = len(players)
    if not min_players <= count <= max_players:
        needs = (
            N_("this game needs exactly {least} players, got {count}")
            if min_players == max_players
            else N_("this game needs {least} to {most} players, got {count}")
        )
        raise InvalidStateError(
            "players", Text.of(needs, least=min_players, most=max_players, count=count)
        )
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    return tuple(check_name(name, f"players[{i}]") for i, name in enumerate(players))


_DEFAULT_NAME: Final = re.compile(r"Player ([1-9][0-9]{0,3})")  # what `player_names` writes


def player_named(name: str) -> str:
    """A player's name in a sentence: a default name (``"Player 2"``) says "Spieler 2" in German.

    The names `player_names` gives a count of seats are data of the state, in
    English; a sentence or picture in another language shows them in that
    language (a `Text` that localizes), every other name as written (a plain
    ``str``: a name is never looked up as a word).

    Examples:
        >>> player_named("Player 2").localized("de"), player_named("Ann")
        ('Spieler 2', 'Ann')
    """
    default = _DEFAULT_NAME.fullmatch(name) if type(name) is str else None
    return name if default is None else Text.of(N_("Player {n}"), n=int(default[1]))


def seat_name(names: Sequence[str], seat: int, defaults: Sequence[str] | None = None) -> str:
    """``names[seat]`` as a sentence names it: a `Text` for a default name, else the name.

    Args:
        names: The players' names, in seat order.
        seat: The seat.
        defaults: The game's own names of its seats when ``new_game`` is given
            a count (Kniffel: Das Duell's ``"Blue"`` and ``"Red"``, `N_`
            msgids); ``None``: the numbered ``"Player 1"``, ... (`player_named`).

    Examples:
        >>> seat_name(("Blue", "Red"), 1, ("Blue", "Red")).localized("de")
        'Rot'
        >>> seat_name(("Ann", "Player 2"), 1).localized("de")
        'Spieler 2'
    """
    name = names[seat]
    if defaults is not None and seat < len(defaults) and name == defaults[seat]:
        return Text(name)
    return player_named(name)


def shown_names(
    names: Sequence[str], lang: str, defaults: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The players' names as a reader of ``lang`` sees them: default names in ``lang``.

    Each seat's `seat_name`, localized; a translation that would read like
    another seat's name (``("Player 1", "Spieler 1")`` in German) stays as
    written, so that no two seats look alike.

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.

    Examples:
        >>> shown_names(("Player 1", "Ann"), "de"), shown_names(("Player 1", "Spieler 1"), "de")
        (('Spieler 1', 'Ann'), ('Player 1', 'Spieler 1'))
    """
    code = check_lang(lang)
    shown = []
    for seat in range(len(names)):
        named = seat_name(names, seat, defaults)  # a default's `Text`; a name is never looked up
        shown.append(named.localized(code) if isinstance(named, Text) else named)
    counts = Counter(shown)
    written = set(names)
    for seat, name in enumerate(names):
        text = shown[seat]
        if text != name and (counts[text] > 1 or text in written):
            shown[seat] = name
    return tuple(shown)


def with_shown_names(view: T, lang: str, defaults: Sequence[str] | None = None) -> T:
    """``view`` (a state or observation with ``names``) to draw in ``lang``: `shown_names`.

    A picture reads the names in many places; it draws this copy, whose
    ``names`` are as a reader of ``lang`` sees them (the same object when
    nothing changes).

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.
    """
    seen: Any = view  # any game's state or observation
    shown = shown_names(seen.names, lang, defaults)
    return view if shown == tuple(seen.names) else attrs.evolve(seen, names=shown)


def top_seats(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest score (ties share), in seat order."""
    best = max(scores)
    return tuple(i for i, v in enumerate(scores) if v == best)


def check_turn_order(filled: Sequence[int], start: int, player: int, turns: int) -> None:
    """Check that the players' filled boxes fit round-robin play.

    In a round starting at seat ``start``, the seats before ``player`` have
    had one more turn than ``player`` and the seats from it on.

    Args:
        filled: The number of filled boxes per seat.
        start: The seat that started the game.
        player: The seat to move.
        turns: The number of boxes on a sheet.

    Raises:
        InvalidStateError: The counts do not fit (path ``players[i].sheet``).
    """
    n = len(filled)
    done = filled[player]
    if done >= turns:
        raise InvalidStateError("player", N_("the player to move has no open box"))
    for i in range(n):
        ahead = (i - start) % n < (player - start) % n
        if filled[i] != done + ahead:
            raise InvalidStateError(
                f"players[{i}].sheet",
                Text.of(
                    N_("the turn order allows {expected} here, not {filled}"),
                    expected=Text.counted(
                        done + ahead, N_("{n} filled box"), N_("{n} filled boxes")
                    ),
                    filled=filled[i],
                ),
            )
