"""Shared plain-Python operators of the references (no numpy, no torch).

The PyTorch building blocks several problems share, stated once: a
convolution with stride 1, no padding and a bias, on nested lists in NCHW or
NCDHW layout with weights (out channels, in channels, kernel...). Files whose
name starts with '_' are helpers, not references of a problem.
"""


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
