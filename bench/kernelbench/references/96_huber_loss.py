"""KernelBench L1 #96: F.smooth_l1_loss(predictions, targets), beta=1.0, reduction='mean'.

Per element, d = p - t: 0.5 * d * d if |d| < beta else |d| - 0.5 * beta.
Inputs are drawn from [-1, 1) so that both branches are taken (KernelBench's
are rand * scale and rand, where |d| < 1 always).
"""

LOW, HIGH = -1.0, 1.0
BETA = 1.0


def reference(predictions, targets):
    total, count = 0.0, 0
    for prow, trow in zip(predictions, targets):
        for p, t in zip(prow, trow):
            d = abs(p - t)
            total += 0.5 * d * d / BETA if d < BETA else d - 0.5 * BETA
            count += 1
    return total / count
