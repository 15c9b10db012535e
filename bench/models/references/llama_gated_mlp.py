"""Llama gated MLP: silu(x @ W_gate^T) * (x @ W_up^T)."""
import math

from _ops import linear


def reference(x, w_gate, w_up):
    gate, up = linear(x, w_gate), linear(x, w_up)
    return [[g / (1.0 + math.exp(-g)) * u for g, u in zip(grow, urow)]
            for grow, urow in zip(gate, up)]
