"""Independent DP for forced-order ("tvungen") Scandinavian Yatzy: boxes filled top to bottom.
State: (next box index, upper total capped at 63). Bonus 50 paid when the upper total reaches 63."""
import itertools, sys
from collections import Counter
from math import factorial
import numpy as np
sys.path.insert(0, "/tmp/yatzy-research")
from oracle import BOXES, reference

hands = list(itertools.combinations_with_replacement(range(1, 7), 5))
hidx = {h: i for i, h in enumerate(hands)}
keeps = [k for n in range(6) for k in itertools.combinations_with_replacement(range(1, 7), n)]
kidx = {k: i for i, k in enumerate(keeps)}
P = np.zeros((len(keeps), len(hands)))
for k in keeps:
    m = 5 - len(k)
    for roll in itertools.product(range(1, 7), repeat=m):
        P[kidx[k], hidx[tuple(sorted(k + roll))]] += 6.0 ** -m
# sub-multisets of each hand
sub = []
for h in hands:
    s = {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(h, n)}
    sub.append(np.array([kidx[k] for k in s]))
first = P[kidx[()]]


def turn_value(final):  # final: value of each hand when scored now
    v = final
    for _ in range(2):
        ek = P @ v
        v = np.array([ek[s].max() for s in sub])
    return first @ v


def solve(fh5, tp4):
    V = np.zeros(64)  # value after all boxes
    for b in reversed(range(15)):
        box = BOXES[b]
        sc = np.array([reference(box, h, fh5, tp4) for h in hands], dtype=float)
        newV = np.zeros(64)
        for u in range(64):
            if b < 6:
                nu = np.minimum(u + sc, 63).astype(int)
                final = sc + np.where((u < 63) & (nu >= 63), 50, 0) + V[nu]
            else:
                final = sc + V[u]
            newV[u] = turn_value(final)
            if b >= 6:
                newV[:] = newV[u]; break
        V = newV
    return V[0]


for fh5, tp4 in [(0, 0), (1, 0), (0, 1), (1, 1)]:
    print(f"fh5={fh5} tp4={tp4} forced E = {solve(fh5, tp4):.10f}", flush=True)
