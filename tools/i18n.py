"""The message catalogue's tools: extract the template, update the translations, compile them.

Used at build and test time only (the library reads the compiled ``.mo``
files with the stdlib `gettext`); it needs nothing but the standard library.

    python tools/i18n.py            # extract + update every .po + compile every .mo
    python tools/i18n.py --check    # exit 1 when any of them is out of date

``extract``: every ``N_("...")`` call in ``src/kniffel_rules`` (an AST scan:
the argument must be a string literal), and every ``C_("context", "...")`` (a
msgid with a ``msgctxt``: the same English word translated another way in
one place) becomes an entry of
``src/kniffel_rules/locale/kniffel_rules.pot``. ``update``: each
``locale/<lang>/LC_MESSAGES/kniffel_rules.po`` gets the template's entries in
its order, keeping the translations it has (new ones empty, dropped ones
gone). ``compile``: each ``.po`` becomes its ``.mo`` (GNU format, as
``msgfmt`` writes it: entries sorted, no hash table; fuzzy and empty entries left out).
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "kniffel_rules"
LOCALE = PACKAGE / "locale"
DOMAIN = "kniffel_rules"
MARKER = "N_"
CONTEXT_MARKER = "C_"
CONTEXT_SEP = "\x04"  # a msgid with a context: "context\x04msgid", as gettext keys it
HEADER = (
    "Project-Id-Version: kniffel-rules\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
)


class MarkerError(ValueError):
    """A call of the marker whose argument is not one string literal."""


def extract(package: Path = PACKAGE) -> dict[str, list[str]]:
    """Every msgid marked in ``package``, in first-seen order, with the files that use it.

    Raises:
        MarkerError: A marker call whose argument is not a string literal.
    """
    found: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in (MARKER, CONTEXT_MARKER)
            ):
                continue
            marker = node.func.id
            args = node.args
            wanted = 1 if marker == MARKER else 2
            literals = [a.value for a in args if isinstance(a, ast.Constant)]
            if (
                len(args) != wanted
                or len(literals) != wanted
                or node.keywords
                or not all(isinstance(v, str) and v for v in literals)
            ):
                what = "one string literal" if wanted == 1 else "two string literals"
                raise MarkerError(f"{where}:{node.lineno}: {marker}() takes {what}")
            msgid = CONTEXT_SEP.join(str(v) for v in literals)
            files = found.setdefault(msgid, [])
            if where not in files:
                files.append(where)
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return f'"{escaped}"'
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def _entry(msgid: str, msgstr: str, comments: Iterable[str] = ()) -> str:
    head = "".join(f"{c}\n" for c in comments)
    if CONTEXT_SEP in msgid:
        context, msgid = msgid.split(CONTEXT_SEP, 1)
        head += f"msgctxt {_quote(context)}\n"
    return f"{head}msgid {_quote(msgid)}\nmsgstr {_quote(msgstr)}\n"


def write_pot(found: dict[str, list[str]]) -> str:
    """The ``.pot`` text of the msgids ``found`` (sorted, each with the files that use it)."""
    parts = [_entry("", HEADER, ["# The messages of kniffel-rules (English templates)."])]
    for msgid in sorted(found):
        parts.append(_entry(msgid, "", [f"#: {' '.join(found[msgid])}", "#, python-brace-format"]))
    return "\n".join(parts)


def read_po(text: str) -> dict[str, tuple[str, bool]]:
    """The entries of a ``.po`` text: msgid -> (msgstr, fuzzy); the header under ``""``."""
    entries: dict[str, tuple[str, bool]] = {}
    msgctxt: list[str] | None = None
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None
    fuzzy = False
    next_fuzzy = False

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            key = "".join(msgid)
            if msgctxt is not None:
                key = "".join(msgctxt) + CONTEXT_SEP + key
            entries[key] = ("".join(msgstr), fuzzy)

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            next_fuzzy = True
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgctxt "):
            flush()
            msgctxt, msgid, msgstr, fuzzy, next_fuzzy = [], None, None, next_fuzzy, False
            current = msgctxt
            line = line[8:]
        elif line.startswith("msgid "):
            if msgctxt is None or msgid is not None:
                flush()
                msgctxt, fuzzy, next_fuzzy = None, next_fuzzy, False
            msgid, msgstr = [], None
            current = msgid
            line = line[6:]
        elif line.startswith("msgstr "):
            msgstr = []
            current = msgstr
            line = line[7:]
        if current is None:
            raise ValueError(f"not a .po line: {raw!r}")
        value = ast.literal_eval(line)
        if not isinstance(value, str):
            raise ValueError(f"not a .po string: {raw!r}")
        current.append(value)
    flush()
    return entries


def update_po(pot_ids: Iterable[str], po_text: str | None, found: dict[str, list[str]]) -> str:
    """The ``.po`` text with the template's msgids, keeping the translations ``po_text`` has."""
    old = read_po(po_text) if po_text else {}
    header = old.get("", (HEADER, False))[0]
    parts = [_entry("", header, ["# A translation of kniffel-rules' messages."])]
    for msgid in sorted(pot_ids):
        msgstr, fuzzy = old.get(msgid, ("", False))
        comments = [f"#: {' '.join(found.get(msgid, []))}"]
        comments.append("#, fuzzy, python-brace-format" if fuzzy else "#, python-brace-format")
        parts.append(_entry(msgid, msgstr, comments))
    return "\n".join(parts)


