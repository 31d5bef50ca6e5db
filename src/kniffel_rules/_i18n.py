"""The message catalogue: sentences players read, in English and from gettext catalogues.

English is the source language: a sentence is written in the code as its
English template with named placeholders (``"box {box} is already filled
({filled})"``), marked with `N_` so that the tools find it
(``tools/i18n.py`` extracts every ``N_("...")`` into the ``.pot`` template
and compiles the translators' ``.po`` files into the ``.mo`` files shipped in
``kniffel_rules/locale/<lang>/LC_MESSAGES/kniffel_rules.mo``). At run time the
stdlib `gettext` module reads them, once per language.

A `Text` is a ``str`` (the English sentence, what ``str()`` gives) that
remembers its template and arguments, so that ``text.localized("de")`` builds
the same sentence from the German template. An argument that is a game piece
(anything with ``labels``: a box, an area, a task, a colour) is named in the
target language (a `Named` gives such names to a plain value; a piece with
only an English ``label`` keeps it); a tuple of
arguments is joined with commas; an argument that is itself a `Text` (a refusal quoted inside
another) or an error (see `localize`) is localized with it; anything else is formatted as it is.

Examples:
    >>> from kniffel_rules.classic.pieces import Box
    >>> text = Text.of(N_("box {box} is already filled ({filled})"), box=Box.TWOS, filled=4)
    >>> str(text)
    'box Twos is already filled (4)'
    >>> text.localized("de")
    'Das Feld Zweier ist schon belegt (4)'
    >>> localize("the game is over: no more actions", "de")
    'Das Spiel ist vorbei: Es gibt keine Züge mehr'
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, cast

from typing_extensions import Self

from kniffel_rules import lang as _lang
from kniffel_rules._text import brief
from kniffel_rules.lang import LANGS, Lang, check_lang

__all__ = [
    "C_",
    "DOMAIN",
    "LOCALE_DIR",
    "N_",
    "Named",
    "Phrase",
    "Text",
    "add_language",
    "catalogue",
    "localize",
    "phrases",
    "remove_language",
    "translate",
]

DOMAIN: Final = "kniffel_rules"
"""The gettext domain: the catalogues are ``<lang>/LC_MESSAGES/kniffel_rules.mo``."""

LOCALE_DIR: Final = Path(__file__).parent / "locale"
"""Where the compiled catalogues ship, inside the package."""


def N_(msgid: str) -> str:
    """Mark ``msgid`` (an English template) for the catalogue; returns it unchanged.

    ``tools/i18n.py`` collects the string literal of every call; the argument
    must therefore be a literal, never a variable or an f-string.
    """
    return msgid


CONTEXT: Final = "\x04"
"""What joins a msgctxt and its msgid in a `C_` key (as gettext keys them in a ``.mo``)."""


def C_(context: str, msgid: str) -> str:
    """Mark ``msgid`` with a ``msgctxt``: one English word that another language says two ways.

    Returns the key (the context, the character ``U+0004``, the msgid)
    that `translate` and `Phrase` read (its English is ``msgid``).
    ``tools/i18n.py`` collects both literals.

    Examples:
        >>> translate(C_("duel area", "Four of a kind"), "de")
        'Vier Gleiche'
        >>> translate(C_("duel area", "Four of a kind"), "en")
        'Four of a kind'
    """
    return f"{context}{CONTEXT}{msgid}"


_ENGLISH: Final = gettext.NullTranslations()
_CATALOGUES: Final[dict[str, gettext.NullTranslations]] = {"en": _ENGLISH}


def catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (read once; English and unknown catalogues: none)."""
    read = _CATALOGUES.get(lang)
    if read is None:
        read = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)
        _CATALOGUES[lang] = read
    return read


def add_language(code: str, translations: gettext.NullTranslations) -> None:
    """Speak ``code`` from ``translations`` (a hook for tests and for catalogues kept elsewhere).

    A catalogue shipped in ``locale/<code>/LC_MESSAGES/kniffel_rules.mo``
    needs no call: the library finds it at import (`kniffel_rules.lang.LANGS`).
    This is for a catalogue read from somewhere else, e.g.
    ``gettext.GNUTranslations(open(path, "rb"))``; `remove_language` undoes it.
    The renderers, refusals and errors then accept ``lang=code``.
    """
    _CATALOGUES[code] = translations
    _lang._speak(code)


def remove_language(code: str) -> None:
    """Forget a language `add_language` gave (English and the shipped ones stay)."""
    if code in LANGS:
        return
    _CATALOGUES.pop(code, None)
    _lang._speak(code, False)
    for phrase in _PHRASES:  # the words looked up in it meanwhile
        phrase.pop(cast(Lang, code), None)  # a third language: a code outside Lang


def translate(msgid: str, lang: str) -> str:
    """``msgid`` in ``lang``: its catalogue entry, else the English itself.

    A `C_` key is looked up with its context; its English is the msgid.

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.
    """
    read = catalogue(check_lang(lang))
    if CONTEXT in msgid:
        context, _, text = msgid.partition(CONTEXT)
        return read.pgettext(context, text)
    return read.gettext(msgid) if msgid else msgid  # gettext("") is the catalogue's header


_PHRASES: Final[list[Phrase]] = []
"""Every `Phrase` made, so that `remove_language` can forget what they looked up."""


