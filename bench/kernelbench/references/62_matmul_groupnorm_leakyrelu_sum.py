"""KernelBench L2 #62: Linear, GroupNorm (weight 1, bias 0, eps 1e-5, biased variance
per row and group), LeakyReLU(0.01), then v + v. Groups: the small kernel's 35 channels
in 7 groups of 5."""
from _ops import group_norm_row, linear_row

GROUPS = 7
LOW = -1.0
HIGH = 1.0


def leaky(n):
    return n if n > 0 else 0.01 * n


def reference(x, w, b):
    return [[leaky(n) + leaky(n)
             for n in group_norm_row(linear_row(row, w, b), GROUPS)]
            for row in x]
