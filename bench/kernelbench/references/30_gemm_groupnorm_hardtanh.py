"""KernelBench L2 #30: Linear, GroupNorm (weight 1, bias 0, eps 1e-5, biased variance
per row and group), Hardtanh(-2, 2). Groups: the small kernel's 35 channels in 5 groups."""
from _ops import group_norm_row, linear_row

GROUPS = 5


def reference(x, w, b):
    return [[min(max(n, -2.0), 2.0)
             for n in group_norm_row(linear_row(row, w, b), GROUPS)]
            for row in x]
