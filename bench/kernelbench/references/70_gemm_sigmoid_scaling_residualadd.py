"""KernelBench L2 #70: v = Linear(x); sigmoid(v) * 2.0 + v."""
import math

LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            r.append(1.0 / (1.0 + math.exp(-v)) * 2.0 + v)
        out.append(r)
    return out
