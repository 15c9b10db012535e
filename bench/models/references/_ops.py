"""Shared plain-Python operators of the model references (no numpy, no torch).

Nested lists in, nested lists out: nn.Linear without bias, batched matmul,
softmax of a row, the GELUs, and 2-D convolution and pooling in NCHW with
the layout changes the NHWC kernels need. Files whose name starts with '_'
are helpers, not references of a kernel.
"""
import math


def linear(x, w):
    """x @ w^T for x (M, K) and w (N, K), as nn.Linear without bias."""
    return [[sum(a * b for a, b in zip(row, wrow)) for wrow in w] for row in x]


def matmul(a, b):
    """a @ b for a (M, K) and b (K, N)."""
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]


def transpose2(a):
    return [list(col) for col in zip(*a)]


def softmax_row(row):
    m = max(row)
    e = [math.exp(v - m) for v in row]
    s = sum(e)
    return [v / s for v in e]


def gelu_erf(v):
    return 0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0)))


def gelu_tanh(v):
    return 0.5 * v * (1.0 + math.tanh(math.sqrt(2.0 / math.pi) * (v + 0.044715 * v ** 3)))


def relu(v):
    return max(v, 0.0)


def relu6(v):
    return min(max(v, 0.0), 6.0)


def map4(f, t):
    return [[[[f(v) for v in row] for row in plane] for plane in img] for img in t]


def nhwc_to_nchw(x):
    n, h, w, c = len(x), len(x[0]), len(x[0][0]), len(x[0][0][0])
    return [[[[x[i][y][z][k] for z in range(w)] for y in range(h)] for k in range(c)]
            for i in range(n)]


def nchw_to_nhwc(x):
    n, c, h, w = len(x), len(x[0]), len(x[0][0]), len(x[0][0][0])
    return [[[[x[i][k][y][z] for k in range(c)] for z in range(w)] for y in range(h)]
            for i in range(n)]


def hwcf_to_fchw(w):
    kh, kw, c, f = len(w), len(w[0]), len(w[0][0]), len(w[0][0][0])
    return [[[[w[y][z][k][o] for z in range(kw)] for y in range(kh)] for k in range(c)]
            for o in range(f)]


def conv2d(x, w, b, stride=1, pad=0, groups=1):
    """nn.Conv2d(x) in NCHW with weight (F, C / groups, KH, KW) and bias b,
    zero padding `pad` on each side."""
    n, c, h, wd = len(x), len(x[0]), len(x[0][0]), len(x[0][0][0])
    f, cg, kh, kw = len(w), len(w[0]), len(w[0][0]), len(w[0][0][0])
    oh = (h + 2 * pad - kh) // stride + 1
    ow = (wd + 2 * pad - kw) // stride + 1
    fg = f // groups

    def at(img, ch, y, z):
        if 0 <= y < h and 0 <= z < wd:
            return img[ch][y][z]
        return 0.0

    out = []
    for img in x:
        chans = []
        for o in range(f):
            first = (o // fg) * cg
            plane = []
            for oy in range(oh):
                row = []
                for oz in range(ow):
                    acc = b[o]
                    for ci in range(cg):
                        for ky in range(kh):
                            for kz in range(kw):
                                acc += at(img, first + ci, oy * stride - pad + ky,
                                          oz * stride - pad + kz) * w[o][ci][ky][kz]
                    row.append(acc)
                plane.append(row)
            chans.append(plane)
        out.append(chans)
    return out


def max_pool2d(x, k, stride, pad):
    """nn.MaxPool2d(k, stride, pad)(x) in NCHW (padding never wins)."""
    h, w = len(x[0][0]), len(x[0][0][0])
    oh = (h + 2 * pad - k) // stride + 1
    ow = (w + 2 * pad - k) // stride + 1
    out = []
    for img in x:
        chans = []
        for plane in img:
            rows = []
            for oy in range(oh):
                row = []
                for oz in range(ow):
                    vals = [plane[y][z]
                            for y in range(oy * stride - pad, oy * stride - pad + k)
                            for z in range(oz * stride - pad, oz * stride - pad + k)
                            if 0 <= y < h and 0 <= z < w]
                    row.append(max(vals))
                rows.append(row)
            chans.append(rows)
        out.append(chans)
    return out
