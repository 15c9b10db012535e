"""KernelBench L1 #39: x / torch.norm(x, p=2, dim=1, keepdim=True) on a 2-D x."""
import math

LOW = -2.0
HIGH = 2.0


def reference(x):
    out = []
    for row in x:
        norm = math.sqrt(sum(v * v for v in row))
        out.append([v / norm for v in row])
    return out
