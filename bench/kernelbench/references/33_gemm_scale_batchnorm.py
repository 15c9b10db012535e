"""KernelBench L2 #33: Linear, * scale (per feature), BatchNorm1d in training mode
(batch mean, biased batch variance, eps 1e-5, weight 1, bias 0)."""
from _ops import batch_norm_columns, linear_row

# scale is torch.randn in the model; signed inputs let it take both signs.
LOW = -1.0
HIGH = 1.0


def reference(x, w, b, scale):
    return batch_norm_columns([[v * s for v, s in zip(linear_row(row, w, b), scale)]
                               for row in x])
