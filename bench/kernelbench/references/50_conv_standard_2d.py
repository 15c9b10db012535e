"""KernelBench L1 #50: nn.Conv2d(3, 96, kernel_size=11, stride=4, padding=2), bias=True."""

STRIDE = 4
PADDING = 2


def reference(x, w, b):
    n_batch, c_in, h_in, w_in = len(x), len(x[0]), len(x[0][0]), len(x[0][0][0])
    c_out, k_h, k_w = len(w), len(w[0][0]), len(w[0][0][0])
    h_out = (h_in + 2 * PADDING - k_h) // STRIDE + 1
    w_out = (w_in + 2 * PADDING - k_w) // STRIDE + 1
    out = []
    for n in range(n_batch):
        planes = []
        for f in range(c_out):
            rows = []
            for oh in range(h_out):
                row = []
                for ow in range(w_out):
                    acc = b[f]
                    for c in range(c_in):
                        for kh in range(k_h):
                            ih = oh * STRIDE - PADDING + kh
                            if ih < 0 or ih >= h_in:
                                continue
                            for kw in range(k_w):
                                iw = ow * STRIDE - PADDING + kw
                                if 0 <= iw < w_in:
                                    acc += x[n][c][ih][iw] * w[f][c][kh][kw]
                    row.append(acc)
                rows.append(row)
            planes.append(rows)
        out.append(planes)
    return out
