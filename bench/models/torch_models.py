"""PyTorch functions of the model kernels of bench/models.

Written from the one-line description at the top of each kernel's .mlir
file. Keys are the file stems (NAME for NAME.mlir and NAME_small.mlir);
each function takes the kernel's arguments in the order of its func.func
signature (float32 tensors, bfloat16 for the bf16 arguments of the *_bf16
kernels) and returns one tensor. Shapes come from the arguments, so one
function serves the full and the small variant.

The bf16 kernels take bf16 operands and return the f32 accumulator (exact
bf16 products summed in f32): their functions upcast the operands and
multiply in f32, which is the same computation (run with TF32 off, as the
kernelbench harness does). cross_entropy's targets are class indices
given as f32 whole numbers (the kernel floors them); argmax returns int64
indices, as the kernel does.

HELD_OUT lists the kernels kept out of tuning: schedules, heuristics and
experience libraries are developed on the others and judged on these.
"""
import math

import torch
import torch.nn.functional as F


def linear(x, w):
    return x @ w.t()


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def causal_softmax(scores):
    s = scores.shape[-1]
    future = torch.triu(torch.ones(s, s, dtype=torch.bool, device=scores.device),
                        diagonal=1)
    return torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)


def rmsnorm(x, weight, eps=1e-5):
    return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def conv_bias_relu(x, w, b, padding):
    return torch.relu(F.conv2d(x, w, b, padding=padding))


def conv_nhwc_bias_relu(x, w_hwcf, b, padding):
    """NHWC input and output, HWCF weight, through PyTorch's NCHW conv2d."""
    y = F.conv2d(x.permute(0, 3, 1, 2), w_hwcf.permute(3, 2, 0, 1), b,
                 padding=padding)
    return torch.relu(y).permute(0, 2, 3, 1)


def f32(*tensors):
    return [t.float() for t in tensors]


MODELS = {
    # Transformer: attention.
    "llama_attn_scores": lambda q, k: q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]),
    "llama_attn_scores_bf16": lambda q, k: (lambda q, k: q @ k.transpose(-2, -1)
                                            / math.sqrt(q.shape[-1]))(*f32(q, k)),
    "llama_attn_causal_softmax": causal_softmax,
    "llama_attn_output": lambda p, v: torch.bmm(p, v),
    "llama_attn_output_bf16": lambda p, v: torch.bmm(*f32(p, v)),
    "llama_permute_bshd_bhsd": lambda x: x.permute(0, 2, 1, 3).contiguous(),
    "llama_rope": lambda q, cos, sin: q * cos + rotate_half(q) * sin,
    # Transformer: MLP and linears.
    "llama_gated_mlp": lambda x, wg, wu: F.silu(linear(x, wg)) * linear(x, wu),
    "llama_gated_mlp_bf16": lambda x, wg, wu: (
        lambda x, wg, wu: F.silu(linear(x, wg)) * linear(x, wu))(*f32(x, wg, wu)),
    "llama_decode_linear": linear,
    "llama_decode_linear_bf16": lambda x, w: linear(*f32(x, w)),
    "llama_decode_lm_head": linear,
    "llama_decode_lm_head_bf16": lambda x, w: linear(*f32(x, w)),
    "llama3_decode_qkv": linear,
    "llama3_decode_qkv_bf16": lambda x, w: linear(*f32(x, w)),
    # Transformer: norms and elementwise.
    "llama_rmsnorm": rmsnorm,
    "bert_layernorm": lambda x, g, b: F.layer_norm(x, x.shape[-1:], g, b, eps=1e-12),
    "gpt2_bias_gelu_tanh": lambda x, b: F.gelu(x + b, approximate="tanh"),
    "bert_bias_gelu_erf": lambda x, b: F.gelu(x + b),
    "llama_residual_add": lambda h, r: h + r,
    # Transformer: vocabulary.
    "llama_vocab_softmax": lambda x: torch.softmax(x, dim=-1),
    "llama3_vocab_softmax": lambda x: torch.softmax(x, dim=-1),
    "llama3_vocab_argmax": lambda x: torch.argmax(x, dim=-1),
    "llama_cross_entropy": lambda x, t: F.cross_entropy(x, t.long()),
    # CNN.
    "resnet50_conv1x1_nchw": lambda x, w, b: conv_bias_relu(x, w, b, 0),
    "resnet50_conv1x1_nchw_bf16": lambda x, w, b: conv_bias_relu(*f32(x, w, b), 0),
    "resnet50_conv3x3_nchw": lambda x, w, b: conv_bias_relu(x, w, b, 1),
    "resnet50_conv3x3_nchw_bf16": lambda x, w, b: conv_bias_relu(*f32(x, w, b), 1),
    "resnet50_conv1x1_nhwc": lambda x, w, b: conv_nhwc_bias_relu(x, w, b, 0),
    "resnet50_conv1x1_nhwc_bf16": lambda x, w, b: conv_nhwc_bias_relu(*f32(x, w, b), 0),
    "resnet50_conv3x3_nhwc": lambda x, w, b: conv_nhwc_bias_relu(x, w, b, 1),
    "resnet50_conv3x3_nhwc_bf16": lambda x, w, b: conv_nhwc_bias_relu(*f32(x, w, b), 1),
    "mobilenetv2_dwconv_nhwc": lambda x, w, b: F.relu6(F.conv2d(
        x.permute(0, 3, 1, 2), w.permute(2, 0, 1).unsqueeze(1), b, padding=1,
        groups=x.shape[-1])).permute(0, 2, 3, 1),
    "mobilenetv2_dwconv_nchw_s2": lambda x, w, b: F.relu6(F.conv2d(
        x, w.unsqueeze(1), b, stride=2, padding=1, groups=x.shape[1])),
    "resnet50_maxpool_nhwc": lambda x: F.max_pool2d(
        x.permute(0, 3, 1, 2), 3, stride=2, padding=1).permute(0, 2, 3, 1),
    "resnet50_global_avgpool": lambda x: F.adaptive_avg_pool2d(
        x.permute(0, 3, 1, 2), 1).flatten(1),
    # Reductions along each axis.
    "reduce_row_sum": lambda x: x.sum(dim=-1),
    "bert_mean_pool": lambda x: x.mean(dim=1),
    "reduce_col_sum": lambda g: g.sum(dim=0),
    "reduce_full_sumsq": lambda g: (g * g).sum(),
}

# About a third of the kernels, each with a sibling of the same kind in the
# tuned set (README.md says which).
HELD_OUT = [
    "llama_attn_output",
    "llama_attn_scores_bf16",
    "llama_gated_mlp_bf16",
    "llama_rope",
    "bert_layernorm",
    "bert_bias_gelu_erf",
    "llama3_vocab_softmax",
    "llama3_decode_qkv",
    "llama_decode_lm_head_bf16",
    "resnet50_conv3x3_nhwc",
    "mobilenetv2_dwconv_nchw_s2",
    "resnet50_global_avgpool",
    "bert_mean_pool",
]


def function(stem):
    """The PyTorch function of the kernel NAME.mlir (or NAME_small.mlir)."""
    if stem.endswith("_small"):
        stem = stem[:-len("_small")]
    return MODELS[stem]
