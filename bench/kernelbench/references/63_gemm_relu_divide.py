"""KernelBench L2 #63: Linear, ReLU, / 2.0."""

# Signed inputs so that the ReLU clips some values.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            r.append(max(v, 0.0) / 2.0)
        out.append(r)
    return out
