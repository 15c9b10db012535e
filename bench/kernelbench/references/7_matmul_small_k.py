"""KernelBench L1 #7: torch.matmul(A, B) with a small K: A (M, K), B (K, N)."""


def reference(a, b):
    n = len(b[0])
    out = []
    for row in a:
        out.append([sum(row[k] * b[k][j] for k in range(len(row))) for j in range(n)])
    return out
