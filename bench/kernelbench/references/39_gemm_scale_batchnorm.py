"""KernelBench L2 #39: Linear, * scale (per feature), BatchNorm1d in training mode
(batch mean, biased batch variance, eps 1e-5, weight 1, bias 0)."""
import math

# scale is torch.randn in the model; signed inputs let it take both signs.
LOW = -1.0
HIGH = 1.0
EPS = 1e-5


def reference(x, w, b, scale):
    v = [[(sum(a * c for a, c in zip(row, wrow)) + b[j]) * scale[j]
          for j, wrow in enumerate(w)] for row in x]
    rows, cols = len(v), len(w)
    out = [[0.0] * cols for _ in range(rows)]
    for j in range(cols):
        column = [v[i][j] for i in range(rows)]
        mean = sum(column) / rows
        var = sum((c - mean) ** 2 for c in column) / rows
        for i in range(rows):
            out[i][j] = (column[i] - mean) / math.sqrt(var + EPS)
    return out
