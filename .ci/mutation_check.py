"""Compare a mutmut run (`mutmut results --all true`) with the listed survivors.

Usage: python3 mutation_check.py RESULTS SURVIVORS

RESULTS has a line ``<mutant>: <status>`` per mutant. SURVIVORS lists the
mutants known to survive, one per line as ``<mutant>  <why>``; ``#`` starts a
comment. A mutant counts as noticed when the tests failed, timed out or
crashed on it. Exit status 1 when a survivor is not listed, when a listed one
is no longer a survivor (the list must stay true), or when a listed mutant
has no reason.
"""

from __future__ import annotations

import sys
from collections import Counter

NOTICED = {"killed", "timeout", "segfault", "caught by type check"}


def main(results_path: str, survivors_path: str) -> int:
    """Print the comparison; return the exit status."""
    status: dict[str, str] = {}
    with open(results_path, encoding="utf-8") as f:
        for line in f:
            name, sep, state = line.strip().rpartition(": ")
            if sep and name.startswith("kniffel_rules."):
                status[name] = state
    listed: dict[str, str] = {}
    with open(survivors_path, encoding="utf-8") as f:
        for line in f:
            text = line.split("#", 1)[0].strip()
            if text:
                name, _, why = text.partition(" ")
                listed[name] = why.strip()
    if not status:
        print("no mutants in the results: did mutmut run?")
        return 1
    alive = {n for n, s in status.items() if s not in NOTICED}
    modules = Counter(n.split(".x", 1)[0] for n in status)
    left = Counter(n.split(".x", 1)[0] for n in alive)
    for module, total in sorted(modules.items()):
        print(f"  {module}: {total} mutants, {total - left[module]} noticed")
    counts = Counter(status.values())
    print(", ".join(f"{n} {s}" for s, n in counts.most_common()))
    new = sorted(alive - listed.keys())
    gone = sorted(n for n in listed if n not in alive)
    bare = sorted(n for n in listed if not listed[n])
    for n in new:
        print(f"NEW SURVIVOR {n} ({status[n]}): add a test that notices it, or list it with why")
    for n in gone:
        print(f"NO LONGER SURVIVES {n} ({status.get(n, 'not a mutant')}): remove it from the list")
    for n in bare:
        print(f"NO REASON GIVEN for {n}")
    if new or gone or bare:
        return 1
    print(f"{len(alive)} survivors, each listed with its reason")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
