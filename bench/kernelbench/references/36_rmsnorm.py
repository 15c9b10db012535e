"""KernelBench L1 #36: x / sqrt(mean(x^2 over dim 1) + 1e-5) on (b, f, h, w)."""
import math


def reference(x):
    out = []
    for batch in x:
        features = len(batch)
        height, width = len(batch[0]), len(batch[0][0])
        rms = [[math.sqrt(sum(batch[f][i][j] ** 2 for f in range(features)) / features + 1e-5)
                for j in range(width)] for i in range(height)]
        out.append([[[batch[f][i][j] / rms[i][j] for j in range(width)]
                     for i in range(height)] for f in range(features)])
    return out
