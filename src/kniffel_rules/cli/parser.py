"""The command line's options, in the reader's language (``--lang``, else the locale).

`build_parser` writes every help line, metavar and heading in ``lang``;
`argparse_speaks` lends the library's catalogue to argparse for its own
sentences (``usage:``, ``unrecognized arguments``, ``invalid choice``,
``the following arguments are required``...), which argparse looks up
through gettext; `scan_lang` finds the language before the options are
parsed, so that ``kniffel play --lang de --help`` and a German refusal of a
bad option are German throughout.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, cast

from kniffel_rules._i18n import N_, translate
from kniffel_rules.cli.advise import Advisable
from kniffel_rules.cli.arguments import OneLineParser, whole_number
from kniffel_rules.lang import LANGS, Lang, UnknownLanguageError, check_lang, default_lang
from kniffel_rules.variant import VARIANTS, get_variant

__all__ = ["ARGPARSE_WORDS", "argparse_speaks", "build_parser", "scan_lang"]

ARGPARSE_WORDS: Final = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("expected %s arguments"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""argparse's own sentences a reader of ``kniffel`` can meet, as argparse's gettext calls spell
them (Python 3.10 to 3.13); their translations are catalogue entries like every other."""


def _is_lang_option(word: str) -> bool:
    name = word.partition("=")[0]
    return len(name) >= 3 and "--lang".startswith(name)


def lang_after_command(argv: Sequence[str]) -> list[str]:
    """``argv`` with a ``--lang`` given before the command moved after it.

    ``--lang`` is an option of every command (``kniffel show --lang de``);
    typed before the command (``kniffel --lang de show``) it belongs to it
    as well. With no command (``kniffel --lang de --help``) it is left out:
    `scan_lang` has read it for the parser's own language.

    Examples:
        >>> lang_after_command(["--lang", "de", "show", "--seed", "1"])
        ['show', '--lang', 'de', '--seed', '1']
        >>> lang_after_command(["--lang=de", "--help"])
        ['--help']
    """
    words = list(argv)
    moved: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--" or not word.startswith("-"):
            break  # the command (or the end of the options)
        if _is_lang_option(word):
            take = 1 if "=" in word or i + 1 == len(words) else 2
            moved += words[i : i + take]
            del words[i : i + take]
            continue
        i += 1
    if i < len(words) and words[i] != "--":
        return [*words[: i + 1], *moved, *words[i + 1 :]]
    return words


def scan_lang(argv: Sequence[str]) -> Lang:
    """The language ``argv`` asks for with ``--lang`` (or an abbreviation), else the locale's.

    Read before the options are parsed, so that the parser speaks it; a
    language the library does not speak gives the locale's, and the parser
    then refuses the option itself.
    """
    found: str | None = None
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        name, equals, value = word.partition("=")
        if len(name) < 3 or not "--lang".startswith(name):
            continue
        if equals:
            found = value
        elif i + 1 < len(words):
            found = words[i + 1]
    if found is not None:
        with contextlib.suppress(UnknownLanguageError):
            return check_lang(found)  # as the option itself reads it (`_lang`): any case
    return default_lang()


@contextlib.contextmanager
def argparse_speaks(lang: Lang) -> Iterator[None]:
    """Argparse's own sentences in ``lang`` while the ``with`` block runs, then as before.

    argparse looks its sentences up through gettext (``argparse._`` and
    ``argparse.ngettext``, called when a parser is built and when it
    reports); this lends it the library's catalogue for ``lang``. One
    process-wide setting: a program that parses other command lines in
    other threads at the same moment sees them in ``lang`` too. A plural
    picks the singular for one and the plural otherwise (English and German).
    """
    names = argparse.__dict__
    saved: dict[str, Any] = {key: names[key] for key in ("_", "ngettext") if key in names}
    if lang == "en" or len(saved) < 2:  # English, or an argparse that does not ask gettext
        yield
        return

    def one(message: str) -> str:
        return translate(message, lang)

    def plural(singular: str, many: str, count: int) -> str:
        return translate(singular if count == 1 else many, lang)

    names["_"], names["ngettext"] = one, plural
    try:
        yield
    finally:
        names.update(saved)


class _Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """Defaults in every help line, once, in the parser's language; argparse lists the choices.

    Not for flags (their default is always "off"), nor where there is no
    default (``None``: the help says what happens then).
    """

    lang: Lang = "en"

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.nargs == 0 or action.default is None or not action.option_strings:
            return action.help
        return (action.help or "") + translate(N_(" (default: %(default)s)"), self.lang)


def _bots(lang: Lang) -> str:
    from kniffel_rules.cli.players import bot_names

    listed = "; ".join(f"{g}: {', '.join(bot_names(g))}" for g in VARIANTS)
    return translate(N_(" (bots: {bots})"), lang).format(bots=listed)


def _options(lang: Lang) -> str:
    listed = "; ".join(f"{g}: {', '.join(get_variant(g).Rules().to_dict())}" for g in VARIANTS)
    return translate(N_(" (options: {options})"), lang).format(options=listed)


def _lang(text: str) -> Lang:
    try:
        return check_lang(text)
    except UnknownLanguageError:
        return cast(Lang, text)  # argparse's choices then name the languages


