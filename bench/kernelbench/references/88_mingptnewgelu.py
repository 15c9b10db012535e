"""KernelBench L1 #88: minGPT NewGELU, 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))."""
import math

LOW = -2.0
HIGH = 2.0


def reference(x):
    k = math.sqrt(2.0 / math.pi)
    return [[0.5 * v * (1.0 + math.tanh(k * (v + 0.044715 * math.pow(v, 3.0)))) for v in row] for row in x]
