"""KernelBench L2 #14: x @ W.T (no bias), / 2, sum over dim 1 (keepdim), * 1.5."""

# Signed inputs so that the row sum mixes signs.
LOW = -1.0
HIGH = 1.0


def reference(x, w):
    out = []
    for row in x:
        total = 0.0
        for wrow in w:
            total += sum(a * c for a, c in zip(row, wrow)) / 2.0
        out.append([total * 1.5])
    return out
