"""The public surface: no deprecation layer; each game exports its protocol and material."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from kniffel_rules import VARIANTS

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
        # Unchecked fast paths beside a checked public twin are private (issue 27): a caller
        # gets `tasks_shown`, `coin_combos`, `combinations` / `shown_areas` and `score`.
        ("kniffel_rules.master.combinations", ["shown_tasks", "shown_combos"]),
        ("kniffel_rules.duel.combinations", ["shown", "triples"]),
        ("kniffel_rules.extreme.combinations", ["box_values", "BOXES", "LOWER", "UPPER"]),
        ("kniffel_rules.classic.combinations", ["natural_scores"]),
        # Helpers of a game's own rooms that trusted their caller: the public way is a
        # property (`Sheet.lap_length`, `Sheet.stars`) or the protocol.
        ("kniffel_rules.master.state", ["lap_length", "bonus_stars"]),
        ("kniffel_rules.master.serial", ["coins_moved"]),
        ("kniffel_rules.yatzy.pieces", ["points"]),
        ("kniffel_rules.cards.pieces", ["holds", "sort_cards", "with_card", "without_card"]),
        ("kniffel_rules.cards.engine", ["check_capacity"]),
        ("kniffel_rules.cards.state", ["evolve"]),
        # The card search's own step (its legal actions at a node) is private.
        ("kniffel_rules.bots.cards_ismcts", ["candidates"]),
        ("kniffel_rules.cards.wire", ["cards_text"]),
        ("kniffel_rules.yatzy.sheet", ["spec"]),
        # `lang` holds the language codes; the renderers' lookups are private helpers.
        ("kniffel_rules.lang", ["label", "word", "speak"]),
        # A game's legality module exports the `Game` hooks (`problem`, `candidates`,
        # `listing`) and helpers that check their arguments; the rule functions the hooks
        # call, which trust a checked state, are private.
        (
            "kniffel_rules.classic.legality",
            ["entry", "is_extra_kniffel", "off_sheet", "roll_problem", "score_problem"],
        ),
        ("kniffel_rules.extreme.legality", ["roll_problem", "score_problem", "turn_roll_problem"]),
        ("kniffel_rules.duel.legality", ["board_win"]),
        (
            "kniffel_rules.master.legality",
            ["ROLL_RULES", "joined", "pass_problem", "roll_problem", "turn_outcome"],
        ),
        (
            "kniffel_rules.cards.legality",
            [
                "COLOUR_AT",
                "FULL_HOUSE_AT",
                "PLAY_CLAUSE",
                "begin_actions",
                "begin_problem",
                "combination_problem",
                "discard_actions",
                "discard_problem",
                "exchange_actions",
                "exchange_problem",
                "exchanging_problem",
                "may_combine",
                "phase_problem",
                "pick_actions",
                "pick_problem",
                "place_amount",
                "place_problem",
                "placement_problem",
                "play_actions",
                "play_problem",
                "setup_actions",
                "setup_order",
                "setup_problem",
                "take_actions",
                "take_problem",
                "value_at",
                "whole_plays",
            ],
        ),
    ],
)
def test_names_that_moved_are_served_only_by_their_new_home(module: str, names: list[str]) -> None:
    loaded = importlib.import_module(module)
    for name in names:
        assert not hasattr(loaded, name), name


# What every game package exports (the protocol of `kniffel_rules.Variant`, with the
# game's State, Observation and Phase); the rest of each `__all__` is the game's
# material: its actions and outcomes, boxes, areas or cards, scoring and detectors.
PROTOCOL = {
    "GAME",
    "INFO",
    "Rules",
    "State",
    "Observation",
    "Phase",
    "new_game",
    "current_player",
    "legal_actions",
    "chance_outcomes",
    "sample_chance",
    "apply",
    "why_illegal",
    "is_legal",
    "is_terminal",
    "scores",
    "winners",
    "to_json",
    "from_json",
    "action_to_dict",
    "action_from_dict",
    "action_to_text",
    "parse_action",
    "observation",
    "observation_to_dict",
    "observation_from_dict",
    "render",
    "render_action",
}


@pytest.mark.parametrize("game", VARIANTS)
def test_each_game_exports_the_protocol_and_little_else(game: str) -> None:
    module = importlib.import_module(f"kniffel_rules.{game}")
    exported = set(module.__all__)
    assert exported >= PROTOCOL, PROTOCOL - exported
    assert len(exported) <= 50, len(exported)
    assert all(hasattr(module, name) for name in exported)
    # What the package binds is what it exports (and its modules): nothing public by accident.
    bound = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }
    assert bound == exported, bound ^ exported


@pytest.mark.parametrize("game", VARIANTS)
def test_the_api_page_lists_the_package_surface(game: str) -> None:
    """docs/api/<game>.md opens with every exported name, each linked to its documentation."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "api" / f"{game}.md").read_text()
    block = page.split("<!-- surface: begin -->")[1].split("<!-- surface: end -->")[0]
    listed = re.findall(r"\[`(\w+)`\]\[kniffel_rules\.[\w.]+\]", block)
    assert sorted(listed) == sorted(importlib.import_module(f"kniffel_rules.{game}").__all__)
