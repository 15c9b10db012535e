"""KernelBench L1 #35: nn.GroupNorm(num_groups=8, num_channels=C) on x (N, C, H, W).

Per (n, group) mean and biased variance over the group's C / 8 channels and
(H, W), eps = 1e-5, weight = 1 and bias = 0 (default init).
"""
import math

NUM_GROUPS = 8
EPS = 1e-5


def reference(x):
    out = []
    for sample in x:
        per_group = len(sample) // NUM_GROUPS
        y = []
        for g in range(NUM_GROUPS):
            planes = sample[g * per_group:(g + 1) * per_group]
            vals = [v for plane in planes for row in plane for v in row]
            mean = sum(vals) / len(vals)
            var = sum((v - mean) ** 2 for v in vals) / len(vals)
            inv_std = 1.0 / math.sqrt(var + EPS)
            y.extend([[(v - mean) * inv_std for v in row] for row in plane] for plane in planes)
        out.append(y)
    return out
