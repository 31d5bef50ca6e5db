"""Reading the command line's numbers and JSON: every bad argument is one line, exit 2.

Numbers are whole numbers in ASCII digits (an optional sign, at most
`MAX_DIGITS` digits: no ``1_000``, no other scripts' digits, no text that
costs Python's integer conversion more than its length), JSON goes through
the library's own reader (`kniffel_rules._json.loads`: the same size and
nesting limits as every document, no duplicate keys, no ``NaN``), and
ranges are checked with the library's integer check, naming the option.
"""

from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn, TextIO

from kniffel_rules._i18n import N_, Text, localize, translate
from kniffel_rules._json import check_int, loads
from kniffel_rules._text import brief
from kniffel_rules.errors import InvalidStateError, KniffelError
from kniffel_rules.limits import MAX_DOCUMENT_LENGTH

__all__ = [
    "MAX_DIGITS",
    "OneLineParser",
    "choice",
    "json_object",
    "number",
    "number_list",
    "read_document",
    "whole_number",
]

MAX_DIGITS = 100
"""The most digits of a number on the command line (a seed, a total, a count)."""

_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)


class OneLineParser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose errors are one line on stderr, then exit 2.

    ``kniffel COMMAND --help`` still prints the usage; a bad argument prints
    ``kniffel COMMAND: error: ...`` alone (the message names the option), in
    the parser's language (``lang``; its subcommands' parsers are given theirs).
    """

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        """An `argparse.ArgumentParser` (the same arguments) that reports in ``lang``."""
        super().__init__(*args, **kwargs)
        self.lang = lang

    def error(self, message: str) -> NoReturn:
        """Print ``prog: error: message`` as one line and exit with status 2."""
        line = " ".join(message.split())
        if self.lang != "en" and line.startswith("argument "):  # Python 3.10 skips gettext here
            name, _, detail = line.removeprefix("argument ").partition(": ")
            argument = translate(N_("argument %(argument_name)s: %(message)s"), self.lang)
            line = argument % {"argument_name": name, "message": detail}
        template = translate(N_("{prog}: error: {message}"), self.lang)
        self.exit(2, template.format(prog=self.prog, message=line) + "\n")


def whole_number(text: str, lang: str = "en") -> int:
    """The argparse ``type`` of a number option: see `number`; its refusal in ``lang``."""
    try:
        return number(text, "")
    except KniffelError as exc:
        raise argparse.ArgumentTypeError(localize(exc, lang)) from None


def number(text: str, option: str, lo: int | None = None, hi: int | None = None) -> int:
    """Read one whole number written in ASCII digits, within ``lo..hi``.

    Args:
        text: The argument.
        option: The option's name for messages (``"--top"``).
        lo: The least value allowed (``None``: no bound).
        hi: The greatest value allowed (``None``: no bound).

    Returns:
        The number.

    Raises:
        InvalidStateError: Not such a number, or out of range (naming ``option``).
    """
    stripped = text.strip() if isinstance(text, str) else text
    if not isinstance(stripped, str) or _NUMBER.fullmatch(stripped) is None:
        raise InvalidStateError(
            option,
            Text.of(
                N_("expected a whole number of at most {digits} digits, got {text}"),
                digits=MAX_DIGITS,
                text=brief(text),
            ),
        )
    return check_int(int(stripped), option, lo, hi)


def number_list(
    text: str, option: str, lo: int | None = None, hi: int | None = None, *, example: str
) -> list[int]:
    """Read comma-separated whole numbers (spaces and empty items ignored), each within ``lo..hi``.

    Raises:
        InvalidStateError: An item that is not such a number, naming
            ``option[i]`` and the example of a good argument.
    """
    items = [item for item in text.replace(" ", "").split(",") if item]
    out = []
    for i, item in enumerate(items):
        try:
            out.append(number(item, f"{option}[{i}]", lo, hi))
        except InvalidStateError as exc:
            raise InvalidStateError(
                exc.path,
                Text.of(N_("{detail} (e.g. {example})"), detail=Text(exc.detail), example=example),
            ) from None
    return out


def json_object(text: str, option: str) -> dict[str, Any]:
    """Read a JSON object with the library's reader (`kniffel_rules._json.loads`).

    Raises:
        KniffelError: Not JSON, nested deeper or longer than every document
            may be, or not an object (one line, naming ``option``).
    """
    try:
        doc = loads(text)
    except InvalidStateError as exc:
        raise KniffelError(
            Text.of(N_("{option}: {detail}"), option=option, detail=_short(exc))
        ) from None
    if not isinstance(doc, dict):
        raise KniffelError(
            Text.of(
                N_("{option} is a JSON object of rule options, e.g. {example}"),
                option=option,
                example='\'{"joker": "free"}\'',
            )
        )
    return doc


def _short(exc: InvalidStateError) -> Text:
    """The error without a long path of nested brackets (``[0][0]...``), on one line."""
    path = exc.path if len(exc.path) <= 40 else exc.path[:37] + "..."
    detail = _OneLine(exc.detail)
    return Text.of(N_("{option}: {detail}"), option=path, detail=detail) if path else detail


class _OneLine(Text):
    """A `Text` whose line breaks and runs of spaces become one space, in every language."""

    def __new__(cls, text: str = "") -> _OneLine:
        """``text`` (a `Text` keeps its template) on one line."""
        obj = super().__new__(cls, " ".join(text.split()))
        obj.template = getattr(text, "template", None)
        obj.args = getattr(text, "args", {})
        return obj

    def localized(self, lang: str) -> str:
        """The sentence in ``lang``, on one line."""
        return " ".join(super().localized(lang).split())


def read_document(handle: TextIO) -> str:
    """Read a file or standard input, at most one character more than any document may be.

    The library's reader then refuses a longer one (`limits.MAX_DOCUMENT_LENGTH`);
    an endless stream (``/dev/zero``, a pipe that never closes its data) is
    not read into memory.
    """
    return handle.read(MAX_DOCUMENT_LENGTH + 1)


def choice(text: str, count: int) -> int | None:
    """The number ``1..count`` a player typed at a menu, else ``None`` (never an exception).

    The number may end in a full stop, as the menu shows it (``"2."``).
    """
    text = text.removesuffix(".")
    if len(text) > 9 or not text.isascii() or not text.isdigit():
        return None
    n = int(text)
    return n if 1 <= n <= count else None
