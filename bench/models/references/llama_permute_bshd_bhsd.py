"""x.permute(0, 2, 1, 3): [batch, seq, heads, dim] -> [batch, heads, seq, dim]."""


def reference(x):
    seq, heads = len(x[0]), len(x[0][0])
    return [[[list(xb[s][h]) for s in range(seq)] for h in range(heads)] for xb in x]
