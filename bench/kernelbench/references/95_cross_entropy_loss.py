"""KernelBench L1 #95: F.cross_entropy(predictions, targets), reduction='mean'.

predictions (N, C) logits; targets (N,) class indices, passed to the kernel
as f32 (KernelBench's are int64 from randint(0, C)); the kernel takes the
integer part. Loss = mean over n of logsumexp(predictions[n]) -
predictions[n][targets[n]].

Every input is drawn from [0, 36.5) so that the integer part of a target is a
valid class of the small kernel (C = 37, in _small.mlir), each class 0..36
possible; the logits take the same range, which softmax handles the same.
"""
import math

LOW, HIGH = 0.0, 36.5


def reference(predictions, targets):
    total = 0.0
    for row, t in zip(predictions, targets):
        m = max(row)
        lse = m + math.log(sum(math.exp(v - m) for v in row))
        total += lse - row[int(math.floor(t))]
    return total / len(predictions)
