"""Causal attention probabilities: softmax over the keys up to the query,
zero after it (masked_fill(-inf) then softmax)."""
from _ops import softmax_row


def reference(scores):
    out = []
    for head in scores:
        rows = []
        for i, row in enumerate(head):
            p = softmax_row(row[:i + 1])
            rows.append(p + [0.0] * (len(row) - i - 1))
        out.append(rows)
    return out
