"""Fused QKV projection at decode: x @ W_qkv^T (F.linear without bias)."""
from _ops import linear


def reference(x, w_qkv):
    return linear(x, w_qkv)
