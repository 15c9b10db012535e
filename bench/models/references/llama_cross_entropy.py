"""F.cross_entropy(logits, targets), mean over the tokens; targets are class
indices given as floats (floor). A target outside [0, vocab) picks nothing,
as the kernel's compare of the class index does."""
import math


def reference(logits, targets):
    total = 0.0
    for row, t in zip(logits, targets):
        m = max(row)
        lse = m + math.log(sum(math.exp(v - m) for v in row))
        c = int(math.floor(t))
        picked = row[c] - lse if 0 <= c < len(row) else 0.0
        total += picked
    return -total / len(logits)
