"""KernelBench L2 #40: v = Linear(x); v * 0.5 + v."""


def reference(x, w, b):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            r.append(v * 0.5 + v)
        out.append(r)
    return out
