"""Write ``peer_scores.json``: the peer yatzy-solver 1.0's score of every sorted throw in every box.

Run in a venv with the peer (``pip install yatzy-solver==1.0``), from anywhere:
``python tests/yatzy/data/make_peer_scores.py``. For each of the eight option
sets (our ``Rules`` fields set to True, joined by ``+``; ``plain`` for none)
and each of the 252 sorted throws (``"11236"``), the fifteen scores in sheet
order, as ``yatzy_solver.Variant(<id>).score(box, dice)`` gives them.
"""

from __future__ import annotations

import importlib
import itertools
import json
from pathlib import Path
from typing import Any

# the peer ships no type information (and is absent where it is not installed)
ys: Any = importlib.import_module("yatzy_solver")

SUFFIX = {
    "yatzy_counts_as_full_house": "+fh5",
    "four_of_a_kind_counts_as_two_pairs": "+tp4",
    "forced_order": "+forced",
}


def main() -> None:
    hands = list(itertools.combinations_with_replacement(range(1, 7), 5))
    sets: dict[str, dict[str, list[int]]] = {}
    for n in range(4):
        for fields in itertools.combinations(SUFFIX, n):
            variant = ys.Variant("yatzy-scandinavian" + "".join(SUFFIX[f] for f in fields))
            name = "+".join(fields) or "plain"
            sets[name] = {
                "".join(map(str, h)): [variant.score(box, list(h)) for box in variant.categories]
                for h in hands
            }
    boxes = ys.Variant("yatzy-scandinavian").categories
    doc = {"peer": f"yatzy-solver {ys.SOLVER_VERSION}", "boxes": boxes, "sets": sets}
    out = Path(__file__).with_name("peer_scores.json")
    out.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
