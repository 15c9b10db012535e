"""KernelBench L2 #9: Linear(x) = x @ W.T + b, then - 2.0, then * 1.5, then ReLU."""

# The matmul of [0, 1) inputs is all positive; signed inputs exercise the ReLU.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = (sum(a * c for a, c in zip(row, wrow)) + b[j] - 2.0) * 1.5
            r.append(max(v, 0.0))
        out.append(r)
    return out
