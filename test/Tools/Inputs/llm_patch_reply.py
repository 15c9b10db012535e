#!/usr/bin/env python3
"""Writes a chat-completions reply whose proposals rewrite slow_copy.mlir.

llm_patch_reply.py OUT.json

One proposal per rule of IR patches (lib/Evolve/Genome.cpp): a faithful
rewrite (the copy, 1024 times less work), one that computes something else,
one that divides by zero (a crash, in the search's child process), one that
matches only on inputs in [0, 1) (relu), one only on inputs up to 6 (zero
above, which normal inputs almost never reach), and ones that change the signature,
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
    ("cut short", "foundry.kernel @slow_copy(%x: tensor<64x64xf32>"),
    ("deep", "foundry.kernel @k() " + "(" * 100),
    ("not a kernel", "func.func @f() {\n  return\n}"),
]
items = []
for rationale, patch in proposals:
    item = {"schedule": SCHEDULE, "rationale": rationale}
    if patch is not None:
        item["kernel"] = patch
    items.append(item)
items.append({"schedule": "foundry-vectorize\nfoundry-unroll",
              "rationale": "a newline"})
content = "```json\n" + json.dumps({"proposals": items}) + "\n```"
reply = {"id": "mock", "object": "chat.completion",
         "choices": [{"index": 0, "finish_reason": "stop",
                      "message": {"role": "assistant", "content": content}}]}
with open(sys.argv[1], "w") as f:
    json.dump(reply, f)
