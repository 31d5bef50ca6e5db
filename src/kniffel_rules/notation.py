"""Reading what a player types: the machinery every game's ``parse_action`` shares.

A game's ``parse_action(state, text)`` turns the text into the actions it may
mean (the canonical line of ``action_to_text``, and the English and German
forms a player types, and every line a menu shows: `Menu` asks the game's
``render_action``), and `resolve` picks the legal one, or raises an
`ActionParseError` that says what was understood and what is legal. The
rules themselves are never consulted here: whether an action is legal is
asked of the game's ``why_illegal``, the one legality path.

Text is compared after `normalize`: lower case, umlauts and ``ß`` folded
(``"Fünfer"``, ``"Fuenfer"`` and ``"funfer"`` are one word), punctuation
other than digits and letters turned into spaces (``"kl. Straße"`` is
``"kl strasse"``, ``"full_house"`` is ``"full house"``). A number that the
folding would change is refused rather than read as another: one not
written in digits (``"²"``) or one with a sign (``"-1"``, ``"+2"``; the dash
of ``"6-6"`` joins two dice).

Examples:
    >>> normalize("  Kl. Straße! ")
    'kl strasse'
    >>> book = Phrasebook({"small": ("kl strasse", "small straight", "ss")})
    >>> book.match(["kl", "strasse"])
    ('small', 2)
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Generic, TypeVar

from kniffel_rules._i18n import N_, Named, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import ActionParseError, AmbiguousActionError, Rejection
from kniffel_rules.lang import LANGS

__all__ = [
    "MAX_TEXT_LENGTH",
    "Menu",
    "Phrasebook",
    "dice_text",
    "normalize",
    "numbers",
    "resolve",
    "said",
    "slots",
    "words",
]

T = TypeVar("T")

MAX_TEXT_LENGTH = 500
"""The longest text ``parse_action`` reads (a card play of 65 cards fits)."""

_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "é": "e"})
_PAIRS = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_NON_WORD = re.compile(r"[^a-z0-9]+")
_SIGNED = re.compile(r"(?:^|\s)[-+\u2212]+[0-9]")
"""A number written with a sign (``-1``, ``+2``; not the dash of ``6-6``)."""
_SHOWN = 8


_PLAIN = (str, int, float, type(None))


def said(action: object, to_text: Callable[[Any], str], game: str | None = None) -> Any:
    """``action`` as a player writes it, for a message: never a Python ``repr``.

    An action or outcome of the game is quoted in its canonical line
    (``to_text``, the game's ``action_to_text``), and with ``game`` (the
    game's package, ``"kniffel_rules.cards"``) in every other language as
    its menu line there (the package's ``render_action``: German reads
    ``'rot 7 nehmen'``, not ``'take red 7'``); a plain value (text, a number,
    ``None``) is shown briefly; any other object only by its kind, so that a
    refusal never prints the internals of an object.

    Args:
        action: What was offered as an action (anything).
        to_text: The game's ``action_to_text``.
        game: The game's package, whose ``render_action`` names the action in
            the other languages (``None``: the canonical line in all).

    Returns:
        The text, or a `kniffel_rules._i18n.Named` of it in every language.

    Examples:
        >>> def to_text(a): return "dice " + " ".join(str(d) for d in a)
        >>> said((1, 2), to_text)
        "'dice 1 2'"
        >>> said(object(), to_text), said(None, to_text)
        ('an object', 'None')
        >>> from kniffel_rules import classic
        >>> chance = classic.Score(classic.Box.CHANCE)
        >>> said(chance, classic.action_to_text, "kniffel_rules.classic").labels
        {'en': "'score chance'", 'de': "'Chance eintragen'"}
    """
    try:
        line = f"'{to_text(action)}'"
    except Exception:  # not an action of the game (or a broken one): no repr
        return _kind(action)
    if game is None:
        return line
    try:
        render = importlib.import_module(game).render_action
        lines = {lang: f"'{render(action, lang=lang)}'" for lang in LANGS if lang != "en"}
    except Exception:  # a game without a menu line for it: the canonical line in every language
        return line
    return Named({"en": line, **lines})


def _kind(action: object) -> Any:
    """A value briefly, any other object only by its kind."""
    if isinstance(action, _PLAIN):
        return brief(action)
    kind = type(action).__name__
    if kind[:1].lower() in "aeiou":
        return Text.of(N_("an {kind}"), kind=kind)
    return Text.of(N_("a {kind}"), kind=kind)


def dice_text(dice: Iterable[object]) -> str:
    """Dice faces for a message, as players write them: ``1 2 2 4 6`` (never a tuple).

    Examples:
        >>> dice_text((1, 2, 2, 4, 6)), dice_text(())
        ('1 2 2 4 6', 'none')
    """
    shown = " ".join(brief(d) for d in dice)  # brief: a hostile huge int cannot fail it
    return shown or "none"


def _folded(text: str) -> str:
    """``text`` in lower case, umlauts and ``ae``/``oe``/``ue`` folded, every digit ASCII."""
    folded = text.casefold().translate(_FOLD)
    if not folded.isascii():  # a digit of another script (U+FF13, U+0663) is that digit
        folded = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in folded)
    for pair, single in _PAIRS:
        folded = folded.replace(pair, single)
    return folded


def normalize(text: str) -> str:
    """``text`` folded for comparison: lower case, umlauts folded, punctuation as spaces.

    ``ae``/``oe``/``ue`` fold like ``ä``/``ö``/``ü`` so that a keyboard without
    umlauts types the same word; the alias tables are folded the same way,
    so the folding only has to be consistent, not pretty. A decimal digit of
    any script (full-width or Arabic-Indic three, U+FF13 or U+0663) reads as
    its ASCII digit: punctuation is dropped, a digit never is.
    """
    return _NON_WORD.sub(" ", _folded(text)).strip()


def words(text: str) -> list[str]:
    """The normalized words of ``text``."""
    return normalize(text).split()


def numbers(tokens: Sequence[str]) -> tuple[int, ...] | None:
    """The tokens as small integers, or ``None`` if one is not a number.

    ``"33"`` is one number 33, not two dice: a caller that reads dice splits
    digit runs itself where the game allows it.
    """
    out = []
    for token in tokens:
        if not token.isdigit() or len(token) > 3:
            return None
        out.append(int(token))
    return tuple(out)


class Phrasebook(Generic[T]):
    """Names and their aliases (English, German, abbreviations), matched word by word.

    Args:
        entries: For each value, the phrases that name it; each phrase is
            normalized, and a value's canonical name should be among them.
    """

    def __init__(self, entries: Mapping[T, Iterable[str]]) -> None:
        self._phrases: dict[tuple[str, ...], T] = {}
        for value, phrases in entries.items():
            for phrase in phrases:
                key = tuple(words(phrase))
                other = self._phrases.get(key)
                if other is not None and other != value:
                    raise ValueError(f"the phrase {phrase!r} names two things")
                self._phrases[key] = value
        self._longest = max((len(k) for k in self._phrases), default=0)

    def match(self, tokens: Sequence[str]) -> tuple[T, int] | None:
        """The value named by the longest phrase at the start of ``tokens`` and its length."""
        for n in range(min(self._longest, len(tokens)), 0, -1):
            value = self._phrases.get(tuple(tokens[:n]))
            if value is not None:
                return value, n
        return None

    def whole(self, tokens: Sequence[str]) -> T | None:
        """The value named by exactly ``tokens``, or ``None``."""
        return self._phrases.get(tuple(tokens))


_SLOT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=256)
def _template(template: str) -> re.Pattern[str]:
    pieces = []
    for i, part in enumerate(_SLOT.split(template)):
        if i % 2:
            pieces.append(f"(?P<{part}>\\S+(?: \\S+)*?)")
        elif normalize(part):
            pieces.append(re.escape(normalize(part)))
    return re.compile(" ".join(pieces))


def slots(template: str, tokens: Sequence[str]) -> dict[str, list[str]] | None:
    """The words in each ``{slot}`` of ``template`` when ``tokens`` say it, else ``None``.

    The template is a phrase of a renderer's word table (compared after
    `normalize`), so a reader understands the renderer's own words, and
    what fills a slot is left to the reader.

    Examples:
        >>> slots("{dice} behalten, Rest würfeln", words("5 6 behalten, Rest wuerfeln"))
        {'dice': ['5', '6']}
        >>> slots("score {box}", ["throw", "all"]) is None
        True
    """
    found = _template(template).fullmatch(" ".join(tokens))
    if found is None:
        return None
    return {name: text.split() for name, text in found.groupdict().items()}


def _fold(text: str) -> str:
    """``text`` compared as a menu line is: case, umlauts and spacing folded, punctuation kept."""
    return " ".join(_folded(text).split())


class Menu:
    """The lines a game's menu shows for its actions (``render_action``), read back.

    What a menu shows is a phrase the parser understands, in every language,
    because the parser asks the renderer itself: a text that is a menu line
    of a legal action (compared by `normalize`, and exactly: case, umlauts
    and spacing folded but punctuation kept) names that action. Nothing is
    written twice, so the menu and the parser cannot drift apart.

    A phrase of each action in each language is made once and remembered
    (actions are frozen values; at most `LIMIT` of them are kept).

    Args:
        render: The game's ``render_action(action, *, lang)``.

    Examples:
        >>> menu = Menu(lambda a, lang: {"en": f"keep {a}, throw the rest",
        ...                              "de": f"{a} behalten, Rest würfeln"}[lang])
        >>> menu.exact("5 6 Behalten,  Rest wuerfeln", ["5 6", "6"])
        ['5 6']
        >>> menu.loose(words("keep 6 throw the rest"), ["5 6", "6"])
        ['6']
    """

    __slots__ = ("_render", "_seen")

    LIMIT = 20_000
    """How many actions' phrases are remembered (then they are made anew)."""

    def __init__(self, render: Callable[..., str]) -> None:
        self._render = render
        self._seen: dict[Any, tuple[frozenset[str], frozenset[str]]] = {}

    def _phrases(self, action: Any) -> tuple[frozenset[str], frozenset[str]]:
        try:
            return self._seen[action]
        except KeyError:
            pass
        except TypeError:  # an unhashable action: made each time
            return self._make(action)
        if len(self._seen) >= self.LIMIT:
            self._seen.clear()
        made = self._seen[action] = self._make(action)
        return made

    def _make(self, action: Any) -> tuple[frozenset[str], frozenset[str]]:
        shown = [self._render(action, lang=lang) for lang in LANGS]
        return frozenset(_fold(t) for t in shown), frozenset(normalize(t) for t in shown)

    def line(self, action: Any, lang: str) -> str:
        """The menu line of ``action`` in ``lang``, as the game renders it."""
        return self._render(action, lang=lang)

    def exact(self, text: str, legal: Iterable[Any]) -> list[Any]:
        """The actions of ``legal`` whose menu line is ``text`` (punctuation as shown)."""
        key = _fold(text)
        return [a for a in legal if key in self._phrases(a)[0]]

    def loose(self, tokens: Sequence[str], legal: Iterable[Any]) -> list[Any]:
        """The actions of ``legal`` whose menu line has the normalized words ``tokens``."""
        key = " ".join(tokens)
        return [a for a in legal if key in self._phrases(a)[1]]


