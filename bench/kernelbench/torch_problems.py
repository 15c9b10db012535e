"""PyTorch functions of the KernelBench problems of bench/kernelbench.

Written here from the one-line description at the top of each problem's
.mlir file (not copied from KernelBench). Keys are "LEVEL/NUMBER"; each
function takes the kernel's arguments in the order of its func.func
signature, as float32 CUDA tensors, and returns one tensor. Problems with a
group count (grouped convolutions, GroupNorm) take it as the keyword
`groups`, which differs between the full and the small shapes: call them
through function(key, path), which reads it from the problem's description.
"""
import functools
import math
import re

import torch
import torch.nn.functional as F


def linear(x, w, b=None):
    y = x @ w.t()
    return y if b is None else y + b


def mish(v):
    return v * torch.tanh(F.softplus(v))


def gelu(v):
    return F.gelu(v)  # exact (erf)


def batchnorm_train(v, dims, eps=1e-5):
    mean = v.mean(dim=dims, keepdim=True)
    var = v.var(dim=dims, keepdim=True, unbiased=False)
    return (v - mean) / torch.sqrt(var + eps)


def groupnorm(v, groups, eps=1e-5):
    return F.group_norm(v, groups, eps=eps)


PROBLEMS = {
    # Level 1: matmuls.
    "1/1": lambda a, b: a @ b,
    "1/2": lambda a, b: a @ b,
    "1/3": lambda a, b: torch.bmm(a, b),
    "1/4": lambda a, b: a @ b,
    "1/5": lambda a: a * 3.14,
    "1/6": lambda a, b: a @ b,
    "1/7": lambda a, b: a @ b,
    "1/8": lambda a, b: a @ b,
    "1/9": lambda a, b: a @ b,
    "1/10": lambda a, b: torch.matmul(a, b),
    "1/11": lambda a, b: torch.einsum("bijl,lk->bijk", a, b),
    "1/12": lambda a, b: a.unsqueeze(1) * b,  # diag(A) @ B
    "1/13": lambda a, b: a @ b,
    "1/16": lambda a, b: a.t() @ b,
    "1/17": lambda a, b: a @ b.t(),
    "1/18": lambda a, b: a.t() @ b.t(),
    # Activations.
    "1/19": torch.relu,
    "1/20": lambda x: F.leaky_relu(x, 0.01),
    "1/21": torch.sigmoid,
    "1/22": torch.tanh,
    "1/23": lambda x: torch.softmax(x, dim=1),
    "1/24": lambda x: torch.log_softmax(x, dim=1),
    "1/25": lambda x: x * torch.sigmoid(x),
    "1/26": gelu,
    "1/27": F.selu,
    "1/28": F.hardsigmoid,
    "1/29": lambda x: F.softplus(x, beta=1, threshold=20),
    "1/30": F.softsign,
    "1/31": lambda x: F.elu(x, alpha=1.0),
    "1/32": lambda x: F.hardtanh(x, -1.0, 1.0),
    # Norms.
    "1/33": lambda x: batchnorm_train(x, (0, 2, 3)),
    "1/34": lambda x: F.instance_norm(x, eps=1e-5),
    "1/35": lambda x: groupnorm(x, 8),
    "1/36": lambda x: x / torch.sqrt(torch.mean(x * x, dim=1, keepdim=True) + 1e-5),
    "1/37": lambda x: x / torch.norm(x, p="fro"),
    "1/38": lambda x: x / torch.mean(torch.abs(x), dim=1, keepdim=True),
    "1/39": lambda x: x / torch.norm(x, p=2, dim=1, keepdim=True),
    "1/40": lambda x: F.layer_norm(x, x.shape[1:], eps=1e-5),
    # Pooling.
    "1/41": lambda x: F.max_pool1d(x, 8, stride=1, padding=4, dilation=3),
    "1/42": lambda x: F.max_pool2d(x, 4, stride=1, padding=1, dilation=1),
    "1/44": lambda x: F.avg_pool1d(x, 8, stride=1, padding=4,
                                   count_include_pad=True),
    "1/45": lambda x: F.avg_pool2d(x, 11),
    # Reductions over a dimension.
    "1/47": lambda x: torch.sum(x, dim=1, keepdim=True),
    "1/48": lambda x: torch.mean(x, dim=1),
    "1/49": lambda x: torch.max(x, dim=1)[0],
    # The index as f32, as the problem files state it (exact below 2^24).
    "1/51": lambda x: torch.argmax(x, dim=1).float(),
    "1/52": lambda x: torch.argmin(x, dim=1).float(),
    "1/53": lambda x: torch.min(x, dim=1)[0],
    # Convolutions.
    "1/50": lambda x, w, b: F.conv2d(x, w, b, stride=4, padding=2),
    "1/54": lambda x, w: F.conv3d(x, w),
    "1/67": lambda x, w: F.conv1d(x, w),
    "1/82": lambda x, w, groups: F.conv2d(x, w, groups=groups),
    "1/87": lambda x, w: F.conv2d(x, w),
    # Misc.
    "1/88": lambda x: 0.5 * x * (1.0 + torch.tanh(
        math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0)))),
    "1/89": lambda x: torch.cumsum(x, dim=1),
    "1/91": lambda x: torch.cumsum(x.flip(1), dim=1).flip(1),
    # Losses.
    "1/94": lambda p, t: torch.mean((p - t) ** 2),
    "1/95": lambda p, t: F.cross_entropy(p, t.long()),
    "1/96": lambda p, t: F.smooth_l1_loss(p, t),
    "1/98": lambda p, t: F.kl_div(torch.log(p), t, reduction="batchmean"),
    "1/100": lambda p, t: torch.mean(torch.clamp(1 - p * t, min=0)),
    # Level 2: GEMM chains.
    "2/9": lambda x, w, b: torch.relu((linear(x, w, b) - 2.0) * 1.5),
    "2/12": lambda x, w, b: F.leaky_relu(linear(x, w, b) * 2.0, 0.1),
    "2/14": lambda x, w: torch.sum(linear(x, w) / 2, dim=1, keepdim=True) * 1.5,
    "2/18": lambda x, w, b: torch.logsumexp(torch.logsumexp(torch.mean(
        torch.max(torch.sum(linear(x, w, b), dim=1, keepdim=True), dim=1,
                  keepdim=True)[0], dim=1, keepdim=True), dim=1, keepdim=True),
        dim=1, keepdim=True),
    "2/22": lambda x, w, b: (lambda l: l * mish(l))(torch.logsumexp(
        torch.clamp((lambda v: v + v)(linear(x, w, b) * 2.0), -10, 10), dim=1,
        keepdim=True)),
    "2/29": lambda x, w, b: mish(mish(linear(x, w, b))),
    "2/30": lambda x, w, b, groups: F.hardtanh(
        F.group_norm(linear(x, w, b), groups, eps=1e-5), -2.0, 2.0),
    "2/33": lambda x, w, b, s: batchnorm_train(linear(x, w, b) * s, (0,)),
    "2/37": lambda x, w, b, e, groups: F.group_norm(
        (lambda v: torch.sigmoid(v) * v)(linear(x, w, b)) + e, groups,
        eps=1e-5),
    "2/39": lambda x, w, b, s: batchnorm_train(linear(x, w, b) * s, (0,)),
    "2/40": lambda x, w, b: (lambda v: v * 0.5 + v)(linear(x, w, b)),
    "2/41": lambda x, w, b: torch.relu(gelu(batchnorm_train(linear(x, w, b),
                                                           (0,)))),
    "2/45": lambda x, w1, b1, w2, b2: torch.logsumexp(
        linear(torch.sigmoid(linear(x, w1, b1)), w2, b2), dim=1),
    "2/53": lambda x, w, b: gelu(F.hardtanh(linear(x, w, b) * 0.5, -2, 2)),
    "2/55": lambda x, w, b: torch.sum(F.max_pool1d(
        linear(x, w, b).unsqueeze(1), 2, 2).squeeze(1), dim=1) * 0.5,
    "2/56": lambda x, w, b: torch.sum(torch.sigmoid(linear(x, w, b)), dim=1,
                                      keepdim=True),
    "2/59": lambda x, w, b: (lambda v: v * torch.sigmoid(v) * 2.0)(
        linear(x, w, b)),
    "2/62": lambda x, w, b, groups: (lambda v: v + v)(F.leaky_relu(
        F.group_norm(linear(x, w, b), groups, eps=1e-5), 0.01)),
    "2/63": lambda x, w, b: torch.relu(linear(x, w, b)) / 2.0,
    "2/64": lambda x, w, b: gelu(gelu(F.leaky_relu(F.leaky_relu(
        torch.logsumexp(linear(x, w, b), dim=1, keepdim=True), 0.01), 0.01))),
    "2/68": lambda x, w, b, c: torch.minimum(linear(x, w, b), c) - c,
    "2/70": lambda x, w, b: (lambda v: torch.sigmoid(v) * 2.0 + v)(
        linear(x, w, b)),
    "2/99": lambda x, w, b: torch.softmax(gelu(linear(x, w, b)), dim=1),
    # Level 2: convolution chains.
    "2/1": lambda x, w, cb, b: torch.relu(F.conv2d(x, w, cb)) + b,
    "2/4": lambda x, w, cb: mish(mish(F.conv2d(x, w, cb))),
    "2/6": lambda x, w, cb: F.max_pool3d(F.max_pool3d(
        torch.softmax(F.conv3d(x, w, cb), dim=1), 2), 2),
    "2/7": lambda x, w, cb, b: torch.sigmoid(gelu(F.leaky_relu(
        torch.relu(F.conv3d(x, w, cb)), 0.01))) + b,
    "2/8": lambda x, w, cb, b: torch.sum(F.adaptive_avg_pool3d(
        F.max_pool3d(F.conv3d(x, w, cb) / 2.0, 2), 1) + b, dim=1),
    "2/17": lambda x, w, cb: F.instance_norm(F.conv2d(x, w, cb),
                                             eps=1e-5) / 2.0,
    "2/21": lambda x, w, cb, b, s, groups: F.group_norm(
        torch.sigmoid((F.conv2d(x, w, cb) + b) * s), groups, eps=1e-5),
    "2/23": lambda x, w, cb, groups: torch.mean(
        F.group_norm(F.conv3d(x, w, cb), groups, eps=1e-5), dim=[1, 2, 3, 4]),
    "2/24": lambda x, w, cb: torch.softmax(torch.min(F.conv3d(x, w, cb),
                                                     dim=2)[0], dim=1),
    "2/25": lambda x, w, cb: torch.tanh(torch.tanh(torch.min(
        F.conv2d(x, w, cb), dim=1, keepdim=True)[0])),
}

GROUPED = {"1/82", "2/21", "2/23", "2/30", "2/37", "2/62"}


def groups_of(path):
    """The group count in the description (line 2) of a problem's .mlir:
    `groups=G`, `num_groups=G` or `GroupNorm(G, C)`."""
    with open(path) as f:
        f.readline()
        line = f.readline()
    match = re.search(r"(?:groups=|GroupNorm\()(\d+)", line)
    if not match:
        raise ValueError(f"{path}: no group count in its description")
    return int(match.group(1))


def function(key, path):
    """The PyTorch function of problem KEY ("LEVEL/NUMBER") for the shapes of
    the problem file PATH."""
    fn = PROBLEMS[key]
    return functools.partial(fn, groups=groups_of(path)) if key in GROUPED \
        else fn
