"""relu(Conv2d(C, F, 1)(x) + bias) in NCHW."""
from _ops import conv2d, map4, relu


def reference(x, weight, bias):
    return map4(relu, conv2d(x, weight, bias))
