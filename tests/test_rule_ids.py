"""Every rule clause id on the docs pages has a test, and every tested id exists.

Ids are read from ``docs/rules/*.md``; tests name them with
``@pytest.mark.rule("CL-07", ...)`` (or an alias ``rule = pytest.mark.rule``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kniffel_rules.game import PROTOCOL_CLAUSES
from kniffel_rules.variant import VARIANTS, get_variant

ROOT = Path(__file__).resolve().parent.parent

PAGE_OF_PREFIX = {
    **{get_variant(game).INFO.end_rule.partition("-")[0]: game for game in VARIANTS},
    "PR": "protocol",
}
"""The page of each clause-id prefix (``docs/rules/<game>.md``, ``docs/protocol.md``): a
game's prefix is that of the clauses its ``INFO`` names, so a new game's ids are read too."""

_PREFIXES = "|".join(sorted(PAGE_OF_PREFIX))
ID = re.compile(rf"\b(?:{_PREFIXES})-\d{{2,3}}\b")
ANY_ID = re.compile(r"\b[A-Z]{2}-\d{2,3}\b")
"""What looks like a clause id of any prefix (one no game declares is a mistake)."""


def documented_ids() -> dict[str, set[str]]:
    pages = sorted((ROOT / "docs" / "rules").glob("*.md"))
    ids = {p.stem: set(ID.findall(p.read_text(encoding="utf-8"))) for p in pages}
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    ids["protocol"] = {i for i in ID.findall(protocol) if i.startswith("PR-")}
    return ids


def _is_rule_marker(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "rule") or (
        isinstance(func, ast.Attribute) and func.attr == "rule"
    )


def ids_in_tests() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _is_rule_marker(node.func):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
    return found


def test_the_rules_pages_list_clauses() -> None:
    ids = documented_ids()
    assert "classic" in ids
    assert len(ids["classic"]) >= 30


@pytest.mark.parametrize("game", VARIANTS)
def test_every_game_has_a_rules_page_of_its_own_clauses(game: str) -> None:
    """A registered game's page lists clauses of its own prefix, those its ``INFO`` names too."""
    info = get_variant(game).INFO
    prefix = info.end_rule.partition("-")[0]
    assert re.fullmatch(r"[A-Z]{2}", prefix), f"{game}: INFO.end_rule {info.end_rule!r}"
    assert info.score_rule.startswith(prefix + "-"), f"{game}: INFO.score_rule {info.score_rule!r}"
    assert PAGE_OF_PREFIX[prefix] == game, f"{game} shares the prefix {prefix} with another game"
    page = ROOT / "docs" / "rules" / f"{game}.md"
    assert page.is_file(), f"{game} has no rules page docs/rules/{game}.md"
    own = {cid for cid in documented_ids()[game] if cid.startswith(prefix + "-")}
    assert {info.end_rule, info.score_rule} <= own, f"{page.name} lacks the clauses INFO names"


def test_every_clause_id_has_a_known_prefix() -> None:
    """An id of a prefix no game declares (a new page, a typo) would be checked by nothing."""
    pages = [*sorted((ROOT / "docs" / "rules").glob("*.md")), ROOT / "docs" / "protocol.md"]
    unknown = sorted(
        f"{path.name}: {cid}"
        for path in pages
        for cid in set(ANY_ID.findall(path.read_text(encoding="utf-8")))
        if cid[:2] not in PAGE_OF_PREFIX
    )
    assert not unknown, f"clause ids of no registered game: {unknown}"


@pytest.mark.parametrize("page", sorted(documented_ids()))
def test_every_documented_clause_has_a_test(page: str) -> None:
    missing = sorted(documented_ids()[page] - ids_in_tests())
    assert not missing, f"docs/rules/{page}.md clauses without a test: {missing}"


def test_the_protocol_page_lists_every_protocol_clause() -> None:
    assert documented_ids()["protocol"] == set(PROTOCOL_CLAUSES)


def test_every_tested_clause_is_documented() -> None:
    documented = set().union(*documented_ids().values())
    unknown = sorted(ids_in_tests() - documented)
    assert not unknown, f"tests name clause ids that no docs page lists: {unknown}"


# --- clause ids cited in the sources ----------------------------------------------------------

_ONE = rf"((?:{_PREFIXES})-\d{{2,3}})"
RANGE = re.compile(rf"\b{_ONE}(?:\s*\.\.\s*|\s+to\s+){_ONE}\b")


