"""relu6(depthwise conv 3x3, stride 1, padding 1, + bias), NHWC input and
output, weight (3, 3, C)."""
from _ops import conv2d, map4, nchw_to_nhwc, nhwc_to_nchw, relu6


def reference(x, weight, bias):
    c = len(weight[0][0])
    w = [[[[weight[y][z][k] for z in range(3)] for y in range(3)]] for k in range(c)]
    y = conv2d(nhwc_to_nchw(x), w, bias, pad=1, groups=c)
    return nchw_to_nhwc(map4(relu6, y))
