"""KernelBench L1 #98: F.kl_div(torch.log(predictions), targets, reduction='batchmean').

Pointwise target * (log(target) - input) with input = log(predictions),
summed over all elements and divided by the batch size (dim 0). KernelBench's
inputs are row softmaxes (all > 0); any positive inputs check the formula.
"""
import math


def reference(predictions, targets):
    total = 0.0
    for prow, trow in zip(predictions, targets):
        for p, t in zip(prow, trow):
            total += t * (math.log(t) - math.log(p))
    return total / len(predictions)
