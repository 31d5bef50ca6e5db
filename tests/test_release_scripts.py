"""The release workflow's script: .github/scripts/changelog_section.py.

It gives the GitHub release its notes (the CHANGELOG section of the tag) and
stops the release before anything is published when the tag is not the
package's version or the section is missing.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".github" / "scripts" / "changelog_section.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("changelog_section", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


notes = _load()

CHANGELOG = """\
# Changelog

Intro text.

## [Unreleased]

### Added

- something new

## [0.2.0] - 2027-01-05

### Changed

- the second release

## [0.1.0] - 2026-12-02

### Added

- the first release: [docs][site]
- `## [0.1.0]` quoted in a line is no heading

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
[0.2.0]: https://example.org/compare/v0.1.0...v0.2.0
[0.1.0]: https://example.org/releases/tag/v0.1.0
"""


def test_a_middle_section_ends_at_the_next_heading() -> None:
    assert notes.section(CHANGELOG, "0.2.0") == "### Changed\n\n- the second release\n"


def test_the_last_section_leaves_out_the_link_definitions() -> None:
    assert notes.section(CHANGELOG, "0.1.0") == (
        "### Added\n\n- the first release: [docs][site]\n"
        "- `## [0.1.0]` quoted in a line is no heading\n"
    )


@pytest.mark.parametrize("version", ["0.3.0", "0.1", "1.0", "0.2.00", "10.2.0"])
def test_a_missing_section_is_refused(version: str) -> None:
    with pytest.raises(notes.ReleaseNotesError, match="no section"):
        notes.section(CHANGELOG, version)


def test_an_empty_or_doubled_section_is_refused() -> None:
    with pytest.raises(notes.ReleaseNotesError, match="empty"):
        notes.section("## [1.0.0]\n\n[1.0.0]: https://example.org\n", "1.0.0")
    with pytest.raises(notes.ReleaseNotesError, match="2 sections"):
        notes.section("## [1.0.0]\n\na\n\n## [1.0.0]\n\nb\n", "1.0.0")


@pytest.mark.parametrize(
    ("tag", "version"),
    [
        ("v0.1.0", "0.1.0"),
        ("0.1.0", "0.1.0"),
        ("v1.12.3rc1", "1.12.3rc1"),
        ("v2.0.0.post1", "2.0.0.post1"),
    ],
)
def test_a_version_tag_names_its_version(tag: str, version: str) -> None:
    assert notes.version_of_tag(tag) == version


@pytest.mark.parametrize("tag", ["main", "v1", "v1.2", "v1.2.3; rm -rf /", "release-1.2.3", ""])
def test_a_tag_that_is_no_version_is_refused(tag: str) -> None:
    with pytest.raises(notes.ReleaseNotesError, match="not a version tag"):
        notes.version_of_tag(tag)


@given(
    st.lists(
        st.text(
            st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
            max_size=30,
        )
        .filter(lambda line: not re.match(r"##[ \t]", line))
        .map(str.rstrip),
        max_size=8,
    )
)
def test_any_body_comes_back_between_other_sections(lines: list[str]) -> None:
    body = "\n".join(lines).strip("\n")
    # an empty section is refused and a final link definition dropped (tests above)
    assume(body and not notes._LINK_DEFINITION.match(body.splitlines()[-1]))
    text = (
        "# Changelog\n\n## [1.1.0]\n\nlater\n\n"
        f"## [1.0.0] - 2026-01-01\n\n{body}\n\n## [0.9.0]\n\nearlier\n"
    )
    assert notes.section(text, "1.0.0") == body + "\n"


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_prints_the_notes_when_the_version_file_agrees(tmp_path: Path) -> None:
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG, encoding="utf-8")
    (tmp_path / "_version.py").write_text('"""v."""\n\n__version__ = "0.2.0"\n', encoding="utf-8")
    done = _run(tmp_path, "v0.2.0", "--version-file", "_version.py")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "### Changed\n\n- the second release\n",
        "",
    )


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["v0.2.0", "--version-file", "_version.py"], "says __version__ = '0.1.0'"),
        (["v0.3.0"], "no section '## [0.3.0]'"),
        (["refs/tags/v0.1.0"], "not a version tag"),
        (["v0.1.0", "--changelog", "NOPE.md"], "NOPE.md"),
    ],
)
def test_the_command_fails_with_the_reason_and_prints_no_notes(
    tmp_path: Path, args: list[str], reason: str
) -> None:
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG, encoding="utf-8")
    (tmp_path / "_version.py").write_text('__version__ = "0.1.0"\n', encoding="utf-8")
    done = _run(tmp_path, *args)
    assert done.returncode == 1
    assert done.stdout == ""
    assert reason in done.stderr


def test_the_package_version_is_read_as_the_workflow_reads_it() -> None:
    from kniffel_rules._version import __version__

    text = (ROOT / "src" / "kniffel_rules" / "_version.py").read_text(encoding="utf-8")
    assert notes.package_version(text) == __version__


def _minor(version: str) -> int:
    major, minor = version.split(".")
    assert major == "3"
    return int(minor)


def test_the_supported_pythons_are_the_tested_ones() -> None:
    """requires-python, the classifiers, CI's matrix and .ci/pythons name the same versions."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    floor = re.search(r'^requires-python = ">=(3\.\d+)"$', pyproject, re.MULTILINE)
    assert floor is not None
    classified = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject)
    ci = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    matrix = re.search(r"^ +python-version: \[(.*)\]$", ci, re.MULTILINE)
    assert matrix is not None
    tested = [v.strip().strip("\"'") for v in matrix.group(1).split(",")]
    minors = sorted(_minor(v) for v in classified)
    assert minors == list(range(minors[0], minors[-1] + 1)), "a gap in the classifiers"
    assert sorted(tested, key=_minor) == sorted(classified, key=_minor) == tested
    assert floor.group(1) == tested[0]
    pythons = (ROOT / ".ci" / "pythons").read_text(encoding="utf-8")
    assert f"${{KNIFFEL_PYTHONS:-{tested[0]} {tested[-1]}}}" in pythons
