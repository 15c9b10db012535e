"""KernelBench L2 #30: Linear, GroupNorm (weight 1, bias 0, eps 1e-5, biased variance
per row and group), Hardtanh(-2, 2). Groups: the small kernel's 35 channels in 5 groups."""
import math

GROUPS = 5
EPS = 1e-5


def reference(x, w, b):
    out = []
    for row in x:
        linear = [sum(a * c for a, c in zip(row, wrow)) + b[j] for j, wrow in enumerate(w)]
        size = len(linear) // GROUPS
        r = []
        for g in range(GROUPS):
            vals = linear[g * size:(g + 1) * size]
            mean = sum(vals) / size
            var = sum((v - mean) ** 2 for v in vals) / size
            for v in vals:
                n = (v - mean) / math.sqrt(var + EPS)
                r.append(min(max(n, -2.0), 2.0))
        out.append(r)
    return out
