"""KernelBench L1 #29: torch.nn.functional.softplus(x) with beta=1, threshold=20."""
import math

# Wider than [0, 1) so that negative inputs and the linear branch (x > 20) are checked.
LOW = -25.0
HIGH = 25.0


def softplus(v):
    if v > 20.0:
        return v
    return math.log1p(math.exp(v))


def reference(x):
    return [[softplus(v) for v in row] for row in x]
