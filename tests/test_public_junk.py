"""Junk into the public helpers a caller reaches directly: an answer or a `KniffelError`.

The tables of `tests/test_argument_checks.py`, `tests/test_boxsheet.py`,
`tests/test_dice.py` and `tests/cards/test_combinations.py` pin what each
refusal says; this property test feeds every public function of the helper
modules (the games' detectors, every public legality helper, and the core's
`placement_points`, `opening`, `wilson`, `game_seed` and `game_generators`)
arguments of every kind, valid ones mixed in, and accepts only an answer or a
`KniffelError`: never a Python error. A function added to one of these
modules' ``__all__`` joins the test by itself.

Not here: the games' rule hooks (``problem``, ``candidates``, ``listing``
of ``<game>.legality``), which the `kniffel_rules.game.Game` dispatcher calls
with a state it has checked (the rule functions they call are private), and
the building blocks for writing a game (`kniffel_rules.notation`,
`kniffel_rules.wire`); docs/quality.md says why.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kniffel_rules import VARIANTS, cards, classic, duel, extreme, master, yatzy
from kniffel_rules.errors import KniffelError

MODULES = (
    "kniffel_rules.boxsheet",
    "kniffel_rules.rolloff",
    "kniffel_rules.classic.combinations",
    "kniffel_rules.extreme.combinations",
    "kniffel_rules.master.combinations",
    "kniffel_rules.duel.combinations",
    "kniffel_rules.cards.combinations",
    "kniffel_rules.yatzy.pieces",
    "kniffel_rules.classic.legality",
    "kniffel_rules.master.legality",
    "kniffel_rules.duel.legality",
    "kniffel_rules.cards.legality",
)
# The hooks of `kniffel_rules.game.Game` (``<game>.legality.problem``, ``candidates``,
# ``listing``) take a state the dispatcher has checked; every other public function of
# a legality module checks its arguments. (The Duell's hooks check the state too;
# Extreme's legality exports the hooks only.)
HOOKS = ("problem", "candidates", "listing")
TRUSTING = {f"kniffel_rules.{game}.legality" for game in ("classic", "master", "cards")}
# Modules of which only some functions are helpers (the rest run whole simulations).
CHECKED = {
    "kniffel_rules.simulation": ("wilson", "game_seed", "game_generators"),
}


def _functions() -> list[tuple[str, Callable[..., Any]]]:
    found: list[tuple[str, Callable[..., Any]]] = []
    for path in MODULES:
        module = importlib.import_module(path)
        for name in module.__all__:
            value = getattr(module, name)
            if path in TRUSTING and name in HOOKS:
                continue
            if callable(value) and not inspect.isclass(value):
                found.append((f"{path}.{name}", value))
    for path, names in CHECKED.items():
        module = importlib.import_module(path)
        found.extend((f"{path}.{name}", getattr(module, name)) for name in names)
    return found


FUNCTIONS = _functions()

_STATES = [
    classic.new_game(2, first_player=0),
    extreme.new_game(2, first_player=0),
    master.new_game(2, first_player=0),
    duel.new_game(2, first_player=0),
    cards.new_game(2),
    yatzy.new_game(1),
]
_PIECES = [
    *classic.Box,
    *extreme.Box,
    *master.Task,
    *master.Combo,
    *duel.Area,
    *cards.Combination,
    *yatzy.Box,
    classic.Rules(),
    classic.Rules(croatian=True),
    extreme.Rules(),
    master.Rules(),
    duel.Rules(),
    cards.Rules(),
    yatzy.Rules(),
    classic.Sheet(),
    extreme.Sheet(),
    master.Sheet(),
    cards.Card(7, "red"),
    cards.Card(13, "blue"),
    cards.new_game(2).tokens[0],
    *cards.Row,
    cards.Play(
        cards.Combination.THREE_OF_A_KIND, [cards.Card(9, c) for c in ("red", "blue", "green")]
    ),
]
_FACES = st.lists(st.integers(-2, 12), max_size=7)
_DICE = st.lists(st.integers(1, 6), min_size=5, max_size=5).map(lambda d: tuple(sorted(d)))
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.integers(-3, 12),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=4),
    _FACES,
    _FACES.map(tuple),
    _DICE,
    st.lists(st.one_of(st.integers(1, 6), st.text(max_size=1), st.none()), max_size=6).map(tuple),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.sampled_from(_STATES),
    st.sampled_from(_PIECES),
    st.builds(object),
)


def _arity(function: Callable[..., Any]) -> tuple[int, int]:
    """How many positional arguments ``function`` needs, and takes at most."""
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    needed = sum(1 for p in parameters if p.default is p.empty)
    return needed, len(parameters)


@pytest.mark.parametrize(("name", "function"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
@given(data=st.data())
def test_junk_gets_an_answer_or_a_kniffel_error(
    name: str, function: Callable[..., Any], data: st.DataObject
) -> None:
    needed, most = _arity(function)
    count = data.draw(st.integers(needed, most), label="arguments")
    arguments = [data.draw(JUNK, label=f"argument {i}") for i in range(count)]
    try:
        answer = function(*arguments)
        if inspect.isgenerator(answer):
            next(answer, None)
    except KniffelError:
        pass


def test_every_helper_module_has_functions_to_call() -> None:
    """The list above reaches real functions (a renamed module would silently test nothing)."""
    modules = {name.rsplit(".", 1)[0] for name, _ in FUNCTIONS}
    assert modules == set(MODULES) | set(CHECKED)
    assert len(FUNCTIONS) >= 40


@pytest.mark.parametrize("game", VARIANTS)
def test_every_legality_module_is_called_here_or_exports_only_the_hooks(game: str) -> None:
    """A game's legality module joins the property test above unless it exports only hooks."""
    try:
        module = importlib.import_module(f"kniffel_rules.{game}.legality")
    except ModuleNotFoundError:  # a game on the box-game kit has no legality module
        return
    helpers = [
        name
        for name in module.__all__
        if name not in HOOKS and callable(getattr(module, name))
        and not inspect.isclass(getattr(module, name))
    ]
    assert module.__name__ in MODULES or not helpers, helpers


@pytest.mark.parametrize("game", VARIANTS)
def test_a_legality_module_has_no_public_name_outside_its_all(game: str) -> None:
    """A function or class a legality module defines is exported, or its name says private."""
    try:
        module = importlib.import_module(f"kniffel_rules.{game}.legality")
    except ModuleNotFoundError:
        return
    defined = {
        name
        for name, value in vars(module).items()
        if (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module.__name__
        and not name.startswith("_")
    }
    assert defined <= set(module.__all__), defined - set(module.__all__)
