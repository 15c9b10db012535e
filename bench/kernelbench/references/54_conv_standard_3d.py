"""KernelBench L1 #54: nn.Conv3d(3, 64, kernel_size=3), stride 1, padding 0, bias=False."""


def reference(x, w):
    c_in, d_in, h_in, w_in = len(x[0]), len(x[0][0]), len(x[0][0][0]), len(x[0][0][0][0])
    k_d, k_h, k_w = len(w[0][0]), len(w[0][0][0]), len(w[0][0][0][0])
    d_out, h_out, w_out = d_in - k_d + 1, h_in - k_h + 1, w_in - k_w + 1
    out = []
    for xn in x:
        vols = []
        for wf in w:
            vol = []
            for od in range(d_out):
                plane = []
                for oh in range(h_out):
                    row = []
                    for ow in range(w_out):
                        acc = 0.0
                        for c in range(c_in):
                            for kd in range(k_d):
                                for kh in range(k_h):
                                    xrow = xn[c][od + kd][oh + kh]
                                    wrow = wf[c][kd][kh]
                                    for kw in range(k_w):
                                        acc += xrow[ow + kw] * wrow[kw]
                        row.append(acc)
                    plane.append(row)
                vol.append(plane)
            vols.append(vol)
        out.append(vols)
    return out