def build_parser(lang: Lang = "en", detailed: bool = True) -> argparse.ArgumentParser:
    """The ``kniffel`` argument parser, its help and refusals in ``lang``.

    Build it inside `argparse_speaks` (argparse names its headings when a
    parser is made); ``detailed`` adds every game's bots and rule options to
    the help (built only for ``--help``).
    """

    def t(msgid: str) -> str:
        return translate(msgid, lang)

    class Formatter(_Formatter):
        """The help formatter of ``lang``."""

    Formatter.lang = lang
    number: Callable[[str], int] = functools.partial(whole_number, lang=lang)
    common = OneLineParser(add_help=False, lang=lang)
    common.add_argument("--lang", type=_lang, default=default_lang(), choices=LANGS,
                        help=t(N_("the language of the output")))  # fmt: skip
    parser = OneLineParser(prog="kniffel", description=t(N_("The rules of Kniffel, playable.")),
                           formatter_class=Formatter, lang=lang)  # fmt: skip
    parser.add_argument("--version", action="store_true", help=t(N_("print the version and exit")))
    sub = parser.add_subparsers(dest="command", metavar=t(N_("COMMAND")))
    games = list(VARIANTS)
    bots = _bots(lang) if detailed else ""
    rules_help = t(N_("rule options as JSON, e.g. '{\"joker\": \"free\"}'"))
    rules_help += _options(lang) if detailed else ""
    extra: dict[str, Any] = {"parents": [common], "formatter_class": Formatter, "lang": lang}

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=t(text), description=t(text), **extra)

    def option(p: argparse.ArgumentParser, name: str, metavar: str, text: str, more: str = "",
               **kwargs: Any) -> None:  # fmt: skip
        p.add_argument(name, metavar=t(metavar), help=t(text) + more, **kwargs)

    def flag(p: argparse.ArgumentParser, name: str, text: str) -> None:
        p.add_argument(name, action="store_true", help=t(text))

    s = command("show", N_("play one seeded game between bots and print it"))
    s.add_argument("--game", default=games[0], choices=games, help=t(N_("the game")))
    option(s, "--players", N_("PLAYERS"), N_("bots, comma-separated"), bots,
           default="greedy,greedy")  # fmt: skip
    option(s, "--seed", N_("SEED"), N_("fixes the dice and the bots' choices"), type=number,
           default=1)  # fmt: skip
    s.add_argument("--rules", metavar=t(N_("RULES")), help=rules_help)
    flag(s, "--json", N_("print the game record instead"))

    m = command("simulate", N_("play many games between bots and compare them"))
    m.add_argument("--game", default=games[0], choices=games, help=t(N_("the game")))
    option(m, "--players", N_("PLAYERS"), N_("bots, comma-separated"), bots,
           default="greedy,random")  # fmt: skip
    option(m, "--games", N_("GAMES"), N_("how many games"), type=number, default=100)
    option(m, "--first", N_("FIRST"), N_("the index of the first game (a shard of a larger run)"),
           type=number, default=0)  # fmt: skip
    option(m, "--seed", N_("SEED"), N_("fixes every game"), type=number, default=1)
    option(m, "--workers", N_("WORKERS"), N_("parallel local processes"), type=number, default=1)
    option(m, "--scheduler", N_("ADDRESS"),
           N_("play on this Dask scheduler instead (extra 'dask')"), default=None)  # fmt: skip
    m.add_argument("--rules", metavar=t(N_("RULES")), help=rules_help)
    flag(m, "--json", N_("print the games and the summary as JSON (Simulation.to_json)"))

    p = command("play", N_("play a game at the keyboard, against bots or each other"))
    p.add_argument("--game", default=None, choices=games,
                   help=t(N_("the game (default: {game}; --resume: the saved one)")).format(
                       game=games[0]))  # fmt: skip
    option(p, "--players", N_("PLAYERS"),
           N_("people's names and bots, comma-separated; a name that is not a bot's is a person, "
              "bot:NAME forces a bot (default: Player,greedy; with --resume: the saved players)"),
           bots, default=None)  # fmt: skip
    option(p, "--seed", N_("SEED"), N_("fixes the dice (default: random)"), type=number,
           default=None)  # fmt: skip
    p.add_argument("--rules", metavar=t(N_("RULES")), help=rules_help)
    option(p, "--resume", N_("FILE"), N_("continue the game saved in FILE"))
    option(p, "--json", N_("FILE"), N_("write the game record to FILE at the end"))

    a = command("advise", N_("optimal advice for a game with an exact solitaire player"))
    option(a, "--game", N_("GAME"), N_("the game: %(choices)s (those with an exact solitaire "
                                       "player)"),
           default=games[0], choices=Advisable())  # fmt: skip
    option(a, "--dice", N_("DICE"), N_("the five dice, e.g. 1,3,3,5,6"), required=True)
    option(a, "--rolls-left", N_("ROLLS_LEFT"), N_("0, 1 or 2"), type=number, required=True)
    option(a, "--filled", N_("FILLED"), N_("filled boxes, e.g. ones=3,full_house=25 (repeatable)"),
           action="append", default=[])  # fmt: skip
    option(a, "--extra-bonus", N_("EXTRA_BONUS"),
           N_("extra bonus points so far (classic's extra Kniffel; else 0)"), type=number,
           default=0)  # fmt: skip
    a.add_argument("--rules", metavar=t(N_("RULES")), help=rules_help)
    option(a, "--top", N_("TOP"), N_("how many actions to show (0: all)"), type=number,
           default=10)  # fmt: skip
    option(a, "--opponents", N_("TOTALS"),
           N_("final scores of finished opponents, e.g. 231,198: rank by the chance to beat "
              "them (WinProbabilityPlayer, for the games it plays)"))  # fmt: skip

    v = command("verify",
                N_("verify score sheets or game records (JSON files) and list every problem"))
    v.add_argument("files", nargs="+", metavar=t(N_("FILE")),
                   help=t(N_("the files; - reads standard input")))  # fmt: skip
    flag(v, "--json", N_("print the findings as JSON"))
    return parser
