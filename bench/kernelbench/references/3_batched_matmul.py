"""KernelBench L1 #3: torch.bmm(A, B) with A (batch, m, k), B (batch, k, n)."""


def reference(a, b):
    out = []
    for a_mat, b_mat in zip(a, b):
        cols = list(zip(*b_mat))
        out.append([[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a_mat])
    return out
