"""KernelBench L2 #6: nn.Conv3d(3, 16, 3), softmax over dim 1, then MaxPool3d(2) twice (floor)."""
import math
from _ops import conv3d

LOW = -1.0
HIGH = 1.0
POOL = 2


def softmax_channels(yn):
    c = len(yn)
    d, h, w = len(yn[0]), len(yn[0][0]), len(yn[0][0][0])
    out = [[[[0.0] * w for _ in range(h)] for _ in range(d)] for _ in range(c)]
    for i in range(d):
        for j in range(h):
            for k in range(w):
                vals = [yn[f][i][j][k] for f in range(c)]
                m = max(vals)
                e = [math.exp(v - m) for v in vals]
                s = sum(e)
                for f in range(c):
                    out[f][i][j][k] = e[f] / s
    return out


def maxpool3d(vol):
    d, h, w = len(vol) // POOL, len(vol[0]) // POOL, len(vol[0][0]) // POOL
    return [[[max(vol[i * POOL + a][j * POOL + b][k * POOL + c]
                  for a in range(POOL) for b in range(POOL) for c in range(POOL))
              for k in range(w)] for j in range(h)] for i in range(d)]


def reference(x, conv_w, conv_b):
    y = conv3d(x, conv_w, conv_b)
    out = []
    for yn in y:
        s = softmax_channels(yn)
        out.append([maxpool3d(maxpool3d(vol)) for vol in s])
    return out
