"""The layers of API.md: the core knows no game; games know no bots or CLI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from kniffel_rules.variant import _MODULES

SRC = Path(__file__).resolve().parent.parent / "src" / "kniffel_rules"
ABOVE_GAMES = ["bots", "cli", "svg", "adapters", "simulation"]  # the layers that import games
CORE = sorted(  # the root modules
    p.name for p in SRC.glob("*.py") if p.name != "__main__.py" and p.stem not in ABOVE_GAMES
)
GAMES = [module.split(".")[-1] for module in _MODULES.values()]


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_importing_the_package_imports_no_game() -> None:
    code = (
        "import sys, kniffel_rules; "
        "print(sorted(m for m in sys.modules if m.startswith('kniffel_rules.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for game in GAMES:
        assert f"kniffel_rules.{game}" not in out
    assert "kniffel_rules.bots" not in out


def test_core_modules_import_no_game() -> None:
    for name in CORE:
        bad = {
            m
            for m in imports(SRC / name)
            if any(m.startswith(f"kniffel_rules.{g}") for g in [*GAMES, *ABOVE_GAMES])
        }
        if name == "__init__.py":  # the root exports `simulate`, which imports games only when run
            bad.discard("kniffel_rules.simulation")
        assert not bad, f"{name} imports {bad}"


def test_games_import_no_other_game_bots_or_cli() -> None:
    for game in GAMES:
        for path in (SRC / game).glob("*.py"):
            others = [g for g in GAMES if g != game] + ABOVE_GAMES
            bad = {
                m for m in imports(path) if any(m.startswith(f"kniffel_rules.{o}") for o in others)
            }
            assert not bad, f"{path.name} imports {bad}"


def test_simulation_imports_no_cli() -> None:
    """`simulate` is a layer above the bots, below the command line that uses it."""
    assert not {m for m in imports(SRC / "simulation.py") if m.startswith("kniffel_rules.cli")}


ROOMS = {
    "__init__",
    "rules",
    "pieces",
    "combinations",
    "actions",
    "state",
    "legality",
    "engine",
    "serial",
    "wire",
    "notation",
    "view",
    "render",
}
BOX_SHEET_GAMES = {"classic", "extreme"}


def test_every_game_has_the_same_rooms() -> None:
    """docs/protocol.md, "Adding a game": the same public modules in every game package."""
    for game in GAMES:
        public = {p.stem for p in (SRC / game).glob("*.py") if not p.stem.startswith("_")}
        public |= {"__init__"}
        expected = ROOMS | ({"sheet"} if game in BOX_SHEET_GAMES else set())
        assert public == expected, f"{game}: {sorted(public ^ expected)}"


def test_the_protocol_page_lists_the_rooms() -> None:
    page = (SRC.parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    for room in ROOMS | {"sheet"}:
        assert f"`{room}.py`" in page
