"""KernelBench L1 #6: torch.matmul(A, B) with a large K: A (M, K), B (K, N)."""


def reference(a, b):
    m, n = len(a), len(b[0])
    out = [[0.0] * n for _ in range(m)]
    for i in range(m):
        for k, a_ik in enumerate(a[i]):
            b_row = b[k]
            for j in range(n):
                out[i][j] += a_ik * b_row[j]
    return out
