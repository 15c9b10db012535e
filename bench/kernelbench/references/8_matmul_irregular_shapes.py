"""KernelBench L1 #8: torch.matmul(A, B) with irregular shapes: A (M, K), B (K, N)."""


def reference(a, b):
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]
