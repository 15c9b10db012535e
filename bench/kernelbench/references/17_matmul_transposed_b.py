"""KernelBench L1 #17: torch.matmul(A, B.T) with A (M, K), B (N, K): result (M, N)."""


def reference(a, b):
    # Row i of A against row j of B: (A @ B.T)[i][j] = sum_k A[i][k] * B[j][k].
    return [[sum(x * y for x, y in zip(a_row, b_row)) for b_row in b] for a_row in a]
