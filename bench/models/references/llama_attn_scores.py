"""Llama attention scores: q @ k.transpose(-2, -1) / sqrt(d) per head."""
import math


def reference(q, k):
    d = len(q[0][0])
    return [[[sum(a * b for a, b in zip(qi, kj)) / math.sqrt(d) for kj in kh]
             for qi in qh] for qh, kh in zip(q, k)]
