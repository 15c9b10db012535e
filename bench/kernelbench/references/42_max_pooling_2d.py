"""KernelBench L1 #42: nn.MaxPool2d(kernel_size=4, stride=1, padding=1, dilation=1) on NCHW.

Padded positions never win (PyTorch pads with -inf); ceil_mode=False.
"""

KERNEL, STRIDE, PADDING, DILATION = 4, 1, 1, 1


def out_size(n):
    return (n + 2 * PADDING - DILATION * (KERNEL - 1) - 1) // STRIDE + 1


def reference(x):
    out = []
    for batch in x:
        ob = []
        for plane in batch:
            h, w = len(plane), len(plane[0])
            oplane = []
            for oh in range(out_size(h)):
                orow = []
                for ow in range(out_size(w)):
                    best = float("-inf")
                    for kh in range(KERNEL):
                        i = oh * STRIDE - PADDING + kh * DILATION
                        if not 0 <= i < h:
                            continue
                        for kw in range(KERNEL):
                            j = ow * STRIDE - PADDING + kw * DILATION
                            if 0 <= j < w and plane[i][j] > best:
                                best = plane[i][j]
                    orow.append(best)
                oplane.append(orow)
            ob.append(oplane)
        out.append(ob)
    return out
