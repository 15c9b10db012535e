"""KernelBench L1 #18: torch.matmul(A.T, B.T) with A (K, M), B (N, K): result (M, N)."""


def reference(a, b):
    k_dim, m_dim, n_dim = len(a), len(a[0]), len(b)
    # C[i][j] = sum_k A[k][i] * B[j][k].
    return [[sum(a[k][i] * b[j][k] for k in range(k_dim)) for j in range(n_dim)]
            for i in range(m_dim)]
