"""KernelBench L2 #21: nn.Conv2d(8, 32, 3), + bias (32, 1, 1), * scale (32, 1, 1), sigmoid,
nn.GroupNorm(8, 32) with default affine weight 1 and bias 0 (eps 1e-5, biased variance).

The small kernel keeps 4 channels per group: 8 channels in 2 groups. Inputs in [-1, 1) so
that bias and scale take both signs.
"""
import math

LOW = -1.0
HIGH = 1.0
EPS = 1e-5
CHANNELS_PER_GROUP = 4


def conv2d(x, w, b):
    k_h, k_w = len(w[0][0]), len(w[0][0][0])
    out = []
    for xn in x:
        h_out, w_out = len(xn[0]) - k_h + 1, len(xn[0][0]) - k_w + 1
        chans = []
        for f, wf in enumerate(w):
            plane = []
            for oh in range(h_out):
                row = []
                for ow in range(w_out):
                    acc = b[f]
                    for xc, wc in zip(xn, wf):
                        for kh in range(k_h):
                            xrow, wrow = xc[oh + kh], wc[kh]
                            for kw in range(k_w):
                                acc += xrow[ow + kw] * wrow[kw]
                    row.append(acc)
                plane.append(row)
            chans.append(plane)
        out.append(chans)
    return out


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
