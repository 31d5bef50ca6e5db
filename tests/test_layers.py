"""The layers of API.md: the core knows no game; games know no bots, CLI, records or sheets.

The import graph is read from the sources (every import, a lazy one inside
a function or under ``TYPE_CHECKING`` included): no game imports a layer
above it, and no module of the package imports itself through others.
"""

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


RECORD_AND_SHEET_LAYERS = ["playing", "records", "sheets", "_sheetcheck"]
"""The layers that import the games through the registry (and so may not be imported by them)."""


def module_name(path: Path) -> str:
    """``kniffel_rules.classic.sheet`` for ``src/kniffel_rules/classic/sheet.py``."""
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}


def module_imports(path: Path) -> set[str]:
    """The package's modules ``path`` imports: ``from kniffel_rules import sheets`` is ``sheets``.

    A name imported from a package is the submodule of that name when there
    is one, else the package itself; relative imports are resolved.
    """
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in MODULES:
                    found.add(full)
                elif base in MODULES:
                    found.add(base)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
    found.discard(name)
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


def test_the_import_graph_has_no_cycle() -> None:
    graph = {name: module_imports(path) for name, path in MODULES.items()}
    assert import_cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert import_cycles(graph) == [["a", "b", "c"]]


def test_games_import_no_record_or_sheet_layer() -> None:
    """issue 27: the record and sheet layers ask the games; a game never asks them back."""
    above = {f"kniffel_rules.{layer}" for layer in RECORD_AND_SHEET_LAYERS}
    above.add("kniffel_rules")  # the package's root imports those layers
    for game in GAMES:
        for path in (SRC / game).rglob("*.py"):
            bad = module_imports(path) & above
            assert not bad, f"{game}/{path.name} imports {sorted(bad)}"


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
KIT_ROOMS = {"__init__", "pieces", "engine", "sheet"}
"""The rooms of a game built on the box-game kit (`kniffel_rules._boxgame`): its material,
its game object and its paper sheet; the kit is the rest."""


def _on_the_box_kit(game: str) -> bool:
    return "kniffel_rules._boxgame" in imports(SRC / game / "engine.py")


def test_every_game_has_the_same_rooms() -> None:
    """docs/protocol.md, "Adding a game": the same public modules in every game package."""
    for game in GAMES:
        public = {p.stem for p in (SRC / game).glob("*.py") if not p.stem.startswith("_")}
        public |= {"__init__"}
        expected = ROOMS | ({"sheet"} if game in BOX_SHEET_GAMES else set())
        if _on_the_box_kit(game):
            expected = KIT_ROOMS
        assert public == expected, f"{game}: {sorted(public ^ expected)}"


def test_the_protocol_page_lists_the_rooms() -> None:
    page = (SRC.parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    for room in ROOMS | {"sheet"}:
        assert f"`{room}.py`" in page
