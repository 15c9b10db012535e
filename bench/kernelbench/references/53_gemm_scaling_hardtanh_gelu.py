"""KernelBench L2 #53: Linear, * 0.5, Hardtanh(-2, 2), exact GELU."""
import math

# With [0, 1) inputs every element saturates at 2; signed inputs keep a mix.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = (sum(a * c for a, c in zip(row, wrow)) + b[j]) * 0.5
            v = min(max(v, -2.0), 2.0)
            r.append(0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))))
        out.append(r)
    return out
