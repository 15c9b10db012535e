"""KernelBench L1 #33: nn.BatchNorm2d(C) in training mode on x (N, C, H, W).

Batch statistics per channel over (N, H, W): biased variance, eps = 1e-5,
weight = 1 and bias = 0 (default init).
"""
import math

EPS = 1e-5


def reference(x):
    n_batch, n_chan = len(x), len(x[0])
    stats = []
    for c in range(n_chan):
        vals = [v for n in range(n_batch) for row in x[n][c] for v in row]
        mean = sum(vals) / len(vals)
        var = sum((v - mean) ** 2 for v in vals) / len(vals)
        stats.append((mean, 1.0 / math.sqrt(var + EPS)))
    return [[[[(v - stats[c][0]) * stats[c][1] for v in row] for row in x[n][c]]
             for c in range(n_chan)] for n in range(n_batch)]
