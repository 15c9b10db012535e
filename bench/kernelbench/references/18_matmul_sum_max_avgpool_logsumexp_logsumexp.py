"""KernelBench L2 #18: Linear, sum(dim=1, keepdim), then max, mean, logsumexp and
logsumexp over that size-1 dim (each the identity on one value)."""
import math

# Signed inputs so that the row sum mixes signs.
LOW = -1.0
HIGH = 1.0


def logsumexp(values):
    m = max(values)
    return math.log(sum(math.exp(v - m) for v in values)) + m


def reference(x, w, b):
    out = []
    for row in x:
        linear = [sum(a * c for a, c in zip(row, wrow)) + b[j] for j, wrow in enumerate(w)]
        v = [sum(linear)]
        v = [max(v)]
        v = [sum(v) / len(v)]
        v = [logsumexp(v)]
        v = [logsumexp(v)]
        out.append(v)
    return out
