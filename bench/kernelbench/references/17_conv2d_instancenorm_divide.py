"""KernelBench L2 #17: nn.Conv2d(64, 128, 3), nn.InstanceNorm2d(128) (affine=False, eps 1e-5,
per-(n, c) statistics over H x W, biased variance), then / 2.0."""
import math
from _ops import conv2d

EPS = 1e-5
DIVIDE_BY = 2.0


def instance_norm(plane):
    vals = [v for row in plane for v in row]
    mean = sum(vals) / len(vals)
    var = sum((v - mean) ** 2 for v in vals) / len(vals)
    std = math.sqrt(var + EPS)
    return [[(v - mean) / std for v in row] for row in plane]


def reference(x, conv_w, conv_b):
    y = conv2d(x, conv_w, conv_b)
    return [[[[v / DIVIDE_BY for v in row] for row in instance_norm(plane)] for plane in yn]
            for yn in y]
