"""KernelBench L2 #22: Linear, * 2.0, v + v, clamp(-10, 10), logsumexp(dim=1, keepdim),
then l * mish(l) with mish(l) = l * tanh(softplus(l))."""
import math

# With [0, 1) inputs every element saturates at the clamp; signed inputs keep a mix.
LOW = -1.0
HIGH = 1.0


def mish(v):
    return v * math.tanh(math.log1p(math.exp(v)))


def reference(x, w, b):
    out = []
    for row in x:
        vals = []
        for j, wrow in enumerate(w):
            v = (sum(a * c for a, c in zip(row, wrow)) + b[j]) * 2.0
            v = v + v
            vals.append(min(max(v, -10.0), 10.0))
        m = max(vals)
        lse = math.log(sum(math.exp(v - m) for v in vals)) + m
        out.append([lse * mish(lse)])
    return out
