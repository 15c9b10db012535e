"""KernelBench L1 #100: torch.mean(torch.clamp(1 - predictions * targets, min=0)).

predictions (N, M), targets (M,): broadcasting pairs predictions[i][j] with
targets[j]. KernelBench's targets are +-1; inputs are drawn from [-2, 2) here
so that the clamp both cuts and passes terms.
"""

LOW, HIGH = -2.0, 2.0


def reference(predictions, targets):
    total, count = 0.0, 0
    for prow in predictions:
        for p, t in zip(prow, targets):
            total += max(1.0 - p * t, 0.0)
            count += 1
    return total / count
