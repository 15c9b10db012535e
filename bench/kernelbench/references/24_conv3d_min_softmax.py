"""KernelBench L2 #24: nn.Conv3d(3, 24, 3), torch.min over dim 2 (depth), softmax over dim 1."""
import math
from _ops import conv3d

LOW = -1.0
HIGH = 1.0


def reference(x, conv_w, conv_b):
    y = conv3d(x, conv_w, conv_b)
    out = []
    for yn in y:
        h, w = len(yn[0][0]), len(yn[0][0][0])
        mins = [[[min(vol[d][i][j] for d in range(len(vol))) for j in range(w)] for i in range(h)]
                for vol in yn]
        res = [[[0.0] * w for _ in range(h)] for _ in mins]
        for i in range(h):
            for j in range(w):
                vals = [plane[i][j] for plane in mins]
                m = max(vals)
                e = [math.exp(v - m) for v in vals]
                s = sum(e)
                for f in range(len(vals)):
                    res[f][i][j] = e[f] / s
        out.append(res)
    return out
