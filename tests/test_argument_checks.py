# ruff: noqa: E501  (a table of exact messages reads best one case a line)
"""The argument checks of the public helpers outside the protocol: exact paths and messages.

The games' scoring and legality helpers (`classic.legality.allowed_boxes`, `master.combinations.tasks_shown`,
`duel.shown_areas`, ...) take arguments from callers the library does not
control; each refusal names the argument, and what they accept is pinned
at its edges.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from typing import Any, cast

import pytest

from kniffel_rules import InvalidStateError, classic, duel, extreme
from kniffel_rules._common import check_name
from kniffel_rules._text import brief
from kniffel_rules.classic.combinations import possible_values
from kniffel_rules.dice import sorted_faces
from kniffel_rules.limits import MAX_PLAYERS
from kniffel_rules.master.combinations import coin_combos, tasks_shown
from kniffel_rules.playing import game_generators
from kniffel_rules.rolloff import opening
from kniffel_rules.simulation import MAX_SEED, game_seed, wilson

classic_legality = importlib.import_module("kniffel_rules.classic.legality")
classic_combinations = importlib.import_module("kniffel_rules.classic.combinations")
extreme_combinations = importlib.import_module("kniffel_rules.extreme.combinations")
master_combinations = importlib.import_module("kniffel_rules.master.combinations")
duel_combinations = importlib.import_module("kniffel_rules.duel.combinations")

S = classic.Sheet()
R = classic.Rules()
D = (1, 2, 3, 4, 5)
J: Any = None  # junk, typed loosely on purpose

SURROGATE = (
    "U+D800 at index 0 is a surrogate (Unicode category Cs); a player's name refuses control "
    "characters, bidirectional controls, surrogates, private-use and unassigned code points "
    "and line separators"
)


@pytest.mark.parametrize(
    ("call", "path", "detail"),
    [
        (lambda: classic_legality.allowed_boxes(J, D, R), "sheet", "expected a classic Sheet, got NoneType"),
        (lambda: classic_legality.allowed_boxes(S, (1, 2, 3, 4, 7), R), "dice", "expected five sorted faces 1..6, got (1, 2, 3, 4, 7)"),
        (lambda: classic_legality.allowed_boxes(S, [1, 2, 3, 4, 5], R), "dice", "expected five sorted faces 1..6, got [1, 2, 3, 4, 5]"),
        (lambda: classic_legality.allowed_boxes(S, (2, 1, 3, 4, 5), R), "dice", "expected five sorted faces 1..6, got (2, 1, 3, 4, 5)"),
        (lambda: classic_legality.allowed_boxes(S, D, J), "rules", "expected classic Rules, got NoneType"),
        (lambda: classic_legality.check_entry(S, D, J, R), "box", "expected a classic Box, got None"),
        (lambda: classic_legality.check_entry(J, D, classic.Box.ONES, R), "sheet", "expected a classic Sheet, got NoneType"),
        (lambda: classic_legality.entry_options(S, (0, 1, 2, 3, 4), R), "dice", "expected five sorted faces 1..6, got (0, 1, 2, 3, 4)"),
        (lambda: possible_values(J), "box", "expected a classic Box, got None"),
        (lambda: possible_values(classic.Box.ONES, J), "rules", "expected classic Rules, got NoneType"),
        (lambda: classic_combinations.entry_values(J), "box", "expected a classic Box, got None"),
        (lambda: classic_combinations.entry_values(classic.Box.ONES, J), "rules", "expected classic Rules, got NoneType"),
        (lambda: extreme_combinations.possible_values(J), "box", "expected an Extreme Box, got None"),
        (lambda: extreme_combinations.entry_values(J), "box", "expected an Extreme Box, got None"),
        (lambda: master_combinations.dice_faces((1, 7)), "values", "expected up to five dice faces 1..6, got (1, 7)"),
        (lambda: master_combinations.dice_faces((0, 1)), "values", "expected up to five dice faces 1..6, got (0, 1)"),
        (lambda: master_combinations.dice_faces((1,) * 6), "values", "expected up to five dice faces 1..6, got (1, 1, 1, 1, 1, 1)"),
        (lambda: master_combinations.dice_faces((1, 2), "dice", 5), "dice", "expected 5 dice, got 2"),
        (lambda: tasks_shown((1, 2, 3, 4, 9)), "values", "expected up to five dice faces 1..6, got (1, 2, 3, 4, 9)"),
        (lambda: coin_combos(cast(Any, "x")), "values", "expected a sequence of dice faces, got 'x'"),
        (lambda: coin_combos((1, 2, 3, 4, 7)), "values", "expected up to five dice faces 1..6, got (1, 2, 3, 4, 7)"),
        (lambda: duel_combinations.shown_areas([1, 2, 3, 4, 5]), "dice", "expected a sorted tuple of five faces"),
        (lambda: duel_combinations.shown_areas((1, 2, 3, 4, "5")), "dice", "expected a sorted tuple of five faces"),
        (lambda: duel_combinations.adjacent_triples(J), "rules", "expected duel Rules, got NoneType"),
        (lambda: duel_combinations.adjacent_triples(cast(Any, 3)), "rules", "expected duel Rules, got int"),
        (lambda: classic_legality.allowed_boxes(cast(Any, 3), D, R), "sheet", "expected a classic Sheet, got int"),
        (lambda: check_name("x" * 101, "p"), "p", "a player's name has at most 100 characters"),
        (lambda: check_name("\ud800", "p"), "p", SURROGATE),
        (lambda: check_name("", "p"), "p", "a player's name is a non-empty string"),
        (lambda: check_name(J, "p"), "p", "a player's name is a non-empty string"),
        (lambda: opening(J, None), "players", "expected an integer, got null"),
        (lambda: opening(0, None), "players", "0 is below the minimum 1"),
        (lambda: opening(MAX_PLAYERS + 1, None), "players", "1001 is above the maximum 1000"),
        (lambda: opening(2, 2), "first_player", "expected a seat 0..1, got 2"),
        (lambda: wilson(1, J), "n", "expected an integer, got null"),
        (lambda: wilson(1, -1), "n", "-1 is below the minimum 0"),
        (lambda: wilson(J, 3), "wins", "expected a number 0..3, got None"),
        (lambda: wilson(True, 3), "wins", "expected a number 0..3, got True"),
        (lambda: wilson(3.5, 3), "wins", "expected a number 0..3, got 3.5"),
        (lambda: wilson(-0.5, 3), "wins", "expected a number 0..3, got -0.5"),
        (lambda: game_seed(J, 0), "seed", "expected an integer, got null"),
        (lambda: game_seed(-1, 0), "seed", "-1 is below the minimum 0"),
        (lambda: game_seed(MAX_SEED + 1, 0), "seed", f"{MAX_SEED + 1} is above the maximum {MAX_SEED}"),
        (lambda: game_seed(0, cast(Any, "0")), "index", "expected an integer, got str"),
        (lambda: game_seed(0, -1), "index", "-1 is below the minimum 0"),
        (lambda: game_generators(J, 2), "seed", "expected an integer, got null"),
        (lambda: game_generators(cast(Any, 1.0), 2), "seed", "expected an integer, got float"),
        (lambda: game_generators(1, -1), "seats", "-1 is below the minimum 0"),
        (lambda: game_generators(1, MAX_PLAYERS + 1), "seats", "1001 is above the maximum 1000"),
    ],
)  # fmt: skip
def test_junk_arguments_are_named(call: Callable[[], object], path: str, detail: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        call()
    assert (info.value.path, info.value.detail) == (path, detail)


def test_the_edges_of_what_the_helpers_accept() -> None:
    assert classic.Box.ONES in classic_legality.allowed_boxes(S, (1, 1, 2, 3, 6), R)
    assert classic_legality.entry_options(S, (6, 6, 6, 6, 6), R)
    assert master_combinations.dice_faces([6, 1, 5, 2, 4]) == (1, 2, 4, 5, 6)
    assert master_combinations.dice_faces(()) == ()
    assert master_combinations.dice_faces((3,) * 5, "dice", 5) == (3, 3, 3, 3, 3)
    assert tasks_shown([5, 4, 3, 2, 1]) == tasks_shown((1, 2, 3, 4, 5))
    assert coin_combos([2, 2, 3, 3, 3]) == coin_combos((2, 2, 3, 3, 3))
    assert tasks_shown((6, 6, 6, 6, 6)) and coin_combos((1, 1, 1, 1, 1))
    assert duel_combinations.shown_areas((1, 1, 1, 1, 1)) == duel_combinations._shown((1, 1, 1, 1, 1))
    assert duel_combinations.adjacent_triples(duel.Rules())
    assert check_name("x" * 100, "p") == "x" * 100
    assert check_name("Zoë", "p") == "Zoë"
    assert possible_values(classic.Box.CHANCE, R) >= classic_combinations.entry_values(
        classic.Box.CHANCE, R
    )
    assert 0 in extreme_combinations.possible_values(extreme.Box.CHANCE)
    assert 0 not in extreme_combinations.entry_values(extreme.Box.CHANCE)


def test_the_core_helpers_accept_their_edges() -> None:
    assert opening(1, None) == 0 and opening(MAX_PLAYERS, MAX_PLAYERS - 1) == MAX_PLAYERS - 1
    assert wilson(0, 0) == (0.0, 1.0) and wilson(0, 4)[0] == 0.0 and wilson(4, 4)[1] == 1.0
    assert wilson(1.5, 3) == wilson(1.5, 3) and wilson(3, 3)[0] < 1.0
    assert game_seed(0, 0) != game_seed(MAX_SEED, 0) != game_seed(MAX_SEED, 10**30)
    assert game_seed(7, 3) == int.from_bytes(
        hashlib.sha256(b"kniffel-rules simulate 7 3").digest()[:8], "big"
    )
    chance, seats = game_generators(-5, 0)
    assert seats == [] and chance.random() == game_generators(-5, MAX_PLAYERS)[0].random()


@pytest.mark.parametrize("sheet", [classic.Sheet(), extreme.Sheet()], ids=["classic", "extreme"])
def test_a_sheet_is_read_by_its_own_boxes_only(sheet: classic.Sheet | extreme.Sheet) -> None:
    game = "classic" if isinstance(sheet, classic.Sheet) else "extreme"
    other = extreme.Box.TWOS if game == "classic" else classic.Box.TWOS
    junk: Any = sheet
    for box in (0, "twos", None, other):
        for read in (junk.__getitem__, junk.is_filled):
            with pytest.raises(InvalidStateError) as info:
                read(box)
            assert info.value.path == "box"
            assert info.value.detail == f"expected a kniffel_rules.{game}.Box, got {brief(box)}"
    own = classic.Box.TWOS if game == "classic" else extreme.Box.TWOS
    assert junk[own] is None and not junk.is_filled(own)
    # read by box, never iterated: not taken for a sequence of entries or of dice
    with pytest.raises(TypeError, match="not iterable"):
        tuple(junk)
    with pytest.raises(InvalidStateError, match="expected a sequence of dice faces"):
        sorted_faces(junk)
