"""KernelBench L1 #26: torch.nn.functional.gelu(x), exact erf form."""
import math

LOW = -2.0
HIGH = 2.0


def reference(x):
    return [[0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) for v in row] for row in x]
