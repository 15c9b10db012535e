"""KernelBench L2 #59: Linear, swish v * sigmoid(v), * 2.0."""
import math

# Signed inputs so that the swish sees negative values.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            r.append(v * (1.0 / (1.0 + math.exp(-v))) * 2.0)
        out.append(r)
    return out
