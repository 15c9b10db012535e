"""KernelBench L2 #23: nn.Conv3d(3, 24, 3), nn.GroupNorm(8, 24) with default affine weight 1 and
bias 0 (eps 1e-5, biased variance), then the mean over dims [1, 2, 3, 4] -> (batch,).

The small kernel keeps 3 channels per group: 6 channels in 2 groups. With weight 1 and bias 0
every group has mean 0 after the norm, so the result is 0 up to rounding.
"""
import math

EPS = 1e-5
CHANNELS_PER_GROUP = 3


def conv3d(x, w, b):
    k_d, k_h, k_w = len(w[0][0]), len(w[0][0][0]), len(w[0][0][0][0])
    out = []
    for xn in x:
        d_out = len(xn[0]) - k_d + 1
        h_out = len(xn[0][0]) - k_h + 1
        w_out = len(xn[0][0][0]) - k_w + 1
        chans = []
        for f, wf in enumerate(w):
            vol = []
            for od in range(d_out):
                plane = []
                for oh in range(h_out):
                    row = []
                    for ow in range(w_out):
                        acc = b[f]
                        for xc, wc in zip(xn, wf):
                            for kd in range(k_d):
                                for kh in range(k_h):
                                    xrow, wrow = xc[od + kd][oh + kh], wc[kd][kh]
                                    for kw in range(k_w):
                                        acc += xrow[ow + kw] * wrow[kw]
                        row.append(acc)
                    plane.append(row)
                vol.append(plane)
            chans.append(vol)
        out.append(chans)
    return out


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
