// A ~20 MB function (350 K ops) that returns nothing, generated into %t: the
// outliner rejects it *at the function* (line 1). The diagnostic must stay a
// diagnostic: the error line plus short notes, not a dump of the whole
// function. (With the default -mlir-print-op-on-diagnostic, an error emitted
// on the func.func op attaches a "see current operation" note that prints all
// 350 K ops in generic form, ~45 MB of stderr; at 100 MB of input it is
// 229 MB and ~35 s.)
//
// RUN: %python %S/Inputs/gen_large.py noreturn %t 20
// RUN: not foundry-opt %t --foundry-outline-kernels -o %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: %python -c "import os, sys; n = os.path.getsize(r'%t.err'); print('diagnostic bytes:', n); sys.exit(n > 65536)"
// RUN: rm -f %t %t.err %t.out

// CHECK: {{.*}}bad-input{{/|\\}}Output{{/|\\}}huge-function-error.mlir.tmp:1:1: error: 'func.func' op @f returns nothing; a kernel must return at least one tensor
