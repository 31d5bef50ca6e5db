"""The languages the library speaks to players: English and German.

Every name a player reads (a box, an area, a task, a word of a rendering)
has one entry in one table of its game, with both languages; the renderers,
the command line and the readers of `parse_action` and the score sheets take
their names from there. This module knows no game: it holds the language
codes and the choice of a default from the environment.

Examples:
    >>> default_lang({"LANG": "de_DE.UTF-8"}), default_lang({"LANG": "C"})
    ('de', 'en')
    >>> check_lang("DE")
    'de'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal, Protocol, cast

from kniffel_rules._base import KniffelError
from kniffel_rules._text import brief

__all__ = [
    "LANGS",
    "Labelled",
    "Lang",
    "UnknownLanguageError",
    "check_lang",
    "default_lang",
    "speaks",
]

Lang = Literal["en", "de"]
"""A language code: ``"en"`` (English) or ``"de"`` (German)."""


def _catalogued() -> tuple[Lang, ...]:
    # a language whose compiled catalogue ships in the package, beyond the two
    found = Path(__file__).parent.glob("locale/*/LC_MESSAGES/kniffel_rules.mo")
    codes = sorted({p.parent.parent.name.lower() for p in found} - {"en", "de"})
    return cast("tuple[Lang, ...]", tuple(codes))


LANGS: Final[tuple[Lang, ...]] = ("en", "de", *_catalogued())
"""Every language the library speaks, English first (the fallback).

English and German, and every other language with a catalogue in the
package (``kniffel_rules/locale/<code>/LC_MESSAGES/kniffel_rules.mo``):
a third language is a catalogue, not code (docs/translations.md).
"""

_LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
_BY_CODE: Final[dict[str, Lang]] = {code: code for code in LANGS}


def _speak(code: str, on: bool = True) -> None:
    """Accept ``code`` as a language (no longer: ``on=False``), for `_i18n.add_language`."""
    if on:
        _BY_CODE[code] = cast("Lang", code)
    elif code not in LANGS:
        _BY_CODE.pop(code, None)


def speaks(code: object) -> bool:
    """Whether ``code`` is a language code the library speaks (exactly, lower case)."""
    return isinstance(code, str) and code in _BY_CODE


class UnknownLanguageError(KniffelError, ValueError):
    """A language code the library does not speak."""


class Labelled(Protocol):
    """Anything a player reads by name: a box, an area, a task, a colour.

    ``labels`` holds its name in every language of `LANGS`.
    """

    @property
    def labels(self) -> Mapping[Lang, str]:
        """The name in each language."""
        ...


def check_lang(value: object) -> Lang:
    """``value`` as a language code (any case), or an `UnknownLanguageError`.

    Raises:
        UnknownLanguageError: Not one of `LANGS`.
    """
    code = _BY_CODE.get(value.strip().lower()) if isinstance(value, str) else None
    if code is not None:
        return code
    known = ", ".join(LANGS)
    raise UnknownLanguageError(f"unknown language {brief(value):.40}: the library speaks {known}")


def default_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The language of the environment's locale, English when it is neither.

    The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` and ``LANGUAGE`` that
    is set decides (as POSIX orders them): ``de_DE.UTF-8``, ``de_AT`` or
    ``de`` give German; anything else, ``C`` and ``POSIX`` included, English.

    Args:
        environ: The environment (default: ``os.environ``).
    """
    if environ is None:
        import os

        environ = os.environ
    for name in _LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].split("-")[0].lower()
            return _BY_CODE.get(code, "en")
    return "en"
