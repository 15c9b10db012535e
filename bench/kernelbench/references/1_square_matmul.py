"""KernelBench L1 #1: C = A @ B."""


def reference(a, b):
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]
