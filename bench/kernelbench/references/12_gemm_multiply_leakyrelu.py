"""KernelBench L2 #12: Linear(x) = x @ W.T + b, then * 2.0, then LeakyReLU(0.1)."""


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = (sum(a * c for a, c in zip(row, wrow)) + b[j]) * 2.0
            r.append(v if v > 0 else 0.1 * v)
        out.append(r)
    return out
