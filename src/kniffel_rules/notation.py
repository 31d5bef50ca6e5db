"""Reading what a player types: the machinery every game's ``parse_action`` shares.

A game's ``parse_action(state, text)`` turns the text into the actions it may
mean (the canonical line of ``action_to_text``, and the English and German
forms a player types), and `resolve` picks the legal one, or raises an
`ActionParseError` that says what was understood and what is legal. The
rules themselves are never consulted here: whether an action is legal is
asked of the game's ``why_illegal``, the one legality path.

Text is compared after `normalize`: lower case, umlauts and ``ß`` folded
(``"Fünfer"``, ``"Fuenfer"`` and ``"funfer"`` are one word), punctuation
other than digits and letters turned into spaces (``"kl. Straße"`` is
``"kl strasse"``, ``"full_house"`` is ``"full house"``).

Example:
    >>> normalize("  Kl. Straße! ")
    'kl strasse'
    >>> book = Phrasebook({"small": ("kl strasse", "small straight", "ss")})
    >>> book.match(["kl", "strasse"])
    ('small', 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from kniffel_rules._i18n import N_, Text
from kniffel_rules._text import brief
from kniffel_rules.errors import ActionParseError, AmbiguousActionError, Rejection

__all__ = [
    "MAX_TEXT_LENGTH",
    "Phrasebook",
    "dice_text",
    "normalize",
    "numbers",
    "resolve",
    "said",
    "words",
]

T = TypeVar("T")

MAX_TEXT_LENGTH = 500
"""The longest text ``parse_action`` reads (a card play of 65 cards fits)."""

_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "é": "e"})
_PAIRS = (("ae", "a"), ("oe", "o"), ("ue", "u"))
_NON_WORD = re.compile(r"[^a-z0-9]+")
_SHOWN = 8


_PLAIN = (str, int, float, type(None))


def said(action: object, to_text: Callable[[Any], str]) -> str:
    """``action`` as a player writes it, for a message: never a Python ``repr``.

    An action or outcome of the game is quoted in its canonical line
    (``to_text``, the game's ``action_to_text``); a plain value (text, a
    number, ``None``) is shown briefly; any other object only by its kind,
    so that a refusal never prints the internals of an object.

    Args:
        action: What was offered as an action (anything).
        to_text: The game's ``action_to_text``.

    Examples:
        >>> def to_text(a): return "dice " + " ".join(str(d) for d in a)
        >>> said((1, 2), to_text)
        "'dice 1 2'"
        >>> said(object(), to_text), said(None, to_text)
        ('an object', 'None')
    """
    try:
        return f"'{to_text(action)}'"
    except Exception:  # not an action of the game (or a broken one): no repr
        if isinstance(action, _PLAIN):
            return brief(action)
        kind = type(action).__name__
        article = "an" if kind[:1].lower() in "aeiou" else "a"
        return f"{article} {kind}"


def dice_text(dice: Iterable[object]) -> str:
    """Dice faces for a message, as players write them: ``1 2 2 4 6`` (never a tuple).

    Example:
        >>> dice_text((1, 2, 2, 4, 6)), dice_text(())
        ('1 2 2 4 6', 'none')
    """
    shown = " ".join(brief(d) for d in dice)  # brief: a hostile huge int cannot fail it
    return shown or "none"


def normalize(text: str) -> str:
    """``text`` folded for comparison: lower case, umlauts folded, punctuation as spaces.

    ``ae``/``oe``/``ue`` fold like ``ä``/``ö``/``ü`` so that a keyboard without
    umlauts types the same word; the alias tables are folded the same way,
    so the folding only has to be consistent, not pretty.
    """
    folded = text.casefold().translate(_FOLD)
    for pair, single in _PAIRS:
        folded = folded.replace(pair, single)
    return _NON_WORD.sub(" ", folded).strip()


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


def _listing(legal: Sequence[str]) -> Text:
    if not legal:
        return Text(N_("no action is legal here"))
    shown = ", ".join(legal[:_SHOWN])
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
) -> Any:
    """The one legal action that ``text`` names, or an `ActionParseError` saying why not.

    Args:
        text: What the player typed (anything else is refused).
        read: The game's reader: from the normalized words (and the text
            as typed, for messages) to the actions they may mean, most
            likely first; ``()`` when it understands nothing.
        legal: The legal actions of the state, in their order.
        why_illegal: The game's judge, bound to the state.
        to_text: The game's ``action_to_text``.

    Returns:
        The single legal action among those ``read`` returns.

    Raises:
        ActionParseError: Nothing understood, or nothing understood is legal
            (the message gives the rule's reason for the first reading).
        AmbiguousActionError: More than one legal action fits.
    """

    def texts() -> tuple[str, ...]:  # the legal actions' lines, only for a refusal
        return tuple(to_text(a) for a in legal)

    def refuse(message: str, **extra: Any) -> ActionParseError:
        known = texts()
        if extra.get("listing", True):
            message = Text.of(N_("{message}; {listing}"), message=message, listing=_listing(known))
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
    tokens = words(text)
    if not tokens:
        raise refuse(Text.of(N_("{shown}: no action given"), shown=shown), text=text)
    readings = list(read(tokens, text))
    fitting: list[Any] = []
    for action in readings:
        if action not in fitting and why_illegal(action) is None:
            fitting.append(action)
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        order = {a: i for i, a in enumerate(legal)}
        fitting.sort(key=lambda a: order.get(a, len(order)))
        options = "; ".join(to_text(a) for a in fitting[:_SHOWN])
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
