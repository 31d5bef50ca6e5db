"""Every (throw, box) score under every option set equals the independent solver's.

The peer is yatzy-solver 1.0 (PyPI, MIT; https://github.com/precisit/yatzy-solver),
whose Scandinavian variants ``yatzy-scandinavian[+fh5][+tp4][+forced]`` are our
three ``Rules`` options. Its scores are stored in ``data/peer_scores.json``,
written by ``data/make_peer_scores.py`` in a venv holding the peer, so that the
default suite compares without it; the slow test asks the live peer when it imports.
"""

from __future__ import annotations

import importlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from kniffel_rules import yatzy
from kniffel_rules.yatzy import Box, Rules

DATA = json.loads((Path(__file__).parent / "data" / "peer_scores.json").read_text())
SETS = [
    fields
    for n in range(4)
    for fields in itertools.combinations(
        ("yatzy_counts_as_full_house", "four_of_a_kind_counts_as_two_pairs", "forced_order"), n
    )
]


def _ours(fields: tuple[str, ...]) -> dict[str, list[int]]:
    """Our scores in the stored form; the solver's sheet (``INFO.solitaire``) must agree."""
    rules = Rules(**dict.fromkeys(fields, True))
    assert yatzy.INFO.solitaire is not None
    sheet = yatzy.INFO.solitaire(rules)
    assert sheet.forced_order == rules.forced_order and sheet.joker is None
    table = {}
    for dice in itertools.combinations_with_replacement(range(1, 7), 5):
        row = [yatzy.score(box, dice, rules) for box in Box]
        assert row == [sheet.points(b, dice) for b in sheet.layout.boxes], dice
        table["".join(map(str, dice))] = row
    return table


@pytest.mark.rule("YA-07", "YA-09", "YA-10", "YA-11", "YA-12", "YA-13", "YA-14", "YA-15")
@pytest.mark.rule("YA-16", "YA-17", "YA-19", "YA-20")
@pytest.mark.parametrize("fields", SETS, ids=lambda f: "+".join(f) or "plain")
def test_every_score_is_the_peer_s(fields: tuple[str, ...]) -> None:
    assert DATA["boxes"] == [b.key for b in Box]
    stored = DATA["sets"]["+".join(fields) or "plain"]
    assert len(stored) == 252
    assert _ours(fields) == stored


@pytest.mark.slow
@pytest.mark.parametrize("fields", SETS, ids=lambda f: "+".join(f) or "plain")
def test_every_score_is_the_live_peer_s(fields: tuple[str, ...]) -> None:
    try:
        ys: Any = importlib.import_module("yatzy_solver")
    except ImportError:
        pytest.skip("yatzy-solver is not installed (pip install yatzy-solver==1.0)")
    suffix = {"yatzy_counts_as_full_house": "+fh5", "four_of_a_kind_counts_as_two_pairs": "+tp4",
              "forced_order": "+forced"}  # fmt: skip
    peer = ys.Variant("yatzy-scandinavian" + "".join(suffix[f] for f in fields))
    rules = Rules(**dict.fromkeys(fields, True))
    for dice in itertools.combinations_with_replacement(range(1, 7), 5):
        for box in Box:
            assert yatzy.score(box, dice, rules) == peer.score(box.key, list(dice)), (dice, box)
