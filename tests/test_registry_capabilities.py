"""Every registered game declares what the outer layers need; the outer layers name no game.

Issue 27, item 2: a game declares itself in ``INFO`` (`kniffel_rules.GameInfo`);
the adapters, the command line, the pictures, records and sheets loop over the
registry (`kniffel_rules.VARIANTS`) and ask ``INFO``. The first tests fail when a
registered game lacks a capability; the last ones fail when a layer above the
games spells a game's name (a table or a branch) or finds a game by its module path.
"""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import kniffel_rules
from kniffel_rules import GameInfo, GameRecord, get_variant, svg
from kniffel_rules.adapters.space import (
    GAMES,
    ActionSpace,
    ChanceSpace,
    observation_layout,
    observation_tensor,
    player_limits,
)
from kniffel_rules.records import record_from_json, record_to_json

SRC = Path(kniffel_rules.__file__).resolve().parent
VARIANTS = kniffel_rules.VARIANTS


def _playout(name: str, seed: int, steps: int = 150) -> GameRecord:
    """A random playout of ``name`` (two seats where it can), cut after ``steps`` actions."""
    game = get_variant(name)
    info = game.INFO
    initial = state = game.new_game(max(info.min_players, min(2, info.max_players)))
    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        if game.current_player(state) == kniffel_rules.CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
    return GameRecord(initial, tuple(actions), state, name)


def _states(rec: GameRecord) -> list[Any]:
    game = get_variant(rec.variant)
    states = [rec.initial]
    for action in rec.actions:
        states.append(game.apply(states[-1], action))
    return states


@pytest.mark.parametrize("name", VARIANTS)
def test_every_game_declares_the_capabilities_the_layers_ask(name: str) -> None:
    info = get_variant(name).INFO
    assert isinstance(info, GameInfo)
    assert info.name == name
    assert info.title("en") and info.title("de")
    assert 1 <= info.min_players <= info.max_players
    for capability in ("action_index", "chance_index", "tensor", "bounds"):
        assert callable(getattr(info, capability)), f"{name}: INFO.{capability} is not set"
    assert info.picture in svg._DRAWERS, f"{name}: INFO.picture names no svg drawer"
    prefix = info.end_rule.split("-")[0]
    assert prefix and info.score_rule.startswith(prefix + "-"), f"{name}: end or score rule unset"


ROOT = Path(__file__).resolve().parent.parent
"""The checkout (the package may be installed elsewhere, as ``.ci/pythons`` installs it)."""


@pytest.mark.parametrize("name", VARIANTS)
def test_every_game_has_its_pages_schemas_example_tests_and_bots(name: str) -> None:
    """What a game needs beside its package (docs/protocol.md, "Adding a game"), each named."""
    import json

    from kniffel_rules.bots import BOTS

    files = [
        f"docs/rules/{name}.md",
        f"docs/api/{name}.md",
        f"docs/examples/{name}-record.json",
        f"src/kniffel_rules/schemas/{name}-action.schema.json",
        f"tests/{name}/cases.py",
    ]
    if get_variant(name).INFO.score_sheet:
        files.append(f"src/kniffel_rules/schemas/{name}-sheet.schema.json")
    missing = [path for path in files if not (ROOT / path).is_file()]
    assert not missing, f"{name} lacks {missing}"
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"rules/{name}.md" in nav and f"api/{name}.md" in nav, f"{name}'s pages are not in nav"
    schema = ROOT / "src" / "kniffel_rules" / "schemas" / "record.schema.json"
    record = json.loads(schema.read_text(encoding="utf-8"))
    assert name in record["properties"]["variant"]["enum"], f"record.schema.json lacks {name}"
    # the command line's default opponent is the game's greedy bot
    assert "greedy" in BOTS.get(name, {}), f"kniffel_rules.bots.BOTS has no greedy bot of {name}"


PROTOCOL = sorted(
    n
    for n in dir(kniffel_rules.Variant)
    if not n.startswith("_") and callable(getattr(kniffel_rules.Variant, n))
)


@pytest.mark.parametrize("function", PROTOCOL)
def test_every_game_takes_a_protocol_functions_arguments_alike(function: str) -> None:
    # A caller writes ``render_action(action=a, lang="de")`` for any game:
    # Yatzy's kit took ``action`` positionally only, the other games by name too.
    def shape(name: str) -> tuple[tuple[str, Any], ...]:
        parameters = inspect.signature(getattr(get_variant(name), function)).parameters
        return tuple((p.name, p.kind) for p in parameters.values())

    shapes = {name: shape(name) for name in VARIANTS}
    assert len(set(shapes.values())) == 1, shapes


@pytest.mark.parametrize("name", VARIANTS)
def test_every_games_info_pickles_and_copies_with_its_capabilities(name: str) -> None:
    """A process pool or a cluster gets the game's declaration whole (Yatzy's did not pickle)."""
    info = get_variant(name).INFO
    for twin in (pickle.loads(pickle.dumps(info)), copy.deepcopy(info)):
        assert twin == info
        if info.position is not None:
            key = info.position.keys[0]
            assert twin.position is not None and twin.position.box_key(key) == key


@pytest.mark.parametrize("name", VARIANTS)
def test_a_game_with_hidden_information_names_its_private_parts(name: str) -> None:
    """``INFO.private_parts``: parts of the observation tensor and keys of its document."""
    game = get_variant(name)
    parts = game.INFO.private_parts
    assert bool(parts) == game.INFO.hidden_information
    final = _playout(name, seed=1, steps=30).final
    view = game.observation(final, 0)
    assert parts <= {part for part, _ in observation_layout(name, len(final.names))}
    assert parts <= set(game.observation_to_dict(view))


