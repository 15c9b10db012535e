"""KernelBench L1 #37: x / torch.norm(x, p='fro'), the norm over every element."""
import math


def reference(x):
    norm = math.sqrt(sum(v * v for sample in x for plane in sample for row in plane for v in row))
    return [[[[v / norm for v in row] for row in plane] for plane in sample] for sample in x]
