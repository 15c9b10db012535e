"""KernelBench L2 #56: Linear, sigmoid, sum over dim 1 (keepdim)."""
import math

# Signed inputs so that the sigmoid is not saturated at 1.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        total = 0.0
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            total += 1.0 / (1.0 + math.exp(-v))
        out.append([total])
    return out
