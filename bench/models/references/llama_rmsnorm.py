"""HF LlamaRMSNorm: weight * (x * rsqrt(mean(x^2, dim=-1) + 1e-5))."""
import math


def reference(x, weight):
    out = []
    for xb in x:
        rows = []
        for row in xb:
            rstd = 1.0 / math.sqrt(sum(v * v for v in row) / len(row) + 1e-5)
            rows.append([w * (v * rstd) for v, w in zip(row, weight)])
        out.append(rows)
    return out
