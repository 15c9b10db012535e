"""KernelBench L1 #31: torch.nn.functional.elu(x, alpha=1.0)."""
import math

LOW = -2.0
HIGH = 2.0

ALPHA = 1.0


def reference(x):
    return [[v if v > 0 else ALPHA * math.expm1(v) for v in row] for row in x]
