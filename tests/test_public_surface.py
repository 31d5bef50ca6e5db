"""The public surface: no deprecation layer, and each game package exports its protocol and material."""

from __future__ import annotations

import importlib
import sys

import pytest

# The module paths from before the common rooms (issue 13): nothing was released
# with them, so they are gone rather than deprecated (issue 27).
OLD_PATHS = [
    "kniffel_rules._moved",
    "kniffel_rules.classic.boxes",
    "kniffel_rules.classic.scoring",
    "kniffel_rules.classic.game",
    "kniffel_rules.extreme.boxes",
    "kniffel_rules.extreme.game",
    "kniffel_rules.master.combos",
    "kniffel_rules.master.sheet",
    "kniffel_rules.master.uses",
    "kniffel_rules.master.game",
    "kniffel_rules.duel.areas",
    "kniffel_rules.duel.checks",
    "kniffel_rules.duel.game",
    "kniffel_rules.cards.board",
    "kniffel_rules.cards.combos",
    "kniffel_rules.cards.deck",
    "kniffel_rules.cards.flow",
    "kniffel_rules.cards.game",
    "kniffel_rules.cards.legal",
    "kniffel_rules.cards.observe",
    "kniffel_rules.cards.validate",
]


@pytest.mark.parametrize("path", OLD_PATHS)
def test_the_old_module_paths_are_gone(path: str) -> None:
    sys.modules.pop(path, None)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(path)


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("kniffel_rules.classic.state", ["Action", "Roll", "Score"]),
        ("kniffel_rules.extreme.state", ["Action", "ExtremeRoll", "Roll", "Score"]),
        ("kniffel_rules.duel.state", ["COLOURS", "SPACES", "Move", "_START_BOARD"]),
        ("kniffel_rules.duel", ["check_roll", "check_miss", "check_joker", "joker_block"]),
        ("kniffel_rules.duel.legality", ["check_roll", "check_miss", "check_joker", "joker_block"]),
    ],
)
def test_names_that_moved_are_served_only_by_their_new_home(module: str, names: list[str]) -> None:
    loaded = importlib.import_module(module)
    for name in names:
        assert not hasattr(loaded, name), name
