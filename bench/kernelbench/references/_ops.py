"""Shared plain-Python operators of the references (no numpy, no torch).

The PyTorch building blocks several problems share, stated once: a
convolution with stride 1, no padding and a bias, on nested lists in NCHW or
NCDHW layout with weights (out channels, in channels, kernel...); nn.Linear
on one row; GroupNorm of one row; BatchNorm1d in training mode. Files whose
name starts with '_' are helpers, not references of a problem.
"""
import math


def linear_row(row, w, b):
    """nn.Linear on one row: w is (out, in), b has out entries."""
    return [sum(a * c for a, c in zip(row, wrow)) + b[j]
            for j, wrow in enumerate(w)]


def group_norm_row(values, groups, eps=1e-5):
    """GroupNorm (weight 1, bias 0, biased variance) of one row of channels
    split into `groups` equal groups."""
    size = len(values) // groups
    out = []
    for g in range(groups):
        vals = values[g * size:(g + 1) * size]
        mean = sum(vals) / size
        var = sum((v - mean) ** 2 for v in vals) / size
        out.extend((v - mean) / math.sqrt(var + eps) for v in vals)
    return out


def batch_norm_columns(v, eps=1e-5):
    """BatchNorm1d in training mode (batch mean, biased batch variance,
    weight 1, bias 0) of a rows x features matrix."""
    rows, cols = len(v), len(v[0])
    out = [[0.0] * cols for _ in range(rows)]
    for j in range(cols):
        column = [v[i][j] for i in range(rows)]
        mean = sum(column) / rows
        var = sum((c - mean) ** 2 for c in column) / rows
        for i in range(rows):
            out[i][j] = (column[i] - mean) / math.sqrt(var + eps)
    return out


def conv2d(x, w, b):
    """nn.Conv2d(stride=1, padding=0)(x) with weight w and bias b."""
    k_h, k_w = len(w[0][0]), len(w[0][0][0])
    out = []
    for xn in x:
        h_out = len(xn[0]) - k_h + 1
        w_out = len(xn[0][0]) - k_w + 1
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


def conv3d(x, w, b):
    """nn.Conv3d(stride=1, padding=0)(x) with weight w and bias b."""
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
