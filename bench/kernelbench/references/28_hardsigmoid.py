"""KernelBench L1 #28: torch.nn.functional.hardsigmoid(x): 0 for x <= -3, 1 for x >= 3, x / 6 + 1 / 2 between."""

# Wider than [0, 1) so that both clamps (at -3 and 3) are checked.
LOW = -4.0
HIGH = 4.0


def hardsigmoid(v):
    if v <= -3.0:
        return 0.0
    if v >= 3.0:
        return 1.0
    return v / 6.0 + 0.5


def reference(x):
    return [[hardsigmoid(v) for v in row] for row in x]