def _listing(legal: Sequence[str], lines: Callable[[str], str] | None = None) -> Text:
    """The legal actions a refusal lists: their canonical lines.

    In another language they are the game's menu lines in it (``lines(lang)``,
    separated by ``;``), which `resolve` reads back as well.
    """
    if not legal:
        return Text(N_("no action is legal here"))
    shown: object = ", ".join(legal[:_SHOWN])
    if lines is not None:
        shown = Named({"en": str(shown), **{lang: lines(lang) for lang in LANGS if lang != "en"}})
    if len(legal) == _SHOWN + 1:  # German: "und 1 weiterer", not "1 weitere"
        return Text.of(N_("legal here: {shown} and 1 more"), shown=shown)
    if len(legal) > _SHOWN:
        return Text.of(
            N_("legal here: {shown} and {more} more"), shown=shown, more=len(legal) - _SHOWN
        )
    return Text.of(N_("legal here: {shown}"), shown=shown)


def resolve(
    text: object,
    read: Callable[[list[str], str], Sequence[Any]],
    legal: Sequence[Any],
    why_illegal: Callable[[Any], Rejection | None],
    to_text: Callable[[Any], str],
    menu: Menu | None = None,
) -> Any:
    """The one legal action that ``text`` names, or an `ActionParseError` saying why not.

    With a ``menu``, the text may be the menu line of a legal action, in any
    language: a line exactly as shown (punctuation included) names its
    action; words that are a menu line only once punctuation is dropped
    (Master's ``row 1 (+2)`` typed ``row 1 2``) are one more reading, so
    where the reader understands them otherwise the player is asked which.

    Args:
        text: What the player typed (anything else is refused).
        read: The game's reader: from the normalized words (and the text
            as typed, for messages) to the actions they may mean, most
            likely first; ``()`` when it understands nothing.
        legal: The legal actions of the state, in their order.
        why_illegal: The game's judge, bound to the state.
        to_text: The game's ``action_to_text``.
        menu: The game's menu lines (`Menu` of its ``render_action``), or ``None``.

    Returns:
        The single legal action among those ``read`` returns.

    Raises:
        ActionParseError: Nothing understood, or nothing understood is legal
            (the message gives the rule's reason for the first reading).
        AmbiguousActionError: More than one legal action fits.
    """

    def texts() -> tuple[str, ...]:  # the legal actions' lines, only for a refusal
        return tuple(to_text(a) for a in legal)

    def lines(lang: str) -> str:  # the first legal actions as the menu shows them in ``lang``
        assert menu is not None
        return "; ".join(menu.line(a, lang) for a in legal[:_SHOWN])

    def refuse(message: str, **extra: Any) -> ActionParseError:
        known = texts()
        if extra.get("listing", True):
            listing = _listing(known, None if menu is None else lines)
            message = Text.of(N_("{message}; {listing}"), message=message, listing=listing)
        extra.pop("listing", None)
        return ActionParseError(message, legal=known, **extra)

    if not isinstance(text, str):
        raise refuse(Text.of(N_("expected the text of an action, got {shown}"), shown=brief(text)))
    shown = brief(text)
    if len(text) > MAX_TEXT_LENGTH:
        raise refuse(
            Text.of(
                N_("{shown}: longer than {limit} characters"), shown=shown, limit=MAX_TEXT_LENGTH
            ),
            text=text,
        )
    if not text.isascii() and any(c.isnumeric() and not c.isdecimal() for c in text):
        # "²", "½", "Ⅳ", "五": a number that is not written in digits would
        # otherwise be dropped as punctuation, and another action read
        raise refuse(
            Text.of(N_("{shown}: write numbers in the digits 0 to 9"), shown=shown), text=text
        )
    tokens = words(text)
    if not tokens:
        raise refuse(Text.of(N_("{shown}: no action given"), shown=shown), text=text)
    if menu is not None:
        shown_as = menu.exact(text, legal)
        if len(shown_as) == 1:
            return shown_as[0]
    if _SIGNED.search(_folded(text)):
        # "-1" is no die and no menu number: dropped as punctuation, the sign
        # would leave "1", and another action would be read
        raise refuse(Text.of(N_("{shown}: write numbers without a sign"), shown=shown), text=text)
    readings = list(read(tokens, text))
    if menu is not None:
        readings.extend(menu.loose(tokens, legal))
    fitting: list[Any] = []
    for action in readings:
        if action not in fitting and why_illegal(action) is None:
            fitting.append(action)
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        order = {a: i for i, a in enumerate(legal)}
        fitting.sort(key=lambda a: order.get(a, len(order)))
        options: object = "; ".join(to_text(a) for a in fitting[:_SHOWN])
        if menu is not None:  # in another language, as its menu shows them (as `_listing`)
            first = fitting[:_SHOWN]
            other = {lang: "; ".join(menu.line(a, lang) for a in first) for lang in LANGS[1:]}
            options = Named({"en": str(options), **other})
        raise AmbiguousActionError(
            Text.of(
                N_("{shown} can mean {count} actions: {options}; say which"),
                shown=shown,
                count=len(fitting),
                options=options,
            ),
            text=text,
            candidates=tuple(fitting),
            legal=texts(),
        )
    if not readings:
        raise refuse(Text.of(N_("{shown}: not understood"), shown=shown), text=text)
    first = readings[0]
    reason = why_illegal(first) or Rejection(N_("not legal here"))  # pragma: no mutate
    raise refuse(
        Text.of(N_("{shown}: {reason}"), shown=shown, reason=reason),
        text=text,
        understood=first,
        rule=reason.rule,
        listing=False,
    )
