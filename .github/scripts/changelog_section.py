"""Print the CHANGELOG section of a release tag: the GitHub release's notes.

Usage: ``python .github/scripts/changelog_section.py vX.Y.Z [--changelog CHANGELOG.md]
[--version-file src/kniffel_rules/_version.py]``

The section is the text under ``## [X.Y.Z]`` (Keep a Changelog: ``## [0.1.0] - 2026-12-02``)
up to the next ``## `` heading, without the link definitions (``[0.1.0]: https://...``) that
end the file. It fails, with the reason on standard error and exit status 1, when the tag is
not ``vX.Y.Z``, the section is missing or empty, or the version file's ``__version__`` is not
the tag's version: the release workflow runs it before anything is published.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

_TAG = re.compile(r"v?(\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?)")
_LINK_DEFINITION = re.compile(r"\[[^\]]+\]:\s+\S")
_SECOND_LEVEL_HEADING = re.compile(r"##[ \t]")
_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.MULTILINE)


class ReleaseNotesError(Exception):
    """The tag, the changelog or the version file does not allow a release."""


def version_of_tag(tag: str) -> str:
    """Return the version a tag names.

    Args:
        tag: A git tag such as ``v0.1.0`` (the ``v`` may be left out).

    Returns:
        The version, such as ``0.1.0``.

    Raises:
        ReleaseNotesError: The tag is not a version.
    """
    match = _TAG.fullmatch(tag.strip())
    if match is None:
        raise ReleaseNotesError(f"tag {tag!r} is not a version tag such as v0.1.0")
    return match.group(1)


def section(changelog: str, version: str) -> str:
    """Return the body of a version's section of a Keep a Changelog file.

    Args:
        changelog: The text of CHANGELOG.md.
        version: The version, such as ``0.1.0``.

    Returns:
        The section's lines after its heading, up to the next ``## `` heading, without
        surrounding blank lines and without trailing link definitions.

    Raises:
        ReleaseNotesError: The section is missing, given twice, or empty.
    """
    heading = re.compile(rf"##[ \t]+\[{re.escape(version)}\](?:\s.*)?")
    lines = changelog.splitlines()
    starts = [i for i, line in enumerate(lines) if heading.fullmatch(line.rstrip())]
    if not starts:
        raise ReleaseNotesError(f"CHANGELOG has no section '## [{version}]'")
    if len(starts) > 1:
        raise ReleaseNotesError(f"CHANGELOG has {len(starts)} sections '## [{version}]'")
    body: list[str] = []
    for line in lines[starts[0] + 1 :]:
        if _SECOND_LEVEL_HEADING.match(line):
            break
        body.append(line.rstrip())
    while body and (not body[-1] or _LINK_DEFINITION.match(body[-1])):
        body.pop()
    while body and not body[0]:
        body.pop(0)
    if not body:
        raise ReleaseNotesError(f"CHANGELOG section '## [{version}]' is empty")
    return "\n".join(body) + "\n"


def package_version(version_file: str) -> str:
    """Return the ``__version__`` a Python file assigns.

    Args:
        version_file: The text of the file (src/kniffel_rules/_version.py).

    Returns:
        The version string.

    Raises:
        ReleaseNotesError: The file assigns no ``__version__``.
    """
    match = _VERSION.search(version_file)
    if match is None:
        raise ReleaseNotesError("the version file assigns no __version__")
    return match.group(1)


def main(argv: list[str] | None = None) -> int:
    """Print the release notes of a tag; see the module's docstring.

    Args:
        argv: The arguments (``sys.argv[1:]`` when None).

    Returns:
        The exit status: 0, or 1 with the reason on standard error.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tag", help="the release tag, such as v0.1.0")
    parser.add_argument("--changelog", default="CHANGELOG.md", help="default: CHANGELOG.md")
    parser.add_argument(
        "--version-file",
        help="a Python file whose __version__ must be the tag's version "
        "(such as src/kniffel_rules/_version.py)",
    )
    args = parser.parse_args(argv)
    try:
        version = version_of_tag(args.tag)
        if args.version_file is not None:
            found = package_version(Path(args.version_file).read_text(encoding="utf-8"))
            if found != version:
                raise ReleaseNotesError(
                    f"{args.version_file} says __version__ = {found!r}, the tag {args.tag!r}: "
                    "bump the version (RELEASING.md) or tag the right version"
                )
        notes = section(Path(args.changelog).read_text(encoding="utf-8"), version)
    except (ReleaseNotesError, OSError) as error:
        print(f"changelog_section: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