def _expand(text: str) -> set[str]:
    """Every clause id ``text`` cites, a range ``CL-17..CL-22`` (or ``CL-17 to CL-22``) in full."""
    ids = set(ID.findall(text))
    for first, last in RANGE.findall(text):
        prefix = first[:3]
        if last.startswith(prefix) and int(first[3:]) <= int(last[3:]):
            width = len(first) - 3
            ids |= {f"{prefix}{n:0{width}d}" for n in range(int(first[3:]), int(last[3:]) + 1)}
    return ids


def _source_texts() -> list[tuple[str, int, str]]:
    """(file, line, text) of every string and comment in ``src/`` that cites a clause id."""
    import io
    import tokenize

    out: list[tuple[str, int, str]] = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.STRING, tokenize.COMMENT) and ID.search(tok.string):
                out.append((str(path.relative_to(ROOT)), tok.start[0], tok.string))
    for path in sorted((ROOT / "src").rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        if ID.search(text):
            out.append((str(path.relative_to(ROOT)), 1, text))
    return out


def test_the_sources_cite_clause_ids() -> None:
    cited = set().union(*(_expand(text) for _, _, text in _source_texts()))
    assert {"CL-02", "CL-48", "EX-36", "PR-07"} <= cited


def test_every_clause_id_cited_in_the_sources_is_on_its_games_page() -> None:
    documented = documented_ids()
    wrong = [
        f"{file}:{line}: {cid} is not on {PAGE_OF_PREFIX[cid[:2]]}'s page"
        for file, line, text in _source_texts()
        for cid in sorted(_expand(text))
        if cid not in documented[PAGE_OF_PREFIX[cid[:2]]]
    ]
    assert not wrong, "\n".join(wrong)


# Subjects whose clauses are known: a sentence of the sources that names the subject and cites
# ids of that game must cite only (every id of a range included) clauses of the subject.
SUBJECTS: dict[str, tuple[re.Pattern[str], frozenset[str]]] = {
    "classic roll-off": (
        re.compile(r"roll-off|who starts|start player", re.I),
        frozenset({"CL-02", "CL-26"}),
    ),
    "classic placement": (
        re.compile(r"placement|better place", re.I),
        frozenset({"CL-26", "CL-27", "CL-28", "CL-46", "CL-48", "CL-54"}),
    ),
    "classic joker": (
        re.compile(r"\bjoker|extra kniffel", re.I),
        frozenset({f"CL-{n}" for n in (*range(17, 23), *range(40, 45), 50, 55)}),
    ),
    "classic Croatian": (
        re.compile(r"croatian|maximum|minimum", re.I),
        frozenset({"CL-30", "CL-31", "CL-49", "CL-50", "CL-52", "CL-53"}),
    ),
}


def _sentences(text: str) -> list[str]:
    """The parts of ``text`` between punctuation that cite a clause id (a list names one subject
    per part: ``..., a box off the sheet (CL-30), every box filled (CL-23)``)."""
    return [s for s in re.split(r"(?<=[.;:,])\s+|\n\s*\n", text) if ID.search(s)]


def test_the_subject_sets_name_clauses_of_that_subject() -> None:
    # the table above cannot drift from the page: every id in it is on the classic page
    documented = documented_ids()["classic"]
    for name, (_, ids) in SUBJECTS.items():
        assert ids <= documented, name


def test_clause_ids_cited_in_the_sources_name_the_subject() -> None:
    wrong = []
    for file, line, text in _source_texts():
        for sentence in _sentences(text):
            cited = {c for c in _expand(sentence) if c.startswith("CL-")}
            if not cited:
                continue
            for name, (pattern, allowed) in SUBJECTS.items():
                if pattern.search(ID.sub("", sentence)) and not cited <= allowed:
                    others = sorted(cited - allowed)
                    wrong.append(f"{file}:{line}: a sentence on the {name} cites {others}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("the joker (CL-17..CL-19)", {"CL-17", "CL-18", "CL-19"}),
        ("CL-40 to CL-42 and PR-07", {"CL-40", "CL-41", "CL-42", "PR-07"}),
        ("KA-09", {"KA-09"}),
    ],
)
def test_ranges_of_clause_ids_are_read_in_full(text: str, ids: set[str]) -> None:
    assert _expand(text) == ids
