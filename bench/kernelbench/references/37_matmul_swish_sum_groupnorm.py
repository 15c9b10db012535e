"""KernelBench L2 #37: Linear, swish sigmoid(v) * v, + extra bias (per feature),
GroupNorm (weight 1, bias 0, eps 1e-5, biased variance per row and group).
Groups: the small kernel's 35 channels in 5 groups."""
import math

from _ops import group_norm_row, linear_row

# Signed inputs so that the swish sees negative values.
LOW = -1.0
HIGH = 1.0
GROUPS = 5
EPS = 1e-5


def reference(x, w, b, extra_bias):
    out = []
    for row in x:
        lin = linear_row(row, w, b)
        v = [u / (1.0 + math.exp(-u)) + extra_bias[j] for j, u in enumerate(lin)]
        out.append(group_norm_row(v, GROUPS, EPS))
    return out