@pytest.mark.parametrize("name", VARIANTS)
def test_the_adapters_cover_every_game(name: str) -> None:
    """The registry is the adapters' list; the limits are the game's own."""
    info = get_variant(name).INFO
    assert name in GAMES
    assert player_limits(name) == (info.min_players, info.max_players)
    assert info.bounds is not None
    low, high, length = info.bounds(get_variant(name).Rules(), info.min_players)
    assert low <= high and length > 0


@pytest.mark.parametrize("name", VARIANTS)
def test_the_declared_indexes_hold_every_action_and_outcome_of_a_playout(name: str) -> None:
    game = get_variant(name)
    actions, chance = ActionSpace.for_game(name), ChanceSpace.for_game(name)
    assert len(set(actions.actions)) == actions.size > 0
    assert len(set(chance.actions)) == chance.size > 0
    for seed in range(2):
        for state in _states(_playout(name, seed)):
            if game.is_terminal(state):
                continue
            if game.current_player(state) == kniffel_rules.CHANCE:
                assert chance.outcomes(state)
            else:
                assert sum(actions.mask(state)) == len(game.legal_actions(state))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_game_has_a_tensor_a_picture_and_a_record(name: str) -> None:
    game = get_variant(name)
    rec = _playout(name, seed=3, steps=60)
    states = _states(rec)
    players = len(rec.initial.names)
    size = sum(n for _, n in observation_layout(name, players))
    for state in states[:: max(1, len(states) // 6)]:
        assert len(observation_tensor(name, game.observation(state, 0))) == size
        picture = svg.render(state)
        assert picture.startswith("<svg")
    again = record_from_json(record_to_json(rec))
    assert again == rec
    assert record_from_json(record_to_json(attrs.evolve(rec, variant=""))).variant == name


# --- the layers above the games name no game ------------------------------

OUTER = sorted(
    [
        *(SRC / "adapters").glob("*.py"),
        *(SRC / "cli").glob("*.py"),
        *(SRC / "svg").glob("*.py"),
        SRC / "records.py",
        SRC / "playing.py",
        SRC / "wire.py",
        SRC / "simulation.py",
        SRC / "sheets.py",
        SRC / "_sheetcheck.py",
    ]
)
"""The layers above the games that must ask the registry: no per-game table or branch.

``bots`` may name games (a bot is per game by nature, `kniffel_rules.bots.BOTS`);
the registry (``variant.py``) and the game packages are where the names live.
The sheet layer is here too: ``SHEET_VARIANTS`` is read from each game's
``INFO.score_sheet``.
"""

def _documentation(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are documentation (bare string statements)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def _defaults(tree: ast.AST) -> set[int]:
    """The ids of the constants that are default values of parameters (a public signature)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            found |= {id(d) for d in [*args.defaults, *args.kw_defaults] if d is not None}
    return found


def game_names_in(path: Path) -> list[str]:
    """Where ``path`` spells a registered game's name outside documentation, as ``line: name``."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    allowed = _documentation(tree) | _defaults(tree)
    hits = [
        (node.lineno, node.col_offset, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and node.value in VARIANTS
        and id(node) not in allowed
    ]
    return [f"{path.name}:{line}: {value!r}" for line, _, value in sorted(hits)]


def test_the_outer_layers_spell_no_game_name() -> None:
    found = [f"{path.parent.name}/{hit}" for path in OUTER for hit in game_names_in(path)]
    assert not found, "ask the registry and INFO instead:\n" + "\n".join(found)


def test_the_outer_layers_find_no_game_by_its_module_path() -> None:
    found = []
    for path in OUTER:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "__module__":
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: __module__")
            if isinstance(node, ast.ImportFrom) and any(a.name == "_MODULES" for a in node.names):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: _MODULES")
    assert not found, "find a game by the registry (its INFO), not its module path:\n" + "\n".join(
        found
    )


def test_the_scan_finds_a_name_branch(tmp_path: Path) -> None:
    """The scan is not blind: a table and a branch are found, documentation is not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""The classic game."""\n'
        'TABLE = {"classic": 1}\n'
        'def f(game: str = "duel") -> bool:\n'
        '    """Whether "cards"."""\n'
        '    return game == "cards"\n'
        'X = "master"  # a comment does not excuse it\n',
        encoding="utf-8",
    )
    hits = [h.split(": ", 1)[1] for h in game_names_in(sample)]
    assert hits == ["'classic'", "'cards'", "'master'"]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"titles": None}, "GameInfo.titles must map languages to titles, got None"),
        ({"titles": "Kniffel"}, "GameInfo.titles must map languages to titles, got 'Kniffel'"),
        ({"titles": {"en": "Kniffel"}}, "GameInfo.titles lacks a title in de"),
        ({"titles": {"en": "", "de": "Kniffel"}}, "GameInfo.titles lacks a title in en"),
        ({"min_players": 0}, "GameInfo needs 1 <= min_players <= max_players"),
        ({"min_players": 3, "max_players": 2}, "GameInfo needs 1 <= min_players <= max_players"),
    ],
)
def test_a_game_info_that_cannot_be_true_is_refused_when_declared(
    fields: dict[str, Any], words: str
) -> None:
    declared: dict[str, Any] = {
        "name": "trial",
        "titles": {"en": "Trial", "de": "Versuch"},
        "min_players": 1,
        "max_players": 4,
    }
    with pytest.raises(ValueError, match="^" + words.replace("(", r"\(").replace(")", r"\)")):
        GameInfo(**{**declared, **fields})
    assert GameInfo(**declared).title("de") == "Versuch"
