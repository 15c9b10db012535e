// 64 KiB of seeded random bytes, starting with NUL and 0xFF, given as the
// input file. The lexer must stop at the first bad character with a
// diagnostic (file:line:col, exit 1), never read past the buffer or hang.
//
// RUN: %python -c "import random, sys; r = random.Random(1234); sys.stdout.buffer.write(bytes([0, 255, 0, 255]) + bytes(r.randrange(256) for _ in range(65536)) + bytes([0, 255]))" > %t
// RUN: not foundry-opt %t --foundry-outline-kernels 2>&1 | FileCheck %s
// Garbage behind a valid prefix: the error is past the first line.
// RUN: %python -c "import random, sys; r = random.Random(99); sys.stdout.buffer.write(b'// header\nfunc.func @f(%%x: tensor<4xf32>) -> tensor<4xf32> {\n' + bytes(r.randrange(256) for _ in range(4096)))" > %t.2
// RUN: not foundry-opt %t.2 --foundry-outline-kernels 2>&1 | FileCheck %s --check-prefix=PREFIXED

// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}binary-garbage.mlir.tmp:{{[0-9]+}}:{{[0-9]+}}: error:
// PREFIXED: {{.*}}bad-input{{/|\\}}Output{{/|\\}}binary-garbage.mlir.tmp.2:{{[2-9]|[1-9][0-9]+}}:{{[0-9]+}}: error:
