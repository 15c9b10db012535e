"""KernelBench L2 #55: Linear, MaxPool1d(kernel_size=2) over the features (stride 2, no
padding: an odd trailing feature is dropped), sum over dim 1, * 0.5."""

# Signed inputs so that the max and the sum mix signs.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b):
    out = []
    for row in x:
        v = [sum(a * c for a, c in zip(row, wrow)) + b[j] for j, wrow in enumerate(w)]
        pooled = [max(v[2 * p], v[2 * p + 1]) for p in range(len(v) // 2)]
        out.append(sum(pooled) * 0.5)
    return out
