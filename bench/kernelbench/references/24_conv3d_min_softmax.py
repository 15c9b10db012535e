"""KernelBench L2 #24: nn.Conv3d(3, 24, 3), torch.min over dim 2 (depth), softmax over dim 1."""
import math

LOW = -1.0
HIGH = 1.0


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
