"""relu6(Conv2d(C, C, 3, stride=2, padding=1, groups=C)(x) + bias) in NCHW,
weight (C, 3, 3)."""
from _ops import conv2d, map4, relu6


def reference(x, weight, bias):
    w = [[plane] for plane in weight]
    return map4(relu6, conv2d(x, w, bias, stride=2, pad=1, groups=len(weight)))
