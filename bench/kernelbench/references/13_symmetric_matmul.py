"""KernelBench L1 #13: torch.matmul(A, B) for symmetric A, B (N, N).

The checker draws general random inputs; the product does not depend on the
symmetry, so the reference is the plain matmul.
"""


def reference(a, b):
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]
