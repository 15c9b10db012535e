"""KernelBench L1 #12: torch.diag(A) @ B with A (N,), B (N, M).

Builds the dense diagonal matrix and multiplies it out, as torch does.
"""


def reference(a, b):
    n = len(a)
    diag = [[a[i] if i == j else 0.0 for j in range(n)] for i in range(n)]
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in diag]
