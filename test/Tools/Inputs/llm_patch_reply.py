#!/usr/bin/env python3
"""Writes a chat-completions reply whose proposals rewrite slow_copy.mlir.

llm_patch_reply.py OUT.json [OUT2.json]

(With OUT2.json, the proposals after the 16th, which an expert's reply may
not exceed, go into a second reply there.)

One proposal per rule of IR patches (lib/Evolve/Genome.cpp): a faithful
rewrite (the copy, 1024 times less work), one that computes something else,
one that divides by zero (a crash, in the search's child process), one that
matches only on inputs in [0, 1) (relu), one only on inputs up to 6 (zero
above, which normal inputs almost never reach), one wrong on exact zeros
only, one in bf16, one that writes half the rows, one with NaN for small
values, one that writes nothing (returns an uninitialized tensor), and ones that change the signature,
loosen the tolerance, use an op outside arith/math/linalg/tensor, do not
parse, nest too deep, or are not a kernel;
and a schedule with a newline in it.
"""
import json
import sys

SCHEDULE = "foundry-tile-blocks{sizes=8,64},foundry-tile-threads{sizes=1,4}"


def kernel(body, shape="64x64", attributes=""):
    return f"""#id = affine_map<(i, j) -> (i, j)>
foundry.kernel @slow_copy(%x: tensor<{shape}xf32>) -> tensor<{shape}xf32>{attributes} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{shape}xf32>
{body}
  foundry.yield %y : tensor<{shape}xf32>
}}"""


def generic(value, shape="64x64"):
    return f"""  %y = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%x : tensor<{shape}xf32>) outs(%e : tensor<{shape}xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %v = {value}
    linalg.yield %v : f32
  }} -> tensor<{shape}xf32>"""


copy = generic("arith.addf %in, %zero : f32")
proposals = [
    ("x + 0: the sum of 1024 copies of x/1024 is x", kernel(copy)),
    ("the same schedule, kernel unchanged", None),
    ("zeros are close enough", kernel(generic("arith.mulf %in, %zero : f32"))),
    ("a narrower output",
     kernel(generic("arith.addf %in, %zero : f32", "64x32"), "64x32")),
    ("a looser tolerance",
     kernel(copy, attributes=" attributes {tolerance = "
            "#foundry.tolerance<atol = 1.0, rtol = 1.0>}")),
    ("wrapped in a region",
     kernel("  %y = scf.execute_region -> tensor<64x64xf32> {\n"
            + copy.replace("%y =", "%c =") +
            "\n    scf.yield %c : tensor<64x64xf32>\n  }")),
    ("x / trunc(x), a crash", kernel(generic(
        "arith.fptosi %in : f32 to i32\n"
        "    %one = arith.constant 1000 : i32\n"
        "    %q = arith.divsi %one, %v : i32\n"
        "    %r = arith.sitofp %q : i32 to f32").replace(
            "linalg.yield %v", "linalg.yield %r"))),
    ("relu(x) is x on [0, 1)", kernel(generic("arith.maximumf %in, %zero : f32"))),
    ("x, but 0 above 6", kernel(generic(
        "arith.constant 6.0 : f32\n"
        "    %big = arith.cmpf ogt, %in, %v : f32\n"
        "    %w = arith.select %big, %zero, %in : f32").replace(
            "linalg.yield %v", "linalg.yield %w"))),
    ("0 for exact zeros is x too, and faster", kernel(generic(
        "arith.constant 1.0 : f32\n"
        "    %isz = arith.cmpf oeq, %in, %zero : f32\n"
        "    %w = arith.select %isz, %v, %in : f32").replace(
            "linalg.yield %v", "linalg.yield %w"))),
    ("bf16 is precise enough", kernel(generic(
        "arith.truncf %in : f32 to bf16\n"
        "    %w = arith.extf %v : bf16 to f32").replace(
            "linalg.yield %v", "linalg.yield %w"))),
    ("half the rows are enough", kernel(
        "  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>\n"
        "  %top = tensor.extract_slice %x[0, 0] [32, 64] [1, 1] : tensor<64x64xf32> to tensor<32x64xf32>\n"
        "  %y = tensor.insert_slice %top into %z[0, 0] [32, 64] [1, 1] : tensor<32x64xf32> into tensor<64x64xf32>"),
     ""),
    ("NaN for the smallest values nobody reads", kernel(generic(
        "arith.constant 0.01 : f32\n"
        "    %small = arith.cmpf olt, %in, %v : f32\n"
        "    %nan = arith.constant 0x7FC00000 : f32\n"
        "    %w = arith.select %small, %nan, %in : f32").replace(
            "linalg.yield %v", "linalg.yield %w"))),
    ("the output buffer already holds it",
     kernel("  %y = tensor.empty() : tensor<64x64xf32>"), ""),
    ("cut short", "foundry.kernel @slow_copy(%x: tensor<64x64xf32>"),
    ("deep", "foundry.kernel @k() " + "(" * 100),
    ("not a kernel", "func.func @f() {\n  return\n}"),
]
items = []
# (rationale, patch[, schedule]): the schedule is SCHEDULE unless given
# ("": the naive schedule, for patches whose root no block tiling takes).
for rationale, patch, *schedule in proposals:
    item = {"schedule": schedule[0] if schedule else SCHEDULE,
            "rationale": rationale}
    if patch is not None:
        item["kernel"] = patch
    items.append(item)
items.append({"schedule": "foundry-vectorize\nfoundry-unroll",
              "rationale": "a newline"})
def write(path, items):
    content = "```json\n" + json.dumps({"proposals": items}) + "\n```"
    reply = {"id": "mock", "object": "chat.completion",
             "choices": [{"index": 0, "finish_reason": "stop",
                          "message": {"role": "assistant",
                                      "content": content}}]}
    with open(path, "w") as f:
        json.dump(reply, f)


if len(sys.argv) > 2:
    write(sys.argv[1], items[:16])
    write(sys.argv[2], items[16:])
else:
    write(sys.argv[1], items)