class Phrase(dict[Lang, str]):
    """A word of a table (a box's name, a heading): its English msgid, by language.

    A ``dict`` from language code to the word, filled from the catalogue for
    every language of `kniffel_rules.lang.LANGS` when it is made (so a lookup
    is a plain dict get); another language given later (`add_language`) is
    looked up on first use. `phrases` makes a table of them.

    Attributes:
        msgid: The English word, an `N_` (or `C_`) msgid.

    Examples:
        >>> box = Phrase(N_("Small straight"))
        >>> box["de"], box["en"], "de" in box
        ('Kleine Straße', 'Small straight', True)
    """

    __slots__ = ("msgid",)

    def __init__(self, msgid: str) -> None:
        super().__init__((code, translate(msgid, code)) for code in LANGS)
        self.msgid = msgid
        _PHRASES.append(self)  # the tables' words: made once, at import

    def __missing__(self, code: Lang) -> str:
        text = translate(self.msgid, code)  # an unknown code: UnknownLanguageError
        self[code] = text
        return text

    def __contains__(self, code: object) -> bool:
        return dict.__contains__(self, code) or _lang.speaks(code)

    def __reduce__(self) -> tuple[type[Phrase], tuple[str]]:
        return (Phrase, (self.msgid,))


def phrases(table: Mapping[str, str]) -> dict[str, Phrase]:
    """A table of words by key (``{"total": N_("Total")}``) as a `Phrase` each.

    Examples:
        >>> words = phrases({"total": N_("Total")})
        >>> words["total"]["de"]
        'Endsumme'
    """
    return {key: Phrase(msgid) for key, msgid in table.items()}


class Named:
    """A name given in every language (``{"en": "red", "de": "rot"}``), as a template argument."""

    __slots__ = ("labels",)

    def __init__(self, labels: Mapping[Any, str]) -> None:
        self.labels = labels

    def __str__(self) -> str:
        return self.labels["en"]


_PLAIN = (int, str, type(None))


_WRITABLE_BITS = 14_000  # an int of fewer bits has fewer than Python's 4,300 printable digits


def _argument(value: object, lang: str) -> object:
    if value.__class__ in _PLAIN:  # the commonest: a number or a player's name, as it is
        if isinstance(value, int) and value.bit_length() > _WRITABLE_BITS:
            return brief(value)  # a hostile caller's huge number must not break the message
        return value
    if isinstance(value, tuple):  # a list of names: each in ``lang``, joined by commas
        return ", ".join(str(_argument(v, lang)) for v in value)
    if isinstance(value, (Text, BaseException)):  # a sentence (or an error) quoted in another
        return localize(value, lang)
    if lang == "en":  # the name the English sentences print (Extreme's boxes: the German)
        label = getattr(value, "label", None)
        if isinstance(label, str):
            return label
    labels = getattr(value, "labels", None)
    if isinstance(labels, Mapping) and lang in labels:
        return labels[lang]
    label = getattr(value, "label", None)  # a piece named in English only
    return label if isinstance(label, str) else value


def _render(template: str, args: Mapping[str, object], lang: str) -> str:
    return template.format_map({k: _argument(v, lang) for k, v in args.items()})


class Text(str):
    """A sentence a player reads: the English ``str``, plus what `localized` needs.

    Attributes:
        template: The English template (the msgid), or ``None`` when the
            sentence is its own msgid (a plain string: no placeholders).
        args: The template's arguments by name.
    """

    template: str | None
    args: Mapping[str, object]

    def __new__(cls, text: str = "") -> Self:
        """The sentence ``text``; a `Text` given keeps its template and arguments."""
        obj = super().__new__(cls, text)
        obj.template = getattr(text, "template", None)
        obj.args = getattr(text, "args", {})
        return obj

    @classmethod
    def of(cls, template: str, /, **args: object) -> Text:
        """The sentence ``template`` (an `N_` msgid) filled with ``args``, in English."""
        made: Text = cls._made(template, args)
        return made

    @classmethod
    def counted(cls, n: int, one: str, many: str, /) -> Text:
        """A number of things: ``one`` filled with ``n`` when ``n`` is 1, else ``many``.

        Both are `N_` msgids with ``{n}`` (``"{n} card"``, ``"{n} cards"``); a
        sentence takes the result as an argument, so that no message writes
        ``card(s)``. English and German have these two forms.
        """
        return cls.of(one if n == 1 else many, n=n)

    @classmethod
    def _made(cls, template: str, args: Mapping[str, object]) -> Any:
        obj = str.__new__(cls, _render(template, args, "en"))
        obj.template = template
        obj.args = args
        return obj

    def localized(self, lang: str) -> str:
        """The sentence in ``lang`` (``"en"``: ``str(self)``).

        Raises:
            UnknownLanguageError: ``lang`` is not a language the library speaks.
        """
        code = check_lang(lang)
        if code == "en":
            return str.__str__(self)
        if self.template is None:
            text = str.__str__(self)
            return catalogue(code).gettext(text) if text else text  # "" is the header
        return _render(catalogue(code).gettext(self.template), self.args, code)


def localize(text: object, lang: str) -> str:
    """``text`` in ``lang``: a `Text` localized, another string looked up as a msgid.

    Anything with a ``localized`` method is asked for it; an exception whose
    one argument is a `Text` (``KniffelError(Text.of(...))``) gives that
    sentence in ``lang``; a plain string is its own msgid, and stays English
    when the catalogue lacks it.

    Raises:
        UnknownLanguageError: ``lang`` is not a language the library speaks.
    """
    localized = getattr(text, "localized", None)
    if localized is not None:
        return str(localized(lang))
    if isinstance(text, BaseException) and len(text.args) == 1 and isinstance(text.args[0], Text):
        return text.args[0].localized(lang)
    return translate(str(text), lang)
