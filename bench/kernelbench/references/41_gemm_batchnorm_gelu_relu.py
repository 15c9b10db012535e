"""KernelBench L2 #41: Linear, BatchNorm1d in training mode (batch mean, biased batch
variance, eps 1e-5, weight 1, bias 0), exact GELU, ReLU."""
import math

from _ops import batch_norm_columns, linear_row

EPS = 1e-5


def reference(x, w, b):
    n = batch_norm_columns([linear_row(row, w, b) for row in x], EPS)
    return [[max(0.5 * u * (1.0 + math.erf(u / math.sqrt(2.0))), 0.0)
             for u in row] for row in n]
