"""GPT-2 MLP activation: gelu(x + bias, approximate='tanh')."""
from _ops import gelu_tanh


def reference(x, bias):
    return [[gelu_tanh(v + b) for v, b in zip(row, bias)] for row in x]