def compile_mo(po_text: str) -> bytes:
    """The GNU ``.mo`` bytes of a ``.po`` text (translated, non-fuzzy entries; sorted)."""
    entries = {k: v for k, (v, fuzzy) in read_po(po_text).items() if (v and not fuzzy) or k == ""}
    keys = sorted(entries)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        k, v = key.encode("utf-8"), entries[key].encode("utf-8")
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\0"
        strs += v + b"\0"
    n = len(keys)
    start = 7 * 4
    ids_at = start + n * 16
    strs_at = ids_at + len(ids)
    table_k: list[int] = []
    table_v: list[int] = []
    for o1, l1, o2, l2 in offsets:
        table_k += [l1, o1 + ids_at]
        table_v += [l2, o2 + strs_at]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, start, start + n * 8, 0, 0)
    return (
        head + struct.pack(f"{2 * n}i", *table_k) + struct.pack(f"{2 * n}i", *table_v) + ids + strs
    )


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages with a ``.po`` file."""
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def outputs(package: Path = PACKAGE) -> Iterator[tuple[Path, bytes]]:
    """Every file the tools write, with the bytes it should hold."""
    found = extract(package)
    locale = package / "locale"
    yield locale / f"{DOMAIN}.pot", write_pot(found).encode("utf-8")
    for lang in languages(locale):
        po = locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        text = update_po(found, po.read_text(encoding="utf-8"), found)
        yield po, text.encode("utf-8")
        yield po.with_suffix(".mo"), compile_mo(text)


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the template, the ``.po`` and the ``.mo`` files."""
    parser = argparse.ArgumentParser(description="extract, update and compile the catalogue")
    parser.add_argument("--check", action="store_true", help="only report stale files")
    parser.add_argument("--init", metavar="LANG", help="start a catalogue for a new language")
    args = parser.parse_args(argv)
    if args.init:
        po = LOCALE / args.init / "LC_MESSAGES" / f"{DOMAIN}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        if not po.exists():
            header = HEADER.replace("MIME", f"Language: {args.init}\nMIME")
            po.write_text(_entry("", header), encoding="utf-8")
    stale = 0
    for path, data in outputs():
        if path.exists() and path.read_bytes() == data:
            continue
        stale += 1
        if args.check:
            print(f"out of date: {path.relative_to(ROOT)}")
        else:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
