"""KernelBench L1 #40: nn.LayerNorm(x.shape[1:]) on x (N, C, H, W).

Per sample mean and biased variance over (C, H, W), eps = 1e-5,
weight = 1 and bias = 0 (default init).
"""
import math

EPS = 1e-5


def reference(x):
    out = []
    for sample in x:
        vals = [v for plane in sample for row in plane for v in row]
        mean = sum(vals) / len(vals)
        var = sum((v - mean) ** 2 for v in vals) / len(vals)
        inv_std = 1.0 / math.sqrt(var + EPS)
        out.append([[[(v - mean) * inv_std for v in row] for row in plane] for plane in sample])
    return out
