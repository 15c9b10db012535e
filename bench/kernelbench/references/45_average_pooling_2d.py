"""KernelBench L1 #45: nn.AvgPool2d(kernel_size=11) on NCHW.

stride defaults to kernel_size, padding 0, ceil_mode=False: the rows and
columns past the last full window are dropped.
"""

KERNEL = 11
STRIDE = KERNEL


def reference(x):
    out = []
    for batch in x:
        ob = []
        for plane in batch:
            h, w = len(plane), len(plane[0])
            oplane = []
            for oh in range((h - KERNEL) // STRIDE + 1):
                orow = []
                for ow in range((w - KERNEL) // STRIDE + 1):
                    s = 0.0
                    for kh in range(KERNEL):
                        for kw in range(KERNEL):
                            s += plane[oh * STRIDE + kh][ow * STRIDE + kw]
                    orow.append(s / (KERNEL * KERNEL))
                oplane.append(orow)
            ob.append(oplane)
        out.append(ob)
    return out
