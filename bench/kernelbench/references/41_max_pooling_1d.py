"""KernelBench L1 #41: nn.MaxPool1d(kernel_size=8, stride=1, padding=4, dilation=3) on (N, C, L).

Padded positions never win (PyTorch pads with -inf); ceil_mode=False.
"""

KERNEL, STRIDE, PADDING, DILATION = 8, 1, 4, 3


def reference(x):
    out = []
    for batch in x:
        ob = []
        for row in batch:
            length = len(row)
            l_out = (length + 2 * PADDING - DILATION * (KERNEL - 1) - 1) // STRIDE + 1
            orow = []
            for o in range(l_out):
                best = float("-inf")
                for k in range(KERNEL):
                    i = o * STRIDE - PADDING + k * DILATION
                    if 0 <= i < length and row[i] > best:
                        best = row[i]
                orow.append(best)
            ob.append(orow)
        out.append(ob)
    return out
