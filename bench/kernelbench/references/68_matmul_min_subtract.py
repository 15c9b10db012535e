"""KernelBench L2 #68: Linear, torch.min(v, constant), - constant; constant is a
scalar nn.Parameter (the last argument, a rank-0 tensor, here a float)."""

# Signed inputs so that some values fall below the constant and some above.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b, constant):
    out = []
    for row in x:
        r = []
        for j, wrow in enumerate(w):
            v = sum(a * c for a, c in zip(row, wrow)) + b[j]
            r.append(min(v, constant) - constant)
        out.append(r)
    return out
