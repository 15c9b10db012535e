// Non-UTF-8 bytes (0xE9 0xFF) inside string literals. The input is generated
// into %t so that this source file stays plain ASCII.
//
// 1. In an ordinary string attribute MLIR strings are byte arrays: the file is
//    accepted (exit 0) and the bytes are printed back as hex escapes.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f(%%x: tensor<4xf32>) -> tensor<4xf32> attributes {foundry.note = \"caf\xe9\xff\"} {\n  return %%x : tensor<4xf32>\n}\n')" > %t.attr
// RUN: foundry-opt %t.attr | FileCheck %s --check-prefix=ATTR
// ATTR: func.func @f({{.*}}) -> tensor<4xf32> attributes {foundry.note = "caf\E9\FF"}
//
// 2. The same bytes outside a string literal are rejected by the lexer.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f(%%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %%x : tensor<4xf32> \xe9\xff\n}\n')" > %t.raw
// RUN: not foundry-opt %t.raw --foundry-outline-kernels 2>&1 | FileCheck %s --check-prefix=RAW
// RAW: {{.*}}bad-input{{/|\\}}Output{{/|\\}}non-utf8-string.mlir.tmp.raw:2:29: error: unexpected character
//
// 3. As the kernel's symbol name: the name cannot become a PTX entry name,
//    so outlining rejects it with a located diagnostic (rather than letting
//    --foundry-to-nvvm abort inside the NVPTX printer).
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @\"caf\xe9\xff\"(%%x: tensor<1024xf32>, %%y: tensor<1024xf32>) -> tensor<1024xf32> {\n  %%e = tensor.empty() : tensor<1024xf32>\n  %%r = linalg.add ins(%%x, %%y : tensor<1024xf32>, tensor<1024xf32>) outs(%%e : tensor<1024xf32>) -> tensor<1024xf32>\n  return %%r : tensor<1024xf32>\n}\n')" > %t.sym
// RUN: not foundry-opt %t.sym --foundry-outline-kernels 2>&1 | FileCheck %s --check-prefix=SYM
// SYM: non-utf8-string.mlir.tmp.sym:1:1: error: 'func.func' op @{{.*}}: name '{{.*}}' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*); it must name a GPU entry point in PTX
// RUN: not foundry-opt %t.sym --foundry-outline-kernels --foundry-to-nvvm 2>&1 | FileCheck %s --check-prefix=NVVM
// NVVM-NOT: LLVM ERROR
// NVVM: {{.*}}bad-input{{/|\\}}Output{{/|\\}}non-utf8-string.mlir.tmp.sym:{{[0-9]+}}:{{[0-9]+}}: error:
