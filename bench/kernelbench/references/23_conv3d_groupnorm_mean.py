"""KernelBench L2 #23: nn.Conv3d(3, 24, 3), nn.GroupNorm(8, 24) with default affine weight 1 and
bias 0 (eps 1e-5, biased variance), then the mean over dims [1, 2, 3, 4] -> (batch,).

The small kernel keeps 3 channels per group: 6 channels in 2 groups. With weight 1 and bias 0
every group has mean 0 after the norm, so the result is 0 up to rounding.
"""
import math
from _ops import conv3d

EPS = 1e-5
CHANNELS_PER_GROUP = 3


def reference(x, conv_w, conv_b):
    y = conv3d(x, conv_w, conv_b)
    out = []
    for yn in y:
        normalized = []
        for g0 in range(0, len(yn), CHANNELS_PER_GROUP):
            vals = [v for vol in yn[g0:g0 + CHANNELS_PER_GROUP]
                    for plane in vol for row in plane for v in row]
            mean = sum(vals) / len(vals)
            var = sum((v - mean) ** 2 for v in vals) / len(vals)
            std = math.sqrt(var + EPS)
            normalized.extend((v - mean) / std for v in vals)
        out.append(sum(normalized) / len(normalized))
    return out
