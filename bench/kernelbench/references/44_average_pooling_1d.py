"""KernelBench L1 #44: nn.AvgPool1d(kernel_size=8, stride=1, padding=4) on (N, C, L).

count_include_pad=True (the default): zeros in the padding count, every
window sum is divided by the kernel size. ceil_mode=False.
"""

KERNEL, STRIDE, PADDING = 8, 1, 4


def reference(x):
    out = []
    for batch in x:
        ob = []
        for row in batch:
            length = len(row)
            l_out = (length + 2 * PADDING - KERNEL) // STRIDE + 1
            orow = []
            for o in range(l_out):
                s = 0.0
                for k in range(KERNEL):
                    i = o * STRIDE - PADDING + k
                    if 0 <= i < length:
                        s += row[i]
                orow.append(s / KERNEL)
            ob.append(orow)
        out.append(ob)
    return out
