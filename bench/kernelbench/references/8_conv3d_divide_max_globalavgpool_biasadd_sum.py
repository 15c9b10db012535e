"""KernelBench L2 #8: nn.Conv3d(8, 16, 3), / 2.0, MaxPool3d(2) (floor), AdaptiveAvgPool3d(1),
+ bias (16, 1, 1, 1), torch.sum over dim 1 -> (batch, 1, 1, 1)."""
from _ops import conv3d

LOW = -1.0
HIGH = 1.0
DIVISOR = 2.0
POOL = 2


def maxpool3d(vol):
    d, h, w = len(vol) // POOL, len(vol[0]) // POOL, len(vol[0][0]) // POOL
    return [[[max(vol[i * POOL + a][j * POOL + b][k * POOL + c]
                  for a in range(POOL) for b in range(POOL) for c in range(POOL))
              for k in range(w)] for j in range(h)] for i in range(d)]


def reference(x, conv_w, conv_b, bias):
    y = conv3d(x, conv_w, conv_b)
    out = []
    for yn in y:
        total = 0.0
        for f, vol in enumerate(yn):
            pooled = maxpool3d([[[v / DIVISOR for v in row] for row in plane] for plane in vol])
            vals = [v for plane in pooled for row in plane for v in row]
            total += sum(vals) / len(vals) + bias[f][0][0][0]
        out.append([[[total]]])
    return out
