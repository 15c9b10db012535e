"""relu(conv(x, weight) + bias), 1x1 kernel, NHWC input and output, HWCF weight."""
from _ops import conv2d, hwcf_to_fchw, map4, nchw_to_nhwc, nhwc_to_nchw, relu


def reference(x, weight, bias):
    y = conv2d(nhwc_to_nchw(x), hwcf_to_fchw(weight), bias)
    return nchw_to_nhwc(map4(relu, y))
