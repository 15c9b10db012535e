"""KernelBench L2 #41: Linear, BatchNorm1d in training mode (batch mean, biased batch
variance, eps 1e-5, weight 1, bias 0), exact GELU, ReLU."""
import math

EPS = 1e-5


def reference(x, w, b):
    v = [[sum(a * c for a, c in zip(row, wrow)) + b[j] for j, wrow in enumerate(w)]
         for row in x]
    rows, cols = len(v), len(w)
    out = [[0.0] * cols for _ in range(rows)]
    for j in range(cols):
        column = [v[i][j] for i in range(rows)]
        mean = sum(column) / rows
        var = sum((c - mean) ** 2 for c in column) / rows
        for i in range(rows):
            n = (column[i] - mean) / math.sqrt(var + EPS)
            g = 0.5 * n * (1.0 + math.erf(n / math.sqrt(2.0)))
            out[i][j] = max(g, 0.0)
    return out
