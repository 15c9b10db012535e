"""KernelBench L1 #16: torch.matmul(A.T, B) with A (K, M), B (K, N): result (M, N)."""


def reference(a, b):
    a_t = [list(c) for c in zip(*a)]
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a_t]
