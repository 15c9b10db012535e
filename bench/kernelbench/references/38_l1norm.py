"""KernelBench L1 #38: x / torch.mean(torch.abs(x), dim=1, keepdim=True) on a 2-D x."""

# Negative inputs too, so that the absolute value is checked.
LOW = -2.0
HIGH = 2.0


def reference(x):
    out = []
    for row in x:
        mean = sum(abs(v) for v in row) / len(row)
        out.append([v / mean for v in row])
    return out
