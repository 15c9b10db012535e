"""KernelBench L1 #10: torch.matmul(A, B) with A (N, M, K) and B (K, L): result (N, M, L)."""


def reference(a, b):
    cols = list(zip(*b))
    return [[[sum(x * y for x, y in zip(row, col)) for col in cols] for row in mat] for mat in a]
