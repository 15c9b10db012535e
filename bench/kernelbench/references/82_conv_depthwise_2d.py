"""KernelBench L1 #82: nn.Conv2d(64, 64, kernel_size=3, groups=64, bias=False), stride 1, padding 0.

Depthwise: output channel c convolves input channel c with weight[c][0].
"""


def reference(x, w):
    out = []
    for xn in x:
        chans = []
        for c, xc in enumerate(xn):
            k = w[c][0]
            k_h, k_w = len(k), len(k[0])
            h_out, w_out = len(xc) - k_h + 1, len(xc[0]) - k_w + 1
            plane = []
            for oh in range(h_out):
                row = []
                for ow in range(w_out):
                    acc = 0.0
                    for kh in range(k_h):
                        for kw in range(k_w):
                            acc += xc[oh + kh][ow + kw] * k[kh][kw]
                    row.append(acc)
                plane.append(row)
            chans.append(plane)
        out.append(chans)
    return out
