"""KernelBench L2 #21: nn.Conv2d(8, 32, 3), + bias (32, 1, 1), * scale (32, 1, 1), sigmoid,
nn.GroupNorm(8, 32) with default affine weight 1 and bias 0 (eps 1e-5, biased variance).

The small kernel keeps 4 channels per group: 8 channels in 2 groups. Inputs in [-1, 1) so
that bias and scale take both signs.
"""
import math
from _ops import conv2d

LOW = -1.0
HIGH = 1.0
EPS = 1e-5
CHANNELS_PER_GROUP = 4


def sigmoid(v):
    return 1.0 / (1.0 + math.exp(-v))


def reference(x, conv_w, conv_b, bias, scale):
    y = conv2d(x, conv_w, conv_b)
    out = []
    for yn in y:
        act = [[[sigmoid((v + bias[f][0][0]) * scale[f][0][0]) for v in row] for row in plane]
               for f, plane in enumerate(yn)]
        res = []
        for g0 in range(0, len(act), CHANNELS_PER_GROUP):
            group = act[g0:g0 + CHANNELS_PER_GROUP]
            vals = [v for plane in group for row in plane for v in row]
            mean = sum(vals) / len(vals)
            var = sum((v - mean) ** 2 for v in vals) / len(vals)
            std = math.sqrt(var + EPS)
            for plane in group:
                res.append([[(v - mean) / std for v in row] for row in plane])
        out.append(res)
    return out
