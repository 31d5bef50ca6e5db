"""Independent DP (not the peer) for order-restricted Scandinavian Yatzy:
  forced      - boxes strictly top to bottom (tvungen / "med tvång")
  half        - upper section first in any order, then the lower section in any order (halvtvång)
with a configurable upper-bonus threshold (63 standard; 42 is a house rule printed for forced play)."""
import itertools, sys, functools
import numpy as np
sys.path.insert(0, "/tmp/yatzy-research")
from oracle import BOXES, reference
from forced_dp import hands, P, sub, first  # reuse tables (forced_dp prints its own results on import)

def turn_value(final):
    v = final
    for _ in range(2):
        ek = P @ v
        v = np.array([ek[s].max() for s in sub])
    return first @ v

def tables(fh5, tp4):
    return {b: np.array([reference(b, h, fh5, tp4) for h in hands], dtype=float) for b in BOXES}

def forced(fh5=False, tp4=False, thr=63):
    S = tables(fh5, tp4)
    V = np.zeros(thr + 1)
    for b in reversed(range(15)):
        sc = S[BOXES[b]]; newV = np.zeros(thr + 1)
        for u in range(thr + 1):
            if b < 6:
                nu = np.minimum(u + sc, thr).astype(int)
                newV[u] = turn_value(sc + np.where((u < thr) & (nu >= thr), 50, 0) + V[nu])
            else:
                newV[:] = turn_value(sc + V[0]); break
        V = newV
    return V[0]

def half(fh5=False, tp4=False, thr=63):
    S = tables(fh5, tp4)
    lower = BOXES[6:]
    @functools.lru_cache(None)
    def L(mask):  # expected lower-section score from lower mask (bits = filled)
        if mask == (1 << 9) - 1: return 0.0
        opts = [S[b] + L(mask | 1 << i) for i, b in enumerate(lower) if not mask >> i & 1]
        return turn_value(np.max(opts, axis=0))
    @functools.lru_cache(None)
    def U(mask, u):
        if mask == 63: return L(0)
        opts = []
        for i in range(6):
            if mask >> i & 1: continue
            sc = S[BOXES[i]]; nu = np.minimum(u + sc, thr).astype(int)
            nxt = np.array([U(mask | 1 << i, int(x)) for x in range(thr + 1)])
            opts.append(sc + np.where((u < thr) & (nu >= thr), 50, 0) + nxt[nu])
        return turn_value(np.max(opts, axis=0))
    return U(0, 0)

if __name__ == "__main__":
    for fh5, tp4 in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        for thr in (63, 42):
            print(f"fh5={fh5} tp4={tp4} thr={thr}  forced={forced(fh5, tp4, thr):.10f}  half={half(fh5, tp4, thr):.10f}", flush=True)
