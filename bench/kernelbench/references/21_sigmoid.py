"""KernelBench L1 #21: torch.sigmoid(x)."""
import math

LOW = -2.0
HIGH = 2.0


def sigmoid(v):
    if v >= 0:
        return 1.0 / (1.0 + math.exp(-v))
    e = math.exp(v)
    return e / (1.0 + e)


def reference(x):
    return [[sigmoid(v) for v in row] for row in x]
