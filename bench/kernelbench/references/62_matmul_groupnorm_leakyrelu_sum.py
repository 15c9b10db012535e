"""KernelBench L2 #62: Linear, GroupNorm (weight 1, bias 0, eps 1e-5, biased variance
per row and group), LeakyReLU(0.01), then v + v. Groups: the small kernel's 35 channels
in 7 groups of 5."""
import math

GROUPS = 7
EPS = 1e-5
LOW = -1.0
HIGH = 1.0


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
                n = n if n > 0 else 0.01 * n
                r.append(n + n)
        out.append(r)
    return out
