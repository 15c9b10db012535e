"""x.sum(dim=-1) of a matrix."""


def reference(x):
    return [sum(row) for row in x]
