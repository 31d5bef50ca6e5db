"""Oracle dump from the peer yatzy-solver 1.0.0 (pip install yatzy-solver==1.0).

For every sorted 5-dice multiset (252) and every box, the peer's score under each
Scandinavian option set, compared with an independent plain-Python implementation of
the rules, plus the optimal expected final score of each option set.

Usage: venv/bin/python oracle.py [--no-solve]   (solving all 8 sets takes ~1 min each here)
Writes /tmp/yatzy-research/scores-<option-set>.json and scores-summary.json.
"""
import itertools, json, sys, time
from collections import Counter
import yatzy_solver as ys

OUT = "/tmp/yatzy-research"
BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
         "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight",
         "full_house", "chance", "yatzy"]
# our option names -> peer variant suffix
OPTION_SETS = {
    (): "yatzy-scandinavian",
    ("yatzy_counts_as_full_house",): "yatzy-scandinavian+fh5",
    ("four_of_a_kind_counts_as_two_pairs",): "yatzy-scandinavian+tp4",
    ("yatzy_counts_as_full_house", "four_of_a_kind_counts_as_two_pairs"): "yatzy-scandinavian+fh5+tp4",
    ("forced_order",): "yatzy-scandinavian+forced",
    ("yatzy_counts_as_full_house", "forced_order"): "yatzy-scandinavian+fh5+forced",
    ("four_of_a_kind_counts_as_two_pairs", "forced_order"): "yatzy-scandinavian+tp4+forced",
    ("yatzy_counts_as_full_house", "four_of_a_kind_counts_as_two_pairs", "forced_order"):
        "yatzy-scandinavian+fh5+tp4+forced",
}


def reference(box, dice, fh5=False, tp4=False):
    """Independent statement of the issue's rules (not derived from the peer)."""
    c = Counter(dice)
    if box in BOXES[:6]:
        f = BOXES.index(box) + 1
        return f * c[f]
    if box == "one_pair":
        return max((2 * f for f, n in c.items() if n >= 2), default=0)
    if box == "two_pairs":
        pairs = sorted((f for f, n in c.items() if n >= 2), reverse=True)
        if len(pairs) >= 2:
            return 2 * pairs[0] + 2 * pairs[1]
        if tp4 and pairs and c[pairs[0]] >= 4:
            return 4 * pairs[0]
        return 0
    if box == "three_of_a_kind":
        return max((3 * f for f, n in c.items() if n >= 3), default=0)
    if box == "four_of_a_kind":
        return max((4 * f for f, n in c.items() if n >= 4), default=0)
    if box == "small_straight":
        return 15 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == "large_straight":
        return 20 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == "full_house":
        if sorted(c.values()) == [2, 3] or (fh5 and len(c) == 1):
            return sum(dice)
        return 0
    if box == "chance":
        return sum(dice)
    if box == "yatzy":
        return 50 if len(c) == 1 else 0
    raise ValueError(box)


def main():
    solve = "--no-solve" not in sys.argv
    hands = list(itertools.combinations_with_replacement(range(1, 7), 5))
    assert len(hands) == 252
    summary = {"peer": f"yatzy-solver {ys.SOLVER_VERSION}", "sets": {}}
    for opts, vid in OPTION_SETS.items():
        variant = ys.Variant(vid)
        assert variant.categories == BOXES, variant.categories
        fh5, tp4 = "yatzy_counts_as_full_house" in opts, "four_of_a_kind_counts_as_two_pairs" in opts
        table, diffs = {}, []
        for h in hands:
            key = "".join(map(str, h))
            row = {}
            for box in BOXES:
                s = variant.score(box, list(h))
                row[box] = s
                r = reference(box, h, fh5, tp4)
                if s != r:
                    diffs.append((key, box, s, r))
            table[key] = row
        entry = {"variant": vid, "options": list(opts), "score_mismatches_vs_reference": diffs}
        if solve:
            t = time.perf_counter()
            solver = ys.Solver.build(variant)
            entry["build_seconds"] = round(time.perf_counter() - t, 2)
            entry["expected_score"] = solver.state_value("upper 0 | filled -")
        name = "plain" if not opts else "+".join(opts)
        with open(f"{OUT}/scores-{name}.json", "w") as fp:
            json.dump({**entry, "scores": table}, fp, indent=0)
        summary["sets"][name] = entry
        print(f"{name:75s} {vid:36s} mismatches={len(diffs)}"
              + (f" E={entry['expected_score']:.10f} ({entry['build_seconds']}s)" if solve else ""),
              flush=True)
    with open(f"{OUT}/scores-summary.json", "w") as fp:
        json.dump(summary, fp, indent=1)


if __name__ == "__main__":
    main()
