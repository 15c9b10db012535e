"""KernelBench L1 #67: nn.Conv1d(64, 128, kernel_size=3), stride 1, padding 0, bias=False."""


def reference(x, w):
    k = len(w[0][0])
    out = []
    for xn in x:
        l_out = len(xn[0]) - k + 1
        chans = []
        for wf in w:
            row = []
            for o in range(l_out):
                acc = 0.0
                for xc, wc in zip(xn, wf):
                    for t in range(k):
                        acc += xc[o + t] * wc[t]
                row.append(acc)
            chans.append(row)
        out.append(chans)
    return out
