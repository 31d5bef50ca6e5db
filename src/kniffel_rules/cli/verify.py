"""``kniffel verify``: check score sheets, print every finding.

The file ``-`` is standard input. A file may also hold a game record of any
game (`kniffel_rules.record_to_json`): it is replayed, every action checked
against the rules and the written result against the replay; a record of a
game with a score sheet (classic, Extreme, Yatzy) is then verified as the
sheet of that game, with every roll (see `kniffel_rules.verify_sheet`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TextIO

from kniffel_rules._text import wrap
from kniffel_rules.cli.arguments import read_document
from kniffel_rules.cli.screen import terminal_size
from kniffel_rules.cli.words import say, system_reason
from kniffel_rules.errors import KniffelError
from kniffel_rules.lang import Lang
from kniffel_rules.sheets import verify_sheet

__all__ = ["verify"]


def _read(name: str, stdin: TextIO | None) -> str:
    if name == "-":
        return read_document(stdin or sys.stdin)
    with open(name, encoding="utf-8") as handle:
        return read_document(handle)


def _hanging(text: str, first: str, rest: str, width: int, out: TextIO) -> None:
    """Print ``text`` wrapped to ``width`` columns, one left free (``0``: not wrapped).

    ``first`` goes before its first line, ``rest`` (as wide or wider) before the others.
    """
    lines = wrap(text, width - 1 - len(rest)) if width else [text]
    print(first + lines[0], file=out)
    for line in lines[1:]:
        print(rest + line, file=out)


def verify(files: Sequence[str], as_json: bool, out: TextIO, *, stdin: TextIO | None = None,
           lang: Lang = "en") -> int:  # fmt: skip
    """Verify score sheets or game records: status 0 all right, 1 findings, 2 unreadable input.

    Args:
        files: The file names; ``-`` reads ``stdin``.
        as_json: Print the findings as JSON.
        out: Where to print.
        stdin: Standard input (default: ``sys.stdin``).
        lang: The language of what is printed: the command line's own words,
            the findings and the reasons a document is refused (``--json``
            prints the reports as the library writes them, in English).
    """
    results: list[dict[str, object]] = []
    said: dict[str, list[str]] = {}  # each file's findings in ``lang``
    status = 0
    for name in files:
        try:
            report = verify_sheet(_read(name, stdin))
        except (OSError, UnicodeDecodeError) as exc:
            results.append(
                {
                    "file": name,
                    "error": say("verify_unreadable", lang, reason=system_reason(exc, lang)),
                }
            )
            status = 2
            continue
        except KniffelError as exc:
            localized = getattr(exc, "localized", None)  # the library's errors: in ``lang``
            reason = localized(lang) if callable(localized) else str(exc)
            results.append({"file": name, "error": say("verify_invalid", lang, reason=reason)})
            status = 2
            continue
        results.append({"file": name, **report.to_dict()})
        said[name] = [f.localized(lang) for f in report.findings]
        if not report.ok and status == 0:
            status = 1
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False), file=out)
        return status
    # On a terminal, lines wrap to its width; to a file or a pipe each stays one line.
    width = terminal_size()[0] if out.isatty() else 0
    for r in results:
        if "error" in r:
            _hanging(f"{r['file']}: {r['error']}", "", "  ", width, out)
        elif r["ok"]:
            print(f"{r['file']}: {say('verify_ok', lang)}", file=out)
        else:
            findings = r["findings"]
            assert isinstance(findings, list)
            key = "verify_problem" if len(findings) == 1 else "verify_problems"
            print(f"{r['file']}: {say(key, lang, count=len(findings))}", file=out)
            for f, text in zip(findings, said[str(r["file"])], strict=True):
                _hanging(f"{text} [{f['rule']}]", "  - ", "    ", width, out)
    return status
