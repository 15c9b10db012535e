"""KernelBench L1 #4: torch.matmul(A, B) with A (M, K), B (K, 1): result (M, 1)."""


def reference(a, b):
    vec = [r[0] for r in b]
    return [[sum(x * y for x, y in zip(row, vec))] for row in a]
